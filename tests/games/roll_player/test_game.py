"""Whole games: invariants, determinism, solo mode, variants, strategies, data validation."""
import json

import pytest

from simulate.games.base import ConfigError, make_rules
from simulate.games.roll_player import GAME, Rules
from simulate.games.roll_player import actions as A
from simulate.games.roll_player import components
from simulate.games.component_files import ComponentError
from simulate.play import play_game
from strategies import build_strategy

from .helpers import force_dice, place_starting, start


def seats(n, name="goal_chaser"):
    return [build_strategy("roll_player", name) for _ in range(n)]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("strategy", ["random", "goal_chaser", "balancer"])
def test_invariants_hold_in_whole_games(n, strategy):
    for seed in range(8):
        state, out, _ = play_game(GAME, Rules(), seats(n, strategy), seed, check=True)
        t = state.t
        assert all(f == [3] * 6 for f in t.fill)             # every space filled exactly once
        assert t.round == (12 if n <= 2 else 18 - n - 4)
        for m, score in zip(out.seat_metrics, out.scores):
            parts = sum(m[k] for k in ("stars_attributes", "stars_class_dice",
                                       "stars_alignment", "stars_backstory", "stars_armor",
                                       "stars_traits"))
            assert parts == score


VARIANTS = [{"class_selection": "reverse_pick"}, {"race_assignment": "pick"},
            {"intelligence_reroll": "new_stands"}, {"wisdom_step": "king"},
            {"skills_usable": False}, {"final_round_market": False},
            {"armor_bonus_needs_all": False}, {"weapon_hands": 1, "bard_purchases": 3}]


@pytest.mark.parametrize("overrides", VARIANTS)
def test_variants_play_to_the_end(overrides):
    rules = make_rules(Rules, overrides)
    for n, seed in ((4, 1), (2, 2), (3, 3)):
        play_game(GAME, rules, seats(n, "random"), seed, check=True)
        play_game(GAME, rules, seats(n), seed, check=True)


def test_same_seed_same_game_and_fixed_heroes():
    logs = []
    for _ in range(2):
        log = []
        _, out, _ = play_game(GAME, Rules(), seats(3), 99, heroes=["Thief", None, "Bard"],
                              log=log)
        logs.append((log, out))
    assert logs[0] == logs[1]
    assert [m["class"] for m in logs[0][1].seat_metrics][::2] == ["Thief", "Bard"]
    with pytest.raises(ConfigError, match="share a class card"):
        play_game(GAME, Rules(), seats(2), 1, heroes=["Cleric", "Paladin"])
    with pytest.raises(ConfigError, match="unknown class"):
        play_game(GAME, Rules(), seats(2), 1, heroes=["Necromancer", None])


def test_rules_reject_a_bag_too_small():
    with pytest.raises(ConfigError, match="73 dice"):
        make_rules(Rules, {"gold_dice": 0})


def test_solo_mode_trashes_market_cards(monkeypatch):
    rows = ["STR", "DEX", "CON", "INT", "WIS", "CHA"]
    start_dice = [("white", 1), ("green", 6), ("blue", 3), ("red", 2), ("black", 4),
                  ("purple", 5)]
    values = force_dice(monkeypatch, start_dice + [("white", 2), ("red", 3), ("gold", 5)])
    state = start(1, ["Cleric"])
    t = state.t
    assert t.n_cards == 3 and len(t.market) == 3 and len(t.starting_dice[0]) == 6
    assert [t.comp.cards[c].name for c in t.trashed] == ["Diplomacy"]
    place_starting(state, [rows])
    market = list(t.market)
    values.append(2)                              # middle card: die 2 trashes Market card 2
    state.apply(A.TakeInitiative(2))
    assert t.market == [market[0], market[2]] and t.trashed[-1] == market[1]
    state.apply(A.PlaceDie(5))
    state.apply(state.legal_actions()[-1])        # discard for Gold
    market = list(t.market)
    while type(state.legal_actions()[0]) is A.BreakTie:     # round 2's dice may tie
        state.apply(state.legal_actions()[0])
    values.append(4)                              # lowest card: nothing is trashed
    state.apply(A.TakeInitiative(1))
    assert t.market == market


def test_solo_game_scores_against_the_threshold():
    state, out, _ = play_game(GAME, Rules(solo_win_stars=0), seats(1), 5, check=True)
    assert out.won == [True] and out.ranks == [1] and state.t.round == 12
    _, out, _ = play_game(GAME, Rules(solo_win_stars=80), seats(1), 5)
    assert out.won == [False]


def test_heuristics_beat_random():
    def mean_stars(name):
        return sum(sum(play_game(GAME, Rules(), seats(2, name), s)[1].scores)
                   for s in range(20)) / 40
    assert mean_stars("goal_chaser") > mean_stars("random") + 8
    assert mean_stars("balancer") > mean_stars("random") + 8


def test_view_hides_the_random_source_and_deck_order():
    state = start(2, ["Cleric", "Wizard"])
    view = state.view(1)
    assert view.seat == 1
    assert not hasattr(view.table, "rng") and not hasattr(view.table, "deck")
    assert view.table.deck_size == len(state.deck)


def test_bad_component_data_is_reported_clearly(monkeypatch, tmp_path):
    for name in ("classes.json", "races.json", "backstories.json", "alignments.json"):
        (tmp_path / name).write_text((components.DATA / name).read_text())
    market = json.loads((components.DATA / "market.json").read_text())
    market["cards"][0]["hands"] = 3
    (tmp_path / "market.json").write_text(json.dumps(market))
    monkeypatch.setattr(components, "DATA", tmp_path)
    components.load_components.cache_clear()
    try:
        with pytest.raises(ComponentError, match=r"cards\[0\] 'Longsword'.*hands"):
            components.load_components()
        with pytest.raises(ValueError, match="no star value"):
            components._goal("19", {"18": 4})
    finally:
        monkeypatch.undo()
        components.load_components.cache_clear()
    assert len(components.load_components().cards) == 53


def test_placeholders_are_declared():
    assert any("cost" in p for p in GAME.placeholders)
    assert any("abilities" in p for p in GAME.placeholders)
