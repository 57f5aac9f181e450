"""Dungeon Roll rules: every number and ruling a designer may vary (defaults = published rules)."""
from __future__ import annotations

from dataclasses import dataclass

from simulate.games.base import knob
from simulate.games.dungeon_roll.components import MAX_TOKEN_COPIES, TREASURE_COUNTS


@dataclass(frozen=True)
class Rules:
    delves_per_player: int = knob(3, "Game end: each player makes this many delves (solo too).",
                                  range=(1, 5))
    party_dice: int = knob(7, "Components: white party dice rolled to form the party.",
                           range=(3, 10))
    dungeon_dice: int = knob(7, "Components: black dungeon dice; a level rolls "
                             "min(level, dungeon_dice - dice in the Dragon's Lair).", range=(3, 10))
    max_level: int = knob(10, "Regroup: at this level (the d10) the adventurer must retire.",
                          range=(1, 20))
    lair_threshold: int = knob(3, "Dragon phase: the dragon attacks when the Lair holds this many "
                               "dice.", range=(1, 10))
    dragon_types_needed: int = knob(3, "Dragon phase: companions of this many different types "
                                    "defeat the dragon (Scrolls never count).", range=(1, 5))
    dragon_slayer_types_needed: int = knob(2, "Dragon Slayer (master Knight) specialty: types "
                                           "needed to defeat the dragon.", range=(1, 5))
    dragon_xp: int = knob(1, "Dragon phase: XP for defeating the dragon.", range=(0, 5))
    dragon_treasures: int = knob(1, "Dragon phase: treasures drawn for defeating the dragon.",
                                 range=(0, 3))
    level_up_xp: int = knob(5, "Heroes: a novice turns to its master side at this much XP.",
                            range=(1, 60))
    level_up_immediate: bool = knob(True, "Ruling 3: level-up happens at once, even mid-delve "
                                    "(false: at the end of the delve).")
    ultimate_shared_on_level_up: bool = knob(True, "Ruling 3: the once-per-delve ultimate flag is "
                                             "shared by both sides (false: levelling up mid-delve "
                                             "refreshes it).")
    champion_opens_all_chests: bool = knob(True, "Loot phase: a Champion opens all chests like a "
                                           "Thief (published); the Polish text names only the "
                                           "Thief.")
    voluntary_flee: bool = knob(True, "Ruling 1: the adventurer may flee in the monster and dragon "
                                "phases at will (false: only when nothing else is legal).")
    quaffing_die_counts: bool = knob(True, "Ruling 2: potions quaffed are capped by the graveyard "
                                     "including the quaffing die (false: the graveyard before it).")
    keep_loot_after_fleeing: bool = knob(True, "Ruling 4: treasures and dragon XP won in a delve "
                                         "are kept after fleeing (false: they are given back).")
    empty_box_xp: int = knob(1, "Ruling 5: XP per treasure owed when the box is empty.",
                             range=(0, 3))
    used_treasures_to_box: bool = knob(True, "Treasures: a used token goes back into the box and "
                                       "can be drawn again (false: it leaves the game).")
    treasure_value: int = knob(1, "Game end: XP per unused treasure token.", range=(0, 3))
    town_portal_value: int = knob(2, "Game end: XP per unused Town Portal.", range=(0, 5))
    scale_pair_bonus: int = knob(2, "Game end: extra XP per pair of Dragon Scales.", range=(0, 6))
    treasure_counts: tuple = knob(TREASURE_COUNTS, "Treasures: tokens of each kind in the box: "
                                  "Vorpal Sword, Talisman, Sceptre of Power, Thieves' Tools, "
                                  "Scroll, Ring of Invisibility, Dragon Scales, Elixir, Dragon "
                                  "Bait, Town Portal.", item_range=(0, MAX_TOKEN_COPIES),
                                  length=(10, 10))
    solo_rank_scores: tuple = knob((16, 24, 30, 35), "Solo mode: lowest scores of Village Hero, "
                                   "Seasoned Explorer, Champion, Hero of Ages.",
                                   item_range=(0, 200), length=(4, 4))
    solo_win_score: int = knob(16, "Solo mode (our ruling): a solo game counts as won from this "
                               "score (Village Hero and better).", range=(0, 200))

    def __post_init__(self):
        if len(self.treasure_counts) != 10:
            raise ValueError("treasure_counts needs 10 counts (one per kind of token)")
        if sum(self.treasure_counts) < 1:
            raise ValueError("treasure_counts: the box needs at least one token")
        if list(self.solo_rank_scores) != sorted(self.solo_rank_scores):
            raise ValueError("solo_rank_scores must be increasing")
        if self.lair_threshold > self.dungeon_dice:
            raise ValueError(f"lair_threshold ({self.lair_threshold}) cannot exceed dungeon_dice "
                             f"({self.dungeon_dice}): the dragon would never attack")
