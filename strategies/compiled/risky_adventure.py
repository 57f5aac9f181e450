"""Risky Adventure's compiled strategies: ``SpotValuer`` (``strategies/risky_adventure.py``, the
presets ``fame_now``, ``engine_builder`` and ``map_planner`` and any parameter values) choosing
a row of ``A`` or, when placing, the spots themselves, with the same floats in the same order,
the same ties and the same first-best rule. As the Python seat remembers its placement's spot
values for the claim of the same turn of the same game (a seat object plays the whole chunk, and
is not asked for a forced placement), each seat's values are kept in ``V``, forgotten at each
game's start (the chunk driver's ``play_games``).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from strategies.risky_adventure import SpotValuer
from simulate.games.risky_adventure.kernel_claims import _variant
from simulate.games.risky_adventure.kernel_layout import (
    ARTS, A_CLOCK, A_FAME, A_NEED, A_TYPE, BONUS, CAMP, CLAIM, CLOCKS, CUR, DECK, EQUIP, EXC,
    EXC_SPOT, EXPEDITION, EXP_DONE, EXP_SPOT, E_ACT, E_EXC, E_KIND, E_NEED, E_NEXC, E_NSHOWS,
    E_SHOWS, E_TRIGGER, FREE_T, FREE_W, K_BONUS_A, K_BONUS_B, K_DISCOUNT_A, K_DISCOUNT_B,
    K_SCARAB_BOTTOM, K_SCARAB_TOP, LEGAL_N, MAP, MAPS, MAPS_UP, M_FAME, M_NEEDS, NO_WAY, OPEN,
    OWED, PHASE, PLACED, PLACE_SIZE, PLAYERS, POS, RW_CLOCK, RW_FAME, R_A, R_B, R_BONUS_CLOCKS,
    R_BONUS_FAME, R_BOTH_SYMBOLS, R_CAMP, R_DICE, R_EXPEDITIONS_TO_END, R_MAX_CLOCKS,
    R_PAIR_FAME, R_PART_FAME, R_REVEALED, TRIPS, TURN, X_FAME, X_REWARD, X_SYMBOL, push, reach)
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

SPOT_VALUER = 1
# SpotValuer's parameters, in P[seat] (the chunk driver fills them by these names): the
# columns are the declared parameters' own order, each constant found by its name
PARAMS = tuple(SpotValuer.param_ranges)
(CLOCK_VALUE, PROGRESS_VALUE, MAP_WILD_VALUE, MAP_WEIGHT, DISCOUNT_VALUE, BONUS_VALUE,
 SCARAB_WEIGHT, UNREADY_SHARE, DISCOUNT_FIT, EQUIPMENT_LATE, TIE_VALUE, BONUS_CLOCK_WEIGHT,
 BONUS_USE, CARD_PAYOFF) = (PARAMS.index(p) for p in (
     "clock_value", "progress_value", "map_wild_value", "map_weight", "discount_value",
     "bonus_value", "scarab_weight", "unready_share", "discount_fit", "equipment_late",
     "tie_value", "bonus_clock_weight", "bonus_use", "card_payoff"))


@njit(cache=True)
def notes(spots, variants, cards, clocks):
    """Each seat's remembered spot values (value, known) and turn, and scratch reused by every
    decision: the scores and needs of the ``spots`` spot ids, the fresh values of a claim, the
    seat's artifacts per type, the ranked spots, a need's marker ``variants``
    (kernel_layout.buffer_sizes), and card_pays' memo of a card's worth per claim (by seat,
    card, its excavation, clocks up to ``clocks`` and owing or not) with the markers it was
    worked out for (-1: none yet; the driver clears it at each game's start)."""
    memo = (4, cards, 3, clocks + 1, 2)
    return (np.zeros((4, spots)), np.zeros((4, spots), np.bool_),
            np.full(4, -1, np.int64), np.zeros(spots), np.zeros((spots, 3), np.int64),
            np.zeros(spots), np.zeros(spots, np.bool_), np.zeros(3, np.int64),
            np.zeros(spots, np.bool_), np.zeros((variants, 3), np.int64),
            np.zeros(memo), np.full(memo, -1, np.int64))


@njit(cache=True)
def _held_types(L, N, ART, seat, have):
    """The seat's artifacts per type into ``have``."""
    have[:] = 0
    for i in range(N[ARTS + seat]):
        have[ART[L[ARTS + seat, i], A_TYPE]] += 1


@njit(cache=True)
def game_left(L, N, S, SE, R, EQ, EXP):
    per_excavation = R[R_A] + R[R_B]
    excavation = min(N[EXC], min(N[EXC + 1], N[EXC + 2])) / per_excavation
    deck = N[DECK] / max(1, EQ.shape[0] - R[R_CAMP])
    target = R[R_EXPEDITIONS_TO_END] or 3
    far = 0
    for s in range(S[PLAYERS]):
        far = max(far, SE[s, POS])
    expedition = 1 - (S[EXP_DONE] + far / EXP.shape[1]) / target
    return max(0.0, min(excavation, min(deck, expedition)))


@njit(cache=True)
def _active(AF, S, seat, c):
    return AF[seat, c] <= S[TURN]


@njit(cache=True)
def card_pays(L, N, S, SE, R, ART, EQ, EXP, P, c, left, MKF, MKC, MKN, OC, OP, VARS, MEMO,
              KEY):
    """SpotValuer.card_pays: what discount or bonus card ``c`` would pay the seat over the rest
    of the game (the seat's markers this turn in MKF, MKC, MKN; the card's own added for a
    moment and taken off again). A claim's worth at an excavation depends only on the card,
    the seat's clocks, whether it owes and its markers there, so it is worked out once for
    those (MEMO, KEY: notes) and read back after: the same number, exactly."""
    seat = S[CUR]
    pile = R[R_A] + R[R_B]
    clocks = min(SE[seat, CLOCKS], R[R_MAX_CLOCKS])
    dice = R[R_DICE]
    trigger = max(R[R_BONUS_FAME], R[R_BONUS_CLOCKS] * gained_clock(SE, P, seat))
    kind = EQ[c, E_KIND]
    if kind == K_BONUS_A:
        target = R[R_EXPEDITIONS_TO_END] or 3
        boards = target - S[EXP_DONE]
        ahead = 0
        if S[EXPEDITION] >= 0:
            boards -= 1
            for t in range(SE[seat, POS], EXP.shape[1]):
                ahead += EXP[S[EXPEDITION], t, X_REWARD] == EQ[c, E_TRIGGER]
        count = 0
        for b in range(EXP.shape[0]):
            for t in range(EXP.shape[1]):
                count += EXP[b, t, X_REWARD] == EQ[c, E_TRIGGER]
        per_board = count / EXP.shape[0]
        return trigger * (ahead + max(0, boards) * per_board) * 2 / (reach(R) + 1)
    total = 0.0
    for j in range(EQ[c, E_NEXC]):
        e = EQ[c, E_EXC + j]
        if not N[EXC + e]:
            continue
        claims = min(N[EXC + e], left * pile) / S[PLAYERS]
        owing = 1 if gained_clock(SE, P, seat) == 0.0 else 0
        key = _marker_key(MKF, MKC, MKN, e)
        if key >= 0 and KEY[seat, c, j, clocks, owing] == key:
            total += claims * MEMO[seat, c, j, clocks, owing] / ART.shape[0]
            continue
        worth = 0.0
        fixed = kind == K_DISCOUNT_B or R[R_BOTH_SYMBOLS] == 2
        for a in range(ART.shape[0]):
            n0, n1, n2 = ART[a, A_NEED], ART[a, A_NEED + 1], ART[a, A_NEED + 2]
            if kind == K_BONUS_B:       # the dice alone: the clocks go to other claims
                worth += pay_chance(n0, n1, n2, e, MKF, MKC, MKN, 0, dice, OC, OP,
                                    VARS) * trigger
                continue
            now = pay_chance(n0, n1, n2, e, MKF, MKC, MKN, clocks, dice, OC, OP, VARS)
            if fixed:                   # the card's marker, for a moment
                for k in range(EQ[c, E_NSHOWS]):
                    MKF[e, EQ[c, E_SHOWS + k]] += 1
            else:
                MKC[e, MKN[e], 0], MKC[e, MKN[e], 1] = EQ[c, E_SHOWS], EQ[c, E_SHOWS + 1]
                MKN[e] += 1
            with_card = pay_chance(n0, n1, n2, e, MKF, MKC, MKN, clocks, dice, OC, OP, VARS)
            if fixed:
                for k in range(EQ[c, E_NSHOWS]):
                    MKF[e, EQ[c, E_SHOWS + k]] -= 1
            else:
                MKN[e] -= 1
            gain = with_card - now
            worth += gain * (ART[a, A_FAME] + gained_clock(SE, P, seat) * ART[a, A_CLOCK])
        if key >= 0:
            KEY[seat, c, j, clocks, owing], MEMO[seat, c, j, clocks, owing] = key, worth
        total += claims * worth / ART.shape[0]
    return total


@njit(cache=True)
def _marker_key(MKF, MKC, MKN, e):
    """Excavation ``e``'s markers packed in one int: their count, each symbol's fixed count and
    each choice's two symbols, 4 bits apiece (-1 when they do not fit in 60 bits)."""
    if MKN[e] > 11:
        return -1
    key = MKN[e]
    for t in range(3):
        if MKF[e, t] > 15:
            return -1
        key = key * 16 + MKF[e, t]
    for i in range(MKN[e]):
        key = key * 16 + (MKC[e, i, 0] + 1) * 4 + (MKC[e, i, 1] + 1)
    return key


@njit(cache=True)
def spot_values(L, N, S, SE, AF, R, ART, EQ, EXP, MAPS_DATA, P, VAL, HAS, NEEDS, have, MKF,
                MKC, MKN, OC, OP, VARS, MEMO, KEY):
    """SpotValuer.spot_values for the seat to play: VAL[spot] (HAS[spot]), NEEDS[spot]; the
    seat's markers this turn in MKF, MKC, MKN (card_pays)."""
    seat = S[CUR]
    HAS[:] = False
    left = game_left(L, N, S, SE, R, EQ, EXP)
    tops = bottoms = 0
    for i in range(N[EQUIP + seat]):
        kind = EQ[L[EQUIP + seat, i], E_KIND]
        tops += kind == K_SCARAB_TOP
        bottoms += kind == K_SCARAB_BOTTOM
    for i in range(N[CAMP]):
        c = L[CAMP, i]
        if c < 0:
            continue
        kind = EQ[c, E_KIND]
        if kind == K_SCARAB_TOP or kind == K_SCARAB_BOTTOM:
            pairs_gain = bottoms > tops if kind == K_SCARAB_TOP else tops > bottoms
            gain = R[R_PAIR_FAME] - R[R_PART_FAME] if pairs_gain else R[R_PART_FAME]
            value = gain * P[SCARAB_WEIGHT] + P[TIE_VALUE]
        else:
            ready = 1.0
            t = EQ[c, E_ACT]
            if t >= 0 and not (SE[seat, FREE_T + t] or SE[seat, FREE_W]):
                ready = P[UNREADY_SHARE]
            discount = kind == K_DISCOUNT_A or kind == K_DISCOUNT_B
            worth = P[DISCOUNT_VALUE] if discount else P[BONUS_VALUE]
            fit = P[DISCOUNT_FIT]
            if discount and fit != 0:
                worth *= 1 - fit + fit * (N[EXC + EQ[c, E_EXC]] / (R[R_A] + R[R_B]))
            w = P[CARD_PAYOFF]
            pays = card_pays(L, N, S, SE, R, ART, EQ, EXP, P, c, left, MKF, MKC, MKN, OC, OP,
                             VARS, MEMO, KEY) if w else 0.0
            value = (worth * left * (1 - w) + w * pays) * ready if left > P[EQUIPMENT_LATE] \
                else 0.0
            value += P[TIE_VALUE]
        VAL[i], HAS[i] = value, True
        NEEDS[i, :] = EQ[c, E_NEED:E_NEED + 3]
    _held_types(L, N, ART, seat, have)
    w0 = w1 = w2 = 0.0
    for i in range(N[MAPS + seat]):
        m = L[MAPS + seat, i]
        total = MAPS_DATA[m, M_NEEDS] + MAPS_DATA[m, M_NEEDS + 1] + MAPS_DATA[m, M_NEEDS + 2]
        if MAPS_DATA[m, M_NEEDS] > have[0]:
            w0 += MAPS_DATA[m, M_FAME] / total
        if MAPS_DATA[m, M_NEEDS + 1] > have[1]:
            w1 += MAPS_DATA[m, M_FAME] / total
        if MAPS_DATA[m, M_NEEDS + 2] > have[2]:
            w2 += MAPS_DATA[m, M_FAME] / total
    for e in range(3):
        for d in range(min(R[R_REVEALED], N[EXC + e])):
            a = L[EXC + e, N[EXC + e] - 1 - d]
            t = ART[a, A_TYPE]
            want = w0 if t == 0 else w1 if t == 1 else w2
            value = ART[a, A_FAME] + gained_clock(SE, P, seat) * ART[a, A_CLOCK] \
                + P[MAP_WEIGHT] * want
            for i in range(N[EQUIP + seat]):
                c = L[EQUIP + seat, i]
                if _active(AF, S, seat, c) and EQ[c, E_KIND] == K_BONUS_B:
                    for j in range(EQ[c, E_NEXC]):
                        if EQ[c, E_EXC + j] == e:
                            value += P[BONUS_USE]
                            break
            spot = EXC_SPOT + 3 * e + d
            VAL[spot], HAS[spot] = value, True
            NEEDS[spot, :] = ART[a, A_NEED:A_NEED + 3]
    if S[EXPEDITION] >= 0:
        board, pos = S[EXPEDITION], SE[seat, POS]
        n0 = n1 = n2 = 0
        for t in range(pos + 1, min(EXP.shape[1], pos + reach(R)) + 1):
            symbol, reward = EXP[board, t - 1, X_SYMBOL], EXP[board, t - 1, X_REWARD]
            n0, n1, n2 = n0 + (symbol == 0), n1 + (symbol == 1), n2 + (symbol == 2)
            bonus = 0
            for i in range(N[EQUIP + seat]):
                c = L[EQUIP + seat, i]
                if _active(AF, S, seat, c) and EQ[c, E_KIND] == K_BONUS_A:
                    bonus += EQ[c, E_TRIGGER] == reward
            value = P[PROGRESS_VALUE] * (t - pos) + bonus * P[BONUS_USE]
            if reward == RW_FAME:
                value += EXP[board, t - 1, X_FAME]
            elif reward == RW_CLOCK:
                value += gained_clock(SE, P, seat)
            else:
                value += P[MAP_WILD_VALUE]
            spot = EXP_SPOT + t
            VAL[spot], HAS[spot] = value, True
            NEEDS[spot, 0], NEEDS[spot, 1], NEEDS[spot, 2] = n0, n1, n2


@njit(cache=True)
def pay_chance(n0, n1, n2, e, MKF, MKC, MKN, clocks, dice, OC, OP, VARS):
    """dice.pay_chance: the chance one roll pays the need with up to ``clocks`` clocks and
    excavation ``e``'s markers (-1: none), summed over the outcomes in the engine's order. The
    need's marker variants (those the dice can hold) go into VARS once, before the outcomes."""
    count = 0
    for bits in range(1 << MKN[e] if e >= 0 else 1):
        v0, v1, v2 = n0, n1, n2
        if e >= 0:
            v0, v1, v2 = _variant(n0, n1, n2, MKF, MKC, MKN, e, bits)
        if v0 + v1 + v2 <= dice:
            VARS[count, 0], VARS[count, 1], VARS[count, 2] = v0, v1, v2
            count += 1
    total = 0.0
    for o in range(OC.shape[0]):
        best = NO_WAY
        for k in range(count):
            d = max(0, VARS[k, 0] - OC[o, 0]) + max(0, VARS[k, 1] - OC[o, 1]) + \
                max(0, VARS[k, 2] - OC[o, 2])
            best = min(best, d)
        if best <= clocks:
            total += OP[o]
    return total


@njit(cache=True)
def place(L, N, S, SE, AF, R, ART, EQ, EXP, MAPS_DATA, P, V, W, OC, OP):
    """SpotValuer's placement into PLACED: the spots with the highest value x chance, at most
    one on the expedition track (best_placement); the seat's markers this turn are in W[0..2]."""
    seat = S[CUR]
    VALS, KNOWN, TURNS, SCORE, NEEDS, VARS = V[0], V[1], V[2], V[3], V[4], V[9]
    MKF, MKC, MKN = W[0], W[1], W[2]
    spot_values(L, N, S, SE, AF, R, ART, EQ, EXP, MAPS_DATA, P, VALS[seat], KNOWN[seat], NEEDS,
                V[7], MKF, MKC, MKN, OC, OP, VARS, V[10], V[11])
    TURNS[seat] = S[TURN]
    clocks = min(SE[seat, CLOCKS], R[R_MAX_CLOCKS])
    dice = R[R_DICE]
    for i in range(N[OPEN]):
        s = L[OPEN, i]
        e = (s - EXC_SPOT) // 3 if s >= EXC_SPOT else -1
        SCORE[s] = VALS[seat, s] * pay_chance(NEEDS[s, 0], NEEDS[s, 1], NEEDS[s, 2], e, MKF,
                                              MKC, MKN, clocks, dice, OC, OP, VARS)
    for i in range(N[TRIPS]):
        s = L[TRIPS, i]
        SCORE[s] = VALS[seat, s] * pay_chance(NEEDS[s, 0], NEEDS[s, 1], NEEDS[s, 2], -1, MKF,
                                              MKC, MKN, clocks, dice, OC, OP, VARS)
    size = S[PLACE_SIZE]
    taken = W[7]                                # the ranked open spots: their OPEN positions
    n_open = N[OPEN]
    used = V[8]
    used[:n_open] = False
    ranked = min(size, n_open)
    for k in range(ranked):                     # a stable sort by score, highest first
        best = -1
        for i in range(n_open):
            if not used[i] and (best < 0 or SCORE[L[OPEN, i]] > SCORE[L[OPEN, best]]):
                best = i
        used[best] = True
        taken[k] = best
    keep = ranked
    if N[TRIPS] and size:
        trip = L[TRIPS, 0]
        for i in range(1, N[TRIPS]):
            if SCORE[L[TRIPS, i]] > SCORE[trip]:
                trip = L[TRIPS, i]
        if n_open < size or SCORE[trip] > SCORE[L[OPEN, taken[size - 1]]]:
            keep = size - 1
        else:
            trip = -1
    else:
        trip = -1
    N[PLACED] = 0
    for i in range(n_open):                     # sorted: OPEN is in spot order
        for k in range(keep):
            if taken[k] == i:
                push(L, N, PLACED, L[OPEN, i])
    if trip >= 0:
        push(L, N, PLACED, trip)


@njit(cache=True)
def gained_clock(SE, P, seat):
    """SpotValuer.gained_clock: a clock gained is worth nothing while the seat owes clocks."""
    return 0.0 if SE[seat, OWED] else P[CLOCK_VALUE]


@njit(cache=True)
def choose(L, N, S, SE, AF, R, ART, EQ, EXP, MAPS_DATA, P, A, V, W, OC, OP):
    """SpotValuer.choose after the placement: a row of A (the seat's markers this turn in
    W[0..2], for a claim's fresh values)."""
    seat, phase, count = S[CUR], S[PHASE], S[LEGAL_N]
    VALS, KNOWN, TURNS, NEEDS, FRESH_V, FRESH_K = V[0], V[1], V[2], V[4], V[5], V[6]
    if phase == CLAIM:
        if TURNS[seat] == S[TURN]:
            values, known = VALS[seat], KNOWN[seat]
        else:
            spot_values(L, N, S, SE, AF, R, ART, EQ, EXP, MAPS_DATA, P, FRESH_V, FRESH_K,
                        NEEDS, V[7], W[0], W[1], W[2], OC, OP, V[9], V[10], V[11])
            values, known = FRESH_V, FRESH_K
        best, choice = -np.inf, 0
        for j in range(count):
            key = 0.0
            for i in range(N[PLACED]):
                if A[j, 0] >> i & 1:
                    s = L[PLACED, i]
                    if not known[s]:
                        raise RuntimeError("spot_valuer: no value for a claimed spot")
                    key += values[s]
            key -= P[CLOCK_VALUE] * (A[j, 1] - (0 if SE[seat, OWED] else A[j, 2]))
            if j == 0 or key > best:
                best, choice = key, j
        return choice
    if phase == MAP:
        left = game_left(L, N, S, SE, R, EQ, EXP)
        have = V[7]
        _held_types(L, N, ART, seat, have)
        best, choice = -np.inf, 0
        for j in range(count):
            slot = A[j, 0]
            if slot < 0:
                value = 2.0
            else:
                m = L[MAPS_UP, slot]
                missing = 0
                for t in range(3):
                    missing += max(0, MAPS_DATA[m, M_NEEDS + t] - have[t])
                value = MAPS_DATA[m, M_FAME] / (1 + missing * (1.5 - left))
            if j == 0 or value > best:
                best, choice = value, j
        return choice
    if phase == BONUS:                          # a clock when clocks are worth it
        left = game_left(L, N, S, SE, R, EQ, EXP)
        return 1 if count == 2 and left * gained_clock(SE, P, seat) * P[BONUS_CLOCK_WEIGHT] > 1 \
            else 0
    for j in range(count):                      # ACTIVATE: the first typed attachment
        if A[j, 0] >= 0 and A[j, 1] == 0:
            return j
    return 0

