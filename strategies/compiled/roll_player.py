"""Roll Player's compiled kernel, part 6: ``goal_chaser`` and ``balancer``
(``strategies/roll_player.py``) choosing a row of ``A``, with the same scores, the same ties and
the same first-best rule. The Python strategy remembers the best swap's second die between the
two swap decisions; the table is unchanged in between, so here it is found again. Each seat's
notes (``strategies.compiled.roll_player_estimates``) are kept for the whole chunk in ``W``.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from strategies.compiled.roll_player_estimates import (
    ALIGN, AT, BASE, GOLD_RESERVE, MARKET_FIRST, MIN_CARD_VALUE, MIN_GAIN, MODS, NF_SIZE,
    NI_SIZE, SKILL_VALUE, TOTALS, FILLS, best_swap, class_fit, est, gold_weight, placements,
    reroll_gain, seat_notes)
from simulate.games.roll_player.kernel_layout import (
    ARMOR, CHARISMA, CUR, C_ARROW, C_COLOURS, C_COND, C_ARG1, C_ARG2, C_COST, C_EFFECT,
    C_AMOUNT, C_MODS, C_ON_BUY, C_SET, C_STARS, C_TYPE, EFFECT_D0, EFFECT_D1, EFFECT_D2,
    E_ADJUST, E_FLIP, E_GOLD, E_FLIP_INIT, E_REROLL, E_REROLL_INIT, E_SWAP, FILL, GOLD, H_ARMOR,
    H_ARMOR_W, INIT_DICE, INIT_GOLD, INIT_OWNER, KLASS, N_CARDS, PHASE, RACE, R_ARMOR_BONUS,
    R_ARMOR_NEEDS_ALL, R_CHARISMA_VALUE, R_DISCARD_GOLD, R_NEW_STANDS, STAGE, STARTING, TOKEN,
    VALS, card, class_colour, step_cell)
from simulate.games.roll_player.kernel_setup import (
    K_ADJUST, K_BUY, K_DISCARD, K_FLIP, K_KEEP, K_PASS, K_RAISE, K_RECALL, K_REROLL,
    K_START_CHOOSE, K_STEP, K_SWAP1, K_SWAP2, K_USE_SKILL)
from simulate.games.roll_player.phases import (P_CLASS, P_EFFECT, P_INITIATIVE, P_MARKET,
                                               P_PLACE, P_RECALL, P_SKILL, P_START_DIE,
                                               S_POST_PLACE)
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

GOAL_CHASER, BALANCER = 1, 2


@njit(cache=True)
def scratch():
    """``choose``'s working arrays, allocated once per chunk: each seat's notes (none made yet)
    and the row values."""
    return np.zeros((4, NI_SIZE), np.int64), np.zeros((4, NF_SIZE)), np.empty(6)


@njit(cache=True)
def choose(L, N, S, SE, R, D, P, A, n_actions, kind, W):
    seat, phase = S[CUR], S[PHASE]
    NIS, NFS, rows = W
    if phase == P_CLASS:
        best, choice = -np.inf, 0
        for j in range(n_actions):
            fit = class_fit(D, A[j, 1], SE[seat, RACE])
            if fit > best:
                best, choice = fit, j
        return choice
    if phase != P_PLACE and phase != P_INITIATIVE and phase != P_EFFECT and \
            phase != P_START_DIE and phase != P_MARKET and phase != P_SKILL and phase != P_RECALL:
        return 0                                 # races, tie orders
    NI, NF = NIS[seat], NFS[seat]
    seat_notes(L, N, SE, R, D, P, seat, NI, NF)
    weight = gold_weight(SE, P, seat)
    if phase == P_PLACE or (phase == P_START_DIE and A[0, 0] != K_START_CHOOSE):
        if phase == P_PLACE:
            c = 0
            while S[INIT_OWNER + c] != seat:
                c += 1
            die = S[INIT_DICE + c]
        else:
            die = L[STARTING + seat, 0]
        placements(NI, NF, P, weight, die // 16, die % 16, rows)
        best, choice = -1e9, 0
        for j in range(n_actions):
            if rows[A[j, 1]] > best:
                best, choice = rows[A[j, 1]], j
        return choice
    if phase == P_START_DIE:                     # the die whose best row gains most
        best, choice = -np.inf, 0
        for j in range(n_actions):
            v = placements(NI, NF, P, weight, A[j, 1], A[j, 2], rows)
            if v > best:
                best, choice = v, j
        return choice
    if phase == P_INITIATIVE:
        best, choice, n_cards = -1e9, 0, S[N_CARDS]
        for j in range(n_actions):
            c = A[j, 1]
            die = S[INIT_DICE + c]
            value = placements(NI, NF, P, weight, die // 16, die % 16, rows)
            value += S[INIT_GOLD + c] * weight
            value += P[MARKET_FIRST] * (n_cards - c) / n_cards
            if value > best:
                best, choice = value, j
        return choice
    if phase == P_EFFECT:
        return choose_effect(L, N, S, SE, R, D, P, A, n_actions, NI, NF, seat)
    if phase == P_MARKET:
        return market_choice(L, N, S, SE, R, D, P, A, n_actions, NI, NF, seat, weight, kind)
    if phase == P_SKILL:
        after_place = S[STAGE] == S_POST_PLACE
        best, choice = P[MIN_GAIN], n_actions - 1
        for j in range(n_actions):
            if A[j, 0] == K_USE_SKILL:
                cid = A[j, 1]
                if after_place or card(D, cid, C_EFFECT) == E_GOLD:
                    g = skill_gain(SE, R, D, P, NI, NF, seat, cid, weight)
                    if g > best:
                        best, choice = g, j
        return choice
    best, choice = 0.0, n_actions - 1            # P_RECALL: Pass is last
    for j in range(n_actions):
        if A[j, 0] == K_RECALL:
            cid = A[j, 1]
            v = card_value(L, N, SE, R, D, P, NI, NF, seat, cid, weight) \
                - card(D, cid, C_COST) * weight
            if v > best:
                best, choice = v, j
    return choice


@njit(cache=True)
def effect_gain(S, SE, R, P, NI, NF, seat, kind, x, y):
    if kind == K_STEP:
        cell = SE[seat, TOKEN]
        return NF[ALIGN + step_cell(cell, x)] - NF[ALIGN + cell]
    if kind == K_KEEP:
        if x:
            return 0.0
        space, old, new = S[EFFECT_D0], S[EFFECT_D1], S[EFFECT_D2]
        r = space // 3
        return est(NI, P, r, NI[AT + r] + 4 * (old - new)) - NF[BASE + r]
    if kind != K_FLIP and kind != K_ADJUST and kind != K_RAISE and kind != K_REROLL:
        return -1.0                              # initiative targets, Diplomacy: not used
    r, v = x // 3, SE[seat, VALS + x]
    if kind == K_REROLL:
        return reroll_gain(NI, P, not R[R_NEW_STANDS], r, NI[AT + r], v)
    delta = 7 - 2 * v if kind == K_FLIP else 1 if kind == K_RAISE else y
    return est(NI, P, r, NI[AT + r] + 4 * delta) - NF[BASE + r]


@njit(cache=True)
def choose_effect(L, N, S, SE, R, D, P, A, n_actions, NI, NF, seat):
    first = A[0, 0]
    if first == K_SWAP1:
        g, a, b = best_swap(SE, NI, NF, P, seat, -1)
        if g > P[MIN_GAIN]:
            for j in range(n_actions):
                if A[j, 0] == K_SWAP1 and A[j, 1] == a:
                    return j
        return n_actions - 1
    if first == K_SWAP2:                         # the partner found with the first die
        partner = best_swap(SE, NI, NF, P, seat, -1)[2]
        for j in range(n_actions):
            if partner >= 0 and A[j, 1] == partner:
                return j
        partner = best_swap(SE, NI, NF, P, seat, S[EFFECT_D0])[2]
        for j in range(n_actions):
            if A[j, 1] == partner:
                return j
        return -1
    has_pass = A[n_actions - 1, 0] == K_PASS
    best, choice = (P[MIN_GAIN], n_actions - 1) if has_pass else (-1e9, 0)
    for j in range(n_actions):
        if A[j, 0] != K_PASS:
            g = effect_gain(S, SE, R, P, NI, NF, seat, A[j, 0], A[j, 1], A[j, 2])
            if g > best:
                best, choice = g, j
    return choice


@njit(cache=True)
def skill_gain(SE, R, D, P, NI, NF, seat, cid, weight):
    cell = SE[seat, TOKEN]
    gain = NF[ALIGN + step_cell(cell, card(D, cid, C_ARROW))] - NF[ALIGN + cell]
    kind = card(D, cid, C_EFFECT)
    if kind == E_GOLD:
        return gain + card(D, cid, C_AMOUNT) * weight
    if kind == E_SWAP:
        return gain + best_swap(SE, NI, NF, P, seat, -1)[0]
    if kind != E_ADJUST and kind != E_FLIP and kind != E_REROLL:
        return -1.0
    keep, found, best = not R[R_NEW_STANDS], False, 0.0
    for s in range(18):
        v = SE[seat, VALS + s]
        if not v or (v > 6 and (kind != E_ADJUST or v > 7)):
            continue
        r = s // 3
        if kind == E_ADJUST:                     # +1 up to 6, -1 down to 1
            up = v < 6
            g = est(NI, P, r, NI[AT + r] + 4) - NF[BASE + r] if up else 0.0
            if v > 1:
                down = est(NI, P, r, NI[AT + r] - 4) - NF[BASE + r]
                g = down if not up or down > g else g
        elif kind == E_FLIP:
            g = est(NI, P, r, NI[AT + r] + 4 * (7 - 2 * v)) - NF[BASE + r]
        else:
            g = reroll_gain(NI, P, keep, r, NI[AT + r], v)
        if not found or g > best:
            best, found = g, True
    return gain + (best if found else 0)


@njit(cache=True)
def card_value(L, N, SE, R, D, P, NI, NF, seat, cid, weight):
    """GoalChaser.card_value: estimated stars the card adds for the seat (before its cost)."""
    kind = card(D, cid, C_TYPE)
    if kind == 1:
        return float(armor_gain(L, N, SE, R, D, seat, cid))
    if kind == 0:
        gain = 0.5 if card(D, cid, C_ON_BUY) >= 0 else 0.0
        for r in range(6):
            m = card(D, cid, C_MODS + r)
            if m:
                gain += est(NI, P, r, NI[AT + r], m) - NF[BASE + r]
        return gain
    cell = SE[seat, TOKEN]
    step = step_cell(cell, card(D, cid, C_ARROW))
    if kind == 2:
        effect = card(D, cid, C_EFFECT)
        left = max(0, 18 - SE[seat, FILL:FILL + 6].sum())
        per_use = card(D, cid, C_AMOUNT) * weight if effect == E_GOLD else P[SKILL_VALUE]
        initiative = effect == E_REROLL_INIT or effect == E_FLIP_INIT
        return per_use * min(3.0, left / 3.0) * (0.5 if initiative else 1.0)
    arrow = NF[ALIGN + step] - NF[ALIGN + cell] if step >= 0 else 0.0
    stars = card(D, cid, C_STARS)
    if stars <= 0:
        return arrow
    return arrow + stars * trait_chance(SE, D, NI, seat, cid)


@njit(cache=True)
def trait_chance(SE, D, NI, seat, cid):
    kind, a, b = card(D, cid, C_COND), card(D, cid, C_ARG1), card(D, cid, C_ARG2)
    if kind == 1 or kind == 2:                   # attribute_at_least / _at_most
        empty = 3 - NI[FILLS + a]
        guess = NI[TOTALS + a] + NI[MODS + a] + 3.5 * empty
        ok = guess >= b if kind == 1 else guess <= b
        return (0.8 if ok else 0.15) if empty else (1.0 if ok else 0.0)
    if 3 <= kind <= 5:                           # alignment_row / _column / _cell
        cell = SE[seat, TOKEN]
        row_ok = cell % 3 == a if kind == 4 else cell // 3 == a
        return 0.7 if row_ok else 0.2
    return 0.35


@njit(cache=True)
def armor_gain(L, N, SE, R, D, seat, cid):
    colour = class_colour(D, SE[seat, KLASS])
    s = card(D, cid, C_SET)
    k, every = 0, True
    for i in range(N[ARMOR + seat]):
        other = L[ARMOR + seat, i]
        if card(D, other, C_SET) == s:
            k += 1
            every &= (card(D, other, C_COLOURS) >> colour) & 1 == 1
    at = D[H_ARMOR] + s * D[H_ARMOR_W]
    top = D[at] - 1
    gain = D[at + 1 + min(k + 1, top)] - D[at + 1 + min(k, top)]
    if (card(D, cid, C_COLOURS) >> colour) & 1:
        if k == 0:
            gain += R[R_ARMOR_BONUS]
    elif k and every and R[R_ARMOR_NEEDS_ALL]:
        gain -= R[R_ARMOR_BONUS]
    return gain


@njit(cache=True)
def market_choice(L, N, S, SE, R, D, P, A, n_actions, NI, NF, seat, weight, kind):
    token = R[R_CHARISMA_VALUE] if SE[seat, CHARISMA] else 0
    best, choice = -1e9, 0
    for j in range(n_actions):
        if A[j, 0] == K_BUY:
            cid = A[j, 1]
            v = card_value(L, N, SE, R, D, P, NI, NF, seat, cid, weight) \
                - max(0, card(D, cid, C_COST) - token) * weight
            if A[j, 2] >= 0:
                v -= card_value(L, N, SE, R, D, P, NI, NF, seat, A[j, 2], weight) * 0.5
        elif A[j, 0] == K_DISCARD:
            v = R[R_DISCARD_GOLD] * weight + 0.01 * card(D, A[j, 1], C_COST)
        else:
            v = 0.0
        if v > best:
            best, choice = v, j
    if kind != BALANCER or A[choice, 0] != K_BUY:
        return choice
    cid = A[choice, 1]                           # Balancer: keep a reserve, buy only worth
    cost = card(D, cid, C_COST)
    net = card_value(L, N, SE, R, D, P, NI, NF, seat, cid, weight) - cost * weight
    if net < P[MIN_CARD_VALUE] or SE[seat, GOLD] - cost < P[GOLD_RESERVE]:
        fallback, best_key = -1, -(1 << 30)
        for j in range(n_actions):
            if A[j, 0] != K_BUY:
                key = card(D, A[j, 1], C_COST) if A[j, 0] == K_DISCARD else -1
                if key > best_key:
                    fallback, best_key = j, key
        if fallback >= 0:
            return fallback
    return choice

