"""Risky Adventure's compiled kernel: a variant's granted equipment card (``State._take_granted``
and ``_give_granted``; RULES.md, "Granted cards"): out of the shuffled deck before the camp is
dealt, the seat's from the start; paid, a clock per symbol of its cost back to the camp, the
shortfall owed (``SE[seat, OWED]``, repaid in ``kernel_claims.gain_clocks``). The grant's layout:
simulate/kernels/grants.py.
"""
from __future__ import annotations

from numba import njit

from simulate.games.risky_adventure.kernel_layout import (
    CLOCKS, CLOCK_SUPPLY, DECK, EQUIP, E_KIND, E_NEED, K_BONUS_A, K_BONUS_B, K_DISCOUNT_B,
    NOT_YET, OWED, R_LIMITED, push, remove)
from simulate.kernels.grants import GRANT_ENTRY, GRANT_PAID, GRANT_SEAT
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles


@njit(cache=True)
def give_granted(L, N, S, SE, R, EQ, AF, grant):
    """The seat owns the card: working from the first turn, or (a card that needs an artifact)
    waiting for one, as a card taken from the camp would."""
    seat, c = grant[GRANT_SEAT], grant[GRANT_ENTRY]
    if seat < 0:
        return
    remove(L, N, DECK, c)
    push(L, N, EQUIP + seat, c)
    kind = EQ[c, E_KIND]
    AF[seat, c] = NOT_YET if kind == K_DISCOUNT_B or kind == K_BONUS_A or kind == K_BONUS_B else 0
    if grant[GRANT_PAID] > 0:
        price = EQ[c, E_NEED] + EQ[c, E_NEED + 1] + EQ[c, E_NEED + 2]
        paid_now = min(price, SE[seat, CLOCKS])
        SE[seat, CLOCKS] -= paid_now
        if R[R_LIMITED]:
            S[CLOCK_SUPPLY] += paid_now
        SE[seat, OWED] = price - paid_now
