"""`simulate cards`: per card of CONFIG's [cards] decks, one variant with it removed from the game
and one per seat with that seat granted it, played on the baseline's seeds; the report ranks the
cards by their paired effects."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from simulate.cli.common import (Chunk, ConfigPath, ConnectTimeout, Debug, Games, Jobs, Out, Seed,
                                 check_backend, user_errors)
from simulate.cli.tune_cmd import Backend, Fresh, Report, Scheduler


def cards(config: ConfigPath, out: Out = None, jobs: Jobs = None, games: Games = None,
          seed: Seed = None, chunk: Chunk = None, backend: Backend = "loky",
          scheduler: Scheduler = None, connect_timeout: ConnectTimeout = None,
          fresh: Fresh = False, report: Report = True, pairs: Pairs = None,
          debug: Debug = False) -> None:
    """Take each card of CONFIG's [cards] decks out of the game, and grant it to each seat in
    turn, one variant each on the baseline's seeds (resuming an interrupted study), and write
    the report with the section 'What each card is worth'."""
    from simulate.adaptive.cards import plan_cards, plan_summary, save_plan
    from simulate.api import play
    from simulate.cli.inspect_cmds import strategies_checked
    from simulate.cli.progress import RunProgress
    from simulate.config import load_toml
    from simulate.results_folder import held_for_rounds
    from simulate.runner import run

    with user_errors(debug):
        scheduler = check_backend(backend, scheduler, connect_timeout)
        strategies_checked(config, debug)        # a module:Class strategy's code, bounded
        plan = plan_cards(load_toml(config), pairs=pairs, seed=seed, jobs=jobs, out=out,
                          games=games, chunk=chunk)
        cfg = plan.cfg
        with held_for_rounds(Path(cfg.out)), RunProgress() as progress:
            run(cfg, backend, scheduler, fresh=fresh, upto=0)    # claim (and clear) the folder
            save_plan(plan)
            manifest, _, path = play(cfg, backend=backend, scheduler=scheduler,
                                     report=report and not plan.pairs,
                                     progress=progress.games, debug=debug,
                                     say=lambda line: typer.echo(line, err=True),
                                     reporting=lambda: progress.step("writing the report"))
            if plan.pairs:
                path = _pairs(plan, backend, scheduler, progress, fresh, report)
        played = progress.played
        done = manifest.data["games_done"]
        typer.echo(f"{plan_summary(plan)}; {done:,} games in {cfg.out}"
                   + ("" if played else " (resumed: nothing to play)"))
        for card, why in plan.skipped[:MOST]:
            typer.echo(f"  skipped {card}: {why}")
        if len(plan.skipped) > MOST:
            typer.echo(f"  ... and {len(plan.skipped) - MOST} more (all in {cfg.out}/cards.json)")
        for line in top_cards(cfg.out):
            typer.echo(line)
        if report:
            typer.echo(f"report: {path}")


MOST = 10          # refusals and cards printed at most
Pairs = Annotated[int | None, typer.Option(
    "--pairs", help="Then remove the K most valuable cards in pairs: do two cards work together? "
                    "(overrides [cards] pairs; 2 to 8)")]


def _pairs(plan, backend: str, scheduler: str | None, progress, fresh: bool,
           report: bool) -> Path | None:
    """The pairs of the study's top cards, played in <out>/pairs; the plan saved with them;
    then the report (which reads both runs)."""
    from simulate.adaptive.card_pairs import play_pairs
    from simulate.adaptive.cards import save_plan
    pairs = play_pairs(plan, backend, scheduler, progress.games, fresh)
    save_plan(plan)
    if pairs is None:
        typer.echo("pairs: fewer than two cards could be removed; no pairs played", err=True)
    else:
        typer.echo(f"pairs: {len(pairs.pairs)} pairs of the {len(pairs.singles)} cards whose "
                   f"removal moved the headline most, in {pairs.cfg.out}")
    if not report:
        return None
    from reports.report import build_report
    with progress.step("writing the report"):
        return build_report(plan.cfg.out)


def top_cards(out) -> list[str]:
    """The most valuable cards per player count, each intervention with its interval (the
    report's card table, reports.cards)."""
    from reports.cards import card_rows, row_text
    lines, rows = [], card_rows(out)
    for players in sorted({r["players"] for r in rows}):
        here = [r for r in rows if r["players"] == players]
        lines.append(f"top cards at {players} player{'s' if players > 1 else ''} "
                     f"({len(here)} cards; the report's card table holds every one):")
        lines += [f"  {row_text(r)}" for r in here[:MOST]]
    return lines
