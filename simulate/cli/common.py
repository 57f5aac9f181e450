"""Options shared by several commands, and the one place bad input becomes exit code 2."""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Iterator

import typer

from simulate.games.base import ConfigError, IllegalActionError

ConfigPath = Annotated[str, typer.Argument(help="The run's TOML file.", show_default=False)]
Debug = Annotated[bool, typer.Option("--debug", help="Show tracebacks instead of one-line errors.")]
Games = Annotated[int | None, typer.Option("--games", help="Games per variant (overrides [run]).")]
Seed = Annotated[int | None, typer.Option("--seed", help="Run seed (overrides [run]).")]
Out = Annotated[str | None, typer.Option("--out", help="Results folder (overrides [run]).")]


@contextmanager
def user_errors(debug: bool = False) -> Iterator[None]:
    """Turn bad input into one line on stderr and exit code 2."""
    try:
        yield
    except (ConfigError, IllegalActionError) as exc:
        if debug:
            raise
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        typer.echo("\ninterrupted: finished chunks are saved; run the same command to resume",
                   err=True)
        raise typer.Exit(130) from None


def write_report(out: str | Path) -> Path:
    """Build ``out/report.html`` atomically: a kill mid-way leaves the old report, never half a
    new one."""
    from reports.report import build_report
    from simulate.results_folder import REPORT, TEMP_PREFIX

    out = Path(out)
    tmp = out / f"{TEMP_PREFIX}report-{os.getpid()}.tmp"
    try:
        build_report(out, tmp)
        os.replace(tmp, out / REPORT)
        return out / REPORT
    finally:
        tmp.unlink(missing_ok=True)
