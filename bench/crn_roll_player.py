"""Common random numbers in Roll Player: how paired are a baseline and a variant on common seeds?

(1) identical_share: removing a Backstory card, the share of paired games identical among those
where no seat held it in the baseline (a card no seat takes); also over all games, and for a
Market card removal (the Market shows every card, so those games part once it would come up).
(2) variance_ratio: for a typical Market card removal, var(A - B) / (var(A) + var(B)) of the
winning score (winning_stars) per game index: 1 is unpaired, lower is better.
Run from the worktree root: PYTHONPATH=$PWD /work/main/.venv/bin/python bench/crn_roll_player.py
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from simulate.games.component_edits import parse_changes
from simulate.games.component_files import shipped_files
from simulate.chunk import play_chunk

PLAYERS, GAMES, SEED = 3, 400, 2026
SEATS = ["goal_chaser", "goal_chaser", "balancer"]
BACKSTORY, MARKET_CARD = "backstories:Brawler", "market:Chain Helm"


def chunk(remove: str | None, engine: str) -> tuple[dict, dict]:
    files = [p.name for p in shipped_files("roll_player")]
    edits = parse_changes({"remove": [remove]}, files, "bench") if remove else ()
    task = {"game": "roll_player", "rules": {}, "seed": SEED, "variant": "v", "players": PLAYERS,
            "strategies": SEATS, "heroes": [None] * PLAYERS, "start": 0, "stop": GAMES,
            "rotate": False, "edits": edits, "engine": engine}
    return play_chunk(task)


def rows(games: dict, seats: dict) -> list[tuple]:
    """Per game index: its row (all but the seed) and its seats' rows."""
    game_keys = sorted(k for k in games if k != "seed")
    return [tuple(games[k][g] for k in game_keys)
            + tuple(seats[k][g * PLAYERS + s] for k in sorted(seats) for s in range(PLAYERS))
            for g in range(GAMES)]


def main() -> None:
    engine = sys.argv[1] if len(sys.argv) > 1 else "compiled"
    base_games, base_seats = chunk(None, engine)
    base = rows(base_games, base_seats)
    gone = BACKSTORY.split(":")[1]
    held = {i // PLAYERS for i, b in enumerate(base_seats["backstory"]) if b == gone}
    variant = rows(*chunk(BACKSTORY, engine))
    same = [g for g in range(GAMES) if base[g] == variant[g]]
    untouched = [g for g in range(GAMES) if g not in held]
    market_games, market_seats = chunk(MARKET_CARD, engine)
    market = rows(market_games, market_seats)
    a = np.asarray(base_games["winning_stars"], float)
    b = np.asarray(market_games["winning_stars"], float)
    result = {
        "game": "roll_player", "players": PLAYERS, "games": GAMES,
        "identical_share": round(sum(g in same for g in untouched) / len(untouched), 4),
        "variance_ratio": round(float(np.var(a - b) / (np.var(a) + np.var(b))), 4),
        "removed_card": BACKSTORY, "games_without_it": len(untouched),
        "identical_share_all_games": round(len(same) / GAMES, 4),
        "market_removal": MARKET_CARD,
        "market_identical_share": round(sum(x == y for x, y in zip(base, market)) / GAMES, 4),
        "market_winning_stars_mean_diff": round(float(np.mean(b - a)), 3),
    }
    print(json.dumps(result, indent=1))
    out = Path(__file__).with_name("crn_roll_player.json")
    out.write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
