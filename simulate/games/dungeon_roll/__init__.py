"""Dungeon Roll (Tasty Minstrel Games): push-your-luck dungeon delving, 1-4 players.

Each player makes three delves with a hero; a delve goes level by level (monster, loot, dragon,
regroup phases) until the adventurer retires with XP = level or flees with nothing. The engine
plays the whole published game: every companion, treasure, hero specialty and ultimate (RULES.md).
"""
from __future__ import annotations

import random
from typing import Sequence

from simulate.games.dungeon_roll.readings import READINGS
from simulate.games.base import GameSpec
from simulate.games.dungeon_roll.actions import Flee, ReadScroll, Ultimate, UseTreasure
from simulate.games.dungeon_roll.components import HERO_KEYS, MAX_PLAYERS
from simulate.games.dungeon_roll.rules import Rules
from simulate.games.dungeon_roll.scoring import GAME_COLUMNS, SEAT_COLUMNS
from simulate.games.dungeon_roll.state import State
from simulate.games.dungeon_roll.streams import Chance

__all__ = ["GAME", "Rules", "State", "new_game", "deal_heroes"]


def deal_heroes(n_players: int, chance: Chance,
                heroes: Sequence[str | None] | None = None) -> list[int]:
    """Hero index per seat: fixed names kept, the others dealt at random without repeats (the
    hero deal's own stream)."""
    wanted = list(heroes) if heroes else []
    wanted += [None] * (n_players - len(wanted))
    if len(wanted) != n_players:
        raise ValueError(f"heroes: {len(wanted)} given for {n_players} seats")
    for name in wanted:
        if name is not None and name not in HERO_KEYS:
            raise ValueError(f"heroes: unknown hero '{name}'; known: {', '.join(HERO_KEYS)}")
    fixed = {HERO_KEYS.index(name) for name in wanted if name is not None}
    free = [h for h in range(len(HERO_KEYS)) if h not in fixed]
    dealt, picks = [], 0
    for name in wanted:
        if name is None:
            dealt.append(free.pop(chance.deal(picks, len(free))))
            picks += 1
        else:
            dealt.append(HERO_KEYS.index(name))
    return dealt


def new_game(rules: Rules, n_players: int, rng: random.Random,
             heroes: Sequence[str | None] | None = None) -> State:
    if not 1 <= n_players <= MAX_PLAYERS:
        raise ValueError(f"Dungeon Roll takes 1-{MAX_PLAYERS} players, not {n_players}")
    chance = Chance(rng)
    return State(rules, n_players, chance, deal_heroes(n_players, chance, heroes))


# Restricted play: the optional mechanics a seat may be forbidden (strategies/restricted.py).
MECHANICS = (
    ("flee", "fleeing a delve", lambda view, a: isinstance(a, Flee)),
    ("scroll", "reading a scroll", lambda view, a: isinstance(a, ReadScroll)),
    ("treasure", "using a treasure", lambda view, a: isinstance(a, UseTreasure)),
    ("ultimate", "using the hero's ultimate", lambda view, a: isinstance(a, Ultimate)),
)


GAME = GameSpec(
    mechanics=MECHANICS,
    readings=READINGS,
    name="dungeon_roll",
    title="Dungeon Roll",
    version="1.1",
    rules_class=Rules,
    new_game=new_game,
    players=(1, MAX_PLAYERS),
    heroes=HERO_KEYS,
    game_columns=GAME_COLUMNS,
    seat_columns=SEAT_COLUMNS,
    default_strategy="risk_aware",
    score_bounds=(0, 400),
)
