"""Bad configs get one clear error naming the problem and the allowed values."""
import re

import pytest

from simulate.config import parse_config, load_config
from simulate.games.base import ConfigError

BASE = {"run": {"game": "dungeon_roll", "games": 10}}


def config(**tables):
    data = {k: dict(v) for k, v in BASE.items()}
    for key, value in tables.items():
        data[key] = value
    return data


@pytest.mark.parametrize("data, message", [
    ({"run": {"game": "chess"}}, "unknown game 'chess'; known games: "),
    ({"run": {"games": 5}}, "'game' is missing"),
    (config(run={"game": "dungeon_roll", "games": 0}), "games = 0 is invalid; allowed: an integer 1..1,000,000,000"),
    (config(run={"game": "dungeon_roll", "games": "many"}), "games = 'many' is invalid"),
    (config(run={"game": "dungeon_roll", "speed": 3}), "[run]: unknown key 'speed'"),
    (config(players={"count": 7}), "count = 7 is invalid for dungeon_roll; allowed: 1..4"),
    (config(players={"strategies": "psychic"}), "unknown strategy 'psychic' for dungeon_roll"),
    (config(players={"strategies": {"name": "random", "depth": 3}}),
     "strategy 'random' has no parameter 'depth'"),
    (config(players={"count": 2, "strategies": ["random"] * 3}), "3 given for 2 seats"),
    (config(players={"heroes": "batman"}), "unknown hero 'batman'"),
    (config(rules={"no_such_rule": 1}), "[rules]: unknown rule 'no_such_rule'; known rules:"),
    (config(rules={"champion_opens_all_chests": "yes"}), "allowed: true or false"),
    (config(variants=[{"champion_opens_all_chests": False}]), "each variant needs a name"),
    (config(variants=[{"name": "v", "dragon_colour": "red"}]), "variant 'v': unknown rule 'dragon_colour'"),
    (config(variants=[{"name": "baseline"}]), "used twice"),
    (config(surprise={}), "top level: unknown key 'surprise'"),
    (config(run={"game": "dungeon_roll", "games": 10**12}), "games = 1000000000000 is invalid"),
    (config(run={"game": "dungeon_roll", "jobs": 10**6}), "jobs = 1000000 is invalid"),
    (config(run={"game": "dungeon_roll", "games": 10**9, "chunk": 10}),
     "make 100,000,000 chunks; the most is 200,000: raise [run] chunk"),
    (config(sweep={"level_up_xp": list(range(100)), "dragon_dice_to_awaken": list(range(100))}),
     "[sweep]: the grid has 10,000 points; the most is 1,000"),
])
def test_bad_config_names_the_problem(data, message):
    with pytest.raises(ConfigError) as error:
        parse_config(data)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_out_of_range_rule_names_the_range():
    with pytest.raises(ConfigError, match=r"delves_per_player = 9 is invalid; allowed: 1\.\.5"):
        parse_config(config(rules={"delves_per_player": 9}))


def test_malformed_toml(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("[run\ngame = ")
    with pytest.raises(ConfigError, match="malformed TOML"):
        load_config(path)


def test_missing_file(tmp_path):
    with pytest.raises(ConfigError, match="config file not found"):
        load_config(tmp_path / "nope.toml")


def test_variants_inherit_rules_and_count_games_per_variant():
    cfg = parse_config(config(rules={"delves_per_player": 2},
                              variants=[{"name": "one_chest", "champion_opens_all_chests": False}]))
    assert [v.name for v in cfg.variants] == ["baseline", "one_chest"]
    assert cfg.variants[1].rules.delves_per_player == 2
    assert cfg.variants[1].rules.champion_opens_all_chests is False
    assert cfg.variants[0].rules.champion_opens_all_chests is True


def test_command_line_overrides_win():
    cfg = parse_config(config(), games=5, seed=9, jobs=2)
    assert (cfg.games, cfg.seed, cfg.jobs) == (5, 9, 2)


def test_sweep_makes_one_variant_per_grid_point():
    cfg = parse_config(config(sweep={"delves_per_player": [2, 4], "champion_opens_all_chests": [True, False]}))
    names = [v.name for v in cfg.variants]
    assert names == ["baseline", "delves_per_player=2 champion_opens_all_chests=true",
                     "delves_per_player=2 champion_opens_all_chests=false",
                     "delves_per_player=4 champion_opens_all_chests=true",
                     "delves_per_player=4 champion_opens_all_chests=false"]
    assert cfg.variants[4].rules.delves_per_player == 4
    assert cfg.variants[4].rules.champion_opens_all_chests is False


@pytest.mark.parametrize("sweep, message", [
    ({"delves_per_player": 3}, "[sweep]: delves_per_player needs a non-empty list"),
    ({"delves_per_player": [3, 99]}, "delves_per_player = 99 is invalid"),
    ({"dragons": [1]}, "unknown rule 'dragons'"),
])
def test_bad_sweep(sweep, message):
    with pytest.raises(ConfigError) as error:
        parse_config(config(sweep=sweep))
    assert message in str(error.value)


@pytest.mark.parametrize("strategy, message", [
    ({"name": "cautious", "retire_level": 99}, "cautious.retire_level = 99 is out of range; allowed: 1..20"),
    ({"name": "cautious", "retire_level": 2.5}, "should be int like its default 4"),
    ({"name": "risk_aware", "chest_risk": "high"}, "should be float"),
])
def test_strategy_parameters_are_checked(strategy, message):
    with pytest.raises(ConfigError) as error:
        parse_config(config(players={"strategies": strategy}))
    assert message in str(error.value)


def test_sweep_over_a_list_valued_rule_names_its_points():
    cfg = parse_config(config(sweep={"treasure_counts": [[3, 3, 3, 3, 3, 4, 6, 3, 4, 4],
                                                         [3, 3, 3, 3, 3, 4, 0, 3, 4, 4]]}))
    # the first point is the printed rules: it is the baseline, not played twice
    assert [v.name for v in cfg.variants] == ["baseline", "treasure_counts=[3,3,3,3,3,4,0,3,4,4]"]
    assert cfg.variants[1].rules.treasure_counts[6] == 0


def test_rotate_variant_seed_heroes_any_case_and_did_you_mean():
    cfg = parse_config(config(players={"count": [2], "heroes": ["KNIGHT", "Random"],
                                       "rotate": True},
                              variants=[{"name": "again", "seed": 99}]))
    assert cfg.rotate and cfg.heroes == ["knight", None]
    assert cfg.variants[1].seed == 99 and cfg.identity()["variants"][1]["seed"] == 99
    assert "seed" not in cfg.identity()["variants"][0]
    for bad, message in (({"players": {"rotate": "yes"}}, "rotate = 'yes' is invalid"),
                         ({"variants": [{"name": "x", "seed": -1}]}, "seed = -1 is invalid"),
                         ({"players": {"coutn": 2}}, "did you mean 'count'?"),
                         ({"rules": {"level_up_xpp": 3}}, "did you mean 'level_up_xp'?")):
        with pytest.raises(ConfigError, match=re.escape(message)):
            parse_config(config(**bad))
