"""Roll Player's report section: tables within one player count, never pooled."""
import polars as pl

from reports.blocks import Figure, Note, Table
from reports.section import Section
from reports.sections import roll_player
from reports.tables import from_frames
from simulate.games import get_game
from simulate.results import GAME_COLUMNS, SEAT_COLUMNS, frame
from simulate.chunk import play_chunk

SPEC = get_game("roll_player")


def tables(players: int, games: int = 6):
    task = {"game": SPEC.name, "rules": {}, "seed": 2, "strategies": ["goal_chaser"] * players,
            "heroes": [None] * players, "variant": "baseline", "players": players,
            "start": 0, "stop": games}
    g, s = play_chunk(task)
    return frame(g, GAME_COLUMNS, SPEC.game_columns), frame(s, SEAT_COLUMNS, SPEC.seat_columns)


def test_section_keeps_player_counts_apart():
    parts = [tables(1), tables(2)]
    section = Section("Roll Player", from_frames(pl.concat([p[0] for p in parts]),
                                                 pl.concat([p[1] for p in parts]), SPEC))
    roll_player.build(section)
    blocks = section.blocks
    assert isinstance(blocks[0], Note) and any(isinstance(b, Figure) for b in blocks)
    by_class = [b for b in blocks if isinstance(b, Table) and b.caption.startswith("Stars")
                and "by class" in b.caption]
    assert [t.caption.split("— ")[1] for t in by_class] == ["1 player, baseline",
                                                           "2 players, baseline"]
    assert sum(row[1] for row in by_class[1].rows) == 12      # 6 games x 2 seats
    assert "win rate" in by_class[1].columns and "win rate" not in by_class[0].columns
