"""How the games' ``broken_files.py`` write their cases (tests/test_component_files.py runs them).

A case breaks one file of a copy of a game's shipped ``data/`` folder; the game's loader must
refuse the copy with one ``ComponentError`` line (a ``ConfigError``: exit code 2 in the CLI) that
names the file and says what is wrong (``words``).
"""
from __future__ import annotations

from typing import Any, Callable

import pytest


class Whole:
    """An edit that replaces the whole document with ``value`` (written as JSON)."""

    def __init__(self, value: Any):
        self.value = value


MISSING = object()     # an edit that deletes the file
Edit = bytes | Whole | Callable[[Any], Any] | object


def case(file: str, label: str, edit: Edit, words: str):
    """``edit``: the file's new bytes, a ``Whole`` document, ``MISSING``, or a function that
    changes the parsed document in place (its return value is ignored)."""
    return pytest.param(file, edit, words, id=f"{file}: {label}")


def every_file(files: tuple[str, ...]) -> list:
    """What can break any file: its encoding, its JSON, its top-level type, its presence."""
    return [c for f in files for c in (
        case(f, "bad JSON", b'{"cards": [', "is not valid JSON"),
        case(f, "invalid UTF-8", b'{"_source": "caf\xe9"}', "is not UTF-8 text"),
        case(f, "empty", b"", "is empty"),
        case(f, "top level is a list", b"[]", "must hold a JSON object {...}, not a list"),
        case(f, "missing", MISSING, "cannot read"),
    )]


def set_at(path: tuple, value: Any) -> Callable[[Any], None]:
    """An edit setting ``doc[path[0]][path[1]]... = value``."""
    return lambda doc: _parent(doc, path).__setitem__(path[-1], value)


def drop(path: tuple) -> Callable[[Any], None]:
    """An edit deleting ``doc[path[0]][path[1]]...``."""
    return lambda doc: _parent(doc, path).__delitem__(path[-1])


def _parent(doc: Any, path: tuple) -> Any:
    for key in path[:-1]:
        doc = doc[key]
    return doc


def huge_value_cases(file: str, entry_path: tuple) -> list:
    """A 10 MB value, a 10 MB key and a 10 MB file of junk: each message stays one short line."""
    big = "x" * 10_000_000
    return [case(file, "10 MB value", set_at(entry_path, big), "..."),
            case(file, "10 MB unknown key", set_at(entry_path[:-1] + (big,), 1), "..."),
            case(file, "10 MB of junk", b"{" + big.encode(), "is not valid JSON")]
