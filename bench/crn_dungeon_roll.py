"""Common random numbers in Dungeon Roll: how paired are a baseline and a variant on the same seeds?

The variant removes one Dragon Scales token (treasure_counts 6 -> 5). Prints and writes
bench/crn_dungeon_roll.json: the share of paired games identical (every game and seat column),
and var(A - B) / (var(A) + var(B)) of the winning score (1 = unpaired, lower is better).

    PYTHONPATH=$PWD /work/main/.venv/bin/python bench/crn_dungeon_roll.py [games] [engine]
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from simulate.games.dungeon_roll.components import DRAGON_SCALES, TREASURE_COUNTS
from simulate.chunk import play_chunk

PLAYERS = 2
OUT = Path(__file__).with_name("crn_dungeon_roll.json")


def _play(rules: dict, games: int, engine: str) -> tuple[dict, dict]:
    return play_chunk({"game": "dungeon_roll", "rules": rules, "seed": 1,
                       "strategies": ["risk_aware"] * PLAYERS, "heroes": [None] * PLAYERS,
                       "variant": "crn", "players": PLAYERS, "start": 0, "stop": games,
                       "engine": engine})


def _rows(played: tuple[dict, dict], games: int) -> list[tuple]:
    """Per game: its own columns and its seats' columns (seat rows in seat order)."""
    game_cols, seat_cols = played
    skip = {"variant", "seed", "seconds", "rules_hash"}   # what names the variant
    g = [list(v) for k, v in sorted(game_cols.items()) if k not in skip]
    s = [list(v) for k, v in sorted(seat_cols.items()) if k not in skip]
    return [(tuple(c[i] for c in g),
             tuple(tuple(c[i * PLAYERS + p] for c in s) for p in range(PLAYERS)))
            for i in range(games)]


def main(games: int = 2000, engine: str = "compiled") -> dict:
    counts = list(TREASURE_COUNTS)
    counts[DRAGON_SCALES] -= 1
    base, variant = _play({}, games, engine), _play({"treasure_counts": counts}, games, engine)
    same = np.mean([a == b for a, b in zip(_rows(base, games), _rows(variant, games))])
    a = np.asarray(base[0]["winning_score"], dtype=float)
    b = np.asarray(variant[0]["winning_score"], dtype=float)
    ratio = float(np.var(a - b) / (np.var(a) + np.var(b)))
    result = {"game": "dungeon_roll", "players": PLAYERS, "games": games,
              "change": "treasure_counts: one Dragon Scales fewer (6 -> 5)",
              "identical_share": round(float(same), 4), "variance_ratio": round(ratio, 4)}
    print(json.dumps(result, indent=1))
    OUT.write_text(json.dumps(result, indent=1) + "\n")
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000,
         sys.argv[2] if len(sys.argv) > 2 else "compiled")
