"""Roll for Adventure's compiled kernel, part 4: the terms the heuristics score with (the
threat model and each task's worth), as ``strategies/roll_for_adventure*.py`` computes them: the
same arithmetic in the same order, so the same floats. The Python strategy caches these between
decisions; they are pure functions of the table, so here they are computed afresh.

``P`` holds one seat's parameters in ``PARAMS`` order; ``T`` the threat model.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simulate.games.roll_for_adventure.kernel_board import ice_count
from simulate.games.roll_for_adventure.kernel_layout import (
    BARRIERS, BOUNDARY, CARDS_LEFT, DAMAGE, DESERT,
    DESERT2, DISCARD, ENEMIES, FACE, FOREST, FORT, MASTER_OUT,
    R_DECK_SIZE, R_DESERT_DICE, R_FORT_SPACES,
    R_ICE_REWARDS, R_LOSE, R_MASTER_POS, R_MASTER_STACK, R_NFORT, R_NRANKS, R_RANKS, R_STACKS,
    R_SUBTASK, card_land, card_rank)
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

PARAMS = ("stone_weight", "task_weight", "closeness", "lock_cost", "return_weight",
          "spread_cost", "shield_weight", "danger_weight", "threat_weight", "enemy_base",
          "partial_weight", "resurrect_weight", "tempo_cost", "stop_threshold", "reserve_target",
          "reserve_weight", "ice_weight", "ice_claim_at", "desert_loss_cost")
(STONE, TASK, CLOSENESS, LOCK, RETURN, SPREAD, SHIELD, DANGER, THREAT, ENEMY_BASE, PARTIAL,
 RESURRECT, TEMPO, STOP, RESERVE, RESERVE_WEIGHT, ICE_WEIGHT, ICE_CLAIM_AT, DESERT_LOSS) = range(19)
HITS, HARM, SHIELDS, THREAT_OF = 0, 4, 8, 12     # offsets in T: per territory x3, per card
T_SIZE = 36
POWER = 8


@njit(cache=True)
def master_odds(R, left):
    """enemies.shadow_master_odds: the next card is the Master of Shadows."""
    if not left:
        return 0.0
    drawn = R[R_DECK_SIZE] + 1 - left
    if R[R_MASTER_POS]:
        return 1.0 if drawn + 1 == R[R_MASTER_POS] else 0.0
    size, extra = R[R_DECK_SIZE] // R[R_STACKS], R[R_DECK_SIZE] % R[R_STACKS]
    s = R[R_MASTER_STACK] - 1
    start = 0
    for i in range(s):
        start += size + (i < extra)
    if drawn < start:
        return 0.0
    return 1.0 / max(1, start + size + (s < extra) + 1 - drawn)


@njit(cache=True)
def threats(L, N, S, R, P, T):
    """CooperativeHeuristic._threats: the next reveal's attacks per territory (T[HITS]), the
    harm of damage (T[HARM]), a shield's worth (T[SHIELDS]), each enemy's threat (T[THREAT_OF])."""
    nr = R[R_NRANKS]
    top = 0
    for i in range(nr):
        top = max(top, R[R_RANKS + i])
    land = np.full(4, nr)
    rank = np.zeros(top + 1, np.int64)
    for i in range(nr):
        rank[R[R_RANKS + i]] += 4
    for row in (ENEMIES, DISCARD):
        for i in range(N[row]):
            land[card_land(R, L[row, i])] -= 1
            rank[card_rank(R, L[row, i])] -= 1
    unseen = land[0] + land[1] + land[2] + land[3]
    left = S[CARDS_LEFT]
    by_rank = np.zeros(top + 1)
    if not left or not unseen:                   # only the Master of Shadows acts
        by_rank[:] = 1.0 if (S[MASTER_OUT] or left) else 0.0
        for t in range(4):
            T[HITS + t] = 0.0
    else:
        pm = 0.0 if S[MASTER_OUT] else master_odds(R, left)
        share = (1 - pm) / unseen
        for t in range(4):
            T[HITS + t] = land[t] * share
        above = 0
        for r in range(top, -1, -1):
            by_rank[r] = pm + share * above
            above += rank[r]
    for i in range(N[ENEMIES]):
        c = L[ENEMIES, i]
        T[HITS + card_land(R, c)] += by_rank[card_rank(R, c)]
    lose = R[R_LOSE]
    for t in range(4):
        d = S[DAMAGE + t]
        T[HARM + t] = 1.0 + P[DANGER] * d / max(0.25, lose - 1 - d)
        T[SHIELDS + t] = P[SHIELD] * T[HARM + t]
    for i in range(N[ENEMIES]):
        c = L[ENEMIES, i]
        T[THREAT_OF + c] = P[THREAT] * T[HARM + card_land(R, c)] * (
            P[ENEMY_BASE] + by_rank[card_rank(R, c)])


@njit(cache=True)
def short(P, kept):
    """The reserve: dice left on the boards after this turn, below ``reserve_target``."""
    target = int(P[RESERVE])
    return P[RESERVE_WEIGHT] * (target - kept) if kept < target else 0.0


@njit(cache=True)
def gain(P, remaining):
    return P[TASK] / remaining ** P[CLOSENESS] - P[LOCK]


@njit(cache=True)
def task_terms(L, N, S, R, P, T, code, v, out):
    """TaskScores._desert / _fortress / _forest into ``out``: fit, done, back, gain, h, shield,
    own, floor, extra."""
    if code == 0:
        need1, need2 = R[R_DESERT_DICE], R[R_DESERT_DICE + 1]
        own, second = N[DESERT], N[DESERT2]
        fit = need1 - own
        remaining = fit + need1 * (need2 - 1 - second)
        h, sh = T[HITS], T[SHIELDS]
        done = P[RETURN] * (need1 - 1) - sh * (h if h < own else own)
        if second + 1 < need2:
            done += P[TASK] * fit / remaining ** P[CLOSENESS] - P[LOCK] * (1 - own)
            back = own - 1
        else:
            done += P[STONE] - P[DESERT_LOSS] + P[RETURN] * second + P[LOCK] * (own + second)
            back = own + second - 1
        floor, extra = 0, 0.0
    elif code == 1:
        spaces, s = R[R_FORT_SPACES], R[R_SUBTASK + v]
        own = N[FORT + s]
        fit = spaces - own
        floor = remaining = 0
        for i in range(R[R_NFORT]):
            if i != s and N[FORT + i] > floor:
                floor = N[FORT + i]
            if S[BARRIERS + i]:
                remaining += spaces - N[FORT + i]
        h, sh = T[HITS + 1], T[SHIELDS + 1]
        ahead = own if own > floor else floor
        done = sh * ((h if h < floor else floor) - (h if h < ahead else ahead)) \
            + P[RETURN] * spaces + P[LOCK] * own
        if remaining == fit:
            done += P[STONE]
        else:
            done += P[TASK] * fit / remaining ** P[CLOSENESS]
        extra = P[SPREAD] if not own and floor else 0.0
        back = own
    else:
        own = 0
        for i in range(N[FOREST]):
            own += S[FACE + L[FOREST, i]] == v
        held = N[FOREST]
        floor, fit = held - own, S[BOUNDARY] - held
        h, sh = T[HITS + 2], T[SHIELDS + 2]
        ahead = own if own > floor else floor
        done = P[STONE] + P[RETURN] * S[BOUNDARY] + P[LOCK] * held - sh * (h if h < ahead else ahead)
        remaining, back, extra = fit, held, 0.0
    out[0], out[1], out[2], out[3], out[4] = fit, done, back, gain(P, remaining), h
    out[5], out[6], out[7], out[8] = sh, own, floor, extra


@njit(cache=True)
def ice_cave_score(L, N, S, R, P, T):
    """TaskScores._ice_cave: (score, -locked)."""
    h = T[HITS + 3]
    count = ice_count(S)
    at = int(P[ICE_CLAIM_AT])
    locked = 1 if count + 1 < at else -count
    score = T[SHIELDS + 3] * (min(h, count + 1) - min(h, count)) \
        + P[ICE_WEIGHT] / max(1, at - count) - P[LOCK]
    if count + 1 >= R[R_ICE_REWARDS + 1] and N[ENEMIES]:
        score += P[ICE_WEIGHT]
    if count + 1 >= R[R_ICE_REWARDS + 2] and (S[DAMAGE] or S[DAMAGE + 1] or S[DAMAGE + 2]
                                              or S[DAMAGE + 3]):
        score += P[ICE_WEIGHT] * max(max(T[HARM], T[HARM + 1]), max(T[HARM + 2], T[HARM + 3]))
    return score, -locked
