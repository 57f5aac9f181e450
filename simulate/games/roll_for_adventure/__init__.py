"""Roll for Adventure (Kosmos 2018, Dunstan & Gilbert): cooperative dice placement for 2-4
players, A-side territories. Rules mapping and rulings: RULES.md beside this file."""
from __future__ import annotations

import random
from typing import Sequence

from simulate.games.roll_for_adventure.readings import READINGS
from simulate.games.base import GameSpec
from simulate.games.roll_for_adventure.actions import ClaimIceCave, UsePower
from simulate.games.chance import keyed_shuffle, shuffle_seed
from simulate.games.roll_for_adventure import enemies
from simulate.games.roll_for_adventure.heroes import (FIRST_GAME_HEROES, HERO_IDS,
                                                      PLACEHOLDER_NOTES)
from simulate.games.roll_for_adventure.scoring import GAME_COLUMNS, SEAT_COLUMNS
from simulate.games.roll_for_adventure.rules import BONUS_DICE, DEAL, HERO_DICE, Rules
from simulate.games.roll_for_adventure.state import State


def new_game(rules: Rules, n_players: int, rng: random.Random,
             heroes: Sequence[str | None] | None = None) -> State:
    """Set-up: hero dice and ally dice, bonus dice on the ice cave, the enemy deck with the Master
    of Shadows, heroes (only with hero_powers), then the first player's first roll. Every source
    of chance draws from its own stream of ``rng`` (State.streams; RULES.md, "Random streams")."""
    if not 2 <= n_players <= 4:
        raise ValueError(f"Roll for Adventure is for 2-4 players, not {n_players}")
    st = State(rules, n_players, rng)
    k = st.k
    allies = rules.ally_dice[n_players - 2]
    spare = list(range(n_players * 5, HERO_DICE))          # dice of the unused colours
    for seat in range(n_players):
        own = range(seat * 5, seat * 5 + 5)
        k.boards[seat] = list(own[:rules.hero_dice_per_player])
        k.box.extend(own[rules.hero_dice_per_player:])
        for _ in range(allies):
            die = spare.pop(0)
            k.holder[die] = seat
            k.boards[seat].append(die)
    k.box.extend(spare)
    bonus = list(range(HERO_DICE, HERO_DICE + BONUS_DICE))
    k.bonus_pool = bonus[:rules.bonus_dice]
    k.box.extend(bonus[rules.bonus_dice:])
    st.deck = enemies.build_deck(rules, st.streams)[::-1]          # the top card is the last item
    k.cards_left = len(st.deck)
    if rules.hero_powers:
        st.powers = True
        chosen = list(heroes or [None] * n_players)[:n_players]
        chosen += [None] * (n_players - len(chosen))
        for name in chosen:
            if name is not None and name not in FIRST_GAME_HEROES:
                raise ValueError(f"unknown hero {name!r}; heroes: {', '.join(FIRST_GAME_HEROES)}")
        free = [h for h in FIRST_GAME_HEROES if h not in chosen]
        ids = [HERO_IDS[FIRST_GAME_HEROES.index(h)] for h in free]
        keyed_shuffle(free, ids, shuffle_seed(st.streams.get(DEAL)))
        k.heroes = [name if name is not None else free.pop() for name in chosen]
    if not st.start_turn():
        st._end_turn()
    return st


# Restricted play: the optional mechanics a seat may be forbidden (strategies/restricted.py).
MECHANICS = (
    ("ice_cave", "claiming an ice cave reward",
     lambda view, a: isinstance(a, ClaimIceCave) and a.claim),
    ("hero_power", "using a hero power", lambda view, a: isinstance(a, UsePower)),
)


GAME = GameSpec(
    mechanics=MECHANICS,
    readings=READINGS,
    name="roll_for_adventure",
    title="Roll for Adventure",
    version="1.2",
    rules_class=Rules,
    new_game=new_game,
    players=(2, 4),
    heroes=FIRST_GAME_HEROES,
    game_columns=GAME_COLUMNS,
    seat_columns=SEAT_COLUMNS,
    default_strategy="balanced",
    score_bounds=(0, 8),
    placeholders=PLACEHOLDER_NOTES + (
        "hero powers are used only with hero_powers = true",
        "damage track length (damage_to_lose = {damage_to_lose}) is unknown in the sources",
        "territory die faces (4 territories, all, none) are inferred"),
    cooperative=True,
    supply_columns=("cards_left",),
    placeholder_rules=tuple((note, "hero_powers") for note in PLACEHOLDER_NOTES + (
        "hero powers are used only with hero_powers = true",)),
)
