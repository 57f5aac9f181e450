"""`simulate cards --pairs K` (or ``[cards] pairs = K``): do two cards work together?

After the card study has played, the K cards whose removal moved the headline measure most
(mean absolute paired effect over the player counts) are taken in pairs: each of the K(K-1)/2
pairs becomes one variant with both cards removed. The pairs play in their own run folder,
``<out>/pairs`` (a run of the tool's like any other, so it resumes and is cleared with the
study), next to the baseline and the K single removals again on the same seeds (the same games
the study played: a game's seed depends only on its index). Per seed, the pair's synergy is

    (without both - baseline) - (without A - baseline) - (without B - baseline)
    = without both - without A - without B + baseline,

zero when the two cards' effects add up; the report tests it per pair and player count in its
one Holm correction (reports/cards.py). Pairs are removals only: a grant holds one card.
"""
from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import Any

import polars as pl

from simulate.config import RunConfig, Variant
from simulate.games.base import ConfigError
from simulate.games.component_files import Changes
from simulate.results import read_tables
from simulate.results_folder import PAIRS

MAX_PAIRS = 8                 # cards: at most 28 pairs
PAIR_PREFIX = "without both "
SINGLE_PREFIX = "without "


def pairs_wanted(value: Any, interventions: tuple[str, ...], where: str) -> int:
    """K of ``pairs = K`` / ``--pairs K`` (0: no pairs), checked."""
    if value is None or value is False:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= MAX_PAIRS:
        raise ConfigError(f"{where} = {value!r} is invalid; allowed: a whole number of cards "
                          f"from 2 to {MAX_PAIRS} (their pairs are removed together)")
    if "removed" not in interventions:
        raise ConfigError(f"{where} needs the 'removed' intervention: pairs are removed together")
    return value


def headline_column(spec: Any) -> tuple[str, str]:
    """(table, column) of the measure a card study ranks cards by: Adventure Realms' winning
    VP; a co-operative game's team win; else the mean score over the seats."""
    if spec.name == "adventure_realms":
        return "games", "winner_vp"
    return ("seats", "won") if spec.cooperative else ("seats", "score")


def per_seed(out: str | Path, spec: Any, variants: list[str]) -> pl.DataFrame:
    """One row per (players, game seed) and one column per variant: the headline measure of
    that game (the seats' mean; a seed's rotations averaged), only seeds every variant played."""
    games, seats = read_tables(out)
    table, column = headline_column(spec)
    frame = (games if table == "games" else seats).filter(pl.col("variant").is_in(variants))
    values = (frame.group_by(["variant", "players", "game"])
              .agg(pl.col(column).cast(pl.Float64).mean().alias("value")).collect())
    wide = values.pivot(on="variant", index=["players", "game"], values="value")
    missing = [v for v in variants if v not in wide.columns]
    if missing:
        return pl.DataFrame()
    return wide.drop_nulls(variants).sort(["players", "game"])


def top_cards(out: str | Path, spec: Any, cards: dict[str, str], k: int) -> list[str]:
    """The ``k`` cards ("deck:Entry") whose removal moved the headline most: the mean over the
    player counts of |mean paired difference| (ties in the study's order)."""
    names = ["baseline", *cards]
    wide = per_seed(out, spec, names)
    if wide.is_empty():
        return []
    size = {}
    for variant, card in cards.items():
        effects = (wide.group_by("players")
                   .agg((pl.col(variant) - pl.col("baseline")).mean().alias("d"))["d"])
        size[card] = float(effects.abs().mean())
    ranked = sorted(cards.values(), key=lambda c: -size[c] if math.isfinite(size[c]) else 0.0)
    return ranked[:k]


@dataclasses.dataclass
class PairsPlan:
    cfg: RunConfig                         # baseline, the single removals, the pairs
    singles: dict[str, str]                # card -> its variant
    pairs: dict[str, tuple[str, str]]      # variant -> (card, card)

    def record(self) -> dict[str, Any]:
        """What cards.json keeps of it (the report reads the pairs' run with it)."""
        return {"folder": PAIRS, "singles": self.singles,
                "pairs": {v: list(p) for v, p in self.pairs.items()},
                "chosen": "the cards whose removal moved the headline measure most (mean "
                          "absolute paired effect over the player counts)"}


def plan_pairs(study: RunConfig, chosen: list[str]) -> PairsPlan:
    """The pairs' run: the study's baseline, each chosen card removed alone and each pair of
    them removed together, on the study's seeds, in ``<out>/pairs``."""
    baseline = study.variants[0]
    changes = Changes(study.game, study.components, baseline.components)
    variants, singles, pairs = [baseline], {}, {}

    def removed(cards: list[str], name: str) -> Variant:
        edits = changes.checked({"remove": cards}, f"[cards] pairs: {' and '.join(cards)}",
                                study.spec, baseline.rules, max(study.player_counts))
        return Variant(name, baseline.overrides, baseline.rules, components=edits)

    for i, card in enumerate(chosen):
        singles[card] = f"{SINGLE_PREFIX}{i + 1}"
        variants.append(removed([card], singles[card]))
    for i, a in enumerate(chosen):
        for j in range(i + 1, len(chosen)):
            name = f"{PAIR_PREFIX}{i + 1} and {j + 1}"
            pairs[name] = (a, chosen[j])
            variants.append(removed([a, chosen[j]], name))
    cfg = dataclasses.replace(study, variants=variants, out=str(Path(study.out) / PAIRS))
    return PairsPlan(cfg, singles, pairs)


def synergies(pairs_out: str | Path, spec: Any, record: dict[str, Any]) -> list[dict]:
    """Per pair and player count of the pairs' run: pair_sums() of its per-seed values."""
    singles, pairs = record["singles"], record["pairs"]
    wide = per_seed(pairs_out, spec, ["baseline", *singles.values(), *pairs])
    return [] if wide.is_empty() else pair_sums(wide, singles, pairs)


def pair_sums(wide: pl.DataFrame, singles: dict[str, str],
              pairs: dict[str, tuple[str, str] | list[str]]) -> list[dict]:
    """Per pair and player count: n seeds, the sum and the sum of squares of the per-seed
    synergy (module docstring), the joint effect's and each single effect's mean. ``wide``: one
    row per (players, game), one column per variant (per_seed)."""
    rows = []
    for variant, (a, b) in pairs.items():
        va, vb = singles[a], singles[b]
        frame = wide.with_columns(
            (pl.col(variant) - pl.col(va) - pl.col(vb) + pl.col("baseline")).alias("s"),
            (pl.col(variant) - pl.col("baseline")).alias("joint"),
            (pl.col(va) - pl.col("baseline")).alias("da"),
            (pl.col(vb) - pl.col("baseline")).alias("db"))
        sums = frame.group_by("players").agg(
            pl.len().alias("n"), pl.col("s").sum().alias("total"),
            (pl.col("s") ** 2).sum().alias("squares"), pl.col("joint").mean(),
            pl.col("da").mean(), pl.col("db").mean()).sort("players")
        rows += [{"pair": variant, "a": a, "b": b, **r} for r in sums.iter_rows(named=True)]
    return rows

def play_pairs(plan: Any, backend: str, scheduler: str | None, progress: Any = None,
               fresh: bool = False) -> PairsPlan | None:
    """Choose the top ``plan.pairs`` cards from the finished study and play their pairs in
    ``<out>/pairs`` (resuming; re-planned when the study's cards chose others); the plan's
    record is set (and None returned) when fewer than two cards could be removed."""
    from simulate.folder_io import kind
    from simulate.results_folder import MANIFEST, read_marker
    from simulate.runner import run

    chosen = top_cards(plan.cfg.out, plan.cfg.spec, plan.cards, plan.pairs)
    if len(chosen) < 2:
        plan.pairs_record = None
        return None
    pairs = plan_pairs(plan.cfg, chosen)
    folder = Path(pairs.cfg.out)
    stale = kind(folder / MANIFEST) == "file" and \
        read_marker(folder).get("identity_hash") != pairs.cfg.identity_hash()
    run(pairs.cfg, backend, scheduler, progress=progress, fresh=fresh or stale)
    plan.pairs_record = pairs.record()
    return pairs
