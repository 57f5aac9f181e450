"""The compiled kernels in `make bench`. Dungeon Roll ("dungeon_roll_kernel"): games/s per
engine and 1M solo games end to end. Every game with a kernel ("kernels"): the first compile
from an empty numba cache, and the long differential test (>= 100,000 games per game, Python
engine and kernel on the same seeds, identical tables).

Run by bench.py; alone, ``python bench/kernel_bench.py`` updates just those two keys, and
``python bench/kernel_bench.py kernels [game ...]`` only the "kernels" entries of those games.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time

from polars.testing import assert_frame_equal

from simulate.games import get_game
from simulate.results import GAME_COLUMNS, SEAT_COLUMNS, frame
from simulate.chunk import play_chunk
from strength import in_processes

QUICK = bool(os.environ.get("BENCH_QUICK"))
# The long differential runs per game: (players, strategies, rules, games[, seating]), seating:
# rotate = true and heroes = "all" (the kernels play them in groups of fixed seats).
ALL_IN_TURN = {"rotate": True, "heroes": ["all"] * 4}
DIFFERENTIAL = {
    "dungeon_roll": [(1, ["risk_aware"], {}, 50_000), (1, ["random"], {}, 10_000),
                     (3, ["risk_aware", "cautious", "random"], {}, 5_000, ALL_IN_TURN),
                     (2, ["cautious", "bold"], {"keep_loot_after_fleeing": False}, 10_000),
                     (3, ["risk_aware", "random", "bold"], {"level_up_xp": 3}, 10_000),
                     (4, ["risk_aware", "cautious", "random", "bold"], {}, 20_000)],
    "roll_for_adventure": [(2, ["balanced", "random"], {}, 20_000),
                           (3, ["defender", "builder", "balanced"], {"hero_powers": True}, 20_000),
                           (4, ["balanced"] * 4, {}, 40_000),
                           (4, ["builder", "defender", "random", "balanced"],
                            {"stones_to_win": 8}, 20_000),
                           (3, ["balanced", "builder", "random"], {"hero_powers": True}, 5_000,
                            ALL_IN_TURN)],
    "roll_player": [(1, ["goal_chaser"], {}, 20_000),
                    (2, ["balancer", "random"], {"tie_breakers": "gold"}, 20_000),
                    (3, ["goal_chaser", "balancer", "random"], {"skills_usable": False}, 20_000),
                    (4, ["goal_chaser"] * 4, {}, 40_000),
                    (4, ["goal_chaser"] * 4, {}, 12_000, {"heroes": ["all"] * 4}),  # configs/
                    (2, ["balancer", "goal_chaser"], {}, 4_000, ALL_IN_TURN)],
    "risky_adventure": [(2, ["fame_now", "random"], {}, 20_000),
                        (3, ["engine_builder", "map_planner", "random"],
                         {"die_pays_once": False}, 20_000),
                        (4, ["fame_now"] * 4, {}, 40_000),
                        (4, ["fame_now", "engine_builder", "map_planner", "random"],
                         {"end_check": "turn_end", "revealed_artifacts": 2}, 20_000),
                        (3, ["map_planner", "fame_now", "engine_builder"], {}, 4_000,
                         {"rotate": True}),
                        # forced placements often, at turn numbers a seat placed at last game
                        (3, ["fame_now", "engine_builder", "map_planner"],
                         {"adventurers": 4, "camp_spaces": 1, "expedition_reach": 1,
                          "revealed_artifacts": 1}, 10_000)],
    "adventure_realms": [(2, ["balanced", "random"], {}, 20_000),
                         (3, ["guild_specialist", "dungeon_racer", "random"], {"banish": "up_to"},
                          20_000),
                         (4, ["balanced"] * 4, {}, 40_000),
                         (4, ["dungeon_racer", "balanced", "random", "guild_specialist"],
                          {"token_supply": "capped", "tied_ranks": "dense"}, 20_000)],
}
SHORTER = 50 if QUICK else 1                # BENCH_QUICK: a fiftieth of the games


def _task(players: int, strategies: list, rules: dict, start: int, stop: int, engine: str,
          game: str = "dungeon_roll", seating: dict | None = None):
    seating = seating or {}
    return {"game": game, "rules": rules, "seed": 99, "strategies": strategies,
            "heroes": seating.get("heroes", [None] * 4)[:players], "variant": "baseline",
            "players": players, "start": start, "stop": stop, "engine": engine,
            "rotate": seating.get("rotate", False)}


def games_per_second(engine: str, players: int, seconds: float) -> tuple[float, float]:
    """risk_aware in every seat, one process, no I/O (the kernel compiled beforehand): games per
    second of wall time and per second of this process's CPU time (a busy machine skews the
    first)."""
    size = 200 if engine == "python" else 2000
    play_chunk(_task(players, ["risk_aware"] * players, {}, 0, 2, engine))
    played, start, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        play_chunk(_task(players, ["risk_aware"] * players, {}, played, played + size, engine))
        played += size
    return played / (time.perf_counter() - start), played / (time.process_time() - cpu)


def first_compile_seconds(game: str) -> float:
    """Compiling ``game``'s kernel from nothing (an empty numba cache) and playing a game."""
    with tempfile.TemporaryDirectory() as cache:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "from simulate.engines import kernel_module; "
                        f"kernel_module({game!r}).warm()"], check=True,
                       env={**os.environ, "NUMBA_CACHE_DIR": cache})
        return time.perf_counter() - start


def _same_chunk(game, players, strategies, rules, start, stop, seating=None) -> int:
    spec = get_game(game)
    python = play_chunk(_task(players, strategies, rules, start, stop, "python", game, seating))
    compiled = play_chunk(_task(players, strategies, rules, start, stop, "compiled", game,
                                seating))
    for i, (generic, own) in enumerate(((GAME_COLUMNS, spec.game_columns),
                                        (SEAT_COLUMNS, spec.seat_columns))):
        assert_frame_equal(frame(python[i], generic, own), frame(compiled[i], generic, own))
    return stop - start


def differential(game: str, jobs: int = 2) -> dict:
    """Python engine and kernel on the same seeds: every table identical (or an error)."""
    chunk = 2500 // SHORTER
    work = [(game, p, s, r, start, min(start + chunk, n // SHORTER), (seating or [None])[0])
            for p, s, r, n, *seating in DIFFERENTIAL[game]
            for start in range(0, n // SHORTER, chunk)]
    start = time.perf_counter()
    games = sum(in_processes(_same_chunk, work, jobs))
    return {"games": games, "identical": True, "seconds": round(time.perf_counter() - start, 1),
            "configurations": [f"{p}p {'|'.join(s)} {r or 'printed rules'} {' '.join(map(str, x))}"
                               .strip() for p, s, r, _, *x in DIFFERENTIAL[game]]}


def kernels(games: list[str] | None = None) -> dict:
    """Per game with a kernel: first compile seconds and the long differential test."""
    results = {"load_average_at_start": round(os.getloadavg()[0], 1)}
    for game in games or list(DIFFERENTIAL):
        entry = {"first_compile_seconds": round(first_compile_seconds(game), 1)}
        print(f"{game} kernel first compile: {entry['first_compile_seconds']} s", flush=True)
        entry["differential"] = differential(game)
        print(f"{game} differential: {entry['differential']['games']:,} games identical "
              f"({entry['differential']['seconds']} s)", flush=True)
        results[game] = entry
    return results


def main(timed_run) -> dict:
    """Dungeon Roll's rates and million-game run; ``timed_run(games, jobs, players, engine)`` is
    bench.py's end-to-end `simulate run`."""
    results: dict = {"load_average_at_start": round(os.getloadavg()[0], 1)}
    seconds = 1.0 if QUICK else 5.0
    for players in (1, 4):
        for engine in ("python", "compiled"):
            rate, cpu_rate = games_per_second(engine, players, seconds)
            results[f"{engine}/{players}p"] = {"games_per_second": round(rate),
                                               "games_per_cpu_second": round(cpu_rate)}
            print(f"dungeon_roll {players}p {engine}: {rate:,.0f} games/s, {cpu_rate:,.0f} per "
                  "CPU second, on one core", flush=True)
    games = 100_000 if QUICK else 1_000_000
    # a million solo games on 2 cores in at most 20 s, the report included; the
    # median of three runs (a neighbour's burst moves one run by seconds), all three kept
    runs = sorted((timed_run(games, 2, 1, report=True, engine="compiled")
                   for _ in range(1 if QUICK else 3)), key=lambda r: r["seconds"])
    results["million_solo_jobs_2"] = {**runs[len(runs) // 2], "report": True,
                                      "target_seconds": 20,
                                      "runs_seconds": [r["seconds"] for r in runs],
                                      "load_average": round(os.getloadavg()[0], 1)}
    print(f"{games:,} solo games, --jobs 2, compiled, with the report: "
          f"{results['million_solo_jobs_2']['seconds']} s (target 20 s)", flush=True)
    return results


if __name__ == "__main__":                  # only these parts: update their keys in results.json
    sys.path.insert(0, os.path.dirname(__file__))
    from bench import HERE, timed_run as _timed_run
    saved = json.loads((HERE / "results.json").read_text())
    if sys.argv[1:2] == ["kernels"]:
        saved.setdefault("kernels", {}).update(kernels(sys.argv[2:] or None))
    else:
        saved["dungeon_roll_kernel"] = main(_timed_run)
        saved["kernels"] = kernels()
    (HERE / "results.json").write_text(json.dumps(saved, indent=2) + "\n")
    print(f"updated the kernel figures in {HERE / 'results.json'}")
