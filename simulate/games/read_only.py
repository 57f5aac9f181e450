"""Read-only windows on engine objects: a strategy is never handed the engine's own lists.

A :class:`Window` shows the public fields of one engine object (Roll for Adventure's kingdom, Roll
Player's table) to strategies. Reading a field gives a frozen copy: a list becomes a tuple, a list
of lists a tuple of tuples, a dict a ``MappingProxyType``; values already immutable (ints,
strings, NamedTuples, frozen dataclasses) are shown as they are. The copy is made when the field
is first read after :meth:`Window.refresh` (the engine calls it in ``State.view``, once per
decision) and kept until the next refresh, so a decision pays only for what it reads. Setting or
deleting an attribute raises ``AttributeError``; the engine never reads a window back.

Copying everything up front (a frozen snapshot, as Dungeon Roll does with its small view) costs
these games a fifth of their speed; the window costs a few per cent (README, "Read-only views").
A window keeps one identity for the whole game, so strategies may key per-game caches on it.
No in-process guard stops a strategy that digs into private names (``_source``), the
interpreter's frames or the garbage collector; the public surface is read-only all the way down.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

# How a field is frozen when read (``Window.FIELDS``).
SAME = "same"          # already immutable: shown as it is
FLAT = "flat"          # a list (of immutable items) -> a tuple
NESTED = "nested"      # a list of lists -> a tuple of tuples
MAPPING = "mapping"    # a dict (of immutable values) -> a read-only mapping of it


class _Same:
    """A field whose value is already immutable; read once per decision."""
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __get__(self, window, owner=None):
        if window is None:
            return self
        value = window.__dict__[self.name] = getattr(window._source, self.name)
        return value


class _Flat(_Same):
    __slots__ = ()

    def __get__(self, window, owner=None):
        if window is None:
            return self
        value = window.__dict__[self.name] = tuple(getattr(window._source, self.name))
        return value


class _Nested(_Same):
    __slots__ = ()

    def __get__(self, window, owner=None):
        if window is None:
            return self
        value = window.__dict__[self.name] = tuple(map(tuple, getattr(window._source,
                                                                      self.name)))
        return value


class _Mapping(_Same):
    __slots__ = ()

    def __get__(self, window, owner=None):
        if window is None:
            return self
        value = window.__dict__[self.name] = MappingProxyType(getattr(window._source, self.name))
        return value


_READERS = {SAME: _Same, FLAT: _Flat, NESTED: _Nested, MAPPING: _Mapping}


class Window:
    """A read-only window on ``source``. A subclass declares ``FIELDS`` (name -> SAME, FLAT,
    NESTED or MAPPING) and may add read-only query methods written against those names."""
    __slots__ = ("_source", "__dict__")
    FIELDS: Mapping[str, str] = MappingProxyType({})

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.FIELDS = MappingProxyType(dict(cls.FIELDS))
        for name, kind in cls.FIELDS.items():
            setattr(cls, name, _READERS[kind](name))

    def __init__(self, source: Any):
        object.__setattr__(self, "_source", source)

    def refresh(self) -> None:
        """Forget the copies read so far: the engine has moved since."""
        self.__dict__.clear()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"the view is read-only: cannot set '{name}'")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"the view is read-only: cannot delete '{name}'")

    def __reduce__(self):
        """Copies (``State.clone``) get a window of their own on the copied source."""
        return type(self), (self._source,)

    def __repr__(self) -> str:
        return f"<read-only {type(self).__name__}>"
