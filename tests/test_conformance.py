"""The generic conformance test: every registered game must pass it."""
import dataclasses
import enum
import importlib
import inspect
import random
import re
from pathlib import Path

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
    """A strategy that tries every write into its view changes nothing."""
    from tests.vandal import assert_vandals_change_nothing
    spec = get_game(name)
    assert_vandals_change_nothing(name, spec.players[1], 1)


# --------------------------------------------------------------------------------------------
# The game-folder contract: the same file for the same role in every game

GAME_FILES = ("__init__.py", "rules.py", "state.py", "actions.py", "view.py", "scoring.py",
              "components.py", "RULES.md")
TEST_FILES = ("helpers.py", "test_game.py", "test_audit.py", "test_view.py",
              "test_report_section.py")
ROOT = Path(__file__).resolve().parents[1]


def _module(name, part):
    return importlib.import_module(f"simulate.games.{name}.{part}")


@pytest.mark.parametrize("name", GAMES)
def test_the_game_folder_has_a_file_for_every_role(name):
    folder = ROOT / "simulate" / "games" / name
    missing = [f for f in GAME_FILES if not (folder / f).is_file()]
    assert not missing, f"simulate/games/{name}/ lacks {missing}"
    assert (folder / "RULES.md").read_text().strip(), "RULES.md is empty"
    tests = ROOT / "tests" / "games" / name
    compiled = (ROOT / "simulate" / "compiled" / f"{name}.py").is_file()   # it has a kernel
    wanted = TEST_FILES + (("test_kernel.py",) if compiled else ()) \
        + (("broken_files.py",) if (folder / "data").is_dir() else ())
    missing = [f for f in wanted if not (tests / f).is_file()]
    assert not missing, f"tests/games/{name}/ lacks {missing}"


@pytest.mark.parametrize("name", GAMES)
def test_rules_state_and_phase_follow_the_contract(name):
    spec = get_game(name)
    assert re.fullmatch(r"\d+\.\d+", spec.version), f"version {spec.version!r} is not 'N.N'"
    assert spec.rules_class is _module(name, "rules").Rules
    assert dataclasses.is_dataclass(spec.rules_class)
    state_module = _module(name, "state")
    State, Phase = state_module.State, state_module.Phase
    assert State.__name__ == "State"
    assert issubclass(Phase, enum.IntEnum), "the phases are an IntEnum named Phase"
    state = spec.new_game(spec.rules_class(), spec.players[0], random.Random(3), None)
    assert type(state) is State, "new_game returns state.State"
    rng, steps = random.Random(3), 0
    while steps < 300:
        assert type(state.phase) is Phase, f"phase {state.phase!r} is no {Phase.__name__}"
        if state.is_over:
            break
        actions = state.legal_actions()
        state.apply(actions[int(rng.random() * len(actions))])
        steps += 1


@pytest.mark.parametrize("name", GAMES)
def test_results_columns_are_declared_in_scoring(name):
    spec, scoring = get_game(name), _module(name, "scoring")
    assert spec.game_columns is scoring.GAME_COLUMNS
    assert spec.seat_columns is scoring.SEAT_COLUMNS


@pytest.mark.parametrize("name", GAMES)
def test_load_components_takes_an_optional_folder(name):
    from simulate.games.base import ConfigError
    from simulate.games.component_files import game_components
    load = _module(name, "components").load_components
    params = list(inspect.signature(load).parameters.values())
    assert [(p.name, p.default) for p in params][:1] == [("folder", None)]
    assert all(p.default is None for p in params)        # e.g. a variant's component edits
    assert load() is not None
    data = game_components(name)
    if data is None:                        # components in code: a folder is refused
        with pytest.raises(ConfigError, match=name):
            load(ROOT / "nowhere")
    else:
        assert load(data.SHIPPED) == load()


@pytest.mark.parametrize("name", GAMES)
def test_every_public_field_of_the_view_is_documented(name):
    """A view field is documented by a trailing comment on its declaration (a NamedTuple field,
    or the ``self.<field> = ...`` line of the table a Window shows) or as ``field`` in the
    class's docstring."""
    spec = get_game(name)
    state = spec.new_game(spec.rules_class(), spec.players[1], random.Random(1), None)
    missing = _undocumented(state.view(0))
    assert not missing, f"{name}: undocumented view fields {missing}"


def _undocumented(view) -> list[str]:
    from simulate.games.read_only import Window
    if isinstance(view, Window):
        table = type(object.__getattribute__(view, "_source"))
        return [f for f in type(view).FIELDS if not _documented(table, f)]
    missing = []
    for field in view._fields:
        value = getattr(view, field)
        missing += _undocumented(value) if isinstance(value, Window) else \
            [] if _documented(type(view), field) else [field]
    return missing


def _documented(cls, name: str) -> bool:
    for klass in cls.__mro__:
        if not klass.__module__.startswith("simulate"):
            continue
        if re.search(rf"``{name}\b", inspect.getdoc(klass) or ""):
            return True
        for line in inspect.getsource(klass).splitlines():
            code, _, comment = line.partition("#")
            if comment.strip() and (re.match(rf"\s*{name}\s*:", code) or re.search(
                    rf"\b{name}\b(\s*:[^=]*)?(\s*,\s*\w+)*\s*=[^=]", code.replace("self.", ""))):
                return True
    return False
