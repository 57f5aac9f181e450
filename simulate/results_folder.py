"""The results folder (``out``): which folder the tool may write into and which files are its own.

A folder is the tool's only when it is empty (or new) or holds the tool's marker: a
``manifest.json`` with the tool's format tag. ``--fresh`` and resume touch only the tool's own
files (the manifest, chunk Parquet files, ``report.html``, the lock and temp files); a user's
file is never deleted, and a non-empty folder without the marker is refused. A lock file refuses a
second run writing into the same folder at once.
"""
from __future__ import annotations

import json
import os
import re
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any, Iterator

from simulate.games.base import ConfigError

FORMAT = "dice-balance-run"          # the marker: manifest["format"]
FORMAT_VERSION = 2                   # 1 = manifests written before the format tag existed
MANIFEST = "manifest.json"
REPORT = "report.html"
ADAPTIVE = ("tune.json", "sensitivity.json")   # simulate tune / simulate sensitivity results
LOCK = ".simulate.lock"
TABLES = ("games", "seats")
TEMP_PREFIX = ".simulate-"           # temp files: ".simulate-<anything>.tmp"
# Chunk files: "v<variant>-p<players>-<start>.parquet"; format 1 named them after the variant.
CHUNK_FILE = re.compile(r"(v\d+-p\d+-\d{10}|.*__p\d+__\d{10})\.parquet")
MAX_PATH = 1024


def resolve_out(value: Any, where: str = "[run] out") -> Path:
    """``out`` as an absolute path (``~`` and ``..`` resolved), refusing folders that can only be
    a mistake: the file system root, the home folder, the working folder or one of its parents."""
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{where} = {value!r} is invalid; allowed: a folder path")
    if "\0" in value or len(value) > MAX_PATH:
        raise ConfigError(f"{where}: not a usable folder path (NUL byte or over {MAX_PATH} "
                          "characters)")
    try:
        path = Path(value).expanduser().resolve()
        cwd = Path.cwd().resolve()
    except (OSError, RuntimeError) as exc:
        raise ConfigError(f"{where} = {value!r} cannot be resolved: {exc}") from None
    if path == Path(path.anchor) or path == Path.home().resolve():
        raise ConfigError(f"{where} = {value!r} is {path}; results need a folder of their own")
    if path == cwd or path in cwd.parents:
        raise ConfigError(f"{where} = {value!r} is the working folder or one of its parents "
                          f"({path}); results need a folder of their own, e.g. runs/NAME")
    return path


def existing_results(value: str) -> Path:
    """A results folder named on the command line (``simulate report OUT``), or one line
    saying why it is not one."""
    shown = repr(value if len(value) <= 80 else value[:80] + "...")
    if not value.strip() or "\0" in value or len(value) > MAX_PATH:
        raise ConfigError(f"{shown} is not a results folder")
    folder = Path(value).expanduser()
    try:
        found = (folder / MANIFEST).is_file()
    except (OSError, RuntimeError) as exc:
        raise ConfigError(f"{shown} cannot be read: {getattr(exc, 'strerror', exc)}") from None
    if not found:
        raise ConfigError(f"{shown} is not a results folder (no {MANIFEST})")
    return folder


def check_out(path: Path) -> dict | None:
    """Refuse ``path`` unless it is new, empty or the tool's own; return its manifest, if any."""
    try:
        if not path.exists():
            return None
        if not path.is_dir():
            raise ConfigError(f"out folder {path} is a file, not a folder")
        entries = {p.name for p in path.iterdir()}
    except OSError as exc:
        raise ConfigError(f"out folder {path} cannot be read: {exc.strerror}") from None
    if MANIFEST in entries:
        return read_marker(path)
    if entries - {LOCK}:
        raise ConfigError(f"out folder {path} is not empty and holds no results of this tool "
                          f"({MANIFEST} missing); choose a new or empty folder")
    return None


def read_marker(path: Path) -> dict:
    """The folder's manifest if it carries the tool's marker; a one-line error otherwise."""
    file = path / MANIFEST
    not_ours = ConfigError(f"{file} is not a manifest of this tool (damaged or written by "
                           "something else); choose another out folder")
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        raise not_ours from None
    if not isinstance(data, dict):
        raise not_ours
    if data.get("format") == FORMAT:
        return data
    if {"identity_hash", "chunks_done", "package_version"} <= data.keys():
        return {**data, "format": FORMAT, "format_version": 1}   # written before the tag
    raise not_ours


def own_files(path: Path) -> list[Path]:
    """Every file in ``path`` the tool wrote: what ``--fresh`` may delete, and nothing else."""
    found = [path / name for name in (MANIFEST, REPORT, *ADAPTIVE) if (path / name).is_file()]
    found += [p for p in path.glob(TEMP_PREFIX + "*.tmp") if p.is_file()]
    found += [p for p in [path / f".{REPORT}.tmp"] if p.is_file()]     # the report's temp file
    for table in TABLES:
        folder = path / table
        if folder.is_dir():
            found += [p for p in folder.iterdir() if p.is_file() and
                      (CHUNK_FILE.fullmatch(p.name) or
                       (p.name.startswith(".") and p.name.endswith(".tmp")))]
    return found


def clear(path: Path) -> int:
    """Delete the tool's own files (never a user's); return how many were removed."""
    files = own_files(path)
    for file in files:
        file.unlink(missing_ok=True)
    for table in TABLES:
        try:
            (path / table).rmdir()        # only if now empty
        except OSError:
            pass
    return len(files)


@contextmanager
def claimed(path: Path, fresh: bool = False) -> Iterator[dict | None]:
    """Check ``path`` is the tool's, create it, hold its lock, and with ``fresh`` delete the
    tool's earlier results. Yields the earlier manifest (None when there is none)."""
    check_out(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"out folder {path} cannot be created: {exc.strerror}") from None
    with nullcontext() if path in _held_for_rounds else _lock(path):
        manifest = check_out(path)          # again, now that no other run can change it
        if fresh and manifest is not None:
            clear(path)
            manifest = None
        yield manifest


_held_for_rounds: set[Path] = set()


@contextmanager
def held_for_rounds(path: Path) -> Iterator[None]:
    """Hold ``path``'s lock for a whole command that plays in rounds (tune, sensitivity,
    --until-ci) and then writes its report: each round's :func:`claimed` reuses this lock, so no
    other run gets in between two rounds."""
    with claimed(path):
        _held_for_rounds.add(path)
        try:
            yield
        finally:
            _held_for_rounds.discard(path)


@contextmanager
def _lock(path: Path) -> Iterator[None]:
    """An exclusive advisory lock on ``path/.simulate.lock``, released when the run ends (or
    its process dies)."""
    try:
        import fcntl
    except ImportError:                     # no flock (Windows): run without the lock
        yield
        return
    fd = os.open(path / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise ConfigError(f"another simulate run is writing into {path}; wait for it to "
                              "finish or choose another out folder") from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        yield
    finally:
        os.close(fd)
