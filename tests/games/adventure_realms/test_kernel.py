"""Same seed, same game: Adventure Realms' compiled kernel and the Python engine write identical
Parquet tables (2-4 players, every strategy and strategy parameter, every Rules field at a
non-default value, drawn combinations of them, rotated seats, a study's own data folder and a
variant's component edits; both engines trace the same decisions). A few games per
case (the Python engine plays ~200 four-player games a second); bench/kernel_bench.py plays the
long differential."""
import json
from functools import partial

import pytest

from simulate.engines import choose_engine
from simulate.games.adventure_realms import Rules, components
from simulate.games.component_edits import parse_changes
from simulate.kernels.trace import trace_hash
from simulate.play import TRACE_COLUMN
from simulate.chunk import play_chunk
from tests.helpers import (assert_every_parameter_varied, assert_every_rule_varied, drawn_differential,
                           assert_same_tables, kernel_task)

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
# every parameter of every strategy off its default in one seat (assert_every_parameter_varied)
TUNED = [{"name": "balanced", "gold_value": 0.3, "mana_value": 0.4, "food_value": 0.0,
          "card_value": 1.2, "rp_value": 0.5, "dungeon_weight": 0.5, "power_value": 1.0,
          "recruit_min": 0.0, "focus": "Thieves", "focus_weight": 2.0,
          "agent_value": 1.5, "stone_chase": 2.5, "quest_weight": 2.5},
         {"name": "guild_specialist", "gold_value": 0.1, "mana_value": 0.2, "food_value": 0.3,
          "card_value": 0.5, "rp_value": 0.0, "dungeon_weight": 3.0, "power_value": 1.5,
          "recruit_min": 1.0, "focus": "Wizards", "focus_weight": 3.0,
          "agent_value": 0.0, "stone_chase": 0.7, "quest_weight": 0.0},
         {"name": "dungeon_racer", "gold_value": 0.0, "mana_value": 0.05, "food_value": 0.4,
          "card_value": 0.2, "rp_value": 0.3, "dungeon_weight": 4.0, "power_value": 0.6,
          "recruit_min": 2.0, "focus": "", "focus_weight": 0.0,
          "agent_value": 0.3, "stone_chase": 2.0, "quest_weight": 0.6},
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
    assert_every_rule_varied(RULE_VARIANTS, Rules)
    assert_every_parameter_varied("adventure_realms", TUNED)


test_drawn_combinations_of_rules_and_parameters = drawn_differential(
    assert_same_games, RULE_VARIANTS, Rules, SEATS + TUNED, games=3)


def test_rotated_seats(tmp_path):
    """rotate = true: every seed once per rotation of the seats, played compiled in groups."""
    assert choose_engine("adventure_realms", SEATS)[0] == "compiled"
    assert_same_games(tmp_path / "2", {}, ["random", TUNED[2]], 2, games=3, rotate=True)
    assert_same_games(tmp_path / "4", {"max_rounds": 4}, SEATS, 4, games=2, rotate=True)


def test_both_engines_trace_the_same_decisions():
    task = {**kernel_task({}, SEATS, 3, 4, game="adventure_realms", seed=5), "trace": True}
    python, compiled = (play_chunk({**task, "engine": e})[0] for e in ("python", "compiled"))
    assert [len(d) for d in python[TRACE_COLUMN]] == list(python["decisions"])
    assert list(map(trace_hash, python[TRACE_COLUMN])) == \
        list(map(trace_hash, compiled[TRACE_COLUMN]))


def test_component_edits(tmp_path):
    """A variant's edits to single entries (a cost, a monster's reward, a track level, a space's
    gain, a card's count) reach both engines."""
    edits = parse_changes({"guild_heroes:Squire.cost": 1, "monsters:Troll.rewards.0.vp": 3,
                           "guild_tracks:guilds.Fighters.4.gold": 6, "board:Mine.gain.gold": 5,
                           "copies": {"adventure_cards:Grappling Hook": 9}},
                          list(components.FILES), "test")
    assert_same_games(tmp_path, {}, SEATS, 4, games=3, edits=edits)


QUEST_CARDS = [c.name for c in components.load_components().adventures if c.type == "quest"]


@pytest.mark.parametrize("count", ["symbols", "guild"])
def test_quests_in_play(tmp_path, count):
    """Many Quest cards (every kind, VPs edited) held by bots of several quest_weights: both
    engines price them alike (the stones, the guild steps, Kings and guild cards recruited)."""
    edits = parse_changes({**{f"adventure_cards:{q}.vp": 2 + i for i, q in enumerate(QUEST_CARDS)},
                           "copies": {f"adventure_cards:{q}": 12 for q in QUEST_CARDS}},
                          list(components.FILES), "test")
    seats = [{"name": "balanced", "quest_weight": 2.5}, {"name": "guild_specialist", "quest_weight": 0.4},
             "balanced", {"name": "dungeon_racer", "quest_weight": 3.0}]
    for players in (2, 4):
        assert_same_games(tmp_path / f"{count}{players}", {"guild_cards_count": count}, seats, players,
                          games=4, edits=edits)


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


def test_a_failing_differential_names_the_decision_where_the_engines_part(monkeypatch, tmp_path):
    from simulate.compiled import adventure_realms as kernel
    seated = kernel.compiled_seats                  # a kernel that swaps the two seats' players
    monkeypatch.setattr(kernel, "compiled_seats", lambda seats: seated(seats[::-1]))
    with pytest.raises(AssertionError, match=r"run seed 5, game \d: decision \d+ parts"):
        assert_same_games(tmp_path, {}, ["random", "balanced"], 2, games=3)
