"""Strength of the ``search`` strategy (``python bench/bench.py strength``).

For every game with ``State.determinize``, at 2 players (the game's minimum if larger), the same
game seeds are played three ways: seat 0 = ``search`` at budget 8, seat 0 = the game's default
heuristic, seat 0 = ``random``; the other seats play the default heuristic. In co-op games every
seat plays the tested strategy and the team's result counts (``simulate.adaptive.tune_strategy.results``).
Measures: seat 0's (the team's) win and score; paired differences search - heuristic and
search - random, mean with a 95 % t interval. Verdict: "matches or beats the heuristic" when the
win-rate difference's lower bound is above -5 points ("weaker" when its upper bound is below 0,
else "inconclusive"); "beats random" when search - random's lower bound is above 0. When no
line-up ever wins, the verdict is on score (tolerance: 5 % of the heuristic's mean score).
CPU seconds are summed over the worker processes (the machine is shared).
"""
from __future__ import annotations

import math
import os
import statistics
import time


from simulate.config import can_look_ahead
from simulate.games import game_names, get_game
from simulate.adaptive.tune_strategy import results
from simulate.statistics import mean_interval

SEEDS = 10 if os.environ.get("BENCH_QUICK") else 100    # paired game seeds per game
# Risky Adventure is cheap (~30 CPU s per 100 seeds) and search plays it about as well as the
# heuristic: 100 seeds left the interval reaching below -5 points; 400 gave +0.5 [-1.9, +2.9].
SEEDS_BY_GAME = {} if os.environ.get("BENCH_QUICK") else {"risky_adventure": 400}
SIMULATIONS = 8                                        # search's budget: look-ahead games/decision
BLOCK = 10                                             # seeds per joblib task
TOLERANCE = 0.05                                       # "matches": win-rate loss under 5 points


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


def _block(game: str, players: int, simulations: int, seed: int, start: int,
           count: int) -> tuple[list[list[tuple]], float]:
    """Seeds ``start`` .. ``start + count - 1`` played three ways; the CPU seconds it took."""
    cpu = time.process_time()
    tested = [{"name": "search", "simulations": simulations}, get_game(game).default_strategy,
              "random"]
    played = [results(game, s, players, count, seed, start) for s in tested]
    return played, time.process_time() - cpu


def players(game: str) -> int:
    """The player count both search figures use: 2, or the game's minimum if larger."""
    return max(2, get_game(game).players[0])


def _verdict(entry: dict) -> str:
    """Judged on wins; on score when no line-up ever won (tolerance: 5 % of the heuristic's mean
    score), as simulate.adaptive.tune_strategy does."""
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
    verdict and the CPU seconds; the same numbers for any ``n_jobs`` (results ordered by seed).
    ``seeds``: paired seeds per game (default ``SEEDS``, ``SEEDS_BY_GAME`` where set)."""
    games = [g for g in (games or game_names()) if can_look_ahead(get_game(g))]
    count = {game: seeds or SEEDS_BY_GAME.get(game, SEEDS) for game in games}
    tasks = [(game, players(game), start) for game in games
             for start in range(0, count[game], block)]
    load = os.getloadavg()[0]
    done = in_processes(_block, [(game, n, simulations, seed, start,
                                  min(block, count[game] - start)) for game, n, start in tasks],
                        n_jobs)
    out = {}
    for game in games:
        mine = [d for t, d in zip(tasks, done) if t[0] == game]
        search, heuristic, rand = ([row for played, _ in mine for row in played[i]]
                                   for i in range(3))
        seeds = count[game]
        entry = {"players": players(game), "seeds": seeds,
                 "simulations": simulations, "heuristic": get_game(game).default_strategy,
                 "cooperative": get_game(game).cooperative}
        for name, rows in (("search", search), ("heuristic", heuristic), ("random", rand)):
            entry[name] = {"win_rate": round(sum(w for w, _ in rows) / seeds, 4),
                           "mean_score": round(sum(s for _, s in rows) / seeds, 4)}
        for name, base in (("vs_heuristic", heuristic), ("vs_random", rand)):
            entry[name] = {measure: interval([a[k] - b[k] for a, b in zip(search, base)])
                           for k, measure in ((0, "win"), (1, "score"))}
        entry["verdict"] = _verdict(entry)
        entry["cpu_seconds"] = round(sum(cpu for _, cpu in mine), 1)
        out[f"{game}/{entry['players']}p"] = entry
    return {"games": out, "cpu_seconds": round(sum(cpu for _, cpu in done), 1), "clock": "cpu",
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
