"""`python bench/bench.py ratios`: every game's games per CPU second on one job, on
the Python engine and the compiled kernel, at 4 players (Dungeon Roll also solo), as a ratio to
a plain-Python yardstick measured in the same run, and the hours a million games would take on
two cores -> bench/results.json "ratios". A couple of minutes; BENCH_QUICK=1 for a smoke run.

The yardstick (a simplified Dungeon Roll delve written tight
in plain Python, about 110,000 delves per CPU second on one core) moves with the machine and its
neighbours' load as the games do, so the ratio is comparable between runs where games per
second are not.
"""
from __future__ import annotations

import os
import random
import time

from simulate.engines import choose_engine
from simulate.games import game_names, get_game

QUICK = bool(os.environ.get("BENCH_QUICK"))
SECONDS = 0.5 if QUICK else 6.0             # per game and engine; as long again to warm up


def delve(rng: random.Random) -> int:
    """A simplified solo delve: seven party dice against levels 1, 2, ... of dungeon dice. A
    matching companion (or a Champion) defeats a whole group of its monster, else every monster
    takes a die of its own (a delve that runs out of dice ends with no experience); the party
    retires when under three dice are left or at level 10, with the level as its experience."""
    draw = rng.random
    party = [0] * 6
    for _ in range(7):
        party[int(draw() * 6)] += 1
    left, level = 7, 1
    while True:
        monsters = [0, 0, 0, 0, 0, 0]
        for _ in range(level):
            monsters[int(draw() * 6)] += 1
        for kind in (0, 1, 2):
            if monsters[kind]:
                if party[kind]:
                    party[kind] -= 1
                elif party[4]:
                    party[4] -= 1
                else:
                    need = monsters[kind]
                    if need >= left:
                        return 0
                    for face in (5, 3, 0, 1, 2):
                        taken = min(party[face], need)
                        party[face] -= taken
                        need -= taken
                    left -= monsters[kind] - 1
                left -= 1
        if level == 10 or left < 3:
            return level
        level += 1


def yardstick(seconds: float = SECONDS) -> float:
    """Delves per CPU second of this process."""
    rng, delves, start = random.Random(1), 0, time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(1000):
            delve(rng)
        delves += 1000
    return delves / (time.process_time() - start)


def ratios(games_per_second) -> dict:
    """The table: per game, engine and player count, games per CPU second and the ratio to the
    yardstick (measured before and after the games; their mean). ``games_per_second(game,
    players, seconds, engine, warm, size)`` is bench.py's, returning (wall, CPU) rates."""
    found = {"load_average_at_start": round(os.getloadavg()[0], 1), "quick": QUICK,
             "clock": "cpu", "seconds_each": SECONDS}
    before = yardstick()
    rows = []
    for game in game_names():
        spec = get_game(game)
        for players in ([1] if game == "dungeon_roll" else []) + [4]:
            for engine in ("python", "compiled"):
                if engine == "compiled" and choose_engine(
                        game, [spec.default_strategy] * players)[0] != "compiled":
                    continue
                _, rate = games_per_second(game, players, SECONDS, engine, warm=SECONDS / 2,
                                           size=200 if engine == "python" else 2000)
                rows.append({"game": game, "players": players, "engine": engine,
                             "games_per_cpu_second": round(rate)})
                print(f"{game} {players}p {engine}: {rate:,.0f} games per CPU second", flush=True)
    after = yardstick()
    stick = (before + after) / 2
    for row in rows:
        row["ratio"] = round(row["games_per_cpu_second"] / stick, 4)
        row["million_games_two_cores_seconds"] = round(1e6 / (2 * row["games_per_cpu_second"]))
    found.update(yardstick_delves_per_cpu_second={"before": round(before), "after": round(after)},
                 load_average_at_end=round(os.getloadavg()[0], 1), rows=rows)
    return found


def table(found: dict) -> list[str]:
    """The issue's table in Markdown."""
    lines = ["| game | engine | games / CPU s | ratio | 1M games on 2 cores |", "|---|---|---|---|---|"]
    for row in found["rows"]:
        who = f"{get_game(row['game']).title} {'solo' if row['players'] == 1 else '4p'}"
        lines.append(f"| {who} | {row['engine']} | {row['games_per_cpu_second']:,} | "
                     f"{row['ratio']:.3g} | ~{row['million_games_two_cores_seconds']:,} s |")
    return lines
