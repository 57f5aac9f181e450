"""Roll Player's rule parameters: defaults are the printed rules (rulebook + digest rulings)."""
from __future__ import annotations

from dataclasses import dataclass

from simulate.games.base import knob


@dataclass(frozen=True)
class Rules:
    # --- set-up ---------------------------------------------------------------------------
    class_colour_dice: int = knob(10, "Dice of each class colour in the bag (white, green, "
                                  "purple, black, blue, red: 10 each; 73 dice in all).",
                                  range=(4, 20))
    gold_dice: int = knob(13, "Gold dice in the bag (13).", range=(0, 30))
    class_selection: str = knob(
        "draw", "How classes are chosen: 'draw' = in turn order draw a die, its colour gives the "
        "class card (redraw gold or taken colours); 'reverse_pick' = the variant where players "
        "pick class cards in reverse turn order.", choices=("draw", "reverse_pick"))
    race_assignment: str = knob(
        "dealt", "Character sheets (races): 'dealt' at random (the issue's set-up), or 'pick' in "
        "turn order as in the rulebook (made before classes are known).",
        choices=("dealt", "pick"))
    starting_gold: tuple = knob((5, 5, 6, 7), "Starting Gold by seat in turn order (5; the "
                                "third player 6, the fourth 7).", item_range=(0, 30),
                                length=(4, 4))
    starting_dice_extra: int = knob(4, "Starting dice per player = players + this (6/7/8); "
                                    "solo counts as 2 players.", range=(0, 10))
    market_setup_discards: tuple = knob(
        (7, 7, 3, 0), "Cards discarded from EACH of the single- and double-dot piles at set-up, "
        "by player count 1..4 (solo is set up as 2 players: 7; 3 players: 3).",
        item_range=(0, 13), length=(4, 4))
    # --- Dice Phase and Gold ----------------------------------------------------------------
    initiative_gold: int = knob(1, "Gold the Start Player puts on each middle Initiative card "
                                "that has none (never the first and last cards).", range=(0, 5))
    gold_die_gold: int = knob(2, "Gold for placing a gold die.", range=(0, 10))
    thief_gold_die_gold: int = knob(4, "Thief's Gold per gold die placed (class ability).",
                                    range=(0, 10))
    thief_bonus_in_setup: bool = knob(True, "Ruling 8: the Thief's 4 Gold also applies to gold "
                                      "dice among the starting dice.")
    row_complete_gold: int = knob(1, "Gold for placing the third die of an Attribute Row "
                                  "(Dexterity swaps never earn it, ruling 7).", range=(0, 5))
    intelligence_reroll: str = knob(
        "keep_either", "Ruling 1: after the Intelligence reroll keep either value (our "
        "rulebook) or 'new_stands' (official reprint).", choices=("keep_either", "new_stands"))
    wisdom_step: str = knob("orthogonal", "Ruling 2: the Wisdom action moves the alignment "
                            "token one orthogonal step; 'king' also allows diagonals.",
                            choices=("orthogonal", "king"))
    charisma_token_value: int = knob(1, "Gold a Charisma token replaces when buying (1).",
                                     range=(0, 5))
    # --- Market Phase -----------------------------------------------------------------------
    discard_gold: int = knob(2, "Gold for discarding a Market card instead of buying.",
                             range=(0, 10))
    weapon_hands: int = knob(2, "Hands of Weapon cards a character may hold; buying beyond "
                             "discards an owned weapon.", range=(1, 6))
    bard_purchases: int = knob(2, "Bard ability: purchases per Market Phase (the second cannot "
                               "be a discard for Gold).", range=(1, 3))
    druid_recall: bool = knob(True, "Druid ability: before the Market Phase add one card from "
                              "the Market discard pile to the Market.")
    skills_usable: bool = knob(True, "Ruling 5: Skills are used at fixed windows (before "
                               "choosing an Initiative card, after placing a die, before "
                               "buying, right after buying one); false = Skills never used.")
    skill_refresh_per_cleanup: int = knob(1, "Exhausted Skills refreshed per Cleanup (the "
                                          "longest-exhausted first).", range=(0, 13))
    final_round_market: bool = knob(True, "The last round still has its Market Phase.")
    # --- final tally ------------------------------------------------------------------------
    backstory_stars: tuple = knob((0, 0, 1, 1, 3, 3, 6), "Stars for 0..6 Backstory matches "
                                  "(0-1: 0, 2-3: 1, 4-5: 3, 6: 6).", item_range=(0, 30),
                                  length=(7, 7))
    gold_die_backstory_wild: bool = knob(False, "Ruling 4: a gold die never matches a Backstory "
                                         "cell; true = gold dice match any cell.")
    armor_bonus_needs_all: bool = knob(True, "Ruling 3: the +1 armour colour bonus needs every "
                                       "card of the set to show the class colour (false: any).")
    armor_set_bonus: int = knob(1, "Stars per armour set matching the class colour.",
                                range=(0, 5))
    class_die_stars: int = knob(1, "Stars per die of the class colour on the sheet.",
                                range=(0, 3))
    discard_before_scoring: bool = knob(True, "FAQ: before scoring a player may discard cards "
                                        "that would lower the score (done optimally).")
    tie_breakers: str = knob("gold_then_fewest_class_dice", "Tie-break order: most Gold, then "
                             "fewest class-colour dice, then shared.",
                             choices=("gold_then_fewest_class_dice", "gold", "none"))
    # --- solo -------------------------------------------------------------------------------
    solo_trash: bool = knob(True, "Solo: after choosing an Initiative card roll a d6 that may "
                            "trash a Market card (middle card 1-3, highest card any).")
    solo_win_stars: int = knob(30, "Solo: stars counted as a win (our threshold; the solo "
                               "write-up only rates the score).", range=(0, 80))

    def __post_init__(self):
        if 6 * self.class_colour_dice + self.gold_dice < 4 * 18 + 1:
            raise ValueError("the bag must hold at least 73 dice for 4 players: 6 x "
                             "class_colour_dice + gold_dice >= 73")
        if 4 + self.starting_dice_extra >= 18:
            raise ValueError("starting_dice_extra must leave empty spaces: players + "
                             "starting_dice_extra < 18")
        if self.class_colour_dice < 4 and self.class_selection == "draw":
            raise ValueError("class_selection 'draw' needs dice of every class colour")
