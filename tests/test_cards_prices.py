"""`simulate tune` pricing a card (method "price", simulate/adaptive/prices.py) end to end, and
the shipped price configs asking a question their card can answer."""
import json
import tomllib
from pathlib import Path

from simulate.adaptive.tune import plan_tune
from simulate.games.component_files import using_folder
from simulate.games import get_game
from simulate.games.grants import parse_grant
from simulate.play import play_game
from strategies import build_strategy
from tests.helpers import simulate_cli

ROOT = Path(__file__).resolve().parents[1]

TUNE = """
[run]
game = "roll_player"
games = 20
chunk = 20
out = "{out}"
[players]
count = 2
[tune]
rules = {{ "market:{card}.cost" = [0, 12] }}
step = {{ "market:{card}.cost" = 6 }}
first_games = 20
[[tune.targets]]
metric = "granted_uplift"
card = "market:{card}"
equals = 0.0
tolerance = 0.02
"""


def test_the_tune_prints_every_price_tried_with_its_interval(tmp_path):
    config = tmp_path / "tune.toml"
    config.write_text(TUNE.format(out=tmp_path / "out", card="Tower Shield"))
    result = simulate_cli("tune", config, "--no-report")
    assert result.exit_code == 0, result.output
    found = json.loads((tmp_path / "out" / "tune.json").read_text())
    for row in found["candidates"]:
        assert f"market:Tower Shield.cost = {row['point'][0]}: " in result.output
    assert "method: price bracketing" in result.output
    assert not ("meets" in result.output and "not crossed" in result.output)


def shipped(name: str) -> dict:
    return tomllib.loads((ROOT / "configs" / name).read_text(encoding="utf-8"))


def test_the_shipped_arcane_surge_price_search_tries_prices_inside_the_range():
    plan = plan_tune(shipped("tune_price_adventure_realms.toml"))
    assert plan.method == "price"
    assert plan.inside[((0,), (2,))] == [(1,)]
    names = {v.name for v in plan.cfg.variants}
    assert "adventure_cards:Arcane Surge.pay.mana=1" in names


def test_the_shipped_roll_player_price_config_prices_a_card_that_changes_games():
    """Its card, granted at a price, changes some of 12 games (Longsword changed none)."""
    data = shipped("tune_price_roll_player.toml")
    target = data["tune"]["targets"][0]
    assert target["card"] != "market:Longsword"
    spec = get_game("roll_player")
    seats = [build_strategy(spec.name, "goal_chaser") for _ in range(2)]
    grant = parse_grant({"card": target["card"], "seat": 0, "pay": True}, spec, 2, "test")
    changed = 0
    with using_folder("roll_player", None, ()):
        for seed in range(12):
            base = play_game(spec, spec.rules_class(), seats, seed)[1:]
            other = play_game(spec, spec.rules_class(), seats, seed, grant=grant)[1:]
            changed += (list(base[0].scores), base[1]) != (list(other[0].scores), other[1])
    assert changed


RISKY = """
[run]
game = "risky_adventure"
games = 20
chunk = 20
out = "{out}"
[players]
count = 2
[rules]
scarab_part_fame = {fame}
scarab_pair_fame = {fame}
[tune]
rules = {{ "treasure_maps:GG.fame" = [1, 9] }}
step = {{ "treasure_maps:GG.fame" = 4 }}
first_games = 20
[[tune.targets]]
metric = "granted_uplift"
card = "equipment:scarab_top_1"
equals = 0.0
tolerance = 0.02
"""


def test_a_card_that_changes_no_game_is_said_so_before_a_second_price(tmp_path):
    """A scarab worth 0 fame (planted useless) granted: no granted seat's result differs, so
    the tune says so after its first value; worth 10 fame it plays on."""
    for fame, useless in ((0, True), (10, False)):
        config = tmp_path / f"tune{fame}.toml"
        config.write_text(RISKY.format(out=tmp_path / f"out{fame}", fame=fame))
        result = simulate_cli("tune", config, "--no-report")
        assert result.exit_code == 0, result.output
        found = json.loads((tmp_path / f"out{fame}" / "tune.json").read_text())
        assert ("the card changes no game" in result.output) == useless, result.output
        assert (len(found["candidates"]) == 1) == useless
