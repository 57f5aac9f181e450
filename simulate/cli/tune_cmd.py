"""`simulate tune` and `simulate sensitivity`: adaptive runs that stop when the answer is known."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from simulate.cli.common import (Chunk, ConfigPath, ConnectTimeout, Debug, Games, Jobs, Out, Seed,
                                 check_backend, games_found, resumed_line, user_errors)
from simulate.results_folder import held_for_rounds

Backend = Annotated[str, typer.Option("--backend", help="loky (this machine) or dask.")]
Scheduler = Annotated[str | None, typer.Option("--scheduler", help="Dask scheduler address.")]
Fresh = Annotated[bool, typer.Option("--fresh", help="Delete this tool's earlier results in the "
                                     "out folder first (never other files).")]
Report = Annotated[bool, typer.Option(help="Write report.html at the end.")]


def tune(config: ConfigPath, out: Out = None, jobs: Jobs = None, games: Games = None,
         seed: Seed = None, chunk: Chunk = None, backend: Backend = "loky",
         scheduler: Scheduler = None, connect_timeout: ConnectTimeout = None,
         fresh: Fresh = False,
         report: Report = True, debug: Debug = False) -> None:
    """Find the rule values that meet the targets of CONFIG's tune table, each with its
    interval (noisy bisection for one rule and target, else successive halving)."""
    from reports.tuning import answer_line, build_tune_report, estimates_text, point_text
    from simulate.adaptive.tune import plan_tune, tune as run_tune
    from simulate.cli.inspect_cmds import strategies_checked
    from simulate.config import load_toml
    from simulate.cli.progress import RunProgress
    from simulate.runner import absent_note

    with user_errors(debug):
        strategies_checked(config, debug)        # a module:Class strategy's code, bounded
        plan = plan_tune(load_toml(config), seed=seed, jobs=jobs, out=out, games=games,
                         chunk=chunk)
        scheduler = check_backend(backend, scheduler, connect_timeout)
        found = games_found(plan.cfg.out, fresh)
        with held_for_rounds(Path(plan.cfg.out)), RunProgress() as progress:  # every round + report
            result = run_tune(plan, backend, scheduler, progress.games, fresh)
            report_path = build_tune_report(plan.cfg.out) if report else None
        if absent_note(plan.cfg):
            typer.echo(absent_note(plan.cfg))
        typer.echo(f"method: {result['method']}")
        for row in result["candidates"]:           # every value tried, with its interval
            typer.echo(f"  {point_text(plan.rules, row['point'])}: "
                       f"{estimates_text(result, row)}  ({row['games']:,} games, "
                       f"{row['status']})")
        typer.echo(answer_line(result))
        if result["note"]:
            typer.echo(f"note: {result['note']}")
        typer.echo(f"{len(result['candidates'])} values tried, {result['games_spent']:,} games "
                   f"in {plan.cfg.out} ({result['stopped']})")
        if resumed := resumed_line(found, progress.played):     # an earlier run's folder
            typer.echo(resumed)
        if report:
            typer.echo(f"report: {report_path}")


def sensitivity(config: ConfigPath, out: Out = None, jobs: Jobs = None, games: Games = None,
                seed: Seed = None, chunk: Chunk = None, backend: Backend = "loky",
                scheduler: Scheduler = None, connect_timeout: ConnectTimeout = None,
                fresh: Fresh = False,
                report: Report = True, debug: Debug = False) -> None:
    """Set every rule to its low and high value and rank the rules by their paired effect on
    the metric of CONFIG's sensitivity table (Holm-adjusted p-values, tornado chart)."""
    from reports.tuning import (build_sensitivity_report, effect_line, estimate_words,
                                sensitivity_kind, sensitivity_words)
    from simulate.adaptive.sensitivity import plan_sensitivity, sensitivity as run_sensitivity
    from simulate.cli.inspect_cmds import strategies_checked
    from simulate.config import load_toml
    from simulate.cli.progress import RunProgress

    with user_errors(debug):
        strategies_checked(config, debug)        # a module:Class strategy's code, bounded
        plan = plan_sensitivity(load_toml(config), seed=seed, jobs=jobs, out=out, games=games,
                                chunk=chunk)
        scheduler = check_backend(backend, scheduler, connect_timeout)
        found = games_found(plan.cfg.out, fresh)
        with held_for_rounds(Path(plan.cfg.out)), RunProgress() as progress:  # every round + report
            result = run_sensitivity(plan, backend, scheduler, progress.games, fresh)
            report_path = build_sensitivity_report(plan.cfg.out) if report else None
        kind, seats = sensitivity_kind(result), result["players"]
        typer.echo(f"{sensitivity_words(result)} at {seats} player{'s' if seats > 1 else ''}, "
                   f"baseline {estimate_words(result['baseline'], kind)}; largest effects:")
        for row in result["effects"][:8]:
            typer.echo(f"  {effect_line(result, row)}")
        typer.echo(f"{len(result['effects'])} rule values, {len(result['skipped'])} skipped, "
                   f"{result['games_spent']:,} games in {plan.cfg.out}")
        if resumed := resumed_line(found, progress.played):     # an earlier run's folder
            typer.echo(resumed)
        if report:
            typer.echo(f"report: {report_path}")

