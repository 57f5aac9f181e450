"""Regression tests of the report review's defects (issue 20): each failed before its fix."""
import polars as pl

from reports.blocks import Table
from reports.facts import hero_assignment, speed, what_was_run
from reports.section import Section
from reports.sections import dungeon_roll
from reports.tables import from_frames
from simulate.cli.progress import RunProgress
from tests.games.dungeon_roll.test_report_section import SPEC, tables


def _hero_caption(heroes):
    games, seats = tables(players=2, games=10)
    run = from_frames(games, seats, SPEC)
    run.manifest["identity"]["heroes"] = heroes
    section = Section("Dungeon Roll", run)
    dungeon_roll.build(section)
    table = next(b for b in section.blocks if isinstance(b, Table)
                 and b.caption.startswith("Hero balance"))
    return table.caption, dict(what_was_run(run)[0].rows)["heroes (per seat)"]


def test_heroes_all_is_not_said_to_be_dealt_at_random():
    caption, fact = _hero_caption(["all", "all"])
    assert "dealt at random" not in caption and 'heroes = "all"' in caption
    assert fact == caption.split("heroes per seat: ")[1].rstrip(").")
    assert "dealt at random" in _hero_caption([None, None])[0]
    assert "Knight | dealt at random" in _hero_caption(["Knight", None])[0]


def test_speed_is_never_zero_games_per_second():
    assert speed(0, 12.0) == "" and speed(100, 0.0) == ""
    assert speed(3, 10.0) == "0.3 games/s"
    assert speed(12_345, 2.0) == "6,172 games/s"


def test_progress_counts_only_the_games_this_run_played():
    progress = RunProgress(enabled=False)
    progress.games(900, 900)                 # a finished run resumed: nothing to play
    assert progress.played == 0
    progress.games(900, 1200)                # the next round of --until-ci
    progress.games(1000, 1200)
    progress.games(1200, 1200)
    assert progress.played == 300


def _rfa_run(variants):
    from simulate.games import get_game
    games = pl.DataFrame({"game": [0] * len(variants), "variant": list(variants),
                          "players": [2] * len(variants)})
    return from_frames(games, games.head(0), get_game("roll_for_adventure"), variants)


def test_placeholder_list_holds_only_what_the_rules_in_force_use():
    off = _rfa_run({"baseline": {"rules": {"hero_powers": False}}})
    assert off.spec.placeholders and not any("hero power" in p for p in off.spec.placeholders)
    assert any("damage track" in p for p in off.spec.placeholders)
    default = _rfa_run({"baseline": {"rules": {}}})          # the printed rule: off
    assert not any("hero power" in p for p in default.spec.placeholders)
    on = _rfa_run({"baseline": {"rules": {}}, "powers": {"rules": {"hero_powers": True}}})
    assert sum("hero power" in p for p in on.spec.placeholders) == 5
