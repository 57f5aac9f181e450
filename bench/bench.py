"""`make bench`: games/s per game on one core, parallel speed-up, peak memory -> bench/results.json.

Targets: Dungeon Roll >= 10,000 solo games/s on one core, speed-up >= 1.7 on 2 cores,
peak memory for 1M games within 20 % of 100k, 1M solo games in under a minute on 2 cores; Roll for
Adventure and Roll Player >= 1,000 four-player games/s on one core.
Adventure Realms >= 500 four-player games/s on one core. Risky Adventure >= 2,000
four-player games/s on one core.
Set BENCH_QUICK=1 for a short smoke run (smaller game counts); BENCH_ONLY=game1,game2 measures
only those games' one-core rates and updates just their keys in results.json.
Also decisions/s of the ``search`` strategy at its default budget per game, in every
game with ``State.determinize``; ``python bench/bench.py search`` measures only that.
And the search strategy's strength (bench/strength.py): search at budget 8 against the default
heuristic and ``random`` on the same game seeds, paired differences with 95 % intervals and a
verdict per game; ``python bench/bench.py strength`` measures only that.
And `simulate train`'s runtime for one strategy at one player count, per game
(configs/train_<game>.toml at its full size, its own jobs), with whether the trained parameters
beat the defaults; ``python bench/bench.py train [GAME,GAME]`` measures only that.
And the wall time of a full card study (bench/card_study.py): Adventure Realms'
adventure deck at 3 players, every card removed and granted, 1,000 paired games each, the whole
study (about a minute on the kernel); ``python bench/bench.py cards`` measures only that.
And every game's games per CPU second on both engines as a ratio to a plain-Python yardstick in
the same run (bench/ratios.py); ``python bench/bench.py ratios`` measures only that.
And the replicate coverage studies (bench/replicates.py); ``python bench/bench.py coverage``
measures only that.
"""
from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

from simulate import __version__
from simulate.config import can_look_ahead
from simulate.engines import kernel_module
from simulate.games import game_names, get_game
from simulate.chunk import play_chunk

import card_study
import kernel_bench
import ratios
import strength

HERE = Path(__file__).parent
QUICK = bool(os.environ.get("BENCH_QUICK"))
ONLY = [g for g in os.environ.get("BENCH_ONLY", "").split(",") if g]
TARGETS = {"dungeon_roll": {1: 10_000}, "roll_for_adventure": {4: 1_000}, "roll_player": {4: 1_000},
           "adventure_realms": {4: 500}, "risky_adventure": {4: 2_000}}


def games_per_second(game: str, players: int, seconds: float = 3.0, engine: str = "auto",
                     warm: float = 0.0, size: int = 200) -> tuple[float, float]:
    """Default strategy in every seat, one process, no I/O: the engine's own speed, per second
    of wall time and per second of this process's CPU time (less skewed by a busy machine),
    in chunks of ``size`` games after ``warm`` seconds of games not counted (a kernel's memos
    fill as a long run's do)."""
    spec = get_game(game)
    task = {"game": game, "rules": {}, "seed": 1, "strategies": [spec.default_strategy] * players,
            "heroes": [None] * players, "variant": "baseline", "players": players,
            "engine": engine}
    played, start = 0, time.perf_counter()
    while not played or time.perf_counter() - start < warm:     # a kernel loads from the cache
        play_chunk({**task, "start": played, "stop": played + size})
        played += size
    start, cpu = time.perf_counter(), time.process_time()
    first = played
    while time.perf_counter() - start < (0.5 if QUICK else seconds):
        play_chunk({**task, "start": played, "stop": played + size})
        played += size
    played -= first
    return played / (time.perf_counter() - start), played / (time.process_time() - cpu)


def search_decisions_per_second(game: str, players: int, seconds: float = 20.0) -> dict:
    """The ``search`` strategy at its default budget in every seat, one process: decisions it
    made (those with more than one legal action) per CPU second of this process (the machine is
    shared: wall time would measure the others' load), whole games only."""
    from simulate.play import play_game
    from strategies import build_strategy
    spec = get_game(game)
    seats = [build_strategy(game, "search") for _ in range(players)]
    calls = [0]
    for seat in seats:
        choose = seat.choose

        def counted(view, actions, choose=choose):
            calls[0] += 1
            return choose(view, actions)
        seat.choose = counted
    games, start = 0, time.process_time()
    while time.process_time() - start < (2.0 if QUICK else seconds) or not games:
        play_game(spec, spec.rules_class(), seats, 1000 + games)
        games += 1
    cpu = time.process_time() - start
    return {"simulations": seats[0].simulations, "decisions_per_second": round(calls[0] / cpu, 1),
            "seconds_per_game": round(cpu / games, 2), "games": games, "clock": "cpu",
            "load_average": round(os.getloadavg()[0], 1)}


def search_part(results: dict) -> None:
    results["search"] = {}
    for game in game_names():
        if not can_look_ahead(get_game(game)):
            continue
        players = strength.players(game)
        found = search_decisions_per_second(game, players)
        results["search"][f"{game}/{players}p"] = found
        print(f"search {game} {players}p: {found['decisions_per_second']} decisions/s", flush=True)


def strength_part(results: dict) -> None:
    """Search's strength per game (bench/strength.py), with the commit it was measured on."""
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, text=True,
                            capture_output=True).stdout.strip()
    found = strength.strength()
    results["strength"] = {"commit": commit or None, **found}
    print("\n".join(strength.summary(found)), flush=True)
    print(f"strength: {found['cpu_seconds']} CPU s, load average {found['load_average_start']}"
          f" -> {found['load_average_end']}", flush=True)


def cards_part(results: dict) -> None:
    found = card_study.card_study()
    results["card_study"] = found
    print(f"full card study (Adventure Realms adventure deck, 3 players, both interventions, "
          f"{card_study.FULL:,} games each): {found['seconds']} s on the {found['engine']} "
          f"engine at load average {found['load_average']} ({found['measured']})", flush=True)


def timed_run(games: int, jobs: int, players: int = 1, report: bool = False,
              engine: str = "auto") -> dict:
    """A real `simulate run` of Dungeon Roll (with its HTML report if ``report``); wall time and
    the peak RSS of its process tree."""
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "bench.toml"
        config.write_text(f'[run]\ngame = "dungeon_roll"\nseed = 7\nchunk = 5000\n'
                          f'[players]\ncount = {players}\n')
        cmd = [sys.executable, "-m", "simulate", "run", str(config), "--games", str(games),
               "--jobs", str(jobs), "--out", str(Path(tmp) / "out"),
               "--report" if report else "--no-report", "--engine", engine]
        start = time.perf_counter()
        process = psutil.Popen(cmd, stdout=subprocess.DEVNULL, env={**os.environ, "CI": "1"})
        peak = 0
        while process.poll() is None:
            peak = max(peak, _tree_rss(process))
            time.sleep(0.1)
        wall = time.perf_counter() - start
        if process.returncode:
            raise SystemExit(f"bench run failed: {' '.join(cmd)}")
    return {"games": games, "jobs": jobs, "engine": engine, "seconds": round(wall, 2),
            "games_per_second": round(games / wall), "peak_rss_mb": round(peak / 2**20, 1)}


def _tree_rss(process: psutil.Process) -> int:
    try:
        procs = [process] + process.children(recursive=True)
        return sum(p.memory_info().rss for p in procs if p.is_running())
    except psutil.Error:
        return 0


def engines(games: list[str]) -> dict:
    """4-player games/s on one core, the Python engine vs the compiled kernel, per game with a
    kernel (targets: >= 900, aim 4,500). Also per CPU-second: on a shared machine the
    wall-clock rate mostly measures the neighbours."""
    rates = {}
    for game in games:
        if kernel_module(game) is None:
            continue
        entry = {}
        for engine in ("python", "compiled"):
            wall, cpu = games_per_second(game, 4, engine=engine)
            entry[engine], entry[f"{engine}_per_cpu_second"] = round(wall), round(cpu)
        entry.update(speedup=round(entry["compiled"] / entry["python"], 1), target=900, aim=4500,
                     met=entry["compiled"] >= 900)
        rates[f"{game}/4p"] = entry
        print(f"{game} 4p games/s on one core: {entry}", flush=True)
    return rates


def one_core(results: dict, games: list[str]) -> None:
    for game in games:
        spec = get_game(game)
        counts = sorted({spec.players[0], min(4, spec.players[1])})
        for players in counts:
            rate, cpu_rate = games_per_second(game, players)
            target = TARGETS.get(game, {}).get(players)
            results["one_core"][f"{game}/{players}p"] = {
                "games_per_second": round(rate), "target": target,
                "met": None if target is None else rate >= target,
                "games_per_cpu_second": round(cpu_rate),
                "load_average": round(os.getloadavg()[0], 1)}   # others' work skews the figure
            print(f"{game} {players}p: {rate:,.0f} games/s on one core", flush=True)


def train_part(results: dict) -> None:
    """Per game, wall and CPU seconds of `simulate train` on its shipped config
    (configs/train_<game>.toml: one strategy at one player count, its own jobs), the games it
    spent, and whether the trained parameters beat the defaults (the best gain with its
    interval). ``python bench/bench.py train GAME,GAME`` measures only those."""
    import tomllib

    from simulate.adaptive.train import gain_text, plan_train, train
    chosen = sys.argv[2].split(",") if sys.argv[2:3] else None
    found_all = results.get("train") if isinstance(results.get("train"), dict) and \
        "config" not in results["train"] else {}
    for path in sorted((HERE.parent / "configs").glob("train_*.toml")):
        game = path.stem.removeprefix("train_")
        if chosen and game not in chosen:
            continue
        config = tomllib.loads(path.read_text())
        with tempfile.TemporaryDirectory() as scratch:
            plan = plan_train(config, out=f"{scratch}/train", games=400 if QUICK else None)
            cpu, clock = strength.cpu_seconds(), time.perf_counter()
            found = train(plan)
            cpu, wall = strength.cpu_seconds() - cpu, time.perf_counter() - clock
        players, race = next(iter(found["players"].items()))
        best = next(c for c in race["candidates"] if c["candidate"] == race["best"])
        found_all[game] = {
            "config": f"configs/{path.name}", "players": int(players), "jobs": plan.cfg.jobs,
            "engine": plan.cfg.engine, "strategy": found["strategy"],
            "seconds": round(wall, 1), "cpu_seconds": round(cpu, 1), "clock": "wall and cpu",
            "games": found["games_spent"], "games_per_cpu_second": round(found["games_spent"]
                                                                        / max(cpu, 1e-9)),
            "candidates": len(plan.candidates) - 1, "stopped": race["stopped"],
            "beats_defaults": race["trained"] is not None, "best": best["label"],
            "best_gain": gain_text(best["gain"], race["measure"]), "measure": race["measure"],
            "claim": race["claim"], "load_average": round(os.getloadavg()[0], 1)}
        print(f"train {game}: {found['games_spent']:,} games in {wall:.1f} s ({cpu:.1f} CPU s);"
              f" {race['claim']}", flush=True)
        results["train"] = found_all


def error_budget_part(results: dict) -> None:
    """The report's false-claim share on 1,000 null reports and --until-ci's stopping bias
    (bench/error_budget.py; tests/test_report_null.py is the quick subset of 80 reports)."""
    import error_budget
    reports, replicates = (100, 400) if QUICK else (1000, 4000)
    results["error_budget"] = {"null_reports": error_budget.null_share(reports),
                               "stopping_bias": error_budget.stopping_bias(replicates)}


def coverage_part(results: dict) -> None:
    """The replicate coverage studies: rotated headlines, heroes = "all", rare rates and
    the power line (bench/replicates.py; quick subsets in tests/test_report_coverage.py)."""
    import replicates
    results["coverage"] = replicates.main(QUICK)


def dungeon_roll_kernel_part(results: dict) -> None:
    """Dungeon Roll's rates on one core per engine and a million solo games end to end with the
    report (at most 20 s on 2 cores), bench/kernel_bench.py."""
    results["dungeon_roll_kernel"] = kernel_bench.main(timed_run)


def ratios_part(results: dict) -> None:
    results["ratios"] = ratios.ratios(games_per_second)
    print("\n".join(ratios.table(results["ratios"])), flush=True)


def crn_part(results: dict) -> None:
    """Common random numbers per game (bench/crn_<game>.py): the share of paired games left
    identical by a change no seat's play reaches, and var(A - B) / (var(A) + var(B)) of the
    headline under a typical change (lower: pairing saves that share of the games)."""
    import importlib
    results["crn"] = {}
    for game in game_names():
        module = importlib.import_module(f"crn_{game}")
        module.main()
        results["crn"][game] = json.loads((HERE / f"crn_{game}.json").read_text())


def dask_part(results: dict) -> None:
    """Games per second on a Dask cluster of separate processes with 1 and 2 workers, and an
    extrapolation to N machines labelled so (bench/dask_scaling.py)."""
    import dask_scaling
    results["dask_scaling"] = dask_scaling.scaling(800 if QUICK else 4000)


def main() -> None:
    parts = {"crn": crn_part, "dask": dask_part, "search": search_part,
             "strength": strength_part, "train": train_part,
             "cards": cards_part, "ratios": ratios_part, "error-budget": error_budget_part,
             "dungeon-roll-kernel": dungeon_roll_kernel_part, "coverage": coverage_part}
    if sys.argv[1:2] and sys.argv[1] in parts:  # only these figures, keeping the others
        results = json.loads((HERE / "results.json").read_text())
        parts[sys.argv[1]](results)
        (HERE / "results.json").write_text(json.dumps(results, indent=2) + "\n")
        return
    if ONLY:                                    # update only these games' keys
        results = json.loads((HERE / "results.json").read_text())
        one_core(results, ONLY)
        results.setdefault("engines", {}).update(engines(ONLY))
        (HERE / "results.json").write_text(json.dumps(results, indent=2) + "\n")
        print(f"updated {', '.join(ONLY)} in {HERE / 'results.json'}")
        return
    results: dict = {"package_version": __version__, "python": platform.python_version(),
                     "cpus": os.cpu_count(), "quick": QUICK, "one_core": {}}
    one_core(results, list(game_names()))
    results["engines"] = engines(list(game_names()))
    n = 20_000 if QUICK else 200_000
    one, two = timed_run(n, 1), timed_run(n, 2)
    results["speedup"] = {"jobs_1": one, "jobs_2": two,
                          "speedup": round(one["seconds"] / two["seconds"], 2), "target": 1.7}
    print(f"speed-up jobs 1 -> 2: {results['speedup']['speedup']}", flush=True)
    small, big = (10_000, 100_000) if QUICK else (100_000, 1_000_000)
    m_small, m_big = timed_run(small, 2), timed_run(big, 2)
    results["memory"] = {"small": m_small, "big": m_big,
                         "ratio": round(m_big["peak_rss_mb"] / m_small["peak_rss_mb"], 3),
                         "target_ratio": 1.2}
    results["million_solo_games_seconds"] = None if QUICK else m_big["seconds"]
    print(f"peak memory {small:,}: {m_small['peak_rss_mb']} MB, {big:,}: "
          f"{m_big['peak_rss_mb']} MB ({m_big['seconds']} s)", flush=True)
    results["memory_with_report"] = memory_with_report()
    results["dungeon_roll_kernel"] = kernel_bench.main(timed_run)
    results["kernels"] = kernel_bench.kernels()
    ratios_part(results)
    search_part(results)
    strength_part(results)
    train_part(results)
    cards_part(results)
    error_budget_part(results)
    coverage_part(results)
    dask_part(results)
    crn_part(results)
    (HERE / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {HERE / 'results.json'}")


def memory_with_report() -> dict:
    """Peak memory of the whole `simulate run` (play + report) at 100k vs 1M games;
    target: within 10 %. (`python bench/bench.py report-memory` runs only this line.)"""
    small, big = (10_000, 100_000) if QUICK else (100_000, 1_000_000)
    m_small, m_big = timed_run(small, 2, report=True), timed_run(big, 2, report=True)
    ratio = round(m_big["peak_rss_mb"] / m_small["peak_rss_mb"], 3)
    print(f"peak memory with the report {small:,}: {m_small['peak_rss_mb']} MB, {big:,}: "
          f"{m_big['peak_rss_mb']} MB (ratio {ratio}, target <= 1.1)", flush=True)
    return {"small": m_small, "big": m_big, "ratio": ratio, "target_ratio": 1.1,
            "met": ratio <= 1.1}


if __name__ == "__main__":
    if sys.argv[1:] == ["report-memory"]:
        path = HERE / "results.json"
        saved = json.loads(path.read_text()) if path.exists() else {}
        saved["memory_with_report"] = memory_with_report()
        path.write_text(json.dumps(saved, indent=2) + "\n")
    else:
        main()
