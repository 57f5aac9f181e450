"""``manifest.json``: the tool's marker, what decides the numbers, and every chunk done.

* ``fingerprint``: everything that decides the results — the config's identity, the package
  version, the engine's version, and every source file that can change a game (one entry per
  file: see :mod:`simulate.sources`), and the content of a ``[components] folder``. A resume
  whose fingerprint differs is refused, naming what changed.
* ``chunks``: per chunk its game count (``size``) and, per table, the Parquet file's rows, bytes
  and SHA-256. Resume and ``report`` check every file (a regular file of that size and hash whose
  footer holds the rows the config plans); a missing or damaged chunk is replayed (or reported).
* ``checksum``: a SHA-256 of the rest of the manifest, so a hand-edited or damaged manifest is
  refused with one line instead of steering the run. It guards against accidents, not forgery:
  anyone can recompute it; the checks on chunk files bound what a forged manifest can do.
"""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any, Optional

import polars as pl
from pydantic import ConfigDict, Field, ValidationError, model_validator

from simulate import __version__
from simulate.config import RunConfig, identity_digest
from simulate.folder_io import expect_file, open_regular, write_inside
from simulate.games.base import ConfigError
from simulate.games.component_files import file_hashes
from simulate.games.grants import shown_grant, shown_seat
from simulate.json_models import Written, first_problem
from simulate.results_folder import (CHUNK_ID, FORMAT, FORMAT_VERSION, MANIFEST, TABLES,
                                     read_marker, unclaim)
from simulate.sources import source_hashes

COMPONENTS = "components file "   # the fingerprint's entry of a [components] folder's file
MIN_BYTES_PER_ROW = 1    # every real chunk file holds far more (a seed alone is 8 bytes a game)


class VariantIdentity(Written):
    """One variant as config._variant_identity writes it."""
    name: str = Field(min_length=1)
    rules: dict[str, Any]
    strategies: Any = None
    components: Optional[list[str]] = None
    folder: Optional[str] = Field(None, alias="components folder")   # a variant's own folder
    grant: Optional[str] = None
    retrained_of: Optional[str] = None
    retrain: Any = None
    seed: Optional[int] = None


class Identity(Written):
    """RunConfig.identity(): what decides the numbers, the run's plan."""
    game: str
    games: int
    seed: int
    chunk: int = Field(gt=0)
    player_counts: list[int]
    strategies: Any
    heroes: Any
    variants: list[VariantIdentity] = Field(min_length=1)
    engine_version: str
    rotate: bool = False

    @model_validator(mode="after")
    def _named_once(self) -> Identity:
        names = [v.name for v in self.variants]
        if len(set(names)) != len(names):
            raise ValueError("two variants share a name")
        return self


class ManifestBody(Written):
    """The parts of a manifest every reader relies on (the rest: chunk records, checked by
    _chunk_record and bad_chunks; notes the commands add, such as ``stopping``)."""
    model_config = ConfigDict(extra="allow", strict=True)
    game: str
    config: dict[str, Any]
    identity: Identity
    fingerprint: dict[str, str]
    chunks: dict[str, Any]
    elapsed_seconds: float


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, default=str, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def fingerprint(cfg: RunConfig) -> dict[str, str]:
    """What decides the numbers, by name: the config, versions, every source file's hash, and a
    study's own data files ([components] folder; the shipped data/ are package files)."""
    found = {"config": cfg.identity_hash(), "package version": __version__,
             "engine version": f"{cfg.game} {cfg.spec.version}", **source_hashes(cfg)}
    for folder in cfg.study_folders():          # one entry per file: a refused resume names it
        found.update({f"{COMPONENTS}{Path(folder) / name}": h
                      for name, h in file_hashes(folder).items()})
    for variant in cfg.variants:                # a resume after a changed entry names it
        if variant.components:
            found[f"components of {variant.name}"] = digest(variant.components)[:16]
        if variant.grant:                       # and a changed grant shows what it was
            found[f"grant of {variant.name}"] = shown_grant(variant.grant)
    return found


class Manifest:
    """The manifest of the run in ``out``; ``old`` is the folder's earlier manifest, if any."""

    def __init__(self, out: Path, cfg: RunConfig, old: dict | None = None):
        self.path = out / MANIFEST
        self.out = out
        self.data = {"format": FORMAT, "format_version": FORMAT_VERSION,
                     "identity_hash": cfg.identity_hash(), "package_version": __version__,
                     "game": cfg.game, "config": cfg.raw, "identity": cfg.identity(),
                     "fingerprint": fingerprint(cfg), "chunks": {}, "chunks_done": [],
                     "games_done": 0, "elapsed_seconds": 0.0,
                     # the study's own data files, for a report that reads component facts
                     "components_folder": cfg.components}
        if old is not None:
            old = checked(old, out)
            changed = changes(old["fingerprint"], self.data["fingerprint"])
            if changed:
                raise ConfigError(f"{out} holds a different run ({changed}); resuming "
                                  "would mix results: use --fresh or another --out")
            self.data.update(chunks=old["chunks"], elapsed_seconds=old["elapsed_seconds"])
            self._tally()

    @property
    def pinned(self) -> dict[str, dict[str, str]]:
        """{folder: {file name: hash}} of the study's folders as fingerprinted at the run's
        start: every chunk must play exactly these files."""
        found: dict[str, dict[str, str]] = {}
        for key, value in self.data["fingerprint"].items():
            if key.startswith(COMPONENTS):
                path = Path(key[len(COMPONENTS):])
                found.setdefault(str(path.parent), {})[path.name] = value
        return found

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
    # compact: json's C encoder (an indented dump is pure Python, and this runs every chunk)
    write_inside(out, MANIFEST, json.dumps(data, default=str, separators=(",", ":")).encode())
    unclaim(out)                      # the folder is the tool's by its manifest again


def changes(old: dict, new: dict) -> str:
    """What differs between two fingerprints, in words."""
    parts = []
    for key in sorted(old.keys() | new.keys(), key=lambda k: (k.startswith("source "), k)):
        if key not in old:
            parts.append(f"{key} added")
        elif key not in new:
            parts.append(f"{key} no longer used")
        elif old[key] != new[key]:
            shown = (f" {old[key]} -> {new[key]}" if "version" in key
                     or key.startswith("grant of ") else "")
            parts.append(f"{key} changed{shown}")
    more = f"; and {len(parts) - 3} more" if len(parts) > 3 else ""
    return "; ".join(parts[:3]) + more


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
    try:
        ManifestBody.model_validate(data)
    except ValidationError as exc:
        raise damaged(first_problem(exc)) from None
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


def planned_chunks(identity: dict) -> int:
    """How many chunks the run's config plans (every variant, player count and game range)."""
    ranges = -(-identity["games"] // identity["chunk"])
    return ranges * sum(1 for v in identity["variants"] for n in identity["player_counts"]
                        if not _seat_absent(v, n))


def _seat_absent(variant: dict, players: int) -> bool:
    """A variant granting a seat a table of ``players`` does not have: not played there
    (runner.seat_absent), read from the grant's words (grants.shown_seat)."""
    seat = shown_seat(str(variant.get("grant", "")))
    return seat is not None and seat >= players


def planned_rows(identity: dict, chunk_id: str) -> tuple[int, int, int] | None:
    """(games, ``games`` rows, ``seats`` rows) of chunk ``chunk_id`` as the run's config plans
    it; None for a chunk the plan does not have."""
    variant, players, start = map(int, re.findall(r"\d+", chunk_id))
    games, chunk = identity["games"], identity["chunk"]
    if (variant >= len(identity["variants"]) or players not in identity["player_counts"] or
            start % chunk or start >= games):
        return None
    size = min(chunk, games - start)
    rows = size * (players if identity.get("rotate") else 1)      # one row per seat rotation
    return size, rows, rows * players


def chunk_path(out: Path, table: str, chunk_id: str) -> Path:
    return out / table / f"{chunk_id}.parquet"


def chunk_file(data: bytes, rows: int) -> dict[str, Any]:
    """What the manifest records of one chunk file: rows, bytes and SHA-256."""
    return {"rows": rows, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def bad_chunks(out: Path, manifest: dict) -> dict[str, str]:
    """Chunk id -> 'missing' or 'damaged', for every recorded chunk whose files are not exactly
    the ones written: a regular file (never a link, pipe or device) of the recorded size and
    SHA-256, holding the rows the config plans for it (a record without its size is damaged)."""
    bad = {}
    for chunk_id, record in manifest["chunks"].items():
        planned = planned_rows(manifest["identity"], chunk_id)
        if planned is None or planned[0] != record["size"]:
            bad[chunk_id] = "damaged"
            continue
        for table, rows in zip(TABLES, planned[1:]):
            state = _file_state(chunk_path(out, table, chunk_id), record[table], rows)
            if state != "ok":
                bad[chunk_id] = state
                break
    return bad


def _file_state(path: Path, record: dict, rows: int) -> str:
    size = record.get("bytes")
    if record["rows"] != rows or type(size) is not int or size < rows * MIN_BYTES_PER_ROW:
        return "damaged"
    try:
        with open_regular(path, size=size) as f:
            same = hashlib.file_digest(f, "sha256").hexdigest() == record["sha256"]
    except FileNotFoundError:
        return "missing"
    except OSError:
        return "damaged"
    if not same:
        return "damaged"
    try:          # the rows the file's own footer declares (a forged manifest may lie)
        declared = pl.scan_parquet(path).select(pl.len()).collect().item()
    except Exception:          # polars raises its own error types for a malformed footer
        return "damaged"
    return "ok" if declared == rows else "damaged"


def check_replaceable(out: Path, bad: dict[str, str]) -> None:
    """Refuse in one line, before anything is replayed, a bad chunk's path that is no file
    (a link, folder or pipe): replaying would replace what is not the tool's."""
    for chunk_id in sorted(bad):
        for table in TABLES:
            expect_file(chunk_path(out, table, chunk_id))


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
    bad = bad_chunks(out, data)
    if bad:
        raise ConfigError(f"{out}: {describe_bad(bad)}; run the same `simulate run` command "
                          "again to replay them")
    return data


def coverage_note(out: Path, data: dict) -> str | None:
    """One line when a run of a fixed size records fewer chunks than its config plans (a run
    that was stopped, or a manifest that lost chunks); None when it is whole. Adaptive runs
    stop early by design and get no note."""
    config, planned = data["config"], planned_chunks(data["identity"])
    adaptive = "tune" in config or "sensitivity" in config or "stopping" in data or \
        (isinstance(config.get("run"), dict) and config["run"].get("until_ci"))
    if adaptive or len(data["chunks"]) >= planned:
        return None
    games = sum(record["size"] for record in data["chunks"].values())
    return (f"note: {out} records {len(data['chunks'])} of the {planned} chunks its config "
            f"plans; the report covers {games:,} games only (run the same "
            "`simulate run` command to play the rest)")
