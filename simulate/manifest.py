"""``manifest.json``: the tool's marker, what decides the numbers, and every chunk done.

* ``fingerprint``: everything that decides the results — the config's identity, the package
  version, the engine's version and source, the source of every seat's strategy module, the
  content of a ``[components] folder``. A resume
  whose fingerprint differs is refused, naming what changed.
* ``chunks``: per chunk its game count (``size``) and, per table, the Parquet file's rows and SHA-256. Resume
  and ``report`` check every file; a missing or damaged chunk is replayed (or reported).
* ``checksum``: a SHA-256 of the rest of the manifest, so a hand-edited or damaged manifest is
  refused with one line instead of steering the run.
"""
from __future__ import annotations

import hashlib
import importlib
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from simulate import __version__
from simulate.config import RunConfig, identity_digest
from simulate.games.base import ConfigError
from simulate.games.component_files import folder_digest
from simulate.results_folder import (FORMAT, FORMAT_VERSION, MANIFEST, TABLES, TEMP_PREFIX,
                                     read_marker)
from strategies import build_strategy

CHUNK_ID = re.compile(r"v\d{1,6}-p\d{1,2}-\d{10}")
SOURCE_SUFFIXES = {".py", ".json", ".csv", ".toml"}


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, default=str, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def file_sha256(path: Path) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def fingerprint(cfg: RunConfig) -> dict[str, str]:
    """What decides the numbers, by name: the config, versions, engine and strategy sources,
    and a study's own data files ([components] folder)."""
    engine = importlib.import_module(f"simulate.games.{cfg.game}")
    shared = [Path(__file__).parent / name for name in ("play.py", "runner.py", "games/base.py")]
    found = {"config": cfg.identity_hash(), "package version": __version__,
             "engine version": f"{cfg.game} {cfg.spec.version}",
             "engine source": _sources_hash(_files(Path(engine.__file__).parent) + shared)}
    for module, files in _strategy_modules(cfg).items():
        found[f"strategy module {module}"] = _sources_hash(files)
    if cfg.components:                  # the shipped data/ is part of the engine source
        found["components folder"] = folder_digest(cfg.components)
    return found


def _strategy_modules(cfg: RunConfig) -> dict[str, list[Path]]:
    """Each seat strategy's module and the source files behind it; the built-in ones share the
    game's strategy modules (``strategies/<game>*.py``)."""
    modules: dict[str, list[Path]] = {}
    for form in {json.dumps(s, sort_keys=True): s for s in cfg.strategies}.values():
        name = type(build_strategy(cfg.game, form)).__module__
        if name == "strategies" or name.startswith("strategies."):
            folder = Path(sys.modules["strategies"].__file__).parent
            files = [folder / "__init__.py", *sorted(folder.glob(f"{cfg.game}*.py"))]
            modules["strategies." + cfg.game] = files
        else:
            file = getattr(sys.modules.get(name), "__file__", None)
            modules[name] = [Path(file)] if file else []
    return modules


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.suffix in SOURCE_SUFFIXES
                  and "__pycache__" not in p.parts)


def _sources_hash(files: list[Path]) -> str:
    h = hashlib.sha256()
    for file in files:
        h.update(file.name.encode() + b"\0" + file.read_bytes())
    return h.hexdigest()[:16]


class Manifest:
    """The manifest of the run in ``out``; ``old`` is the folder's earlier manifest, if any."""

    def __init__(self, out: Path, cfg: RunConfig, old: dict | None = None):
        self.path = out / MANIFEST
        self.out = out
        self.data = {"format": FORMAT, "format_version": FORMAT_VERSION,
                     "identity_hash": cfg.identity_hash(), "package_version": __version__,
                     "game": cfg.game, "config": cfg.raw, "identity": cfg.identity(),
                     "fingerprint": fingerprint(cfg), "chunks": {}, "chunks_done": [],
                     "games_done": 0, "elapsed_seconds": 0.0}
        if old is not None:
            old = checked(old, out)
            changed = changes(old["fingerprint"], self.data["fingerprint"])
            if changed:
                raise ConfigError(f"{out} holds a different run ({changed}); resuming "
                                  "would mix results: use --fresh or another --out")
            self.data.update(chunks=old["chunks"], elapsed_seconds=old["elapsed_seconds"])
            self._tally()

    @property
    def done(self) -> set[str]:
        return set(self.data["chunks"])

    def record(self, chunk_id: str, games: int, files: dict[str, dict], seconds: float) -> None:
        self.data["chunks"][chunk_id] = {"size": games, **files}
        self.data["elapsed_seconds"] += seconds
        self._tally()
        self.save()

    def drop(self, chunk_ids: list[str]) -> None:
        for chunk_id in chunk_ids:
            self.data["chunks"].pop(chunk_id, None)
        self._tally()
        self.save()

    def _tally(self) -> None:
        self.data["chunks_done"] = sorted(self.data["chunks"])
        self.data["games_done"] = sum(c["size"] for c in self.data["chunks"].values())

    def save(self) -> None:
        save(self.out, self.data)


def save(out: Path, data: dict) -> None:
    """Write ``out/manifest.json`` atomically, signed with the checksum of its content (any
    change to a manifest goes through here)."""
    data.pop("checksum", None)
    data["checksum"] = digest(data)
    tmp = out / f"{TEMP_PREFIX}manifest-{os.getpid()}.tmp"
    tmp.write_text(json.dumps(data, indent=1, default=str), encoding="utf-8")
    os.replace(tmp, out / MANIFEST)


def changes(old: dict, new: dict) -> str:
    """What differs between two fingerprints, in words."""
    parts = []
    for key in sorted(old.keys() | new.keys()):
        if key not in old:
            parts.append(f"{key} added")
        elif key not in new:
            parts.append(f"{key} no longer used")
        elif old[key] != new[key]:
            shown = (f" {old[key]} -> {new[key]}" if "version" in key else "")
            parts.append(f"{key} changed{shown}")
    return "; ".join(parts)


def checked(data: dict, out: Path) -> dict:
    """The earlier manifest, if it is whole and of this format; a one-line error otherwise."""
    def damaged(what: str) -> ConfigError:
        return ConfigError(f"{out / MANIFEST} is damaged or was edited ({what}); run with "
                           "--fresh to start again, or use another --out")

    if data.get("format_version") != FORMAT_VERSION:
        raise ConfigError(f"{out} holds results of another version of this tool (format "
                          f"{data.get('format_version')!r}); use --fresh or another --out")
    body = {k: v for k, v in data.items() if k != "checksum"}
    if data.get("checksum") != digest(body):
        raise damaged("checksum does not match")
    kinds = {"fingerprint": dict, "chunks": dict, "identity": dict, "config": dict,
             "game": str, "elapsed_seconds": (int, float)}
    for key, kind in kinds.items():
        if not isinstance(data.get(key), kind):
            raise damaged(f"'{key}' missing or of the wrong type")
    if data.get("identity_hash") != identity_digest(data["identity"]):
        raise damaged("identity does not match its hash")
    if data["fingerprint"].get("config") != data["identity_hash"]:
        raise damaged("fingerprint does not match the identity")
    for chunk_id, record in data["chunks"].items():
        if not CHUNK_ID.fullmatch(chunk_id) or not _chunk_record(record):
            raise damaged(f"chunk entry {chunk_id[:40]!r}")
    return data


def _chunk_record(record: Any) -> bool:
    return (isinstance(record, dict) and type(record.get("size")) is int and
            all(isinstance(record.get(t), dict) and type(record[t].get("rows")) is int and
                isinstance(record[t].get("sha256"), str) for t in TABLES))


def chunk_path(out: Path, table: str, chunk_id: str) -> Path:
    return out / table / f"{chunk_id}.parquet"


def bad_chunks(out: Path, chunks: dict[str, dict]) -> dict[str, str]:
    """Chunk id -> 'missing' or 'damaged', for every recorded chunk whose files are not exactly
    the ones written."""
    bad = {}
    for chunk_id, record in chunks.items():
        for table in TABLES:
            path = chunk_path(out, table, chunk_id)
            try:
                same = file_sha256(path) == record[table]["sha256"]
            except FileNotFoundError:
                bad[chunk_id] = "missing"
                break
            except OSError:
                same = False
            if not same:
                bad[chunk_id] = "damaged"
                break
    return bad


def describe_bad(bad: dict[str, str]) -> str:
    missing = sum(1 for v in bad.values() if v == "missing")
    shown = ", ".join(sorted(bad)[:3]) + (" ..." if len(bad) > 3 else "")
    return (f"{len(bad)} chunk(s) {missing} missing, {len(bad) - missing} damaged: {shown}")


def verified(out: Path) -> dict:
    """The manifest of the finished or partial run in ``out``, after checking it and every chunk
    file it records; a one-line error when anything is missing or damaged."""
    data = checked(read_marker(out), out)
    if not data["chunks"]:
        raise ConfigError(f"{out} holds no finished chunks yet; run its config first")
    bad = bad_chunks(out, data["chunks"])
    if bad:
        raise ConfigError(f"{out}: {describe_bad(bad)}; run the same `simulate run` command "
                          "again to replay them")
    return data
