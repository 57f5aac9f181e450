"""The run's tables as lazy polars queries, and the aggregates the report is built from.

Nothing here holds a run's rows: every query ends in an aggregate (counts, sums, sums of squares,
value counts) collected with polars' streaming engine, so the report's memory does not grow with
the number of games. Sections get a ``RunTables`` and ask it for one player count at a
time (the unit of analysis: never pool player counts).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Sequence

import polars as pl

from reports.blocks import Mean, Rate, Share
from simulate.statistics import UNBOUNDED

COUNT = (0.0, float("inf"))        # bounds of a count's mean (points, turns, stones): never below 0

BASELINE = "baseline"


def collect(query: pl.LazyFrame) -> pl.DataFrame:
    return query.collect(engine="streaming")


@dataclass
class RunTables:
    games: pl.LazyFrame            # one row per game
    seats: pl.LazyFrame            # one row per seat per game
    spec: Any                      # the game's GameSpec
    manifest: dict
    variants: list[str]            # config order, the baseline first
    player_counts: list[int]
    unpaired: frozenset[str]       # variants played on their own seed: compared unpaired
    rotate: bool = False           # each seed played in every rotation of the seats
    folder: Path | None = None     # the results folder (a command's own results file beside it)
    # A `simulate cards` study: variant -> "deck:Entry" removed. Not in ``variants``: only the
    # section "What each card is worth" compares them (one test per card and player count).
    cards: dict = field(default_factory=dict)
    cards_skipped: list = field(default_factory=list)   # [card, why] a game could not remove
    granted: dict = field(default_factory=dict)         # variant -> ("deck:Entry", seat granted)
    granted_paid: bool = False                           # each granted at its price (pay = true)
    card_pairs: dict | None = None      # `simulate cards --pairs`: card_pairs.PairsPlan.record()
    restricted: dict = field(default_factory=dict)      # variant -> ("deck:Entry", seat never taking it)

    @property
    def cooperative(self) -> bool:
        return bool(self.spec.cooperative)

    @property
    def keys(self) -> list[str]:
        """What identifies one game across variants (the pairing key)."""
        return ["game", "rotation"] if self.rotate else ["game"]

    @property
    def compared(self) -> list[str]:
        """The variants compared with a reference: all but the baseline and its re-trained twin
        (which is the re-trained variants' reference, not a rule change)."""
        return [v for v in self.variants if v != BASELINE and self.retrained.get(v) != BASELINE]

    @property
    def retrained(self) -> dict[str, str]:
        """A re-trained twin's name -> the variant it re-plays (simulate/adaptive/retrain.py)."""
        return {v["name"]: v["retrained_of"] for v in self.manifest["identity"]["variants"]
                if v.get("retrained_of") and v["name"] in self.variants}

    def reference(self, variant: str) -> str:
        """What a variant is compared with: the baseline, or for a re-trained twin the
        baseline's twin (re-trained against re-trained)."""
        if variant in self.retrained:
            return next((t for t, of in self.retrained.items() if of == BASELINE), BASELINE)
        return BASELINE

    def games_at(self, players: int, variant: str | None = None) -> pl.LazyFrame:
        return _where(self.games, players, variant)

    def seats_at(self, players: int, variant: str | None = None) -> pl.LazyFrame:
        return _where(self.seats, players, variant)

    def results_at(self, players: int, variant: str | None = None) -> pl.LazyFrame:
        """Seat results as units of analysis: co-op seats share one result, so one row per game
        (seat 0); otherwise every seat."""
        seats = self.seats_at(players, variant)
        return seats.filter(pl.col("seat") == 0) if self.cooperative else seats

    def count(self, players: int, variant: str | None = None) -> int:
        return int(collect(self.games_at(players, variant).select(pl.len())).item())

    def seeds(self, players: int, variant: str | None = None) -> int:
        """Game seeds played (with ``rotate`` a seed's rotations are one)."""
        games = self.games_at(players, variant)
        return int(collect(games.select(pl.col("game").n_unique())).item()) if self.rotate \
            else self.count(players, variant)

    def unit_rates(self, query: pl.LazyFrame, column: str, by: Sequence[str] = ()) -> list:
        """``rates`` with the game seed as the unit: under ``rotate`` a seed's rotations share
        the dice, so they count once (seed_rates)."""
        return seed_rates(query, column, by) if self.rotate else rates(query, column, by)

    def unit_means(self, query: pl.LazyFrame, columns: Sequence[str], by: Sequence[str] = (),
                   bounds: tuple[float, float] = UNBOUNDED) -> list:
        """``means`` with the game seed as the unit (under ``rotate``: each seed's mean over
        its rotations is one value)."""
        if self.rotate:
            query = per_seed(query, columns, by)
        return means(query, columns, by, bounds)

    def rules(self, variant: str) -> dict:
        for v in self.manifest["identity"]["variants"]:
            if v["name"] == variant:
                return v["rules"]
        return {}

    def solo_win(self, variant: str = BASELINE) -> str:
        """How a solo game counts as a win, from the rules (e.g. solo_win_score = 25)."""
        found = [f"{k} = {v}" for k, v in self.rules(variant).items() if k.startswith("solo_win")]
        return ", ".join(found)


def from_frames(games: pl.DataFrame, seats: pl.DataFrame, spec: Any,
                variants: dict[str, dict] | None = None, rotate: bool = False) -> RunTables:
    """A RunTables over in-memory tables (tests, notebooks): variants in order of appearance,
    ``variants`` may give each one's {"rules": ..., "seed": ...} as a manifest would."""
    names = games["variant"].unique(maintain_order=True).to_list() if games.height else []
    names = sorted(names, key=lambda v: v != BASELINE)
    described = [{"name": n, "rules": {}, **(variants or {}).get(n, {})} for n in names]
    counts = sorted(games["players"].unique().to_list()) if games.height else []
    manifest = {"game": spec.name, "identity": {
        "variants": described, "seed": 0, "games": games.height, "player_counts": counts,
        "strategies": [], "heroes": [], **({"rotate": True} if rotate else {})}}
    unpaired = frozenset(v["name"] for v in described if v.get("seed") is not None)
    return RunTables(games.lazy(), seats.lazy(), in_force(spec, manifest["identity"]), manifest,
                     names, counts, unpaired, rotate)


def baseline_or_first(run: RunTables) -> str:
    """The variant a run's own headlines read: the baseline, or the first variant a study
    played without it."""
    return BASELINE if BASELINE in run.variants or not run.variants else run.variants[0]


def in_force(spec: Any, identity: dict) -> Any:
    """The game's spec with only the placeholders this run's rules use (a spec without the
    hook, e.g. a test's stand-in, as it is)."""
    if not hasattr(spec, "placeholders_in_force"):
        return spec
    return replace(spec, placeholders=spec.placeholders_in_force(
        [v.get("rules", {}) for v in identity["variants"]]))


def _where(table: pl.LazyFrame, players: int, variant: str | None) -> pl.LazyFrame:
    table = table.filter(pl.col("players") == players)
    return table if variant is None else table.filter(pl.col("variant") == variant)


def open_run(out: Path) -> RunTables:
    from simulate.games import get_game
    from simulate.results_folder import read_marker
    from simulate.results import read_tables
    manifest = read_marker(out)
    identity = manifest["identity"]
    games, seats = read_tables(out)     # the chunk files the manifest records
    names = [v["name"] for v in identity["variants"]]
    present = set(collect(games.select(pl.col("variant").unique()))["variant"].to_list())
    counts = sorted(collect(games.select(pl.col("players").unique()))["players"].to_list())
    unpaired = frozenset(v["name"] for v in identity["variants"] if v.get("seed") is not None)
    played = [n for n in names if n in present]
    study = _card_study(Path(out), manifest)
    cards = {v: c for v, c in study.get("cards", {}).items() if v in played}
    granted = {v: (g[0], g[1]) for v, g in study.get("granted", {}).items() if v in played}
    restricted = {v: (g[0], g[1]) for v, g in study.get("restricted", {}).items() if v in played}
    return RunTables(games, seats, in_force(get_game(manifest["game"]), identity), manifest,
                     [n for n in played if n not in cards and n not in granted
                      and n not in restricted], counts,
                     unpaired, bool(identity.get("rotate", False)), Path(out), cards,
                     study.get("skipped", []), granted, study.get("pay") is True,
                     study.get("pairs"), restricted)


def _card_study(out: Path, manifest: dict) -> dict:
    """The folder's cards.json, written by `simulate cards` ({} for any other run); one line
    naming the file and the field when it is missing or no longer what the study wrote."""
    from simulate.adaptive.study_files import read_study
    from simulate.results_folder import ADAPTIVE
    if "cards" not in manifest["config"]:
        return {}
    return read_study(out / ADAPTIVE["cards"])


def _num(column: str) -> pl.Expr:
    return pl.col(column).cast(pl.Float64)


def moments(query: pl.LazyFrame, columns: Sequence[str], by: Sequence[str] = ()) -> pl.DataFrame:
    """Per group: for each column c, c__n (non-null count), c__sum and c__sq (sum of squares)."""
    aggs = []
    for c in columns:
        aggs += [_num(c).count().alias(f"{c}__n"), _num(c).sum().alias(f"{c}__sum"),
                 (_num(c) ** 2).sum().alias(f"{c}__sq")]
    aggs.append(pl.len().alias("__rows"))
    if by:
        return collect(query.group_by(list(by)).agg(aggs)).sort(list(by))
    return collect(query.select(aggs))


def means(query: pl.LazyFrame, columns: Sequence[str], by: Sequence[str] = (),
          bounds: tuple[float, float] = UNBOUNDED) -> list[tuple[tuple, dict[str, Mean]]]:
    """(group key, {column: Mean}) per group, from sums only; ``bounds``: what the columns can
    take (e.g. (0, inf) for counts), so no interval reaches past them."""
    table = moments(query, columns, by)
    return [(tuple(row[b] for b in by),
             {c: Mean.from_sums(row[f"{c}__n"], row[f"{c}__sum"] or 0.0, row[f"{c}__sq"] or 0.0,
                                bounds)
              for c in columns})
            for row in table.iter_rows(named=True)]


def rates(query: pl.LazyFrame, column: str, by: Sequence[str] = ()) -> list[tuple[tuple, Rate]]:
    """(group key, Rate of a boolean column) per group; nulls count as False."""
    k = pl.col(column).fill_null(False).cast(pl.Int64).sum().alias("k")
    if by:
        table = collect(query.group_by(list(by)).agg(k, pl.len().alias("n"))).sort(list(by))
    else:
        table = collect(query.select(k, pl.len().alias("n")))
    return [(tuple(row[b] for b in by), Rate(int(row["k"] or 0), int(row["n"])))
            for row in table.iter_rows(named=True)]


def per_seed(query: pl.LazyFrame, columns: Sequence[str], by: Sequence[str] = ()
             ) -> pl.LazyFrame:
    """One row per game seed (and ``by``): each column's mean over the seed's rotations."""
    return query.group_by(["game", *by]).agg(_num(c).mean() for c in columns)


def seed_rates(query: pl.LazyFrame, column: str, by: Sequence[str] = ()) -> list:
    """(group key, rate) per group with a seed's rotations as one unit: each seed's share of
    rotations won is one value (Share, a t interval). When every seed's rotations agree (all
    won or all lost: rotations that replay one game), the shares are 0/1 and the rate is the
    exact Rate of seeds."""
    x = pl.col(column).fill_null(False).cast(pl.Float64)
    shares = query.group_by(["game", *by]).agg(x.mean().alias("x"))
    share = pl.col("x")
    aggs = [pl.len().alias("n"), share.sum().alias("s"), (share ** 2).sum().alias("q"),
            ((share == 0) | (share == 1)).all().alias("whole")]
    table = collect(shares.group_by(list(by)).agg(aggs)).sort(list(by)) if by else \
        collect(shares.select(aggs))
    found = []
    for row in table.iter_rows(named=True):
        n, s = int(row["n"]), float(row["s"] or 0)
        value = Rate(round(s), n) if row["whole"] or not n else \
            Share.from_sums(n, s, float(row["q"] or 0), (0.0, 1.0))
        found.append((tuple(row[b] for b in by), value))
    return found


def rate_of(query: pl.LazyFrame, column: str) -> Rate:
    return rates(query, column)[0][1]


def value_counts(query: pl.LazyFrame, column: str, by: Sequence[str] = ()) -> pl.DataFrame:
    """Counts of each value of ``column`` (a histogram without holding the values)."""
    keys = list(by) + [column]
    return collect(query.filter(pl.col(column).is_not_null()).group_by(keys).agg(
        pl.len().alias("count"))).sort(keys)


def paired_moments(a: pl.LazyFrame, b: pl.LazyFrame, keys: Sequence[str],
                   columns: Iterable[str], by: Sequence[str] = ()) -> dict:
    """Join two conditions on their pairing keys (same game seed) and sum, per column: n, the
    sums and squares of a, b and b - a, and the discordant pairs (a_only, b_only) of booleans.
    Returns {group key: {column: {stat: value}}} (the key is () without ``by``)."""
    columns = list(columns)
    on = list(dict.fromkeys(list(keys) + list(by)))
    joined = a.select(on + columns).join(b.select(on + columns), on=on, how="inner",
                                         suffix="__b")
    aggs = []
    for c in columns:
        x, y = _num(c), _num(f"{c}__b")
        both = x.is_not_null() & y.is_not_null()
        aggs += [both.sum().alias(f"{c}|n"), x.filter(both).sum().alias(f"{c}|sa"),
                 (x ** 2).filter(both).sum().alias(f"{c}|qa"),
                 y.filter(both).sum().alias(f"{c}|sb"), (y ** 2).filter(both).sum().alias(f"{c}|qb"),
                 (y - x).filter(both).sum().alias(f"{c}|sd"),
                 ((y - x) ** 2).filter(both).sum().alias(f"{c}|qd"),
                 ((x == 1) & (y == 0)).filter(both).sum().alias(f"{c}|a_only"),
                 ((x == 0) & (y == 1)).filter(both).sum().alias(f"{c}|b_only")]
    table = collect(joined.group_by(list(by)).agg(aggs) if by else joined.select(aggs))
    result: dict = {}
    for row in table.iter_rows(named=True):
        group = result.setdefault(tuple(row[k] for k in by), {c: {} for c in columns})
        for name, value in row.items():
            if "|" in name:
                column, stat = name.rsplit("|", 1)
                group[column][stat] = float(value or 0)
    return result
