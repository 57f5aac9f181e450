"""Dungeon Roll's compiled kernel: whole chunks of games in numba, the same games as the engine.

The Python engine (state.py and its mixins, strategies/dungeon_roll.py) is the reference; this
is its twin for speed (ARCHITECTURE.md, "Which way imports go"). For the same seed it rolls the same dice
(CPython's MT19937 in simulate/kernels/cpython_random.py), lists the same legal actions in the same
order and makes the same choices, so ``play_chunk`` returns the very columns chunk.play_chunk
would; tests/games/dungeon_roll/test_kernel.py proves it table by table.

Covered: 1-4 players, every hero and treasure, every ``Rules`` field (its rules array is built
from the fields: simulate/kernels/rules.py), ``heroes = "all"`` and ``rotate = true``
(simulate/compiled ``seatings``), and the built-in strategies ``random``, ``cautious``,
``bold``, ``risk_aware`` with any parameters.
"""
from __future__ import annotations

from queue import Empty, SimpleQueue
from typing import Any

import numpy as np
import polars as pl
from numba import njit

from simulate.games.dungeon_roll.components import HERO_KEYS, SOLO_RANKS
from simulate.games.dungeon_roll.kernel_apply import apply
from simulate.games.dungeon_roll.kernel_legal import MAX_ACTIONS, buffers, legal
from simulate.games.dungeon_roll.kernel_solver import new_memo
from simulate.games.dungeon_roll.kernel_state import (
    ACH, CUR, DELVE_END, DELVE_LEVEL, DELVE_XP, END_NAMES, FLEES, FOUGHT, DEFEATED, HAND, HERO,
    IS_OVER, MASTER, N_DELVES, NEXT_DELVE, PHASE, R_PORTAL_VALUE, R_SCALE_BONUS, R_SIZE,
    R_SOLO_RANKS, R_SOLO_WIN, R_TREASURE_VALUE, RULES_ENCODERS, ST_SIZE, XP, XP_BOX, XP_DRAGONS,
    XP_LEVELS, new_chance, new_game, seat_at, seed_chance, start_delve)
from strategies.compiled.dungeon_roll import KINDS, PARAM_NAMES, RANDOM, chest_scratch, choose
from simulate.games.dungeon_roll.rules import Rules
from simulate.games.dungeon_roll.scoring import ACH_KEYS, DELVE_KEYS, MAX_DELVES
from simulate.compiled import TRACE_COLUMN, entry_points, game_indices
from simulate.kernels.rules import rules_array as build_rules_array
from simulate.kernels.trace import index_of_action, record_decision, trace_buffer, trace_rows
from simulate.kernels.cpython_random import new_mt, seed_game
from simulate.kernels.refcounts import borrowed
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

# Output columns: per game G_*, per seat S_* (then delve levels, XP, ends from S_DELVES).
(G_DECISIONS, G_DEEPEST, G_DRAGONS, G_FLEES, G_WINNING, G_TIE_BREAK, G_SHARED, G_SEED,
 G_SIZE) = range(9)
(S_HERO, S_MASTER, S_XP_LEVELS, S_XP_DRAGONS, S_XP_BOX, S_XP_TREASURES, S_XP_PAIRS, S_TREASURES,
 S_FOUGHT, S_DEFEATED, S_FLEES, S_DEEPEST, S_SCORE, S_RANK, S_WON, S_SOLO_RANK, S_ACH,
 S_N_DELVES) = range(18)
S_DELVES = 18                       # level, xp, end per delve: S_DELVES + 3 * k + (0, 1, 2)
S_SIZE = S_DELVES + 3 * MAX_DELVES
TASK_KEYS = {"game", "rules", "seed", "strategies", "heroes", "variant", "players", "start", "stop",
             "engine", "indices", "trace", "rotate"}
# The solver's memos, kept for the life of the process: one per chunk playing at once (chunks
# play on threads: simulate.pool.play_threaded), taken and put back by each chunk.
_MEMOS: SimpleQueue = SimpleQueue()


def rules_array(rules: Rules) -> np.ndarray:
    """The Rules fields in kernel_state's R_* order (built from the fields: simulate/kernels)."""
    return build_rules_array(rules, R_SIZE, RULES_ENCODERS)


def scratch() -> tuple:
    """``play_games``' working arrays, held by its caller (so it may borrow them): the state,
    the legal actions, legal's buffers, the game's generator and the strategies' random stream,
    the strategies' chest list, and the game's streams (kernel_state.new_chance)."""
    return (np.zeros(ST_SIZE, dtype=np.int64), np.zeros(MAX_ACTIONS, dtype=np.int64), buffers(),
            new_mt(), new_mt(), chest_scratch(MAX_ACTIONS), new_chance())


@njit(cache=True, nogil=True)   # chunks play on threads (simulate.pool)
def play_games(R, n_players, heroes, kinds, P, run_seed, indices, memo, trace, work):
    """Play the games ``indices``; return (per-game, per-seat) int matrices (G_*, S_*). A trace
    matrix wider than zero records each game's decisions (simulate/kernels/trace.py). Every
    array but the results is the caller's (``work`` from :func:`scratch`), and borrowed: no
    reference counts on them in the games' loop."""
    count = len(indices)
    games = np.zeros((count, G_SIZE), dtype=np.int64)
    seats = np.zeros((count, n_players, S_SIZE), dtype=np.int64)
    lots = (kinds == RANDOM).any()              # only the random strategy draws lots
    R, heroes, kinds, P, indices, memo, trace = borrowed(R), borrowed(heroes), borrowed(kinds), \
        borrowed(P), borrowed(indices), borrowed(memo), borrowed(trace)
    st, acts, buf, rng, srng, chests = borrowed(work[0]), borrowed(work[1]), borrowed(work[2]), \
        borrowed(work[3]), borrowed(work[4]), borrowed(work[5])
    chance = borrowed(work[6])
    tracing = trace.shape[1] > 0
    for g in range(count):
        seed = seed_game(rng, srng, run_seed, indices[g], lots)
        games[g, G_SEED] = seed
        seed_chance(chance, rng)                # the game's generator gives its streams' base
        new_game(st, R, chance, n_players, heroes)
        decisions = 0
        while not st[IS_OVER]:
            if st[PHASE] == NEXT_DELVE:
                start_delve(st, R, chance)
                continue
            seat = st[CUR]
            n = legal(st, R, acts, buf)
            action = acts[0] if n == 1 else choose(st, R, acts, n, kinds[seat], P[seat], memo,
                                                   srng, chests)
            if tracing:
                record_decision(trace[g], n, index_of_action(acts, n, action))
            decisions += 1
            apply(st, R, chance, action)
        games[g, G_DECISIONS] = decisions
        _outcome(st, R, n_players, games[g], seats[g])
    return games, seats


@njit(cache=True)
def _outcome(st, R, n, game, seats):
    """scoring.Scoring.outcome, into one game's row and its seats' rows."""
    held = np.zeros(n, dtype=np.int64)
    for s in range(n):
        me, row = seat_at(st, s), seats[s]
        for t in range(10):
            held[s] += st[me + HAND + t]
        portals, scales = st[me + HAND + 9], st[me + HAND + 6]
        row[S_XP_TREASURES] = (held[s] - portals) * R[R_TREASURE_VALUE] \
            + portals * R[R_PORTAL_VALUE]
        row[S_XP_PAIRS] = scales // 2 * R[R_SCALE_BONUS]
        row[S_SCORE] = st[me + XP] + row[S_XP_TREASURES] + row[S_XP_PAIRS]
        row[S_TREASURES] = held[s]
        row[S_HERO], row[S_MASTER], row[S_ACH] = st[me + HERO], st[me + MASTER], st[me + ACH]
        row[S_XP_LEVELS], row[S_XP_DRAGONS] = st[me + XP_LEVELS], st[me + XP_DRAGONS]
        row[S_XP_BOX], row[S_FOUGHT] = st[me + XP_BOX], st[me + FOUGHT]
        row[S_DEFEATED], row[S_FLEES] = st[me + DEFEATED], st[me + FLEES]
        row[S_N_DELVES] = st[me + N_DELVES]
        for k in range(st[me + N_DELVES]):
            row[S_DELVES + 3 * k] = st[me + DELVE_LEVEL + k]
            row[S_DELVES + 3 * k + 1] = st[me + DELVE_XP + k]
            row[S_DELVES + 3 * k + 2] = st[me + DELVE_END + k]
            row[S_DEEPEST] = max(row[S_DEEPEST], st[me + DELVE_LEVEL + k])
        row[S_SOLO_RANK] = -1
        if n == 1:
            row[S_SOLO_RANK] = 0
            for i in range(4):
                row[S_SOLO_RANK] += row[S_SCORE] >= R[R_SOLO_RANKS + i]
    best, winners = -1, 0
    for s in range(n):
        rank = 1                                # tie-break: fewer tokens
        for o in range(n):
            if seats[o, S_SCORE] > seats[s, S_SCORE] or (
                    seats[o, S_SCORE] == seats[s, S_SCORE] and held[o] < held[s]):
                rank += 1
        seats[s, S_RANK] = rank
        winners += rank == 1
        best = max(best, seats[s, S_SCORE])
        game[G_DEEPEST] = max(game[G_DEEPEST], seats[s, S_DEEPEST])
        game[G_DRAGONS] += seats[s, S_DEFEATED]
        game[G_FLEES] += seats[s, S_FLEES]
    top, differ, first_held = 0, False, 0
    for s in range(n):
        if seats[s, S_SCORE] == best:
            if top and held[s] != first_held:
                differ = True
            if not top:
                first_held = held[s]
            top += 1
        seats[s, S_WON] = seats[s, S_SCORE] >= R[R_SOLO_WIN] if n == 1 else seats[s, S_RANK] == 1
    game[G_WINNING] = best
    game[G_TIE_BREAK] = top > 1 and differ
    game[G_SHARED] = n > 1 and winners > 1


def compiled_seats(seats: list) -> tuple[np.ndarray, np.ndarray] | None:
    """(kinds, parameters) of the seats when every one is a built-in strategy, else None."""
    from strategies import strategies_for
    known = strategies_for("dungeon_roll")
    if any(s.name not in KINDS or type(s) is not known.get(s.name) for s in seats):
        return None
    return (np.array([KINDS.index(s.name) for s in seats], dtype=np.int64),
            np.array([[float(getattr(s, p, 0)) for p in PARAM_NAMES] for s in seats]))


def chunk_columns(task: dict[str, Any], rules: Rules, seats: list,
                  heroes: list | None) -> tuple[dict, dict] | None:
    """The chunk's columns that vary by game (simulate/kernels ``play_chunk_with`` adds the
    runner's constant ones), or None when some seat has no compiled twin."""
    unknown = set(task) - TASK_KEYS
    if unknown:                         # a runner feature this kernel does not know of
        raise RuntimeError(f"the Dungeon Roll kernel cannot play a task with {sorted(unknown)}")
    covered = compiled_seats(seats)
    if covered is None:
        return None
    n = task["players"]
    hero_ids = np.array([HERO_KEYS.index(h) if h else -1 for h in (heroes or [None] * n)],
                        dtype=np.int64)
    indices = game_indices(task)
    size = len(indices)
    trace = trace_buffer(size, bool(task.get("trace")))
    try:
        memo = _MEMOS.get_nowait()
    except Empty:
        memo = new_memo()
    try:
        g, s = play_games(rules_array(rules), n, hero_ids, *covered,
                          np.uint64(task["seed"] % 2**64), indices, memo, trace, scratch())
    finally:
        _MEMOS.put(memo)
    games = {"game": indices, "seed": g[:, G_SEED],
             "decisions": g[:, G_DECISIONS], "end_reason": ["delves_done"] * size,
             "delves": np.full(size, n * rules.delves_per_player), "deepest_level": g[:, G_DEEPEST],
             "dragons_defeated": g[:, G_DRAGONS], "flees": g[:, G_FLEES],
             "winning_score": g[:, G_WINNING], "tie_break_decided": g[:, G_TIE_BREAK] > 0,
             "shared_win": g[:, G_SHARED] > 0}
    if task.get("trace"):
        games[TRACE_COLUMN] = trace_rows(trace)
    return games, _seat_columns(s.reshape(size * n, S_SIZE))


def _seat_columns(s: np.ndarray) -> dict:
    heroes = np.array(HERO_KEYS, dtype=object)
    ends = np.array(END_NAMES + (None,), dtype=object)
    ranks = np.array(SOLO_RANKS + (None,), dtype=object)
    cols = {"score": s[:, S_SCORE].astype(np.float64), "rank": s[:, S_RANK], "won": s[:, S_WON] > 0,
            "hero": pl.Series(heroes[s[:, S_HERO]], dtype=pl.String),
            "master": s[:, S_MASTER] > 0}
    for name, col in (("xp_levels", S_XP_LEVELS), ("xp_dragons", S_XP_DRAGONS),
                      ("xp_empty_box", S_XP_BOX), ("xp_treasures", S_XP_TREASURES),
                      ("xp_scale_pairs", S_XP_PAIRS), ("treasures", S_TREASURES),
                      ("dragons_fought", S_FOUGHT), ("dragons_defeated", S_DEFEATED),
                      ("flees", S_FLEES), ("deepest_level", S_DEEPEST)):
        cols[name] = s[:, col]
    cols["solo_rank"] = pl.Series(ranks[s[:, S_SOLO_RANK]], dtype=pl.String)
    for k, (level_key, xp_key, end_key) in enumerate(DELVE_KEYS):
        played = s[:, S_N_DELVES] > k
        cols[level_key] = _where(played, s[:, S_DELVES + 3 * k])
        cols[xp_key] = _where(played, s[:, S_DELVES + 3 * k + 1])
        cols[end_key] = pl.Series(ends[np.where(played, s[:, S_DELVES + 3 * k + 2], -1)],
                                  dtype=pl.String)
    for bit, (_, key) in enumerate(ACH_KEYS):
        cols[key] = (s[:, S_ACH] >> bit & 1) > 0
    return cols


def _where(mask: np.ndarray, values: np.ndarray) -> pl.Series:
    """Values where ``mask``, null elsewhere."""
    return pl.Series(values, dtype=pl.Int64).set(pl.Series(~mask), None)


# The runner's entry points (simulate/engines.py).
unsupported, play_chunk, warm = entry_points(chunk_columns, compiled_seats, {
    "game": "dungeon_roll", "rules": {}, "seed": 0, "strategies": ["risk_aware"] * 2,
    "heroes": [None, None], "variant": "warm", "players": 2, "start": 0, "stop": 2},
    RULES_ENCODERS)
