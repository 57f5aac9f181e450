"""Read-only windows on engine objects: a strategy is never handed the engine's own lists.

A :class:`Window` shows the public fields of one engine object (Roll for Adventure's kingdom, Roll
Player's table) to strategies, as frozen copies: a list becomes a tuple, a list of lists a tuple
of tuples, a dict a read-only mapping; values already immutable (ints, strings, NamedTuples,
frozen dataclasses) are shown as they are. Setting or deleting an attribute raises
``AttributeError``; the engine never reads a window back.

Copies are made per decision (:meth:`Window.refresh`, which the engine calls in ``State.view``):
the fields strategies read at nearly every decision all at once, in C-level loops (no Python
call per field), the others (``LAZY``) when first read and kept until the next refresh.
``CONSTANT`` fields (rules, component data) are copied once per game. A window keeps one identity
for the whole game, so strategies may key per-game caches on it. No in-process guard stops a
strategy that digs into private names (``_source``), the interpreter's frames or the garbage
collector; the public surface is read-only all the way down.
"""
from __future__ import annotations

from functools import partial
from operator import attrgetter
from types import MappingProxyType
from typing import Any, Mapping

# How a field is shown (``Window.FIELDS``).
CONSTANT = "constant"  # fixed for the game and immutable (a dict shown as a read-only mapping)
SAME = "same"          # already immutable: shown as it is
TUPLE = "tuple"        # a list (of immutable items) -> a tuple
TUPLES = "tuples"      # a list of lists -> a tuple of tuples

_rows_to_tuples = partial(map, tuple)


def _frozen(kind: str, value: Any) -> Any:
    if kind == TUPLE:
        return tuple(value)
    if kind == TUPLES:
        return tuple(map(tuple, value))
    return MappingProxyType(value) if isinstance(value, dict) else value


class _Lazy:
    """A field copied when first read after a refresh, then kept in the window's __dict__ (one
    class per kind: a read is the only Python call)."""
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __get__(self, window, owner=None):
        if window is None:
            return self
        value = window.__dict__[self.name] = getattr(window._source, self.name)
        return value


class _LazyTuple(_Lazy):
    __slots__ = ()

    def __get__(self, window, owner=None):
        if window is None:
            return self
        value = window.__dict__[self.name] = tuple(getattr(window._source, self.name))
        return value


class _LazyTuples(_Lazy):
    __slots__ = ()

    def __get__(self, window, owner=None):
        if window is None:
            return self
        value = window.__dict__[self.name] = tuple(map(tuple, getattr(window._source,
                                                                      self.name)))
        return value


_LAZY = {SAME: _Lazy, TUPLE: _LazyTuple, TUPLES: _LazyTuples}


def _getter(names: tuple[str, ...]):
    """A C-level function of the source giving these fields' values, in order (at least two
    values even for one name: they are zipped with the names); None for no names."""
    if not names:
        return None
    return attrgetter(*names) if len(names) > 1 else attrgetter(names[0], names[0])


class Window:
    """A read-only window on ``source``. A subclass declares ``FIELDS`` (name -> CONSTANT,
    SAME, TUPLE or TUPLES), names the rarely read ones in ``LAZY``, and may add read-only
    query methods written against those names."""
    __slots__ = ("_source", "_constants", "__dict__")
    FIELDS: Mapping[str, str] = MappingProxyType({})
    LAZY: frozenset = frozenset()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.FIELDS = MappingProxyType(dict(cls.FIELDS))
        cls.LAZY = frozenset(cls.LAZY)
        eager = {kind: tuple(n for n, k in cls.FIELDS.items() if k == kind and n not in cls.LAZY)
                 for kind in (SAME, TUPLE, TUPLES)}
        cls._same, cls._tuple, cls._tuples = eager[SAME], eager[TUPLE], eager[TUPLES]
        cls._get_same, cls._get_tuple, cls._get_tuples = (
            _getter(eager[SAME]), _getter(eager[TUPLE]), _getter(eager[TUPLES]))
        for name in cls.LAZY:
            setattr(cls, name, _LAZY[cls.FIELDS[name]](name))

    def __init__(self, source: Any):
        object.__setattr__(self, "_source", source)
        object.__setattr__(self, "_constants", {
            name: _frozen(kind, getattr(source, name))
            for name, kind in self.FIELDS.items() if kind == CONSTANT})
        self.refresh()

    def refresh(self) -> None:
        """Copy the fields afresh: the engine has moved since the last decision."""
        cls, source, shown = type(self), self._source, self.__dict__
        shown.clear()
        shown.update(self._constants)
        if cls._same:
            shown.update(zip(cls._same, cls._get_same(source)))
        if cls._tuple:
            shown.update(zip(cls._tuple, map(tuple, cls._get_tuple(source))))
        if cls._tuples:
            shown.update(zip(cls._tuples, map(tuple, map(_rows_to_tuples,
                                                          cls._get_tuples(source)))))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"the view is read-only: cannot set '{name}'")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"the view is read-only: cannot delete '{name}'")

    def __reduce__(self):
        """Copies (``State.clone``) get a window of their own on the copied source."""
        return type(self), (self._source,)

    def __repr__(self) -> str:
        return f"<read-only {type(self).__name__}>"
