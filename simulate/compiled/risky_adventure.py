"""Risky Adventure's compiled kernel (numba): a whole chunk of games, the same games as the
Python engine for the same seeds, handed back as the chunk's columns.

Same seed, same game: CPython's MT19937 (``simulate.kernels.cpython_random``) seeded from
``game_seed(run_seed, index)``, the game's streams drawn from it as the engine draws them (a row
of ``streams`` per purpose, streams.py: the keyed artifact piles, equipment deck, map deck and
expedition tokens, each seat's dice), and the ``SpotValuer`` presets
(``fame_now``, ``engine_builder``, ``map_planner``, any parameters) and ``random`` choosing as
``strategies/risky_adventure.py`` does (``random`` draws from the strategies' own stream). The
component data is read when a chunk starts (``kernel_layout.components_arrays``, a study's folder
and component edits included): editing a card needs no code change.
``tests/games/risky_adventure/test_kernel.py`` proves it: identical tables. The rules array is
built from the Rules fields (simulate/kernels/rules.py); ``rotate = true`` is played in groups
of fixed seats (simulate/compiled ``seatings``; the game has no heroes); a variant's granted
equipment card is dealt as the engine deals it (``kernel_grant.py``, paid ones too). The Python
engine stays the reference (replay, logs, custom strategies, search).
"""
from __future__ import annotations

import random
from typing import Any

import numpy as np
from numba import njit

from simulate.compiled import TRACE_COLUMN, entry_points, game_indices, kernel_grant
from simulate.games.grants import grant_at
from simulate.games.risky_adventure.components import load_components
from simulate.games.risky_adventure.kernel_layout import (
    CUR, END_REASONS, LEGAL_N, N_ROWS, OVER, PHASE, PLACE, R_ADVENTURERS, R_MAX_CLOCKS, SE_SIZE,
    S_SIZE, RULES_ENCODERS, buffer_sizes, components_arrays, dice_arrays, identities, markers,
    rules_array)
from simulate.games.risky_adventure.kernel_scoring import GAME_NUMBERS, SEAT_NUMBERS, record
from simulate.games.risky_adventure.streams import PURPOSES
from simulate.games.risky_adventure.kernel_turns import (apply, apply_place, new_game, placement,
                                                         placement_index)
from simulate.kernels.cpython_random import mt_random, new_mt, seed_game
from simulate.kernels.trace import record_decision, trace_buffer, trace_rows
from strategies.compiled.risky_adventure import PARAMS, SPOT_VALUER, choose, notes, place
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

RANDOM = 0
BOOLS = ("shared_win", "equipment_tie_break_decided", "won", "tied_on_fame")


@njit(cache=True, nogil=True)   # chunks play on threads (simulate.pool)
def play_games(R, ART, EQ, EXP, MAPS_DATA, FACES, OC, OP, IDS, sizes, run_seed, indices, n,
               kinds, P, grant, G, SEATS, ART_IDS, EQ_IDS, trace):
    """Play the games ``indices`` into G, SEATS, ART_IDS and EQ_IDS, and a trace matrix wider
    than zero with each game's decisions (simulate/kernels/trace.py); ``sizes``: the buffers'
    (kernel_layout.buffer_sizes); ``IDS``: the piles' card identities (kernel_layout.identities)."""
    width, rows, spots, variants = sizes
    L = np.zeros((N_ROWS, width), np.int64)
    N = np.zeros(N_ROWS, np.int64)
    S = np.zeros(S_SIZE, np.int64)
    SE = np.zeros((4, SE_SIZE), np.int64)
    AF = np.zeros((4, EQ.shape[0]), np.int64)
    A = np.zeros((rows, 3), np.int64)
    placed = R[R_ADVENTURERS]
    W = (np.zeros((3, 3), np.int64), np.zeros((3, EQ.shape[0] + 1, 2), np.int64),
         np.zeros(3, np.int64), np.zeros((placed, 3), np.int64),
         np.zeros((placed, 3), np.int64), np.zeros((3, 3), np.int64), np.zeros(3, np.bool_),
         np.zeros(spots, np.int64))
    V = notes(spots, variants, EQ.shape[0], R[R_MAX_CLOCKS])
    mt, lots = new_mt(), new_mt()
    streams = np.zeros((PURPOSES, mt.shape[0]), np.uint32)   # a stream per purpose (streams.py)
    draws = (kinds[:n] == RANDOM).any()
    tracing = trace.shape[1] > 0
    for g in range(len(indices)):
        seed = seed_game(mt, lots, run_seed, indices[g], draws)
        V[2][:] = -1            # no seat has placed in this game yet (SpotValuer._game)
        V[11][:] = -1           # nor worked out a card's worth (its strategy may differ)
        new_game(L, N, S, SE, AF, R, ART, EQ, EXP, MAPS_DATA, mt, streams, IDS, n, A, W, grant)
        decisions = 0
        while not S[OVER]:
            count, seat = S[LEGAL_N], S[CUR]
            if count < 1:
                raise RuntimeError("no legal action in a running game")
            if S[PHASE] == PLACE:
                # the seat's discount markers this turn (W[0..2]): its placement and claims
                markers(SE, AF, L, N, R, EQ, S, seat, W[0], W[1], W[2])
                if count == 1:
                    placement(L, N, S, 0)
                elif kinds[seat] == RANDOM:
                    placement(L, N, S, int(mt_random(lots) * count))
                else:
                    place(L, N, S, SE, AF, R, ART, EQ, EXP, MAPS_DATA, P[seat], V, W, OC, OP)
                if tracing:
                    record_decision(trace[g], count, placement_index(L, N, S))
                decisions += 1
                apply_place(L, N, S, SE, AF, R, ART, EQ, EXP, FACES, streams, A, W)
                continue
            if count == 1:
                a = 0
            elif kinds[seat] == RANDOM:
                a = int(mt_random(lots) * count)
            else:
                a = choose(L, N, S, SE, AF, R, ART, EQ, EXP, MAPS_DATA, P[seat], A, V, W, OC, OP)
            if tracing:
                record_decision(trace[g], count, a)
            decisions += 1
            apply(L, N, S, SE, AF, R, ART, EQ, EXP, MAPS_DATA, A, a, W)
        record(L, N, S, SE, R, ART, EQ, G[g], SEATS[g * n:(g + 1) * n],
               ART_IDS[g * n:(g + 1) * n], EQ_IDS[g * n:(g + 1) * n], seed, decisions)


# A tiny chunk: playing it compiles (or loads) the kernel.
WARM = {"game": "risky_adventure", "rules": {}, "seed": 1, "variant": "warm", "players": 2,
        "strategies": ["fame_now", "random"], "heroes": [None, None], "start": 0, "stop": 1}


# ---- Python side ------------------------------------------------------------------------------
def compiled_seats(seats: list) -> tuple[np.ndarray, np.ndarray] | None:
    """(kinds, parameters) of the seats when every one has a compiled twin, else None."""
    from strategies import RandomStrategy
    from strategies.risky_adventure import STRATEGIES, SpotValuer
    twins = (SpotValuer, *STRATEGIES.values())
    kinds, params = np.zeros(4, np.int64), np.zeros((4, len(PARAMS)))
    for i, seat in enumerate(seats):
        if type(seat) is RandomStrategy:
            continue
        if type(seat) not in twins:
            return None
        kinds[i] = SPOT_VALUER
        params[i] = [float(getattr(seat, p)) for p in PARAMS]
    return kinds, params


def _joined(ids: np.ndarray, names: list[str]) -> list[str]:
    """'|'-joined names of each row's ids (count first)."""
    seen: dict = {}
    out = []
    for row in ids:
        key = row[1:1 + row[0]].tobytes()
        text = seen.get(key)
        if text is None:
            text = seen[key] = "|".join(names[i] for i in row[1:1 + row[0]])
        out.append(text)
    return out


def chunk_columns(task: dict[str, Any], rules: Any, seats: list,
                  heroes: list | None) -> tuple[dict, dict] | None:
    """The chunk's columns that vary by game (``game``, ``seed``, ``decisions``, ``end_reason``
    and the game's metrics) and by seat (``score``, ``rank``, ``won`` and the seat metrics; rows
    by game, then seat), or None when some seat has no compiled twin."""
    covered = compiled_seats(seats)
    if covered is None:
        return None
    kinds, params = covered
    from simulate.games.risky_adventure.state import new_game as python_new_game
    n = task["players"]
    python_new_game(rules, n, random.Random(0), heroes,      # the engine checks rules, data
                    grant_at(task.get("grant"), n))          # and the granted entry
    comp = load_components()
    art, eq, exp, maps = components_arrays(comp)
    faces, oc, op = dice_arrays(rules)
    indices = game_indices(task)
    count = len(indices)
    G = np.zeros((count, len(GAME_NUMBERS)), np.int64)
    SEATS = np.zeros((count * n, len(SEAT_NUMBERS)), np.int64)
    art_ids = np.zeros((count * n, len(comp.artifacts) + 1), np.int64)
    eq_ids = np.zeros((count * n, len(comp.equipment) + 1), np.int64)
    trace = trace_buffer(count, bool(task.get("trace")))
    play_games(rules_array(rules), art, eq, exp, maps, faces, oc, op, identities(comp),
               np.array(buffer_sizes(rules, comp), np.int64),
               np.uint64(task["seed"]), indices, n, kinds, params,
               kernel_grant(task, lambda _, entry: [c.id for c in comp.equipment].index(entry)),
               G, SEATS, art_ids, eq_ids, trace)
    games = {name: G[:, i] for i, name in enumerate(GAME_NUMBERS) if name != "reason"}
    games["game"] = indices
    if task.get("trace"):
        games[TRACE_COLUMN] = trace_rows(trace)
    reasons = {mask: "+".join(r for b, r in enumerate(END_REASONS) if mask >> b & 1)
               for mask in range(1 << len(END_REASONS))}
    games["end_reason"] = [reasons[m] for m in G[:, GAME_NUMBERS.index("reason")]]
    seat_cols = {name: SEATS[:, i] for i, name in enumerate(SEAT_NUMBERS)}
    for column in BOOLS:
        table = games if column in games else seat_cols
        table[column] = table[column].astype(bool)
    seat_cols["score"] = seat_cols["score"].astype(float)
    seat_cols["artifacts_claimed"] = _joined(art_ids, [a.id for a in comp.artifacts])
    seat_cols["equipment_bought"] = _joined(eq_ids, [c.id for c in comp.equipment])
    return games, seat_cols


# ---- the runner's entry points (simulate/engines.py) -------------------------------------------
GRANTS = True          # a variant's granted equipment card (simulate/kernels/grants.py)
PAID_GRANTS = True     # at its price too: clocks paid back to the camp, the shortfall owed
unsupported, play_chunk, warm = entry_points(chunk_columns, compiled_seats, WARM,
                                           RULES_ENCODERS, grants=GRANTS,
                                           paid_grants=PAID_GRANTS)
