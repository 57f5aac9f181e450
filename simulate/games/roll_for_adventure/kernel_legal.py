"""Roll for Adventure's compiled kernel, part 3a: the legal actions, in the engine's order
(``state.py``'s ``legal_actions``: placements, then hero powers).

An action is a row of ``A``: ``(kind, a, b, c)``. Kind PLACE is ``Place(value a, target code b,
count c)`` (codes: 0-3 territories, 4 the Vortex of Resurrection, 5+ enemy card); kinds ADVANCE ..
RESET (the phase numbers) carry their choice in ``a`` (a die label key, claim 1/0, a seat, a card,
a territory); kind POWER is ``UsePower(hero a, value b, target c)``.
"""
from __future__ import annotations

from numba import njit

from simulate.games.roll_for_adventure.kernel_board import label_key
from simulate.games.roll_for_adventure.kernel_layout import (
    ACTIVE, ADVANCE, BARRIERS, BOUNDARY, CLAIM, COUNTS, DAMAGE, DEFEAT, DESERT, DESERT2, ELIGIBLE,
    ENEMIES, FACE, FOREST, FORT, GIVE, HAND, HEROES, ICE, ICE_PLACED, LEGAL_N, LOSE, PHASE, PLACE,
    POWER_USED, POWERS, R_DESERT_DICE, R_DESERT_VALUE, R_FOREST_TAKES, R_FORT_SPACES,
    R_ICE_PER_TURN, R_SUBTASK, RESET)
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

POWER = 8                                        # the kind of a UsePower row
ADVENTURER, FIGHTER, HEALER, WARRIOR = range(4)  # heroes.FIRST_GAME_HEROES order
MAX_ACTIONS = 1024


@njit(cache=True)
def add(A, i, kind, a, b, c):
    A[i, 0], A[i, 1], A[i, 2], A[i, 3] = kind, a, b, c
    return i + 1


# ---- legal actions ---------------------------------------------------------------------------
@njit(cache=True)
def legal(L, N, S, R, A):
    phase = S[PHASE]
    if phase == PLACE:
        return S[LEGAL_N] if S[LEGAL_N] >= 0 else placements(L, N, S, R, A)
    n = 0
    if phase == ADVANCE or phase == LOSE:        # one per label, in the section's order
        row = DESERT if phase == ADVANCE else DESERT2
        for i in range(N[row]):
            key = label_key(S, L[row, i])
            for j in range(i):
                if label_key(S, L[row, j]) == key:
                    break
            else:
                n = add(A, n, phase, key, 0, 0)
    elif phase == CLAIM:
        n = add(A, add(A, 0, CLAIM, 1, 0, 0), CLAIM, 0, 0, 0)
    elif phase == GIVE:
        for i in range(N[ELIGIBLE]):
            n = add(A, n, GIVE, L[ELIGIBLE, i], 0, 0)
    elif phase == DEFEAT:
        for i in range(N[ENEMIES]):
            n = add(A, n, DEFEAT, L[ENEMIES, i], 0, 0)
    elif phase == RESET:
        for t in range(4):
            if S[DAMAGE + t]:
                n = add(A, n, RESET, t, 0, 0)
    return n


@njit(cache=True)
def placements(L, N, S, R, A):
    """state._placements: per value shown, per target taking it, Place of 1, 2, ... dice."""
    for v in range(7):
        S[COUNTS + v] = 0
    for i in range(N[HAND]):
        S[COUNTS + S[FACE + L[HAND, i]]] += 1
    k = 0
    ice = S[ICE_PLACED] < R[R_ICE_PER_TURN]
    for v in range(1, 7):
        n = S[COUNTS + v]
        if not n:
            continue
        for code in range(3):                    # desert, fortress, forest
            if code == 0:
                if v != R[R_DESERT_VALUE]:
                    continue
                free = R[R_DESERT_DICE] - N[DESERT]
            elif code == 1:
                s = R[R_SUBTASK + v]
                if s < 0 or not S[BARRIERS + s]:
                    continue
                free = R[R_FORT_SPACES] - N[FORT + s]
            else:
                if not R[R_FOREST_TAKES + v]:
                    continue
                free = S[BOUNDARY] - N[FOREST]
            for c in range(1, (n if n < free else free) + 1):
                k = add(A, k, PLACE, v, code, c)
        if ice and S[ICE + v - 1] < 0:
            k = add(A, k, PLACE, v, 3, 1)
        for i in range(N[ENEMIES]):
            for c in range(1, n + 1):
                k = add(A, k, PLACE, v, 5 + L[ENEMIES, i], c)
        for c in range(1, n + 1):
            k = add(A, k, PLACE, v, 4, c)
    if S[POWERS] and not S[POWER_USED] and S[HEROES + S[ACTIVE]] >= 0:
        k = power_actions(L, N, S, A, k, S[HEROES + S[ACTIVE]])
    S[LEGAL_N] = k
    return k


@njit(cache=True)
def power_actions(L, N, S, A, k, hero):
    """heroes.py: the PLACEHOLDER powers' UsePower actions."""
    if hero == ADVENTURER:
        return add(A, k, POWER, hero, 0, 0)
    if hero == WARRIOR:
        for v in range(1, 7):
            if S[COUNTS + v]:
                k = add(A, k, POWER, hero, v, 0)
        return k
    if hero == HEALER:
        low = 1
        while not S[COUNTS + low]:
            low += 1
        for t in range(4):
            if S[DAMAGE + t]:
                k = add(A, k, POWER, hero, low, t)
        return k
    high = 6
    while not S[COUNTS + high]:
        high -= 1
    for i in range(N[ENEMIES]):
        k = add(A, k, POWER, hero, high, L[ENEMIES, i])
    return k
