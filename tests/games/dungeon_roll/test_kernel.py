"""The compiled kernel plays the very games of the Python engine: identical tables, same seeds.

The contract of the compiled kernel (ARCHITECTURE.md, "Which way imports go"): for every hero, player count,
strategy (with non-default parameters) and every Rules field at a non-default value, the chunk's
``games`` and ``seats`` frames are equal column for column. ``make bench`` runs a longer one.
"""
from __future__ import annotations

import json

import polars as pl
import pytest
from hypothesis import given, strategies as st
from polars.testing import assert_frame_equal
from typer.testing import CliRunner

from simulate.cli import app
from simulate.games import get_game
from simulate.games.base import ConfigError
from simulate.games.dungeon_roll.components import HERO_KEYS
from simulate.games.dungeon_roll.rules import Rules
from simulate.engines import choose_engine
from simulate.results import GAME_COLUMNS, SEAT_COLUMNS, frame
from simulate.chunk import play_chunk
from simulate.compiled import dungeon_roll as kernel
from simulate.play import TRACE_COLUMN
from simulate.kernels.trace import trace_hash
from tests.helpers import (SMALL_RUN, assert_every_parameter_varied, assert_every_rule_varied,
                           assert_same_frames, drawn_rules, few_fixed, write_config)

SPEC = get_game("dungeon_roll")
MIXED = ["random", "risk_aware", {"name": "cautious", "retire_level": 6, "min_party": 2},
         {"name": "bold", "push_level": 10, "chest_risk": 0.9}]
TUNED = [{"name": "risk_aware", "risk_tolerance": -1.5, "chest_risk": 0.05},
         {"name": "risk_aware", "risk_tolerance": 2}, {"name": "cautious", "chest_risk": 1.0},
         {"name": "bold", "min_party": 4, "push_level": 3}]
# One non-default value (or two) for every Rules field.
RULE_CASES = [
    {"delves_per_player": 5}, {"delves_per_player": 1}, {"party_dice": 10}, {"party_dice": 3},
    {"dungeon_dice": 10, "lair_threshold": 5}, {"dungeon_dice": 3}, {"max_level": 4},
    {"max_level": 20, "dungeon_dice": 10}, {"max_level": 1}, {"lair_threshold": 1},
    {"dragon_types_needed": 1}, {"dragon_types_needed": 5},
    {"dragon_slayer_types_needed": 4, "level_up_xp": 2}, {"dragon_xp": 3},
    {"dragon_treasures": 0}, {"dragon_treasures": 3}, {"level_up_xp": 1}, {"level_up_xp": 60},
    {"level_up_immediate": False, "level_up_xp": 3},
    {"ultimate_shared_on_level_up": False, "level_up_xp": 2},
    {"champion_opens_all_chests": False}, {"voluntary_flee": False},
    {"quaffing_die_counts": False}, {"keep_loot_after_fleeing": False},
    {"empty_box_xp": 3, "treasure_counts": [1, 0, 0, 0, 0, 1, 0, 1, 0, 0]}, {"empty_box_xp": 0},
    {"used_treasures_to_box": False}, {"treasure_value": 3}, {"town_portal_value": 0},
    {"town_portal_value": 5}, {"scale_pair_bonus": 6},
    {"treasure_counts": [12, 12, 12, 12, 12, 12, 12, 12, 12, 12]},
    {"treasure_counts": [0, 0, 0, 0, 6, 0, 0, 6, 0, 6]},
    {"solo_rank_scores": [5, 10, 20, 40]}, {"solo_win_score": 30},
]


def task(players=1, strategies=None, heroes=None, rules=None, games=150, seed=11, rotate=False):
    return {"game": "dungeon_roll", "rules": rules or {}, "seed": seed,
            "strategies": strategies or ["risk_aware"] * players,
            "heroes": heroes or [None] * players, "variant": "baseline", "players": players,
            "start": 1000, "stop": 1000 + games, "rotate": rotate}


def tables(t: dict, engine: str) -> list[pl.DataFrame]:
    played = play_chunk({**t, "engine": engine})
    return [frame(played[i], generic, own) for i, (generic, own) in
            enumerate(((GAME_COLUMNS, SPEC.game_columns), (SEAT_COLUMNS, SPEC.seat_columns)))]


def assert_same_games(t: dict) -> None:
    """Identical tables, or an error naming the seed, game and decision where they part."""
    assert_same_frames(tables(t, "python"), tables(t, "compiled"), t)


@pytest.mark.parametrize("hero", HERO_KEYS)
def test_every_hero_solo(hero):
    assert_same_games(task(heroes=[hero], games=120))
    assert_same_games(task(heroes=[hero], strategies=["random"], games=120))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("strategy", ["random", "cautious", "bold", "risk_aware"])
def test_every_strategy_and_player_count(players, strategy):
    assert_same_games(task(players, [strategy] * players, games=240 // players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mixed_seats_and_parameters(players):
    assert_same_games(task(players, MIXED[:players], games=300 // players))
    assert_same_games(task(players, TUNED[:players], heroes=list(HERO_KEYS[-players:]),
                           games=300 // players))


@pytest.mark.parametrize("rules", RULE_CASES, ids=lambda r: ",".join(r))
def test_every_rule_at_a_non_default_value(rules):
    """A solo rule is played where it acts: in a solo game (at 2 players it changed nothing, so
    a kernel ignoring it passed)."""
    if any(name.startswith("solo") for name in rules):
        assert_same_games(task(1, ["risk_aware"], rules=rules, games=100))
    else:
        assert_same_games(task(2, ["risk_aware", "random"], rules=rules, games=100))


def test_the_cases_vary_every_rules_field_and_strategy_parameter():
    assert_every_rule_varied(RULE_CASES, Rules)
    assert_every_parameter_varied("dungeon_roll", MIXED + TUNED)


@few_fixed(4)
@given(cases=st.lists(st.sampled_from(RULE_CASES), min_size=2, max_size=4),
       seats=st.lists(st.sampled_from(MIXED + TUNED), min_size=1, max_size=4))
def test_drawn_combinations_of_rules_and_parameters(cases, seats):
    rules = drawn_rules(cases, Rules)
    assert_same_games(task(len(seats), seats, rules=rules, games=20))


@pytest.mark.parametrize("players", [1, 3])
def test_rotated_seats_and_every_hero_in_turn(players):
    assert_same_games(task(players, MIXED[:players], rotate=True, games=12))
    assert_same_games(task(players, TUNED[:players], heroes=["all"] * players, games=24))
    assert_same_games(task(players, MIXED[-players:], heroes=["all"] * players, rotate=True,
                           games=8))


def test_both_engines_trace_the_same_decisions():
    t = {**task(2, MIXED[:2], games=12), "trace": True}
    python, compiled = (play_chunk({**t, "engine": e})[0] for e in ("python", "compiled"))
    assert [len(d) for d in python[TRACE_COLUMN]] == list(python["decisions"])
    assert list(map(trace_hash, python[TRACE_COLUMN])) == \
        list(map(trace_hash, compiled[TRACE_COLUMN]))


def test_a_failing_differential_names_the_decision_where_the_engines_part(monkeypatch):
    seated = kernel.compiled_seats                  # a kernel that swaps the two seats' players
    monkeypatch.setattr(kernel, "compiled_seats", lambda seats: seated(seats[::-1]))
    with pytest.raises(AssertionError, match=r"run seed 11, game 100\d: decision \d+ parts"):
        assert_same_games(task(2, ["cautious", "bold"], games=10))


def test_auto_uses_the_kernel_only_where_every_seat_has_a_twin():
    assert choose_engine("dungeon_roll", ["risk_aware", {"name": "bold"}])[0] == "compiled"
    engine, why = choose_engine("dungeon_roll", ["risk_aware", "mypkg.mod:Mine"])
    assert engine == "python" and "mypkg.mod:Mine" in why
    assert choose_engine("risky_adventure", ["random", "search"])[0] == "python"   # no twin
    assert choose_engine("dungeon_roll", ["random"], "python")[0] == "python"
    assert choose_engine("dungeon_roll", ["random"], debug=True)[0] == "python"
    engine, why = choose_engine("dungeon_roll", ["random"], rules=[Rules(dragon_xp=3)])
    assert engine == "compiled"
    with pytest.raises(ConfigError, match="no compiled twin"):
        choose_engine("dungeon_roll", ["mypkg.mod:Mine"], "compiled")
    with pytest.raises(ConfigError, match="allowed: auto, python, compiled"):
        choose_engine("dungeon_roll", ["random"], "fast")


def test_run_with_either_engine_writes_the_same_tables_and_says_which_played(tmp_path):
    tables = {}
    for engine in ("python", "compiled"):
        out = tmp_path / engine
        config = write_config(tmp_path, SMALL_RUN.format(out=out, strategy="bold"))
        result = CliRunner().invoke(app, ["run", str(config), "--engine", engine, "--no-report"])
        assert result.exit_code == 0, result.output
        assert f"({engine} engine" in result.output
        assert json.loads((out / "manifest.json").read_text())["engine"] == engine
        keys = ("variant", "players", "game")
        tables[engine] = [pl.read_parquet(out / "games" / "*.parquet").sort(*keys),
                          pl.read_parquet(out / "seats" / "*.parquet").sort(*keys, "seat")]
    for python, compiled in zip(tables["python"], tables["compiled"]):
        assert_frame_equal(python, compiled)


def test_engine_in_the_config_is_checked(tmp_path):
    config = write_config(tmp_path, SMALL_RUN.format(out=tmp_path / "o", strategy="bold")
                          .replace("jobs = 1", 'jobs = 1\nengine = "fast"'))
    result = CliRunner().invoke(app, ["validate", str(config)])
    assert result.exit_code == 2 and "[run] engine = 'fast' is invalid" in result.output
