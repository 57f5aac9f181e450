"""The wall time of a full card study: `simulate cards` of Adventure Realms' adventure
deck at 3 players, every card, both interventions (removed, and granted to each seat in turn),
1,000 paired games each, on this machine with the shipped config's jobs.

A full study is 49 variants x 1,000 games (12 entries: one removal and three granted seats each,
and the printed game), 49,000 games: on the Adventure Realms kernel (which plays grants and
removals) about a minute on 2 cores, so ``python bench/bench.py cards`` plays the whole study.
On the Python engine (``--engine python``) it was an hour or so; ``python bench/card_study.py
small`` measures two small scales (``SCALES`` games per variant) and extrapolates along the
straight line through them (fixed start-up and report cost + time per game), said so in the
result (at kernel speed the start-up dominates those scales and the line overestimates).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "configs" / "cards_adventure_realms.toml"
FULL = 1000
SCALES = (10, 30)


def timed_study(games: int) -> dict:
    """One `simulate cards` of the shipped config at ``games`` per variant, with its report."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "simulate", "cards", str(CONFIG), "--games", str(games),
               "--chunk", str(min(games, 500)), "--out", str(Path(tmp) / "out")]
        start = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True,
                              env={**os.environ, "CI": "1", "PYTHONPATH": str(ROOT)})
        wall = time.perf_counter() - start
        if done.returncode:
            raise SystemExit(f"card study failed: {' '.join(cmd)}: {done.stderr[-500:]}")
        engine = json.loads((Path(tmp) / "out" / "manifest.json").read_text())["engine"]
    plan = next(line for line in done.stdout.splitlines() if " games in " in line)
    played = int(plan.split(" games in ")[0].rsplit(" ", 1)[-1].replace(",", ""))
    return {"games_per_variant": games, "games": played, "seconds": round(wall, 1),
            "load_average": round(os.getloadavg()[0], 1), "plan": plan.split(";")[0],
            "engine": engine}


def card_study(full: bool = True) -> dict:
    if full:
        found = timed_study(FULL)
        return {**found, "measured": "the whole study"}
    small, big = (timed_study(n) for n in SCALES)
    per_game = (big["seconds"] - small["seconds"]) / (big["games"] - small["games"])
    fixed = small["seconds"] - per_game * small["games"]
    games = big["games"] // big["games_per_variant"] * FULL
    return {"measured": f"extrapolated from {SCALES[0]} and {SCALES[1]} games per variant "
                        "(a straight line: start-up and report + time per game)",
            "runs": [small, big], "seconds_per_game": round(per_game, 4),
            "fixed_seconds": round(fixed, 1), "games": games,
            "estimated_seconds": round(fixed + per_game * games),
            "estimated_hours": round((fixed + per_game * games) / 3600, 2)}


if __name__ == "__main__":
    print(card_study(full=sys.argv[1:] != ["small"]))
