"""Roll Player's compiled kernel, part 1: the state as flat integer arrays, and the
component data and Rules as numbers.

The component data is read from ``data/*.json`` (``components.load_components``) into one int
array ``D`` when a chunk starts, so editing a data file needs no code change. Ordered
containers of the engine (deck, market, discard pile, roll queue, each seat's cards, starting
dice...) are rows of ``L`` with their lengths in ``N``, in the engine's order; game scalars live
in ``S``, per-seat numbers in ``SE[seat]``. A die is ``colour * 16 + value``.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simulate.kernels import use_cache_for
from simulate.kernels.rules import at, rules_array as build_rules_array

from simulate.games.roll_player.components import CARD_TYPES, CONDITIONS, SKILL_EFFECTS


# the lists of L (shared by the kernels), re-exported for this game's kernel modules
from simulate.kernels.lists import index_of, pop_at, push, remove  # noqa: E402,F401

use_cache_for(__name__)      # numba's cache folder for what this module compiles

# ---- rows of L --------------------------------------------------------------------------------
DECK, MARKET, DISCARD, TRASHED, ROLL_QUEUE, MARKET_ORDER, DRUID_QUEUE, CLASS_DRAWS = range(8)
PILE, SCRATCH = 8, 10                          # PILE: the two set-up piles (8, 9)
WEAPONS, ARMOR, SKILLS, TRAITS, EXHAUSTED, STARTING, BOUGHT = 12, 16, 20, 24, 28, 32, 36  # +seat
N_ROWS = 40

# ---- S ----------------------------------------------------------------------------------------
(PHASE, STAGE, CUR, TURN_SEAT, START_PLAYER, ROUND, OVER, PLAYERS, SOLO, N_CARDS,
 START_CHOSEN, ROLL_CARD, EFFECT, EFFECT_D0, EFFECT_D1, EFFECT_D2, DICE_IDX, MARKET_IDX,
 PURCHASES, BOUGHT_SKILL, RESHUFFLES, LEGAL_N) = range(22)
BAG = 22                                       # 7 colours
INIT_DICE, INIT_GOLD, INIT_OWNER = 29, 34, 39  # per Initiative card (5); a die or -1
S_SIZE = 44

# ---- SE[seat] ---------------------------------------------------------------------------------
VALS, COLS, FILL = 0, 18, 36                   # per space (18), per space, per row (6)
(GOLD, CHARISMA, RACE, KLASS, BACKSTORY, ALIGNMENT, TOKEN, SKILLS_USED, DISCARDS,
 CHARISMA_USED) = range(42, 52)
GRANT_PRICE = 52                               # a paid grant's cost, off the starting Gold
SE_SIZE = 53
GOLD_COLOUR = 6

# effect kinds: the rows' attribute actions (state.ROW_EFFECT) first, then the others
(E_FLIP, E_SWAP, E_ADJUST, E_REROLL, E_STEP, E_CHARISMA, E_KEEP, E_SWAP2, E_RAISE, E_GOLD,
 E_REROLL_INIT, E_FLIP_INIT, E_DIPLOMACY) = range(13)
EFFECT_IDS = {"flip": E_FLIP, "swap": E_SWAP, "adjust": E_ADJUST, "reroll": E_REROLL,
              "gold": E_GOLD, "reroll_initiative": E_REROLL_INIT,
              "flip_initiative": E_FLIP_INIT, "diplomacy": E_DIPLOMACY}
assert set(EFFECT_IDS) == set(SKILL_EFFECTS)
WEAPON, ARMOUR, SKILL, TRAIT = range(4)       # CARD_TYPES order
CONDITION_IDS = {kind: i for i, kind in enumerate(CONDITIONS)}

# ---- D: the component data (header, then tables at the offsets it names) -----------------------
(H_NCLASS, H_CLASS, H_NRACE, H_RACE, H_NBACK, H_BACK, H_NALIGN, H_ALIGN, H_NCARDS, H_CARD,
 H_ARMOR, H_ARMOR_W, H_THIEF, H_BARD, H_DRUID, H_COLOUR_CLASSES) = range(16)
CLASS_W = 19                                   # colour, then per attribute low, high, stars
CARD_W = 21
(C_TYPE, C_DOTS, C_COST, C_HANDS, C_MODS, C_ON_BUY, C_SET, C_COLOURS, C_ARROW, C_EFFECT,
 C_AMOUNT, C_STARS, C_COND, C_ARG1, C_ARG2, C_REMOVED) = (0, 1, 2, 3, 4, 10, 11, 12, 13, 14, 15,
                                                          16, 17, 18, 19, 20)
COLOUR_CLASSES_W = 33                          # per colour: count, then class ids


# Rows of the keys array (keys_array): each component's identity for the keyed shuffle by index
# (components.Keys), and the game's set-up deal seeds (new_game writes them).
KEY_CARDS, KEY_RACES, KEY_BACKSTORIES, KEY_ALIGNMENTS, DEAL_SEEDS = range(5)


def keys_array(comp) -> np.ndarray:
    """``comp.shuffle_keys`` as rows of one uint64 array, and a row for the game's deal seeds."""
    width = max(3, *(len(k) for k in comp.shuffle_keys))
    X = np.zeros((DEAL_SEEDS + 1, width), np.uint64)
    for row, keys in enumerate(comp.shuffle_keys):
        X[row, :len(keys)] = np.array(keys, dtype=np.uint64)
    return X


def components_array(comp) -> np.ndarray:
    """Every component of ``data/*.json`` (as loaded and validated) in one int array."""
    parts, header = [], [0] * 16
    at = 16

    def table(rows: list[list[int]], width: int) -> int:
        nonlocal at
        start = at
        for row in rows:
            parts.append(list(row) + [0] * (width - len(row)))
            at += width
        return start

    header[H_NCLASS] = len(comp.classes)
    header[H_CLASS] = table([[c.colour] + [x for goal in c.goals for x in goal]
                             for c in comp.classes], CLASS_W)
    header[H_NRACE], header[H_RACE] = len(comp.races), table([r.modifiers for r in comp.races], 6)
    header[H_NBACK] = len(comp.backstories)
    header[H_BACK] = table([[x for cell in b.cells for x in cell] for b in comp.backstories], 12)
    header[H_NALIGN] = len(comp.alignments)
    header[H_ALIGN] = table([a.stars for a in comp.alignments], 9)
    sets = sorted(comp.armor_tables)
    width = 1 + max(len(t) for t in comp.armor_tables.values())
    header[H_ARMOR_W] = width
    header[H_ARMOR] = table([[len(comp.armor_tables[s])] + list(comp.armor_tables[s])
                             for s in sets], width)
    header[H_NCARDS] = len(comp.cards)
    header[H_CARD] = table([_card_row(c, sets, c.id in comp.removed) for c in comp.cards],
                           CARD_W)
    names = [c.name for c in comp.classes]
    for key, name in ((H_THIEF, "Thief"), (H_BARD, "Bard"), (H_DRUID, "Druid")):
        header[key] = names.index(name) if name in names else -1
    header[H_COLOUR_CLASSES] = table([[len(group)] + [names.index(n) for n in group]
                                      for group in comp.colour_classes], COLOUR_CLASSES_W)
    flat = [x for row in parts for x in row]
    return np.array(header + flat, dtype=np.int64)


def _card_row(card, sets: list[str], removed: bool) -> list[int]:
    row = [0] * CARD_W
    row[C_REMOVED] = removed                   # a study's removal: out of the game (market.py)
    row[C_TYPE], row[C_DOTS], row[C_COST], row[C_HANDS] = (CARD_TYPES.index(card.type),
                                                          card.dots, card.cost, card.hands)
    row[C_MODS:C_MODS + 6] = card.modifiers
    row[C_ON_BUY] = card.on_buy[1] if card.on_buy else -1
    row[C_SET] = sets.index(card.armor_set) if card.armor_set else -1
    row[C_COLOURS] = sum(1 << c for c in card.colours)
    row[C_ARROW] = card.arrow
    row[C_EFFECT] = EFFECT_IDS[card.effect[0]] if card.effect[0] else -1
    row[C_AMOUNT], row[C_STARS] = card.effect[1], card.stars
    row[C_COND] = CONDITION_IDS[card.condition[0]]
    args = list(card.condition[1:]) + [0, 0]
    row[C_ARG1], row[C_ARG2] = args[0], args[1]
    return row


# ---- R: the Rules as ints ---------------------------------------------------------------------
(R_CLASS_DICE, R_GOLD_DICE, R_REVERSE_PICK, R_RACE_PICK, R_START_GOLD, R_START_EXTRA,
 R_SETUP_DISCARDS, R_INIT_GOLD, R_GOLD_DIE_GOLD, R_THIEF_GOLD, R_THIEF_IN_SETUP, R_ROW_GOLD,
 R_NEW_STANDS, R_KING, R_CHARISMA_VALUE, R_DISCARD_GOLD, R_WEAPON_HANDS, R_BARD_PURCHASES,
 R_DRUID_RECALL, R_SKILLS_USABLE, R_REFRESH, R_FINAL_MARKET, R_BACKSTORY_STARS, R_GOLD_WILD,
 R_ARMOR_NEEDS_ALL, R_ARMOR_BONUS, R_CLASS_DIE_STARS, R_DISCARD_BEFORE, R_TIE, R_SOLO_TRASH,
 R_SOLO_WIN) = (0, 1, 2, 3, 4, 8, 9, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26,
                27, 28, 35, 36, 37, 38, 39, 40, 41, 42)
R_SIZE = 43
TIE_BREAKERS = ("gold_then_fewest_class_dice", "gold", "none")


# How each Rules field is written into R (simulate/kernels/rules.py walks the Rules fields).
RULES_ENCODERS = {
    "class_colour_dice": at(R_CLASS_DICE), "gold_dice": at(R_GOLD_DICE),
    "class_selection": at(R_REVERSE_PICK, lambda v: v == "reverse_pick"),
    "race_assignment": at(R_RACE_PICK, lambda v: v == "pick"),
    "starting_gold": at(R_START_GOLD), "starting_dice_extra": at(R_START_EXTRA),
    "market_setup_discards": at(R_SETUP_DISCARDS), "initiative_gold": at(R_INIT_GOLD),
    "gold_die_gold": at(R_GOLD_DIE_GOLD), "thief_gold_die_gold": at(R_THIEF_GOLD),
    "thief_bonus_in_setup": at(R_THIEF_IN_SETUP), "row_complete_gold": at(R_ROW_GOLD),
    "intelligence_reroll": at(R_NEW_STANDS, lambda v: v == "new_stands"),
    "wisdom_step": at(R_KING, lambda v: v == "king"),
    "charisma_token_value": at(R_CHARISMA_VALUE), "discard_gold": at(R_DISCARD_GOLD),
    "weapon_hands": at(R_WEAPON_HANDS), "bard_purchases": at(R_BARD_PURCHASES),
    "druid_recall": at(R_DRUID_RECALL), "skills_usable": at(R_SKILLS_USABLE),
    "skill_refresh_per_cleanup": at(R_REFRESH), "final_round_market": at(R_FINAL_MARKET),
    "backstory_stars": at(R_BACKSTORY_STARS), "gold_die_backstory_wild": at(R_GOLD_WILD),
    "armor_bonus_needs_all": at(R_ARMOR_NEEDS_ALL), "armor_set_bonus": at(R_ARMOR_BONUS),
    "class_die_stars": at(R_CLASS_DIE_STARS), "discard_before_scoring": at(R_DISCARD_BEFORE),
    "tie_breakers": at(R_TIE, TIE_BREAKERS.index), "solo_trash": at(R_SOLO_TRASH),
    "solo_win_stars": at(R_SOLO_WIN)}


def rules_array(rules) -> np.ndarray:
    """Every Rules field of Roll Player as ints at the R_* offsets."""
    return build_rules_array(rules, R_SIZE, RULES_ENCODERS)


# ---- lists and data access --------------------------------------------------------------------
@njit(cache=True)
def card(D, cid, field):
    return D[D[H_CARD] + cid * CARD_W + field]


@njit(cache=True)
def class_colour(D, klass):
    return D[D[H_CLASS] + klass * CLASS_W]


@njit(cache=True)
def goal(D, klass, row, part):
    """Class goal of ``row``: part 0 low, 1 high, 2 stars."""
    return D[D[H_CLASS] + klass * CLASS_W + 1 + row * 3 + part]


@njit(cache=True)
def step_cell(cell, direction):
    """components.ALIGNMENT_STEP: the cell one step away, or -1."""
    dr = (-1, 1, 0, 0, -1, -1, 1, 1)[direction]
    dc = (0, 0, -1, 1, -1, 1, -1, 1)[direction]
    r, c = cell // 3 + dr, cell % 3 + dc
    return r * 3 + c if 0 <= r < 3 and 0 <= c < 3 else -1
