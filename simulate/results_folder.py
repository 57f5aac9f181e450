"""The results folder (``out``): which folder the tool may write into and which files are its own.

A folder is the tool's only when it is empty (or new, or holds only what a killed first write
leaves: empty table folders, the tool's temp files) or holds the tool's marker: a
``manifest.json`` with the tool's format tag, or ``.simulate-claim``. The claim is written before
a new folder is first used and before ``--fresh`` deletes anything, and removed only once the
folder holds a manifest again, so a run killed at any step between is still the tool's and the
next command finishes the clearing. ``--fresh`` deletes only the files that manifest lists (its
chunk Parquet files, ``report.html``, the adaptive command's JSON) and the manifest last; a
user's file is never deleted, and a non-empty folder without a marker is refused. Links and
entries of the wrong kind (a folder where a file belongs) are refused in one line, never
followed (see :mod:`simulate.folder_io`). A lock file refuses a second run writing into the same
folder at once.
"""
from __future__ import annotations

import json
import os
import re
import stat
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any, Iterator

from simulate.folder_io import expect_file, folder_inside, kind, read_regular, write_inside
from simulate.games.base import ConfigError

FORMAT = "dice-balance-run"          # the marker: manifest["format"]
FORMAT_VERSION = 2                   # 1 = manifests written before the format tag existed
MANIFEST = "manifest.json"
REPORT = "report.html"
ADAPTIVE = {"tune": "tune.json", "sensitivity": "sensitivity.json",   # [table] -> its results
            "cards": "cards.json", "train": "train.json"}
CARDS_CSV = "cards.csv"              # `simulate cards`: the card table beside the report
LOCK = ".simulate.lock"
CLAIM = ".simulate-claim"            # the folder is being cleared or set up (see the docstring)
CLAIM_TEXT = b'{"format": "dice-balance-run", "claim": true}\n'
LEFTOVER = re.compile(r"\.simulate-(manifest\.json|\.simulate-claim)-[a-z0-9_]{8}\.tmp")
PAIRS = "pairs"                      # `simulate cards --pairs`: the pairs' run, a run of its own
RETRAIN = "retrain"                  # the races of re-trained variants: retrain/v<K>, each a run
RACE = re.compile(r"v\d{1,6}")
TABLES = ("games", "seats")
CHUNK_ID = re.compile(r"v\d{1,6}-p\d{1,2}-\d{10}")
OLD_CHUNK_ID = re.compile(r"[\w.-]{1,200}__p\d{1,2}__\d{10}")    # format 1 named them by variant
MAX_PATH = 1024
MAX_MANIFEST = 256 * 2**20           # bytes; the most chunks a run may have (200,000) take ~75 MB


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
    """A results folder named on the command line (``simulate report OUT``), resolved once, or
    one line saying why it is not one."""
    shown = repr(value if len(value) <= 80 else value[:80] + "...")
    if not value.strip() or "\0" in value or len(value) > MAX_PATH:
        raise ConfigError(f"{shown} is not a results folder")
    try:
        folder = Path(value).expanduser().resolve()
        found = kind(folder / MANIFEST)
    except (OSError, RuntimeError) as exc:
        raise ConfigError(f"{shown} cannot be read: {getattr(exc, 'strerror', exc)}") from None
    if found == "missing":
        raise ConfigError(f"{shown} is not a results folder (no {MANIFEST})")
    check_kinds(folder)
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
    if LOCK in entries and kind(path / LOCK) != "file":
        raise ConfigError(f"{path / LOCK} is not this tool's lock file (it is a "
                          f"{kind(path / LOCK)}); move it away or choose another out folder")
    if MANIFEST in entries:
        check_kinds(path)
        return read_marker(path)
    if is_claimed(path):
        check_kinds(path)
        return None
    if any(not _leftover(path / name) for name in entries - {LOCK}):
        raise ConfigError(f"out folder {path} is not empty and holds no results of this tool "
                          f"({MANIFEST} missing); choose a new or empty folder")
    return None


def is_claimed(path: Path) -> bool:
    """Whether ``path`` holds the tool's claim (a run or ``--fresh`` that has not yet written
    its manifest)."""
    try:
        return read_regular(path / CLAIM, len(CLAIM_TEXT)) == CLAIM_TEXT
    except OSError:
        return False


def unclaim(path: Path) -> None:
    """The folder holds a manifest again: its claim is no longer needed."""
    if kind(path / CLAIM) == "file":
        os.unlink(path / CLAIM)


def _leftover(path: Path) -> bool:
    """What only a first write killed before its manifest leaves (nothing of a user's): an
    empty table folder or the tool's temp file of the first manifest or claim."""
    if path.name in (*TABLES, RETRAIN, PAIRS) and kind(path) == "folder":
        return not any(path.iterdir())
    return bool(LEFTOVER.fullmatch(path.name)) and kind(path) == "file"


def check_kinds(path: Path) -> None:
    """Every entry the tool reads or writes in ``path`` is of the right kind (or missing): the
    table folders real folders, the files regular files; one line naming the first that is not."""
    for table in (*TABLES, RETRAIN, PAIRS):
        folder_inside(path / table)
    for name in (MANIFEST, REPORT, CARDS_CSV, *ADAPTIVE.values()):
        expect_file(path / name)


def read_marker(path: Path) -> dict:
    """The folder's manifest if it carries the tool's marker; a one-line error otherwise."""
    file = path / MANIFEST
    not_ours = ConfigError(f"{file} is not a manifest of this tool (damaged or written by "
                           "something else); choose another out folder")
    try:
        data = json.loads(read_regular(file, MAX_MANIFEST).decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        raise not_ours from None
    if not isinstance(data, dict):
        raise not_ours
    if data.get("format") == FORMAT:
        return data
    if {"identity_hash", "chunks_done", "package_version"} <= data.keys():
        return {**data, "format": FORMAT, "format_version": 1}   # written before the tag
    raise not_ours


def listed_files(path: Path, manifest: dict) -> list[Path]:
    """The files ``manifest`` says the tool wrote in ``path`` (chunk ids of the tool's form
    only, so even a forged manifest names nothing outside its table folders), the manifest last:
    what ``--fresh`` may delete, and nothing else."""
    chunks = manifest.get("chunks")
    ids = [c for c in chunks if isinstance(c, str) and CHUNK_ID.fullmatch(c)] \
        if isinstance(chunks, dict) else []
    done = manifest.get("chunks_done")
    if manifest.get("format_version") == 1 and isinstance(done, list):
        ids += [c for c in done if isinstance(c, str) and OLD_CHUNK_ID.fullmatch(c)]
    config = manifest.get("config") if isinstance(manifest.get("config"), dict) else {}
    files = [path / table / f"{c}.parquet" for c in sorted(set(ids)) for table in TABLES]
    files += [path / REPORT] + [path / name for key, name in ADAPTIVE.items() if key in config]
    files += [path / CARDS_CSV] if "cards" in config else []
    return files + [path / MANIFEST]


def clear(path: Path, manifest: dict) -> int:
    """Delete the files ``manifest`` lists (never a user's), the manifest last, and each
    re-training race's folder the same way; return how many files were removed. Every entry,
    the races' manifests included, is checked before the first is deleted: a damaged race is
    one line with nothing deleted, never a half-cleared run."""
    return _remove(_clear_plan(path, manifest) if manifest else [(path, [])])


def _remove(plan: list[tuple[Path, list[Path]]]) -> int:
    """Delete a checked plan's files, then its emptied table and race folders (the run's own
    folder, the plan's last, stays)."""
    path = plan[-1][0]
    for folder, files in plan:
        for file in files:
            file.unlink(missing_ok=True)
        for table in (*TABLES, RETRAIN):
            try:
                (folder / table).rmdir()        # only if now empty
            except OSError:
                pass
        if folder != path:
            try:
                folder.rmdir()                  # a race's folder, if nothing else is there
            except OSError:
                pass
    return sum(len(files) for _, files in plan)


def _clear_plan(path: Path, manifest: dict) -> list[tuple[Path, list[Path]]]:
    """(folder, its files to delete) for the run in ``path`` and each of its re-training
    races (``retrain/v<K>`` with the tool's marker; anything else there is left alone), the
    races first; every file checked, nothing deleted."""
    check_kinds(path)
    files = [f for f in listed_files(path, manifest) if kind(f) != "missing"]
    for file in files:
        expect_file(file)
    races = path / RETRAIN
    plan = []
    if kind(races) == "folder":
        for race in sorted(races.iterdir()):
            if RACE.fullmatch(race.name) and kind(race) == "folder" and \
                    kind(race / MANIFEST) == "file":
                plan += _clear_plan(race, read_marker(race))
    if kind(path / PAIRS) == "folder" and kind(path / PAIRS / MANIFEST) == "file":
        plan += _clear_plan(path / PAIRS, read_marker(path / PAIRS))
    return plan + [(path, files)]


@contextmanager
def claim_folder(path: Path, fresh: bool = False) -> Iterator[dict | None]:
    """Check ``path`` is the tool's, create it, hold its lock, and with ``fresh`` delete the
    tool's earlier results. Yields the earlier manifest (None when there is none)."""
    check_out(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"out folder {path} cannot be created: {exc.strerror}") from None
    with nullcontext() if path in _held_for_rounds else _lock(path):
        manifest = check_out(path)          # again, now that no other run can change it
        unfinished = is_claimed(path)       # a --fresh or first write that was killed
        if manifest is None or fresh or unfinished:
            plan = _clear_plan(path, manifest) if manifest else [(path, [])]   # all checked
            if not unfinished:
                write_inside(path, CLAIM, CLAIM_TEXT)   # before a deletion: the folder stays the tool's
            _remove(plan)
            manifest = None
        yield manifest


_held_for_rounds: set[Path] = set()


@contextmanager
def held_for_rounds(path: Path) -> Iterator[None]:
    """Hold ``path``'s lock for a whole command that plays in rounds (tune, sensitivity,
    --until-ci) and then writes its report: each round's :func:`claimed` reuses this lock, so no
    other run gets in between two rounds."""
    with claim_folder(path):
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
    fd = _open_lock(path / LOCK)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ConfigError(f"{path / LOCK} is not a file; move it away or choose another "
                              "out folder")
        if info.st_nlink > 1:               # a hard link: another file's content, not ours
            raise ConfigError(f"{path / LOCK} is a hard link to another file (link count "
                              f"{info.st_nlink}), not this tool's lock; move it away or choose "
                              "another out folder")
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise ConfigError(f"another simulate run is writing into {path}; wait for it to "
                              "finish or choose another out folder") from None
        yield
    finally:
        os.close(fd)


def _open_lock(file: Path) -> int:
    """The lock file, opened: created (holding this pid) when missing, else opened read-only,
    so a file the tool did not create is never truncated or written (a flock needs no write)."""
    try:
        try:
            fd = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        except FileExistsError:
            return os.open(file, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as exc:
        raise ConfigError(f"{file} cannot be opened as this tool's lock file "
                          f"({exc.strerror}); move it away or choose another out folder") from None
    os.write(fd, f"{os.getpid()}\n".encode())
    return fd
