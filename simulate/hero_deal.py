"""``[players] heroes = "all"``: which hero each seat plays in game ``index``.

Games come in blocks of H (the game's number of heroes): within a block every seat plays every
hero once, so over any whole number of blocks every hero sits at every seat equally often (the
same in every variant: the deal depends on the game index only). Who meets whom is seeded
(one fixed stream per game and table size, so a run is reproducible and its variants pair game
by game) and balanced: each block's pairing is the assignment (scipy's linear_sum_assignment)
that gives the ordered pairs of heroes (seat i before seat j) met least so far, ties broken by
the seeded stream. A period of H - 1 blocks repeats (at 2 players about every allowed ordered
pair once), so a compiled kernel, which plays each distinct table as one group of games, plays
at most H(H - 1) groups per chunk. So at 2 players every ordered pair of different heroes meets about equally
often (seat s playing hero (i + s) mod H met each hero with its two neighbours only).
Heroes a game never seats together (two Roll Player classes of one colour) never meet; a block
the assignment cannot fill keeps the old stride deal (hero (i + s * stride) mod H).
"""
from __future__ import annotations

import random
from functools import cache

from simulate.games import get_game
from simulate.games.base import ConfigError

APART = 1e9          # the cost of seating two heroes the game refuses together, or one twice


def dealt(game: str, seats: int, stride: int, index: int) -> list[str]:
    """The seats' heroes in game ``index`` (``stride``: the old deal, the fallback)."""
    h = len(get_game(game).heroes)
    return list(_deal(game, seats, stride).block(index // h)[index % h])


@cache
def _deal(game: str, seats: int, stride: int) -> "Deal":
    return Deal(game, seats, stride)


@cache
def accepted(game: str, heroes: frozenset) -> bool:
    """Whether the game sets up a table with these heroes (in the listed order)."""
    spec = get_game(game)
    table = [h for h in spec.heroes if h in heroes]
    try:
        spec.new_game(spec.rules_class(), len(table), random.Random(0), table)
    except (ConfigError, ValueError):
        return False
    return True


class Deal:
    """The period of blocks of one game and table size, made once per process and repeated."""

    def __init__(self, game: str, seats: int, stride: int):
        self.game, self.seats, self.stride = game, seats, stride
        self.heroes = get_game(game).heroes
        h = len(self.heroes)
        self.rng = random.Random(f"heroes = all: {game}, {seats} seats")
        self.met = [[0] * h for _ in range(h)]          # met[a][b]: a sat before b
        self.blocks: list[list[tuple[str, ...]]] = []
        self.period = max(1, h - 1)      # seat 0's hero beside each other hero at seat 1 once
        pairs = [(a, b) for a in range(h) for b in range(h) if a < b]
        together = 2 <= get_game(game).players[1] and get_game(game).players[0] <= 2
        self.apart = {(a, b) for a, b in pairs if together and not
                      accepted(game, frozenset((self.heroes[a], self.heroes[b])))}
        self.apart |= {(b, a) for a, b in self.apart}

    def block(self, b: int) -> list[tuple[str, ...]]:
        """Block ``b``: the period's blocks repeat, so a chunk holds at most period x H
        different tables (a compiled kernel plays each table as one group of games)."""
        while len(self.blocks) < self.period:
            self.blocks.append(self._next())
        return self.blocks[b % self.period]

    def _next(self) -> list[tuple[str, ...]]:
        from scipy.optimize import linear_sum_assignment
        h = len(self.heroes)
        first = list(range(h))
        self.rng.shuffle(first)
        tables = [[a] for a in first]
        for _ in range(1, self.seats):
            cost = [[self._cost(table, b) for b in range(h)] for table in tables]
            rows, chosen = linear_sum_assignment(cost)
            if any(cost[r][c] >= APART for r, c in zip(rows, chosen)):
                return self._stride_block()
            for r, c in zip(rows, chosen):
                tables[r].append(int(c))
        named = [tuple(self.heroes[a] for a in table) for table in tables]
        if not all(accepted(self.game, frozenset(t)) for t in named):
            return self._stride_block()
        return self._met(named)

    def _met(self, named: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
        """Count the block's ordered pairs as met; the block as it is."""
        at = {hero: i for i, hero in enumerate(self.heroes)}
        for table in named:
            for i, a in enumerate(table):
                for b in table[i + 1:]:
                    self.met[at[a]][at[b]] += 1
        return named

    def _cost(self, table: list[int], b: int) -> float:
        """Seating hero b after ``table``: the times its pairs met so far, plus a seeded
        fraction that breaks ties; APART if the game refuses it there."""
        if b in table or any((a, b) in self.apart for a in table):
            return APART
        return sum(self.met[a][b] for a in table) + self.rng.random() * 0.5

    def _stride_block(self) -> list[tuple[str, ...]]:
        h = len(self.heroes)
        start = len(self.blocks) * h
        return self._met([tuple(self.heroes[(start + i + s * self.stride) % h]
                                for s in range(self.seats)) for i in range(h)])
