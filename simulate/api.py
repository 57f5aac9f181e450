"""The Python API, for notebooks and scripts: what ``simulate run`` does, returning the tables.

```python
from simulate.api import run, open_results

results = run("configs/demo.toml", games=200, out="runs/notebook")   # a path or a config dict
results.games()            # polars DataFrame, one row per game
results.seats()            # one row per seat per game
results.report             # Path of report.html (None with report=False)
results.games().to_pandas()   # pandas users: needs pandas and pyarrow (pip install pandas pyarrow)

later = open_results("runs/notebook")        # a finished (or interrupted) folder
games, seats = later.scan()                  # LazyFrames, streamed from Parquet: for big runs
```

Bad input raises ``simulate.games.base.ConfigError`` (the CLI prints it as one line, exit 2).
``run`` resumes an interrupted run in the same folder, exactly as the command does.
"""
from __future__ import annotations

import dataclasses
import json
import threading
from contextlib import AbstractContextManager, nullcontext, suppress
from pathlib import Path
from typing import Any, Callable

import polars as pl

from simulate.config import RunConfig, load_config, parse_config
from simulate.manifest import Manifest, verified
from simulate.results_folder import existing_results, held_for_rounds, read_marker


@dataclasses.dataclass(frozen=True)
class Results:
    """A run's results folder: its tables (read through the manifest) and its report."""
    folder: Path

    @property
    def manifest(self) -> dict:
        return read_marker(self.folder)

    @property
    def report(self) -> Path | None:
        path = self.folder / "report.html"
        return path if path.is_file() else None

    def scan(self) -> tuple[pl.LazyFrame, pl.LazyFrame]:
        """The ``games`` and ``seats`` tables as LazyFrames (memory stays flat)."""
        from simulate.results import read_tables
        return read_tables(self.folder)

    def games(self) -> pl.DataFrame:
        return self.scan()[0].collect()

    def seats(self) -> pl.DataFrame:
        return self.scan()[1].collect()


def run(config: str | Path | dict[str, Any], *, fresh: bool = False, report: bool = True,
        backend: str = "loky", scheduler: str | None = None, **overrides: Any) -> Results:
    """Play a config (a TOML path, or the same thing as a dict) and write its report.
    ``overrides``: games, seed, jobs, out, chunk, engine, until_ci (as the command's options)."""
    if isinstance(config, dict):
        cfg = parse_config(json.loads(json.dumps(config)), **overrides)   # a copy: never mutated
    else:
        cfg = load_config(config, **overrides)
    play(cfg, backend=backend, scheduler=scheduler, fresh=fresh, report=report)
    return Results(Path(cfg.out))


def open_results(folder: str | Path) -> Results:
    """A results folder the tool wrote, checked (manifest and chunk checksums) before reading."""
    path = existing_results(str(folder))
    verified(path)
    return Results(path)


def _importing_report(progress: Callable[[int, int], None] | None
                      ) -> Callable[[int, int], None]:
    """``progress``, which also starts importing the report's modules (scipy, matplotlib: a
    few CPU seconds) on a thread once the first game is in: the kernels and worker processes
    play without this process's GIL, so the imports overlap the play instead of following it."""
    started = False

    def import_report() -> None:
        with suppress(Exception):          # the report imports again, and says what failed
            import reports.report  # noqa: F401

    def seen(done: int, total: int) -> None:
        nonlocal started
        if done and not started and done < total:
            started = True
            threading.Thread(target=import_report, daemon=True, name="import-report").start()
        if progress:
            progress(done, total)
    return seen


def play(cfg: RunConfig, *, backend: str = "loky", scheduler: str | None = None,
         fresh: bool = False, report: bool = True,
         progress: Callable[[int, int], None] | None = None,
         say: Callable[[str], None] | None = None, debug: bool = False,
         reporting: Callable[[], AbstractContextManager] = nullcontext,
         ) -> tuple[Manifest, dict | None, Path | None]:
    """Play ``cfg`` (in rounds with ``until_ci``), then write the report, holding the folder's
    lock throughout. Returns the manifest, the until-ci stopping note and the report's path.
    The ``simulate run`` command is this plus a progress bar."""
    from simulate.adaptive.retrain import needs_training, retrained
    from simulate.adaptive.until_ci import run_until_ci
    from simulate.runner import run as run_games

    stopping = path = None
    if report:                         # the report's imports load while the games play
        progress = _importing_report(progress)
    with held_for_rounds(Path(cfg.out)):
        if needs_training(cfg):        # the re-trained twins' strategies, raced first
            cfg = retrained(cfg, backend, scheduler, progress, fresh, say)
            fresh = False              # cleared before the races: their folders stay
        if cfg.until_ci:
            manifest, stopping = run_until_ci(cfg, cfg.until_ci, backend, scheduler, progress,
                                              fresh=fresh, say=say)
        else:
            manifest = run_games(cfg, backend=backend, scheduler=scheduler, progress=progress,
                                 fresh=fresh, say=say, debug=debug)
        if report:
            from reports.report import build_report    # scipy and matplotlib: seconds to import
            with reporting():
                path = build_report(cfg.out)
    return manifest, stopping, path
