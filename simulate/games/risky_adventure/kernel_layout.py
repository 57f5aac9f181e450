"""Risky Adventure's compiled kernel, part 1: the state as flat integer arrays, and the
component data and Rules as numbers.

The Rules array is built from the ``Rules`` dataclass fields (``RULES_ENCODERS``, one encoder
per field, simulate/kernels/rules.py): a new field without an encoder sends a run that changes it
to the Python engine, and ``tests/test_kernel_parameters.py`` asks for its encoder. The
component data (``components.load_components``, a study's folder and component edits included)
is read into int arrays when a chunk starts: editing a card needs no code change. Ordered
containers of the engine (the excavations, decks, the camp, each seat's cards, artifacts and
maps...) are rows of ``L`` with their lengths in ``N``, in the engine's order; game scalars
live in ``S``, per-seat numbers in ``SE[seat]``, each seat's ``active_from`` in ``AF[seat]``.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simulate.kernels import use_cache_for
from simulate.kernels.rules import at, rules_array as build_rules_array

from simulate.games.risky_adventure.actions import EXCAVATION_SPOT, EXPEDITION_SPOT, Phase
from simulate.games.risky_adventure.components import KINDS, REWARDS, SYMBOLS
from simulate.games.risky_adventure.dice import IMPOSSIBLE, face_symbols, outcomes
from simulate.games.risky_adventure.state import INACTIVE

# the lists of L (shared by the kernels), re-exported for this game's kernel modules
from simulate.kernels.lists import (index_of, next_combination, pop, pop_at, push,  # noqa: E402,F401
                                    remove)

use_cache_for(__name__)      # numba's cache folder for what this module compiles

PLACE, CLAIM, MAP, BONUS, ACTIVATE = map(int, Phase)
EXC_SPOT, EXP_SPOT, NO_WAY = EXCAVATION_SPOT, EXPEDITION_SPOT, IMPOSSIBLE
NOT_YET = INACTIVE

# ---- rows of L --------------------------------------------------------------------------------
EXC = 0                                         # 0-2: the excavations, top = last
BOX, DECK, CAMP, MAP_DECK, MAPS_UP, TOKENS, OPEN, TRIPS, PLACED = range(3, 12)
EQUIP, ARTS, MAPS = 12, 16, 20                  # + seat
N_ROWS = 24

# ---- S ----------------------------------------------------------------------------------------
(PHASE, CUR, ROUND, TURN, OVER, PLAYERS, CLOCK_SUPPLY, WILD_SUPPLY, EXPEDITION, EXP_DONE,
 REACHED_END, PENDING_MAPS, PENDING_BONUS, ACT_DONE, FLAGS, REASON, LEGAL_N, PLACE_SIZE) = range(18)
FRESH, ROLL = 18, 22                            # fresh: per type + wild (4); roll: F, M, P
S_SIZE = 25
# end flags (state.end_flags) as bits, in the order end_reason joins them
F_EQUIPMENT, F_EXCAVATION, F_EXPEDITION, F_ROUND_LIMIT = 1, 2, 4, 8
END_REASONS = ("equipment", "excavation", "expedition", "round_limit")

# ---- SE[seat] ---------------------------------------------------------------------------------
FAME, CLOCKS, WILDS, FREE_T, FREE_W, POS = 0, 1, 2, 3, 6, 7          # FREE_T: per type (3)
P_ART, P_EXP, P_BONUS = 8, 9, 10                                     # fame parts
T_SPENT, T_GAINED, T_NOTHING, T_SPOTS, T_FINISHED, T_TRADES = range(11, 17)   # tallies
SCARABS, MAP_FAME, MAPS_DONE = 17, 18, 19
OWED = 20                                       # clocks a paid grant still owes the camp
SE_SIZE = 21

# ---- component arrays -------------------------------------------------------------------------
A_TYPE, A_NEED, A_FAME, A_CLOCK, A_B = 0, 1, 4, 5, 6                  # ART[a]; A_NEED: F, M, P
ART_W = 7
(E_KIND, E_NEED, E_NEXC, E_EXC, E_NSHOWS, E_SHOWS, E_ACT, E_TRIGGER) = (0, 1, 4, 5, 7, 8, 10, 11)
EQ_W = 12
K_SCARAB_TOP, K_SCARAB_BOTTOM, K_DISCOUNT_A, K_DISCOUNT_B, K_BONUS_A, K_BONUS_B = range(6)
assert KINDS == ("scarab_top", "scarab_bottom", "discount_a", "discount_b", "bonus_a", "bonus_b")
RW_CLOCK, RW_MAP_WILD, RW_FAME = range(3)
assert REWARDS == ("clock", "map_wild", "fame") and SYMBOLS == "FMP"
X_SYMBOL, X_REWARD, X_FAME = 0, 1, 2            # EXP[board, spot]
M_NEEDS, M_FAME = 0, 3                          # MAPS_DATA[m]: per type (3), fame


# Every field of the component tuples (components.py) is written into the arrays below or named
# here as not affecting play, with why: tests/games/risky_adventure/test_kernel_layout.py holds
# both to the tuples' fields, so a new field cannot be silently ignored by the kernel.
ENCODED = {"Artifact": ("type", "need", "fame", "clock", "back"),
           "Spot": ("symbol", "reward", "fame"),
           "Expedition": ("spots",),
           "Equipment": ("kind", "need", "excavations", "shows", "activation", "trigger"),
           "TreasureMap": ("needs", "fame"),
           "Identities": ("artifacts", "expeditions", "equipment", "maps"),
           "Components": ("artifacts", "expeditions", "equipment", "maps", "ids")}
NOT_PLAYED = {"Artifact.id": "a name: the chunk driver joins the ids each seat took",
              "Equipment.id": "a name: the chunk driver joins the ids each seat took",
              "TreasureMap.id": "a name (maps are counted, not named, in the tables)",
              "Expedition.name": "a name for the game log (simulate replay)",
              "Components.placeholders": "the report's placeholder warning"}


def components_arrays(comp) -> tuple:
    """(ART, EQ, EXP, MAPS_DATA): every component of ``data/*.json`` as loaded (a study's folder
    and component edits included) in int arrays."""
    art = np.array([[a.type, *a.need, a.fame, a.clock, a.back == "B"] for a in comp.artifacts],
                   np.int64).reshape(-1, ART_W)
    eq = np.full((len(comp.equipment), EQ_W), -1, np.int64)
    for i, c in enumerate(comp.equipment):
        eq[i, E_KIND] = KINDS.index(c.kind)
        eq[i, E_NEED:E_NEED + 3] = c.need
        eq[i, E_NEXC], eq[i, E_NSHOWS] = len(c.excavations), len(c.shows)
        eq[i, E_EXC:E_EXC + len(c.excavations)] = c.excavations
        eq[i, E_SHOWS:E_SHOWS + len(c.shows)] = c.shows
        eq[i, E_ACT] = c.activation
        eq[i, E_TRIGGER] = REWARDS.index(c.trigger) if c.trigger else -1
    length = len(comp.expeditions[0].spots)     # every board has as many spots (validated)
    exp = np.array([[[s.symbol, REWARDS.index(s.reward), s.fame] for s in x.spots]
                    for x in comp.expeditions], np.int64).reshape(-1, length, 3)
    maps = np.array([[*m.needs, m.fame] for m in comp.maps], np.int64).reshape(-1, 4)
    return art, eq, exp, maps


def identities(comp) -> tuple:
    """components.Identities as uint64 arrays (artifacts, expeditions, equipment, maps): the
    keys of the kernel's keyed shuffles (simulate/kernels/chance.py)."""
    return tuple(np.array(ids, np.uint64) for ids in comp.ids)


def buffer_sizes(rules, comp) -> tuple[int, int, int, int]:
    """(width of L, rows of A, spot ids, marker variants) for this chunk's rules and component
    data (a study's folder and edits included), so no buffer is sized by hand: the longest
    list (the piles, a seat's cards, the open spots, the expedition targets), the most legal
    actions (claims: every subset of the placed spots with each number of trades; activations:
    each card typed or wild, and Done; maps: each face-up slot and the deck), every spot id,
    and every way one excavation's choice markers (Discount A, one symbol each) can fall."""
    spots = len(comp.expeditions[0].spots)
    width = max(len(comp.artifacts), len(comp.equipment), len(comp.maps), len(comp.expeditions),
                rules.camp_spaces + 3 * rules.revealed_artifacts, spots, rules.adventurers) + 1
    rows = max((1 << rules.adventurers) * (rules.trades_per_turn + 1),
               2 * len(comp.equipment) + 1, rules.maps_face_up + 1, 2)
    choices = [sum(c.kind == "discount_a" and e in c.excavations for c in comp.equipment)
               for e in range(3)]
    return width, rows, EXP_SPOT + spots + 1, 1 << max(choices)


# ---- R: the Rules as ints (simulate/kernels/rules.py walks the Rules fields) -----------------
(R_DICE, R_DIE_FACES, R_CLOCKS, R_STARTING_CLOCKS, R_MAX_CLOCKS, R_TRADE_DICE, R_TRADES,
 R_ONCE, R_ADVENTURERS, R_REACH, R_REVEALED, R_CAMP, R_A, R_B, R_MAPS_UP, R_WILDS,
 R_BOTH_SYMBOLS, R_SAME_TURN, R_BONUS_FAME, R_BONUS_CLOCKS, R_LIMITED, R_TURN_END,
 R_END_EQUIPMENT, R_END_EXCAVATION, R_EXPEDITIONS_TO_END, R_MAX_ROUNDS, R_PART_FAME,
 R_PAIR_FAME, R_TIE_NONE) = (0, 1, *range(4, 31))          # R_DIE_FACES: food, map, pick (3)
R_SIZE = 31

# How each Rules field is written into R. The die faces are also played through dice_arrays.
RULES_ENCODERS = {
    "dice": at(R_DICE), "die_faces": at(R_DIE_FACES), "clocks": at(R_CLOCKS),
    "starting_clocks": at(R_STARTING_CLOCKS), "max_clocks_per_turn": at(R_MAX_CLOCKS),
    "trade_dice": at(R_TRADE_DICE), "trades_per_turn": at(R_TRADES),
    "die_pays_once": at(R_ONCE), "adventurers": at(R_ADVENTURERS),
    "expedition_reach": at(R_REACH), "revealed_artifacts": at(R_REVEALED),
    "camp_spaces": at(R_CAMP), "a_per_excavation": at(R_A), "b_per_excavation": at(R_B),
    "maps_face_up": at(R_MAPS_UP), "wild_artifacts": at(R_WILDS),
    "discount_a_symbols": at(R_BOTH_SYMBOLS),
    "artifact_activates_same_turn": at(R_SAME_TURN), "bonus_fame": at(R_BONUS_FAME),
    "bonus_clocks": at(R_BONUS_CLOCKS), "supply_limited": at(R_LIMITED),
    "end_check": at(R_TURN_END, lambda v: v == "turn_end"),
    "end_on_equipment": at(R_END_EQUIPMENT), "end_on_excavation": at(R_END_EXCAVATION),
    "expeditions_to_end": at(R_EXPEDITIONS_TO_END), "max_rounds": at(R_MAX_ROUNDS),
    "scarab_part_fame": at(R_PART_FAME), "scarab_pair_fame": at(R_PAIR_FAME),
    "tie_break": at(R_TIE_NONE, lambda v: v == "none")}


def rules_array(rules) -> np.ndarray:
    """Every Rules field of Risky Adventure as ints at the R_* offsets."""
    return build_rules_array(rules, R_SIZE, RULES_ENCODERS)


def dice_arrays(rules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(faces, outcome counts, outcome chances): the die's face -> symbol and every roll of the
    dice as symbol counts with its exact chance, from the engine's own functions (dice.py), so
    the strategies' odds are the very same floats."""
    found = outcomes(rules.dice, rules.die_faces)
    return (np.array(face_symbols(rules.die_faces), np.int64),
            np.array([c for c, _ in found], np.int64).reshape(-1, 3),
            np.array([p for _, p in found], np.float64))


# ---- data access ------------------------------------------------------------------------------
@njit(cache=True)
def reach(R):
    """Rules.reach: the knob, or (0) the dice count."""
    return R[R_REACH] if R[R_REACH] else R[R_DICE]


@njit(cache=True)
def spot_artifact(L, N, spot):
    e, depth = (spot - EXC_SPOT) // 3, (spot - EXC_SPOT) % 3
    return L[EXC + e, N[EXC + e] - 1 - depth]


@njit(cache=True)
def markers(SE, AF, L, N, R, EQ, S, seat, MKF, MKC, MKN):
    """Claims.markers: per excavation the fixed symbols (MKF[e]) and the choice markers
    (MKC[e, :MKN[e]], two symbols each) of the seat's working discount cards."""
    MKF[:] = 0
    MKN[:] = 0
    turn, both = S[TURN], R[R_BOTH_SYMBOLS] == 2
    for i in range(N[EQUIP + seat]):
        c = L[EQUIP + seat, i]
        kind = EQ[c, E_KIND]
        if (kind != K_DISCOUNT_A and kind != K_DISCOUNT_B) or AF[seat, c] > turn:
            continue
        e = EQ[c, E_EXC]
        if kind == K_DISCOUNT_B or both:
            for k in range(EQ[c, E_NSHOWS]):
                MKF[e, EQ[c, E_SHOWS + k]] += 1
        else:
            MKC[e, MKN[e], 0], MKC[e, MKN[e], 1] = EQ[c, E_SHOWS], EQ[c, E_SHOWS + 1]
            MKN[e] += 1
