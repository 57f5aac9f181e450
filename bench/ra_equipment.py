"""Risky Adventure: does ``fame_now`` buy the equipment that pays?

At 2 and 4 players, ``fame_now`` in every seat, GAMES games each:
- the share of seats that bought at least one card of each kind (``equipment_bought``);
- the granted value of a Discount A card (``discount_a_jungle_1`` given at set-up to seat 0, then
  seat 1; the granted seat's score minus its score in the baseline game of the same seed);
- when SpotValuer has ``card_payoff`` (the card values by what they pay), the win rate (a tie
  counts as a win for each) of ``fame_now`` and ``engine_builder`` against themselves with
  ``card_payoff = 0`` (the flat values of before), half the seats each, every rotation.

``python bench/ra_equipment.py LABEL`` prints one JSON line (and keeps it in bench/ra_equipment.json
under LABEL).
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import polars as pl

from simulate.api import run
from strategies.risky_adventure import SpotValuer

GAMES = 400
KINDS = ("discount_a", "discount_b", "bonus_a", "bonus_b", "scarab")
CARD = "equipment:discount_a_jungle_1"
OUT = Path(__file__).with_suffix(".json")


def config(players: int, strategies, variants=(), rotate=False) -> dict:
    return {"run": {"game": "risky_adventure", "games": GAMES, "seed": 7, "jobs": 1,
                    "chunk": GAMES, "out": ""},
            "players": {"count": players, "strategies": strategies, "rotate": rotate},
            "variants": list(variants)}


def played(cfg: dict, tmp: str, name: str) -> pl.DataFrame:
    cfg["run"]["out"] = str(Path(tmp) / name)
    return run(cfg, report=False).seats()


def shares(seats: pl.DataFrame) -> dict:
    base = seats.filter(pl.col("variant") == "baseline")
    bought = base["equipment_bought"].to_list()
    return {k: round(sum(k in b for b in bought) / len(bought), 3) for k in KINDS}


def granted(seats: pl.DataFrame, players: int) -> float:
    """The granted seat's mean score gain over the baseline game of the same seed."""
    base = seats.filter(pl.col("variant") == "baseline").select("game", "seat", "score")
    gains = []
    for seat in range(min(players, 2)):
        twin = seats.filter((pl.col("variant") == f"grant{seat}") & (pl.col("seat") == seat))
        joined = twin.select("game", "seat", "score").join(base, on=["game", "seat"])
        gains.append((joined["score"] - joined["score_right"]).mean())
    return round(sum(gains) / len(gains), 3)


def measure() -> dict:
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in (2, 4):
            grants = [{"name": f"grant{s}", "grant": {"card": CARD, "seat": s}}
                      for s in range(2)]
            seats = played(config(n, "fame_now", grants), tmp, f"p{n}")
            row = {"bought": shares(seats), "granted_discount_a": granted(seats, n)}
            for preset in ("fame_now", "engine_builder"):
                if "card_payoff" not in SpotValuer.param_ranges:
                    break
                old = {"name": preset, "card_payoff": 0.0}
                duel = played(config(n, [preset, old] * (n // 2), rotate=True), tmp,
                              f"duel{n}{preset}")
                for who, name in (("new", preset), ("old", f"{preset}(card_payoff=0.0)")):
                    seats_of = duel.filter(pl.col("strategy") == name)
                    row[f"{preset}_{who}_win_rate"] = round(float(seats_of["won"].mean()), 3)
                    if who == "new":
                        row[f"{preset}_new_bought"] = shares(seats_of.with_columns(
                            pl.lit("baseline").alias("variant")))
            out[f"{n}p"] = row
    return out


if __name__ == "__main__":
    label = sys.argv[1] if len(sys.argv) > 1 else "now"
    found = measure()
    print(json.dumps({label: found}))
    kept = json.loads(OUT.read_text()) if OUT.exists() else {}
    kept[label] = found
    OUT.write_text(json.dumps(kept, indent=1) + "\n")
