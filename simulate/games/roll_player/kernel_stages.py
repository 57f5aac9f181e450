"""Roll Player's compiled kernel, part 2b: the stages of the round flow after set-up (``state.py``,
``market.py``): the Roll and Dice Phases, the Market Phase and Cleanup, and ``proceed``, which
runs the flow to the next decision. Set-up, chance and the action rows: ``kernel_setup.py``.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simulate.games.roll_player.kernel_layout import (
    BAG, BOUGHT_SKILL, CARD_W, CHARISMA, C_ARROW, C_HANDS, C_TYPE, DICE_IDX, DISCARD, DRUID_QUEUE,
    EXHAUSTED, FILL, GOLD, H_BARD, H_CARD, H_DRUID, INIT_DICE, INIT_GOLD, INIT_OWNER, KLASS,
    MARKET, MARKET_IDX, MARKET_ORDER, N_CARDS, OVER, PHASE, PLAYERS, PURCHASES, ROLL_CARD,
    ROLL_QUEUE, ROUND, R_BARD_PURCHASES, R_CHARISMA_VALUE, R_DRUID_RECALL, R_FINAL_MARKET,
    R_INIT_GOLD, R_REFRESH, R_SKILLS_USABLE, R_WEAPON_HANDS, SCRATCH, SKILLS, STAGE,
    START_PLAYER, TOKEN, TURN_SEAT, WEAPONS, card, index_of, pop_at, push, step_cell)
from simulate.games.roll_player.kernel_setup import (
    K_TIE, K_TAKE, K_USE_SKILL, K_BUY, K_DISCARD, K_RECALL, K_PASS, add, ask, roll, draw_die,
    fill_market, sort_scratch, stage_race, stage_class, stage_start_dice)
from simulate.games.roll_player.phases import (
    P_INITIATIVE, P_MARKET, P_OVER, P_RECALL, P_SKILL, P_TIE, S_BUY, S_BUY_AGAIN, S_CLASS,
    S_DICE_START, S_DRUID, S_MARKET_TURN, S_NEXT_DICE, S_POST_BUY, S_POST_PLACE, S_PRE_BUY,
    S_PRE_INIT, S_RACE, S_ROLL, S_START_DICE, S_TURN_END)
from simulate.games.roll_player.streams import ROUND_DICE
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles


# ---- Roll and Dice Phases ---------------------------------------------------------------------
@njit(cache=True)
def stage_roll(L, N, S, A, K):
    S[ROUND] += 1
    n = S[N_CARDS]
    dice = K[ROUND_DICE]
    for i in range(n):                           # sorted by (value, colour)
        value = roll(dice)
        L[SCRATCH, i] = value * 16 + draw_die(S, dice)
    sort_scratch(L, n)
    N[ROLL_QUEUE] = 0
    for i in range(n):
        key = L[SCRATCH, i]
        push(L, N, ROLL_QUEUE, (key % 16) * 16 + key // 16)
    for c in range(S[N_CARDS]):
        S[INIT_DICE + c] = S[INIT_OWNER + c] = -1
    S[ROLL_CARD] = 0
    return fill_initiative(L, N, S, A)


@njit(cache=True)
def fill_initiative(L, N, S, A):
    """Lowest die on card 1 and so on; the Start Player orders tied dice of other colours."""
    while N[ROLL_QUEUE]:
        value = L[ROLL_QUEUE, 0] % 16
        colours = 0
        for i in range(N[ROLL_QUEUE]):
            if L[ROLL_QUEUE, i] % 16 == value:
                colours |= 1 << (L[ROLL_QUEUE, i] // 16)
        if colours & (colours - 1):              # two colours or more
            k = 0
            for c in range(7):
                if (colours >> c) & 1:
                    k = add(A, k, K_TIE, c, 0)
            return ask(S, P_TIE, S[START_PLAYER], k)
        S[INIT_DICE + S[ROLL_CARD]] = pop_at(L, N, ROLL_QUEUE, 0)
        S[ROLL_CARD] += 1
    S[STAGE] = S_DICE_START
    return False


@njit(cache=True)
def ask_initiative(S, A):
    k = 0
    for c in range(S[N_CARDS]):
        if S[INIT_OWNER + c] < 0:
            k = add(A, k, K_TAKE, c, 0)
    return ask(S, P_INITIATIVE, S[TURN_SEAT], k)


@njit(cache=True)
def open_window(L, N, S, SE, R, D, A, seat):
    """Offer the seat its usable Skills (or Pass); False when it has none."""
    if not N[SKILLS + seat] or not R[R_SKILLS_USABLE]:
        return False
    k = 0
    for i in range(N[SKILLS + seat]):
        cid = L[SKILLS + seat, i]
        if index_of(L, N, EXHAUSTED + seat, cid) >= 0:
            continue
        if step_cell(SE[seat, TOKEN], card(D, cid, C_ARROW)) < 0:
            continue                             # the token cannot follow the arrow
        k = add(A, k, K_USE_SKILL, cid, 0)
    if not k:
        return False
    return ask(S, P_SKILL, seat, add(A, k, K_PASS, 0, 0))


# ---- Market Phase and Cleanup -----------------------------------------------------------------
@njit(cache=True)
def begin_market(L, N, S, SE, R, D):
    n = S[PLAYERS]
    N[MARKET_ORDER] = N[DRUID_QUEUE] = 0
    full = True
    for s in range(n):
        full &= SE[s, FILL:FILL + 6].sum() == 18
    if R[R_FINAL_MARKET] or not full:
        for c in range(S[N_CARDS]):
            if S[INIT_OWNER + c] >= 0:
                push(L, N, MARKET_ORDER, S[INIT_OWNER + c])
    if R[R_DRUID_RECALL]:
        for i in range(N[MARKET_ORDER]):
            if SE[L[MARKET_ORDER, i], KLASS] == D[H_DRUID]:
                push(L, N, DRUID_QUEUE, L[MARKET_ORDER, i])
    S[MARKET_IDX] = 0
    S[STAGE] = S_DRUID


@njit(cache=True)
def stage_druid(L, N, S, A):
    while N[DRUID_QUEUE]:
        seat = pop_at(L, N, DRUID_QUEUE, 0)
        if N[DISCARD]:
            seen = np.unique(L[DISCARD, :N[DISCARD]])
            k = 0
            for cid in seen:
                k = add(A, k, K_RECALL, cid, 0)
            return ask(S, P_RECALL, seat, add(A, k, K_PASS, 0, 0))
    S[STAGE] = S_MARKET_TURN
    return False


@njit(cache=True)
def buy_actions(L, N, S, SE, R, D, A, seat):
    """Affordable purchases: Gold plus a held Charisma token; weapons within the hands."""
    budget = SE[seat, GOLD] + (R[R_CHARISMA_VALUE] if SE[seat, CHARISMA] else 0)
    hands = 0
    for i in range(N[WEAPONS + seat]):
        hands += card(D, L[WEAPONS + seat, i], C_HANDS)
    k = 0
    for i in range(N[MARKET]):
        cid = L[MARKET, i]
        if D[D[H_CARD] + cid * CARD_W + 2] > budget:          # C_COST
            continue
        h = card(D, cid, C_HANDS)
        if card(D, cid, C_TYPE) != 0 or hands + h <= R[R_WEAPON_HANDS]:
            k = add(A, k, K_BUY, cid, -1)
        else:
            for j in range(N[WEAPONS + seat]):
                w = L[WEAPONS + seat, j]
                if hands - card(D, w, C_HANDS) + h <= R[R_WEAPON_HANDS]:
                    k = add(A, k, K_BUY, cid, w)
    return k


@njit(cache=True)
def stage_buy(L, N, S, SE, R, D, A):
    seat = S[TURN_SEAT]
    if not N[MARKET]:                            # ruling 6: an empty Market, nothing happens
        S[STAGE] = S_TURN_END
        return False
    k = buy_actions(L, N, S, SE, R, D, A, seat)
    if S[PURCHASES] == 0:
        for i in range(N[MARKET]):
            k = add(A, k, K_DISCARD, L[MARKET, i], 0)
    elif k:
        k = add(A, k, K_PASS, 0, 0)
    else:
        S[STAGE] = S_TURN_END
        return False
    return ask(S, P_MARKET, seat, k)


@njit(cache=True)
def cleanup(L, N, S, SE, R, K, X):
    n = S[PLAYERS]
    for seat in range(n):
        SE[seat, CHARISMA] = 0
        for _ in range(min(R[R_REFRESH], N[EXHAUSTED + seat])):
            pop_at(L, N, EXHAUSTED + seat, 0)
    for c in range(S[N_CARDS]):
        if S[INIT_DICE + c] >= 0:
            S[BAG + S[INIT_DICE + c] // 16] += 1
            S[INIT_DICE + c] = -1
    for i in range(N[MARKET]):
        push(L, N, DISCARD, L[MARKET, i])
    N[MARKET] = 0
    full = True
    for s in range(n):
        full &= SE[s, FILL:FILL + 6].sum() == 18
    if full:                                     # every sheet is full: the game ends
        S[OVER] = 1
        S[PHASE] = P_OVER
        return True
    fill_market(L, N, S, K, X)
    for c in range(1, S[N_CARDS] - 1):
        if S[INIT_GOLD + c] == 0:
            S[INIT_GOLD + c] = R[R_INIT_GOLD]
    S[START_PLAYER] = (S[START_PLAYER] + 1) % n
    S[STAGE] = S_ROLL
    return False


@njit(cache=True)
def proceed(L, N, S, SE, R, D, A, K, X, fixed):
    """State._proceed: run the stage handlers until one asks a decision (or the game ends)."""
    while True:
        stage = S[STAGE]
        if stage == S_RACE:
            asked = stage_race(L, N, S, SE, R, D, A, X, fixed)
        elif stage == S_CLASS:
            asked = stage_class(L, N, S, SE, R, D, A, K, X)
        elif stage == S_START_DICE:
            asked = stage_start_dice(L, N, S, SE, R, A)
        elif stage == S_ROLL:
            asked = stage_roll(L, N, S, A, K)
        elif stage == S_DICE_START:
            S[DICE_IDX] = 0
            S[TURN_SEAT] = S[START_PLAYER]
            S[STAGE] = S_PRE_INIT
            asked = False
        elif stage == S_PRE_INIT:
            asked = open_window(L, N, S, SE, R, D, A, S[TURN_SEAT]) or ask_initiative(S, A)
        elif stage == S_POST_PLACE or stage == S_PRE_BUY:
            asked = open_window(L, N, S, SE, R, D, A, S[TURN_SEAT])
            if not asked:
                S[STAGE] = S_NEXT_DICE if stage == S_POST_PLACE else S_BUY
        elif stage == S_NEXT_DICE:
            S[DICE_IDX] += 1
            if S[DICE_IDX] < S[PLAYERS]:
                S[TURN_SEAT] = (S[START_PLAYER] + S[DICE_IDX]) % S[PLAYERS]
                S[STAGE] = S_PRE_INIT
            else:
                begin_market(L, N, S, SE, R, D)
            asked = False
        elif stage == S_DRUID:
            asked = stage_druid(L, N, S, A)
        elif stage == S_MARKET_TURN:
            if S[MARKET_IDX] >= N[MARKET_ORDER]:
                asked = cleanup(L, N, S, SE, R, K, X)
            else:
                S[TURN_SEAT] = L[MARKET_ORDER, S[MARKET_IDX]]
                S[PURCHASES] = S[BOUGHT_SKILL] = 0
                S[STAGE] = S_PRE_BUY
                asked = False
        elif stage == S_BUY:
            asked = stage_buy(L, N, S, SE, R, D, A)
        elif stage == S_POST_BUY:
            asked = S[BOUGHT_SKILL] == 1 and open_window(L, N, S, SE, R, D, A, S[TURN_SEAT])
            if not asked:
                S[STAGE] = S_BUY_AGAIN
        elif stage == S_BUY_AGAIN:
            S[BOUGHT_SKILL] = 0
            bard = SE[S[TURN_SEAT], KLASS] == D[H_BARD] and S[PURCHASES] < R[R_BARD_PURCHASES]
            S[STAGE] = S_BUY if bard else S_TURN_END
            asked = False
        else:                                    # S_TURN_END
            S[MARKET_IDX] += 1
            S[STAGE] = S_MARKET_TURN
            asked = False
        if asked:
            return
