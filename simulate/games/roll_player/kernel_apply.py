"""Roll Player's compiled kernel, part 3: effects (attribute actions, Skills) and applying a
decision, as ``sheet.py``, ``market.py`` and ``state.py``'s ``_apply_*``. ``apply`` returns
nothing; after a decision that asks nothing more, the round flow goes on (``proceed``).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simulate.games.roll_player.kernel_layout import (
    ARMOR, BOUGHT, BOUGHT_SKILL, CHARISMA, CHARISMA_USED, COLS, CUR, C_AMOUNT, C_ARROW, C_COST,
    C_EFFECT, C_ON_BUY, C_TYPE, DISCARD, DISCARDS, EFFECT, EFFECT_D0, EFFECT_D1, EFFECT_D2,
    EXHAUSTED, E_ADJUST, E_CHARISMA, E_DIPLOMACY, E_FLIP, E_FLIP_INIT, E_GOLD, E_KEEP, E_RAISE,
    E_REROLL, E_REROLL_INIT, E_STEP, E_SWAP, E_SWAP2, FILL, GOLD, GOLD_COLOUR, H_THIEF,
    INIT_DICE, INIT_GOLD, INIT_OWNER, KLASS, MARKET, N_CARDS, PHASE, PLAYERS, PURCHASES,
    ROLL_CARD, ROLL_QUEUE, R_CHARISMA_VALUE, R_DISCARD_GOLD, R_GOLD_DIE_GOLD, R_KING,
    R_NEW_STANDS, R_ROW_GOLD, R_SOLO_TRASH, R_THIEF_GOLD, R_THIEF_IN_SETUP, SKILLS,
    SKILLS_USED, SOLO, STAGE, STARTING, START_CHOSEN, TOKEN, TRAITS, TRASHED, VALS, WEAPONS, RACE,
    card, index_of, pop_at, push, remove, step_cell)
from simulate.games.roll_player.kernel_setup import (
    K_ADJUST, K_BUY, K_CLASS, K_DISCARD, K_FLIP, K_KEEP, K_PASS, K_PLACE, K_RACE, K_RAISE,
    K_RECALL, K_REROLL, K_START_CHOOSE, K_START_PLACE, K_STEP, K_SWAP1, K_SWAP2, K_TAKE,
    K_TARGET_INIT, K_TARGET_SKILL, K_TIE, K_USE_SKILL, add, ask, open_rows, roll)
from simulate.games.roll_player.kernel_stages import ask_initiative, fill_initiative, proceed
from simulate.games.roll_player.phases import (P_EFFECT, P_MARKET, P_PLACE, P_SKILL, S_BUY,
                                               S_BUY_AGAIN, S_NEXT_DICE, S_POST_BUY,
                                               S_POST_PLACE, S_PRE_BUY, S_PRE_INIT,
                                               S_TURN_END)
from simulate.games.roll_player.streams import SEAT_DICE, SOLO_DIE
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

INNER = 1024          # rows of A where a Diplomacy target's own choices are counted


# ---- effects ----------------------------------------------------------------------------------
@njit(cache=True)
def sheet_effect_actions(L, N, S, SE, R, A, k0, seat, kind, d0):
    """SheetActions._effect_actions for every kind but Diplomacy, into A from row k0."""
    k = k0
    if kind == E_STEP:
        cell = SE[seat, TOKEN]
        for d in range(8 if R[R_KING] else 4):
            if step_cell(cell, d) >= 0:
                k = add(A, k, K_STEP, d, 0)
    elif kind == E_REROLL_INIT or kind == E_FLIP_INIT:
        if S[STAGE] != S_PRE_INIT:               # only before choosing a card
            return k0
        for c in range(S[N_CARDS]):
            if S[INIT_OWNER + c] < 0 and S[INIT_DICE + c] >= 0:
                k = add(A, k, K_TARGET_INIT, c, 0)
    elif kind == E_KEEP:
        return add(A, add(A, k, K_KEEP, 1, 0), K_KEEP, 0, 0)
    else:
        first = -1
        for r in range(6):
            for p in range(SE[seat, FILL + r]):
                s = r * 3 + p
                v, c = SE[seat, VALS + s], SE[seat, COLS + s]
                if kind == E_FLIP:
                    if v <= 6:
                        k = add(A, k, K_FLIP, s, 0)
                elif kind == E_ADJUST:
                    if v < 6:
                        k = add(A, k, K_ADJUST, s, 1)
                    if v > 1:
                        k = add(A, k, K_ADJUST, s, -1)
                elif kind == E_REROLL:
                    k = add(A, k, K_REROLL, s, 0)
                elif kind == E_SWAP:
                    if first < 0:
                        first = s
                    k = add(A, k, K_SWAP1, s, 0)
                elif kind == E_SWAP2:
                    if v != SE[seat, VALS + d0] or c != SE[seat, COLS + d0]:
                        k = add(A, k, K_SWAP2, s, 0)
                elif r == d0:                    # E_RAISE
                    k = add(A, k, K_RAISE, s, 0)
        if kind == E_SWAP2:
            return k
        if kind == E_SWAP:                       # a swap needs two different dice
            distinct = False
            for i in range(k0, k):
                s = A[i, 1]
                distinct |= (SE[seat, VALS + s] != SE[seat, VALS + first]
                             or SE[seat, COLS + s] != SE[seat, COLS + first])
            if not distinct:
                k = k0
    return add(A, k, K_PASS, 0, 0) if k > k0 else k0


@njit(cache=True)
def effect_actions(L, N, S, SE, R, D, A, seat, kind, d0):
    if kind != E_DIPLOMACY:
        return sheet_effect_actions(L, N, S, SE, R, A, 0, seat, kind, d0)
    k = 0                                        # another player's Skill that could act
    for other in range(S[PLAYERS]):
        if other == seat:
            continue
        for i in range(N[SKILLS + other]):
            cid = L[SKILLS + other, i]
            effect = card(D, cid, C_EFFECT)
            if effect != E_DIPLOMACY and (effect == E_GOLD or sheet_effect_actions(
                    L, N, S, SE, R, A, INNER, seat, effect, 0) > INNER):
                k = add(A, k, K_TARGET_SKILL, other, cid)
    return add(A, k, K_PASS, 0, 0) if k else 0


@njit(cache=True)
def start_effect(L, N, S, SE, R, D, A, seat, kind, d0, d1, d2):
    n = effect_actions(L, N, S, SE, R, D, A, seat, kind, d0)
    if not n:
        return False
    S[EFFECT], S[EFFECT_D0], S[EFFECT_D1], S[EFFECT_D2] = kind, d0, d1, d2
    return ask(S, P_EFFECT, seat, n)


@njit(cache=True)
def change_initiative_die(S, mt, c, effect):
    """Climb / Intimidate: reroll (from ``mt``, the seat's dice) or flip a die on an unchosen
    card, then re-order the dice on unchosen cards by value (a stable sort: ties keep their
    order)."""
    die = S[INIT_DICE + c]
    value = roll(mt) if effect == E_REROLL_INIT else 7 - die % 16
    S[INIT_DICE + c] = (die // 16) * 16 + value
    cards = np.empty(5, np.int64)
    dice = np.empty(5, np.int64)
    n = 0
    for i in range(S[N_CARDS]):
        if S[INIT_OWNER + i] < 0 and S[INIT_DICE + i] >= 0:
            cards[n], dice[n] = i, S[INIT_DICE + i]
            n += 1
    for i in range(1, n):
        x, j = dice[i], i - 1
        while j >= 0 and dice[j] % 16 > x % 16:
            dice[j + 1] = dice[j]
            j -= 1
        dice[j + 1] = x
    for i in range(n):
        S[INIT_DICE + cards[i]] = dice[i]


@njit(cache=True)
def apply_effect(L, N, S, SE, R, D, A, K, kind, x, y):
    """Returns True when the effect asks a follow-up (keep a reroll, the swap's second die,
    a Diplomacy target's choice)."""
    seat = S[CUR]
    own = K[SEAT_DICE + seat]                   # the seat's own dice
    if kind == K_FLIP:
        SE[seat, VALS + x] = 7 - SE[seat, VALS + x]
    elif kind == K_ADJUST:
        SE[seat, VALS + x] += y
    elif kind == K_REROLL:
        old, new = SE[seat, VALS + x], roll(own)
        SE[seat, VALS + x] = new
        if not R[R_NEW_STANDS] and new != old:
            start_effect(L, N, S, SE, R, D, A, seat, E_KEEP, x, old, new)
            return True
    elif kind == K_KEEP:
        if not x:
            SE[seat, VALS + S[EFFECT_D0]] = S[EFFECT_D1]
    elif kind == K_SWAP1:
        start_effect(L, N, S, SE, R, D, A, seat, E_SWAP2, x, 0, 0)
        return True
    elif kind == K_SWAP2:
        first = S[EFFECT_D0]
        for base in (VALS, COLS):
            SE[seat, base + first], SE[seat, base + x] = SE[seat, base + x], SE[seat, base + first]
    elif kind == K_STEP:
        SE[seat, TOKEN] = step_cell(SE[seat, TOKEN], x)
    elif kind == K_RAISE:
        SE[seat, VALS + x] += 1
    elif kind == K_TARGET_INIT:
        change_initiative_die(S, own, x, S[EFFECT])
    else:                                        # K_TARGET_SKILL: Diplomacy
        effect = card(D, y, C_EFFECT)
        if effect == E_GOLD:
            SE[seat, GOLD] += card(D, y, C_AMOUNT)
        elif start_effect(L, N, S, SE, R, D, A, seat, effect, 0, 0, 0):
            return True
    S[EFFECT] = -1
    return False


# ---- placing dice and the Market ----------------------------------------------------------------
@njit(cache=True)
def place(S, SE, R, D, seat, row, colour, value, setup):
    """Leftmost in the row; Gold for the third die and for a gold die."""
    space = row * 3 + SE[seat, FILL + row]
    SE[seat, VALS + space], SE[seat, COLS + space] = value, colour
    SE[seat, FILL + row] += 1
    gained = R[R_ROW_GOLD] if SE[seat, FILL + row] == 3 else 0
    if colour == GOLD_COLOUR:
        thief = SE[seat, KLASS] == D[H_THIEF] and (R[R_THIEF_IN_SETUP] or not setup)
        gained += R[R_THIEF_GOLD] if thief else R[R_GOLD_DIE_GOLD]
    SE[seat, GOLD] += gained


@njit(cache=True)
def apply_buy(L, N, S, SE, R, D, A, seat, cid, replacing):
    cost = card(D, cid, C_COST)
    if SE[seat, CHARISMA] > 0 and cost > 0:      # a held Charisma token is always used
        SE[seat, CHARISMA] -= 1
        SE[seat, CHARISMA_USED] += 1
        cost = max(0, cost - R[R_CHARISMA_VALUE])
    SE[seat, GOLD] -= cost
    remove(L, N, MARKET, cid)
    if replacing >= 0:
        remove(L, N, WEAPONS + seat, replacing)
        push(L, N, DISCARD, replacing)
    kind = card(D, cid, C_TYPE)
    push(L, N, (WEAPONS, ARMOR, SKILLS, TRAITS)[kind] + seat, cid)
    S[PURCHASES] += 1
    push(L, N, BOUGHT + seat, cid)
    if kind == 3:                                # a trait moves the token when it can
        cell = step_cell(SE[seat, TOKEN], card(D, cid, C_ARROW))
        if cell >= 0:
            SE[seat, TOKEN] = cell
    elif kind == 2:
        S[BOUGHT_SKILL] = 1
    S[STAGE] = S_POST_BUY
    row = card(D, cid, C_ON_BUY)
    return row >= 0 and start_effect(L, N, S, SE, R, D, A, seat, E_RAISE, row, 0, 0)


@njit(cache=True)
def solo_trash(L, N, S, mt, c):
    """Solo: middle card 1-3 trashes Market card 1-3; highest card 1-2/3-4/5-6 -> 1/2/3."""
    die = roll(mt)
    slot = -1
    if c == S[N_CARDS] - 1:
        slot = (die - 1) // 2
    elif c > 0 and die <= 3:
        slot = die - 1
    if 0 <= slot < N[MARKET]:
        push(L, N, TRASHED, pop_at(L, N, MARKET, slot))


@njit(cache=True)
def apply(L, N, S, SE, R, D, A, a, K, X, fixed):
    kind, x, y = A[a, 0], A[a, 1], A[a, 2]
    seat = S[CUR]
    asked = False
    if kind == K_RACE:
        SE[seat, RACE] = x
    elif kind == K_CLASS:
        SE[seat, KLASS] = x
    elif kind == K_START_CHOOSE:                 # the chosen die to the front
        row = STARTING + seat
        die = pop_at(L, N, row, index_of(L, N, row, x * 16 + y))
        for j in range(N[row], 0, -1):
            L[row, j] = L[row, j - 1]
        L[row, 0] = die
        N[row] += 1
        S[START_CHOSEN] = 1
    elif kind == K_START_PLACE:
        die = pop_at(L, N, STARTING + seat, 0)
        S[START_CHOSEN] = 0
        place(S, SE, R, D, seat, x, die // 16, die % 16, True)
    elif kind == K_TIE:
        die = x * 16 + L[ROLL_QUEUE, 0] % 16
        remove(L, N, ROLL_QUEUE, die)
        S[INIT_DICE + S[ROLL_CARD]] = die
        S[ROLL_CARD] += 1
        asked = fill_initiative(L, N, S, A)
    elif kind == K_TAKE:
        S[INIT_OWNER + x] = seat
        SE[seat, GOLD] += S[INIT_GOLD + x]
        S[INIT_GOLD + x] = 0
        if S[SOLO] and R[R_SOLO_TRASH]:
            solo_trash(L, N, S, K[SOLO_DIE], x)
        asked = ask(S, P_PLACE, seat, open_rows(SE, A, seat, K_PLACE))
    elif kind == K_PLACE:
        c = 0
        while S[INIT_OWNER + c] != seat:
            c += 1
        die = S[INIT_DICE + c]
        S[INIT_DICE + c] = -1
        place(S, SE, R, D, seat, x, die // 16, die % 16, False)
        S[STAGE] = S_POST_PLACE
        if x == E_CHARISMA:                      # the row's attribute action (ROW_EFFECT)
            SE[seat, CHARISMA] += 1
        else:
            asked = start_effect(L, N, S, SE, R, D, A, seat, x, 0, 0, 0)
    elif kind == K_USE_SKILL:
        SE[seat, TOKEN] = step_cell(SE[seat, TOKEN], card(D, x, C_ARROW))
        push(L, N, EXHAUSTED + seat, x)
        SE[seat, SKILLS_USED] += 1
        effect = card(D, x, C_EFFECT)
        if effect == E_GOLD:
            SE[seat, GOLD] += card(D, x, C_AMOUNT)
        else:
            asked = start_effect(L, N, S, SE, R, D, A, seat, effect, 0, 0, 0)
    elif kind == K_PASS:
        phase = S[PHASE]
        if phase == P_EFFECT:                    # an effect declined
            S[EFFECT] = -1
        elif phase == P_SKILL:                   # the window closes
            stage = S[STAGE]
            if stage == S_PRE_INIT:
                asked = ask_initiative(S, A)
            elif stage == S_POST_PLACE:
                S[STAGE] = S_NEXT_DICE
            elif stage == S_PRE_BUY:
                S[STAGE] = S_BUY
            else:
                S[STAGE] = S_BUY_AGAIN
        elif phase == P_MARKET:                  # a Bard declines a second buy
            S[STAGE] = S_TURN_END
    elif kind == K_BUY:
        asked = apply_buy(L, N, S, SE, R, D, A, seat, x, y)
    elif kind == K_DISCARD:
        remove(L, N, MARKET, x)
        push(L, N, DISCARD, x)
        SE[seat, GOLD] += R[R_DISCARD_GOLD]
        SE[seat, DISCARDS] += 1
        S[STAGE] = S_TURN_END
    elif kind == K_RECALL:
        remove(L, N, DISCARD, x)
        push(L, N, MARKET, x)
    else:
        asked = apply_effect(L, N, S, SE, R, D, A, K, kind, x, y)
    if not asked:
        proceed(L, N, S, SE, R, D, A, K, X, fixed)
