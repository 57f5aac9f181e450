"""Roll Player's compiled kernel, part 2: chance, the Market deck and the stages of the round
flow (``state.py``, ``setup.py``, ``market.py``), the same draws in the same order. A stage
handler returns True when it asks a decision: it has written the legal actions into ``A`` (rows
``(kind, a, b)``) and called ``ask``. Layout: ``kernel_layout.py``.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simulate.games.roll_player.kernel_layout import (
    BAG, BOUGHT_SKILL, CARD_W, CHARISMA, CLASS_DRAWS, COLOUR_CLASSES_W, CUR, C_ARROW, C_DOTS,
    C_EFFECT, C_HANDS, C_TYPE, DECK, DICE_IDX, DISCARD, DRUID_QUEUE, E_DIPLOMACY, EXHAUSTED,
    FILL, GOLD, GOLD_COLOUR, H_BARD, H_CARD, H_COLOUR_CLASSES, H_DRUID, H_NALIGN,
    H_NBACK, H_NCARDS, H_NCLASS, H_NRACE, INIT_DICE, INIT_GOLD, INIT_OWNER, KLASS, LEGAL_N,
    MARKET, MARKET_IDX, MARKET_ORDER, N_CARDS, OVER, PHASE, PILE, PLAYERS, PURCHASES, RACE,
    RESHUFFLES, ROLL_CARD, ROLL_QUEUE, ROUND, R_BARD_PURCHASES, R_CHARISMA_VALUE,
    R_DRUID_RECALL, R_FINAL_MARKET, R_INIT_GOLD, R_RACE_PICK, R_REFRESH, R_REVERSE_PICK,
    R_SETUP_DISCARDS, R_SKILLS_USABLE, R_START_EXTRA, R_START_GOLD, R_WEAPON_HANDS, SCRATCH,
    SKILLS, SOLO, STAGE, STARTING, START_CHOSEN, START_PLAYER, TOKEN, TRASHED, TURN_SEAT,
    WEAPONS, BACKSTORY, ALIGNMENT, card, class_colour, index_of, pop_at, push, step_cell)
from simulate.games.roll_player.phases import (
    P_CLASS, P_INITIATIVE, P_MARKET, P_OVER, P_RACE, P_RECALL, P_SKILL, P_START_DIE, P_TIE,
    S_BUY, S_BUY_AGAIN, S_CLASS, S_DICE_START, S_DRUID, S_MARKET_TURN, S_NEXT_DICE,
    S_POST_BUY, S_POST_PLACE, S_PRE_BUY, S_PRE_INIT, S_RACE, S_ROLL, S_START_DICE, S_TURN_END)
from simulate.kernels.cpython_random import mt_random

(K_RACE, K_CLASS, K_START_CHOOSE, K_START_PLACE, K_TIE, K_TAKE, K_PLACE, K_FLIP, K_SWAP1,
 K_SWAP2, K_ADJUST, K_REROLL, K_KEEP, K_STEP, K_RAISE, K_TARGET_INIT, K_USE_SKILL,
 K_TARGET_SKILL, K_BUY, K_DISCARD, K_RECALL, K_PASS) = range(22)


@njit(cache=True)
def add(A, k, kind, a, b):
    A[k, 0], A[k, 1], A[k, 2] = kind, a, b
    return k + 1


@njit(cache=True)
def ask(S, phase, seat, n):
    S[PHASE], S[CUR], S[LEGAL_N] = phase, seat, n
    return True


# ---- chance -----------------------------------------------------------------------------------
@njit(cache=True)
def roll(mt):
    return int(mt_random(mt) * 6) + 1


@njit(cache=True)
def draw_die(S, mt):
    """A random die from the bag: its colour."""
    k = int(mt_random(mt) * S[BAG:BAG + 7].sum())
    for colour in range(7):
        k -= S[BAG + colour]
        if k < 0:
            S[BAG + colour] -= 1
            return colour
    raise RuntimeError("the dice bag is empty")


@njit(cache=True)
def shuffle(L, row, n, mt):
    """State.shuffle (not random.shuffle): j = int(random() * (i + 1))."""
    for i in range(n - 1, 0, -1):
        j = int(mt_random(mt) * (i + 1))
        L[row, i], L[row, j] = L[row, j], L[row, i]


# ---- the Market deck --------------------------------------------------------------------------
@njit(cache=True)
def setup_market(L, N, S, R, D, mt):
    """Single-dot pile on top of the double-dot pile, after set-up discards from each."""
    N[PILE] = N[PILE + 1] = 0
    for cid in range(D[H_NCARDS]):
        push(L, N, PILE + card(D, cid, C_DOTS) - 1, cid)
    if S[SOLO]:                                  # solo: Diplomacy leaves the game
        for p in range(2):
            i = 0
            while i < N[PILE + p]:               # as the engine's remove-while-iterating
                cid = L[PILE + p, i]
                if card(D, cid, C_EFFECT) == E_DIPLOMACY:
                    pop_at(L, N, PILE + p, i)
                    push(L, N, TRASHED, cid)
                i += 1
    k = R[R_SETUP_DISCARDS + S[PLAYERS] - 1]
    for p in range(2):
        row = PILE + p
        shuffle(L, row, N[row], mt)
        cut = min(k, N[row])
        for i in range(cut):
            push(L, N, DISCARD, L[row, i])
        for i in range(cut):
            pop_at(L, N, row, 0)
    N[DECK] = 0
    for p in (1, 0):                             # the top of the deck is the end
        for i in range(N[PILE + p]):
            push(L, N, DECK, L[PILE + p, i])
    fill_market(L, N, S, mt)


@njit(cache=True)
def draw_card(L, N, S, mt):
    if not N[DECK]:
        if not N[DISCARD]:
            return -1
        for i in range(N[DISCARD]):
            L[DECK, i] = L[DISCARD, i]
        N[DECK], N[DISCARD] = N[DISCARD], 0
        shuffle(L, DECK, N[DECK], mt)
        S[RESHUFFLES] += 1
    return pop_at(L, N, DECK, N[DECK] - 1)


@njit(cache=True)
def fill_market(L, N, S, mt):
    for _ in range(S[N_CARDS]):
        cid = draw_card(L, N, S, mt)
        if cid < 0:
            break
        push(L, N, MARKET, cid)


# ---- set-up -----------------------------------------------------------------------------------
@njit(cache=True)
def stage_race(L, N, S, SE, R, D, A, mt, fixed):
    n = S[PLAYERS]
    if not R[R_RACE_PICK]:                       # dealt
        races = D[H_NRACE]
        for i in range(races):
            L[SCRATCH, i] = i
        shuffle(L, SCRATCH, races, mt)
        for s in range(n):
            SE[s, RACE] = L[SCRATCH, s % races]
    else:
        taken = 0
        for s in range(n):
            taken += SE[s, RACE] >= 0
        if taken < n:
            k = 0
            for r in range(D[H_NRACE]):
                free = True
                for s in range(n):
                    free &= SE[s, RACE] != r
                if free:
                    k = add(A, k, K_RACE, r, 0)
            if not k:
                k = add(A, k, K_RACE, 0, 0)
            return ask(S, P_RACE, taken, k)
    for s in range(n):
        if fixed[s] >= 0:
            SE[s, KLASS] = fixed[s]
    S[STAGE] = S_CLASS
    return False


@njit(cache=True)
def stage_class(L, N, S, SE, R, D, A, mt):
    n = S[PLAYERS]
    taken = 0                                    # a bit per class colour
    for s in range(n):
        if SE[s, KLASS] >= 0:
            taken |= 1 << class_colour(D, SE[s, KLASS])
    for i in range(n):
        seat = n - 1 - i if R[R_REVERSE_PICK] else i
        if SE[seat, KLASS] >= 0:
            continue
        k = 0
        if R[R_REVERSE_PICK]:
            for c in range(D[H_NCLASS]):
                if not (taken >> class_colour(D, c)) & 1:
                    k = add(A, k, K_CLASS, c, 0)
        else:
            while True:                          # redraw gold and taken colours
                colour = draw_die(S, mt)
                push(L, N, CLASS_DRAWS, colour)
                if colour != GOLD_COLOUR and not (taken >> colour) & 1:
                    break
            at = D[H_COLOUR_CLASSES] + colour * COLOUR_CLASSES_W
            for j in range(D[at]):
                k = add(A, k, K_CLASS, D[at + 1 + j], 0)
        return ask(S, P_CLASS, seat, k)
    for i in range(N[CLASS_DRAWS]):              # all dice go back into the bag
        S[BAG + L[CLASS_DRAWS, i]] += 1
    N[CLASS_DRAWS] = 0
    deal_starting_hands(L, N, S, SE, R, D, mt)
    S[STAGE] = S_START_DICE
    return False


@njit(cache=True)
def deal_starting_hands(L, N, S, SE, R, D, mt):
    n = S[PLAYERS]
    for pile, field in ((D[H_NBACK], BACKSTORY), (D[H_NALIGN], ALIGNMENT)):
        for i in range(pile):
            L[SCRATCH, i] = i
        shuffle(L, SCRATCH, pile, mt)
        for s in range(n):
            SE[s, field] = L[SCRATCH, s % pile]
    per_seat = (2 if S[SOLO] else n) + R[R_START_EXTRA]
    for seat in range(n):
        SE[seat, GOLD] = R[R_START_GOLD + seat]
        for _ in range(per_seat):
            colour = draw_die(S, mt)
            push(L, N, STARTING + seat, colour * 16 + roll(mt))


@njit(cache=True)
def stage_start_dice(L, N, S, SE, R, A):
    """Each seat picks which starting die to place next (skipped when the rest are alike),
    then its row."""
    for seat in range(S[PLAYERS]):
        row = STARTING + seat
        if not N[row]:
            continue
        dice = np.sort(L[row, :N[row]])
        k = 0
        for i in range(dice.size):
            if i == 0 or dice[i] != dice[i - 1]:
                k = add(A, k, K_START_CHOOSE, dice[i] // 16, dice[i] % 16)
        if k > 1 and not S[START_CHOSEN]:
            return ask(S, P_START_DIE, seat, k)
        return ask(S, P_START_DIE, seat, open_rows(SE, A, seat, K_START_PLACE))
    for c in range(1, S[N_CARDS] - 1):
        S[INIT_GOLD + c] = R[R_INIT_GOLD]
    S[STAGE] = S_ROLL
    return False


@njit(cache=True)
def open_rows(SE, A, seat, kind):
    k = 0
    for r in range(6):
        if SE[seat, FILL + r] < 3:
            k = add(A, k, kind, r, 0)
    return k


# ---- Roll and Dice Phases ---------------------------------------------------------------------
@njit(cache=True)
def stage_roll(L, N, S, A, mt):
    S[ROUND] += 1
    keys = np.empty(S[N_CARDS], np.int64)
    for i in range(S[N_CARDS]):                  # sorted by (value, colour)
        value = roll(mt)
        keys[i] = value * 16 + draw_die(S, mt)
    keys.sort()
    N[ROLL_QUEUE] = 0
    for key in keys:
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
def cleanup(L, N, S, SE, R, mt):
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
    fill_market(L, N, S, mt)
    for c in range(1, S[N_CARDS] - 1):
        if S[INIT_GOLD + c] == 0:
            S[INIT_GOLD + c] = R[R_INIT_GOLD]
    S[START_PLAYER] = (S[START_PLAYER] + 1) % n
    S[STAGE] = S_ROLL
    return False


@njit(cache=True)
def proceed(L, N, S, SE, R, D, A, mt, fixed):
    """State._proceed: run the stage handlers until one asks a decision (or the game ends)."""
    while True:
        stage = S[STAGE]
        if stage == S_RACE:
            asked = stage_race(L, N, S, SE, R, D, A, mt, fixed)
        elif stage == S_CLASS:
            asked = stage_class(L, N, S, SE, R, D, A, mt)
        elif stage == S_START_DICE:
            asked = stage_start_dice(L, N, S, SE, R, A)
        elif stage == S_ROLL:
            asked = stage_roll(L, N, S, A, mt)
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
                asked = cleanup(L, N, S, SE, R, mt)
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
