"""One chunk of games played, in this process or a worker's: the worker side of the runner.

A task (runner.chunk_task) names the game, rules, seats, seeds and the folder of components; the
chunk is played by the game's compiled kernel (``task["engine"] == "compiled"``) or by the
Python engines, and comes back as the ``games`` and ``seats`` columns. Nothing here reaches back
up into the runner, the pool or Dask that handed the task over.
"""
from __future__ import annotations

import sys
from typing import Any

from simulate.worker_posts import post_for
from simulate.config import heroes_for_game
from simulate.engines import kernel_module
from simulate.games import get_game
from simulate.games.base import make_rules, rules_hash
from simulate.games.component_files import data_folder, using_folder
from simulate.games.grants import grant_at
from simulate.play import TRACE_COLUMN, play_game
from simulate.results import GAME_COLUMNS, ROTATION_COLUMN, SEAT_COLUMNS
from simulate.seating import described_seats, game_seed, rotations, build_seats
from simulate.worker_watchdog import exit_with_parent, strategies_processes_end
from strategies import strategies_for

# Task keys a compiled kernel never sees: it plays only built-in strategies (untimed), and the
# watchdog's parent pid is the runner's business.
NOT_FOR_KERNELS = ("decision_seconds", "parent", "board", "path", "components", "edits",
                   "pinned")


def play_chunk(task: dict[str, Any]) -> tuple[dict[str, list], dict[str, list]]:
    """Play one chunk's games; return the ``games`` and ``seats`` columns (with ``rotate``, a
    ``rotation`` column too: each seed is played once per rotation of the seats). With
    ``task["engine"] == "compiled"`` the game's kernel plays them: the same columns. In a
    worker process (``task["parent"]``, the main pid) a watchdog ends it when the main is gone;
    with ``task["board"]`` it posts what it plays there (simulate.worker_posts)."""
    if "parent" in task:
        exit_with_parent(task["parent"])
    for folder in task.get("path", ()):     # what the main process imports from (module:Class)
        if folder not in sys.path:
            sys.path.append(folder)
    folder = task.get("components") or data_folder(task["game"])   # what the main process reads
    with using_folder(task["game"], folder, task.get("edits", ()), task.get("pinned")):
        if "parent" not in task:             # this process: no strategy of a user's plays here
            return _play_chunk(task)
        with strategies_processes_end():     # a worker: what its strategies start ends here
            return _play_chunk(task)


def _play_chunk(task: dict[str, Any]) -> tuple[dict[str, list], dict[str, list]]:
    if task.get("engine") == "compiled":
        kernel = kernel_module(task["game"])
        if task.get("grant") and not getattr(kernel, "GRANTS", False):
            raise RuntimeError(f"the {task['game']} kernel cannot play a granted card")
        return kernel.play_chunk({k: v for k, v in task.items() if k not in NOT_FOR_KERNELS})
    post = post_for(task.get("board"))
    spec = get_game(task["game"])
    strategies_for(spec.name)                # the built-in ones, imported before the clock runs
    rules = make_rules(spec.rules_class, task["rules"])
    seatings = [(r, build_seats(spec.name, strategies, task["start"], post), order)
                for r, strategies, order in rotations(task)]
    described = {r: described_seats(seats, task["start"], post) for r, seats, _ in seatings}
    extra = list(ROTATION_COLUMN) if task.get("rotate") else []
    games = {c: [] for c in list(GAME_COLUMNS) + list(spec.game_columns) + extra}
    seat_rows = {c: [] for c in list(SEAT_COLUMNS) + list(spec.seat_columns) + extra}
    n = task["players"]
    grant = grant_at(task.get("grant"), n)
    constant = {"variant": task["variant"], "players": n, "game_name": spec.name,
                "engine_version": spec.version, "rules_hash": rules_hash(rules)}
    own_game, own_seat = list(spec.game_columns), list(spec.seat_columns)
    traced = task.get("trace")              # test mode: each game's decisions (simulate/play.py)
    if traced:
        games[TRACE_COLUMN] = []
    for index in range(task["start"], task["stop"]):
        seed = game_seed(task["seed"], index)
        dealt = heroes_for_game(spec, task["heroes"], index)
        for rotation, seats, order in seatings:
            heroes = [dealt[s] for s in order] if dealt else None
            if post is not None and len(seatings) > 1:
                post.seats(described[rotation])
            trace = [] if traced else None
            _, outcome, decisions = play_game(spec, rules, seats, seed, heroes, index=index,
                                              post=post, trace=trace, grant=grant)
            if traced:
                games[TRACE_COLUMN].append(trace)
            names = described[rotation]
            row = {"game": index, "seed": seed, "decisions": decisions, "rotation": rotation,
                   "end_reason": outcome.end_reason, "strategies": "|".join(names), **constant}
            for column in list(GAME_COLUMNS) + extra:
                games[column].append(row[column])
            for column in own_game:
                games[column].append(outcome.metrics[column])
            for seat in range(n):
                generic = (index, task["variant"], n, seat, names[seat],  # SEAT_COLUMNS order
                           float(outcome.scores[seat]), outcome.ranks[seat], outcome.won[seat])
                for column, value in zip(SEAT_COLUMNS, generic):
                    seat_rows[column].append(value)
                for column in extra:
                    seat_rows[column].append(rotation)
                metrics = outcome.seat_metrics[seat]
                for column in own_seat:
                    seat_rows[column].append(metrics[column])
    return games, seat_rows
