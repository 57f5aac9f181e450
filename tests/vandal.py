"""A strategy that tries to write into every part of the view it is handed.

``writes_that_worked(view)`` walks the view's public surface (attributes, tuple items, mapping
values, and everything below them) and tries every way to change it: set and delete attributes,
set and delete items, and the mutating methods of lists, dicts and sets. It returns a line per
write that did not raise. Private names (``_source``), the interpreter's frames and the garbage
collector are out of its reach on purpose: no in-process guard covers them.
"""
from __future__ import annotations

import pytest

from simulate.games import get_game
from simulate.games.base import IllegalActionError
from simulate.play import play_game
from strategies import Strategy, build_strategy

PLAIN = (int, float, complex, str, bytes, bool, type(None), range)
# (method, arguments): every mutating method of list, dict, set and bytearray, called plausibly
MUTATORS = (("append", (0,)), ("extend", ((0,),)), ("insert", (0, 0)), ("pop", ()),
            ("remove", (0,)), ("clear", ()), ("sort", ()), ("reverse", ()), ("add", (0,)),
            ("discard", (0,)), ("update", ({},)), ("setdefault", ("vandal", 0)),
            ("popitem", ()))


def writes_that_worked(view, constants: dict | None = None) -> list[str]:
    """Every write into ``view`` (or anything reachable from it) that did not raise.
    ``constants`` (id -> object) skips the rules and component data tried at an earlier
    decision (the same objects all game long)."""
    worked: list[str] = []
    constants = {} if constants is None else constants
    seen: set[int] = set()
    todo = [("view", view)]
    while todo:
        path, obj = todo.pop()
        if isinstance(obj, PLAIN) or id(obj) in seen or callable(obj) or id(obj) in constants:
            continue
        seen.add(id(obj))
        if path.endswith((".rules", ".comp")):
            constants[id(obj)] = obj            # kept alive: its id is not reused
        children = _children(path, obj)
        worked += _try_writes(path, obj, children)
        todo += children
    return worked


def _children(path: str, obj) -> list[tuple[str, object]]:
    out = []
    if isinstance(obj, (tuple, list, frozenset, set)):
        out += [(f"{path}[{i}]", item) for i, item in enumerate(obj)]
    if hasattr(obj, "keys") and hasattr(obj, "__getitem__"):
        out += [(f"{path}[{k!r}]", obj[k]) for k in list(obj.keys())]
    for name in dir(obj):
        if name.startswith("_"):
            continue
        try:
            value = getattr(obj, name)
        except Exception:
            continue
        if not callable(value):
            out.append((f"{path}.{name}", value))
    return out


def _try_writes(path: str, obj, children) -> list[str]:
    worked = []
    attempts = []
    for child_path, value in children:
        if child_path.startswith(path + "."):
            name = child_path[len(path) + 1:]
            attempts.append((f"set {child_path}", lambda n=name, v=value: setattr(obj, n, v)))
            attempts.append((f"del {child_path}", lambda n=name: delattr(obj, n)))
    attempts.append((f"set {path}.vandal", lambda: setattr(obj, "vandal", 1)))
    if hasattr(obj, "__getitem__"):
        key = next(iter(obj.keys()), 0) if hasattr(obj, "keys") else 0
        attempts.append((f"set {path}[{key!r}]", lambda: obj.__setitem__(key, 0)))
        attempts.append((f"del {path}[{key!r}]", lambda: obj.__delitem__(key)))
    for method, args in MUTATORS:
        if hasattr(obj, method):
            attempts.append((f"{path}.{method}{args}", lambda m=method, a=args:
                             getattr(obj, m)(*a)))
    for what, write in attempts:
        try:
            write()
        except Exception:
            continue
        worked.append(what)
    return worked


class Vandal(Strategy):
    """Tries every write into its view, then decides as ``honest`` would (same lots)."""
    name = "vandal"

    def __init__(self, honest: Strategy):
        self.honest = honest
        self.worked: list[str] = []
        self._constants: dict = {}

    def choose(self, view, actions):
        self.worked += writes_that_worked(view, self._constants)
        self.honest.rng = self.rng
        return self.honest.choose(view, actions)


def play(game: str, players: int, seed: int, vandals: bool):
    """One game of the default strategy at every seat (each wrapped in a Vandal if asked):
    (outcome, decisions, the writes that worked)."""
    spec = get_game(game)
    seats = [build_strategy(game, spec.default_strategy) for _ in range(players)]
    if vandals:
        seats = [Vandal(s) for s in seats]
    _, outcome, decisions = play_game(spec, spec.rules_class(), seats, seed, check=True)
    return outcome, decisions, [w for s in seats for w in getattr(s, "worked", ())]


def assert_vandals_change_nothing(game: str, players: int, seed: int) -> None:
    """No write into any view works, and the game is the honest game of the same seed."""
    outcome, decisions, worked = play(game, players, seed, vandals=True)
    assert worked == [], worked[:20]
    honest, honest_decisions, _ = play(game, players, seed, vandals=False)
    assert (outcome, decisions) == (honest, honest_decisions)


class Writer(Strategy):
    """Writes into its view once, with ``write(view)``, and lets the error out."""
    name = "writer"

    def __init__(self, write):
        self.write = write

    def choose(self, view, actions):
        self.write(view)
        return actions[0]


def writing_error(game: str, players: int, write) -> str:
    """The driver's message when a strategy's ``write(view)`` raises (it must)."""
    spec = get_game(game)
    with pytest.raises(IllegalActionError) as error:
        play_game(spec, spec.rules_class(), [Writer(write) for _ in range(players)], 1, index=3)
    return str(error.value)
