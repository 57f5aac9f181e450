"""[players] rotate = true: every game seed in every rotation of the seats, so strategy and seat
are no longer confounded; a variant with its own seed is compared unpaired."""
from collections import Counter

import numpy as np
import polars as pl
import pytest

from reports import headlines
from reports import seats as seats_section
from reports.blocks import Rate, Share
from reports.report import structure
from reports.section import Section
from reports.tables import from_frames, open_run
from simulate.config import heroes_for_game, parse_config
from simulate.games import get_game
from simulate.runner import run
from tests.test_report_statistics import FakeSpec


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


def rotated_coop(seeds: int, rotations: int, rng, alike: bool = True):
    """A co-op run whose seeds are each played in ``rotations`` rotations: replaying one game
    (``alike``) or each rotation its own draw at the seed's own chance."""
    chance = rng.beta(2, 8, seeds)
    won = np.repeat(rng.random(seeds) < chance, rotations) if alike else \
        (rng.random((seeds, rotations)) < chance[:, None]).ravel()
    game = np.repeat(np.arange(seeds), rotations)
    rotation = np.tile(np.arange(rotations), seeds)
    games = pl.DataFrame({"game": game, "rotation": rotation, "variant": "baseline",
                          "players": rotations, "won": won,
                          "shadow_master_turn": pl.Series([None] * len(game), dtype=pl.Int64)})
    seats = pl.DataFrame({"game": np.repeat(game, rotations),
                          "rotation": np.repeat(rotation, rotations), "variant": "baseline",
                          "players": rotations, "seat": np.tile(np.arange(rotations),
                                                                seeds * rotations),
                          "strategy": "s", "score": 1.0, "won": np.repeat(won, rotations)})
    return from_frames(games, seats, get_game("roll_for_adventure"), rotate=True)


def test_a_rotated_headline_counts_each_seed_once():
    rng = np.random.default_rng(3)
    alike = headlines.roll_for_adventure(rotated_coop(500, 4, rng), 4)["team win rate"]
    assert alike.n == 500 and isinstance(alike, Rate)          # exact: one unit per seed
    mixed = headlines.roll_for_adventure(rotated_coop(500, 4, rng, alike=False), 4)
    assert mixed["team win rate"].n == 500 and isinstance(mixed["team win rate"], Share)
    caption = headlines.headline_table(rotated_coop(50, 4, rng)).caption
    assert "50 game seeds per player count, each counted once" in caption


def test_a_rotated_seat_table_counts_each_seed_once():
    rng = np.random.default_rng(4)
    seeds, players = 300, 3
    won = rng.random((seeds, players, players)) < 0.3      # seed x rotation x seat
    game = np.repeat(np.arange(seeds), players * players)
    seats = pl.DataFrame({"game": game, "variant": "baseline", "players": players,
                          "rotation": np.tile(np.repeat(np.arange(players), players), seeds),
                          "seat": np.tile(np.arange(players), seeds * players),
                          "strategy": "s", "score": rng.poisson(5, game.size).astype(float),
                          "won": won.ravel()})
    games = seats.filter(pl.col("seat") == 0).select("game", "rotation", "variant", "players")
    run = from_frames(games, seats, FakeSpec(), rotate=True)
    table = seats_section._seat_table(Section("Seats", run), players, "baseline")
    assert [row[1] for row in table.rows] == [seeds] * players
    share = table.rows[0][2]
    expected = won[:, :, 0].mean(axis=1)
    assert share.value == pytest.approx(expected.mean()) and share.n == seeds
    assert share.high - share.low > 2 * 1.96 * expected.std(ddof=1) / np.sqrt(seeds) * 0.99


def test_one_strategy_rotated_plays_each_seed_once_and_the_report_says_so(tmp_path):
    cfg = parse_config({"run": {"game": "roll_for_adventure", "games": 6, "seed": 4,
                                "chunk": 3, "out": str(tmp_path / "o")},
                        "players": {"count": 3, "strategies": "balanced", "rotate": True}})
    run(cfg)
    games = pl.read_parquet(tmp_path / "o" / "games" / "*.parquet")
    assert games.height == 6 and games["rotation"].to_list() == [0] * 6
    text = str([b for s in structure(open_run(tmp_path / "o")).sections for b in s.blocks])
    assert "each rotation would replay the same game" in text


def hero_tables(game: str, players: int, games: int) -> list[list[str]]:
    spec = get_game(game)
    return [heroes_for_game(spec, ["all"] * players, i) for i in range(games)]


def test_every_hero_meets_every_other_and_sits_at_every_seat_equally_often():
    """heroes = "all" at 2 players, 1,600 games: every ordered pair of different heroes meets
    (seat s playing hero (i + s) mod H met 8 of 56), the rarest at least 0.4x the commonest,
    and every hero at every seat equally often; the same deal again (every variant's)."""
    tables = hero_tables("dungeon_roll", 2, 1600)
    met = Counter(map(tuple, tables))
    heroes = get_game("dungeon_roll").heroes
    assert set(met) == {(a, b) for a in heroes for b in heroes if a != b}
    assert min(met.values()) >= 0.4 * max(met.values())
    assert set(Counter((s, h) for t in tables for s, h in enumerate(t)).values()) == {200}
    assert hero_tables("dungeon_roll", 2, 1600) == tables


def test_classes_of_one_colour_never_meet_and_every_other_pair_does():
    spec = get_game("roll_player")
    tables = hero_tables("roll_player", 4, 12 * 60)
    colour = {c: i // 2 for i, c in enumerate(spec.heroes)}     # listed two by colour
    assert all(len({colour[c] for c in t}) == 4 for t in tables)
    pairs = Counter(tuple(t[:2]) for t in hero_tables("roll_player", 2, 1200))
    assert len(pairs) == 12 * 11 - 12 and min(pairs.values()) >= 0.4 * max(pairs.values())


def test_a_strategy_without_a_compiled_twin_is_named_not_the_line_up():
    """The message read "no compiled twin (only the built-in ones: bold|search|random)"."""
    from simulate.compiled import unsupported_seats

    def compiled_seats(seats):
        return None if any(s.name == "search" for s in seats) else [0] * len(seats)
    why = unsupported_seats("dungeon_roll", ["bold", "search", "random"], compiled_seats)
    assert why.startswith("search has no compiled twin") and "bold" not in why
