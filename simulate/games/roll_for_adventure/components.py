"""Roll for Adventure's components: the territories, the dice colours, the adventure boards and
the first-game heroes. They are printed constants kept in code (rules.py, heroes.py); the game
reads no data files, so ``load_components`` refuses a folder.
"""
from __future__ import annotations

from typing import NamedTuple

from simulate.games.component_files import in_code_loader
from simulate.games.roll_for_adventure.heroes import FIRST_GAME_HEROES
from simulate.games.roll_for_adventure.rules import (ADVENTURE_BOARDS, BONUS_DICE, COLOURS,
                                                     HERO_DICE, TERRITORIES,
                                                     TERRITORY_DIE_FACES)


class Components(NamedTuple):
    """The printed components by name (what ``load_components`` returns)."""
    territories: tuple[str, ...]
    territory_die_faces: tuple[str, ...]
    colours: tuple[str, ...]
    hero_dice: int
    bonus_dice: int
    adventure_boards: dict[int, str]    # power stones to win -> board
    heroes: tuple[str, ...]


load_components = in_code_loader("roll_for_adventure", Components(
    TERRITORIES, TERRITORY_DIE_FACES, COLOURS, HERO_DICE, BONUS_DICE, dict(ADVENTURE_BOARDS),
    FIRST_GAME_HEROES))
