"""Risky Adventure's rule parameters: defaults are the printed rules and the digest's rulings.

Component values (artifact, equipment, map and expedition data) live in ``data/*.json``; every
other number or choice a designer may vary is here.
"""
from __future__ import annotations

from dataclasses import dataclass

from simulate.games.base import ConfigError, knob


@dataclass(frozen=True)
class Rules:
    # --- dice and clocks --------------------------------------------------------------------
    dice: int = knob(4, "Dice rolled once per turn (4).", range=(1, 6))
    die_faces: tuple = knob((3, 2, 1), "Faces of each die: food, map, pick & shovel "
                            "(3 food, 2 map, 1 pick & shovel).", item_range=(0, 6),
                            length=(3, 3))
    clocks: int = knob(30, "Clocks in the game (30).", range=(4, 60))
    starting_clocks: int = knob(1, "Clocks each player starts with (1).", range=(0, 5))
    max_clocks_per_turn: int = knob(4, "Clocks a player may spend in one turn, each setting a "
                                    "die to any face (up to 4).", range=(0, 6))
    trade_dice: int = knob(3, "Dice placed at the camp to take 1 clock (any 3).", range=(1, 6))
    trades_per_turn: int = knob(1, "Ruling 3: times per turn the clock trade is allowed "
                                "(once; 0: never).", range=(0, 4))
    die_pays_once: bool = knob(True, "Ruling 2: each die pays for one claim only (false: a die "
                               "may count for every claim of the turn).")
    # --- placing ------------------------------------------------------------------------------
    adventurers: int = knob(3, "Adventurers each player places per turn (3).", range=(1, 5))
    expedition_reach: int = knob(0, "An expedition adventurer goes up to this many spots ahead "
                                 "of the player's marker; 0 = as far as the dice can pay (the "
                                 "rulebook sets no limit; every spot of the path needs a die).",
                                 range=(0, 8))
    revealed_artifacts: int = knob(1, "Ruling 1: artifacts face up on each excavation, each its "
                                   "own spot (the rulebook: only the top one).", range=(1, 3))
    # --- set-up -------------------------------------------------------------------------------
    camp_spaces: int = knob(4, "Equipment spaces at the camp (4).", range=(1, 6))
    a_per_excavation: int = knob(2, "A-artifacts on top of each excavation (2).", range=(0, 2))
    b_per_excavation: int = knob(5, "B-artifacts under them (5; the other 6 B stay in the box).",
                                 range=(1, 7))
    maps_face_up: int = knob(3, "Treasure maps face up beside the deck (3).", range=(0, 6))
    wild_artifacts: int = knob(12, "Wild artifacts in the supply (12).", range=(0, 30))
    # --- equipment ----------------------------------------------------------------------------
    discount_a_symbols: int = knob(1, "Ruling 4: a Discount A card adds one of its two shown "
                                   "symbols per own turn (2: both).", range=(1, 2))
    artifact_activates_same_turn: bool = knob(
        True, "Ruling 5: an artifact gained this turn may activate a card at once (its effect "
        "starts next turn); false = only from the next turn.")
    bonus_fame: int = knob(1, "Fame a bonus card pays when the player chooses fame (+1).",
                           range=(0, 5))
    bonus_clocks: int = knob(1, "Clocks a bonus card pays when the player chooses clocks (+1).",
                             range=(0, 5))
    # --- supplies and the end ----------------------------------------------------------------
    supply_limited: bool = knob(True, "Ruling 6: when clocks, wilds or maps run out that part "
                                "of a reward is lost (false: clocks and wilds never run out).")
    end_check: str = knob("round_end", "Ruling 7: end conditions are checked at the end of the "
                          "round; 'turn_end' ends the game right after the turn that met one.",
                          choices=("round_end", "turn_end"))
    end_on_equipment: bool = knob(True, "End condition 1: the equipment deck cannot refill the "
                                  "camp.")
    end_on_excavation: bool = knob(True, "End condition 2: an excavation is empty.")
    expeditions_to_end: int = knob(2, "End condition 3: the game ends once this many "
                                   "expeditions are completed (the second; 0 = never).",
                                   range=(0, 3))
    max_rounds: int = knob(60, "Safety stop: rounds after which a game ends regardless "
                           "(end_reason 'round_limit'; never reached by sensible play).",
                           range=(5, 500), safety_limit=True)
    # --- final scoring ------------------------------------------------------------------------
    scarab_part_fame: int = knob(1, "Fame per scarab part (top or bottom) not in a pair (1).",
                                 range=(0, 10))
    scarab_pair_fame: int = knob(4, "Fame per top+bottom scarab pair (4 instead of 2).",
                                 range=(0, 20))
    tie_break: str = knob("equipment", "Ties: most equipment cards (starting card not counted), "
                          "then shared; 'none' = shared at once.", choices=("equipment", "none"))

    @property
    def reach(self) -> int:
        """Expedition spots an adventurer may go ahead: the knob, or (0) the dice count, since a
        path of k spots needs k symbols and a die pays at most one symbol of it."""
        return self.expedition_reach or self.dice

    def __post_init__(self):
        if sum(self.die_faces) == 0:
            raise ValueError("die_faces must give the die at least one face")
        check_players(self, 2, "rules", ValueError)    # the fewest; each count: new_game
        if self.a_per_excavation + self.b_per_excavation < 1:
            raise ValueError("each excavation needs at least one artifact")


def check_players(rules: Rules, n: int, where: str = "rules", error: type = ConfigError) -> None:
    """Rules that depend on the number of players: every seat's starting clocks come out of
    the game's clocks (GameSpec.check_players: the config checks each player count)."""
    if rules.clocks < n * rules.starting_clocks:
        raise error(f"{where}: clocks = {rules.clocks} cannot give {n} players starting_clocks "
                    f"= {rules.starting_clocks} each")
