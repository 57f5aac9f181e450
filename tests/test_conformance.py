"""The generic conformance test: every registered game must pass it (STYLE.md, practice 3)."""
import dataclasses

import pytest

from simulate.games import game_names, get_game
from simulate.games.base import COLUMN_TYPES, make_rules
from simulate.play import play_game
from strategies import build_strategy, strategies_for

GAMES = game_names()
PY_TYPES = {"int": (int,), "float": (float, int), "bool": (bool,), "str": (str,)}


def _seats(spec, n, name="random"):
    return [build_strategy(spec.name, name) for _ in range(n)]


@pytest.mark.parametrize("name", GAMES)
def test_spec_is_complete(name):
    spec = get_game(name)
    assert spec.name == name
    lo, hi = spec.players
    assert 1 <= lo <= hi <= 6
    for columns in (spec.game_columns, spec.seat_columns):
        for column, (dtype, doc) in columns.items():
            assert dtype in COLUMN_TYPES, column
            assert doc, f"column {column} is undocumented"
    rules = make_rules(spec.rules_class, {})
    assert dataclasses.is_dataclass(rules)
    for f in dataclasses.fields(rules):
        assert f.metadata.get("doc"), f"Rules.{f.name} has no doc"
    assert spec.default_strategy in strategies_for(name)


@pytest.mark.parametrize("name", GAMES)
def test_random_and_default_play_to_the_end(name):
    spec = get_game(name)
    rules = spec.rules_class()
    lo, hi = spec.players
    for n in range(lo, hi + 1):
        for strategy in ("random", spec.default_strategy):
            for seed in range(15):
                state, outcome, decisions = play_game(spec, rules, _seats(spec, n, strategy),
                                                      seed, check=True)
                assert state.is_over
                _check_outcome(spec, outcome, n)


def _check_outcome(spec, outcome, n):
    assert len(outcome.scores) == len(outcome.won) == len(outcome.ranks) == n
    assert len(outcome.seat_metrics) == n
    assert set(outcome.metrics) == set(spec.game_columns)
    lo, hi = spec.score_bounds
    for seat in range(n):
        assert lo <= outcome.scores[seat] <= hi
        assert set(outcome.seat_metrics[seat]) == set(spec.seat_columns)
        assert outcome.ranks[seat] >= 1
        if n > 1:
            assert outcome.won[seat] == (outcome.ranks[seat] == 1) or spec.cooperative
    for column, (dtype, _) in spec.game_columns.items():
        value = outcome.metrics[column]
        assert value is None or isinstance(value, PY_TYPES[dtype]), (column, value)
    for metrics in outcome.seat_metrics:
        for column, (dtype, _) in spec.seat_columns.items():
            value = metrics[column]
            assert value is None or isinstance(value, PY_TYPES[dtype]), (column, value)



@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name):
    spec = get_game(name)
    rules = spec.rules_class()
    n = spec.players[1]
    runs = []
    for _ in range(2):
        log = []
        _, outcome, _ = play_game(spec, rules, _seats(spec, n), 1234, log=log)
        runs.append((outcome, log))
    assert runs[0] == runs[1]
    other: list[str] = []
    play_game(spec, rules, _seats(spec, n), 1235, log=other)
    assert len(runs[0][1]) > 0
    assert other != runs[0][1], "another seed should play another game"


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_are_printable_and_hashable(name):
    spec = get_game(name)
    state = spec.new_game(spec.rules_class(), spec.players[0], __import__("random").Random(7), None)
    steps = 0
    while not state.is_over and steps < 200:
        actions = state.legal_actions()
        assert actions, "a legal action must exist until the game is over"
        for action in actions:
            hash(action)
            assert "object at 0x" not in repr(action)
        state.apply(actions[0])
        steps += 1


@pytest.mark.parametrize("name", GAMES)
def test_views_are_read_only_and_play_is_unchanged_by_writes(name):
    """Issue 14: a strategy that tries every write into its view changes nothing."""
    from tests.vandal import assert_vandals_change_nothing
    spec = get_game(name)
    assert_vandals_change_nothing(name, spec.players[1], 1)
