"""A compiled kernel plays a built-in strategy with the parameters it copies from the Python
strategy object; a parameter the kernel does not copy would be silently ignored on the compiled
engine (the differential tests run the defaults, so they would not notice). Every parameter a
compiled strategy accepts must therefore be one the kernel reads."""
import inspect

import pytest

from simulate.engines import kernel_module
from simulate.games import game_names
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
