"""Common random numbers in Adventure Realms: how paired are a baseline and a variant on the same
seeds? (1) The share of paired games left identical when a card that no seat takes is removed,
(2) for one typical card removal, var(A - B) / (var(A) + var(B)) of the winning score (the
paired variance against the unpaired: lower is better). Writes bench/crn_adventure_realms.json.

    PYTHONPATH=$PWD /work/main/.venv/bin/python bench/crn_adventure_realms.py [games]
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import polars as pl

from simulate.api import run

PLAYERS = 3
UNTAKEN = "guild_heroes:Prince of Thieves"  # a guild hero the balanced seats never recruit
TYPICAL = "adventure_cards:Coin Purse"     # a card of the deck, every copy removed
OUT = Path(__file__).with_suffix(".json")


def play(games: int, removed: str, out: Path) -> pl.DataFrame:
    """The baseline and the variant without ``removed``: each game's index, variant, winning
    score and every seat's score (a game is identical when all of them are)."""
    config = {"run": {"game": "adventure_realms", "games": games, "seed": 11, "chunk": 250,
                      "jobs": 1, "out": str(out)},
              "players": {"count": PLAYERS, "strategies": "balanced"},
              "variants": [{"name": "removed", "components": {"remove": [removed]}}]}
    seats = run(config, report=False).seats()
    entry = removed.partition(":")[2]
    return (seats.group_by(["variant", "game"])
            .agg(pl.col("score").max().alias("winning"), pl.col("score").sort_by("seat"),
                 pl.col("rank").sort_by("seat"),
                 pl.col("cards_recruited").str.contains(entry, literal=True).any()
                 .alias("taken"))
            .sort("game"))


def paired(frame: pl.DataFrame) -> pl.DataFrame:
    base = frame.filter(pl.col("variant") == "baseline")
    other = frame.filter(pl.col("variant") == "removed")
    return base.join(other, on="game", suffix="_b")


def identical_share(pairs: pl.DataFrame) -> float:
    same = pairs.select(((pl.col("score") == pl.col("score_b"))
                         & (pl.col("rank") == pl.col("rank_b"))).alias("same"))["same"]
    return float(same.mean())


def variance_ratio(pairs: pl.DataFrame) -> float:
    a, b = pairs["winning"].cast(pl.Float64), pairs["winning_b"].cast(pl.Float64)
    return float((a - b).var() / (a.var() + b.var()))


def never_shown(games: int) -> dict:
    """On the Python engine: in how many games the removed hero ever came to the Guild Row
    (it left the hero deck), and the share of identical games among those where it never did
    (a removal must disturb nothing there: the games it cannot reach)."""
    from simulate.games import get_game
    from simulate.games.adventure_realms.components import load_components
    from simulate.games.component_files import using_folder
    from simulate.play import play_game
    from strategies import build_strategy
    spec = get_game("adventure_realms")
    seats = [build_strategy(spec.name, "balanced") for _ in range(PLAYERS)]
    entry = UNTAKEN.partition(":")[2]
    card = next(i for i, h in enumerate(load_components().heroes) if h.name == entry)
    shown = same_unshown = 0
    for seed in range(games):
        state, base, _ = play_game(spec, spec.rules_class(), seats, seed)
        with using_folder("adventure_realms", None, (("remove", "guild_heroes.json", entry, None),)):
            other = play_game(spec, spec.rules_class(), seats, seed)[1]
        if card in state.row or card not in state.hero_deck:
            shown += 1
        else:
            same_unshown += list(base.scores) == list(other.scores)
    return {"python_games": games, "shown_in_row": shown,
            "identical_where_never_shown": round(same_unshown / max(games - shown, 1), 4)}


def main(games: int = 400) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        untaken = paired(play(games, UNTAKEN, Path(tmp) / "untaken"))
        typical = paired(play(games, TYPICAL, Path(tmp) / "typical"))
    figures = {"game": "adventure_realms", "players": PLAYERS, "games": games,
               "identical_share": round(identical_share(untaken), 4),
               "identical_removed": UNTAKEN,
               "untaken_games_where_taken": int(untaken["taken"].sum()),
               "untaken_variance_ratio": round(variance_ratio(untaken), 4),
               "variance_ratio": round(variance_ratio(typical), 4),
               "variance_removed": TYPICAL,
               "typical_identical_share": round(identical_share(typical), 4),
               **never_shown(min(games, 200))}
    OUT.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(figures, indent=2))
    return figures


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
