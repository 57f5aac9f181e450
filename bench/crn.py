"""Common random numbers, measured: how paired a variant's games are with the baseline's.

Each game draws every source of chance from its own stream (its RULES.md, "Random streams"), so a
change disturbs only what it touches. Per game, two changes on the same seeds:
- *untouched*: a change no seat's play reaches (a card no seat takes removed, or a rule of a part
  the strategies never use): the share of paired games that ended identically (every column of
  the game's rows and its seats' rows), which should be near 1;
- *typical*: an ordinary change (a card removed, a rule changed): the variance of the paired
  difference of the game's headline measure against the unpaired one, var(A - B) / (var(A) +
  var(B)): below 1, pairing saves that share of the games a comparison needs.

``python bench/bench.py crn`` records ``crn`` in bench/results.json.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
import polars as pl

from simulate.api import run

# game -> (players, strategy, untouched change, typical change); a change is a variant table
CHANGES = {
    "dungeon_roll": (2, "risk_aware", {"dragon_xp": 1}, {"delves_per_player": 2}),
    "roll_for_adventure": (3, "balanced", {"max_turns": 200}, {"damage_to_lose": 6}),
    "roll_player": (3, "goal_chaser", {"components": {"remove": ["market:Longsword"]}},
                    {"components": {"remove": ["market:Tower Shield"]}}),
    "risky_adventure": (2, "fame_now", {"components": {"remove": ["equipment:bonus_a_1"]}},
                        {"components": {"remove": ["treasure_maps:GG"]}}),
    "adventure_realms": (3, "balanced", {"components": {"remove": ["adventure_cards:Ration Pack"]}},
                         {"components": {"remove": ["adventure_cards:Fireball"]}}),
}


def _tables(game: str, players: int, strategy: str, change: dict, games: int, out: Path):
    cfg = {"run": {"game": game, "games": games, "seed": 11, "jobs": 2, "chunk": games // 4,
                   "out": str(out)},
           "players": {"count": players, "strategies": strategy},
           "variants": [{"name": "changed", **change}]}
    results = run(cfg, report=False)
    return results.games(), results.seats()


def identical_share(games: pl.DataFrame, seats: pl.DataFrame) -> float:
    """The share of game indices whose rows (the game's and its seats') are the same in both."""
    differs = set()
    for table, keys in ((games, ["game"]), (seats, ["game", "seat"])):
        base = table.filter(pl.col("variant") == "baseline").drop("variant")
        other = table.filter(pl.col("variant") == "changed").drop("variant")
        pairs = base.join(other, on=keys, suffix="__v")
        columns = [c for c in base.columns if c not in keys]
        changed = pl.any_horizontal([pl.col(c).ne_missing(pl.col(f"{c}__v")) for c in columns])
        differs |= set(pairs.filter(changed)["game"].to_list())
    played = games.filter(pl.col("variant") == "baseline")["game"].n_unique()
    return 1 - len(differs) / played


def variance_ratio(seats: pl.DataFrame) -> float:
    """var(A - B) / (var(A) + var(B)) of the winning score per game (paired on the index)."""
    best = seats.group_by("variant", "game").agg(pl.col("score").max()).sort("game")
    a = best.filter(pl.col("variant") == "baseline")["score"].to_numpy()
    b = best.filter(pl.col("variant") == "changed")["score"].to_numpy()
    unpaired = a.var(ddof=1) + b.var(ddof=1)
    return float(np.var(a - b, ddof=1) / unpaired) if unpaired else float("nan")


def measure(games: int = 400) -> dict:
    found = {}
    for game, (players, strategy, untouched, typical) in CHANGES.items():
        with tempfile.TemporaryDirectory() as tmp:
            g, s = _tables(game, players, strategy, untouched, games, Path(tmp) / "u")
            share = identical_share(g, s)
            g, s = _tables(game, players, strategy, typical, games, Path(tmp) / "t")
            ratio = variance_ratio(s)
        found[game] = {"players": players, "games": games, "untouched_change": untouched,
                       "identical_share": round(share, 4), "typical_change": typical,
                       "variance_ratio": round(ratio, 3)}
        print(f"{game}: {100 * share:.1f} % identical under {untouched}; variance ratio "
              f"{ratio:.3f} under {typical}", flush=True)
    return found
