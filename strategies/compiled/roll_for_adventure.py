"""Roll for Adventure's compiled kernel, part 5: the ``balanced`` / ``defender`` / ``builder``
heuristic of ``strategies/roll_for_adventure.py`` choosing a row of ``A`` (the legal list, in
the engine's order), with the same scores, the same ties and the same first-best rule.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simulate.games.roll_for_adventure.kernel_board import ice_count
from simulate.games.roll_for_adventure.kernel_layout import (
    ADVANCE, BOARD, CLAIM, COUNTS, DAMAGE, DEFEAT, ENEMY_DICE, GIVE, HAND, LOSE, OBLIVION, PIPS,
    PLAYERS, R_DEFEAT_PIPS, R_VORTEX, RES_PIPS, RESURRECTION, dice_held)
from strategies.compiled.roll_for_adventure_scores import (
    HARM, HITS, ICE_CLAIM_AT, LOCK, PARTIAL, RESERVE, RESERVE_WEIGHT, RESURRECT, RETURN, SHIELD,
    STOP, TEMPO, THREAT_OF, ice_cave_score, short, task_terms, threats)
from simulate.games.roll_for_adventure.kernel_legal import FIGHTER, HEALER, POWER
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles


@njit(cache=True)
def choose(L, N, S, R, P, T, A, n_actions):
    """CooperativeHeuristic.choose: the index of the chosen row of A."""
    kind = A[0, 0]
    if kind == 0 or kind == POWER:
        return best_placement(L, N, S, R, P, T, A, n_actions)
    if kind == ADVANCE or kind == LOSE:          # a bonus die, then an ally die, then the richest
        best, best_key = 0, 1 << 30
        for j in range(n_actions):
            key = A[j, 1]
            if key == 100:
                key = -100
            elif key // 4 != key % 4:
                key = -50
            else:
                key = -dice_held(L, N, S, key // 4)
            if key < best_key:
                best, best_key = j, key
        return best
    if kind == GIVE:
        best, best_key = 0, 1 << 30
        for j in range(n_actions):
            key = dice_held(L, N, S, A[j, 1])
            if key < best_key:
                best, best_key = j, key
        return best
    threats(L, N, S, R, P, T)
    if kind == CLAIM:
        count = ice_count(S)
        ready = count >= int(P[ICE_CLAIM_AT]) or T[HITS + 3] > 0.5 or (
            count >= 6 and (S[DAMAGE] or S[DAMAGE + 1] or S[DAMAGE + 2] or S[DAMAGE + 3]))
        return 0 if ready == (A[0, 1] == 1) else 1
    best = 0
    for j in range(1, n_actions):
        if kind == DEFEAT:                       # the most dangerous enemy
            better = T[THREAT_OF + A[j, 1]] > T[THREAT_OF + A[best, 1]]
        else:                                    # ResetDamage: the most damaged territory
            better = S[DAMAGE + A[j, 1]] > S[DAMAGE + A[best, 1]]
        if better:
            best = j
    return best




@njit(cache=True)
def best_placement(L, N, S, R, P, T, A, n_actions):
    """CooperativeHeuristic._best_placement: each (value, target) group scored once with its
    best count; the Vortex of Resurrection is the way to stop."""
    threats(L, N, S, R, P, T)
    have = N[HAND]                               # dice that would wait on the boards
    for s in range(S[PLAYERS]):
        have += N[BOARD + s]
    base = have - 1                              # stopping puts a die on the vortex
    lock, ret = P[LOCK], P[RETURN]
    reserve, rw = int(P[RESERVE]), P[RESERVE_WEIGHT]
    best, best_score, best_count = -1, -1e9, 1
    stop, stop_score, stop_count = -1, -1e9, 1
    vortex = False
    need_v, reach, part, unit_v = 0, 0.0, 0.0, 0.0
    ice, ice_known = 0.0, False
    end = n_actions
    if A[n_actions - 1, 0] == POWER:             # hero powers come last
        end = 0
        while A[end, 0] != POWER:
            end += 1
    terms = np.empty(9)
    i = 0
    while i < end:
        v, code, start = A[i, 1], A[i, 2], i
        n = S[COUNTS + v]
        count = 1
        if code >= 4:
            if code == 4:                        # the Vortex of Resurrection: stopping
                if not vortex:
                    vortex = True
                    need_v = R[R_VORTEX] - S[RES_PIPS]
                    tempo = P[TEMPO] * (N[HAND] - 1)
                    freed = N[OBLIVION] + N[RESURRECTION]
                    reach = P[RESURRECT] * freed - tempo - short(P, have + freed)
                    part = -P[LOCK] - tempo - short(P, have - 1)
                    unit_v = P[RESURRECT] * N[OBLIVION] * 0.5 / need_v
                if n * v >= need_v:
                    count = -(-need_v // v)
                    score = reach - 0.01 * count
                else:
                    score = part + unit_v * v
                if score > stop_score:
                    stop, stop_score, stop_count = start, score, count
                i += n
                continue
            card = code - 5                      # an enemy: just the dice that defeat it
            need = R[R_DEFEAT_PIPS] - S[PIPS + card]
            if n * v >= need:
                count = -(-need // v)
                back = N[ENEMY_DICE + card]
                score = T[THREAT_OF + card] + ret * back - 0.05 * count
                if base + back < reserve:
                    score -= rw * (reserve - base - back)
            else:                                # a partial attack
                unit = P[PARTIAL] * T[THREAT_OF + card] * v / need - lock
                if unit <= 0:
                    count = 1
                elif unit > rw:
                    count = n
                else:
                    count = base - reserve
                    count = 1 if count < 1 else n if count > n else count
                score = unit * count
                if base - count < reserve:
                    score -= rw * (reserve - base + count)
            i += n
        elif code == 3:                          # the ice cave: one die
            if not ice_known:
                ice_known = True
                ice, back = ice_cave_score(L, N, S, R, P, T)
                if base + back < reserve:
                    ice = ice - rw * (reserve - base - back)
            score = ice
            i += 1
        else:                                    # a task: 1..m dice
            task_terms(L, N, S, R, P, T, code, v, terms)
            fit, done, back, g = int(terms[0]), terms[1], int(terms[2]), terms[3]
            h, sh, own, floor, extra = terms[4], terms[5], int(terms[6]), int(terms[7]), terms[8]
            if base + back < reserve:
                done -= rw * (reserve - base - back)
            m = n if n < fit else fit
            i += m
            if m == fit:
                score, count = done, m
            else:
                score = -1e9
            if m > 1 or m < fit:
                before = float(own if own > floor else floor)
                before = h if h < before else before
                for c in range(1, m + 1 if m < fit else m):
                    after = own + c if own + c > floor else floor
                    partial = g * c + sh * ((h if h < after else after) - before) - extra
                    if base - c < reserve:
                        partial -= rw * (reserve - base + c)
                    if partial > score or (partial == score and c < count):
                        score, count = partial, c
        if score > best_score:
            best, best_score, best_count = start, score, count
    for j in range(end, n_actions):              # PLACEHOLDER hero powers
        hero, target = A[j, 1], A[j, 3]
        if hero == HEALER:
            score = P[SHIELD] * (T[HARM + target] - 1)
        elif hero == FIGHTER:
            score = T[THREAT_OF + target] * 1.1
        else:
            score = P[STOP] + 0.1
        score -= short(P, base)
        if score > best_score:
            best, best_score, best_count = j, score, 1
    if best < 0 or (stop >= 0 and (best_score < P[STOP] or stop_score > best_score)):
        if stop < 0:
            return 0
        best, best_count = stop, stop_count
    return best + best_count - 1
