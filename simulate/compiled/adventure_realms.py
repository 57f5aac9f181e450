"""Adventure Realms' compiled kernel (numba): a whole chunk of games, the same games as the
Python engine for the same seeds, handed back as the chunk's columns.

Same seed, same game: CPython's MT19937 (``simulate.kernels.cpython_random``) seeded from
``game_seed(run_seed, index)`` gives the base of the game's streams, one per source of chance
(``streams.py``, ``kernel_streams.py``): every keyed shuffle (hero deck, adventure deck,
monsters, each player's cards and every reshuffle of a discard pile) and every random draw
(Shadow, Bastion's deck card) as the engine's; ``balanced`` / ``guild_specialist`` / ``dungeon_racer`` (any
parameters) score as ``strategies/adventure_realms.py``; ``random`` draws from the strategies'
own stream. The component data (the study's folder and its edits) is read when a chunk starts
(``kernel_layout.kit_of``): editing a card needs no code change.
``tests/games/adventure_realms/test_kernel.py`` proves it: identical tables. The rules array is
built from the Rules fields (simulate/kernels/rules.py); ``rotate = true`` is played in groups
of fixed seats (simulate/compiled ``seatings``; the game has no heroes to deal, so
``heroes = "all"`` is refused by the config); a variant's granted card is dealt as the
engine deals it (``kernel_grant.py``). The Python engine stays the reference (replay, logs,
custom strategies).
"""
from __future__ import annotations

import random
from functools import partial
from typing import Any

import numpy as np
from numba import njit

from simulate.compiled import TRACE_COLUMN, entry_points, game_indices, kernel_grant
from simulate.games.grants import grant_at
from simulate.games.adventure_realms.components import GUILDS, load_components
from simulate.games.adventure_realms.kernel_effects import new_table
from simulate.games.adventure_realms.kernel_flow import apply, new_game
from simulate.games.adventure_realms.kernel_layout import (
    CUR, END_REASON, END_REASONS, LEGAL_N, MAX_SPACES, OVER, RULES_ENCODERS, kit_of,
    legal_room, list_width, rules_array)
from simulate.games.adventure_realms.kernel_scoring import (DOMINANT, GAME_NUMBERS,
                                                            SEAT_NUMBERS, TIE_BREAKS, record)
from simulate.kernels.cpython_random import mt_random, new_mt, seed_game
from simulate.kernels.refcounts import borrowed
from simulate.kernels.trace import record_decision, trace_buffer, trace_rows
from strategies.compiled.adventure_realms import PARAMS as PRICED
from strategies.compiled.adventure_realms import EXPECTED_VP, RANDOM, choose, prices
from simulate.kernels import use_cache_for

use_cache_for(__name__)      # numba's cache folder for what this module compiles

PARAM_NAMES = PRICED + ("focus",)             # what the kernel copies (tests/test_kernel_parameters.py)
STRINGS = {"tie_break": TIE_BREAKS, "end_reason": END_REASONS, "dominant_guild": DOMINANT}


@njit(cache=True, nogil=True)   # chunks play on threads (simulate.pool)
def play_games(table, kit, rules, priced, lots, run_seed, indices, n, kinds, grant, OUT_GAMES,
               OUT_SEATS, OUT_LISTS, trace):
    """Play the games ``indices`` into the OUT_* arrays, and a trace matrix wider than zero
    with each game's decisions (simulate/kernels/trace.py). The caller holds the game state
    ``table``, the arrays and the strategies' stream ``lots``: the kernel borrows them."""
    G, K, R, P, lots = borrowed(table), borrowed(kit), borrowed(rules), borrowed(priced), \
        borrowed(lots)
    draws = (kinds[:n] == RANDOM).any()
    tracing = trace.shape[1] > 0
    for g in range(len(indices)):
        seed = seed_game(G.mt, lots, run_seed, indices[g], draws)
        new_game(G, K, R, n, grant)
        decisions = 0
        while not G.S[OVER]:
            count, seat = G.S[LEGAL_N], G.S[CUR]
            if count == 1:
                a = 0
            elif count == 0:
                raise RuntimeError("no legal action in a running game")
            elif kinds[seat] == RANDOM:
                a = int(mt_random(lots) * count)
            else:
                a = choose(G, K, R, P, seat)
            if tracing:
                record_decision(trace[g], count, a)
            decisions += 1
            apply(G, K, R, a)
        record(G, K, R, OUT_GAMES[g], OUT_SEATS[g * n:(g + 1) * n],
               OUT_LISTS[g * n:(g + 1) * n], seed, decisions)
        OUT_GAMES[g, len(OUT_GAMES[g]) - 1] = G.S[END_REASON]


# A tiny chunk: playing it compiles (or loads) the kernel.
WARM = {"game": "adventure_realms", "rules": {}, "seed": 1, "variant": "warm", "players": 2,
        "strategies": ["balanced", "random"], "heroes": [None, None], "start": 0, "stop": 1}


# ---- Python side ------------------------------------------------------------------------------
def compiled_seats(seats: list) -> np.ndarray | None:
    """The seats' kinds when every one has a compiled twin, else None."""
    from strategies import RandomStrategy
    from strategies.adventure_realms import STRATEGIES
    kinds = np.zeros(4, np.int64)
    for i, seat in enumerate(seats):
        if type(seat) is RandomStrategy:
            continue
        if type(seat) not in STRATEGIES.values():
            return None
        kinds[i] = EXPECTED_VP
    return kinds


def chunk_columns(task: dict[str, Any], rules: Any, seats: list,
                  heroes: list | None) -> tuple[dict, dict] | None:
    """The chunk's columns that vary by game: per game (``game``, ``seed``, ``decisions``,
    ``end_reason`` and the game's metrics) and per seat (``score``, ``rank``, ``won`` and the
    seat metrics; rows by game, then seat), or None when some seat has no compiled twin."""
    kinds = compiled_seats(seats)
    if kinds is None:
        return None
    from simulate.games.adventure_realms.state import new_game as python_new_game
    n = task["players"]
    python_new_game(rules, n, random.Random(0), heroes,      # the engine checks its input
                    grant_at(task.get("grant"), n))          # (the granted entry too)
    comp = load_components()
    if len(comp.spaces) > MAX_SPACES:
        raise RuntimeError(f"the kernel holds at most {MAX_SPACES} board spaces")
    kit, effects = kit_of(comp, rules)
    width = list_width(comp, n) + rules.max_rounds
    indices = game_indices(task)
    count = len(indices)
    out_games = np.zeros((count, len(GAME_NUMBERS)), np.int64)
    out_seats = np.zeros((count * n, len(SEAT_NUMBERS)), np.int64)
    out_lists = np.zeros((count * n, 3, width + 1), np.int64)
    trace = trace_buffer(count, bool(task.get("trace")))
    play_games(new_table(width, legal_room(comp)), kit, rules_array(rules),
               prices(seats, comp, rules, kit, effects), new_mt(), np.uint64(task["seed"]),
               indices, n, kinds, kernel_grant(task, partial(_entry_id, comp)), out_games,
               out_seats, out_lists, trace)
    games = {name: out_games[:, i] for i, name in enumerate(GAME_NUMBERS)}
    games["game"] = indices
    if task.get("trace"):
        games[TRACE_COLUMN] = trace_rows(trace)
    seat_cols = {name: out_seats[:, i] for i, name in enumerate(SEAT_NUMBERS)}
    for cols in (games, seat_cols):
        for column, names in STRINGS.items():
            if column in cols:
                cols[column] = np.array(names, dtype=object)[cols[column]]
    seat_cols["won"] = seat_cols["won"].astype(bool)
    seat_cols["score"] = seat_cols["score"].astype(float)
    hero_names = [h.name for h in comp.heroes]
    lists = [[row[1:1 + row[0]] for row in seat] for seat in out_lists]
    seat_cols["cards_recruited"] = ["|".join(hero_names[c] for c in seat[0]) for seat in lists]
    seat_cols["dungeon_ranks"] = ["|".join(map(str, seat[1])) for seat in lists]
    seat_cols["vp_by_round"] = ["|".join(map(str, seat[2])) for seat in lists]
    assert GUILDS == ("Fighters", "Thieves", "Wizards", "Clerics")   # DOMINANT's order
    return games, seat_cols


def _entry_id(comp, file: str, entry: str) -> int:
    """A granted entry's id (``State.adventure_id`` or ``hero_id``, as grant.take_granted)."""
    cards = comp.adventures if file == "adventure_cards.json" else comp.heroes
    return {card.name: card.id for card in cards}[entry]


# ---- the runner's entry points (simulate/engines.py) -------------------------------------------
GRANTS = True          # a variant's granted card (simulate/kernels/grants.py, kernel_grant.py)
unsupported, play_chunk, warm = entry_points(chunk_columns, compiled_seats, WARM,
                                         RULES_ENCODERS, grants=GRANTS)
