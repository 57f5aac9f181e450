"""Same seed, same game: Roll Player's compiled kernel and the Python engine write identical
Parquet tables (1-4 players, every strategy, every Rules field at a non-default value, the known
class abilities, and a modified component data file)."""
import json
from functools import partial

import pytest

from simulate.games.component_edits import parse_changes
from simulate.games.component_files import shipped_files
from simulate.games.roll_player import components
from simulate.games.roll_player.rules import Rules
from tests.helpers import (assert_every_parameter_varied, assert_every_rule_varied, drawn_differential,
                           assert_same_tables)

SEATS = ["goal_chaser", "balancer", "random", "goal_chaser"]
ABILITIES = ["Thief", "Bard", "Druid", None]        # the classes whose ability is known
RULE_VARIANTS = [
    {"class_colour_dice": 12}, {"gold_dice": 20}, {"class_selection": "reverse_pick"},
    {"race_assignment": "pick"}, {"starting_gold": [3, 4, 5, 6]}, {"starting_dice_extra": 2},
    {"market_setup_discards": [5, 5, 2, 1]}, {"initiative_gold": 2}, {"gold_die_gold": 3},
    {"thief_gold_die_gold": 6}, {"thief_bonus_in_setup": False}, {"row_complete_gold": 2},
    {"intelligence_reroll": "new_stands"}, {"wisdom_step": "king"},
    {"charisma_token_value": 2}, {"discard_gold": 3}, {"weapon_hands": 1},
    {"bard_purchases": 3}, {"druid_recall": False}, {"skills_usable": False},
    {"skill_refresh_per_cleanup": 2}, {"final_round_market": False},
    {"backstory_stars": [0, 1, 2, 3, 4, 5, 6]}, {"gold_die_backstory_wild": True},
    {"armor_bonus_needs_all": False}, {"armor_set_bonus": 2}, {"class_die_stars": 2},
    {"discard_before_scoring": False}, {"tie_breakers": "gold"}, {"tie_breakers": "none"},
    {"solo_trash": False}, {"solo_win_stars": 20},
]
TUNED = [{"name": "goal_chaser", "slack": 2.0, "near_miss": 0.0, "min_gain": 0.5},
         {"name": "balancer", "gold_reserve": 0, "min_card_value": -1.0, "gold_value": 1.5},
         {"name": "goal_chaser", "market_first_weight": 2.0, "skill_value": 3.0},
         {"name": "balancer", "backstory_weight": 3.0, "class_die_weight": 0.0},
         {"name": "goal_chaser", "class_die_weight": 2.0, "backstory_weight": 0.1,
          "gold_value": 0.8},
         {"name": "balancer", "slack": 2.5, "near_miss": 0.6, "market_first_weight": 0.1,
          "skill_value": 2.0, "min_gain": 0.3}]


# Same config and seed through both engines: identical tables (tests/helpers.py).
assert_same_games = partial(assert_same_tables, game="roll_player", seed=3)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.slow
def test_every_strategy_and_player_count(tmp_path, players):
    for strategy in ("goal_chaser", "balancer", "random"):
        assert_same_games(tmp_path / strategy, {}, [strategy] * 4, players, games=40)
    assert_same_games(tmp_path / "abilities", {}, SEATS, players, games=40, heroes=ABILITIES)


def test_every_rule_changed(tmp_path):
    for i, rules in enumerate(RULE_VARIANTS):
        players = 1 if "solo" in next(iter(rules)) else 1 + i % 4
        seats = SEATS[i % 4:] + SEATS[:i % 4]
        assert_same_games(tmp_path / str(i), rules, seats, players, games=25,
                          heroes=ABILITIES[i % 4:] + ABILITIES[:i % 4])


def test_strategy_parameters(tmp_path):
    assert_same_games(tmp_path / "4", {}, TUNED[:4], 4, games=40)
    assert_same_games(tmp_path / "2", {}, TUNED[4:], 2, games=25)


def test_the_cases_vary_every_rules_field_and_strategy_parameter():
    assert_every_rule_varied(RULE_VARIANTS, Rules)
    assert_every_parameter_varied("roll_player", TUNED)


test_drawn_combinations_of_rules_and_parameters = drawn_differential(
    assert_same_games, RULE_VARIANTS, Rules, SEATS + TUNED, games=12, min_seats=1)


@pytest.mark.parametrize("players", [2, 4])
def test_every_class_in_turn_and_rotated_seats(tmp_path, players):
    """heroes = "all" (the shipped configs/roll_player.toml) and rotate = true."""
    assert_same_games(tmp_path / "all", {}, SEATS, players, games=24, heroes=["all"] * 4)
    assert_same_games(tmp_path / "rot", {}, TUNED, players, games=8, heroes=["all"] * 4,
                      rotate=True)


def test_a_modified_data_file_needs_no_code_change(monkeypatch, tmp_path):
    """Edit every data file (numbers only: card names and counts are the engine's action
    vocabulary); both engines read the edited files."""
    data = tmp_path / "data"
    data.mkdir()
    docs = {name: json.loads((components.DATA / name).read_text())
            for name in ("classes.json", "races.json", "backstories.json", "alignments.json",
                         "market.json")}
    docs["classes.json"]["goal_stars"]["range"] = 3
    docs["classes.json"]["classes"]["Cleric"]["goals"] = ["14+", "15-16", "17", "18", "14+", "14+"]
    docs["races.json"]["races"]["Human"] = {"WIS": 1, "CHA": -1}
    backstories = docs["backstories.json"]["backstories"]
    backstories["Brawler"] = ["white@1", "red@1", "blue@1", "purple@1", "black@1", "green@1"]
    docs["alignments.json"]["alignments"]["Arbiter"] = [[2, 0, -1], [3, 1, -3], [1, 0, -2]]
    for card in docs["market.json"]["cards"]:
        card["cost"] = max(0, card["cost"] - 1)
        if card["type"] == "trait":
            card["stars"] = card["stars"] + 1
    docs["market.json"]["armor_sets"]["Chain"] = {"1": 2, "2": 3, "3": 5}
    for name, doc in docs.items():
        (data / name).write_text(json.dumps(doc))
    monkeypatch.setattr(components, "DATA", data)
    components.load_components.cache_clear()
    try:
        assert components.load_components().class_by_name["Cleric"].goals[2] == (17, 17, 3)
        for players in (1, 4):
            assert_same_games(tmp_path / str(players), {}, SEATS, players, games=40,
                              heroes=ABILITIES)
    finally:
        monkeypatch.undo()
        components.load_components.cache_clear()


def test_a_market_removal_variant(tmp_path):
    """``remove = ["market:..."]`` (what ``simulate cards`` makes): the kernel plays it, with the
    removed cards out of the Market deck, as the engine deals it."""
    from simulate.compiled.roll_player import unsupported
    edits = parse_changes({"remove": ["market:Longsword", "market:Climb", "market:Diplomacy"]},
                          [p.name for p in shipped_files("roll_player")], "test")
    assert unsupported("roll_player", SEATS, [Rules()], edits) is None
    for players in (1, 3):
        assert_same_games(tmp_path / str(players), {}, SEATS, players, games=30, edits=edits)
