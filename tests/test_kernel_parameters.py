"""A compiled kernel plays a built-in strategy with the parameters it copies from the Python
strategy object; a parameter the kernel does not copy would be silently ignored on the compiled
engine (the differential tests run the defaults, so they would not notice). Every parameter a
compiled strategy accepts must therefore be one the kernel reads. Likewise every Rules field has an
encoder into the kernel's rules array; and the decision traces a failing differential reports."""
import inspect
from dataclasses import fields, replace

import pytest

from simulate.engines import choose_engine, kernel_module
from simulate.games import game_names, get_game
from simulate.kernels.rules import rules_array, unplayed_reason
from simulate.kernels.trace import first_parting, trace_hash
from simulate.play import play_game
from strategies import build_strategy, strategies_for

KERNEL_GAMES = [g for g in game_names() if kernel_module(g) is not None]


def _kernel_parameter_names(kernel) -> set[str]:
    return set(getattr(kernel, "PARAMS", None) or getattr(kernel, "PARAM_NAMES"))


@pytest.mark.parametrize("game", KERNEL_GAMES)
def test_every_parameter_of_a_compiled_strategy_reaches_its_kernel(game):
    kernel = kernel_module(game)
    read = _kernel_parameter_names(kernel)
    covered = 0
    for name in strategies_for(game):
        seat = build_strategy(game, name)
        if kernel.compiled_seats([seat]) is None:
            continue
        covered += 1
        accepted = set(inspect.signature(type(seat)).parameters)
        assert accepted <= read, f"{game} {name}: the kernel ignores {sorted(accepted - read)}"
    assert covered >= 2          # random and at least one heuristic run compiled


@pytest.mark.parametrize("game", KERNEL_GAMES)
def test_every_rules_field_has_an_encoder_and_one_without_is_a_reason_for_python(game):
    """The rules array is built from the Rules fields (simulate/kernels/rules.py): a new field
    needs an encoder; a field without one, changed, sends the run to the Python engine."""
    kernel, rules_class = kernel_module(game), get_game(game).rules_class
    assert set(kernel.RULES_ENCODERS) == {f.name for f in fields(rules_class)}
    name = fields(rules_class)[0].name
    fewer = {k: v for k, v in kernel.RULES_ENCODERS.items() if k != name}
    changed = replace(rules_class(), **{name: getattr(rules_class(), name) + 1})
    assert unplayed_reason([rules_class()], fewer) is None
    assert name in unplayed_reason([rules_class(), changed], fewer)
    with pytest.raises(ValueError, match=name):
        rules_array(changed, 200, fewer)


@pytest.mark.parametrize("game", KERNEL_GAMES)
def test_every_kernel_refuses_seats_it_cannot_build_and_rules_it_cannot_encode(game, monkeypatch):
    """Each kernel's ``unsupported`` is simulate/compiled ``entry_points``': it builds the seats
    (a parameter the strategy does not take is a reason) and reads the kernel's RULES_ENCODERS."""
    kernel, spec = kernel_module(game), get_game(game)
    assert kernel.unsupported(game, [spec.default_strategy]) is None
    assert "cannot be built" in kernel.unsupported(
        game, [{"name": spec.default_strategy, "no_such_parameter": 1}])
    name = fields(spec.rules_class)[0].name
    changed = replace(spec.rules_class(), **{name: getattr(spec.rules_class(), name) + 1})
    assert kernel.unsupported(game, [spec.default_strategy], [changed]) is None
    monkeypatch.delitem(kernel.RULES_ENCODERS, name)
    engine, why = choose_engine(game, [spec.default_strategy], rules=[spec.rules_class(), changed])
    assert engine == "python" and name in why


def test_the_python_engine_traces_each_decision_it_counts():
    spec = get_game("dungeon_roll")
    trace: list = []
    seats = [build_strategy("dungeon_roll", "random") for _ in range(2)]
    _, _, decisions = play_game(spec, spec.rules_class(), seats, 5, trace=trace)
    assert len(trace) == decisions and all(0 <= i < n for n, i in trace)
    assert any(n > 1 and i > 0 for n, i in trace)
    assert first_parting([0], [trace], [trace]) is None
    parted = trace[:3] + [(trace[3][0], trace[3][1] + 1)] + trace[4:]
    assert first_parting([7], [trace], [parted]) == \
        f"game 7: decision 3 parts (legal actions, chosen): python {trace[3]}, kernel {parted[3]}"
    assert trace_hash(trace) != trace_hash(parted)
