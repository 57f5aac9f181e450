"""A run's chunks: planned, handed to workers, written, resumed (ARCHITECTURE.md, "One chunk's
path"). A chunk is played by simulate.chunk; its seeds and seats come from simulate.seating
(every game index has its own seed, the same in every variant, player count, ``jobs``, chunk
size and backend).

Work goes out in chunks; each finished chunk is written at once as ``games/<chunk>.parquet`` and
``seats/<chunk>.parquet`` and recorded in ``manifest.json``, so a killed run resumes where it
stopped and never counts a game twice.
"""
from __future__ import annotations

import io
import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from simulate.config import RunConfig
from simulate.games.base import GameSpec
from simulate.games.component_files import data_folder, using_folder
from simulate.games.grants import grant_at, is_paid
from simulate.dask_cluster import play_on_dask
from simulate.engines import choose_engine
from simulate.interrupts import held
from simulate.chunk import play_chunk
from simulate.pool import play_threaded, play_watched, warm
from simulate.folder_io import folder_inside, write_inside
from simulate.manifest import Manifest, bad_chunks, check_replaceable, chunk_file, describe_bad
from simulate.results import GAME_COLUMNS, SEAT_COLUMNS, frame
from simulate.results_folder import claim_folder

@dataclass(frozen=True)
class Chunk:
    variant: str
    players: int
    start: int
    stop: int
    variant_index: int = 0      # names the chunk's files: a variant's name is a label, not a path

    @property
    def id(self) -> str:
        return f"v{self.variant_index}-p{self.players}-{self.start:010d}"

    @property
    def size(self) -> int:
        return self.stop - self.start


def plan_chunks(cfg: RunConfig) -> list[Chunk]:
    """Every variant's chunks at every player count, but where its granted seat is not at the
    table (those games would be the baseline's again: ``absent_note`` says so)."""
    return [Chunk(v.name, n, start, min(start + cfg.chunk, cfg.games), i)
            for i, v in enumerate(cfg.variants) for n in cfg.player_counts
            if not seat_absent(v.grant, n) for start in range(0, cfg.games, cfg.chunk)]


def seat_absent(grant: tuple | None, players: int) -> bool:
    """A grant to a seat a table of ``players`` does not have (grants.grant_at)."""
    return grant is not None and grant_at(grant, players) is None


def absent_note(cfg: RunConfig) -> str:
    """'3 granted variants are not played at 2 players (the granted seat is not at the
    table)': the games a run leaves out, or ''."""
    found: dict[int, int] = {}
    for v in cfg.variants:
        for n in cfg.player_counts:
            if seat_absent(v.grant, n):
                found[n] = found.get(n, 0) + 1
    return "; ".join(f"{k} granted variant{'s are' if k > 1 else ' is'} not played at {n} "
                     f"player{'s' if n > 1 else ''} (the granted seat is not at the table)"
                     for n, k in sorted(found.items()))


Upto = int | dict[str, int | dict[int, int]] | None


def chunks_upto(chunks: list[Chunk], upto: Upto) -> list[Chunk]:
    """The chunks of the first ``upto`` games (one count for every variant, or one per variant
    name, or per variant name and player count: ``{name: {players: games}}``). Playing a run in
    rounds of growing ``upto`` gives the same tables as one run of the final size: a game's seed
    depends only on its index (``upto`` should fall on chunk edges)."""
    if upto is None:
        return chunks
    limit = upto if isinstance(upto, dict) else {c.variant: upto for c in chunks}

    def games(chunk: Chunk) -> int:
        given = limit.get(chunk.variant, 0)
        return given.get(chunk.players, 0) if isinstance(given, dict) else given
    return [c for c in chunks if c.start < games(c)]


def chunk_task(cfg: RunConfig, chunk: Chunk, engine: str = "python",
               pinned: dict[str, dict[str, str]] | None = None) -> dict[str, Any]:
    """What a worker needs for one chunk: small, picklable, no engine objects. ``pinned``:
    {folder: {file: hash}} of the study's folders as the run started."""
    variant = next(v for v in cfg.variants if v.name == chunk.variant)
    folder = cfg.data_of(variant)
    return {"game": cfg.game, "rules": variant.overrides,
            "seed": cfg.seed if variant.seed is None else variant.seed,
            "strategies": variant.seat_strategies(cfg, chunk.players)[:chunk.players],
            "heroes": cfg.heroes[:chunk.players],
            "variant": chunk.variant, "players": chunk.players,
            "start": chunk.start, "stop": chunk.stop, "rotate": cfg.rotate, "engine": engine,
            "decision_seconds": cfg.decision_seconds,
            "components": folder,               # the variant's data files (the run's folder
            "edits": variant.components,        # or its own), the variant's changes to them
            "pinned": (pinned or {}).get(str(folder)),   # the files as the run started
            **({"grant": variant.grant} if variant.grant else {})}   # a card a seat starts with


def run_engine(cfg: RunConfig, debug: bool = False) -> tuple[str, str, dict[str, str]]:
    """(the run's engine, why, each variant's engine). A variant plays on the kernel when it
    can play that variant's seats, rules, component edits and grant: "compiled" when every
    variant can, "python" when none, else "mixed" (a variant whose seats have no compiled twin,
    a restricted seat say, plays on Python beside variants on the kernel)."""
    chosen, engines = {}, {}
    for v in cfg.variants:          # a variant with any line-up the kernel cannot play: Python
        picks = [choose_engine(cfg.game, lineup, cfg.engine, debug, rules=[v.rules],
                               grants=bool(v.grant), edits=tuple(v.components),
                               paid=is_paid(v.grant)) for lineup in _lineups(cfg, v)]
        chosen[v.name] = next((c for c in picks if c[0] == "python"), picks[0])
        engines[v.name] = chosen[v.name][0]
    kinds = set(engines.values())
    if len(kinds) == 1:
        return kinds.pop(), next(iter(chosen.values()))[1], engines
    python = [v for v, e in engines.items() if e == "python"]
    kernel = len(engines) - len(python)
    return ("mixed", f"{kernel} variant{'s' if kernel > 1 else ''} on the compiled kernel, "
            f"{', '.join(python)} on Python: {chosen[python[0]][1]}", engines)


def _lineups(cfg: RunConfig, variant) -> list:
    """The seats a variant plays: its own strategies (else the run's) and its re-trained ones."""
    return [variant.strategies or cfg.strategies] + (
        list(variant.trained.values()) if variant.trained else [])


def write_chunk(out: Path, spec: GameSpec, chunk: Chunk, games: dict,
                seats: dict) -> dict[str, dict]:
    """Write one chunk's two Parquet files atomically (an exclusive temp file, then rename);
    return each file's rows, bytes and SHA-256 for the manifest."""
    written = {}
    for table, columns, generic, own in (("seats", seats, SEAT_COLUMNS, spec.seat_columns),
                                         ("games", games, GAME_COLUMNS, spec.game_columns)):
        table_frame = frame(columns, generic, own)
        buffer = io.BytesIO()
        table_frame.write_parquet(buffer)
        data = buffer.getvalue()
        write_inside(folder_inside(out / table, create=True), f"{chunk.id}.parquet", data)
        written[table] = chunk_file(data, table_frame.height)
    return written


def run(cfg: RunConfig, backend: str = "loky", scheduler: str | None = None,
        progress: Callable[[int, int], None] | None = None, fresh: bool = False,
        upto: Upto = None,
        say: Callable[[str], None] | None = None, debug: bool = False) -> Manifest:
    """Play every chunk not yet done (of the first ``upto`` games only, if given; see
    :func:`within`), writing each as it arrives. Returns the manifest. ``fresh`` first deletes
    the tool's earlier results in ``out`` (and nothing else); ``say`` gets one-line notices
    (chunks replayed)."""
    engine, why, engines = run_engine(cfg, debug)
    if backend == "loky" and not in_process(cfg, engine):
        warm()                         # a worker imports the engines while this one sets up
    out = Path(cfg.out)
    with claim_folder(out, fresh) as old:
        manifest = Manifest(out, cfg, old)
        manifest.data.update(engine=engine, engine_note=why)
        bad = bad_chunks(out, manifest.data)
        check_replaceable(out, bad)
        if bad and say:
            say(f"replaying {describe_bad(bad)}")
        if say and absent_note(cfg) and upto != 0:
            say(absent_note(cfg))
        manifest.drop(list(bad))
        _play_missing(cfg, manifest, backend, scheduler, progress, upto, engine, engines)
    return manifest


def _play_missing(cfg: RunConfig, manifest: Manifest, backend: str, scheduler: str | None,
                  progress: Callable[[int, int], None] | None,
                  upto: Upto = None, engine: str = "python",
                  engines: dict[str, str] | None = None) -> None:
    out = manifest.out
    spec = cfg.spec
    chunks = chunks_upto(plan_chunks(cfg), upto)
    todo = [c for c in chunks if c.id not in manifest.done]
    total = sum(c.size for c in chunks)
    done = total - sum(c.size for c in todo)
    if progress:
        progress(done, total)
    clock = time.perf_counter()
    # closing: the chunks' generators end here, also on an interrupt, never later in the
    # garbage collector (where an exception in their clean-up is printed and "ignored")
    with closing(_execute(cfg, todo, backend, scheduler, engine, manifest.pinned,
                          engines)) as finished:
        for chunk, (games, seats) in finished:
            with held():                 # a chunk's files and its manifest entry, whole
                files = write_chunk(out, spec, chunk, games, seats)
                now = time.perf_counter()
                manifest.record(chunk.id, chunk.size, files, now - clock)
            clock = now
            done += chunk.size
            if progress:
                progress(done, total)


def _execute(cfg: RunConfig, todo: list[Chunk], backend: str, scheduler: str | None,
             engine: str, pinned: dict[str, dict[str, str]] | None = None,
             engines: dict[str, str] | None = None
             ) -> Iterator[tuple[Chunk, tuple[dict, dict]]]:
    """Each chunk's columns as it finishes. Python-engine chunks are played by watched worker
    processes (simulate.pool), at any ``jobs``; a compiled kernel plays only built-in strategies,
    in this process: at ``jobs = 1`` in this thread, else on ``jobs`` threads (its games run
    without the GIL) when every chunk plays the same data files, as a study of card edits does
    not (the data folder a chunk plays is the process's: those take worker processes)."""
    if not todo:                   # nothing left to play (a finished run, or upto=0): no workers
        return
    tasks = [chunk_task(cfg, c, (engines or {}).get(c.variant, engine), pinned) for c in todo]
    workers = min(cfg.jobs, len(tasks))
    if backend == "dask":
        for i, result in play_on_dask(play_chunk, tasks, scheduler, cfg.decision_seconds):
            yield todo[i], result
    elif engine == "compiled" and workers == 1:
        for chunk, task in zip(todo, tasks):
            yield chunk, play_chunk(task)
    elif in_process(cfg, engine):
        folder = tasks[0]["components"] or data_folder(cfg.game)   # as each chunk sets it
        with using_folder(cfg.game, folder, tasks[0]["edits"], tasks[0]["pinned"]):
            for i, result in play_threaded(play_chunk, tasks, workers):
                yield todo[i], result
    else:
        for i, result in play_watched(play_chunk, tasks, workers,
                                      cfg.decision_seconds):
            yield todo[i], result


def in_process(cfg: RunConfig, engine: str) -> bool:
    """Whether the run's chunks play in this process at any ``jobs`` (on threads): on the
    compiled engine when every variant plays the same data files (the data a chunk plays is
    the process's while it plays: variants that edit cards take worker processes)."""
    return engine == "compiled" and len({repr((v.components, cfg.data_of(v)))
                                         for v in cfg.variants}) == 1
