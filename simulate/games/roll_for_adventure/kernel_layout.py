"""Roll for Adventure's compiled kernel, part 1: a game's state as flat integer arrays
and the Rules as numbers.

The kernel (driven by ``simulate/compiled/roll_for_adventure.py``) plays exactly the game of the
Python engine for the same seed: same dice, same draws in the same order. So every ordered
container of the engine (hero boards, the
roll, the desert sections, the forest path, the vortexes...) is a row of ``L`` holding the same
dice in the same order, its length in ``N``; scalars and small arrays live in ``S`` at the
offsets below. Dice are the engine's ints: 0-19 hero dice (colour ``d // 5``), 20-23 bonus dice.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simulate.kernels import use_cache_for
from simulate.kernels.rules import at, counted, rules_array as build_rules_array

from simulate.games.roll_for_adventure.kingdom import Phase
from simulate.games.roll_for_adventure.rules import TERRITORY_DIE_FACES


# the lists of L (shared by the kernels), re-exported for this game's kernel modules
from simulate.kernels.lists import extend, insert_front, pop_at, push, remove  # noqa: E402,F401

use_cache_for(__name__)      # numba's cache folder for what this module compiles

WIDTH = 32            # room in every list: the deck holds up to 25 cards, a list 24 dice

# ---- rows of L (lengths in N) ----------------------------------------------------------------
BOARD = 0             # 0-3: each seat's hero board (dice waiting, unrolled)
HAND, DESERT, DESERT2, LOST = 4, 5, 6, 7      # the roll; desert sections 1, 2, 3
FORT = 8              # 8-13: the fortress subtasks
FOREST, OBLIVION, RESURRECTION, POOL = 14, 15, 16, 17   # POOL: the ice cave's big space
ENEMIES, DISCARD, DECK = 18, 19, 20           # cards face up (reveal order), defeated, to draw
ELIGIBLE, PENDING = 21, 22                    # seats owed a bonus die; follow-ups queued
ENEMY_DICE = 23       # 23-46: the dice on each enemy card
TAKEN, COMMANDED = 47, 48                     # scratch: the dice of one placement; attackers
N_LISTS = 49

# ---- S: scalars, then small arrays -------------------------------------------------------------
ACTIVE, TURN, PHASE, ICE_PLACED, FOREST_STONES, BOUNDARY, CARDS_LEFT, MASTER_OUT = range(8)
RES_PIPS, STONES_TOTAL, POWER_USED, TURN_OVER, OVER, WON, END, MASTER_TURN = range(8, 16)
STONES_AT_MASTER, DEFEATED, MAX_OBLIVION, RESURRECTIONS, CLAIMS, BONUS_GIVEN = range(16, 22)
PLAYERS, POWERS = 22, 23
FACE, HOLDER = 24, 48                         # per die (24 each)
DAMAGE, STONES = 72, 76                       # per territory
BARRIERS = 80                                 # per fortress subtask (6)
PIPS = 86                                     # per enemy card (24)
HEROES, SEAT_STONES, SEAT_DEFEATED, SEAT_PLACED, SEAT_BONUS = 110, 114, 118, 122, 126  # per seat
ICE = 130                                     # the ice cave's spaces 1-6: a die or -1
COUNTS = 136                                  # dice of the roll showing each value (0-6)
LEGAL_N = 143         # the placements listed in A for the current roll, or -1 (state._legal)
FALLEN = 144          # the territories that fell (bit t: territory t; state.fallen)
S_SIZE = 145

# phases (kingdom.py's Phase, as plain ints for numba) and end reasons (END: the territory that
# fell is FELL + t; several at once: SEVERAL_FELL)
PLACE, ADVANCE, LOSE, CLAIM, GIVE, DEFEAT, RESET, GAME_OVER = map(int, Phase)
END_STONES, FELL, END_TURN_LIMIT, END_NO_DICE, SEVERAL_FELL = 0, 1, 5, 6, 7
MASTER = -1           # the Master of Shadows in the deck

# ---- R: the Rules as ints (rules_array) -------------------------------------------------------
R_STONES, R_LOSE, R_HERO_DICE, R_ALLIES, R_BONUS = 0, 1, 2, 3, 6      # R_ALLIES: 3 items
R_NRANKS, R_RANKS = 7, 8                      # enemy_ranks: count, 6 items
R_STACKS, R_MASTER_STACK, R_MASTER_POS, R_DESERT_VALUE, R_DESERT_DICE = 14, 15, 16, 17, 18  # 2
R_NFORT, R_FORT_VALUES, R_FORT_SPACES = 20, 21, 27                    # values: 6 items
R_NFOREST, R_FOREST_VALUES = 28, 29                                   # 6 items
R_NBOUNDS, R_BOUNDS = 35, 36                                          # 8 items
R_NO_DICE_BELOW, R_ICE_PER_TURN, R_ICE_REWARDS = 44, 45, 46           # rewards: 3 items
R_ICE_ATTACK, R_NEW_ENEMY_FIRST, R_HEAL_ONE, R_VORTEX, R_DEFEAT_PIPS = 49, 50, 51, 52, 53
R_NFACES, R_FACES = 54, 55                    # territory die: count, 12 faces (0-3, 4 all, 5 none)
R_MASTER_DAMAGE, R_MASTER_DAMAGE_ALL, R_HERO_POWERS, R_MAX_TURNS = 67, 68, 69, 70
R_SUBTASK = 71                                # value 0-6 -> fortress subtask or -1 (7 items)
R_DECK_SIZE, R_FOREST_TAKES = 78, 79          # R_FOREST_TAKES: value 0-6 -> 1 if the forest takes it
R_SIZE = 86
FACE_ALL, FACE_NONE = 4, 5


def _lookup(offset: int, size: int, value_of=lambda i: i, absent: int = 0):
    """A table from die value 0..size-1: the sequence's item v at ``offset + v`` holds
    ``value_of(position of v)``, every other value ``absent``."""
    def encode(r: np.ndarray, values) -> None:
        r[offset:offset + size] = absent
        for i, v in enumerate(values):
            r[offset + v] = value_of(i)
    return encode


def _deck_size(r: np.ndarray, ranks) -> None:
    r[R_DECK_SIZE] = 4 * len(ranks)             # Rules.deck_size


# How each Rules field is written into R (simulate/kernels/rules.py walks the Rules fields).
RULES_ENCODERS = {
    "stones_to_win": at(R_STONES), "damage_to_lose": at(R_LOSE),
    "hero_dice_per_player": at(R_HERO_DICE), "ally_dice": at(R_ALLIES), "bonus_dice": at(R_BONUS),
    "enemy_ranks": (counted(R_NRANKS, R_RANKS), _deck_size), "deck_stacks": at(R_STACKS),
    "shadow_master_stack": at(R_MASTER_STACK), "shadow_master_position": at(R_MASTER_POS),
    "desert_value": at(R_DESERT_VALUE), "desert_section_dice": at(R_DESERT_DICE),
    "fortress_values": (counted(R_NFORT, R_FORT_VALUES), _lookup(R_SUBTASK, 7, absent=-1)),
    "fortress_spaces": at(R_FORT_SPACES),
    "forest_values": (counted(R_NFOREST, R_FOREST_VALUES), _lookup(R_FOREST_TAKES, 7, lambda i: 1)),
    "forest_boundaries": counted(R_NBOUNDS, R_BOUNDS),
    "no_dice_counts_bonus": at(R_NO_DICE_BELOW, lambda v: 24 if v else 20),
    "ice_cave_dice_per_turn": at(R_ICE_PER_TURN), "ice_cave_rewards": at(R_ICE_REWARDS),
    "ice_cave_attack_dice": at(R_ICE_ATTACK),
    "attack_order": at(R_NEW_ENEMY_FIRST, lambda v: v == "new_enemy_first"),
    "ice_cave_reset": at(R_HEAL_ONE, lambda v: v == "one"), "vortex_threshold": at(R_VORTEX),
    "enemy_defeat_pips": at(R_DEFEAT_PIPS),
    "territory_die": counted(R_NFACES, R_FACES, TERRITORY_DIE_FACES.index),
    "shadow_master_damage": at(R_MASTER_DAMAGE),
    "shadow_master_damage_all": at(R_MASTER_DAMAGE_ALL), "hero_powers": at(R_HERO_POWERS),
    "max_turns": at(R_MAX_TURNS)}


def rules_array(rules) -> np.ndarray:
    """Every Rules field of Roll for Adventure as ints at the R_* offsets."""
    return build_rules_array(rules, R_SIZE, RULES_ENCODERS)


@njit(cache=True)
def card_land(R, card):
    return card // R[R_NRANKS]


@njit(cache=True)
def card_rank(R, card):
    return R[R_RANKS + card % R[R_NRANKS]]


@njit(cache=True)
def dice_held(L, N, S, seat):
    """Hero and ally dice on a seat's board, plus its roll for the active seat (kingdom.py)."""
    n = 0
    for i in range(N[BOARD + seat]):
        n += L[BOARD + seat, i] < 20
    if seat == S[ACTIVE]:
        for i in range(N[HAND]):
            n += L[HAND, i] < 20
    return n
