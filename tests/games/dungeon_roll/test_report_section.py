"""The report section builds from real rows, several variants and player counts, tiny runs and
all-null columns."""
import polars as pl

from reports.blocks import Figure, Table
from reports.section import Section
from reports.sections import dungeon_roll
from reports.tables import from_frames
from simulate.games import get_game
from simulate.results import GAME_COLUMNS, SEAT_COLUMNS, frame
from simulate.chunk import play_chunk

SPEC = get_game("dungeon_roll")


def tables(variant="baseline", rules=None, players=1, games=20, strategy="risk_aware"):
    task = {"game": SPEC.name, "rules": rules or {}, "seed": 3, "strategies": [strategy] * players,
            "heroes": [None] * players, "variant": variant, "players": players,
            "start": 0, "stop": games}
    g, s = play_chunk(task)
    return frame(g, GAME_COLUMNS, SPEC.game_columns), frame(s, SEAT_COLUMNS, SPEC.seat_columns)


def build(games, seats):
    section = Section("Dungeon Roll", from_frames(games, seats, SPEC))
    dungeon_roll.build(section)
    return section.blocks


def _table(blocks, caption):
    return next(b for b in blocks if isinstance(b, Table) and b.caption.startswith(caption))


def test_section_with_variants_and_player_counts():
    parts = [tables(), tables(players=3), tables("no_champion", {"champion_opens_all_chests":
                                                                  False})]
    games = pl.concat([p[0] for p in parts])
    seats = pl.concat([p[1] for p in parts])
    blocks = build(games, seats)
    scores = _table(blocks, "Final XP")
    assert [row[:3] for row in scores.rows] == [["baseline", 1, 20], ["baseline", 3, 60],
                                                ["no_champion", 1, 20]]
    depth = _table(blocks, "XP by delve depth")
    assert {row[1] for row in depth.rows} == {1, 3}          # never pooled across player counts
    ends = _table(blocks, "How delves end")
    assert all(sum(cell.k for cell in row[6:]) == row[3] for row in ends.rows)
    assert sum(row[3] for row in ends.rows) == 3 * (20 + 60 + 20)
    assert _table(blocks, "Solo titles").rows[0][1] == 20
    assert any(isinstance(b, Figure) for b in blocks)


def test_section_with_a_tiny_run_nulls_and_no_rows():
    games, seats = tables(players=2, games=2, strategy="random")
    assert build(games, seats)
    nulls = seats.with_columns(pl.lit(None, dtype=pl.Int64).alias(c) for c in
                               ("delve1_level", "delve2_level", "delve3_level", "dragons_fought"))
    assert build(games, nulls)
    assert build(games.head(0), seats.head(0))


def test_levels_and_player_counts_sort_as_numbers():
    """Rows go level 2, 3, ..., 10 (not "10" before "2" as text)."""
    games, seats = tables(players=1, games=200)
    deep = seats.with_columns(pl.when(pl.col("game") < 3).then(10).otherwise(pl.col("delve1_level"))
                              .alias("delve1_level"))
    depth = _table(build(games, deep), "XP by delve depth")
    levels = [row[2] for row in depth.rows]
    assert 10 in levels and levels == sorted(levels)
