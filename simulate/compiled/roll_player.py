"""Roll Player's compiled kernel (numba): a whole chunk of games, the same games as the Python
engine for the same seeds, handed back as the chunk's columns.

Same seed, same game: CPython's MT19937 (``simulate.kernels.cpython_random``) seeded from
``game_seed(run_seed, index)`` draws the base of the game's streams (``simulate.kernels.chance``:
one row of ``K`` per purpose of ``streams.py``), and every draw (Market piles, races, class dice,
Backstory and Alignment cards, starting dice, each round's dice, rerolls, the solo die) comes
from its purpose's stream in the engine's order, the decks shuffled on the components' keys,
and ``goal_chaser`` / ``balancer`` scoring as ``strategies/roll_player.py`` (``random`` draws
from the strategies' own stream). The component data is read from ``data/*.json`` when a chunk
starts (``kernel_layout.components_array``): editing a data file needs no code change.
``tests/games/roll_player/test_kernel.py`` proves it: identical tables, also with a modified
data file. The rules array is built from the Rules fields (simulate/kernels/rules.py);
``heroes = "all"`` and ``rotate = true`` are played in groups of fixed seats
(simulate/compiled ``seatings``); a variant's granted Market card is dealt as the engine deals it
(``kernel_setup.give_granted``; paid, its cost comes off the seat's starting Gold). The Python
engine stays the reference (replay, logs, custom strategies).
"""
from __future__ import annotations

import random
from typing import Any

import numpy as np
from numba import njit

from simulate.games.roll_player.components import load_components
from simulate.games.roll_player.kernel_apply import apply
from strategies.compiled.roll_player_estimates import PARAMS
from simulate.games.roll_player.kernel_layout import (
    ALIGNMENT, BACKSTORY, BAG, CUR, EFFECT, INIT_DICE, INIT_OWNER, KLASS, LEGAL_N, N_CARDS,
    N_ROWS, OVER, PHASE, PLAYERS, RACE, R_CLASS_DICE, R_GOLD_DICE, SE_SIZE, SOLO, STAGE, S_SIZE,
    TOKEN, RULES_ENCODERS, DEAL_SEEDS, components_array, keys_array, rules_array)
from simulate.games.roll_player.kernel_scoring import record
from simulate.games.roll_player.kernel_setup import setup_market
from simulate.games.roll_player.kernel_stages import proceed
from strategies.compiled.roll_player import BALANCER, GOAL_CHASER, choose, scratch
from simulate.games.roll_player.phases import P_RACE, S_RACE
from simulate.compiled import TRACE_COLUMN, entry_points, game_indices, kernel_grant
from simulate.games.grants import grant_at
from simulate.kernels.trace import record_decision, trace_buffer, trace_rows
from simulate.games.roll_player.streams import (ALIGNMENTS, BACKSTORIES, CLASS_DICE,
                                                MARKET as MARKET_STREAM, RACES, ROUND_DICE,
                                                SEAT_DICE, SOLO_DIE, STREAMS)
from simulate.kernels.chance import seed_stream, stream_seed, streams_base
from simulate.kernels.cpython_random import mt_random, new_mt, seed_game
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

RANDOM = 0
GAME_NUMBERS = ("seed", "decisions", "rounds", "gold_tie_break_decided",
                "class_dice_tie_break_decided", "shared_win", "winning_stars",
                "market_reshuffles", "cards_trashed")
SEAT_NUMBERS = ("class", "race", "backstory", "alignment_card", "stars_attributes",
                "stars_class_dice", "stars_alignment", "stars_backstory", "stars_armor",
                "stars_traits", "gold", "class_dice", "goals_met", "backstory_matches",
                "cards_bought", "cards_dropped_at_scoring", "skills_used", "discards_for_gold",
                "charisma_tokens_used", "tied_on_stars", "score", "rank", "won")
BOOLS = ("gold_tie_break_decided", "class_dice_tie_break_decided", "shared_win",
         "tied_on_stars", "won")
MAX_BOUGHT = 64


@njit(cache=True)
def seed_streams(K, X, mt, n):
    """State.__init__'s ``Streams(rng)``: the base from the game's generator, the rows of the
    streams this game draws from seeded (the engine makes them on first use: seeding draws
    nothing) and the set-up deals' seeds."""
    base = streams_base(mt)
    for purpose in (MARKET_STREAM, CLASS_DICE, ROUND_DICE):
        seed_stream(K, base, purpose)
    if n == 1:
        seed_stream(K, base, SOLO_DIE)
    for seat in range(n):
        seed_stream(K, base, SEAT_DICE + seat)
    for i, purpose in enumerate((RACES, BACKSTORIES, ALIGNMENTS)):
        X[DEAL_SEEDS, i] = stream_seed(base, purpose)


@njit(cache=True)
def new_game(L, N, S, SE, R, D, A, mt, K, X, n, fixed, grant):
    """State.__init__: the streams, the table, the Market deck (and a granted card,
    simulate/kernels/grants.py), then the flow up to the first decision."""
    seed_streams(K, X, mt, n)
    N[:] = 0
    S[:] = 0
    SE[:] = 0
    S[PLAYERS], S[SOLO] = n, n == 1
    S[N_CARDS] = 3 if n == 1 else n + 1
    S[PHASE], S[STAGE], S[EFFECT] = P_RACE, S_RACE, -1
    for c in range(6):
        S[BAG + c] = R[R_CLASS_DICE]
    S[BAG + 6] = R[R_GOLD_DICE]
    for c in range(5):
        S[INIT_DICE + c] = S[INIT_OWNER + c] = -1
    for s in range(4):
        SE[s, RACE] = SE[s, KLASS] = SE[s, BACKSTORY] = SE[s, ALIGNMENT] = -1
        SE[s, TOKEN] = 4
    setup_market(L, N, S, SE, R, D, K, X, grant)
    proceed(L, N, S, SE, R, D, A, K, X, fixed)


@njit(cache=True, nogil=True)   # chunks play on threads (simulate.pool)
def play_games(R, D, keys, width, run_seed, indices, n, kinds, P, fixed, grant, G, SEATS,
               BOUGHT_IDS, trace):
    """Play the games ``indices`` into G, SEATS and BOUGHT_IDS, and a trace matrix wider than
    zero with each game's decisions (simulate/kernels/trace.py)."""
    L = np.zeros((N_ROWS, width), np.int64)
    N = np.zeros(N_ROWS, np.int64)
    S = np.zeros(S_SIZE, np.int64)
    SE = np.zeros((4, SE_SIZE), np.int64)
    A = np.zeros((2048, 3), np.int64)
    W = scratch()
    mt, lots = new_mt(), new_mt()
    K = np.zeros((STREAMS, 625), np.uint32)      # the game's streams, a row per purpose
    X = keys.copy()                              # the components' keys, the game's deal seeds
    draws = (kinds[:n] == RANDOM).any()
    tracing = trace.shape[1] > 0
    for g in range(len(indices)):
        seed = seed_game(mt, lots, run_seed, indices[g], draws)
        new_game(L, N, S, SE, R, D, A, mt, K, X, n, fixed, grant)
        decisions = 0
        while not S[OVER]:
            count, seat = S[LEGAL_N], S[CUR]
            if count == 1:
                a = 0
            elif count == 0:
                raise RuntimeError("no legal action in a running game")
            elif kinds[seat] == RANDOM:
                a = int(mt_random(lots) * count)
            else:
                a = choose(L, N, S, SE, R, D, P[seat], A, count, kinds[seat], W)
            if tracing:
                record_decision(trace[g], count, a)
            decisions += 1
            apply(L, N, S, SE, R, D, A, a, K, X, fixed)
        record(L, N, S, SE, R, D, G[g], SEATS[g * n:(g + 1) * n],
               BOUGHT_IDS[g * n:(g + 1) * n], seed, decisions)


# A tiny chunk: playing it compiles (or loads) the kernel.
WARM = {"game": "roll_player", "rules": {}, "seed": 1, "variant": "warm", "players": 2,
     "strategies": ["goal_chaser", "random"], "heroes": [None, None], "start": 0, "stop": 1}


# ---- Python side ------------------------------------------------------------------------------
def compiled_seats(seats: list) -> tuple[np.ndarray, np.ndarray] | None:
    """(kinds, parameters) of the seats when every one has a compiled twin, else None."""
    from strategies import RandomStrategy
    from strategies.roll_player import Balancer, GoalChaser
    kinds, params = np.zeros(4, np.int64), np.zeros((4, len(PARAMS)))
    for i, seat in enumerate(seats):
        if type(seat) is RandomStrategy:
            continue
        if type(seat) not in (GoalChaser, Balancer):
            return None
        kinds[i] = BALANCER if type(seat) is Balancer else GOAL_CHASER
        params[i] = [getattr(seat, p, 0.0) for p in PARAMS]
    return kinds, params


def chunk_columns(task: dict[str, Any], rules: Any, seats: list,
               heroes: list | None) -> tuple[dict, dict] | None:
    """The chunk's columns that vary by game: per game (``game``, ``seed``, ``decisions``,
    ``end_reason`` and the game's metrics) and per seat (``score``, ``rank``, ``won`` and the
    seat metrics; rows by game, then seat), or None when some seat has no compiled twin."""
    covered = compiled_seats(seats)
    if covered is None:
        return None
    kinds, params = covered
    from simulate.games.roll_player.state import new_game as python_new_game
    n = task["players"]
    python_new_game(rules, n, random.Random(0), heroes,      # the engine checks the heroes
                    grant_at(task.get("grant"), n))          # and the granted entry
    comp = load_components()            # a variant's edits applied (removed cards flagged)
    fixed = np.full(4, -1, np.int64)
    names = [c.name for c in comp.classes]
    for seat, name in enumerate((heroes or [])[:n]):
        if name is not None:
            fixed[seat] = names.index(name)
    indices = game_indices(task)
    count = len(indices)
    G = np.zeros((count, len(GAME_NUMBERS)), np.int64)
    SEATS = np.zeros((count * n, len(SEAT_NUMBERS)), np.int64)
    bought = np.zeros((count * n, MAX_BOUGHT + 1), np.int64)
    width = max(64, len(comp.cards) + 8)
    trace = trace_buffer(count, bool(task.get("trace")))
    play_games(rules_array(rules), components_array(comp), keys_array(comp), width,
               np.uint64(task["seed"]),
               indices, n, kinds, params, fixed,
               kernel_grant(task, lambda _, entry: comp.card_by_name[entry].id), G, SEATS, bought,
               trace)
    games = {name: G[:, i] for i, name in enumerate(GAME_NUMBERS)}
    games["game"] = indices
    if task.get("trace"):
        games[TRACE_COLUMN] = trace_rows(trace)
    games["end_reason"] = ["sheets_full"] * count
    seat_cols = {name: SEATS[:, i] for i, name in enumerate(SEAT_NUMBERS)}
    for column in BOOLS:
        (games if column in games else seat_cols)[column] = \
            (games if column in games else seat_cols)[column].astype(bool)
    for column, items in (("class", comp.classes), ("race", comp.races),
                          ("backstory", comp.backstories), ("alignment_card", comp.alignments)):
        seat_cols[column] = np.array([x.name for x in items], dtype=object)[seat_cols[column]]
    seat_cols["score"] = seat_cols["score"].astype(float)
    card_names = [c.name for c in comp.cards]
    seat_cols["cards_bought_names"] = ["|".join(card_names[c] for c in row[1:1 + row[0]])
                                       for row in bought]
    return games, seat_cols


# ---- the runner's entry points (simulate/engines.py) -------------------------------------------
GRANTS = True          # a variant's granted Market card (simulate/kernels/grants.py)
PAID_GRANTS = True     # at its price too: its cost off the seat's starting Gold

# Every component edit is played: the arrays are built per chunk from the edited set, and a
# removed Market card (kept in the set, out of the game) is flagged in its row (C_REMOVED).
unsupported, play_chunk, warm = entry_points(chunk_columns, compiled_seats, WARM, RULES_ENCODERS,
                                             grants=GRANTS, paid_grants=PAID_GRANTS)
