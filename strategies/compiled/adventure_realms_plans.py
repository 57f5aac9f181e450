"""The compiled twin of ``ExpectedVP``'s plans for the optional mechanics (issue 23): the third
agent at the Fort (``agent_value`` per round it will be placed) and the Elemental Stone
(``stone_chase``: each advance priced as a share of the stone while one is left), float for
float as ``strategies/adventure_realms.py`` prices them. Called from
``strategies/compiled/adventure_realms.py``; kept apart so that module's hooks stay one line.
"""
from __future__ import annotations

from numba import njit

from simulate.games.adventure_realms.kernel_layout import (
    MONSTERS, ROUND, R_FORT_AGENT_COST, R_FORT_AGENT_NOW, R_MAX_ROUNDS, R_STONE_VP)
from strategies.adventure_realms import STONE_EXTRA, ExpectedVP
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

PARAMS = tuple(ExpectedVP.param_ranges)        # the tuned numbers, P.par[seat, PARAMS.index]
# the columns these plans read (adventure_realms.py imports PARAMS from here, derives its own)
GOLD_VALUE, AGENT_VALUE, STONE_CHASE = (PARAMS.index(p)
                                        for p in ("gold_value", "agent_value", "stone_chase"))


@njit(cache=True, inline="always")
def agent_rounds(G, R):
    """``ExpectedVP._agent_rounds``: the rounds a third agent freed now would be placed in."""
    rounds = min(G.N[MONSTERS], R[R_MAX_ROUNDS] - G.S[ROUND] + 1)
    return max(0, rounds - (0 if R[R_FORT_AGENT_NOW] else 1))


@njit(cache=True, inline="always")
def fort_agent_value(G, R, P, me):
    """The Fort's 'agent' option: its rounds of use less the gold it costs."""
    return P.par[me, AGENT_VALUE] * agent_rounds(G, R) - \
        P.par[me, GOLD_VALUE] * R[R_FORT_AGENT_COST]


@njit(cache=True, inline="always")
def stone_gain(R, P, me, now, new, last, gain):
    """``gain`` plus the stone's part of advancing from ``now`` to ``new`` (a stone is left and
    no other seat is on the last space): the stone when reached, and the chase."""
    if new == last and now < last:
        gain += R[R_STONE_VP] + STONE_EXTRA
    gain += P.par[me, STONE_CHASE] * R[R_STONE_VP] * (new - now) / last
    return gain
