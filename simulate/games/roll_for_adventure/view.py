"""What every player sees: the whole kingdom (the game is cooperative), read-only.

``State.view(seat)`` hands strategies a :class:`KingdomView`: every field of the
:class:`~simulate.games.roll_for_adventure.kingdom.Kingdom` (lists as tuples, dicts read-only)
and its queries (``roll_counts``, ``dice_held`` ...). Hidden from everyone: the order of the
enemy deck (``cards_left`` counts it) and the dice to come.
"""
from __future__ import annotations

from simulate.games.read_only import CONSTANT, SAME, TUPLE, TUPLES, Window
from simulate.games.roll_for_adventure.kingdom import KingdomQueries


class KingdomView(Window, KingdomQueries):
    __slots__ = ()
    FIELDS = {
        "rules": CONSTANT, "n_players": CONSTANT, "card_name": CONSTANT,
        "card_territory": CONSTANT, "card_rank": CONSTANT, "fortress_subtask": CONSTANT,
        "active": SAME, "turn": SAME, "phase": SAME, "forest_stones": SAME,
        "forest_boundary": SAME, "ice_placed": SAME, "cards_left": SAME,
        "shadow_master_out": SAME, "resurrection_pips": SAME, "stones_total": SAME,
        "power_used": SAME,
        "hand": TUPLE, "counts": TUPLE, "face": TUPLE, "holder": TUPLE, "desert": TUPLE,
        "desert_section2": TUPLE, "desert_lost": TUPLE, "barriers": TUPLE, "forest": TUPLE,
        "ice_cave": TUPLE, "enemies": TUPLE, "enemy_pips": TUPLE, "discard": TUPLE,
        "oblivion": TUPLE, "resurrection": TUPLE, "bonus_pool": TUPLE, "box": TUPLE,
        "damage": TUPLE, "stones": TUPLE, "heroes": TUPLE, "bonus_eligible": TUPLE,
        "boards": TUPLES, "fortress": TUPLES, "enemy_dice": TUPLES,
    }
    # copied when first read: the built-in strategies seldom or never read these
    LAZY = {"holder", "desert_lost", "bonus_pool", "box", "stones", "heroes", "bonus_eligible"}
