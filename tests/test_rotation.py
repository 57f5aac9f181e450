"""[players] rotate = true: every game seed in every rotation of the seats, so strategy and seat
are no longer confounded; a variant with its own seed is compared unpaired."""
import polars as pl

from reports.report import structure
from reports.tables import open_run
from simulate.config import parse_config
from simulate.runner import run


def test_rotation_plays_each_seed_in_every_seating_and_the_report_ranks_strategies(tmp_path):
    cfg = parse_config({"run": {"game": "dungeon_roll", "games": 6, "seed": 4, "chunk": 3,
                                "out": str(tmp_path / "o")},
                        "players": {"count": 3, "strategies": ["cautious", "bold", "random"],
                                    "rotate": True},
                        "variants": [{"name": "again", "seed": 5}]})
    run(cfg)
    seats = pl.read_parquet(tmp_path / "o" / "seats" / "*.parquet").filter(
        pl.col("variant") == "baseline")
    assert seats.height == 6 * 3 * 3
    first = seats.filter((pl.col("game") == 0) & (pl.col("seat") == 0)).sort("rotation")
    assert first["strategy"].to_list() == ["cautious", "bold", "random"]
    games = pl.read_parquet(tmp_path / "o" / "games" / "*.parquet")
    assert games.group_by("variant", "game").agg(pl.col("seed").n_unique())["seed"].max() == 1
    tables = open_run(tmp_path / "o")
    assert tables.rotate and tables.keys == ["game", "rotation"] and tables.unpaired == {"again"}
    report = structure(tables)
    text = str([b for s in report.sections for b in s.blocks])
    assert "seats rotated (per seed)" in text and "two-proportion score" in text
