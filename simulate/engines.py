"""Which engine plays a run: the Python reference or a game's compiled kernel (``--engine``).

A game has a kernel when its chunk driver ``simulate/compiled/<game>.py`` exists; it plays a whole
chunk and returns the columns ``chunk.play_chunk`` would (its differential test proves the two
agree).
``auto`` picks the kernel when every seat's strategy has a compiled twin, else Python, and says
why; ``compiled`` insists (an error if it cannot); ``python`` always plays the reference.
"""
from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import Any

from simulate.config import ENGINES
from simulate.games.base import ConfigError


def kernel_module(game: str) -> ModuleType | None:
    """The game's compiled kernel module, or None when it has none."""
    if importlib.util.find_spec(f"simulate.compiled.{game}") is None:
        return None
    return importlib.import_module(f"simulate.compiled.{game}")   # tests/test_layers.py reads it


def choose_engine(game: str, strategies: list[Any], requested: str = "auto",
                  debug: bool = False, rules: list | None = None, grants: bool = False,
                  edits: tuple = (), paid: bool = False) -> tuple[str, str]:
    """(``python`` or ``compiled``, why) for these seats and the variants' ``rules`` (Rules
    objects: a field the kernel does not play is a reason for Python), ``edits`` (every
    variant's component changes) and ``grants`` (a variant grants a seat a card: a kernel with
    ``GRANTS = True`` reads the task's ``grant``, (file, entry, seat), see
    simulate/games/grants.py; ``paid``: a grant at its price, ``pay = true``, which a kernel
    with ``PAID_GRANTS = True`` plays too): the kernel's
    ``unsupported`` gives the reason it cannot play them."""
    if requested not in ENGINES:
        raise ConfigError(f"engine {requested!r} is unknown; allowed: {', '.join(ENGINES)}")
    if requested == "python":
        return "python", "asked for (--engine python)"
    if debug and requested == "auto":
        return "python", "--debug plays the readable Python engine"
    kernel = kernel_module(game)
    why_not = f"{game} has no compiled kernel" if kernel is None else \
        kernel.unsupported(game, strategies, rules or [], edits=edits, granted=grants,
                           paid=paid)
    if why_not is None:
        return "compiled", "every seat's strategy has a compiled twin"
    if requested == "compiled":
        raise ConfigError(f"--engine compiled: {why_not}; use --engine auto or python")
    return "python", f"fell back to Python: {why_not}"


def _warm(game: str) -> tuple[str, float]:
    import time
    clock = time.perf_counter()
    kernel_module(game).warm()
    return game, time.perf_counter() - clock


def warm_kernels(say=print) -> list[str]:
    """Compile every game's kernel into numba's cache (``make install`` runs this), one process
    per core: each kernel compiles on one core for one to two minutes, so a fresh clone (CI) waits
    for the longest chain instead of the sum. ``say`` gets a line as each kernel is ready."""
    import os
    from concurrent.futures import ProcessPoolExecutor, as_completed

    from simulate.games import game_names
    games = [game for game in game_names() if kernel_module(game) is not None]
    workers = max(1, min(len(games), os.cpu_count() or 1))
    say(f"compiling {len(games)} game kernels with numba, {workers} at a time "
        f"(one to two minutes each; later runs reuse numba's cache): {', '.join(games)}")
    ready = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done in as_completed([pool.submit(_warm, game) for game in games]):
            game, seconds = done.result()
            say(f"  {game} kernel ready ({seconds:.0f} s)")
            ready.append(game)
    return ready


if __name__ == "__main__":
    import functools
    import time
    clock = time.perf_counter()
    names = warm_kernels(say=functools.partial(print, flush=True))
    print(f"compiled kernels ready: {', '.join(sorted(names)) or 'none'} "
          f"({time.perf_counter() - clock:.0f} s)")
