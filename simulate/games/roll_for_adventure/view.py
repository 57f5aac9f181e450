"""What every player sees: the whole kingdom (the game is cooperative), read-only.

``State.view(seat)`` hands strategies a :class:`KingdomView`: every field of the
:class:`~simulate.games.roll_for_adventure.kingdom.Kingdom` (lists as tuples, dicts read-only)
and its queries (``roll_counts``, ``dice_held`` ...). Hidden from everyone: the order of the
enemy deck (``cards_left`` counts it) and the dice to come.
"""
from __future__ import annotations

from simulate.games.read_only import FLAT, MAPPING, NESTED, SAME, Window
from simulate.games.roll_for_adventure.kingdom import KingdomQueries


class KingdomView(Window, KingdomQueries):
    __slots__ = ()
    FIELDS = {
        "rules": SAME, "n_players": SAME, "active": SAME, "turn": SAME, "phase": SAME,
        "boards": NESTED, "hand": FLAT, "counts": FLAT, "face": FLAT, "holder": FLAT,
        "desert": FLAT, "desert_section2": FLAT, "desert_lost": FLAT,
        "fortress": NESTED, "fortress_subtask": MAPPING, "barriers": FLAT,
        "forest": FLAT, "forest_stones": SAME, "forest_boundary": SAME,
        "ice_cave": FLAT, "ice_placed": SAME,
        "card_name": SAME, "card_territory": SAME, "card_rank": SAME,
        "enemies": FLAT, "enemy_dice": NESTED, "enemy_pips": FLAT, "cards_left": SAME,
        "discard": FLAT, "shadow_master_out": SAME,
        "oblivion": FLAT, "resurrection": FLAT, "resurrection_pips": SAME,
        "bonus_pool": FLAT, "box": FLAT, "damage": FLAT, "stones": FLAT, "stones_total": SAME,
        "heroes": FLAT, "power_used": SAME, "bonus_eligible": FLAT,
    }
