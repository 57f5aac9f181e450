"""Dungeon Roll's compiled kernel in `make bench`: games/s per engine, first compile, 1M games
end to end, and the long differential test (>= 100,000 games, identical tables).

Run by bench.py (results under "dungeon_roll_kernel"); alone, ``python bench/kernel_bench.py``
updates just that key.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time

from joblib import Parallel, delayed
from polars.testing import assert_frame_equal

from simulate.games import get_game
from simulate.runner import GAME_COLUMNS, SEAT_COLUMNS, frame, play_chunk

QUICK = bool(os.environ.get("BENCH_QUICK"))
SPEC = get_game("dungeon_roll")
# The long differential run: (players, strategies, rules, games).
DIFFERENTIAL = [(1, ["risk_aware"], {}, 50_000), (1, ["random"], {}, 10_000),
                (2, ["cautious", "bold"], {"keep_loot_after_fleeing": False}, 10_000),
                (3, ["risk_aware", "random", "bold"], {"level_up_xp": 3}, 10_000),
                (4, ["risk_aware", "cautious", "random", "bold"], {}, 20_000)]


def _task(players: int, strategies: list, rules: dict, start: int, stop: int, engine: str):
    return {"game": "dungeon_roll", "rules": rules, "seed": 99, "strategies": strategies,
            "heroes": [None] * players, "variant": "baseline", "players": players,
            "start": start, "stop": stop, "engine": engine}


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


def first_compile_seconds() -> float:
    """Compiling the kernel from nothing (an empty numba cache) and playing two games."""
    with tempfile.TemporaryDirectory() as cache:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "from simulate.games.dungeon_roll.kernel import "
                        "warm; warm()"], check=True, env={**os.environ, "NUMBA_CACHE_DIR": cache})
        return time.perf_counter() - start


def _same_chunk(players, strategies, rules, start, stop) -> int:
    python = play_chunk(_task(players, strategies, rules, start, stop, "python"))
    compiled = play_chunk(_task(players, strategies, rules, start, stop, "compiled"))
    for i, (generic, own) in enumerate(((GAME_COLUMNS, SPEC.game_columns),
                                        (SEAT_COLUMNS, SPEC.seat_columns))):
        assert_frame_equal(frame(python[i], generic, own), frame(compiled[i], generic, own))
    return stop - start


def differential(jobs: int = 2) -> dict:
    """Python engine and kernel on the same seeds: every table identical (or an error)."""
    chunk = 2500
    work = [(p, s, r, start, min(start + chunk, n // (10 if QUICK else 1)))
            for p, s, r, n in DIFFERENTIAL for start in range(0, n // (10 if QUICK else 1), chunk)]
    start = time.perf_counter()
    games = sum(Parallel(n_jobs=jobs)(delayed(_same_chunk)(*w) for w in work))
    return {"games": games, "identical": True, "seconds": round(time.perf_counter() - start, 1),
            "configurations": [f"{p}p {'|'.join(s)} {r or 'printed rules'}"
                               for p, s, r, _ in DIFFERENTIAL]}


def main(timed_run) -> dict:
    """``timed_run(games, jobs, players, engine)`` is bench.py's end-to-end `simulate run`."""
    results: dict = {"first_compile_seconds": round(first_compile_seconds(), 1)}
    print(f"kernel first compile: {results['first_compile_seconds']} s", flush=True)
    seconds = 1.0 if QUICK else 5.0
    results["load_average_at_start"] = round(os.getloadavg()[0], 1)
    for players in (1, 4):
        for engine in ("python", "compiled"):
            rate, cpu_rate = games_per_second(engine, players, seconds)
            results[f"{engine}/{players}p"] = {"games_per_second": round(rate),
                                               "games_per_cpu_second": round(cpu_rate)}
            print(f"dungeon_roll {players}p {engine}: {rate:,.0f} games/s, {cpu_rate:,.0f} per "
                  "CPU second, on one core", flush=True)
    games = 100_000 if QUICK else 1_000_000
    results["million_solo_jobs_2"] = timed_run(games, 2, 1, "compiled")
    results["million_solo_jobs_2"]["target_seconds"] = 60
    print(f"{games:,} solo games, --jobs 2, compiled: "
          f"{results['million_solo_jobs_2']['seconds']} s", flush=True)
    results["differential"] = differential()
    print(f"differential: {results['differential']['games']:,} games identical "
          f"({results['differential']['seconds']} s)", flush=True)
    return results


if __name__ == "__main__":                  # only this part: update its key in results.json
    sys.path.insert(0, os.path.dirname(__file__))
    from bench import HERE, timed_run as _timed_run
    saved = json.loads((HERE / "results.json").read_text())
    saved["dungeon_roll_kernel"] = main(_timed_run)
    (HERE / "results.json").write_text(json.dumps(saved, indent=2) + "\n")
    print(f"updated dungeon_roll_kernel in {HERE / 'results.json'}")
