"""Roll Player's compiled kernel, part 2a: the action rows, chance, the Market deck and the set-up
stages (``state.py``, ``setup.py``), the same draws in the same order. A stage handler returns
True when it asks a decision: it has written the legal actions into ``A`` (rows
``(kind, a, b)``) and called ``ask``. Layout: ``kernel_layout.py``.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from simulate.games.roll_player.kernel_layout import (
    BAG, CLASS_DRAWS, COLOUR_CLASSES_W, CUR, C_DOTS, C_EFFECT, DECK, DISCARD, E_DIPLOMACY, FILL,
    GOLD, GOLD_COLOUR, H_COLOUR_CLASSES, H_NALIGN, H_NBACK, H_NCARDS, H_NCLASS, H_NRACE, INIT_GOLD,
    KLASS, LEGAL_N, MARKET, N_CARDS, PHASE, PILE, PLAYERS, RACE, RESHUFFLES, R_INIT_GOLD,
    R_RACE_PICK, R_REVERSE_PICK, R_SETUP_DISCARDS, R_START_EXTRA, R_START_GOLD, SCRATCH, SOLO,
    STAGE, STARTING, START_CHOSEN, TRASHED, BACKSTORY, ALIGNMENT, card, class_colour, pop_at, push,
    ARMOR, C_ARROW, C_COST, C_TYPE, GRANT_PRICE, SKILLS, TOKEN, TRAIT, TRAITS, WEAPONS, index_of,
    remove, step_cell, C_REMOVED, KEY_CARDS, KEY_RACES, KEY_BACKSTORIES, KEY_ALIGNMENTS, DEAL_SEEDS)
from simulate.games.roll_player.phases import (
    P_CLASS, P_RACE, P_START_DIE, S_CLASS, S_ROLL, S_START_DICE)
from simulate.games.roll_player.streams import CLASS_DICE, MARKET as MARKET_STREAM, SEAT_DICE
from simulate.kernels.chance import keyed_order, shuffle_seed
from simulate.kernels.cpython_random import mt_random
from simulate.kernels.lists import pop
from simulate.kernels.grants import GRANT_ENTRY, GRANT_PAID, GRANT_SEAT
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

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
def keyed_shuffle(L, row, n, X, deck, seed):
    """State.shuffle: the keyed shuffle of the first n items of the row, indices of the
    components whose keys are row ``deck`` of X (kernel_layout.keys_array)."""
    ids = np.empty(n, np.uint64)
    for i in range(n):
        ids[i] = X[deck, L[row, i]]
    order = keyed_order(seed, ids)
    items = L[row, :n].copy()
    for i in range(n):
        L[row, i] = items[order[i]]


@njit(cache=True)
def sort_scratch(L, n):
    """Sort the first n items of row SCRATCH (an insertion sort: a few dice, no allocation)."""
    for i in range(1, n):
        x, j = L[SCRATCH, i], i - 1
        while j >= 0 and L[SCRATCH, j] > x:
            L[SCRATCH, j + 1] = L[SCRATCH, j]
            j -= 1
        L[SCRATCH, j + 1] = x


# ---- the Market deck --------------------------------------------------------------------------
@njit(cache=True)
def setup_market(L, N, S, SE, R, D, K, X, grant):
    """Single-dot pile on top of the double-dot pile, after set-up discards from each; a
    granted card goes to its seat before the Market is dealt (paid: its cost is noted, to come
    off the seat's starting Gold)."""
    N[PILE] = N[PILE + 1] = 0
    for cid in range(D[H_NCARDS]):
        if not card(D, cid, C_REMOVED):          # a study's removal: not in the box
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
        keyed_shuffle(L, row, N[row], X, KEY_CARDS, shuffle_seed(K[MARKET_STREAM]))
        cut = min(k, N[row])
        for i in range(cut):
            push(L, N, DISCARD, L[row, i])
        for i in range(cut):
            pop_at(L, N, row, 0)
    N[DECK] = 0
    for p in (1, 0):                             # the top of the deck is the end
        for i in range(N[PILE + p]):
            push(L, N, DECK, L[PILE + p, i])
    if grant[GRANT_SEAT] >= 0:
        give_granted(L, N, SE, D, grant[GRANT_ENTRY], grant[GRANT_SEAT])
        if grant[GRANT_PAID] > 0:
            SE[grant[GRANT_SEAT], GRANT_PRICE] = card(D, grant[GRANT_ENTRY], C_COST)
    fill_market(L, N, S, K, X)


@njit(cache=True)
def give_granted(L, N, SE, D, cid, seat):
    """market.MarketFlow._give_granted: out of the deck, the set-up discards or the trashed
    cards, owned by the seat; a Trait's arrow moves the alignment token when it can."""
    for row in (DECK, DISCARD, TRASHED):
        if index_of(L, N, row, cid) >= 0:
            remove(L, N, row, cid)
            break
    kind = card(D, cid, C_TYPE)
    push(L, N, (WEAPONS, ARMOR, SKILLS, TRAITS)[kind] + seat, cid)
    if kind == TRAIT:
        cell = step_cell(SE[seat, TOKEN], card(D, cid, C_ARROW))
        if cell >= 0:
            SE[seat, TOKEN] = cell


@njit(cache=True)
def draw_card(L, N, S, K, X):
    if not N[DECK]:
        if not N[DISCARD]:
            return -1
        for i in range(N[DISCARD]):
            L[DECK, i] = L[DISCARD, i]
        N[DECK], N[DISCARD] = N[DISCARD], 0
        keyed_shuffle(L, DECK, N[DECK], X, KEY_CARDS, shuffle_seed(K[MARKET_STREAM]))
        S[RESHUFFLES] += 1
    return pop(L, N, DECK)


@njit(cache=True)
def fill_market(L, N, S, K, X):
    for _ in range(S[N_CARDS]):
        cid = draw_card(L, N, S, K, X)
        if cid < 0:
            break
        push(L, N, MARKET, cid)


# ---- set-up -----------------------------------------------------------------------------------
@njit(cache=True)
def stage_race(L, N, S, SE, R, D, A, X, fixed):
    n = S[PLAYERS]
    if not R[R_RACE_PICK]:                       # dealt
        races = D[H_NRACE]
        for i in range(races):
            L[SCRATCH, i] = i
        keyed_shuffle(L, SCRATCH, races, X, KEY_RACES, X[DEAL_SEEDS, 0])
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
def stage_class(L, N, S, SE, R, D, A, K, X):
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
                colour = draw_die(S, K[CLASS_DICE])
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
    deal_starting_hands(L, N, S, SE, R, D, K, X)
    S[STAGE] = S_START_DICE
    return False


@njit(cache=True)
def deal_starting_hands(L, N, S, SE, R, D, K, X):
    n = S[PLAYERS]
    for deal, (pile, field, deck) in enumerate(((D[H_NBACK], BACKSTORY, KEY_BACKSTORIES),
                                                (D[H_NALIGN], ALIGNMENT, KEY_ALIGNMENTS))):
        for i in range(pile):
            L[SCRATCH, i] = i
        keyed_shuffle(L, SCRATCH, pile, X, deck, X[DEAL_SEEDS, 1 + deal])
        for s in range(n):
            SE[s, field] = L[SCRATCH, s % pile]
    per_seat = (2 if S[SOLO] else n) + R[R_START_EXTRA]
    for seat in range(n):
        # a paid grant's price (setup._deal_starting_hands): what Gold cannot pay is owed
        SE[seat, GOLD] = R[R_START_GOLD + seat] - SE[seat, GRANT_PRICE]
        own = K[SEAT_DICE + seat]                # the seat draws and rolls its own dice
        for _ in range(per_seat):
            colour = draw_die(S, own)
            push(L, N, STARTING + seat, colour * 16 + roll(own))


@njit(cache=True)
def stage_start_dice(L, N, S, SE, R, A):
    """Each seat picks which starting die to place next (skipped when the rest are alike),
    then its row."""
    for seat in range(S[PLAYERS]):
        row = STARTING + seat
        if not N[row]:
            continue
        n = N[row]
        L[SCRATCH, :n] = L[row, :n]
        sort_scratch(L, n)
        k = 0
        for i in range(n):
            die = L[SCRATCH, i]
            if i == 0 or die != L[SCRATCH, i - 1]:
                k = add(A, k, K_START_CHOOSE, die // 16, die % 16)
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
