"""The parameter values `simulate train` tries: a built-in strategy's starting form, the
parameters to vary with their ranges, and a Latin-hypercube sample (or the whole grid, when a
few integer parameters have fewer values than the sample asks for)."""
from __future__ import annotations

import math
from itertools import product
from typing import Any

from simulate.adaptive.tune import _span
from simulate.config import is_number
from simulate.games.base import ConfigError, did_you_mean
from strategies import Strategy, build_strategy, strategies_for, strategy_params

MAX_CANDIDATES = 64


def starting_form(game: str, given: Any) -> tuple[type[Strategy], dict[str, Any]]:
    """``strategy = "name"`` or ``{ name = "...", parameter = value }``: the class and the form
    as a dict (its parameters are "the defaults" candidates are compared with)."""
    where = "[train] strategy"
    form = {"name": given} if isinstance(given, str) else given
    if not isinstance(form, dict) or not isinstance(form.get("name"), str):
        raise ConfigError(f'{where}: give a built-in strategy, e.g. strategy = "balanced" or '
                          'strategy = { name = "balanced", parameter = value }')
    known = strategies_for(game)
    if form["name"] not in known:
        raise ConfigError(f"{where}: unknown strategy {form['name']!r} for {game}"
                          f"{did_you_mean(form['name'], known)}; built-in: {', '.join(known)}")
    build_strategy(game, form, where)                   # parameter names, kinds and ranges
    return known[form["name"]], dict(form)


def ranges(cls: type[Strategy], given: Any) -> dict[str, tuple[float, float]]:
    """Parameter -> (low, high): ``parameters = ["p", ...]`` (their declared ranges),
    ``{ p = [low, high] }`` (inside the declared range), or every numeric parameter with a
    declared range when not given."""
    where = "[train] parameters"
    numeric = {k: v for k, v in strategy_params(cls).items()
               if is_number(v) and not isinstance(v, bool)}
    declared = {k: tuple(cls.param_ranges[k]) for k in numeric if k in cls.param_ranges}
    if given is None:
        if not declared:
            raise ConfigError(f"[train]: strategy '{cls.name}' has no numeric parameter with a "
                              "declared range to train")
        return declared
    if isinstance(given, list) and all(isinstance(p, str) for p in given):
        given = {p: None for p in given}
    if not isinstance(given, dict) or not given:
        raise ConfigError(f'{where}: give a list of parameter names or a table of ranges, e.g. '
                          f'parameters = {{ {next(iter(numeric), "name")} = [1, 5] }}')
    found = {}
    for name, span in given.items():
        if name not in numeric:
            raise ConfigError(f"{where}: strategy '{cls.name}' has no numeric parameter "
                              f"'{name}'{did_you_mean(name, numeric)}; numeric parameters: "
                              f"{', '.join(numeric) or 'none'}")
        bounds = declared.get(name, (-math.inf, math.inf))
        if span is None:
            if name not in declared:
                raise ConfigError(f"{where}: {name} has no declared range; give one, e.g. "
                                  f"parameters = {{ {name} = [low, high] }}")
            found[name] = bounds
            continue
        found[name] = _span(span, name, bounds, where)
    return found


def sample(cls: type[Strategy], start: dict[str, Any], spans: dict[str, tuple[float, float]],
           count: int, seed: int) -> list[dict[str, Any]]:
    """Up to ``count`` parameter sets other than the start's, in a fixed order: every grid
    point when the parameters are integers with at most ``count`` combinations, else a
    Latin-hypercube sample (integers rounded, floats to 4 significant digits)."""
    from scipy.stats import qmc

    defaults = {**strategy_params(cls), **{k: v for k, v in start.items() if k != "name"}}
    integer = {k: isinstance(defaults[k], int) for k in spans}
    now = tuple(defaults[k] for k in spans)
    if all(integer.values()) and math.prod(int(hi - lo + 1) for lo, hi in spans.values()) \
            <= count + 1:
        points = product(*(range(int(lo), int(hi) + 1) for lo, hi in spans.values()))
    else:
        unit = qmc.LatinHypercube(d=len(spans), seed=seed).random(count)
        points = ([_value(lo + u * (hi - lo), integer[k], lo, hi)
                   for u, (k, (lo, hi)) in zip(row, spans.items())] for row in unit)
    found: list[tuple] = []
    for point in map(tuple, points):
        if point != now and point not in found:
            found.append(point)
    return [dict(zip(spans, point)) for point in found]


def _value(x: float, integer: bool, lo: float, hi: float) -> float | int:
    if integer:
        return int(min(hi, max(lo, round(x))))
    return float(min(hi, max(lo, float(f"{x:.4g}"))))
