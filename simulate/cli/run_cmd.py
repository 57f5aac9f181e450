"""`simulate run`: play a config's games into Parquet and write the HTML report."""
from __future__ import annotations

import os
from typing import Annotated

import typer

from simulate.cli.common import (Chunk, ConfigPath, ConnectTimeout, Debug, Games, Jobs, Out,
                                 Seed, check_backend, games_found, resumed_line, user_errors)


def run(config: ConfigPath, out: Out = None, jobs: Jobs = None, games: Games = None,
        seed: Seed = None, chunk: Chunk = None,
        backend: Annotated[str, typer.Option(
            "--backend", help="loky (this machine) or dask (a Dask cluster).")] = "loky",
        scheduler: Annotated[str | None, typer.Option(
            "--scheduler", help="Dask scheduler address, with --backend dask.")] = None,
        connect_timeout: ConnectTimeout = None,
        fresh: Annotated[bool, typer.Option(
            "--fresh", help="Delete this tool's earlier results in the out folder first "
            "(never other files).")] = False,
        report: Annotated[bool, typer.Option(help="Write report.html at the end.")] = True,
        engine: Annotated[str | None, typer.Option(
            "--engine", help="auto (compiled kernel when every seat has one), python or "
                             "compiled (overrides [run]).")] = None,
        until_ci: Annotated[float | None, typer.Option(
            "--until-ci", help="Play in rounds until every headline interval (win rates, paired "
            "differences) is at most this wide; --games is then the cap.")] = None,
        debug: Debug = False) -> None:
    """Play the games of CONFIG (resuming an interrupted run) and write the report."""
    from simulate.api import play
    from simulate.cli.inspect_cmds import strategies_checked
    from simulate.config import load_config
    from simulate.cli.progress import RunProgress

    with user_errors(debug):
        scheduler = check_backend(backend, scheduler, connect_timeout)
        strategies_checked(config, debug)        # a module:Class strategy's code, bounded
        cfg = load_config(config, games=games, seed=seed, jobs=jobs, out=out, chunk=chunk,
                          until_ci=until_ci, engine=engine)
        if cfg.jobs > (os.cpu_count() or 1):
            typer.echo(f"warning: {cfg.jobs} jobs on {os.cpu_count()} cores; more workers than "
                       "cores only share them", err=True)
        found = games_found(cfg.out, fresh)
        with RunProgress() as progress:
            manifest, stopping, path = play(
                cfg, backend=backend, scheduler=scheduler, fresh=fresh, report=report,
                progress=progress.games, say=lambda line: typer.echo(line, err=True),
                debug=debug, reporting=lambda: progress.step("writing the report"))
        if cfg.until_ci:
            typer.echo(f"stopped at {stopping['games']:,} games per variant and player count "
                       f"(the cap: {cfg.games:,}): {stopping['reason']}")
        if found and progress.played:        # nothing played: the done line says "resumed"
            typer.echo(resumed_line(found, progress.played))
        typer.echo(_done_line(manifest.data, progress.played, cfg.out))
        if report:
            typer.echo(f"report: {path}")


def _done_line(data: dict, played: int, out) -> str:
    """'N games in OUT, R games/s (engine)'; a resumed run with nothing left says so, and a
    speed that cannot be measured is left out (never '0 games/s')."""
    from reports.facts import speed
    engine = f"({data['engine']} engine: {data['engine_note']})"
    if not played:
        return f"resumed: nothing to play; {data['games_done']:,} games already in {out} {engine}"
    rate = speed(data["games_done"], data["elapsed_seconds"])
    return f"{data['games_done']:,} games in {out}{', ' + rate if rate else ''} {engine}"
