"""Options shared by several commands, and the one place bad input becomes exit code 2."""
from __future__ import annotations

import signal
import sys
from contextlib import contextmanager
from typing import Annotated, Iterator

import typer
import typer.core
from typer.exceptions import TyperException

from simulate import interrupts
from simulate.games.base import ConfigError, IllegalActionError


ConfigPath = Annotated[str, typer.Argument(help="The run's TOML file.", show_default=False)]
Debug = Annotated[bool, typer.Option("--debug", help="Show tracebacks instead of one-line errors.")]
Games = Annotated[int | None, typer.Option(
    "--games", help="Games per variant and player count (overrides [run]; with --until-ci, "
                    "tune and sensitivity: the cap).")]
Chunk = Annotated[int | None, typer.Option("--chunk", help="Games per chunk (overrides [run]).")]
Jobs = Annotated[int | None, typer.Option("--jobs", help="Worker processes (overrides [run]).")]
Seed = Annotated[int | None, typer.Option("--seed", help="Run seed (overrides [run]).")]
Out = Annotated[str | None, typer.Option("--out", help="Results folder (overrides [run]).")]


BACKENDS = ("loky", "dask")


ConnectTimeout = Annotated[float | None, typer.Option(
    "--connect-timeout", help="Seconds to try to reach the Dask scheduler (default 10, at most "
                              "600), with --backend dask.", show_default=False)]


def check_backend(backend: str, scheduler: str | None, connect_timeout: float | None = None):
    """A known backend, and with dask a well-formed scheduler address and connect timeout
    (before anything runs); what the runner takes as its scheduler (None without dask)."""
    from simulate.dask_cluster import scheduler_for

    if backend not in BACKENDS:
        raise ConfigError(f"--backend {backend!r} is unknown; allowed: {', '.join(BACKENDS)}")
    if backend == "dask":
        return scheduler_for(scheduler, connect_timeout)
    for given, option in ((scheduler, "--scheduler"), (connect_timeout, "--connect-timeout")):
        if given is not None:
            raise ConfigError(f"{option} is for the Dask backend: add --backend dask "
                              f"(the backend is {backend!r})")
    return None


INTERRUPTED = "interrupted: finished chunks are saved; run the same command to resume"


MAX_WORD = 160     # an echoed value (a path, a name, a repr) longer than this is cut in the middle
MAX_LINE = 1000


def one_line(message: str) -> str:
    """An error message as one bounded line: whitespace collapsed, control characters escaped
    (an echoed value cannot move the cursor), every over-long word (an echoed value: no word of
    the tool's own is that long: cut in the middle, so a path keeps its file name) and the line
    itself cut with "…"."""
    shown = "".join(c if c.isprintable() or c.isspace() else repr(c)[1:-1] for c in message)
    half = MAX_WORD // 2
    words = [w if len(w) <= MAX_WORD else w[:half] + "…" + w[-half:] for w in shown.split()]
    line = "error: " + " ".join(words)
    return line if len(line) <= MAX_LINE else line[:MAX_LINE] + "…"


@contextmanager
def user_errors(debug: bool = False) -> Iterator[None]:
    """Turn bad input into one line on stderr and exit code 2."""
    try:
        yield
    except (ConfigError, IllegalActionError) as exc:
        if debug:
            raise
        typer.echo(one_line(str(exc)), err=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        typer.echo(f"\n{INTERRUPTED}", err=True)
        raise typer.Exit(130) from None


class OneLineGroup(typer.core.TyperGroup):
    """The app's command group: a bad option value (``--games abc``), an unknown option or a
    missing argument is one line and exit code 2 (not click's usage box), and SIGTERM stops a
    run the way Ctrl-C does."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):
        previous = interrupts.install()       # Ctrl-C and SIGTERM: a genuine interrupt
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except TyperException as exc:         # click's usage errors derive from it (typer 0.29)
            if _is_help(exc):                 # no arguments to a group: its help, exit code 2
                typer.echo(exc.format_message(), err=True)
            else:
                typer.echo(one_line(exc.format_message()), err=True)
            code = exc.exit_code
        except (typer.Abort, KeyboardInterrupt):
            typer.echo(f"\n{INTERRUPTED}", err=True)
            code = 130
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
        sys.exit(code if isinstance(code, int) else 0)


def _is_help(exc: TyperException) -> bool:
    ctx = getattr(exc, "ctx", None)
    return ctx is not None and exc.format_message() == ctx.get_help()


def games_found(out: str, fresh: bool) -> int:
    """The games an earlier run left in ``out`` (its manifest's count; 0 with --fresh, for a
    new folder, or one that is not the tool's: the run itself then says what is wrong)."""
    from pathlib import Path

    from simulate.results_folder import MANIFEST, read_marker
    if fresh or not (Path(out) / MANIFEST).is_file():
        return 0
    try:
        found = read_marker(Path(out)).get("games_done", 0)
    except ConfigError:
        return 0
    return found if isinstance(found, int) and found > 0 else 0


def resumed_line(found: int, played: int) -> str | None:
    """One line for a command that resumed a folder: how many games were there already and how
    many it played now ("resumed: nothing to play" when none); None for a new run."""
    if not found:
        return None
    if not played:
        return f"resumed: nothing to play; {found:,} games were already played"
    return f"resumed: {found:,} games were already played, {played:,} played now"
