"""Same seed, same game: the compiled kernel and the Python engine write identical Parquet tables
(every player count, strategy, hero set-up and every Rules field at a non-default value)."""
from functools import partial

import pytest

from simulate.games import get_game
from simulate.games.base import ConfigError
from simulate.games.roll_for_adventure.rules import Rules
from simulate.chunk import play_chunk
from tests.helpers import (assert_every_parameter_varied, assert_every_rule_varied, drawn_differential,
                           assert_same_tables)

SPEC = get_game("roll_for_adventure")
SEATS = ["balanced", "defender", "builder", "random"]
# every Rules field at a value other than the printed one (a few need a partner to matter)
RULE_VARIANTS = [
    {"stones_to_win": 8}, {"damage_to_lose": 3}, {"hero_dice_per_player": 3},
    {"ally_dice": [4, 1, 0]}, {"bonus_dice": 1}, {"enemy_ranks": [1, 2, 3, 4]},
    {"deck_stacks": 4, "shadow_master_stack": 4}, {"shadow_master_position": 5},
    {"desert_value": 2}, {"desert_section_dice": [2, 4]}, {"fortress_values": [1, 3, 5]},
    {"fortress_spaces": 3}, {"forest_values": [4, 5, 6]}, {"forest_boundaries": [5, 6]},
    {"no_dice_counts_bonus": True, "hero_dice_per_player": 1, "ally_dice": [0, 0, 0]},
    {"ice_cave_dice_per_turn": 2}, {"ice_cave_rewards": [2, 3, 4], "bonus_dice": 1},
    {"ice_cave_attack_dice": 3}, {"attack_order": "new_enemy_first"},
    {"ice_cave_reset": "one", "ice_cave_rewards": [2, 3, 4]}, {"vortex_threshold": 5},
    {"enemy_defeat_pips": 12}, {"territory_die": ["all", "all", "desert", "none"]},
    {"shadow_master_damage": 4}, {"shadow_master_damage_all": 3}, {"hero_powers": True},
    {"max_turns": 12},
]
TUNED = [{"name": "balanced", "closeness": 2, "stop_threshold": 1.5, "reserve_target": 6},
         {"name": "builder", "ice_claim_at": 5, "lock_cost": 0.0}, "random",
         {"name": "defender", "partial_weight": 1.0, "tempo_cost": 0.0}]
# every parameter of every heuristic at a value other than its default, half in each dict
PARAMETER_CASES = [
    {"name": "balanced", "stone_weight": 5.0, "task_weight": 6.0, "closeness": 2.0,
     "lock_cost": 0.3, "return_weight": 0.6, "spread_cost": 0.4, "shield_weight": 2.0,
     "danger_weight": 0.5, "threat_weight": 1.0, "enemy_base": 0.9},
    {"name": "defender", "stone_weight": 9.0, "task_weight": 1.0, "closeness": 0.5,
     "lock_cost": 0.1, "return_weight": 0.5, "spread_cost": 2.0, "shield_weight": 1.5,
     "danger_weight": 3.0, "threat_weight": 1.5, "enemy_base": 0.2},
    {"name": "builder", "stone_weight": 7.0, "task_weight": 8.0, "closeness": 1.0,
     "lock_cost": 0.6, "return_weight": 0.8, "spread_cost": 1.5, "shield_weight": 0.5,
     "danger_weight": 2.0, "threat_weight": 2.5, "enemy_base": 0.6},
    {"name": "balanced", "partial_weight": 1.0, "resurrect_weight": 1.2, "tempo_cost": 0.1,
     "stop_threshold": 1.5, "reserve_target": 6, "reserve_weight": 2.0, "ice_weight": 0.3,
     "ice_claim_at": 5, "desert_loss_cost": 1.5},
    {"name": "defender", "partial_weight": 0.2, "resurrect_weight": 1.0, "tempo_cost": 1.0,
     "stop_threshold": 0.5, "reserve_target": 2, "reserve_weight": 0.5, "ice_weight": 2.0,
     "ice_claim_at": 6, "desert_loss_cost": 0.0},
    {"name": "builder", "partial_weight": 0.8, "resurrect_weight": 0.1, "tempo_cost": 0.2,
     "stop_threshold": 2.5, "reserve_target": 5, "reserve_weight": 1.5, "ice_weight": 1.2,
     "ice_claim_at": 3, "desert_loss_cost": 1.0},
]


# Same config and seed through both engines: identical tables (tests/helpers.py).
assert_same_games = partial(assert_same_tables, game="roll_for_adventure", seed=5)


@pytest.mark.slow
def test_every_rule_changed(tmp_path):
    for i, rules in enumerate(RULE_VARIANTS):
        players = 2 + i % 3
        seats = SEATS[i % 4:] + SEATS[:i % 4]
        assert_same_games(tmp_path / str(i), rules, seats, players, games=60)
        assert_same_games(tmp_path / f"{i}r", rules, ["random"] * 4, players, games=60)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_strategy_and_player_count(tmp_path, players):
    for strategy in SEATS:
        assert_same_games(tmp_path / strategy, {}, [strategy] * 4, players, games=150)


def test_the_cases_vary_every_rules_field_and_strategy_parameter():
    assert_every_rule_varied(RULE_VARIANTS, Rules)
    assert_every_parameter_varied("roll_for_adventure", TUNED + PARAMETER_CASES)


def test_every_strategy_parameter(tmp_path):
    assert_same_games(tmp_path / "a", {}, PARAMETER_CASES[:3] + ["random"], 4, games=50)
    assert_same_games(tmp_path / "b", {}, PARAMETER_CASES[3:], 3, games=50)


test_drawn_combinations_of_rules_and_parameters = drawn_differential(
    assert_same_games, RULE_VARIANTS, Rules, SEATS + TUNED + PARAMETER_CASES, games=30)


def test_rotated_seats_and_every_hero_in_turn(tmp_path):
    assert_same_games(tmp_path / "r", {}, TUNED[:3], 3, games=15, rotate=True)
    assert_same_games(tmp_path / "a", {"hero_powers": True}, SEATS, 4, games=24,
                      heroes=["all"] * 4)
    assert_same_games(tmp_path / "ra", {"hero_powers": True}, SEATS, 2, games=12,
                      heroes=["all"] * 2, rotate=True)


def test_strategy_parameters_and_heroes(tmp_path):
    assert_same_games(tmp_path / "p", {}, TUNED, 4, games=150)
    assert_same_games(tmp_path / "h", {"hero_powers": True}, SEATS, 4, games=150,
                      heroes=["healer", None, "fighter", None])
    assert_same_games(tmp_path / "h3", {"hero_powers": True}, SEATS, 3, games=100)


def test_auto_falls_back_for_seats_without_a_twin(tmp_path):
    task = {"game": SPEC.name, "rules": {}, "seed": 1, "variant": "v", "players": 2,
            "strategies": ["balanced", "tests.helpers:IllegalStrategy"], "heroes": [None, None],
            "start": 0, "stop": 1, "engine": "compiled"}
    with pytest.raises(ConfigError, match="no compiled twin"):
        play_chunk(task)
