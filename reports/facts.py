"""What was run (the configuration, the variants, the time taken) and the results' columns."""
from __future__ import annotations

import json
from typing import Any

from reports.blocks import Code, Paragraph, Table


def what_was_run(run) -> list:
    manifest, spec = run.manifest, run.spec
    identity = manifest["identity"]
    seconds = manifest.get("elapsed_seconds", 0.0)
    total = sum(run.count(p) for p in run.player_counts)
    rows = [["game", f"{spec.title} (engine version {spec.version})"],
            ["package version", manifest.get("package_version", "?")],
            ["engine", _engine_text(manifest)],
            ["seed", str(identity["seed"])],
            ["games per variant and player count", _games_text(identity, manifest)],
            ["games in this report", f"{total:,}"],
            ["player counts", ", ".join(map(str, identity["player_counts"]))],
            ["strategies (per seat)", " | ".join(_strategy_text(s) for s in identity["strategies"])],
            ["heroes (per seat)", hero_assignment(identity["heroes"])],
            ["seats rotated", "yes: every seed in every rotation" if run.rotate else "no"],
            ["variants", ", ".join(run.variants)],
            ["time playing", f"{seconds:,.1f} s"],
            ["games per second", speed(total, seconds) or "–"]]
    if run.solo_win():
        rows.append(["solo win", run.solo_win()])
    if "stopping" in manifest:               # --until-ci, tune, sensitivity: why it stopped
        stop = manifest["stopping"]
        rows.append(["stopped", (f"after {stop['games']:,} games per variant and player "
                                 "count: " if "games" in stop else "") + stop.get("reason", "")])
    variant_rows = [[v["name"], _differs(v, spec, run), "own seed " + str(v["seed"])
                     if v.get("seed") is not None else "the run's seed (paired)"]
                    for v in identity["variants"]]
    return [Table(["", ""], rows, "The run"),
            Table(["variant", "rules and components that differ from the printed game", "seeds"],
                  variant_rows, "Variants"),
            Code(json.dumps(manifest.get("config", {}), indent=2, default=str),
                 "The configuration as written")]


def _games_text(identity: dict, manifest: dict) -> str:
    """The games played per variant and player count; a stopping rule's cap as the cap."""
    stop = manifest.get("stopping", {})
    cap = f"{identity['games']:,}"
    if stop.get("rule") == "until_ci" and "games" in stop:
        return f"{stop['games']:,} (--until-ci stopped there; the cap was {cap})"
    if stop.get("rule") in ("tune", "sensitivity"):
        return f"as many as each value needed, at most {cap} (the cap)"
    return cap


def hero_assignment(heroes: list) -> str:
    """What the config did with the seats' heroes, in words."""
    from simulate.config import ALL_HEROES
    if not heroes or all(h in (None, "random") for h in heroes):
        return "dealt at random"
    if heroes[0] == ALL_HEROES:
        return ('every hero in turn (heroes = "all"): each seat plays each hero equally '
                "often, who meets whom balanced and seeded, the same in every variant")
    return " | ".join(h if h not in (None, "random") else "dealt at random" for h in heroes)


def speed(games: int, seconds: float) -> str:
    """'1,234 games/s' (two significant digits below 10); '' when nothing was played or no
    time was measured (never '0 games/s')."""
    if games <= 0 or not seconds or seconds <= 0:
        return ""
    rate = games / seconds
    return f"{rate:,.0f} games/s" if rate >= 10 else f"{rate:.2g} games/s"


def _engine_text(manifest: dict) -> str:
    """Which engine played (simulate/engines.py); runs before engines were recorded: Python."""
    engine = manifest.get("engine", "python")
    name = "compiled kernel" if engine == "compiled" else "Python reference engine"
    return f"{name} ({manifest['engine_note']})" if manifest.get("engine_note") else name


def _differs(variant: dict, spec, run=None) -> str:
    """The variant's changed rules, then its component changes (``market:Longsword.cost = 2``,
    ``remove ...``, ``... x3``), a granted card and its own strategies; "printed rules" only
    when it changes none of them (a grant-only variant's row read "printed rules")."""
    rules = [f"{k} = {val}" for k, val in _changed(variant, spec).items()]
    if variant.get("components folder"):
        rules.append(_folder_text(variant["components folder"], run))
    own = [f"grant = {variant['grant']}"] if variant.get("grant") else []
    if variant.get("strategies"):
        own.append("strategies = " + " | ".join(map(str, variant["strategies"])))
    return ", ".join(rules + variant.get("components", []) + own) or "printed rules"


def _folder_text(folder: str, run) -> str:
    """A variant's own components folder and what differs in it from the baseline's files."""
    from reports.compare import folder_changes
    from reports.cards import listed
    changed = folder_changes(run, folder) if run is not None else []
    return f"components folder {folder}" + (f" ({listed(changed, '; ', 5)})" if changed else
                                            " (the same values as the baseline's)")


def _changed(variant: dict, spec) -> dict:
    printed = spec.rules_class()
    default = {f: getattr(printed, f) for f in variant["rules"] if hasattr(printed, f)}
    return {k: v for k, v in variant["rules"].items()
            if json.dumps(v, default=list) != json.dumps(default.get(k), default=list)}


def _strategy_text(s: Any) -> str:
    if isinstance(s, dict):
        params = ", ".join(f"{k}={v}" for k, v in s.items() if k != "name")
        return f"{s['name']}({params})"
    return str(s)


def columns(spec) -> list:
    from simulate.results import GAME_COLUMNS, SEAT_COLUMNS
    game_rows = [[c, t, d] for c, (t, d) in {**GAME_COLUMNS, **spec.game_columns}.items()]
    seat_rows = [[c, t, d] for c, (t, d) in {**SEAT_COLUMNS, **spec.seat_columns}.items()]
    return [Paragraph("The results folder holds two Parquet tables, games/ and seats/, one file "
                      "per chunk; open them with simulate.results.read_tables(folder), which reads "
                      "only the files manifest.json records."),
            Table(["games column", "type", "meaning"], game_rows),
            Table(["seats column", "type", "meaning"], seat_rows)]
