"""Roll Player's compiled kernel, part 5: the estimates of ``strategies/roll_player_estimates.py``
(row estimates, reroll gains, Backstory cell and alignment values, a seat's notes), with the
same arithmetic in the same order. The Python strategy tabulates row estimates per goal; here
they are computed when needed (a few operations). Like the Python ``SeatNotes``, a
seat's notes are kept and ``seat_notes`` redoes only the parts whose inputs changed.

A seat's notes: ints ``NI`` (goals after race and weapon modifiers, row totals, fills, estimate
indexes, ..., and what the notes were made from) and floats ``NF`` (row estimates now, Backstory
cell values, alignment values). Both live as long as a chunk, one per seat.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simulate.games.roll_player.kernel_layout import (
    ALIGNMENT, BACKSTORY, COLS, C_MODS, FILL, GOLD_COLOUR, H_ALIGN, H_BACK, H_RACE, H_THIEF,
    KLASS, RACE, R_GOLD_DIE_GOLD, R_GOLD_WILD, R_ROW_GOLD, R_THIEF_GOLD, VALS, WEAPONS, card,
    class_colour, goal, step_cell)
from strategies.roll_player_estimates import CUM as _CUM, OFF
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

CUM = np.array([row for row, _ in _CUM], dtype=np.int64)       # ways r dice sum to <= x - 1
CUM_TOTAL = np.array([total for _, total in _CUM], dtype=np.int64)
# strategy parameters, in PARAMS order
PARAMS = ("slack", "near_miss", "class_die_weight", "backstory_weight", "gold_value",
          "market_first_weight", "skill_value", "min_gain", "gold_reserve", "min_card_value")
(SLACK, NEAR_MISS, CLASS_DIE, BACKSTORY_WEIGHT, GOLD_VALUE, MARKET_FIRST, SKILL_VALUE, MIN_GAIN,
 GOLD_RESERVE, MIN_CARD_VALUE) = range(10)
# NI and NF offsets
GLOW, GHIGH, GSTARS, TOTALS, FILLS, AT, MODS = 0, 6, 12, 18, 24, 30, 36
COLOUR, ROW_GOLD, DIE_GOLD, WANTED = 42, 43, 44, 45
# what the notes were made from: class, Backstory, alignment, race, weapons (up to 8)
MADE, MADE_KLASS, MADE_BACKSTORY, MADE_ALIGNMENT, MADE_RACE, MADE_NW, MADE_W = range(63, 70)
NI_SIZE = 77
BASE, CELL, ALIGN = 0, 6, 132
NF_SIZE = 141


@njit(cache=True)
def hit_chance(empty, low, high):
    """Chance that ``empty`` fair dice sum within [low, high]."""
    low, high = max(low, 0), min(high, 36)
    if low > high:
        return 0.0
    return (CUM[empty, high + 1] - CUM[empty, low]) / CUM_TOTAL[empty]


@njit(cache=True)
def row_value(P, low, high, stars, total, empty):
    if empty == 0:
        if low <= total <= high:
            return float(stars)
        miss = low - total if total < low else total - high
        return stars * P[NEAR_MISS] if miss == 1 else 0.0
    widen = int(P[SLACK] * empty)
    return stars * hit_chance(empty, low - total - widen, high - total + widen)


@njit(cache=True)
def est(NI, P, r, index, shift=0):
    """``row_table(goal of row r, moved by shift)[index]``: index = (total + OFF) * 4 + empty."""
    return row_value(P, NI[GLOW + r] - shift, NI[GHIGH + r] - shift, NI[GSTARS + r],
                     index // 4 - OFF, index % 4)


@njit(cache=True)
def reroll_gain(NI, P, keep_either, r, at, v):
    """The mean change of row r's estimate when its die showing ``v`` is rerolled."""
    base = est(NI, P, r, at)
    gain = 0.0
    for k in range(1, 7):
        x = est(NI, P, r, at + 4 * (k - v))
        if keep_either:
            gain += x - base if x > base else 0.0
        else:
            gain += x - base
    return gain / 6.0


@njit(cache=True)
def seat_notes(L, N, SE, R, D, P, seat, NI, NF):
    """SeatNotes of ``seat`` now: the parts whose inputs changed since they were made."""
    fresh = not NI[MADE] or NI[MADE_KLASS] != SE[seat, KLASS] or \
        NI[MADE_BACKSTORY] != SE[seat, BACKSTORY] or NI[MADE_ALIGNMENT] != SE[seat, ALIGNMENT]
    if fresh:
        fixed_notes(SE, R, D, P, seat, NI, NF)
    if fresh or not same_kit(L, N, SE, seat, NI):
        row_goals(L, N, SE, D, seat, NI, fresh)
    for r in range(6):
        total = SE[seat, VALS + 3 * r] + SE[seat, VALS + 3 * r + 1] + SE[seat, VALS + 3 * r + 2]
        fill = SE[seat, FILL + r]
        if NI[TOTALS + r] != total or NI[FILLS + r] != fill:
            NI[TOTALS + r], NI[FILLS + r] = total, fill
            NI[AT + r] = (total + OFF) * 4 + 3 - fill
            NF[BASE + r] = est(NI, P, r, NI[AT + r])
    NI[MADE] = 1


@njit(cache=True)
def same_kit(L, N, SE, seat, NI):
    """Are race and weapons what the row goals were made from?"""
    n = N[WEAPONS + seat]
    if NI[MADE_RACE] != SE[seat, RACE] or NI[MADE_NW] != n or n > 8:
        return False
    for i in range(n):
        if NI[MADE_W + i] != L[WEAPONS + seat, i]:
            return False
    return True


@njit(cache=True)
def row_goals(L, N, SE, D, seat, NI, fresh):
    """Goals after race and weapon modifiers; a row whose goal moved gets its estimate redone
    (its fill marked unknown)."""
    klass = SE[seat, KLASS]
    for r in range(6):
        mod = D[D[H_RACE] + SE[seat, RACE] * 6 + r]
        for i in range(N[WEAPONS + seat]):
            mod += card(D, L[WEAPONS + seat, i], C_MODS + r)
        low, high = goal(D, klass, r, 0) - mod, goal(D, klass, r, 1) - mod
        stars = goal(D, klass, r, 2)
        NI[MODS + r] = mod
        if fresh or NI[GLOW + r] != low or NI[GHIGH + r] != high or NI[GSTARS + r] != stars:
            NI[GLOW + r], NI[GHIGH + r], NI[GSTARS + r] = low, high, stars
            NI[FILLS + r] = -1
    NI[MADE_RACE], NI[MADE_NW] = SE[seat, RACE], N[WEAPONS + seat]
    for i in range(min(8, N[WEAPONS + seat])):
        NI[MADE_W + i] = L[WEAPONS + seat, i]


@njit(cache=True)
def fixed_notes(SE, R, D, P, seat, NI, NF):
    """The notes that stay for a game: class colour, Gold, Backstory cells, alignment values."""
    klass = SE[seat, KLASS]
    NI[MADE_KLASS], NI[MADE_BACKSTORY] = klass, SE[seat, BACKSTORY]
    NI[MADE_ALIGNMENT] = SE[seat, ALIGNMENT]
    NI[COLOUR] = class_colour(D, klass)
    NI[ROW_GOLD] = R[R_ROW_GOLD]
    NI[DIE_GOLD] = R[R_THIEF_GOLD] if klass == D[H_THIEF] else R[R_GOLD_DIE_GOLD]
    weight, wild = P[BACKSTORY_WEIGHT], R[R_GOLD_WILD]       # estimates.cell_values
    NF[CELL:CELL + 126] = 0.0
    NI[WANTED:WANTED + 18] = 0
    at = D[H_BACK] + SE[seat, BACKSTORY] * 12
    for r in range(6):
        space, want = D[at + 2 * r], D[at + 2 * r + 1]
        NI[WANTED + space] = 1
        for colour in range(7):
            ok = want == colour or (colour == GOLD_COLOUR and wild)
            NF[CELL + space * 7 + colour] = weight if ok else -0.3 * weight
    grid = D[H_ALIGN] + SE[seat, ALIGNMENT] * 9              # estimates.alignment_values
    for cell in range(9):
        ahead = 0
        first = True
        for d in range(4):
            c = step_cell(cell, d)
            if c >= 0 and (first or D[grid + c] > ahead):
                ahead, first = D[grid + c], False
        NF[ALIGN + cell] = D[grid + cell] + 0.3 * max(0, ahead - D[grid + cell])


@njit(cache=True)
def placements(NI, NF, P, gold_weight, colour, value, out):
    """GoalChaser._placements: the value of the die in each open row (``out[row]``; closed rows
    -1e9). Returns the best value."""
    value4 = 4 * value
    die_gold = NI[DIE_GOLD] if colour == GOLD_COLOUR else 0
    class_bonus = colour != GOLD_COLOUR and colour == NI[COLOUR]
    best = -np.inf
    for r in range(6):
        out[r] = -1e9
        f = NI[FILLS + r]
        if f >= 3:
            continue
        gold = NI[ROW_GOLD] if f == 2 else 0
        gain = est(NI, P, r, NI[AT + r] - 1 + value4) - NF[BASE + r]
        gain += NF[CELL + (r * 3 + f) * 7 + colour]
        if die_gold:
            gold += die_gold
        elif class_bonus:
            gain += P[CLASS_DIE]
        out[r] = gain + gold * gold_weight if gold else gain
        if out[r] > best:
            best = out[r]
    return best


@njit(cache=True)
def best_swap(SE, NI, NF, P, seat, first):
    """GoalChaser._best_swap: (gain, a, b), the first best pair in sheet order."""
    best, best_a, best_b = -1e9, -1, -1
    for a in range(18):
        va = SE[seat, VALS + a]
        if not va or (first >= 0 and a != first):
            continue
        ca, ra = SE[seat, COLS + a], a // 3
        ia, ba = NI[AT + ra] - 4 * va, NF[BASE + ra]
        for b in range(0 if first >= 0 else a + 1, 18):
            vb = SE[seat, VALS + b]
            if not vb:
                continue
            cb, rb = SE[seat, COLS + b], b // 3
            if va == vb and ca == cb:
                continue
            ib, bb = NI[AT + rb] - 4 * vb, NF[BASE + rb]
            g = 0.0 if rb == ra else (est(NI, P, ra, ia + 4 * vb) - ba) + (
                est(NI, P, rb, ib + 4 * va) - bb)
            if NI[WANTED + a] or NI[WANTED + b]:
                g += (NF[CELL + a * 7 + cb] + NF[CELL + b * 7 + ca] - NF[CELL + a * 7 + ca]
                      - NF[CELL + b * 7 + cb])
            if g > best:
                best, best_a, best_b = g, a, b
    return best, best_a, best_b


@njit(cache=True)
def gold_weight(SE, P, seat):
    """Gold matters less as the own sheet fills (18 spaces)."""
    left = max(0, 18 - SE[seat, FILL:FILL + 6].sum())
    return P[GOLD_VALUE] * min(1.0, left / 6.0) + 0.01


@njit(cache=True)
def class_fit(D, klass, race):
    fit = 0.0
    for r in range(6):
        mod = D[D[H_RACE] + race * 6 + r]
        fit += goal(D, klass, r, 2) * hit_chance(3, goal(D, klass, r, 0) - mod - 3,
                                                 goal(D, klass, r, 1) + -mod + 3)
    return fit


