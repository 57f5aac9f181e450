"""`simulate train`: better parameters for a built-in strategy (simulate/adaptive/train.py)."""
from __future__ import annotations

from pathlib import Path

import typer

from simulate.cli.common import (Chunk, ConfigPath, ConnectTimeout, Debug, Games, Jobs, Out, Seed,
                                 check_backend, games_found, resumed_line, user_errors)
from simulate.cli.tune_cmd import Backend, Fresh, Report, Scheduler
from simulate.results_folder import held_for_rounds


def train(config: ConfigPath, out: Out = None, jobs: Jobs = None, games: Games = None,
          seed: Seed = None, chunk: Chunk = None, backend: Backend = "loky",
          scheduler: Scheduler = None, connect_timeout: ConnectTimeout = None,
          fresh: Fresh = False,
          report: Report = True, debug: Debug = False) -> None:
    """Race parameter sets of the strategy in CONFIG's train table against its defaults on
    common seeds, at each player count; print the winners as TOML (Bonferroni-corrected
    intervals)."""
    from reports.training import build_train_report
    from simulate.adaptive.train import plan_train, train as run_train
    from simulate.cli.progress import RunProgress
    from simulate.config import load_toml

    with user_errors(debug):
        plan = plan_train(load_toml(config), seed=seed, jobs=jobs, out=out, games=games,
                          chunk=chunk)
        scheduler = check_backend(backend, scheduler, connect_timeout)
        found = games_found(plan.cfg.out, fresh)
        with held_for_rounds(Path(plan.cfg.out)), RunProgress() as progress:
            result = run_train(plan, backend, scheduler, progress.games, fresh)
            report_path = build_train_report(plan.cfg.out) if report else None
        for players, race in result["players"].items():
            typer.echo(f"{players} players: {race['claim']} ({race['stopped']})")
        typer.echo(f"{len(plan.candidates) - 1} parameter sets tried, "
                   f"{result['games_spent']:,} games in {plan.cfg.out}")
        typer.echo(result["final_toml"])
        if resumed := resumed_line(found, progress.played):     # an earlier run's folder
            typer.echo(resumed)
        if report:
            typer.echo(f"report: {report_path}")
