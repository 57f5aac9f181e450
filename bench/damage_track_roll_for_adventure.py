"""Roll for Adventure: the damage columns stay on the track, and simultaneous falls are counted
(issue "Rules gaps", item 1). 20,000 games per player count (2-4, balanced seats, compiled).

Run from the worktree root:
PYTHONPATH=$PWD /work/main/.venv/bin/python bench/damage_track_roll_for_adventure.py [games]
"""
from __future__ import annotations

import sys

import numpy as np

from simulate.compiled.roll_for_adventure import chunk_columns
from simulate.games import get_game
from simulate.games.base import make_rules
from simulate.games.roll_for_adventure.rules import TERRITORIES
from strategies import build_strategy

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000


def main() -> None:
    rules = make_rules(get_game("roll_for_adventure").rules_class, {})
    for players in (2, 3, 4):
        seats = [build_strategy("roll_for_adventure", "balanced") for _ in range(players)]
        task = {"game": "roll_for_adventure", "seed": 1, "players": players, "start": 0,
                "stop": GAMES}
        games, _ = chunk_columns(task, rules, seats, None)
        damage = np.stack([games[f"damage_{t}"] for t in TERRITORIES])
        off = int((damage > rules.damage_to_lose).any(axis=0).sum())
        several = int((games["end_reason"] == "several_fell").sum())
        fell = sum(1 for f in games["fallen_territories"] if f)
        print(f"{players} players, {GAMES} games: {off} with a damage column off the track; "
              f"{fell} lost by a fall, {several} of them with several territories at once")


if __name__ == "__main__":
    main()
