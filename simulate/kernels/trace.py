"""Decision traces, for tests: which action each decision of a game took, in either engine.

A trace is the game's decisions in order, each ``(legal actions, index chosen)``; forced moves
(one legal action) count too, as both engines count them in ``decisions``. The Python engine
records one when ``simulate.play.play_game`` is given a ``trace`` list; a kernel when its
``play_games`` is given a trace matrix wider than zero (one row per game: the row's decision
count, then the pairs while they fit, :func:`record_decision`). The production path passes a
zero-width matrix and records nothing. :func:`first_parting` names the first game and decision
where two engines' traces part, so a failing differential says where, not just which rows.
"""
from __future__ import annotations

import hashlib
from typing import Sequence

import numpy as np
from numba import njit
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

TRACE_WIDTH = 1 + 2 * 4096      # a game's trace row: its count, then up to 4096 decisions


@njit(cache=True)
def record_decision(row, legal, chosen):
    """Append (legal, chosen) to a game's trace row (row[0] counts; pairs kept while they fit)."""
    k = row[0]
    if 2 * k + 2 < len(row):
        row[1 + 2 * k] = legal
        row[2 + 2 * k] = chosen
    row[0] = k + 1


@njit(cache=True)
def index_of_action(acts, n, action):
    """The position of ``action`` among the first ``n`` legal actions (for kernels whose
    strategies return the action rather than its index)."""
    for i in range(n):
        if acts[i] == action:
            return i
    return -1


def trace_buffer(games: int, on: bool) -> np.ndarray:
    """The trace matrix a kernel fills: one row per game when ``on``, zero-width otherwise."""
    return np.zeros((games, TRACE_WIDTH if on else 0), np.int64)


def trace_rows(buffer: np.ndarray) -> list[tuple[tuple[int, int], ...]]:
    """A kernel's trace matrix as one trace per game (as far as each row kept them)."""
    traces = []
    for row in buffer:
        kept = min(int(row[0]), (len(row) - 1) // 2)
        pairs = row[1:1 + 2 * kept].reshape(kept, 2)
        traces.append(tuple((int(a), int(b)) for a, b in pairs))
    return traces


def trace_hash(trace: Sequence[tuple[int, int]]) -> str:
    """A short hash of one game's decisions: equal games, equal hashes."""
    return hashlib.blake2b(np.asarray(trace, np.int64).tobytes(), digest_size=8).hexdigest()


def first_parting(games: Sequence[int], ours: Sequence, theirs: Sequence) -> str | None:
    """Where two engines' traces of the same games first part (the game index, its decision,
    what each chose), or None when every game took the same decisions."""
    for game, a, b in zip(games, ours, theirs):
        if trace_hash(a) == trace_hash(b):
            continue
        for k, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return (f"game {game}: decision {k} parts (legal actions, chosen): python {x}, "
                        f"kernel {y}")
        return f"game {game}: python made {len(a)} decisions, the kernel {len(b)}"
    return None
