"""Dungeon Roll (Tasty Minstrel Games): push-your-luck dungeon delving, 1-4 players.

Each player makes three delves with a hero; a delve goes level by level (monster, loot, dragon,
regroup phases) until the adventurer retires with XP = level or flees with nothing. The engine
plays the whole published game: every companion, treasure, hero specialty and ultimate (RULES.md).
"""
from __future__ import annotations

import random
from typing import Sequence

from simulate.games.base import GameSpec
from simulate.games.dungeon_roll.components import HERO_KEYS
from simulate.games.dungeon_roll.rules import Rules
from simulate.games.dungeon_roll.scoring import GAME_COLUMNS, SEAT_COLUMNS
from simulate.games.dungeon_roll.state import State

__all__ = ["GAME", "Rules", "State", "new_game", "deal_heroes"]


def deal_heroes(n_players: int, rng: random.Random,
                heroes: Sequence[str | None] | None = None) -> list[int]:
    """Hero index per seat: fixed names kept, the others dealt at random without repeats."""
    wanted = list(heroes) if heroes else []
    wanted += [None] * (n_players - len(wanted))
    if len(wanted) != n_players:
        raise ValueError(f"heroes: {len(wanted)} given for {n_players} seats")
    for name in wanted:
        if name is not None and name not in HERO_KEYS:
            raise ValueError(f"heroes: unknown hero '{name}'; known: {', '.join(HERO_KEYS)}")
    fixed = {HERO_KEYS.index(name) for name in wanted if name is not None}
    free = [h for h in range(len(HERO_KEYS)) if h not in fixed]
    dealt = []
    for name in wanted:
        if name is None:
            dealt.append(free.pop(int(rng.random() * len(free))))
        else:
            dealt.append(HERO_KEYS.index(name))
    return dealt


def new_game(rules: Rules, n_players: int, rng: random.Random,
             heroes: Sequence[str | None] | None = None) -> State:
    if not 1 <= n_players <= 4:
        raise ValueError(f"Dungeon Roll takes 1-4 players, not {n_players}")
    return State(rules, n_players, rng, deal_heroes(n_players, rng, heroes))


GAME = GameSpec(
    name="dungeon_roll",
    title="Dungeon Roll",
    version="1.0",
    rules_class=Rules,
    new_game=new_game,
    players=(1, 4),
    heroes=HERO_KEYS,
    game_columns=GAME_COLUMNS,
    seat_columns=SEAT_COLUMNS,
    default_strategy="risk_aware",
    score_bounds=(0, 400),
)
