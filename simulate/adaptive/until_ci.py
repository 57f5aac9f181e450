"""`simulate run --until-ci WIDTH`: play in rounds until every headline interval is narrow enough.

Headline intervals: each seat's win rate per variant and player count (95 %, the report's rate
interval: Wilson, exact below 10 wins or losses; in a co-op game one per game, the team's), and
each variant's paired win-rate difference from the baseline per seat (the report's Agresti-Min
interval of the paired games, simulate.statistics.paired_rates). After each round the next size is
projected from the widest interval (width shrinks as 1 / sqrt(games)), on a chunk edge, at most
four times the last and never past ``games`` (the cap). The tables equal those of a fixed run of
the final size; the manifest's ``stopping`` says why it stopped.
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
from simulate.statistics import paired_rates

CONFIDENCE = 0.95


def run_until_ci(cfg: RunConfig, width: float, backend: str = "loky",
                 scheduler: str | None = None, progress=None,
                 fresh: bool = False, say=None) -> tuple[Manifest, dict]:
    games = on_chunk_edge(cfg.chunk, cfg.chunk, cfg.games)
    rounds = []
    while True:
        manifest = run(cfg, backend, scheduler, progress, fresh=fresh and not rounds, upto=games,
                       say=say)
        what, widest = widest_interval(cfg.out, games, cfg.spec.cooperative)
        rounds.append(games)
        if widest <= width or games >= cfg.games:
            break
        wanted = games * (widest / width) ** 2 * 1.05
        games = on_chunk_edge(min(max(wanted, games + 1), 4 * games), cfg.chunk, cfg.games)
    reason = (f"every headline interval is at most {width:g} wide" if widest <= width else
              f"reached the cap of {cfg.games:,} games with an interval {widest:.4f} wide")
    stopping = {"rule": "until_ci", "width": width, "games": games, "rounds": rounds,
                "reason": reason, "widest": {"interval": what, "width": widest}}
    record_stopping(cfg.out, stopping)
    manifest.data["stopping"] = stopping
    return manifest, stopping


def headline_intervals(out: str | Path, games: int, cooperative: bool) -> dict[str, float]:
    """Width of every headline interval over the first ``games`` games, by name."""
    seats = (read_tables(out)[1].filter(pl.col("game") < games)
             .select("variant", "players", "game", "seat", "won"))
    if cooperative:
        seats = seats.filter(pl.col("seat") == 0)
    seats = seats.collect()
    widths = {}
    for (variant, players, seat), part in seats.group_by("variant", "players", "seat"):
        est = estimate(part["won"].cast(pl.Float64).to_numpy(), CONFIDENCE, binary=True)
        widths[f"{variant}, {players}p, seat {seat}: win rate"] = est.width
    base = seats.filter(pl.col("variant") == BASELINE)
    others = seats.filter(pl.col("variant") != BASELINE)
    pairs = others.join(base, on=["players", "game", "seat"], suffix="_base")
    counts = pairs.group_by("variant", "players", "seat").agg(
        pl.len().alias("n"), (pl.col("won_base") & ~pl.col("won")).sum().alias("base_only"),
        (pl.col("won") & ~pl.col("won_base")).sum().alias("variant_only"),
        pl.col("won_base").sum().alias("base_wins"))
    for variant, players, seat, n, base_only, variant_only, base_wins in counts.iter_rows():
        diff = paired_rates(n, base_only, variant_only, base_wins, CONFIDENCE)
        widths[f"{variant} - baseline, {players}p, seat {seat}: win rate"] = diff.high - diff.low
    return widths


def widest_interval(out: str | Path, games: int, cooperative: bool) -> tuple[str, float]:
    widths = headline_intervals(out, games, cooperative)
    what = max(sorted(widths), key=lambda k: (widths[k] if not math.isnan(widths[k]) else 0))
    return what, widths[what]
