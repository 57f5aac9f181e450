"""Did the play react? How many paired games a variant changed at all.

A verdict is only as good as the play behind it: a rule, a card removed or a card granted that
changes no game, or hardly any, says nothing about the design, only that these strategies never
met the change. For each variant compared on the baseline's seeds, the share of paired games
that ended differently in anything the tables record (a score, a rank, a win, any of the game's
own columns), per player count. (The tables record results, not each decision: a game whose
decisions changed while everything it records stayed the same counts as unchanged.)
"""
from __future__ import annotations

import polars as pl

from reports.blocks import Details, Note, Table
from reports.tables import collect

RARELY = 0.05          # a variant that changed fewer paired games than this is flagged


def games_that_differ(run, variant: str, players: int) -> tuple[int, int]:
    """(games the variant and its reference both played, those that ended differently: in any
    column but the ones that only count what is left of a supply, GameSpec.supply_columns)."""
    reference = run.reference(variant)
    differs = None
    left_out = ("variant", *run.spec.supply_columns)
    for pick, keys in ((run.games_at, list(run.keys)), (run.seats_at, list(run.keys) + ["seat"])):
        base, other = pick(players, reference), pick(players, variant)
        columns = [c for c in collect(base.head(0)).columns
                   if c not in (*left_out, *keys) and c in collect(other.head(0)).columns]
        pairs = base.join(other, on=keys, suffix="__v")
        changed = pl.any_horizontal([pl.col(c).ne_missing(pl.col(f"{c}__v")) for c in columns]) \
            if columns else pl.lit(False)
        per_game = pairs.group_by(list(run.keys)).agg(changed.any().alias("changed"))
        differs = per_game if differs is None else differs.join(
            per_game, on=list(run.keys), suffix="__s").with_columns(
            (pl.col("changed") | pl.col("changed__s")).alias("changed")).drop("changed__s")
    found = collect(differs.select(pl.len().alias("n"), pl.col("changed").sum().alias("d")))
    return int(found["n"][0]), int(found["d"][0] or 0)


def changed_shares(run) -> dict[str, dict[int, tuple[int, int]]]:
    """{variant: {players: (paired games, games changed)}} for every paired compared variant."""
    return {variant: {p: games_that_differ(run, variant, p) for p in run.player_counts}
            for variant in run.compared if variant not in run.unpaired}


def table(shares: dict) -> Details | None:
    """The Variants section's 'how many games each variant changed', folded."""
    rows = [[variant, players, f"{d:,} of {n:,}", f"{100 * d / n:.1f} %" if n else "–"]
            for variant, found in shares.items() for players, (n, d) in found.items()]
    if not rows:
        return None
    return Details("How many paired games each variant changed at all", [Table(
        ["variant", "players", "games that ended differently", "share"], rows,
        "Paired games that ended differently in any score, rank, win or game column; a change "
        "the strategies hardly meet says little about the design")])


def notes(shares: dict) -> list:
    """A first-screen line for variants that changed some games but fewer than RARELY of them at
    every player count (none at all is said by the summary's 'no game changed' line)."""
    rare = []
    for variant, found in shares.items():
        changed = sum(d for _, d in found.values())
        if changed and all(n and d / n < RARELY for n, d in found.values()):
            shown = ", ".join(f"{100 * d / n:.1f} % at {p} player{'s' if p > 1 else ''}"
                              for p, (n, d) in found.items())
            rare.append(f"{variant} ({shown})")
    if not rare:
        return []
    return [Note(f"Rarely met: {'; '.join(rare)} of the paired games ended differently at all, "
                 "so these strategies seldom met the change; its rows speak for those games "
                 "only.")]
