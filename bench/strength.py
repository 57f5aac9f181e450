"""Strength of the ``search`` strategy (``python bench/bench.py strength``).

For every game with ``State.determinize``, at 2 players (the game's minimum if larger), the same
game seeds are played three ways on the runner, as `simulate train` plays its line-ups
(simulate/adaptive/lineups.py): ``search`` at budget 8, the game's default heuristic, and
``random`` in the tested seat, the default heuristic in the others; the tested strategy takes
every seat in turn on the same dice (a seed with its seats is one unit). In co-op games every
seat plays the tested strategy and the team's result counts. Measures: the tested seat's (the
team's) win and score per seed; paired differences search - heuristic and search - random, mean
with a 95 % t interval. Verdict: "matches or beats the heuristic" when the win-rate difference's
lower bound is above -5 points ("weaker" when its upper bound is below 0, else "inconclusive");
"beats random" when search - random's lower bound is above 0. When no line-up ever wins, the
verdict is on score (tolerance: 5 % of the heuristic's mean score). CPU seconds are summed over
this process and its workers (the machine is shared).
"""
from __future__ import annotations

import math
import os
import statistics
import tempfile

import psutil

from simulate.adaptive.lineups import Lineup, lineup_run, per_seed, tested_rows
from simulate.config import can_look_ahead, parse_config
from simulate.games import game_names, get_game
from simulate.runner import run
from simulate.statistics import mean_interval

SEEDS = 10 if os.environ.get("BENCH_QUICK") else 100    # paired game seeds per game
# Risky Adventure is cheap (~30 CPU s per 100 seeds) and search plays it about as well as the
# heuristic: 100 seeds left the interval reaching below -5 points; 400 gave +0.5 [-1.9, +2.9].
SEEDS_BY_GAME = {} if os.environ.get("BENCH_QUICK") else {"risky_adventure": 400}
SIMULATIONS = 8                                        # search's budget: look-ahead games/decision
BLOCK = 10                                             # seeds per chunk
TOLERANCE = 0.05                                       # "matches": win-rate loss under 5 points
TESTED = ("search", "heuristic", "random")


def cpu_seconds() -> float:
    """CPU seconds of this process and its worker processes, live or ended."""
    me = psutil.Process()
    own = me.cpu_times()
    found = own.user + own.system + own.children_user + own.children_system
    for child in me.children(recursive=True):
        try:
            times = child.cpu_times()
        except psutil.Error:                  # ended in between: counted as an ended child
            continue
        found += times.user + times.system
    return found


def in_processes(function, arguments: list[tuple], jobs: int) -> list:
    """``[function(*a) for a in arguments]``, in order, on ``jobs`` processes (stdlib pool: the
    runner's watched loky workers are its own, simulate.pool)."""
    if jobs == 1:
        return [function(*a) for a in arguments]
    from concurrent.futures import ProcessPoolExecutor
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(function, *zip(*arguments)))


def interval(diff: list[float]) -> dict:
    """Mean of paired differences with its 95 % t interval."""
    n = len(diff)
    mean = sum(diff) / n
    low, high = mean_interval(n, mean, statistics.stdev(diff) if n > 1 else math.nan)
    return {"mean": round(mean, 4), "low": round(low, 4), "high": round(high, 4), "n": n}


def played(game: str, seeds: int, simulations: int, seed: int, n_jobs: int,
           block: int) -> dict[str, dict[str, list[float]]]:
    """Per line-up, the tested seat's won and score per seed (simulate/adaptive/lineups.py:
    the tested strategy in every seat in turn against the heuristic, or every seat in co-op),
    played on the runner into a scratch folder."""
    spec = get_game(game)
    heuristic = spec.default_strategy
    lineups = {"search": Lineup("search", {"name": "search", "simulations": simulations}),
               "heuristic": Lineup("heuristic", heuristic, alike=True),
               "random": Lineup("random", "random")}
    n = players(game)
    with tempfile.TemporaryDirectory() as scratch:
        base = parse_config({"run": {"game": game, "games": seeds, "seed": seed, "jobs": n_jobs,
                                     "chunk": block, "out": f"{scratch}/run"},
                             "players": {"count": n, "strategies": heuristic}})
        cfg = lineup_run(base, list(lineups.values()), heuristic)
        run(cfg)
        rows = tested_rows(cfg.out, lineups, n, seeds, spec.cooperative)
        return {column: {k: v.tolist() for k, v in per_seed(rows, lineups, column).items()}
                for column in ("won", "score")}


def players(game: str) -> int:
    """The player count both search figures use: 2, or the game's minimum if larger."""
    return max(2, get_game(game).players[0])


def _verdict(entry: dict) -> str:
    """Judged on wins; on score when no line-up ever won (tolerance: 5 % of the heuristic's mean
    score), as simulate train does."""
    wins = any(entry[name]["win_rate"] for name in ("search", "heuristic", "random"))
    measure = "win" if wins else "score"
    tolerance = TOLERANCE * (1 if wins else abs(entry["heuristic"]["mean_score"]))
    h, r = entry["vs_heuristic"][measure], entry["vs_random"][measure]
    if h["low"] > -tolerance:
        found = "matches or beats the heuristic"
    elif h["high"] < 0:
        found = "weaker than the heuristic"
    else:
        found = "inconclusive against the heuristic (the interval reaches below the tolerance)"
    found += "; beats random" if r["low"] > 0 else "; does not clearly beat random"
    return found if wins else found + " (on score: no line-up won a game)"


def strength(games: list[str] | None = None, seeds: int | None = None,
             simulations: int = SIMULATIONS, n_jobs: int = 2, seed: int = 1,
             block: int = BLOCK) -> dict:
    """Per game: the three line-ups' win rates and mean scores, the paired differences, the
    verdict and the CPU seconds; the same numbers for any ``n_jobs`` (the runner's seeds).
    ``seeds``: paired seeds per game (default ``SEEDS``, ``SEEDS_BY_GAME`` where set)."""
    games = [g for g in (games or game_names()) if can_look_ahead(get_game(g))]
    load, total, out = os.getloadavg()[0], cpu_seconds(), {}
    for game in games:
        count = seeds or SEEDS_BY_GAME.get(game, SEEDS)
        cpu = cpu_seconds()
        values = played(game, count, simulations, seed, n_jobs, min(block, count))
        entry = {"players": players(game), "seeds": count, "simulations": simulations,
                 "heuristic": get_game(game).default_strategy,
                 "cooperative": get_game(game).cooperative}
        for name in TESTED:
            entry[name] = {"win_rate": round(sum(values["won"][name]) / count, 4),
                           "mean_score": round(sum(values["score"][name]) / count, 4)}
        for name, base in (("vs_heuristic", "heuristic"), ("vs_random", "random")):
            entry[name] = {measure: interval([a - b for a, b in zip(values[column]["search"],
                                                                    values[column][base])])
                           for measure, column in (("win", "won"), ("score", "score"))}
        entry["verdict"] = _verdict(entry)
        entry["cpu_seconds"] = round(cpu_seconds() - cpu, 1)
        out[f"{game}/{entry['players']}p"] = entry
    return {"games": out, "cpu_seconds": round(cpu_seconds() - total, 1), "clock": "cpu",
            "n_jobs": n_jobs, "seed": seed, "load_average_start": round(load, 1),
            "load_average_end": round(os.getloadavg()[0], 1)}


def summary(found: dict) -> list[str]:
    """One line per game: win rates, paired differences (wins in points) and the verdict."""
    lines = []
    for key, e in found["games"].items():
        diffs = []
        for versus in ("vs_heuristic", "vs_random"):
            w, sc = e[versus]["win"], e[versus]["score"]
            diffs.append(f"{versus[3:]} {100 * w['mean']:+.1f} points [{100 * w['low']:+.1f}, "
                         f"{100 * w['high']:+.1f}], score {sc['mean']:+.2f} [{sc['low']:+.2f}, "
                         f"{sc['high']:+.2f}]")
        lines.append(f"strength {key}: wins search {e['search']['win_rate']:.0%}, heuristic "
                     f"{e['heuristic']['win_rate']:.0%}, random {e['random']['win_rate']:.0%}; "
                     f"search - {'; - '.join(diffs)}: {e['verdict']} ({e['cpu_seconds']} CPU s)")
    return lines
