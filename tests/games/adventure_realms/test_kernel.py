"""Same seed, same game: Adventure Realms' compiled kernel and the Python engine write identical
Parquet tables (2-4 players, every strategy and strategy parameter, every Rules field at a
non-default value, a study's own data folder and a variant's component edits). A few games per
case (the Python engine plays ~200 four-player games a second); bench/kernel_bench.py plays the
long differential."""
import dataclasses
import json
from functools import partial

import pytest

from simulate.games.adventure_realms import Rules, components
from simulate.games.component_edits import parse_changes
from strategies.adventure_realms import STRATEGIES, ExpectedVP
from tests.helpers import assert_same_tables

SEATS = ["balanced", "guild_specialist", "random", "dungeon_racer"]
# each case changes a few fields at once (cheap), every field at least once
RULE_VARIANTS = [
    {"starting_gold": 9, "fort_agent_cost": 3, "fort_agent_now": False, "stones": 1},
    {"starting_agents": 3, "guild_row_size": 2, "monsters_by_level": False},
    {"token_supply": "capped", "supply_gold": 12, "supply_mana": 10, "supply_food": 10},
    {"hand_size": 8, "draws_per_round": "twice", "garden_mana_setup": 4},
    {"garden_mana_per_round": 3, "max_rounds": 4, "guild_space_power": 3},
    {"guild_space_power": 3, "exclusive_top": False, "track_rewards_again": "all"},
    {"guild_space_power": 2, "top_stays_exclusive": False, "fort_guild_steps": 1},
    {"fort_guild_steps": 4, "oasis_rp": 8, "shadow_threshold": 1},
    {"bastion_skips_empty_hands": False, "banish": "up_to", "adventure_reshuffle": False},
    {"dungeon_track_length": 5, "stone_on_tie": "all", "tied_ranks": "dense"},
    {"vp_target": 4, "vp_check": "all", "guild_cards_count": "guild", "stone_vp": 3},
    {"tie_breakers": "stones", "dungeon_track_length": 6},
    {"tie_breakers": "none", "vp_target": 3},
]
TUNED = [{"name": "balanced", "gold_value": 0.3, "mana_value": 0.4, "food_value": 0.0,
          "card_value": 1.2, "rp_value": 0.5},
         {"name": "guild_specialist", "focus": "Wizards", "focus_weight": 3.0,
          "power_value": 1.5},
         {"name": "dungeon_racer", "dungeon_weight": 4.0, "recruit_min": 2.0},
         {"name": "balanced", "focus": "Thieves", "recruit_min": 0.0, "card_value": 0.0}]

# Same config and seed through both engines: identical tables (tests/helpers.py).
assert_same_games = partial(assert_same_tables, game="adventure_realms", seed=5)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_strategy_and_player_count(tmp_path, players):
    for strategy in ("balanced", "random"):
        assert_same_games(tmp_path / strategy, {}, [strategy] * 4, players, games=3)
    assert_same_games(tmp_path / "mixed", {}, SEATS[4 - players:] + SEATS[:4 - players],
                      players, games=3)


def test_every_rule_changed(tmp_path):
    for i, rules in enumerate(RULE_VARIANTS):
        seats = SEATS[i % 4:] + SEATS[:i % 4]
        assert_same_games(tmp_path / str(i), rules, seats, 2 + i % 3, games=3)


def test_strategy_parameters(tmp_path):
    assert_same_games(tmp_path, {}, TUNED, 4, games=3)


def test_the_cases_vary_every_rule_and_parameter():
    """A Rules field or a strategy parameter added later must be added to the cases above."""
    varied = {key for case in RULE_VARIANTS for key in case}
    assert varied == {f.name for f in dataclasses.fields(Rules)}
    defaults = Rules()
    assert all(getattr(defaults, k) != v for case in RULE_VARIANTS for k, v in case.items())
    tuned = {key for seat in TUNED for key in seat if key != "name"}
    params = set(ExpectedVP.param_ranges) | {"focus"}
    assert tuned == params
    assert {seat["name"] for seat in TUNED} == set(STRATEGIES)


def test_component_edits(tmp_path):
    """A variant's edits to single entries (a cost, a monster's reward, a track level, a space's
    gain, a card's count) reach both engines."""
    edits = parse_changes({"guild_heroes:Squire.cost": 1, "monsters:Troll.rewards.0.vp": 3,
                           "guild_tracks:guilds.Fighters.4.gold": 6, "board:Mine.gain.gold": 5,
                           "copies": {"adventure_cards:Grappling Hook": 9}},
                          list(components.FILES), "test")
    assert_same_games(tmp_path, {}, SEATS, 4, games=3, edits=edits)


def test_a_modified_data_folder_needs_no_code_change(monkeypatch, tmp_path):
    """A study's own folder: new effects on cards and spaces (a reveal that banishes, an Item
    that draws, a priced reveal, a quest's threshold), read by both engines."""
    data = tmp_path / "data"
    data.mkdir()
    docs = {name: json.loads((components.DATA / name).read_text()) for name in components.FILES}
    basics = docs["basic_heroes.json"]["cards"]
    basics[0]["reveal"] = {"rp": 1, "banish": 1, "vp": 1}
    basics[1]["reveal"] = {"rp": 1, "dungeon": 3, "pay": {"gold": 1}}
    for card in docs["adventure_cards.json"]["cards"]:
        if card["name"] == "Scouting Map":
            card["effect"] = {"draw": 2, "adventure": 1, "dungeon": 1}
        if card["type"] == "quest" and card["quest"]["kind"] == "guild_cards":
            card["quest"]["cards"] = 3
    for name, doc in docs.items():
        (data / name).write_text(json.dumps(doc))
    monkeypatch.setattr(components, "DATA", data)
    components.load_components.cache_clear()
    try:
        assert components.load_components().heroes[1].reveal_pay == (("gold", 1),)
        assert_same_games(tmp_path / "run", {"banish": "up_to"}, SEATS, 3, games=3)
    finally:
        monkeypatch.undo()
        components.load_components.cache_clear()
