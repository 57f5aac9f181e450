"""`simulate compare RUN_A RUN_B`: two finished runs of one game, before and after, on one page."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from simulate.cli.common import Debug, user_errors

Before = Annotated[str, typer.Argument(help="The first finished results folder (before).",
                                       show_default=False)]
After = Annotated[str, typer.Argument(help="The second finished results folder (after).",
                                      show_default=False)]
Page = Annotated[str | None, typer.Option(
    "--out", help="The page to write (default: compare.html in the second folder's parent).")]


def compare(before: Before, after: After, out: Page = None, debug: Debug = False) -> None:
    """Compare two finished runs of the same game: what differs between them, then every
    measure before / after / difference with its interval, paired game by game when they
    played the same seeds."""
    from reports.compare import compare_runs, write_page
    from simulate.results_folder import existing_results

    with user_errors(debug):
        a, b = existing_results(before), existing_results(after)
        page = Path(out).expanduser().resolve() if out else b.parent / "compare.html"
        comparison = compare_runs(a, b)
        written = write_page(comparison, page)
        for line in comparison.lines:
            typer.echo(line)
        typer.echo(f"page: {written}")
