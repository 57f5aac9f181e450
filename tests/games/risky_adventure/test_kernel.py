"""Same seed, same game: Risky Adventure's compiled kernel and the Python engine write identical
Parquet tables (2-4 players, every strategy, every Rules field at a non-default value, every
strategy parameter changed, drawn combinations of both, rotated seats, a study's component edits
and its own component folder)."""
import json
from functools import partial

import polars as pl
import pytest

from simulate.engines import choose_engine, kernel_module
from simulate.games import get_game
from simulate.games.component_edits import parse_changes
from simulate.games.component_files import shipped_files
from simulate.games.risky_adventure import Rules, components
from simulate.games.risky_adventure.kernel_layout import R_DIE_FACES, R_SIZE, R_TIE_NONE, rules_array
from simulate.kernels.trace import trace_hash
from simulate.play import TRACE_COLUMN
from simulate.runner import Chunk, write_chunk
from simulate.chunk import play_chunk
from strategies import strategy_params
from strategies.compiled.risky_adventure import PARAMS
from strategies.risky_adventure import SpotValuer
from tests.helpers import (assert_every_parameter_varied, assert_every_rule_varied, drawn_differential,
                           assert_same_frames, assert_same_tables, kernel_task)

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
TUNED = [{"name": "fame_now", "clock_value": 3.5, "progress_value": 2.0, "map_wild_value": 1.0,
          "map_weight": 2.0, "unready_share": 0.2, "tie_value": 0.5, "bonus_use": 3.0,
          "card_payoff": 1.0},
         {"name": "engine_builder", "map_wild_value": 0.5, "map_weight": 4.0,
          "scarab_weight": 0.0, "clock_value": 2.0, "unready_share": 0.0,
          "bonus_clock_weight": 1.0, "bonus_use": 0.0, "card_payoff": 0.0},
         {"name": "map_planner", "discount_value": 9.0, "bonus_value": 0.0, "clock_value": 0.5,
          "progress_value": 0.0, "discount_fit": 0.7, "equipment_late": 0.3,
          "card_payoff": 0.3},
         {"name": "fame_now", "clock_value": 0.0, "bonus_value": 8.0, "scarab_weight": 4.5,
          "discount_value": 3.0, "bonus_clock_weight": 8.0, "discount_fit": 1.0,
          "equipment_late": 0.5},
         {"name": "engine_builder", "progress_value": 0.9, "discount_value": 1.0,
          "bonus_value": 0.5, "discount_fit": 1.0, "tie_value": 1.5, "equipment_late": 0.6,
          "card_payoff": 0.7},
         {"name": "map_planner", "map_wild_value": 1.5, "map_weight": 0.2, "scarab_weight": 3.0,
          "unready_share": 0.3, "tie_value": 0.8, "bonus_clock_weight": 5.0, "bonus_use": 2.5}]

# Same config and seed through both engines: identical tables (tests/helpers.py).
assert_same_games = partial(assert_same_tables, game=GAME, seed=5)


def test_the_cases_vary_every_rules_field_and_strategy_parameter():
    assert_every_rule_varied(RULE_VARIANTS, Rules)
    assert_every_parameter_varied(GAME, TUNED)
    assert set(PARAMS) == set(strategy_params(SpotValuer))


def test_the_rules_array_follows_the_fields():
    base, changed = rules_array(Rules()), rules_array(Rules(die_faces=(1, 3, 2), tie_break="none"))
    assert len(base) == R_SIZE and list(changed[R_DIE_FACES:R_DIE_FACES + 3]) == [1, 3, 2]
    assert changed[R_TIE_NONE] == 1 and base[R_TIE_NONE] == 0


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
    assert_same_games(tmp_path / "4", {}, TUNED[:4], 4, games=6)
    assert_same_games(tmp_path / "2", {}, TUNED[4:], 2, games=6)


test_drawn_combinations_of_rules_and_parameters = drawn_differential(
    assert_same_games, RULE_VARIANTS, Rules, SEATS + TUNED, games=4)


@pytest.mark.parametrize("players", [2, 4])
def test_rotated_seats(tmp_path, players):
    """rotate = true: every seed once per rotation, the kernel playing each rotation's seats
    (the game has no heroes, so heroes = "all" is refused by the config)."""
    assert_same_games(tmp_path, {}, [SEATS[2], TUNED[0], SEATS[3], TUNED[5]], players, games=4,
                      rotate=True)


def test_both_engines_trace_the_same_decisions():
    """The kernel's trace ranks its own placements (kernel_turns.placement_index) as the
    engine lists them, so a failing differential names the first decision that parts."""
    task = {**kernel_task({}, SEATS, 4, 3, game=GAME, seed=5, rotate=True), "trace": True}
    python, compiled = (play_chunk({**task, "engine": e})[0] for e in ("python", "compiled"))
    assert list(map(trace_hash, python[TRACE_COLUMN])) == \
        list(map(trace_hash, compiled[TRACE_COLUMN]))
    assert any(i > 0 for game in python[TRACE_COLUMN] for _, i in game)


def _tables(tmp_path, engine: str, task: dict):
    out = tmp_path / engine
    write_chunk(out, get_game(GAME), Chunk("v", 4, 0, 6), *play_chunk({**task, "engine": engine}))
    return [pl.read_parquet(out / table / "*.parquet") for table in ("games", "seats")]


def _same(tmp_path, **task_extra):
    task = {"game": GAME, "rules": {}, "seed": 5, "strategies": SEATS, "heroes": [None] * 4,
            "variant": "v", "players": 4, "start": 0, "stop": 6, **task_extra}
    python = _tables(tmp_path, "python", task)
    assert_same_frames(python, _tables(tmp_path, "compiled", task), task)
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


def test_a_component_folder_at_the_limits(tmp_path):
    """The buffers follow the data and rules (kernel_layout.buffer_sizes): the longest boards
    the files allow, four Discount A cards per excavation (16 ways their markers fall), many
    cards, and the most adventurers, trades, revealed artifacts and camp spaces."""
    folder = tmp_path / "data"
    folder.mkdir()
    for name in ("artifacts.json", "equipment.json", "expeditions.json", "treasure_maps.json"):
        doc = json.loads((components.SHIPPED / name).read_text())
        if name == "equipment.json":
            cards = doc["cards"]
            doc["cards"] = cards + [{**c, "id": f"{c['id']}_{k}", "cost": "F"}
                                    for k in range(4) for c in cards
                                    if k < 2 or c["kind"] != "discount_a"]
        if name == "expeditions.json":
            for board in doc["expeditions"]:
                board["spots"] = (board["spots"] * 2)[:12]
        (folder / name).write_text(json.dumps(doc))
    rules = {"adventurers": 5, "trades_per_turn": 4, "revealed_artifacts": 3, "camp_spaces": 6,
             "trade_dice": 1, "max_clocks_per_turn": 6}
    # a seat takes 3: engine_builder on flat card values (card_payoff 0) hoards Discount A
    # cards; the others value a card by what it pays, a marker more than the seat holds
    hoarder = {"name": "engine_builder", "card_payoff": 0.0}
    seats = _same(tmp_path, components=str(folder), rules=rules, seed=21,
                  strategies=[hoarder, TUNED[4], "map_planner", "engine_builder"])
    assert max(seats["equipment_discount_a"].to_list()) >= 3


def test_the_runner_picks_the_kernel_only_for_what_it_compiles():
    kernel = kernel_module(GAME)
    assert kernel.unsupported(GAME, SEATS[:3] + [{"name": "fame_now", "clock_value": 2.0}]) is None
    assert "no compiled twin" in kernel.unsupported(GAME, ["fame_now", "search"])
    assert choose_engine(GAME, SEATS)[0] == "compiled"
    assert choose_engine(GAME, ["fame_now", "search"])[0] == "python"
