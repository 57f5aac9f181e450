"""`simulate run --until-ci WIDTH`: play in rounds until every headline interval is narrow enough.

Headline intervals: each seat's win rate per variant and player count (95 %, the report's rate
interval: Wilson, exact below 10 wins or losses; in a co-op game one per game, the team's), and
each variant's paired win-rate difference from the baseline per seat (the report's Agresti-Min
interval of the paired games, simulate.statistics.paired_rates). With ``[players] rotate = true``
a seed with its rotations is one unit (they share the dice): a seat's value per seed is its share
of the rotations won, and the intervals are t intervals over seeds (paired t for differences).

A rate's interval counts as narrow only once it has seen at least ``MIN_EVENTS`` wins and as many
losses: an interval's width follows the running estimate, so for a rare rate "narrow"
came early exactly when a lucky run of zeros had held the estimate down, and the stopped runs
underestimated the rate (-21 % +- 1.3 relative at a rate of 0.35 % and width 0.01, 2,000
replicates of this rule; with the event floor +6 % +- 0.7, the upward bias of stopping on a count;
tests/adaptive/test_until_ci.py, bench/error_budget.py). After each round the next size is
projected from the widest interval (width shrinks as 1 / sqrt(games)) or from the events still
missing, on a chunk edge, at most four times the last and never past ``games`` (the cap). The
tables equal those of a fixed run of the final size; the manifest's ``stopping`` says why it
stopped.
"""
from __future__ import annotations

import math
from pathlib import Path

import polars as pl

from simulate.adaptive.metrics import estimate
from simulate.adaptive.rounds import on_chunk_edge, record_stopping
from simulate.config import BASELINE, RunConfig
from simulate.results import read_tables
from simulate.runner import Manifest, run
from simulate.statistics import (SMALL_COUNT, mean_interval, paired_means, paired_rates,
                                 unpaired_means, unpaired_rates)

CONFIDENCE = 0.95
MIN_EVENTS = SMALL_COUNT       # wins and losses a rate needs before its interval counts


def run_until_ci(cfg: RunConfig, width: float, backend: str = "loky",
                 scheduler: str | None = None, progress=None,
                 fresh: bool = False, say=None) -> tuple[Manifest, dict]:
    played: list[Manifest] = []

    def look(games: int) -> dict[str, tuple[float, int]]:
        played.append(run(cfg, backend, scheduler, progress, fresh=fresh and not played,
                          upto=games, say=say))
        return intervals(cfg.out, games, cfg.spec.cooperative, cfg.rotate,
                         frozenset(v.name for v in cfg.variants if v.seed is not None))

    games, rounds, found = rounds_until(look, width, cfg.chunk, cfg.games)
    what, widest = widest_interval(found)
    fewest = fewest_events(found)
    reason = (f"every headline interval is at most {width:g} wide" if settled(found, width) else
              f"reached the cap of {cfg.games:,} games with an interval {widest:.4f} wide"
              + (f" and a rate with only {fewest} wins or losses (at least {MIN_EVENTS} before "
                 "an interval counts)" if fewest < MIN_EVENTS else ""))
    stopping = {"rule": "until_ci", "width": width, "games": games, "rounds": rounds,
                "reason": reason, "widest": {"interval": what, "width": widest},
                "min_events": MIN_EVENTS, "unit": "seed" if cfg.rotate else "game"}
    record_stopping(cfg.out, stopping)
    manifest = played[-1]
    manifest.data["stopping"] = stopping
    return manifest, stopping


def rounds_until(look, width: float, chunk: int, cap: int) -> tuple[int, list[int], dict]:
    """The stopping rule: ``look(games)`` plays up to ``games`` and returns the intervals; stop
    when they are settled or at the cap. Returns (games, the rounds' sizes, the last intervals)."""
    games, rounds = on_chunk_edge(chunk, chunk, cap), []
    while True:
        found = look(games)
        rounds.append(games)
        if settled(found, width) or games >= cap:
            return games, rounds, found
        games = next_size(games, widest_interval(found)[1], width, fewest_events(found), chunk,
                          cap)


def next_size(games: int, widest: float, width: float, fewest: int, chunk: int,
              cap: int) -> int:
    """The next round's size: enough for the widest interval (width ~ 1 / sqrt(games)) and, while
    a rate has fewer than MIN_EVENTS wins or losses, for twice that many (aiming just at the
    floor would stop on a count, whose k / n runs high: +9 % at 0.35 %, against +6 %), on a chunk
    edge, at most four times ``games``."""
    need = (widest / width) ** 2
    if fewest < MIN_EVENTS:
        need = max(need, 2 * MIN_EVENTS / max(fewest, 0.5))
    wanted = games * need * 1.05
    return on_chunk_edge(min(max(wanted, games + 1), 4 * games), chunk, cap)


def settled(found: dict[str, tuple[float, int]], width: float) -> bool:
    """Every interval at most ``width`` wide and every rate with MIN_EVENTS wins and losses."""
    return all(not w > width for w, _ in found.values()) and fewest_events(found) >= MIN_EVENTS


def fewest_events(found: dict[str, tuple[float, int]]) -> int:
    return min((events for _, events in found.values()), default=MIN_EVENTS)


def headline_intervals(out: str | Path, games: int, cooperative: bool,
                       rotate: bool = False) -> dict[str, float]:
    """Width of every headline interval over the first ``games`` games, by name."""
    return {k: w for k, (w, _) in intervals(out, games, cooperative, rotate).items()}


def intervals(out: str | Path, games: int, cooperative: bool, rotate: bool = False,
              unpaired: frozenset = frozenset()) -> dict[str, tuple[float, int]]:
    """{name: (width, fewer of its wins and losses)} of every headline interval (differences
    count MIN_EVENTS: the floor is for one rate's estimate). A variant on a seed of its own
    (``unpaired``) shares no game with the baseline: its difference is unpaired."""
    seats = (read_tables(out)[1].filter(pl.col("game") < games)
             .select("variant", "players", "game", "seat", "won"))
    if cooperative:
        seats = seats.filter(pl.col("seat") == 0)
    seats = seats.with_columns(plays=pl.lit(1), wins=pl.col("won").cast(pl.Int64))
    if rotate:       # one unit per seed: a seat's share of the rotations won
        seats = seats.group_by("variant", "players", "game", "seat").agg(
            pl.col("won").cast(pl.Float64).mean(), pl.col("plays", "wins").sum())
    seats = seats.collect()
    found = {}
    for (variant, players, seat), part in seats.group_by("variant", "players", "seat"):
        won = part["won"].cast(pl.Float64).to_numpy()
        est = estimate(won, CONFIDENCE, binary=not rotate)
        wins = int(part["wins"].sum())                           # rotations won, counted
        events = min(wins, int(part["plays"].sum()) - wins)
        found[f"{variant}, {players}p, seat {seat}: win rate"] = (est.width, events)
    base = seats.filter(pl.col("variant") == BASELINE)
    others = seats.filter((pl.col("variant") != BASELINE)
                          & ~pl.col("variant").is_in(list(unpaired)))
    pairs = others.join(base, on=["players", "game", "seat"], suffix="_base")
    name = "{} - baseline, {}p, seat {}: win rate"
    found.update(_unpaired(seats, base, unpaired, rotate, name))
    if rotate:
        pairs = pairs.with_columns(d=pl.col("won") - pl.col("won_base"))
        for (variant, players, seat), part in pairs.group_by("variant", "players", "seat"):
            d, a, b = (part[c].to_numpy() for c in ("d", "won_base", "won"))
            diff = paired_means(len(d), float(d.sum()), float((d ** 2).sum()),
                                _sd(a), _sd(b), CONFIDENCE)
            low, high = mean_interval(len(d), 0.0, 0.0, CONFIDENCE, (-1.0, 1.0)) \
                if diff.identical else (diff.low, diff.high)    # never settled by zero width
            found[name.format(variant, players, seat)] = (high - low, MIN_EVENTS)
        return found
    counts = pairs.group_by("variant", "players", "seat").agg(
        pl.len().alias("n"), (pl.col("won_base") & ~pl.col("won")).sum().alias("base_only"),
        (pl.col("won") & ~pl.col("won_base")).sum().alias("variant_only"),
        pl.col("won_base").sum().alias("base_wins"))
    for variant, players, seat, n, base_only, variant_only, base_wins in counts.iter_rows():
        diff = paired_rates(n, base_only, variant_only, base_wins, CONFIDENCE)
        found[name.format(variant, players, seat)] = (diff.high - diff.low, MIN_EVENTS)
    return found


def _unpaired(seats: pl.DataFrame, base: pl.DataFrame, unpaired: frozenset, rotate: bool,
              name: str) -> dict[str, tuple[float, int]]:
    """Widths of the differences of variants with their own seed: Newcombe's interval for
    rates of games, Welch's t over seeds when seats are rotated (as the report does)."""
    found = {}
    for (variant, players, seat), part in seats.filter(
            pl.col("variant").is_in(list(unpaired))).group_by("variant", "players", "seat"):
        mine = base.filter((pl.col("players") == players) & (pl.col("seat") == seat))
        a = mine["won"].cast(pl.Float64).to_numpy()
        b = part["won"].cast(pl.Float64).to_numpy()
        if rotate:
            diff = unpaired_means(len(a), float(a.mean()), _sd(a), len(b), float(b.mean()),
                                  _sd(b))
        else:
            diff = unpaired_rates(int(a.sum()), len(a), int(b.sum()), len(b))
        wide = diff.high - diff.low
        found[name.format(variant, players, seat)] = (wide if wide > 0 else math.inf,
                                                      MIN_EVENTS)    # never settled by 0 width
    return found


def _sd(x) -> float:
    return float(x.std(ddof=1)) if len(x) > 1 else math.nan


def widest_interval(found: dict[str, tuple[float, int]]) -> tuple[str, float]:
    what = max(sorted(found), key=lambda k: (found[k][0] if not math.isnan(found[k][0]) else 0))
    return what, found[what][0]
