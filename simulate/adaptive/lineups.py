"""Line-ups that put one strategy in a seat against others, as variants of one run, and the
tested seat's value per seed (simulate train; bench/strength.py).

In a competitive game the tested strategy takes every seat in turn (one variant per seat, the
same dice: a seed with all its seats is one unit), the other seats play ``others``;
a line-up whose tested strategy is ``others`` itself needs one variant, every seat counting. In
a co-op game the tested strategy takes every seat (the team is tested) and seat 0 counts. Each
variant keeps its own fixed seating (a variant per seat rather than ``rotate = true``, so each
seat's result stays its own column of the variant), and the runner picks a compiled kernel when
every seat has one.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Hashable

import numpy as np
import polars as pl

from simulate.adaptive.metrics import seed_means
from simulate.config import RunConfig, Variant
from simulate.results import read_tables


@dataclasses.dataclass(frozen=True)
class Lineup:
    label: str
    form: Any                  # the tested strategy's config form
    alike: bool = False        # the tested strategy is the others' (one variant)

    def seatings(self, others: Any, seats: int, cooperative: bool) -> list[tuple[str, list]]:
        """(variant name, seat strategies) of this line-up."""
        if cooperative or self.alike:
            return [(self.label, [self.form] * seats)]
        return [(f"{self.label} @seat{s}", [self.form if t == s else others
                                            for t in range(seats)]) for s in range(seats)]

    def tested(self, players: int, cooperative: bool) -> list[tuple[str, int]]:
        """(variant, seat) of the tested seat in each of its variants at ``players``."""
        if cooperative:
            return [(self.label, 0)]
        if self.alike:
            return [(self.label, seat) for seat in range(players)]
        return [(f"{self.label} @seat{seat}", seat) for seat in range(players)]


def lineup_run(base: RunConfig, lineups: list[Lineup], others: Any, **changes: Any) -> RunConfig:
    """``base`` (its rules, components, player counts) playing every line-up as variants."""
    rules = base.variants[0]
    seats = max(base.player_counts)
    variants = [Variant(name, rules.overrides, rules.rules, strategies=strategies,
                        components=rules.components)
                for lineup in lineups
                for name, strategies in lineup.seatings(others, seats, base.spec.cooperative)]
    return dataclasses.replace(base, strategies=[others] * seats, variants=variants,
                               rotate=False, **changes)


def upto(lineups: list[Lineup], players: int, games: int, cooperative: bool) -> dict:
    """The runner's ``upto``: these line-ups' first ``games`` seeds at ``players`` only."""
    return {variant: {players: games} for lineup in lineups
            for variant, _ in lineup.tested(players, cooperative)}


def tested_rows(out: Any, lineups: dict[Hashable, Lineup], players: int, games: int,
                cooperative: bool) -> pl.DataFrame:
    """The seats table's rows of the tested seats (seeds ``0 .. games-1``), with a ``key``
    column naming the line-up."""
    where = {(v, s): key for key, lineup in lineups.items()
             for v, s in lineup.tested(players, cooperative)}
    keys = pl.DataFrame({"variant": [v for v, _ in where], "seat": [s for _, s in where],
                         "key": [str(k) for k in where.values()]},
                        schema={"variant": pl.String, "seat": pl.Int64, "key": pl.String})
    seats = read_tables(out)[1].filter(
        (pl.col("players") == players) & (pl.col("game") < games)).collect()
    return seats.with_columns(pl.col("seat").cast(pl.Int64)).join(keys, on=["variant", "seat"])


def per_seed(rows: pl.DataFrame, lineups: dict[Hashable, Lineup],
             column: str) -> dict[Hashable, np.ndarray]:
    """Per line-up, the tested seats' mean ``column`` per seed, in seed order."""
    value = pl.col(column).cast(pl.Float64).mean()
    return {key: seed_means(rows.filter(pl.col("key") == str(key)), value) for key in lineups}
