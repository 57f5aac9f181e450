"""`simulate replay`: one game of a run, decision by decision."""
from __future__ import annotations

from typing import Annotated

import typer

from simulate.cli.common import ConfigPath, Debug, Seed, user_errors
from simulate.games.base import ConfigError, did_you_mean


def replay(config: ConfigPath,
           game: Annotated[int, typer.Option("--game", help="The game's index in the run.")],
           variant: Annotated[str, typer.Option("--variant", help="Variant name.")] = "baseline",
           players: Annotated[int | None, typer.Option(
               "--players", help="Player count, if the run has several.")] = None,
           seed: Seed = None, debug: Debug = False) -> None:
    """Print game GAME of CONFIG's run as a readable log: rolls, decisions, score changes."""
    from simulate.config import heroes_for_game, load_config
    from simulate.games.component_files import using_folder
    from simulate.games.grants import grant_at
    from simulate.play import play_game
    from simulate.seating import game_seed
    from strategies import build_strategy

    with user_errors(debug):
        cfg = load_config(config, seed=seed)
        chosen = [v for v in cfg.variants if v.name == variant]
        if not chosen:
            names = [v.name for v in cfg.variants]
            raise ConfigError(f"unknown variant '{variant}'{did_you_mean(variant, names)}; "
                              f"variants: {', '.join(names)}")
        n = players if players is not None else cfg.player_counts[0]
        if n not in cfg.player_counts:
            raise ConfigError(f"--players {n} is not in this run; player counts: "
                              f"{', '.join(map(str, cfg.player_counts))}")
        if not 0 <= game < cfg.games:
            raise ConfigError(f"--game {game} is out of range; allowed: 0..{cfg.games - 1}")
        spec = cfg.spec
        if chosen[0].retrain is not None:
            raise ConfigError(f"variant '{variant}' is played by strategies re-trained in its "
                              f"run; replay it with their parameters (the run's retrain/ "
                              f"folders, train.json) as a variant's strategies")
        seats = [build_strategy(spec.name, s) for s in chosen[0].seat_strategies(cfg)[:n]]
        heroes = heroes_for_game(spec, cfg.heroes[:n], game)
        log: list[str] = []
        seed_used = game_seed(cfg.seed, game)
        with using_folder(cfg.game, cfg.data_of(chosen[0]), chosen[0].components):   # as played
            _, outcome, decisions = play_game(spec, chosen[0].rules, seats, seed_used, heroes,
                                              index=game, log=log,
                                              decision_seconds=cfg.decision_seconds,
                                              grant=grant_at(chosen[0].grant, n))
        typer.echo(f"{spec.title}: game {game}, variant {variant}, {n} player(s), "
                   f"seed {seed_used}")
        for line in log:
            typer.echo(line)
        typer.echo(f"end: {outcome.end_reason} after {decisions} decisions")
        for seat in range(n):
            typer.echo(f"seat {seat} ({seats[seat].describe()}): score {float(outcome.scores[seat])}, "
                       f"rank {outcome.ranks[seat]}{', won' if outcome.won[seat] else ''}")
