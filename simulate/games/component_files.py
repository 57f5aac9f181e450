"""Component data files (``simulate/games/<game>/data/*.json``): read, validated, one-line errors.

A game declares each file as a pydantic model (``DataFile``: ``extra="forbid"``, strict types) and
reads it through a ``DataFolder``. Every mistake a designer can make in a file (not UTF-8, not JSON,
the wrong top-level type, a missing, unknown or mistyped field, a number out of range) becomes one
``ComponentError`` line naming the game, the file, the entry (by its name where it has one) and
the field; the checks across entries and files raise the same error through ``DataFolder.fail``.
"""
from __future__ import annotations

import hashlib
import importlib
import json
import os
import stat
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, ClassVar, Iterator, NoReturn, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from simulate.games.base import ConfigError
from simulate.games.component_edits import (EditError, apply as apply_edits, parse_changes,
                                            unknown_hint)

MAX_BYTES = 32 * 2**20    # of one data file (the largest shipped holds ~11 KB)
ECHO = 60                 # characters of a bad value, name or key echoed in a message
LINE = 400                # characters of a whole message
TAGS = ("type", "kind")    # the fields that pick an entry's model (pydantic puts them in loc)
T = TypeVar("T")
M = TypeVar("M", bound="DataFile")


class ComponentError(ConfigError):
    """A data file is malformed: the one-line message names the file, the entry and the field."""


class Strict(BaseModel):
    """An object in a data file: every key is a declared field, no type is coerced."""
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class DataFile(Strict):
    """A whole file. ``ENTRIES`` names its top-level keys that hold entries (a list, or an object
    by entry name), so errors can name the entry; ``_source`` is the designer's note."""
    ENTRIES: ClassVar[tuple[str, ...]] = ()
    source: str = Field("", alias="_source")


def short(value: Any) -> str:
    """``repr`` of a value, cut to ``ECHO`` characters (a 10 MB value is no 10 MB message)."""
    text = repr(value)
    return text if len(text) <= ECHO else text[:ECHO - 3] + "..."


@dataclass(frozen=True)
class DataFolder:
    game: str
    path: Path
    shipped: Path            # the game's own ``data/``: shown as ``data/<file>``
    edits: tuple = ()        # a study's changes to single entries (component_edits)

    def where(self, name: str) -> str:
        shown = f"data/{name}" if self.path == self.shipped else str(self.path / name)
        return f"{self.game} {shown}"

    def fail(self, name: str, what: str) -> NoReturn:
        text = " ".join(f"{self.where(name)}: {what}".split())
        raise ComponentError(text if len(text) <= LINE else text[:LINE - 3] + "...")

    def read(self, name: str, model: type[M]) -> M:
        raw = self.json(name)
        if not isinstance(raw, dict):
            self.fail(name, f"must hold a JSON object {{...}}, not {_kind(raw)}")
        mine = [e for e in self.edits if e[1] == name]
        if mine:
            try:
                raw = apply_edits(raw, mine, model.ENTRIES)
            except EditError as exc:
                self.fail(name, str(exc))
        try:
            return model.model_validate(raw)
        except ValidationError as exc:
            error = exc.errors()[0]
            hint = unknown_hint(error, raw) if mine else ""   # an edit's field misspelt
            self.fail(name, describe(error, raw, model.ENTRIES) + hint)

    def json(self, name: str) -> Any:
        """The file's JSON: UTF-8 (a BOM allowed), no repeated key, no NaN."""
        try:
            data = read_data_file(self.path / name)
            text = data.decode("utf-8-sig")
        except OSError as exc:
            self.fail(name, f"cannot read: {exc.strerror or exc}")
        except UnicodeDecodeError as exc:
            self.fail(name, f"is not UTF-8 text (bad byte at offset {exc.start})")
        pinned = _PINNED.get(self.path)
        if pinned is not None and pinned.get(name) != data_hash(data):
            self.fail(name, "changed while the run played (a study's components are fixed when "
                      "it starts); the chunks before the change are saved: undo the change to "
                      "resume, or start again with --fresh")
        if not text.strip():
            self.fail(name, "is empty; it must hold a JSON object {...}")
        try:
            return json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_no_constant)
        except json.JSONDecodeError as exc:
            self.fail(name, f"is not valid JSON: {exc.msg} (line {exc.lineno} column {exc.colno})")
        except ValueError as exc:
            self.fail(name, f"is not valid JSON: {exc}")
        except RecursionError:
            self.fail(name, "is not valid JSON: nested too deeply")


def read_data_file(path: Path) -> bytes:
    """The bytes of a data file: a regular file (a link to one is followed) of at most
    ``MAX_BYTES``, checked before a byte is read, so a named pipe, a device or a 2 GB file is
    one line, never a hang or a whole read; OSError otherwise."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))   # a pipe never waits
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"it is not a regular file (a {_file_kind(info.st_mode)})")
        if info.st_size > MAX_BYTES:
            raise OSError(f"it holds {info.st_size:,} bytes; a data file may hold at most "
                          f"{MAX_BYTES:,}")
        with os.fdopen(os.dup(fd), "rb") as file:
            data = file.read(MAX_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:                       # grew while read
        raise OSError(f"it holds over {MAX_BYTES:,} bytes")
    return data


def _file_kind(mode: int) -> str:
    return {stat.S_IFDIR: "folder", stat.S_IFIFO: "named pipe", stat.S_IFSOCK: "socket",
            stat.S_IFCHR: "device", stat.S_IFBLK: "device"}.get(stat.S_IFMT(mode), "special file")


def data_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


# folder -> {file name: data_hash} of the files a run fixed when it started: every read of the
# folder while the run plays must find those bytes
_PINNED: dict[Path, dict[str, str]] = {}


def _no_repeats(pairs: list) -> dict:
    seen: dict = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"key {short(key)} appears twice in one object")
        seen[key] = value
    return seen


def _no_constant(word: str) -> None:
    raise ValueError(f"{word} is no number a data file may hold")


def _kind(value: Any) -> str:
    return {list: "a list", str: "a text", bool: "true/false", type(None): "null",
            dict: "an object"}.get(type(value), "a number")


def cached_loader(build: Callable[[Path, tuple], T], current: Callable[[], tuple[Path, tuple]]
                  ) -> Callable[..., T]:
    """``load_components(folder=None, edits=None)``: ``build(folder, edits)``, cached per
    folder and edits; ``None`` is the game's current folder and edits, ``current()`` (its
    ``DATA`` and ``EDITS``: the shipped ``data/`` unchanged unless a study's chunk or a test
    points elsewhere; a folder given alone is read unchanged). ``.cache_clear()`` forgets."""
    built = lru_cache(maxsize=64)(build)      # a sweep's sets: at most 64 kept at once

    def load_components(folder: Path | None = None, edits: tuple | None = None) -> T:
        """All component data from ``folder`` (default: the game's ``DATA``) with ``edits``
        (simulate.games.component_edits) applied, validated."""
        if folder is None:
            folder, now = current()
            edits = now if edits is None else edits
        return built(Path(folder), tuple(edits or ()))

    load_components.cache_clear = built.cache_clear
    return load_components


def in_code_loader(game: str, components: T) -> Callable[[Path | None], T]:
    """``load_components(folder=None)`` of a game whose components are code, not data files:
    ``components``; a folder is refused, since the game reads none."""

    def load_components(folder: Path | None = None) -> T:
        """The game's components (constants in code; it reads no data folder)."""
        if folder is not None:
            raise ConfigError(f"{game} keeps its components in code and reads no data folder "
                              f"(got {str(folder)!r}); those that do: {', '.join(data_games())}")
        return components

    return load_components


# --------------------------------------------------------------------------------------------
# pydantic's error -> one line


def describe(error: dict, raw: Any, entries: tuple[str, ...]) -> str:
    """``cards[3] 'Sellsword': cost 'cheap' must be an integer``: the entry, the field, what
    is wrong. The entry is named by its ``name`` or ``id``, else its index."""
    loc, node, entry, parts = list(error["loc"]), raw, "", []
    tagged = None                           # the node whose union tag was passed
    for i, seg in enumerate(loc):
        last = i == len(loc) - 1
        if seg == "[key]":
            continue
        if isinstance(node, dict) and isinstance(seg, str) and node is not tagged and (
                seg in (node.get(tag) for tag in TAGS) or seg not in node and not last):
            tagged = node
            continue                        # a union's tag or a model's name: not in the file
        if i == 0 and seg in entries and not last:
            pass                            # named with the entry below
        elif i == 1 and loc[0] in entries:
            entry = _entry(loc[0], seg, node)
        elif isinstance(seg, int):
            parts.append(f"[{seg}]")
        else:
            parts.append(("." if parts else "") + _cut(str(seg)))
        node = node[seg] if isinstance(node, (dict, list)) and _has(node, seg) else None
    text = _problem(error, "".join(parts))
    return f"{entry}: {text}" if entry else text


def _has(node: Any, seg: Any) -> bool:
    return seg in node if isinstance(node, dict) else isinstance(seg, int) and seg < len(node)


def _cut(text: str) -> str:
    return text if len(text) <= ECHO else text[:ECHO - 3] + "..."


def _entry(key: str, seg: Any, node: Any) -> str:
    if isinstance(seg, int):
        item = node[seg] if isinstance(node, list) and seg < len(node) else None
        name = item.get("name", item.get("id")) if isinstance(item, dict) else None
        return f"{key}[{seg}]" + (f" {short(name)}" if isinstance(name, str) else "")
    return f"{key} {short(seg)}"


_TYPES = {"int": "must be an integer", "bool": "must be true or false", "string": "must be a text",
          "list": "must be a list [...]", "tuple": "must be a list [...]",
          "dict": "must be an object {...}", "model": "must be an object {...}",
          "model_attributes": "must be an object {...}", "float": "must be a number"}


def _problem(error: dict, field: str) -> str:
    kind, ctx, value = error["type"], error.get("ctx") or {}, error.get("input")
    if kind == "missing":
        return f"missing field '{field}'"
    if kind == "extra_forbidden":
        return f"field '{field}' is unknown here; remove it or check its spelling"
    if kind == "union_tag_not_found":
        return f"missing field '{_join(field, ctx['discriminator'].strip(chr(39)))}'"
    if kind == "union_tag_invalid":
        return (f"{_join(field, ctx['discriminator'].strip(chr(39)))} {short(ctx['tag'])} is "
                f"unknown; allowed: {ctx['expected_tags']}")
    if kind == "literal_error" and error["loc"][-1:] == ("[key]",):
        return f"field '{field}' is unknown here; allowed: {ctx['expected']}"
    if kind == "literal_error":
        return _said(field, value, f"is unknown; allowed: {ctx['expected']}")
    for prefix, text in _TYPES.items():
        if kind in (f"{prefix}_type", f"{prefix}_parsing", f"{prefix}_from_float"):
            return _said(field, value, text)
    if kind in _BOUNDS:
        return _said(field, value, f"must be {_BOUNDS[kind]} {next(iter(ctx.values()))}")
    if kind in ("too_short", "too_long", "string_too_short", "string_too_long"):
        unit = "character" if kind.startswith("string") else "item"
        limit = f"at least {ctx.get('min_length')}" if kind.endswith("short") \
            else f"at most {ctx.get('max_length')}"
        plural = "" if len(value) == 1 else "s"
        return f"{field} has {len(value)} {unit}{plural}; it needs {limit}".strip()
    if kind == "value_error":                # a validator's sentence; an entry's after a colon
        glue = ": " if isinstance(value, dict) and field else " "
        return f"{field}{glue}{ctx.get('error', error['msg'])}".strip()
    return _said(field, value, error["msg"])


_BOUNDS = {"greater_than_equal": "at least", "less_than_equal": "at most",
           "greater_than": "more than", "less_than": "less than"}


def _said(field: str, value: Any, text: str) -> str:
    """``cost 'cheap' must be an integer``; without a field ``must be an object {...}, not 3``."""
    return f"{field} {short(value)} {text}" if field else f"{text}, not {short(value)}"


def _join(field: str, key: str) -> str:
    return f"{field}.{key}" if field else key


def arguments_of_kind(entry: BaseModel, needs: tuple[str, ...], keys: tuple[str, ...]) -> None:
    """An entry whose ``kind`` picks its arguments gives exactly those (another would be
    ignored); raises ValueError, which pydantic reports at the entry."""
    for key in keys:
        given = getattr(entry, key) is not None
        if given != (key in needs):
            raise ValueError(f"kind {entry.kind!r} needs {', '.join(needs) or 'no other field'}; "
                             f"{key} is {'not one of them' if given else 'missing'}")


# --------------------------------------------------------------------------------------------
# A study's own folder (``[components] folder``)


def game_components(game: str) -> ModuleType | None:
    """The game's ``components`` module if the game keeps its components in data files."""
    from simulate.games import game_names
    if game not in game_names():
        return None
    try:
        module = importlib.import_module(f"simulate.games.{game}.components")
    except ImportError:
        return None
    return module if hasattr(module, "SHIPPED") else None


def data_folder(game: str) -> str | None:
    """The folder the game's engines load in this process (``None``: it has no data files)."""
    module = game_components(game)
    return None if module is None else str(module.DATA)


@contextmanager
def using_folder(game: str, folder: str | Path | None, edits: tuple = (),
                 pinned: dict[str, str] | None = None) -> Iterator[None]:
    """While inside, the game's engines load ``folder`` (``None``: the shipped ``data/``) with
    a variant's ``edits``; a chunk plays inside this, in whatever process plays it. With
    ``pinned`` ({file name: data_hash}, what the run fixed at its start) a file read with other
    bytes is a one-line ComponentError naming it: a mid-run edit never mixes sets."""
    module = game_components(game)
    if module is None:
        yield
        return
    before = module.DATA, module.EDITS
    module.DATA = Path(folder) if folder else module.SHIPPED
    module.EDITS = tuple(tuple(e[:3]) + (_frozen(e[3]),) for e in edits or ())
    pins_before = _PINNED.get(module.DATA)
    if module.DATA != module.SHIPPED:
        module.load_components.cache_clear()      # a study's files may have changed: re-read
        if pinned is not None:
            _PINNED[module.DATA] = dict(pinned)
    try:
        yield
    finally:
        if pins_before is None:
            _PINNED.pop(module.DATA, None)
        else:
            _PINNED[module.DATA] = pins_before
        module.DATA, module.EDITS = before


def _frozen(value: Any) -> Any:
    """An edit's value as it was parsed (a task carries a list where the config had a tuple)."""
    return tuple(value) if isinstance(value, list) else value


def file_hashes(folder: str | Path) -> dict[str, str]:
    """{file name: data_hash} of the folder's data files: what the manifest fingerprints and a
    run pins (see :func:`using_folder`); a file that cannot be read is one line naming it."""
    found = {}
    for path in sorted(Path(folder).glob("*.json")):
        try:
            found[path.name] = data_hash(read_data_file(path))
        except OSError as exc:
            raise ComponentError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return found


def data_games() -> list[str]:
    from simulate.games import game_names
    return [g for g in game_names() if game_components(g) is not None]


def shipped_files(game: str) -> list[Path]:
    """The game's shipped data files; ConfigError for a game without any."""
    from simulate.games import get_game
    get_game(game)                                # an unknown game: one line naming the known
    module = game_components(game)
    if module is None:
        raise ConfigError(f"{game} keeps no component data files; those that do: "
                          f"{', '.join(data_games())}")
    return sorted(module.SHIPPED.glob("*.json"))


def check_folder(game: str, folder: str | Path) -> list[str]:
    """Validate a study's folder of ``game``'s data files (one line per mistake, a file the game
    would not read among them); the names of the files read."""
    names = [p.name for p in shipped_files(game)]
    folder = Path(folder)
    if not folder.is_dir():
        raise ConfigError(f"{str(folder)!r} is not a folder; `simulate components export "
                          f"{game} DIR` writes the shipped set to start from")
    for path in sorted(folder.glob("*.json")):
        if path.name not in names:
            raise ComponentError(f"{game} {path}: {game} reads no file of this name (it reads "
                                 f"{', '.join(names)})")
    load = game_components(game).load_components
    load.cache_clear()                            # the files as they are now
    load(folder)
    return names


def study_folder(folder: str, game: str) -> str:
    """``[components] folder`` (already resolved beside the config), validated on load."""
    try:
        check_folder(game, folder)
    except ComponentError:
        raise
    except ConfigError as exc:
        raise ConfigError(f"[components] folder: {exc}") from None
    return folder


@dataclass(frozen=True)
class Changes:
    """A study's component changes: ``common`` ones (``[components]``) under every variant's."""
    game: str
    folder: str | None
    common: tuple = ()

    def add(self, table: Any, where: str) -> tuple:
        """``common`` plus the table's changes, checked by loading the changed set (the game's
        own models judge the changed files: one line, prefixed with ``where``)."""
        try:
            files = [p.name for p in shipped_files(self.game)]
        except ConfigError as exc:
            raise ConfigError(f"{where}: components: {exc}") from None
        edits = self.common + parse_changes(table, files, where)
        try:
            self.loaded(edits)
        except ConfigError as exc:
            raise ConfigError(f"{where}: {exc}") from None
        return edits

    def checked(self, table: Any, where: str, spec: Any, rules: Any, players: int,
                grant: tuple | None = None) -> tuple:
        """``add``, and the changed set must also set a game of ``players`` up (Risky
        Adventure's set-up needs so many artifacts of each back), with the variant's ``grant``
        (simulate/games/grants.py) if any: checked now, for every variant, sweep point, tune or
        sensitivity value and card, not in its first chunk."""
        import random
        edits = self.add(table, where)
        with using_folder(self.game, self.folder, edits):
            try:
                spec.new_game(rules, players, random.Random(0), None,
                              **({"grant": grant} if grant else {}))
            except ConfigError as exc:
                raise ConfigError(f"{where}: {exc}") from None
        return edits

    def loaded(self, edits: tuple) -> Any:
        """The component set the edits make (equal sets play equal games)."""
        return game_components(self.game).load_components(self.folder, edits)
