"""The report section builds from real rows within each player count (never pooled), runs its
first-player test and Holm-corrected card ranking, and survives tiny runs and empty tables."""
import polars as pl
import pytest

from reports.blocks import Figure, Table
from reports.sections import adventure_realms as section
from simulate.games import get_game
from simulate.runner import GAME_COLUMNS, SEAT_COLUMNS, frame, play_chunk

SPEC = get_game("adventure_realms")


def tables(variant="baseline", rules=None, players=2, games=20, strategy="balanced"):
    task = {"game": SPEC.name, "rules": rules or {}, "seed": 3, "strategies": [strategy] * players,
            "heroes": [None] * players, "variant": variant, "players": players,
            "start": 0, "stop": games}
    g, s = play_chunk(task)
    return frame(g, GAME_COLUMNS, SPEC.game_columns), frame(s, SEAT_COLUMNS, SPEC.seat_columns)


def _tables(blocks, caption):
    return [b for b in blocks if isinstance(b, Table) and b.caption.startswith(caption)]


def test_section_per_player_count_with_tests():
    parts = [tables(games=40, strategy="random"), tables(players=3, games=40, strategy="random")]
    games = pl.concat([p[0] for p in parts])
    seats = pl.concat([p[1] for p in parts])
    blocks = section.build(games, seats)
    by_seat = _tables(blocks, "Final VP")
    assert [len(t.rows) for t in by_seat] == [2, 3]                  # one table per count
    assert [sum(r[1] for r in t.rows) for t in by_seat] == [80, 120]
    texts = " ".join(b.text for b in blocks if hasattr(b, "text"))
    assert "chi-square against equal seats" in texts and "WARNING" in texts
    ends = _tables(blocks, "How games end")
    assert all(sum(r[1].k for r in t.rows if str(r[0]).startswith("ended")) == n
               for t, n in zip(ends, (40, 40)))
    assert _tables(blocks, "Win rate by dominant guild")
    assert any(isinstance(b, Figure) for b in blocks)


def test_holm_adjusts_step_down():
    assert section.holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert section.holm([]) == []


def test_card_ranking_with_enough_owners(monkeypatch):
    monkeypatch.setattr(section, "MIN_OWNERS", 3)
    games, seats = tables(games=30)
    blocks = section.build(games, seats)
    cards = _tables(blocks, "The cards whose owners")
    assert cards and cards[0].rows and "Holm" in cards[0].caption


def test_section_with_a_tiny_run_nulls_and_no_rows():
    games, seats = tables(games=2, strategy="random")
    assert section.build(games, seats)
    nulls = seats.with_columns(pl.lit(None, dtype=pl.Utf8).alias(c)
                               for c in ("cards_recruited", "vp_by_round", "dominant_guild"))
    assert section.build(games, nulls)
    assert section.build(games.head(0), seats.head(0))
