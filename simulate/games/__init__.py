"""The game registry: every package here that exposes ``GAME`` is a game."""
from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from simulate.games.base import ConfigError, GameSpec, did_you_mean


@cache
def game_names() -> tuple[str, ...]:
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg))


def get_game(name: str) -> GameSpec:
    if name not in game_names():
        raise ConfigError(f"unknown game '{name}'{did_you_mean(name, game_names())}; known games: "
                          f"{', '.join(game_names())}")
    return importlib.import_module(f"{__name__}.{name}").GAME
