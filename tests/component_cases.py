"""Broken component data files, shared by the games' ``test_components.py``.

A case breaks one file of a copy of a game's shipped ``data/`` folder; the game's loader must
refuse the copy with one ``ComponentError`` line (a ``ConfigError``: exit code 2 in the CLI) that
names the file and says what is wrong (``words``).
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, Callable

import pytest
from typer.testing import CliRunner

from simulate.cli import app
from simulate.games.base import ConfigError
from simulate.games.component_files import LINE, ComponentError


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


def pick(cases: list, *labels: str) -> list:
    """The cases with these ids (``"file: label"``), for the slower checks through the CLI."""
    chosen = [c for c in cases if c.id in labels]
    assert len(chosen) == len(labels), "a label names no case"
    return chosen


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
    def edit(doc):
        for key in path[:-1]:
            doc = doc[key]
        doc[path[-1]] = value
    return edit


def drop(path: tuple) -> Callable[[Any], None]:
    def edit(doc):
        for key in path[:-1]:
            doc = doc[key]
        del doc[path[-1]]
    return edit


def broken_copy(tmp_path: Path, shipped: Path, file: str, edit: Edit) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(shipped, folder)
    path = folder / file
    if edit is MISSING:
        path.unlink()
    elif isinstance(edit, bytes):
        path.write_bytes(edit)
    else:
        doc = edit.value if isinstance(edit, Whole) else json.loads(path.read_text("utf-8"))
        if callable(edit):
            edit(doc)
        path.write_text(json.dumps(doc), encoding="utf-8")
    return folder


def refusal(components, folder: Path, file: str) -> str:
    """The loader's one-line message for ``folder`` (which it must refuse)."""
    with pytest.raises(ComponentError) as caught:
        components.load_components(folder)
    message = str(caught.value)
    assert isinstance(caught.value, ConfigError)
    assert "\n" not in message and len(message) <= LINE, message
    assert f"{folder / file}:" in message, message
    return message


def run_cli(tmp_path: Path, monkeypatch, components, game: str, folder: Path):
    """``simulate run`` of a two-game config while the game reads ``folder`` as its data."""
    config = tmp_path / "run.toml"
    config.write_text(f'[run]\ngame = "{game}"\ngames = 2\njobs = 1\nengine = "python"\n'
                      f'out = "{tmp_path / "out"}"\n[players]\ncount = 2\n')
    monkeypatch.setattr(components, "DATA", folder)
    components.load_components.cache_clear()
    try:
        return CliRunner().invoke(app, ["run", str(config), "--no-report"])
    finally:
        monkeypatch.undo()
        components.load_components.cache_clear()


def assert_one_line_exit_2(result, file: str, words: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert file in lines[0] and words in lines[0], lines[0]
    assert "Traceback" not in result.output


def huge_value_cases(file: str, entry_path: tuple) -> list:
    """A 10 MB value, a 10 MB key and a 10 MB file of junk: each message stays one short line."""
    big = "x" * 10_000_000
    return [case(file, "10 MB value", set_at(entry_path, big), "..."),
            case(file, "10 MB unknown key", set_at(entry_path[:-1] + (big,), 1), "..."),
            case(file, "10 MB of junk", b"{" + big.encode(), "is not valid JSON")]
