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
            ["games per variant and player count", f"{identity['games']:,}"],
            ["games in this report", f"{total:,}"],
            ["player counts", ", ".join(map(str, identity["player_counts"]))],
            ["strategies (per seat)", " | ".join(_strategy_text(s) for s in identity["strategies"])],
            ["heroes (per seat)", " | ".join(h or "random" for h in identity["heroes"])],
            ["seats rotated", "yes: every seed in every rotation" if run.rotate else "no"],
            ["variants", ", ".join(run.variants)],
            ["time playing", f"{seconds:,.1f} s"],
            ["games per second", f"{total / seconds:,.0f}" if seconds > 0 else "–"]]
    if run.solo_win():
        rows.append(["solo win", run.solo_win()])
    if "stopping" in manifest:               # --until-ci, tune, sensitivity: why it stopped
        stop = manifest["stopping"]
        rows.append(["stopped", (f"after {stop['games']:,} games per variant and player "
                                 "count: " if "games" in stop else "") + stop.get("reason", "")])
    variant_rows = [[v["name"], _differs(v, spec), "own seed " + str(v["seed"])
                     if v.get("seed") is not None else "the run's seed (paired)"]
                    for v in identity["variants"]]
    return [Table(["", ""], rows, "The run"),
            Table(["variant", "rules and components that differ from the printed game", "seeds"],
                  variant_rows, "Variants"),
            Code(json.dumps(manifest.get("config", {}), indent=2, default=str),
                 "The configuration as written")]


def _engine_text(manifest: dict) -> str:
    """Which engine played (simulate/engines.py); runs before engines were recorded: Python."""
    engine = manifest.get("engine", "python")
    name = "compiled kernel" if engine == "compiled" else "Python reference engine"
    return f"{name} ({manifest['engine_note']})" if manifest.get("engine_note") else name


def _differs(variant: dict, spec) -> str:
    """The variant's changed rules, then its component changes (``market:Longsword.cost = 2``,
    ``remove ...``, ``... x3``), or "printed rules"."""
    rules = [f"{k} = {val}" for k, val in _changed(variant, spec).items()]
    return ", ".join(rules + variant.get("components", [])) or "printed rules"


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
