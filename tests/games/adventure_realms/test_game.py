"""Set-up, the Reveal Phase, whole games (invariants, every strategy and variant), the clone and
malformed data files (the view: test_view.py)."""
import json
import random

import pytest
from typer.testing import CliRunner

from simulate.cli import app
from simulate.games.adventure_realms import GAME, Rules
from simulate.games.adventure_realms import actions as A
from simulate.games.adventure_realms.actions import Phase
from simulate.games.adventure_realms import components
from simulate.games.base import ConfigError, make_rules
from simulate.play import play_game
from strategies import build_strategy

from .helpers import give_hand, resources, start


def seats(n, name="balanced"):
    return [build_strategy("adventure_realms", name) for _ in range(n)]


def test_set_up():
    s = start(4)
    comp = s.comp
    assert len(s.row) == 5 and all(c >= 0 for c in s.row)
    assert len(s.masters) == 15 and len(comp.hero_deck) == 77      # 72 guild heroes + 5 Kings
    assert [m.level for m in reversed(s.monsters)] == [1, 1, 2, 2, 2, 3, 3, 3, 3, 3]
    assert len(s.adventure_deck) == 51 and s.stones_left == 4
    assert s.garden == 2                                          # set-up 1 + the Draw Phase's 1
    for seat in range(4):
        assert s.gold[seat] == 2 and s.agents[seat] == 2
        assert len(s.hand[seat]) == 5 and len(s.deck[seat]) == 5
        names = sorted(comp.heroes[c].name for c in s.hand[seat] + s.deck[seat])
        assert names == sorted(["Wizard", "Fighter", "Cleric", "Thief", "Villager"] * 2)
    assert s.current_seat == 0 and s.phase == Phase.AGENT


def test_reveal_counts_the_hand_and_held_oasis_points_then_recruits_and_discards():
    s = start(2)
    give_hand(s, 0, "Thief", "Villager", "Fighter")
    resources(s, 0, gold=3)
    s.apply(A.Place("Thief", "Oasis"))                            # 3 RP held for the Reveal
    s.apply(next(a for a in s.legal_actions() if isinstance(a, A.Place)))   # seat 1 places
    while s.current_seat != 0:
        s.apply(s.legal_actions()[0])                 # StopBanishing first when offered
    dungeon = s.dungeon[0]
    s.apply(A.Reveal())
    assert s.rp[0] == 3 + 2 + 1 and s.dungeon[0] == dungeon + 1   # Villager 2, Fighter 1 + 1 step
    cheap = [a for a in s.legal_actions() if isinstance(a, A.Recruit)]
    assert cheap and all(s.comp.heroes[s.hero_id[a.card]].cost <= 6 for a in cheap)
    card = s.hero_id[cheap[0].card]
    s.apply(cheap[0])
    assert card in s.discard[0] and card not in s.row and -1 not in s.row   # refilled at once
    if s.phase == Phase.RECRUIT:
        s.apply(A.EndReveal())
    assert not s.hand[0] and not s.played[0] and len(s.discard[0]) == 4


def test_a_guild_master_gives_one_vp_when_recruited():
    s = start(2)
    s.rp[0] = 7
    s.phase = Phase.RECRUIT
    top = s.comp.heroes[s.masters[-1]].name
    s._ask()
    s.apply(A.Recruit(top))
    assert s.vp[0] == 1 and s.vp_parts[0]["masters"] == 1 and len(s.masters) == 14


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("strategy", ["random", "balanced", "guild_specialist", "dungeon_racer"])
def test_whole_games_keep_the_invariants(n, strategy):
    for seed in range(3):
        state, out, _ = play_game(GAME, Rules(), seats(n, strategy), seed, check=True)
        assert out.end_reason in ("vp", "monsters")
        for m, score in zip(out.seat_metrics, out.scores):
            parts = ("vp_guild", "vp_dungeon", "vp_masters", "vp_stones", "vp_quests")
            assert sum(m[p] for p in parts) == score
            assert len(m["dungeon_ranks"].split("|")) == out.metrics["rounds"]


VARIANTS = [{"draws_per_round": "twice"}, {"tied_ranks": "dense", "stone_on_tie": "all"},
            {"monsters_by_level": False, "fort_agent_now": False}, {"vp_check": "all"},
            {"bastion_skips_empty_hands": False, "adventure_reshuffle": False},
            {"vp_target": 30, "token_supply": "capped", "supply_gold": 10},
            {"banish": "up_to", "guild_cards_count": "guild"},
            {"top_stays_exclusive": False, "hand_size": 7}]


@pytest.mark.parametrize("overrides", VARIANTS)
def test_variants_play_to_the_end(overrides):
    rules = make_rules(Rules, overrides)
    for n, seed in ((4, 1), (2, 2)):
        play_game(GAME, rules, seats(n, "random"), seed, check=True)
        play_game(GAME, rules, seats(n), seed, check=True)


def test_clone_is_independent_and_replays_the_same_game():
    s = start(2, seed=5)
    rng = random.Random(1)
    copy = s.clone()
    while not copy.is_over:
        copy.apply(copy.legal_actions()[int(rng.random() * len(copy.legal_actions()))])
    assert s.round == 1 and not s.is_over and len(s.hand[0]) == 5
    again, rng = s.clone(), random.Random(1)
    while not again.is_over:
        again.apply(again.legal_actions()[int(rng.random() * len(again.legal_actions()))])
    assert again.outcome() == copy.outcome()
    fresh = s.clone(random.Random(99))
    assert fresh.streams is not s.streams and fresh.streams.base != s.streams.base


def _broken_data(tmp_path, monkeypatch, name, edit):
    for file in components.FILES:
        (tmp_path / file).write_text((components.DATA / file).read_text())
    doc = json.loads((tmp_path / name).read_text())
    edit(doc)
    (tmp_path / name).write_text(json.dumps(doc))
    monkeypatch.setattr(components, "DATA", tmp_path)
    components.load_components.cache_clear()


def test_a_malformed_data_file_names_the_file_the_entry_and_the_field(tmp_path, monkeypatch):
    def bad_cost(doc):
        doc["cards"][3]["cost"] = "cheap"
    _broken_data(tmp_path, monkeypatch, "guild_heroes.json", bad_cost)
    try:
        with pytest.raises(ConfigError) as err:
            components.load_components()
        message = str(err.value)
        assert "\n" not in message
        assert "guild_heroes.json" in message and "'Sellsword'" in message and "cost" in message
    finally:
        components.load_components.cache_clear()


@pytest.mark.parametrize("name, edit, words", [
    ("monsters.json", lambda d: d["monsters"][0].update(rewards=[{"gems": 1}]), "rewards[0].gems"),
    ("adventure_cards.json", lambda d: d["cards"][0].update(type="potion"), "type"),
    ("board.json", lambda d: d["spaces"][0].update(region="Moon"), "region"),
    ("guild_tracks.json", lambda d: d["guilds"].pop("Wizards"), "guilds"),
    ("kings.json", lambda d: d["cards"][0].update(symbols=["Crown"]), "symbols"),
])
def test_each_data_file_is_validated(tmp_path, monkeypatch, name, edit, words):
    _broken_data(tmp_path, monkeypatch, name, edit)
    try:
        with pytest.raises(ConfigError, match=name.replace(".", r"\.")) as err:
            components.load_components()
        assert words in str(err.value)
    finally:
        components.load_components.cache_clear()


def test_the_cli_gives_one_line_and_exit_2_for_a_malformed_data_file(tmp_path, monkeypatch):
    config = tmp_path / "run.toml"
    config.write_text(f'[run]\ngame = "adventure_realms"\ngames = 2\njobs = 1\n'
                      f'out = "{tmp_path / "out"}"\n[players]\ncount = 2\n')
    data = tmp_path / "data"
    data.mkdir()
    _broken_data(data, monkeypatch, "basic_heroes.json",
                 lambda d: d["cards"][0].update(reveal={"rp": -2}))
    try:
        result = CliRunner().invoke(app, ["run", str(config), "--no-report"])
        assert result.exit_code == 2
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and "basic_heroes.json" in lines[0] and "'Villager'" in lines[0]
        assert "reveal.rp" in lines[0]
    finally:
        components.load_components.cache_clear()
