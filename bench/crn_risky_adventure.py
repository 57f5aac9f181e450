"""Common random numbers in Risky Adventure: how paired are a baseline and a variant that removes
one equipment card? Plays SEEDS seeds of the printed game at 4 players (the default strategy in
every seat: the headline; and a mixed seating that buys more equipment), then (1) the variant
without a card no seat took in any baseline game: the share of paired games identical (every
seat's row and the game's row), and (2) the variant without the card bought most: var(A - B) / (var(A) + var(B)) of
the game's winning score (1 = unpaired, lower is better). Prints and writes
bench/crn_risky_adventure.json. Run: PYTHONPATH=$PWD .venv/bin/python bench/crn_risky_adventure.py
"""
from __future__ import annotations

import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

import polars as pl

from simulate.api import run

ROOT = Path(__file__).resolve().parents[1]
PLAYERS, SEEDS = 4, int(sys.argv[1]) if len(sys.argv) > 1 else 400
DEFAULT = "fame_now"                                     # the game's default strategy: headline
MIXED = ["fame_now", "engine_builder", "map_planner", "fame_now"]   # equipment bought more


def play(out: Path, strategies, remove: str | None = None) -> tuple[pl.DataFrame, pl.DataFrame]:
    variants = [{"name": "without", "components": {"remove": [f"equipment:{remove}"]}}] \
        if remove else []
    config = {"run": {"game": "risky_adventure", "games": SEEDS, "seed": 1, "jobs": 1,
                      "chunk": SEEDS, "out": str(out)},
              "players": {"count": PLAYERS, "strategies": strategies}, "variants": variants}
    results = run(config, report=False)
    games, seats = results.games(), results.seats()
    if remove:
        games, seats = (t.filter(pl.col("variant") == "without").drop("variant")
                        for t in (games, seats))
    else:
        games, seats = (t.drop("variant") for t in (games, seats))
    return games.sort("game"), seats.sort("game", "seat")


def identical_share(base, other) -> float:
    """Paired games whose game row and every seat's row are the same (the variant's deck one
    card shorter: ``equipment_deck_left`` one less at the end when the card never came out)."""
    base = (base[0].with_columns(pl.col("equipment_deck_left") - 1), base[1])
    games = [c for c in base[0].columns if c in other[0].columns]
    seats = [c for c in base[1].columns if c in other[1].columns]
    same_game = (base[0].select(games) == other[0].select(games)).select(pl.all_horizontal("*"))
    same_seats = (base[1].select(seats) == other[1].select(seats)).select(
        pl.all_horizontal("*")).to_series().to_numpy().reshape(-1, PLAYERS).all(axis=1)
    return float((same_game.to_series().to_numpy() & same_seats).mean())


def winning_scores(seats: pl.DataFrame):
    return seats.group_by("game").agg(pl.col("score").max()).sort("game")["score"].to_numpy()


def measure(strategies) -> dict:
    """Both figures for one seating: the removals are chosen from its own baseline games."""
    with tempfile.TemporaryDirectory() as tmp:
        base = play(Path(tmp) / "base", strategies)
        bought = Counter(c for row in base[1]["equipment_bought"] for c in row.split("|") if c)
        from simulate.games.risky_adventure.components import load_components
        names = [c.id for c in load_components().equipment]
        untaken = next(n for n in names if n not in bought)
        typical = bought.most_common(1)[0][0]
        share = identical_share(base, play(Path(tmp) / "untaken", strategies, untaken))
        a = winning_scores(base[1])
        b = winning_scores(play(Path(tmp) / "typical", strategies, typical)[1])
    return {"strategies": strategies, "identical_share": round(share, 4),
            "variance_ratio": round(float((a - b).var() / (a.var() + b.var())), 4),
            "removed_untaken": untaken, "removed_typical": typical,
            "cards_no_seat_took": len(names) - len(bought)}


def main() -> dict:
    headline, mixed = measure(DEFAULT), measure(MIXED)
    out = {"game": "risky_adventure", "players": PLAYERS, "games": SEEDS,
           "identical_share": headline["identical_share"],
           "variance_ratio": headline["variance_ratio"], "default": headline, "mixed": mixed}
    print(json.dumps(out, indent=1))
    (ROOT / "bench" / "crn_risky_adventure.json").write_text(json.dumps(out, indent=1) + "\n")
    return out


if __name__ == "__main__":
    main()
