"""Same seed, same game: Risky Adventure's compiled kernel and the Python engine write identical
Parquet tables (2-4 players, every strategy, every Rules field at a non-default value, every
strategy parameter changed, a study's component edits and its own component folder)."""
import dataclasses
import json
from functools import partial

import polars as pl
import pytest

from simulate.engines import choose_engine, kernel_module
from simulate.games import get_game
from simulate.games.component_edits import parse_changes
from simulate.games.component_files import shipped_files
from simulate.games.risky_adventure import Rules, components
from simulate.games.risky_adventure.kernel_layout import R_SIZE, RULE_AT, rules_array
from simulate.runner import Chunk, play_chunk, write_chunk
from strategies import strategy_params
from strategies.compiled.risky_adventure import PARAMS
from strategies.risky_adventure import SpotValuer
from tests.helpers import assert_same_tables

GAME = "risky_adventure"
SEATS = ["fame_now", "engine_builder", "map_planner", "random"]
RULE_VARIANTS = [
    {"dice": 5}, {"dice": 2, "expedition_reach": 3}, {"die_faces": [1, 3, 2]},
    {"clocks": 8, "starting_clocks": 2}, {"starting_clocks": 4, "max_clocks_per_turn": 1},
    {"trade_dice": 2, "trades_per_turn": 2}, {"trades_per_turn": 0},
    {"die_pays_once": False}, {"die_pays_once": False, "revealed_artifacts": 3},
    {"adventurers": 5}, {"adventurers": 1}, {"expedition_reach": 1},
    {"revealed_artifacts": 2}, {"camp_spaces": 6}, {"camp_spaces": 1, "adventurers": 4},
    {"a_per_excavation": 0}, {"b_per_excavation": 2}, {"maps_face_up": 0},
    {"maps_face_up": 6}, {"wild_artifacts": 1}, {"discount_a_symbols": 2},
    {"artifact_activates_same_turn": False, "camp_spaces": 6}, {"bonus_fame": 4, "bonus_clocks": 3, "camp_spaces": 6},
    {"supply_limited": False, "clocks": 6, "wild_artifacts": 1},
    {"supply_limited": False, "bonus_clocks": 0, "wild_artifacts": 0},
    {"end_check": "turn_end"}, {"end_on_equipment": False, "expeditions_to_end": 0, "end_on_excavation": False},
    {"end_on_excavation": False, "b_per_excavation": 2},
    {"end_on_equipment": False, "end_on_excavation": False, "expeditions_to_end": 3},
    {"expeditions_to_end": 0, "end_on_excavation": False}, {"max_rounds": 5},
    {"scarab_part_fame": 3, "scarab_pair_fame": 9}, {"tie_break": "none", "max_rounds": 5},
    {"clocks": 4, "starting_clocks": 1, "max_clocks_per_turn": 6, "trade_dice": 1},
]
TUNED = [{"name": "fame_now", "clock_value": 3.5, "progress_value": 2.0},
         {"name": "engine_builder", "map_wild_value": 0.5, "map_weight": 4.0,
          "scarab_weight": 0.0},
         {"name": "map_planner", "discount_value": 9.0, "bonus_value": 0.0},
         {"name": "fame_now", "clock_value": 0.0, "bonus_value": 8.0, "scarab_weight": 4.5}]

# Same config and seed through both engines: identical tables (tests/helpers.py).
assert_same_games = partial(assert_same_tables, game=GAME, seed=5)


def test_every_rules_field_and_strategy_parameter_is_varied():
    varied = {key for case in RULE_VARIANTS for key in case}
    assert varied == {f.name for f in dataclasses.fields(Rules)}
    assert set(PARAMS) == set(strategy_params(SpotValuer))
    assert {key for seat in TUNED for key in seat} - {"name"} == set(PARAMS)


def test_the_rules_array_follows_the_fields():
    base, changed = rules_array(Rules()), rules_array(Rules(die_faces=(1, 3, 2), tie_break="none"))
    assert len(base) == R_SIZE and list(changed[RULE_AT["die_faces"]:][:3]) == [1, 3, 2]
    assert changed[RULE_AT["tie_break"]] == 1 and base[RULE_AT["tie_break"]] == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_strategy_and_player_count(tmp_path, players):
    for strategy in SEATS:
        assert_same_games(tmp_path / strategy, {}, [strategy] * 4, players, games=6)
    assert_same_games(tmp_path / "mixed", {}, SEATS, players, games=6)


def test_every_rule_changed(tmp_path):
    for i, rules in enumerate(RULE_VARIANTS):
        seats = SEATS[i % 4:] + SEATS[:i % 4]
        assert_same_games(tmp_path / str(i), rules, seats, 2 + i % 3, games=4)


def test_strategy_parameters(tmp_path):
    assert_same_games(tmp_path, {}, TUNED, 4, games=8)


def _tables(tmp_path, engine: str, **task_extra):
    task = {"game": GAME, "rules": {}, "seed": 5, "strategies": SEATS, "heroes": [None] * 4,
            "variant": "v", "players": 4, "start": 0, "stop": 6, "engine": engine, **task_extra}
    out = tmp_path / engine
    write_chunk(out, get_game(GAME), Chunk("v", 4, 0, 6), *play_chunk(task))
    return [pl.read_parquet(out / table / "*.parquet") for table in ("games", "seats")]


def _same(tmp_path, **task_extra):
    python = _tables(tmp_path, "python", **task_extra)
    compiled = _tables(tmp_path, "compiled", **task_extra)
    for a, b in zip(python, compiled):
        assert a.equals(b), a.join(b, on=a.columns, how="anti").head(3)
    return python[1]


def test_component_edits_need_no_code_change(tmp_path):
    """A variant's edits (a value, removed entries, copies) reach both engines alike."""
    edits = parse_changes({"artifacts:B3.fame": 12, "equipment:bonus_a_1.cost": "F",
                           "expeditions:jungle.spots.1.fame": 6,
                           "treasure_maps:GSC-1.fame": 15, "remove": ["treasure_maps:GG"],
                            "copies": {"equipment:discount_a_sea_1": 3, "artifacts:A2": 2}},
                          [p.name for p in shipped_files(GAME)], "test")
    seats = _same(tmp_path, edits=edits)
    taken = "|".join(seats["equipment_bought"].to_list() + seats["artifacts_claimed"].to_list())
    assert " #2" in taken or " #3" in taken         # the copies were played


def test_a_studys_own_component_folder(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    for name in ("artifacts.json", "equipment.json", "expeditions.json", "treasure_maps.json"):
        doc = json.loads((components.SHIPPED / name).read_text())
        if name == "artifacts.json":
            for entry in doc["artifacts"]:
                entry["fame"] += 1
                entry["clock"] = not entry["clock"]
        if name == "equipment.json":
            for entry in doc["cards"]:
                entry["cost"] = entry["cost"][:2]
        (folder / name).write_text(json.dumps(doc))
    _same(tmp_path, components=str(folder))


def test_the_runner_picks_the_kernel_only_for_what_it_compiles():
    kernel = kernel_module(GAME)
    assert kernel.unsupported(GAME, SEATS[:3] + [{"name": "fame_now", "clock_value": 2.0}]) is None
    assert "no compiled twin" in kernel.unsupported(GAME, ["fame_now", "search"])
    assert choose_engine(GAME, SEATS)[0] == "compiled"
    assert choose_engine(GAME, ["fame_now", "search"])[0] == "python"
