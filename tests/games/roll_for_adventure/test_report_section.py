"""The report section builds from real rows, tiny runs and all-null columns."""
import polars as pl

from reports.blocks import Figure, Note, Table
from reports.section import Section
from reports.sections import roll_for_adventure
from reports.tables import from_frames
from simulate.games import get_game
from simulate.results import GAME_COLUMNS, SEAT_COLUMNS, frame
from simulate.chunk import play_chunk

SPEC = get_game("roll_for_adventure")


def tables(variant="baseline", rules=None, players=2, games=20):
    task = {"game": SPEC.name, "rules": rules or {}, "seed": 5, "strategies": ["balanced"] * players,
            "heroes": [None] * players, "variant": variant, "players": players,
            "start": 0, "stop": games}
    g, s = play_chunk(task)
    return frame(g, GAME_COLUMNS, SPEC.game_columns), frame(s, SEAT_COLUMNS, SPEC.seat_columns)


def build(games, seats):
    section = Section("Roll for Adventure", from_frames(games, seats, SPEC))
    roll_for_adventure.build(section)
    return section.blocks


def test_section_with_variants_player_counts_and_placeholder_note():
    parts = [tables(), tables(players=4), tables("powers", {"hero_powers": True})]
    games = pl.concat([p[0] for p in parts])
    seats = pl.concat([p[1] for p in parts])
    blocks = build(games, seats)
    text = " ".join(b.text for b in blocks if isinstance(b, Note))
    assert "PLACEHOLDER" in text
    win = next(b for b in blocks if isinstance(b, Table) and b.caption.startswith("Team win"))
    assert [row[:3] for row in win.rows] == [["baseline", 2, "sword_of_saints"],
                                             ["baseline", 4, "sword_of_saints"],
                                             ["powers", 2, "sword_of_saints"]]
    assert sum(isinstance(b, Figure) for b in blocks) == 3
    ends = next(b for b in blocks if isinstance(b, Table) and b.caption.startswith("Share"))
    assert all(sum(cell.k for cell in row[3:]) == row[2] for row in ends.rows)


def test_section_without_placeholder_note_and_with_a_tiny_null_run():
    games, seats = tables(games=2)
    blocks = build(games, seats)
    assert not any("PLACEHOLDER" in b.text for b in blocks if isinstance(b, Note))
    nulls = games.with_columns(pl.lit(None, dtype=pl.Int64).alias(c) for c in
                               ("shadow_master_turn", "turns_after_shadow_master",
                                "stones_at_shadow_master"))
    assert build(nulls, seats)
    assert build(games.head(0), seats.head(0))
