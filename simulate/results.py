"""The results tables: the columns of ``games`` and ``seats`` and how a folder's tables are read.

The runner writes these columns for every game and seat (each game adds its own; see GameSpec);
reports, tune, sensitivity and ``--until-ci`` read a folder only through :func:`read_tables`,
which opens the chunk files the manifest records and nothing else.
"""
from __future__ import annotations

from pathlib import Path

import polars as pl

from simulate.manifest import chunk_path
from simulate.results_folder import TABLES, read_marker

POLARS_TYPES = {"int": pl.Int64, "float": pl.Float64, "bool": pl.Boolean, "str": pl.String}

# Columns the runner writes for every game (the game adds its own; see GameSpec).
GAME_COLUMNS = {
    "game": ("int", "the game's index in the run; its seed is derived from it"),
    "variant": ("str", "rules variant ('baseline' = the printed rules plus [rules])"),
    "players": ("int", "number of seats"),
    "seed": ("int", "the game's own seed (replay it with `simulate replay --game`)"),
    "strategies": ("str", "the seats' strategies, '|'-separated in seat order"),
    "decisions": ("int", "decisions the strategies made (forced single choices count too)"),
    "end_reason": ("str", "why the game ended, in the game's own words"),
    "game_name": ("str", "which game"),
    "engine_version": ("str", "the engine's rules version"),
    "rules_hash": ("str", "hash of every rule value used"),
}
SEAT_COLUMNS = {
    "game": ("int", "the game's index"),
    "variant": ("str", "rules variant"),
    "players": ("int", "number of seats"),
    "seat": ("int", "seat number, 0 = first player"),
    "strategy": ("str", "the seat's strategy with its non-default parameters"),
    "score": ("float", "the game's score for this seat"),
    "rank": ("int", "1 = best; ties share a rank"),
    "won": ("bool", "the seat won (shared wins count for every winner)"),
}
ROTATION_COLUMN = {      # both tables, only in runs with [players] rotate = true
    "rotation": ("int", "seats rotated by this many places: seat s played what the config gives "
                        "seat (s + rotation) mod players"),
}


def frame(columns: dict[str, list], generic: dict, own: dict) -> pl.DataFrame:
    extra = ROTATION_COLUMN if "rotation" in columns else {}
    schema = {c: POLARS_TYPES[t] for c, (t, _) in {**generic, **own, **extra}.items()}
    return pl.DataFrame(columns, schema=schema)


def read_tables(out: str | Path) -> tuple[pl.LazyFrame, pl.LazyFrame]:
    """The run's ``games`` and ``seats`` tables, streamed from the Parquet files its manifest
    records (a file the manifest does not list is never read)."""
    out = Path(out)
    chunks = sorted(read_marker(out)["chunks"])
    return tuple(pl.scan_parquet([chunk_path(out, t, c) for c in chunks]) for t in TABLES)

