"""Dungeon Roll component data: dice faces, treasure tokens, heroes (rules digest, "Components").

Everything here is a constant small integer or a table indexed by one, so the engine can keep its
dice as counts (``party[face]``) and its actions as precomputed tuples.
"""
from __future__ import annotations

from typing import NamedTuple

from simulate.games.chance import card_id
from simulate.games.component_files import in_code_loader

MAX_PLAYERS = 4

# Party dice faces (white d6).                        index = face
FIGHTER, CLERIC, MAGE, THIEF, CHAMPION, SCROLL = range(6)
PARTY_FACES = ("Fighter", "Cleric", "Mage", "Thief", "Champion", "Scroll")
COMPANIONS = (FIGHTER, CLERIC, MAGE, THIEF, CHAMPION)     # the five companion types

# Dungeon dice faces (black d6).
GOBLIN, SKELETON, OOZE, CHEST, POTION, DRAGON = range(6)
DUNGEON_FACES = ("Goblin", "Skeleton", "Ooze", "Chest", "Potion", "Dragon")
# The monster type a companion defeats *all* of (Fighter: all Goblins, ...); -1: only one monster.
# A Champion defeats all monsters of any one type.
SWEEPS = {FIGHTER: GOBLIN, CLERIC: SKELETON, MAGE: OOZE, THIEF: -1, CHAMPION: -2}

# Treasure tokens (36): index, name, printed count.
(VORPAL_SWORD, TALISMAN, SCEPTRE_OF_POWER, THIEVES_TOOLS, SCROLL_TOKEN, RING_OF_INVISIBILITY,
 DRAGON_SCALES, ELIXIR, DRAGON_BAIT, TOWN_PORTAL) = range(10)
TREASURE_NAMES = ("Vorpal Sword", "Talisman", "Sceptre of Power", "Thieves' Tools", "Scroll",
                  "Ring of Invisibility", "Dragon Scales", "Elixir", "Dragon Bait", "Town Portal")
TREASURE_COUNTS = (3, 3, 3, 3, 3, 4, 6, 3, 4, 4)
MAX_TOKEN_COPIES = 12                   # Rules.treasure_counts: at most this many of a kind
# Each token's identity for the keyed draw (streams.py): its name and copy number.
TREASURE_IDS = tuple(tuple(card_id(name, c) for c in range(MAX_TOKEN_COPIES))
                     for name in TREASURE_NAMES)
# Tokens that act as one companion (or as a Scroll): token -> party face it acts as.
TOKEN_FACE = {VORPAL_SWORD: FIGHTER, TALISMAN: CLERIC, SCEPTRE_OF_POWER: MAGE,
              THIEVES_TOOLS: THIEF, SCROLL_TOKEN: SCROLL}

# Heroes: index, config name (novice, snake_case), card names.
(SPELLSWORD, MERCENARY, KNIGHT, HALF_GOBLIN, MINSTREL, ENCHANTRESS, OCCULTIST,
 CRUSADER) = range(8)
HERO_KEYS = ("spellsword", "mercenary", "knight", "half_goblin", "minstrel", "enchantress",
             "occultist", "crusader")
NOVICE_NAMES = ("Spellsword", "Mercenary", "Knight", "Half-Goblin", "Minstrel", "Enchantress",
                "Occultist", "Crusader")
MASTER_NAMES = ("Battlemage", "Commander", "Dragon Slayer", "Chieftain", "Bard", "Beguiler",
                "Necromancer", "Paladin")


def _as_types(hero: int) -> tuple[tuple[int, ...], ...]:
    """For each party face, the companion types a die showing it may act as (hero specialty)."""
    table = [(FIGHTER,), (CLERIC,), (MAGE,), (THIEF,), (CHAMPION,), ()]   # a Scroll is no companion
    swaps = {SPELLSWORD: (FIGHTER, MAGE), MINSTREL: (THIEF, MAGE), OCCULTIST: (CLERIC, MAGE),
             CRUSADER: (FIGHTER, CLERIC)}
    if hero in swaps:
        a, b = swaps[hero]
        table[a], table[b] = (a, b), (b, a)
    if hero == ENCHANTRESS:                     # Scrolls may be used as any companion
        table[SCROLL] = COMPANIONS
    return tuple(table)


AS_TYPES = tuple(_as_types(h) for h in range(8))
# Novice ultimates where the hero acts as a companion (Arcane Blade, Holy Strike).
HERO_COMPANION = {SPELLSWORD: (FIGHTER, MAGE), CRUSADER: (FIGHTER, CLERIC)}

SOLO_RANKS = ("Dragon Fodder", "Village Hero", "Seasoned Explorer", "Champion", "Hero of Ages")


class Components(NamedTuple):
    """The printed components by name (what ``load_components`` returns)."""
    party_faces: tuple[str, ...]
    dungeon_faces: tuple[str, ...]
    treasures: dict[str, int]           # token name -> copies in the bag
    heroes: tuple[str, ...]             # HERO_KEYS
    novices: tuple[str, ...]
    masters: tuple[str, ...]


load_components = in_code_loader("dungeon_roll", Components(
    PARTY_FACES, DUNGEON_FACES, dict(zip(TREASURE_NAMES, TREASURE_COUNTS)), HERO_KEYS,
    NOVICE_NAMES, MASTER_NAMES))
