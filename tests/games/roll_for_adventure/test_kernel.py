"""Same seed, same game: the compiled kernel and the Python engine write identical Parquet tables
(every player count, strategy, hero set-up and every Rules field at a non-default value)."""
from functools import partial

import pytest

from simulate.games import get_game
from simulate.runner import play_chunk
from tests.helpers import assert_same_tables

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


def test_strategy_parameters_and_heroes(tmp_path):
    tuned = [{"name": "balanced", "closeness": 2, "stop_threshold": 1.5, "reserve_target": 6},
             {"name": "builder", "ice_claim_at": 5, "lock_cost": 0.0}, "random",
             {"name": "defender", "partial_weight": 1.0, "tempo_cost": 0.0}]
    assert_same_games(tmp_path / "p", {}, tuned, 4, games=150)
    assert_same_games(tmp_path / "h", {"hero_powers": True}, SEATS, 4, games=150,
                      heroes=["healer", None, "fighter", None])
    assert_same_games(tmp_path / "h3", {"hero_powers": True}, SEATS, 3, games=100)


def test_auto_falls_back_for_seats_without_a_twin(tmp_path):
    task = {"game": SPEC.name, "rules": {}, "seed": 1, "variant": "v", "players": 2,
            "strategies": ["balanced", "tests.helpers:IllegalStrategy"], "heroes": [None, None],
            "start": 0, "stop": 1, "engine": "compiled"}
    from simulate.games.base import ConfigError
    with pytest.raises(ConfigError, match="no compiled twin"):
        play_chunk(task)
