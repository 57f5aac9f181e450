"""Chunks, seeds, joblib, the Parquet sink and resume (ARCHITECTURE.md, "Layout").

Every game index i of a run has its own seed, ``game_seed(run_seed, i)``, the same in every
variant and player count (common random numbers) and for any ``jobs``, chunk size or backend.
Work goes out in chunks; each finished chunk is written at once as ``games/<chunk>.parquet`` and
``seats/<chunk>.parquet`` and recorded in ``manifest.json``, so a killed run resumes where it
stopped and never counts a game twice.
"""
from __future__ import annotations

import io
import sys
import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from simulate.config import RunConfig, heroes_for_game
from simulate.games import get_game
from simulate.games.base import GameSpec, make_rules, rules_hash
from simulate.games.component_files import data_folder, using_folder
from simulate.games.grants import grant_at, is_paid
from simulate.dask_cluster import play_on_dask
from simulate.engines import choose_engine, kernel_module
from simulate.board import Post, post_for
from simulate.interrupts import held
from simulate.play import TRACE_COLUMN, play_game, strategy_hook
from simulate.pool import play_threaded, play_watched, warm
from simulate.folder_io import folder_inside, write_inside
from simulate.manifest import Manifest, bad_chunks, check_replaceable, chunk_file, describe_bad
from simulate.results import GAME_COLUMNS, ROTATION_COLUMN, SEAT_COLUMNS, frame
from simulate.results_folder import claimed
from simulate.worker_watchdog import exit_with_parent, strategies_processes_end
from strategies import build_strategy, strategies_for

MASK64 = (1 << 64) - 1
DESCRIBE_CHARS = 400          # of a strategy's describe() in the tables (a built-in with every
                             # parameter set names itself in ~250)

# Task keys a compiled kernel never sees: it plays only built-in strategies (untimed), and the
# watchdog's parent pid is the runner's business.
NOT_FOR_KERNELS = ("decision_seconds", "parent", "board", "path", "components", "edits",
                   "pinned")


def game_seed(run_seed: int, index: int) -> int:
    """A 63-bit seed for game ``index`` (splitmix64 of the run seed and the index)."""
    z = (_splitmix(run_seed) + (index + 1) * 0x9E3779B97F4A7C15) & MASK64
    return _splitmix(z) >> 1


def _splitmix(z: int) -> int:
    z = (z + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


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


def within(chunks: list[Chunk], upto: Upto) -> list[Chunk]:
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


def rotations(task: dict[str, Any]) -> list[tuple[int, list, list]]:
    """(rotation, strategies, seat order) to play each seed with: just the config's seating, or
    with ``rotate`` every rotation (seat s takes what seat (s + r) mod n had), so every strategy
    sits in every seat on the same dice (heroes rotate with their seats). One strategy in every
    seat and no hero given to a seat: every rotation would replay the same game, so it is
    played once (reports.seats says so)."""
    n = task["players"]
    alike = len({repr(s) for s in task["strategies"][:n]}) == 1 and not any(task["heroes"])
    turns = range(n) if task.get("rotate") and not alike else range(1)
    return [(r, [task["strategies"][(s + r) % n] for s in range(n)],
             [(s + r) % n for s in range(n)]) for r in turns]


def play_chunk(task: dict[str, Any]) -> tuple[dict[str, list], dict[str, list]]:
    """Play one chunk's games; return the ``games`` and ``seats`` columns (with ``rotate``, a
    ``rotation`` column too: each seed is played once per rotation of the seats). With
    ``task["engine"] == "compiled"`` the game's kernel plays them: the same columns. In a
    worker process (``task["parent"]``, the main pid) a watchdog ends it when the main is gone;
    with ``task["board"]`` it posts what it plays there (simulate.board)."""
    if "parent" in task:
        exit_with_parent(task["parent"])
    for folder in task.get("path", ()):     # what the main process imports from (module:Class)
        if folder not in sys.path:
            sys.path.append(folder)
    folder = task.get("components") or data_folder(task["game"])   # what the main process reads
    with using_folder(task["game"], folder, task.get("edits", ()), task.get("pinned")):
        if "parent" not in task:             # this process: no strategy of a user's plays here
            return _play_chunk(task)
        with strategies_processes_end():     # a worker: what its strategies start ends here
            return _play_chunk(task)


def _play_chunk(task: dict[str, Any]) -> tuple[dict[str, list], dict[str, list]]:
    if task.get("engine") == "compiled":
        kernel = kernel_module(task["game"])
        if task.get("grant") and not getattr(kernel, "GRANTS", False):
            raise RuntimeError(f"the {task['game']} kernel cannot play a granted card")
        return kernel.play_chunk({k: v for k, v in task.items() if k not in NOT_FOR_KERNELS})
    post = post_for(task.get("board"))
    spec = get_game(task["game"])
    strategies_for(spec.name)                # the built-in ones, imported before the clock runs
    rules = make_rules(spec.rules_class, task["rules"])
    seatings = [(r, seated(spec.name, strategies, task["start"], post), order)
                for r, strategies, order in rotations(task)]
    described = {r: described_seats(seats, task["start"], post) for r, seats, _ in seatings}
    extra = list(ROTATION_COLUMN) if task.get("rotate") else []
    games = {c: [] for c in list(GAME_COLUMNS) + list(spec.game_columns) + extra}
    seat_rows = {c: [] for c in list(SEAT_COLUMNS) + list(spec.seat_columns) + extra}
    n = task["players"]
    grant = grant_at(task.get("grant"), n)
    constant = {"variant": task["variant"], "players": n, "game_name": spec.name,
                "engine_version": spec.version, "rules_hash": rules_hash(rules)}
    own_game, own_seat = list(spec.game_columns), list(spec.seat_columns)
    traced = task.get("trace")              # test mode: each game's decisions (simulate/play.py)
    if traced:
        games[TRACE_COLUMN] = []
    for index in range(task["start"], task["stop"]):
        seed = game_seed(task["seed"], index)
        dealt = heroes_for_game(spec, task["heroes"], index)
        for rotation, seats, order in seatings:
            heroes = [dealt[s] for s in order] if dealt else None
            if post is not None and len(seatings) > 1:
                post.seats(described[rotation])
            trace = [] if traced else None
            _, outcome, decisions = play_game(spec, rules, seats, seed, heroes, index=index,
                                              post=post, trace=trace, grant=grant)
            if traced:
                games[TRACE_COLUMN].append(trace)
            names = described[rotation]
            row = {"game": index, "seed": seed, "decisions": decisions, "rotation": rotation,
                   "end_reason": outcome.end_reason, "strategies": "|".join(names), **constant}
            for column in list(GAME_COLUMNS) + extra:
                games[column].append(row[column])
            for column in own_game:
                games[column].append(outcome.metrics[column])
            for seat in range(n):
                generic = (index, task["variant"], n, seat, names[seat],  # SEAT_COLUMNS order
                           float(outcome.scores[seat]), outcome.ranks[seat], outcome.won[seat])
                for column, value in zip(SEAT_COLUMNS, generic):
                    seat_rows[column].append(value)
                for column in extra:
                    seat_rows[column].append(rotation)
                metrics = outcome.seat_metrics[seat]
                for column in own_seat:
                    seat_rows[column].append(metrics[column])
    return games, seat_rows


def seated(game: str, strategies: list, first: int, post: Post | None) -> list:
    """The seats' strategies, built (imported, ``__init__``) under the board's eye."""
    seats = []
    for seat, form in enumerate(strategies):
        if post is not None:
            post.seats([_form_name(s) for s in strategies])
            post.starting(first, seat)
        seats.append(build_strategy(game, form, f"[players] strategies (seat {seat})"))
    return seats


def described_seats(seats: list, first: int | None, post: Post | None) -> list[str]:
    """Each seat's ``describe()`` (its name in the tables), a failure named like any other."""
    names = []
    for seat, strategy in enumerate(seats):
        if post is not None:
            post.starting(first, seat)
        with strategy_hook(strategy, seat, first, "describe()"):
            names.append(capped_name(str(strategy.describe())))
    if post is not None:
        post.seats(names)
        post.idle()
    return names


def capped_name(name: str) -> str:
    """A strategy's ``describe()`` as the tables and every line keep it: at most DESCRIBE_CHARS
    characters (a 1 MB name would make a 1 MB summary line), the cut said in the name."""
    if len(name) <= DESCRIBE_CHARS:
        return name
    said = f"... (describe() cut: {len(name):,} characters)"
    return name[:DESCRIBE_CHARS - len(said)] + said


def _form_name(form: Any) -> str:
    return form.get("name", "?") if isinstance(form, dict) else str(form)


def run_engine(cfg: RunConfig, debug: bool = False) -> tuple[str, str]:
    """The engine for the whole run: the kernel only if it can play the seats of every variant
    (a variant may bring its own strategies)."""
    lineups = [cfg.strategies] + [v.strategies for v in cfg.variants if v.strategies] + \
        [seats for v in cfg.variants if v.trained for seats in v.trained.values()]
    rules = [v.rules for v in cfg.variants]
    grants = any(v.grant for v in cfg.variants)
    paid = any(is_paid(v.grant) for v in cfg.variants)
    edits = tuple(e for v in cfg.variants for e in v.components)
    choices = [choose_engine(cfg.game, seats, cfg.engine, debug, rules=rules, grants=grants,
                             edits=edits, paid=paid) for seats in lineups]
    return next((c for c in choices if c[0] == "python"), choices[0])


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
    engine, why = run_engine(cfg, debug)
    if backend == "loky" and not in_process(cfg, engine):
        warm()                         # a worker imports the engines while this one sets up
    out = Path(cfg.out)
    with claimed(out, fresh) as old:
        manifest = Manifest(out, cfg, old)
        manifest.data.update(engine=engine, engine_note=why)
        bad = bad_chunks(out, manifest.data)
        check_replaceable(out, bad)
        if bad and say:
            say(f"replaying {describe_bad(bad)}")
        if say and absent_note(cfg) and upto != 0:
            say(absent_note(cfg))
        manifest.drop(list(bad))
        _play_missing(cfg, manifest, backend, scheduler, progress, upto, engine)
    return manifest


def _play_missing(cfg: RunConfig, manifest: Manifest, backend: str, scheduler: str | None,
                  progress: Callable[[int, int], None] | None,
                  upto: Upto = None, engine: str = "python") -> None:
    out = manifest.out
    spec = cfg.spec
    chunks = within(plan_chunks(cfg), upto)
    todo = [c for c in chunks if c.id not in manifest.done]
    total = sum(c.size for c in chunks)
    done = total - sum(c.size for c in todo)
    if progress:
        progress(done, total)
    clock = time.perf_counter()
    # closing: the chunks' generators end here, also on an interrupt, never later in the
    # garbage collector (where an exception in their clean-up is printed and "ignored")
    with closing(_execute(cfg, todo, backend, scheduler, engine, manifest.pinned)) as finished:
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
             engine: str, pinned: dict[str, dict[str, str]] | None = None
             ) -> Iterator[tuple[Chunk, tuple[dict, dict]]]:
    """Each chunk's columns as it finishes. Python-engine chunks are played by watched worker
    processes (simulate.pool), at any ``jobs``; a compiled kernel plays only built-in strategies,
    in this process: at ``jobs = 1`` in this thread, else on ``jobs`` threads (its games run
    without the GIL) when every chunk plays the same data files, as a study of card edits does
    not (the data folder a chunk plays is the process's: those take worker processes)."""
    if not todo:                   # nothing left to play (a finished run, or upto=0): no workers
        return
    tasks = [chunk_task(cfg, c, engine, pinned) for c in todo]
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
