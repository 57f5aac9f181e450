"""Common random numbers in Roll for Adventure: how paired are paired games? Writes
bench/crn_roll_for_adventure.json and prints it.

(1) identical_share: the enemy deck without its four rank-3 enemies (the only deck edit this
    game has: its cards come from ``enemy_ranks``), the Master of Shadows at the same place by
    rule, random seats (their lots do not read the deck; the heuristics count the unseen enemies,
    so for them a removed card is never one "nobody takes"): the share of paired games whose log
    is the baseline's until a removed enemy would be revealed. Also the share of whole games
    identical, with random and with balanced seats.
(2) variance_ratio: damage_to_lose 5 -> 6 (a typical rule change), balanced seats, compiled
    engine: var(A - B) / (var(A) + var(B)) of the team's power stones per game index (1 would be
    unpaired; lower is better); also for the deck edit.

Run from the worktree root: PYTHONPATH=$PWD /work/main/.venv/bin/python bench/crn_roll_for_adventure.py
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import numpy as np

from simulate.api import run
from simulate.games import get_game
from simulate.games.roll_for_adventure import enemies
from simulate.games.roll_for_adventure.rules import Rules
from simulate.play import play_game
from strategies import build_strategy

PLAYERS, SEEDS = 3, int(sys.argv[1]) if len(sys.argv) > 1 else 400
GAME = "roll_for_adventure"
FULL, SHORT = (1, 1, 1, 2, 2, 3), (1, 1, 1, 2, 2)
OUT = Path(__file__).with_name("crn_roll_for_adventure.json")


def until_removed(log: list[str], removed: set[str]) -> list[str]:
    for i, line in enumerate(log):
        if line.strip().startswith("revealed ") and line.split()[1] in removed:
            return log[:i]
    return log


def deck_edit(strategy: str) -> tuple[float, float]:
    """(share identical until a removed enemy shows, share of whole games identical)."""
    spec = get_game(GAME)
    base, short = (Rules(shadow_master_position=12, enemy_ranks=r) for r in (FULL, SHORT))
    removed = set(enemies.enemy_cards(FULL)[0]) - set(enemies.enemy_cards(SHORT)[0])
    seats = [build_strategy(GAME, strategy) for _ in range(PLAYERS)]
    prefix = whole = 0
    for seed in range(SEEDS):
        full, cut = [], []
        play_game(spec, base, seats, seed, log=full)
        play_game(spec, short, seats, seed, log=cut)
        same = until_removed(full, removed)
        prefix += cut[:len(same)] == same
        whole += cut == full
    return prefix / SEEDS, whole / SEEDS


def stones(rules: dict, folder: str) -> np.ndarray:
    cfg = {"run": {"game": GAME, "games": SEEDS, "seed": 1, "jobs": 1, "out": folder,
                   "engine": "compiled"},
           "players": {"count": PLAYERS, "strategies": "balanced"}, "rules": rules}
    games = run(cfg, report=False, fresh=True).games().sort("game")
    return games["stones"].to_numpy().astype(float)


def variance_ratio(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.var(a - b) / (np.var(a) + np.var(b)))


def main() -> None:
    prefix, whole_random = deck_edit("random")
    _, whole_balanced = deck_edit("balanced")
    with tempfile.TemporaryDirectory() as tmp:
        base = stones({}, f"{tmp}/base")
        longer = stones({"damage_to_lose": 6}, f"{tmp}/longer")
        fixed = stones({"shadow_master_position": 12}, f"{tmp}/fixed")
        short = stones({"shadow_master_position": 12, "enemy_ranks": list(SHORT)}, f"{tmp}/short")
    found = {"game": GAME, "players": PLAYERS, "games": SEEDS,
             "identical_share": round(prefix, 4),
             "identical_share_measure": "deck without the rank-3 enemies, random seats: log "
                                        "identical until a removed enemy would be revealed",
             "identical_whole_games_random_seats": round(whole_random, 4),
             "identical_whole_games_balanced_seats": round(whole_balanced, 4),
             "variance_ratio": round(variance_ratio(base, longer), 4),
             "variance_ratio_measure": "power stones, damage_to_lose 5 -> 6, balanced seats",
             "variance_ratio_deck_edit": round(variance_ratio(fixed, short), 4)}
    OUT.write_text(json.dumps(found, indent=2) + "\n")
    print(json.dumps(found, indent=2))


if __name__ == "__main__":
    main()
