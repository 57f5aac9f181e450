"""Strategies: each picks one action from the legal list (ARCHITECTURE.md, "The engine/strategy contract").

A strategy is a class with keyword parameters (its TOML table) and one method,
``choose(view, actions) -> action``. The driver sets ``self.rng`` (a ``random.Random`` seeded per
game) before each game, so strategies that draw lots stay deterministic. ``strategies/<game>.py``
holds one game's heuristics in a ``STRATEGIES`` dict; ``random`` works in every game. A config may
also name ``"package.module:Class"``.
"""
from __future__ import annotations

import importlib
import inspect
import os
import random
import re
import sys
from typing import Any

from simulate.games.base import ConfigError, did_you_mean
from simulate.interrupts import genuine, exception_text, time_limit


# seconds a module:Class strategy may take to import and build in this process (the same
# bound `simulate validate` gives the whole check in its child)
BUILD_SECONDS = 10.0


class Strategy:
    """Base class: subclasses declare their parameters as keyword arguments with defaults."""
    name = "strategy"
    rng: random.Random
    # Allowed values of the keyword parameters: {"retire_level": (1, 20)}, bounds inclusive.
    param_ranges: dict[str, tuple[float, float]] = {}
    # A look-ahead strategy (search.py) gets the game before each game (start_game) and, before
    # each decision, its seat and a sampler of look-ahead copies (``seat``, ``sample``).
    looks_ahead = False

    def choose(self, view: Any, actions: list) -> Any:
        raise NotImplementedError

    def describe(self) -> str:
        params = ", ".join(f"{k}={getattr(self, k)}"
                           for k, default in strategy_params(type(self)).items()
                           if getattr(self, k, default) != default)
        return f"{self.name}({params})" if params else self.name


class RandomStrategy(Strategy):
    """Picks uniformly among the legal actions: a baseline and a rules fuzzer in every game."""
    name = "random"

    def choose(self, view, actions):
        return actions[int(self.rng.random() * len(actions))]


def generic_strategies() -> dict[str, type[Strategy]]:
    from strategies.search import SearchStrategy
    return {"random": RandomStrategy, "search": SearchStrategy}
_DOTTED = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


def strategies_for(game: str) -> dict[str, type[Strategy]]:
    try:
        module = importlib.import_module(f"strategies.{game}")
    except ModuleNotFoundError as exc:
        if exc.name != f"strategies.{game}":
            raise
        return generic_strategies()
    return {**generic_strategies(), **module.STRATEGIES}


def strategy_params(cls: type) -> dict[str, Any]:
    """The keyword parameters of a strategy class and their defaults."""
    sig = inspect.signature(cls.__init__)
    return {p.name: p.default for p in sig.parameters.values()
            if p.name != "self" and p.default is not p.empty
            and p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)}


class TooSlowToBuild(ConfigError):
    """A ``module:Class`` strategy's import and ``__init__`` ran over BUILD_SECONDS."""


def build_strategy(game: str, spec: Any, where: str = "[players] strategies") -> Strategy:
    """A strategy from its config form: ``"name"``, ``{name = "...", param = ...}`` or
    ``"package.module:Class"``. A ``module:Class`` is the user's code: importing it and its
    ``__init__`` get BUILD_SECONDS, as a decision gets its time limit (interrupts.time_limit)."""
    name = spec if isinstance(spec, str) else spec.get("name") if isinstance(spec, dict) else None
    if not (isinstance(name, str) and ":" in name):
        return _built(game, spec, where)

    def overrun() -> TooSlowToBuild:
        return TooSlowToBuild(f"{where}: building strategy '{name}' (importing its module and "
                              f"calling __init__) took longer than the limit of "
                              f"{BUILD_SECONDS:g} s; does it hang?")
    with time_limit(BUILD_SECONDS, overrun):
        return _built(game, spec, where)


def _built(game: str, spec: Any, where: str) -> Strategy:
    if isinstance(spec, dict) and "restrict" in spec:      # restricted play (restricted.py)
        from strategies.restricted import restricted
        inner = _built(game, {k: v for k, v in spec.items() if k != "restrict"}, where)
        return restricted(game, inner, spec["restrict"], where)
    if isinstance(spec, str):
        name, params = spec, {}
    elif isinstance(spec, dict) and isinstance(spec.get("name"), str):
        params = {k: v for k, v in spec.items() if k != "name"}
        name = spec["name"]
    else:
        raise ConfigError(f"{where}: {spec!r} is not a strategy; give a name or "
                          '{ name = "...", parameter = value }')
    if ":" in name:
        cls = _import_class(name, where)
    else:
        known = strategies_for(game)
        if name not in known:
            raise ConfigError(f"{where}: unknown strategy '{name}' for {game}"
                              f"{did_you_mean(name, known)}; known: {', '.join(known)}")
        cls = known[name]
    allowed = strategy_params(cls)
    for key, value in params.items():
        if key not in allowed:
            raise ConfigError(f"{where}: strategy '{name}' has no parameter '{key}'; "
                              f"parameters: {', '.join(allowed) or 'none'}")
        default = allowed[key]
        if default is not None and not _same_kind(default, value):
            raise ConfigError(f"{where}: {name}.{key} = {value!r} should be "
                              f"{type(default).__name__} like its default {default!r}")
        bounds = cls.param_ranges.get(key) if isinstance(cls.param_ranges, dict) else None
        if bounds and not bounds[0] <= value <= bounds[1]:
            raise ConfigError(f"{where}: {name}.{key} = {value!r} is out of range; "
                              f"allowed: {bounds[0]}..{bounds[1]}")
    try:
        strategy = cls(**params)
    except TooSlowToBuild:
        raise
    except BaseException as exc:              # a custom strategy's own checks (or bugs)
        if genuine(exc):
            raise
        detail = exception_text(exc) if isinstance(exc, ValueError) else f"{type(exc).__name__}: {exception_text(exc)}"
        raise ConfigError(f"{where}: {name}: {detail}") from None
    if not getattr(strategy, "name", None) or strategy.name == "strategy":
        strategy.name = name
    return strategy


def _same_kind(default: Any, value: Any) -> bool:
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, int):
        return isinstance(value, int)
    if isinstance(default, float):
        return isinstance(value, (int, float))
    return isinstance(value, type(default))


def _import_class(path: str, where: str) -> type:
    """Import ``package.module:Class``; the working folder is searched too, so a strategy module
    beside the config works without installing it. Only a Strategy subclass is accepted: nothing
    else named there is ever called."""
    module_name, _, attr = path.partition(":")
    if not (_DOTTED.fullmatch(module_name) and attr.isidentifier()):
        raise ConfigError(f"{where}: strategy {path!r} is not of the form 'package.module:Class'")
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    try:
        found = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        raise ConfigError(f"{where}: cannot import strategy '{path}': {exception_text(exc)}") from None
    except TooSlowToBuild:
        raise
    except BaseException as exc:              # the module itself fails while loading
        if genuine(exc):
            raise
        raise ConfigError(f"{where}: importing strategy '{path}' failed: "
                          f"{type(exc).__name__}: {exception_text(exc)}") from None
    if not (inspect.isclass(found) and issubclass(found, Strategy)):
        raise ConfigError(f"{where}: '{path}' is not a Strategy class (a subclass of "
                          "strategies.Strategy with a choose(view, actions) method)")
    return found
