"""Adventure Realms' compiled kernel, part 3: the legal lists, in the Python engine's order
(``State._agent_options``, ``_fort_options``, ``RevealPhase._recruit_options``,
``_banish_options``, ``_pay_options``, ``Dungeon._magic_options``). Each writes ``G.A`` from
row ``start`` on and returns the list's new length; an action is ``(kind, x, y)``."""
from __future__ import annotations

from numba import njit

from simulate.games.adventure_realms.kernel_effects import can_pay
from simulate.games.adventure_realms.kernel_layout import (
    ADVENTURES, A_PAY, A_TYPE, AGENTS, BANISH, DISCARD, END_MAGIC, END_PAYING, END_REVEAL,
    FORT_AGENT, FORT_CHOICE_OPTION, FORT_STEPS, FREED, GOLD, HAND, H_COST, H_PAY, H_SYMBOLS,
    MASTERS, MAY_OCCUPIED, OCCUPIED, PILE_DISCARD, PILE_HAND, PLACE, PLACED, PLAY_ITEM,
    PAY_REVEAL, PLAY_MAGIC, POWER, RECRUIT, REVEAL, ROW, RP, R_BANISH, R_FORT_AGENT_COST,
    R_FORT_GUILD_STEPS, SCRATCH, SP_COST, SP_SYMBOL, STOP_BANISHING, UNPAID, UP_TO)
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles


@njit(cache=True, inline="always")
def sorted_distinct(G, row):
    """``sorted(set(list))`` of row ``row``, in row SCRATCH; returns its length."""
    L, N = G.L, G.N
    n = N[row]
    for i in range(n):                      # insertion sort: the lists are short
        x, j = L[row, i], i
        while j and L[SCRATCH, j - 1] > x:
            L[SCRATCH, j] = L[SCRATCH, j - 1]
            j -= 1
        L[SCRATCH, j] = x
    k = 0
    for i in range(n):
        if k == 0 or L[SCRATCH, i] != L[SCRATCH, k - 1]:
            L[SCRATCH, k] = L[SCRATCH, i]
            k += 1
    N[SCRATCH] = k
    return k


@njit(cache=True, inline="always")
def add(G, at, kind, x, y):
    G.A[at, 0], G.A[at, 1], G.A[at, 2] = kind, x, y
    return at + 1


@njit(cache=True, inline="always")
def fort_options(G, K, R, seat, start):
    """'agent' (not freed yet, the gold in hand), then the guild steps below the top."""
    at = start
    if not G.SE[seat, FREED] and G.SE[seat, GOLD] >= R[R_FORT_AGENT_COST]:
        at = add(G, at, FORT_CHOICE_OPTION, FORT_AGENT, 0)
    if R[R_FORT_GUILD_STEPS]:
        for k in range(len(FORT_STEPS)):
            a, b = FORT_STEPS[k, 0], FORT_STEPS[k, 1]
            if G.SE[seat, POWER + a] < K.top or G.SE[seat, POWER + b] < K.top:
                at = add(G, at, FORT_CHOICE_OPTION, 1 + k, 0)
    return at


@njit(cache=True, inline="always")
def agent_options(G, K, R, seat):
    """Items to play, the placements (hand cards, ascending, each on its open spaces), Reveal."""
    L, S, SE = G.L, G.S, G.SE
    at = 0
    for i in range(sorted_distinct(G, ADVENTURES + seat)):
        a = L[SCRATCH, i]
        if K.adventure[a, A_TYPE] == 0 and can_pay(G, K, seat, K.adventure[a, A_PAY]):
            at = add(G, at, PLAY_ITEM, a, 0)
    if SE[seat, AGENTS] - SE[seat, PLACED] > 0:
        spaces = len(K.space)
        is_open = G.open_spaces
        for sp in range(spaces):
            cost = K.space[sp, SP_COST]
            is_open[sp] = (S[MAY_OCCUPIED] or S[OCCUPIED + sp] < 0) and \
                (K.elen[cost] == 0 or can_pay(G, K, seat, cost))
        if K.fort >= 0 and is_open[K.fort]:
            is_open[K.fort] = fort_options(G, K, R, seat, at) > at
        for i in range(sorted_distinct(G, HAND + seat)):
            c = L[SCRATCH, i]
            for sp in range(spaces):
                if K.hero[c, H_SYMBOLS] & K.space[sp, SP_SYMBOL] and is_open[sp]:
                    at = add(G, at, PLACE, c, sp)
    return add(G, at, REVEAL, 0, 0)


@njit(cache=True, inline="always")
def recruit_options(G, K, seat):
    """EndReveal, the Guild Row's affordable heroes (ascending), the top Guild Master."""
    L, N = G.L, G.N
    at = add(G, 0, END_REVEAL, 0, 0)
    rp = G.SE[seat, RP]
    for i in range(sorted_distinct(G, ROW)):
        c = L[SCRATCH, i]
        if c >= 0 and K.hero[c, H_COST] <= rp:
            at = add(G, at, RECRUIT, c, 0)
    if N[MASTERS] and K.hero[L[MASTERS, N[MASTERS] - 1], H_COST] <= rp:
        at = add(G, at, RECRUIT, L[MASTERS, N[MASTERS] - 1], 0)
    return at


@njit(cache=True, inline="always")
def banish_options(G, R, seat):
    at = add(G, 0, STOP_BANISHING, 0, 0) if R[R_BANISH] == UP_TO else 0
    for i in range(sorted_distinct(G, HAND + seat)):
        at = add(G, at, BANISH, G.L[SCRATCH, i], PILE_HAND)
    for i in range(sorted_distinct(G, DISCARD + seat)):
        at = add(G, at, BANISH, G.L[SCRATCH, i], PILE_DISCARD)
    return at


@njit(cache=True, inline="always")
def pay_options(G, K, seat):
    """The unpaid revealed cards the seat can pay for now (ascending), then EndPaying."""
    at = 0
    for i in range(sorted_distinct(G, UNPAID)):
        c = G.L[SCRATCH, i]
        if can_pay(G, K, seat, K.hero[c, H_PAY]):
            at = add(G, at, PAY_REVEAL, c, 0)
    return add(G, at, END_PAYING, 0, 0) if at else 0


@njit(cache=True, inline="always")
def magic_options(G, K, seat):
    at = add(G, 0, END_MAGIC, 0, 0)
    for i in range(sorted_distinct(G, ADVENTURES + seat)):
        a = G.L[SCRATCH, i]
        if K.adventure[a, A_TYPE] == 1 and can_pay(G, K, seat, K.adventure[a, A_PAY]):
            at = add(G, at, PLAY_MAGIC, a, 0)
    return at
