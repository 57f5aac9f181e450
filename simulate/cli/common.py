"""Options shared by several commands, and the one place bad input becomes exit code 2."""
from __future__ import annotations

from contextlib import contextmanager
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
        typer.echo("error: " + " ".join(str(exc).split()), err=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt:
        typer.echo("\ninterrupted: finished chunks are saved; run the same command to resume",
                   err=True)
        raise typer.Exit(130) from None
