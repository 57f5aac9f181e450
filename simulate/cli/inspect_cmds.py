"""`simulate list`, `simulate validate` and `simulate report`: look before and after a run."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Annotated

import typer

from simulate.cli.common import ConfigPath, Debug, user_errors
from simulate.games.base import ConfigError


def list_games(game: Annotated[str | None, typer.Argument(
        help="Show only this game.", show_default=False)] = None, debug: Debug = False) -> None:
    """Show the games, their strategies with parameters, and every rule with its default and
    allowed values."""
    from simulate.games import game_names, get_game
    from simulate.games.base import allowed_text, rule_fields
    from simulate.config import can_look_ahead
    from strategies import strategies_for, strategy_params

    with user_errors(debug):
        names = [game] if game is not None else list(game_names())
        for name in names:
            spec = get_game(name)
            lo, hi = spec.players
            typer.echo(f"{spec.name}  ({spec.title}, {lo}-{hi} players, engine {spec.version})")
            if spec.heroes:
                typer.echo(f"  heroes: {', '.join(spec.heroes)}")
            typer.echo("  strategies:")
            for sname, cls in strategies_for(name).items():
                if cls.looks_ahead and not can_look_ahead(spec):
                    continue          # search needs State.determinize
                params = ", ".join(f"{k} = {toml_value(v)}"
                                   for k, v in strategy_params(cls).items())
                default = "   (default)" if sname == spec.default_strategy else ""
                typer.echo(f"    {sname}({params}){default}")
            if spec.card_names is not None or spec.mechanics:
                typer.echo("  restrict (a seat's strategy table, restricted play):")
            if spec.card_names is not None:
                cards = spec.card_names()
                typer.echo(f'    "card:<name>", {len(cards)} cards: {", ".join(cards)}')
            for name, words, _ in spec.mechanics:
                typer.echo(f'    "mechanic:{name}": {words}')
            typer.echo("  rules:")
            for f in rule_fields(spec.rules_class):
                typer.echo(f"    {f.name} = {toml_value(f.default)}   [{allowed_text(f)}]  "
                           f"{f.metadata['doc']}")


def toml_value(value) -> str:
    """A default as it would be written in the config: false, 2.5, "text", [3, 3]."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    return str(value)


VALIDATE_SECONDS = 10.0
IN_CHILD = "SIMULATE_VALIDATE_IN_CHILD"


def validate(config: ConfigPath, debug: Debug = False) -> None:
    """Check CONFIG without running it."""
    from simulate.config import load_config, load_toml
    from simulate.results_folder import check_out

    with user_errors(debug):
        if not os.environ.get(IN_CHILD) and _custom_strategies(load_toml(config)):
            _validate_in_child(config, debug)
            return
        cfg = load_config(config)
        check_out(Path(cfg.out))
        from simulate.adaptive.retrain import check_retrain
        check_retrain(cfg)                     # the re-training races' settings, too
        if any(table in cfg.raw for table in ("tune", "sensitivity", "cards", "train")):
            typer.echo(_check_adaptive(cfg.raw))
            return
        variants = ", ".join(v.name for v in cfg.variants)
        typer.echo(f"ok: {cfg.game}, {cfg.games:,} games x {len(cfg.player_counts)} player "
                   f"count(s) x {len(cfg.variants)} variant(s) [{variants}], seed {cfg.seed}")


def _custom_strategies(data: dict) -> list[str]:
    """The ``module:Class`` strategies a config names (their code is the user's)."""
    players = data.get("players") if isinstance(data.get("players"), dict) else {}
    variants = data.get("variants") if isinstance(data.get("variants"), list) else []
    forms = [players.get("strategies")] + [v.get("strategies") for v in variants
                                           if isinstance(v, dict)]
    names = []
    for form in forms:
        for one in form if isinstance(form, list) else [form]:
            name = one.get("name") if isinstance(one, dict) else one
            if isinstance(name, str) and ":" in name:
                names.append(name)
    return names


def strategies_checked(config: str, debug: bool) -> None:
    """Before ``run``, ``tune`` or ``sensitivity`` build a config's ``module:Class`` strategies in
    this process, check them in a child given VALIDATE_SECONDS: an import or ``__init__`` that
    hangs or exits stops the command there, in one line."""
    from simulate.config import load_toml

    if not os.environ.get(IN_CHILD) and _custom_strategies(load_toml(config)):
        _validate_in_child(config, debug, say_ok=False)


def _validate_in_child(config: str, debug: bool, say_ok: bool = True) -> None:
    """Validate in a child process, given VALIDATE_SECONDS: checking a ``module:Class`` strategy
    imports its module and calls its ``__init__`` (the user's code, which may hang or exit), and
    this process stays out of its reach. The child's lines and exit code are passed on."""
    from simulate.config import load_toml

    names = ", ".join(_custom_strategies(load_toml(config)))
    command = [sys.executable, "-m", "simulate", "validate", config] + (["--debug"] * debug)
    try:
        where = os.pathsep.join([os.getcwd(), *sys.path])    # finds what this process finds
        child = subprocess.run(command, env={**os.environ, IN_CHILD: "1", "PYTHONPATH": where},
                               capture_output=True,
                               text=True, timeout=VALIDATE_SECONDS, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise ConfigError(f"checking the strategies {names} took longer than "
                          f"{VALIDATE_SECONDS:g} s (does importing the module or its __init__ "
                          "hang?)") from None
    if child.returncode == 0 and child.stdout.startswith("ok"):
        if say_ok:
            typer.echo(child.stdout, nl=False)
        return
    if child.returncode == 2 and child.stderr.strip():
        typer.echo(child.stderr, nl=False, err=True)
        raise typer.Exit(2)
    code = child.returncode
    how = signal.Signals(-code).name if code < 0 else f"exit code {code}"
    raise ConfigError(f"checking the strategies {names} ended the check ({how}) without a verdict")


def _check_adaptive(data: dict) -> str:
    """Validate a config's [tune], [sensitivity], [cards] or [train] table; a one-line
    summary."""
    from simulate.adaptive.cards import plan_cards, plan_summary
    from simulate.adaptive.sensitivity import plan_sensitivity
    from simulate.adaptive.train import plan_train
    from simulate.adaptive.tune import plan_tune

    if "train" in data:
        plan = plan_train(data)
        return (f"ok: train {plan.start['name']} ({', '.join(plan.spans)}), "
                f"{len(plan.candidates) - 1} parameter sets against the defaults; rounds "
                f"{', '.join(map(str, plan.sizes))} seeds")
    if "cards" in data:
        cards = plan_cards(data)
        return f"ok: cards, {plan_summary(cards)}; {cards.cfg.games:,} games each"
    if "tune" in data:
        plan = plan_tune(data)
        return (f"ok: tune {', '.join(plan.rules)} over {len(plan.grid)} values by "
                f"{plan.method} toward {'; '.join(t.label for t in plan.targets)}; rounds "
                f"{', '.join(map(str, plan.sizes))} games")
    sens = plan_sensitivity(data)
    return (f"ok: sensitivity of {sens.metric.label} at {sens.players}p to "
            f"{len(sens.changes)} rule values ({len(sens.skipped)} skipped); rounds "
            f"{', '.join(map(str, sens.sizes))} games")


def report(out: Annotated[str, typer.Argument(help="A run's results folder.")],
           debug: Debug = False) -> None:
    """Rebuild the HTML report of the run in OUT."""
    from reports.report import build_report
    from reports.tuning import build_sensitivity_report, build_tune_report
    from simulate.manifest import coverage_note, verified
    from simulate.results_folder import existing_results

    with user_errors(debug):
        folder = existing_results(out)
        manifest = verified(folder)
        config = manifest.get("config", {})
        note = coverage_note(folder, manifest)
        if note:
            typer.echo(note, err=True)
        if "tune" in config and (folder / "tune.json").is_file():
            typer.echo(f"report: {build_tune_report(folder)}")
        elif "sensitivity" in config and (folder / "sensitivity.json").is_file():
            typer.echo(f"report: {build_sensitivity_report(folder)}")
        elif "train" in config and (folder / "train.json").is_file():
            from reports.training import build_train_report
            typer.echo(f"report: {build_train_report(folder)}")
        else:
            typer.echo(f"report: {build_report(folder)}")
