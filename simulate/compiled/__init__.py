"""The compiled chunk drivers: ``simulate/compiled/<game>.py`` plays a whole chunk with a game's
kernel (its engine part in ``simulate/games/<game>/kernel_*.py``, its strategy part in
``strategies/compiled/<game>*.py``) and hands back the runner's ``games`` and ``seats`` columns
(ARCHITECTURE.md, "Which way imports go"). They sit in the runner layer: they join the two parts and write
the runner's tables. ``simulate.engines.kernel_module`` finds a game's driver by its name.
"""
from __future__ import annotations

import numpy as np

from simulate.games import get_game
from simulate.games.base import ConfigError, make_rules, rules_hash
from simulate.results import GAME_COLUMNS, SEAT_COLUMNS
from strategies import build_strategy


def play_chunk_with(columns_of, task: dict) -> tuple[dict, dict]:
    """``runner.play_chunk`` for a game whose kernel function ``columns_of(task, rules, seats,
    heroes)`` returns the columns that vary by game (or None when a seat has no compiled twin):
    the runner's constant columns are added here, so both engines write the same tables."""
    spec = get_game(task["game"])
    rules = make_rules(spec.rules_class, task["rules"])
    seats = [build_strategy(spec.name, s) for s in task["strategies"]]
    described = [s.describe() for s in seats]
    n = task["players"]
    heroes = list(task["heroes"][:n]) if any(task["heroes"]) else None
    played = columns_of(task, rules, seats, heroes)
    if played is None:
        raise ConfigError(f"--engine compiled: {spec.title} has no compiled twin for the "
                          f"strategies {'|'.join(described)}; use --engine auto or python")
    own_games, own_seats = played
    count = task["stop"] - task["start"]
    constant = {"variant": task["variant"], "players": n, "game_name": spec.name,
                "engine_version": spec.version, "rules_hash": rules_hash(rules),
                "strategies": "|".join(described)}
    games = {c: own_games[c] if c in own_games else [constant[c]] * count
             for c in list(GAME_COLUMNS) + list(spec.game_columns)}
    generic = {"game": np.repeat(np.arange(task["start"], task["stop"]), n),
               "variant": [task["variant"]] * (count * n), "players": np.full(count * n, n),
               "seat": np.tile(np.arange(n), count), "strategy": described * count}
    seat_rows = {c: generic[c] if c in generic else own_seats[c]
                 for c in list(SEAT_COLUMNS) + list(spec.seat_columns)}
    return games, seat_rows


def unsupported_seats(game: str, strategies: list, compiled_seats) -> str | None:
    """Why a kernel cannot play these configured seats (None: it can), by building them and
    asking the kernel's ``compiled_seats``."""
    try:
        seats = [build_strategy(game, s) for s in strategies]
    except Exception as exc:            # the config check names the problem; here: no twin
        return f"the seats cannot be built for the kernel ({exc})"
    if compiled_seats(seats) is None:
        return ("a seat plays a strategy with no compiled twin (only the built-in ones: "
                f"{'|'.join(s.describe() for s in seats)})")
    return None


def entry_points(columns_of, compiled_seats, warm_task: dict):
    """A kernel module's ``unsupported``, ``play_chunk`` and ``warm`` (what simulate/engines.py
    calls), from its ``columns_of`` (see :func:`play_chunk_with`), its ``compiled_seats(seats)``
    (kinds and parameters, or None) and a tiny task that compiles (or loads) the kernel."""
    def unsupported(game: str, strategies: list) -> str | None:
        """Why the kernel cannot play these seats (None: it can)."""
        return unsupported_seats(game, strategies, compiled_seats)

    def play_chunk(task: dict) -> tuple[dict, dict]:
        """runner.play_chunk, compiled: the same ``games`` and ``seats`` columns."""
        return play_chunk_with(columns_of, task)

    def warm() -> None:
        """Compile (or load) the kernel once, so runs and their workers find it cached."""
        play_chunk(warm_task)

    return unsupported, play_chunk, warm
