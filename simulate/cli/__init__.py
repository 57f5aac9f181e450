"""The `simulate` command: a small typer app, one module per command.

Exit codes: 0 ok, 2 bad input (config, options, an illegal action from a strategy), 1 a bug.
Bad input prints one line; ``--debug`` shows the traceback instead.
"""
from __future__ import annotations

import sys
from importlib import metadata
from typing import Annotated

import typer

from simulate.cli.common import OneLineGroup
from simulate.cli import (cards_cmd, compare_cmd, components_cmd, inspect_cmds, replay_cmd, run_cmd,
                          train_cmd, tune_cmd)

# rich_markup_mode=None: help texts are plain text, so "[run]" prints as written; -h = --help.
app = typer.Typer(cls=OneLineGroup, add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  rich_markup_mode=None, context_settings={"help_option_names": ["-h", "--help"]},
                  help="Monte Carlo balance analysis for dice-driven adventure board games.")


def _print_version(asked: bool) -> None:
    if asked:
        try:
            version = metadata.version("dice-balance")
        except metadata.PackageNotFoundError:        # run from a source tree, not installed
            from simulate import __version__ as version
        typer.echo(f"simulate {version}")
        raise typer.Exit(0)


@app.callback()
def _options(version: Annotated[bool, typer.Option(
        "--version", callback=_print_version, is_eager=True,
        help="Print the version and exit.")] = False) -> None:
    pass


app.command("run")(run_cmd.run)
app.command("tune")(tune_cmd.tune)
app.command("sensitivity")(tune_cmd.sensitivity)
app.command("train")(train_cmd.train)
app.command("cards")(cards_cmd.cards)
app.command("replay")(replay_cmd.replay)
app.command("list")(inspect_cmds.list_games)
app.command("validate")(inspect_cmds.validate)
app.command("report")(inspect_cmds.report)
app.command("compare")(compare_cmd.compare)
app.add_typer(components_cmd.app, name="components")


def main() -> None:
    """The `simulate` command (console script and ``python -m simulate``): the app, and once it
    has decided its exit code, a late Ctrl-C or SIGTERM while the interpreter exits ends the
    process at once with that code (interrupts.exit_at_once_with), never a traceback after the
    command's last line."""
    from simulate.interrupts import exit_at_once_with
    try:
        app(prog_name="simulate")
    except SystemExit as ended:
        code = ended.code
        exit_at_once_with(code if isinstance(code, int) else 0 if code is None else 1)
        raise
    sys.exit(0)
