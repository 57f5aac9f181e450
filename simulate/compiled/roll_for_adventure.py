"""Roll for Adventure's compiled kernel (numba): a whole chunk of games, the same games as the
Python engine for the same seeds, handed back as the chunk's columns.

Same seed, same game: the kernel seeds CPython's MT19937 (``simulate.kernels.cpython_random``)
from ``game_seed(run_seed, index)`` as ``simulate.play.play_game`` does, derives the game's
streams from it as ``State.streams`` (one per purpose: simulate/kernels/chance.py), draws the
deck, the Master's place, the heroes and every die from them, and its strategies score exactly
as ``strategies/roll_for_adventure.py`` (``random`` draws from the strategies' own stream).
``tests/games/roll_for_adventure/test_kernel.py`` proves it: identical tables. The Python engine
stays the reference (replay, logs, custom strategies).

Covered: 2-4 players, every Rules field (the rules array is built from the fields:
simulate/kernels/rules.py), the placeholder hero powers (with or without heroes fixed per seat,
``heroes = "all"``), ``rotate = true``, ``random``, ``balanced``, ``defender``, ``builder`` with
any parameters.
``compiled_seats`` says whether a chunk's seats are covered; the runner falls back otherwise.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl
from numba import njit

from simulate.games.roll_for_adventure.enemies import deck_ids
from simulate.games.roll_for_adventure.heroes import FIRST_GAME_HEROES, HERO_IDS
from simulate.games.roll_for_adventure.kernel_layout import (
    ACTIVE, BOARD, CARDS_LEFT, CLAIMS, DAMAGE, DEFEATED, END, ENEMIES, FALLEN, HAND, HEROES, LOST,
    MASTER_TURN, MAX_OBLIVION, N_LISTS, OVER, RESURRECTIONS, R_HERO_DICE, S_SIZE, SEAT_BONUS,
    SEAT_DEFEATED, SEAT_PLACED, SEAT_STONES, STONES, STONES_AT_MASTER, STONES_TOTAL, TURN, WIDTH,
    WON, BONUS_GIVEN, RULES_ENCODERS, rules_array)
from strategies.compiled.roll_for_adventure_scores import PARAMS, T_SIZE
from strategies.compiled.roll_for_adventure import choose
from simulate.games.roll_for_adventure.kernel_legal import MAX_ACTIONS, legal
from simulate.games.roll_for_adventure.kernel_turns import apply, new_game
from simulate.games.roll_for_adventure.rules import STREAMS, TERRITORIES, board_name
from simulate.compiled import TRACE_COLUMN, entry_points, game_indices
from simulate.kernels.trace import record_decision, trace_buffer, trace_rows
from simulate.kernels.cpython_random import mt_random, new_mt, seed_game
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

RANDOM, HEURISTIC = 0, 1
END_REASONS = ("stones",) + tuple(f"{t}_fell" for t in TERRITORIES) + ("turn_limit", "no_dice",
                                                                     "several_fell")
# fallen_territories by bit mask of the territories that fell (kernel_layout.FALLEN)
FALLEN_NAMES = np.array([None] + ["+".join(t for i, t in enumerate(TERRITORIES) if mask >> i & 1)
                                  for mask in range(1, 16)], dtype=object)
# the kernel's per-game and per-seat numbers, in its output order
GAME_NUMBERS = ("seed", "decisions", "end", "won", "turns", "stones", "shadow_master_turn",
                "turns_after_shadow_master", "stones_at_shadow_master",
                *(f"damage_{t}" for t in TERRITORIES), *(f"stones_{t}" for t in TERRITORIES[:3]),
                "enemies_defeated", "enemies_in_play", "cards_left", "max_vortex_of_oblivion",
                "resurrections", "ice_cave_claims", "bonus_dice_given", "dice_lost_in_desert",
                "fallen")
SEAT_NUMBERS = ("dice_at_end", "own_dice_in_play", "dice_placed", "stones_on_turn",
                "enemies_defeated_on_turn", "bonus_dice_received", "hero")
NULL_IF_NEGATIVE = ("shadow_master_turn", "turns_after_shadow_master", "stones_at_shadow_master")


@njit(cache=True, nogil=True)   # chunks play on threads (simulate.pool)
def play_games(R, run_seed, indices, n_players, kinds, P, heroes, ids, G, SE, trace):
    """Play the games ``indices``; fill G (GAME_NUMBERS) and SE (SEAT_NUMBERS), and a trace
    matrix wider than zero with each game's decisions (simulate/kernels/trace.py). ``ids``:
    the enemy cards' and the heroes' identities for the keyed shuffles (uint64 each)."""
    deck_ids, hero_ids = ids
    L = np.zeros((N_LISTS, WIDTH), np.int64)
    N = np.zeros(N_LISTS, np.int64)
    S = np.zeros(S_SIZE, np.int64)
    A = np.zeros((MAX_ACTIONS, 4), np.int64)
    T = np.zeros(T_SIZE)
    mt, lots = new_mt(), new_mt()
    streams = np.zeros((STREAMS, len(mt)), np.uint32)     # one row per purpose (rules.py)
    draws = (kinds[:n_players] == RANDOM).any()
    tracing = trace.shape[1] > 0
    for g in range(len(indices)):
        seed = seed_game(mt, lots, run_seed, indices[g], draws)
        new_game(L, N, S, R, A, mt, streams, n_players, heroes, deck_ids, hero_ids)
        decisions = 0
        while not S[OVER]:
            n = legal(L, N, S, R, A)
            seat = S[ACTIVE]
            if n == 1:
                a = 0
            elif n == 0:
                raise RuntimeError("no legal action in a running game")
            elif kinds[seat] == RANDOM:
                a = int(mt_random(lots) * n)
            else:
                a = choose(L, N, S, R, P[seat], T, A, n)
            if tracing:
                record_decision(trace[g], n, a)
            decisions += 1
            apply(L, N, S, R, A, a, streams)
        record(L, N, S, R, G[g], SE[g * n_players:(g + 1) * n_players], seed, decisions)


@njit(cache=True)
def record(L, N, S, R, row, seats, seed, decisions):
    row[0], row[1], row[2], row[3] = seed, decisions, S[END], S[WON]
    row[4], row[5] = S[TURN], S[STONES_TOTAL]
    master = S[MASTER_TURN]
    row[6], row[7] = master, S[TURN] - master if master >= 0 else -1
    row[8] = S[STONES_AT_MASTER]
    for t in range(4):
        row[9 + t] = S[DAMAGE + t]
    for t in range(3):
        row[13 + t] = S[STONES + t]
    row[16], row[17], row[18] = S[DEFEATED], N[ENEMIES], S[CARDS_LEFT]
    row[19], row[20], row[21] = S[MAX_OBLIVION], S[RESURRECTIONS], S[CLAIMS]
    row[22], row[23], row[24] = S[BONUS_GIVEN], N[LOST], S[FALLEN]
    for s in range(len(seats)):
        held = 0
        for i in range(N[BOARD + s]):
            held += L[BOARD + s, i] < 20
        if s == S[ACTIVE]:
            for i in range(N[HAND]):
                held += L[HAND, i] < 20
        lost = 0
        for i in range(N[LOST]):
            lost += L[LOST, i] // 5 == s and L[LOST, i] < 20
        seats[s, 0], seats[s, 1] = held, R[R_HERO_DICE] - lost
        seats[s, 2], seats[s, 3] = S[SEAT_PLACED + s], S[SEAT_STONES + s]
        seats[s, 4], seats[s, 5] = S[SEAT_DEFEATED + s], S[SEAT_BONUS + s]
        seats[s, 6] = S[HEROES + s]


# A tiny chunk: playing it compiles (or loads) the kernel.
WARM = {"game": "roll_for_adventure", "rules": {}, "seed": 1, "variant": "warm", "players": 2,
     "strategies": ["balanced", "random"], "heroes": [None, None], "start": 0, "stop": 1}


# ---- Python side: which seats are covered, and the chunk's columns -----------------------------
def compiled_seats(seats: list) -> tuple[np.ndarray, np.ndarray] | None:
    """(kinds, parameters) of the seats when every one has a compiled twin, else None."""
    from strategies import RandomStrategy
    from strategies.roll_for_adventure import STRATEGIES
    heuristics = tuple(STRATEGIES.values())
    kinds, params = np.zeros(4, np.int64), np.zeros((4, len(PARAMS)))
    for i, seat in enumerate(seats):
        if type(seat) is RandomStrategy:
            kinds[i] = RANDOM
        elif type(seat) in heuristics:
            kinds[i] = HEURISTIC
            params[i] = [getattr(seat, p) for p in PARAMS]
        else:
            return None
    return kinds, params


def chunk_columns(task: dict[str, Any], rules: Any, seats: list,
               heroes: list | None) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]] | None:
    """The chunk's columns that vary by game: per game (``game``, ``seed``, ``decisions``,
    ``end_reason`` and the game's metrics) and per seat (``score``, ``rank``, ``won`` and the
    seat metrics; rows by game, then seat), or None when some seat has no compiled twin."""
    covered = compiled_seats(seats)
    if covered is None:
        return None
    kinds, params = covered
    n = task["players"]
    fixed = np.full(4, -1, np.int64)
    for seat, name in enumerate((heroes or [])[:n]):
        if name is not None:
            fixed[seat] = FIRST_GAME_HEROES.index(name)
    indices = game_indices(task)
    count = len(indices)
    G = np.zeros((count, len(GAME_NUMBERS)), np.int64)
    SE = np.zeros((count * n, len(SEAT_NUMBERS)), np.int64)
    trace = trace_buffer(count, bool(task.get("trace")))
    ids = (np.array(deck_ids(rules.enemy_ranks), np.uint64), np.array(HERO_IDS, np.uint64))
    play_games(rules_array(rules), np.uint64(task["seed"]), indices, n, kinds, params, fixed,
               ids, G, SE, trace)
    games = {name: G[:, i] for i, name in enumerate(GAME_NUMBERS)}
    games["game"] = indices
    if task.get("trace"):
        games[TRACE_COLUMN] = trace_rows(trace)
    games["end_reason"] = np.array(END_REASONS, dtype=object)[games.pop("end")]
    games["won"] = games["won"].astype(bool)
    games["fallen_territories"] = pl.Series(FALLEN_NAMES[games.pop("fallen")].tolist(),
                                            dtype=pl.String)
    games["hero_powers"] = np.full(count, rules.hero_powers)
    games["board"] = [board_name(rules.stones_to_win)] * count
    for name in NULL_IF_NEGATIVE:
        games[name] = pl.Series(name, games[name]).set(pl.Series(games[name] < 0), None)
    seat_cols = {name: SE[:, i] for i, name in enumerate(SEAT_NUMBERS)}
    names = np.array(FIRST_GAME_HEROES + (None,), dtype=object)
    seat_cols["hero"] = names[seat_cols["hero"]] if rules.hero_powers else np.full(
        count * n, None, dtype=object)
    seat_cols["score"] = np.repeat(games["stones"].astype(float), n)   # co-op: the team's stones
    seat_cols["rank"] = np.ones(count * n, np.int64)
    seat_cols["won"] = np.repeat(games["won"], n)
    return games, seat_cols


# ---- the runner's entry points (simulate/engines.py) -------------------------------------------
unsupported, play_chunk, warm = entry_points(chunk_columns, compiled_seats, WARM, RULES_ENCODERS)
