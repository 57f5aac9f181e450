"""Roll Player's compiled kernel, part 4: the Final Tally and the result numbers of a game, as
``scoring.py`` (weapon subsets searched in ``itertools.combinations`` order, the first best kept).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simulate.games.roll_player.kernel_layout import (
    ALIGNMENT, ARMOR, BACKSTORY, CHARISMA_USED, COLS, C_COND, C_ARG1, C_ARG2, C_COLOURS, C_MODS,
    C_SET, C_STARS, DISCARDS, GOLD, GOLD_COLOUR, H_ALIGN, H_ARMOR, H_ARMOR_W, H_BACK, H_RACE,
    KLASS, PLAYERS, RACE, RESHUFFLES, ROUND, R_ARMOR_BONUS, R_ARMOR_NEEDS_ALL,
    R_BACKSTORY_STARS, R_CLASS_DIE_STARS, R_DISCARD_BEFORE, R_GOLD_WILD, R_SOLO_WIN, R_TIE,
    SKILLS_USED, TOKEN, TRAITS, TRASHED, VALS, WEAPONS, BOUGHT, card, class_colour, goal)
from simulate.kernels.lists import next_combination
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

# a seat's tally, in this order (TALLY_* offsets)
(T_ATTRIBUTES, T_CLASS_DICE, T_ALIGNMENT, T_BACKSTORY, T_ARMOR, T_TRAITS, T_TOTAL, T_GOALS_MET,
 T_CLASS_COUNT, T_MATCHES, T_DROPPED) = range(11)


@njit(cache=True)
def backstory_matches(SE, R, D, seat):
    at = D[H_BACK] + SE[seat, BACKSTORY] * 12
    n = 0
    for r in range(6):
        col = SE[seat, COLS + D[at + 2 * r]]
        n += col == D[at + 2 * r + 1] or (R[R_GOLD_WILD] and col == GOLD_COLOUR)
    return n


@njit(cache=True)
def armor_stars(L, N, SE, R, D, seat):
    colour = class_colour(D, SE[seat, KLASS])
    count, every, some = np.zeros(32, np.int64), np.ones(32, np.bool_), np.zeros(32, np.bool_)
    for i in range(N[ARMOR + seat]):
        cid = L[ARMOR + seat, i]
        s = card(D, cid, C_SET)
        shows = (card(D, cid, C_COLOURS) >> colour) & 1 == 1
        count[s] += 1
        every[s] &= shows
        some[s] |= shows
    stars = 0
    for s in range(32):
        if count[s]:
            at = D[H_ARMOR] + s * D[H_ARMOR_W]
            stars += D[at + 1 + min(count[s], D[at] - 1)]
            if every[s] if R[R_ARMOR_NEEDS_ALL] else some[s]:
                stars += R[R_ARMOR_BONUS]
    return stars


@njit(cache=True)
def condition_holds(L, N, SE, D, seat, cid, totals, met, class_count, matches):
    kind, a, b = card(D, cid, C_COND), card(D, cid, C_ARG1), card(D, cid, C_ARG2)
    cell = SE[seat, TOKEN]
    if kind == 0:
        return True
    if kind == 1:
        return totals[a] >= b
    if kind == 2:
        return totals[a] <= b
    if kind == 3:
        return cell // 3 == a
    if kind == 4:
        return cell % 3 == a
    if kind == 5:
        return cell == a * 3 + b
    if kind == 6:
        return class_count >= a
    if kind == 7:
        return (SE[seat, COLS:COLS + 18] == a).sum() >= b
    if kind == 8:
        return SE[seat, GOLD] >= a
    if kind == 9:
        return N[ARMOR + seat] >= a
    if kind == 10:
        return met >= a
    return matches >= a


@njit(cache=True)
def tally(L, N, SE, R, D, seat, out):
    """scoring.tally: the seat's stars by source into ``out`` (T_* order)."""
    klass = SE[seat, KLASS]
    base = np.empty(6, np.int64)
    for r in range(6):
        base[r] = SE[seat, VALS + 3 * r] + SE[seat, VALS + 3 * r + 1] + \
            SE[seat, VALS + 3 * r + 2] + D[D[H_RACE] + SE[seat, RACE] * 6 + r]
    class_count = (SE[seat, COLS:COLS + 18] == class_colour(D, klass)).sum()
    matches = backstory_matches(SE, R, D, seat)
    fixed = (class_count * R[R_CLASS_DIE_STARS]
             + D[D[H_ALIGN] + SE[seat, ALIGNMENT] * 9 + SE[seat, TOKEN]]
             + R[R_BACKSTORY_STARS + matches] + armor_stars(L, N, SE, R, D, seat))
    m = N[WEAPONS + seat]
    drop = R[R_DISCARD_BEFORE]
    best = -1 << 40
    totals = np.empty(6, np.int64)
    pick = np.empty(8, np.int64)
    for k in range(m, -1 if drop else m - 1, -1):   # every k-subset, combinations() order
        for i in range(k):
            pick[i] = i
        while True:
            totals[:] = base
            for i in range(k):
                cid = L[WEAPONS + seat, pick[i]]
                for r in range(6):
                    totals[r] += card(D, cid, C_MODS + r)
            attr = met = 0
            for r in range(6):
                if goal(D, klass, r, 0) <= totals[r] <= goal(D, klass, r, 1):
                    attr += goal(D, klass, r, 2)
                    met += 1
            traits, dropped = 0, m - k
            for i in range(N[TRAITS + seat]):
                cid = L[TRAITS + seat, i]
                s = card(D, cid, C_STARS) if condition_holds(
                    L, N, SE, D, seat, cid, totals, met, class_count, matches) else 0
                if s < 0 and drop:
                    dropped += 1
                    continue
                traits += s
            if attr + traits > best:
                best = attr + traits
                out[T_ATTRIBUTES], out[T_TRAITS], out[T_GOALS_MET] = attr, traits, met
                out[T_DROPPED] = dropped
            if not next_combination(pick, k, m):
                break
    out[T_CLASS_DICE] = class_count * R[R_CLASS_DIE_STARS]
    out[T_ALIGNMENT] = D[D[H_ALIGN] + SE[seat, ALIGNMENT] * 9 + SE[seat, TOKEN]]
    out[T_BACKSTORY] = R[R_BACKSTORY_STARS + matches]
    out[T_ARMOR] = armor_stars(L, N, SE, R, D, seat)
    out[T_TOTAL] = out[T_ATTRIBUTES] + fixed + out[T_TRAITS]
    out[T_CLASS_COUNT], out[T_MATCHES] = class_count, matches


# per game: GAME_NUMBERS of simulate/compiled/roll_player.py; per seat: SEAT_NUMBERS
@njit(cache=True)
def record(L, N, S, SE, R, D, row, seats, bought, seed, decisions):
    n = S[PLAYERS]
    tallies = np.zeros((n, 11), np.int64)
    keys = np.zeros((n, 3), np.int64)
    width = 3 if R[R_TIE] == 0 else 2 if R[R_TIE] == 1 else 1
    for s in range(n):
        tally(L, N, SE, R, D, s, tallies[s])
        keys[s, 0], keys[s, 1], keys[s, 2] = tallies[s, T_TOTAL], SE[s, GOLD], \
            -tallies[s, T_CLASS_COUNT]
    ranks = np.ones(n, np.int64)
    for s in range(n):                          # ranks_by: lexicographic keys, higher is better
        for o in range(n):
            for i in range(width):
                if keys[o, i] != keys[s, i]:
                    ranks[s] += keys[o, i] > keys[s, i]
                    break
    top = tallies[:, T_TOTAL].max()
    tied = tallies[:, T_TOTAL] == top
    most_gold = -(1 << 40)
    for s in range(n):
        if tied[s] and keys[s, 1] > most_gold:
            most_gold = keys[s, 1]
    by_gold = np.zeros(n, np.bool_)
    for s in range(n):
        by_gold[s] = tied[s] and width > 1 and keys[s, 1] == most_gold
    fewest = -(1 << 40)
    for s in range(n):
        if by_gold[s] and keys[s, 2] > fewest:
            fewest = keys[s, 2]
    by_dice = np.zeros(n, np.bool_)
    for s in range(n):
        by_dice[s] = by_gold[s] and width > 2 and keys[s, 2] == fewest
    row[0], row[1], row[2] = seed, decisions, S[ROUND]
    row[3] = tied.sum() > 1 and by_gold.sum() == 1
    row[4] = by_gold.sum() > 1 and by_dice.sum() == 1
    row[5] = n > 1 and (ranks == 1).sum() > 1
    row[6], row[7], row[8] = top, S[RESHUFFLES], N[TRASHED]
    for s in range(n):
        t = tallies[s]
        won = t[T_TOTAL] >= R[R_SOLO_WIN] if n == 1 else ranks[s] == 1
        values = seats[s]
        values[0], values[1], values[2], values[3] = (SE[s, KLASS], SE[s, RACE],
                                                      SE[s, BACKSTORY], SE[s, ALIGNMENT])
        for i in range(6):                      # T_ATTRIBUTES .. T_TRAITS
            values[4 + i] = t[i]
        values[10], values[11], values[12], values[13] = (SE[s, GOLD], t[T_CLASS_COUNT],
                                                          t[T_GOALS_MET], t[T_MATCHES])
        values[14], values[15], values[16] = N[BOUGHT + s], t[T_DROPPED], SE[s, SKILLS_USED]
        values[17], values[18] = SE[s, DISCARDS], SE[s, CHARISMA_USED]
        values[19] = (tallies[:, T_TOTAL] == t[T_TOTAL]).sum() > 1
        values[20], values[21], values[22] = t[T_TOTAL], ranks[s], won
        bought[s, 0] = N[BOUGHT + s]
        bought[s, 1:1 + N[BOUGHT + s]] = L[BOUGHT + s, :N[BOUGHT + s]]
