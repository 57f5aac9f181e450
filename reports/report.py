"""Build the one-file HTML balance report of a finished run: data -> blocks -> jinja2 -> HTML."""
from __future__ import annotations

import datetime as dt
import importlib
import json
import traceback
from pathlib import Path
from typing import Any

import polars as pl
from jinja2 import Environment, PackageLoader, select_autoescape

from reports.blocks import Code, Figure, Heading, Paragraph, Table
from reports.summary import (compare_variants, numeric_metrics, seats_and_strategies, sweep_section,
                             variant_order)

def load_run(out: Path) -> tuple[dict, pl.DataFrame, pl.DataFrame]:
    """The run's tables, rows in config order: the baseline, then each variant as written (the
    report's sections list variants in the order they first appear)."""
    manifest = json.loads((out / "manifest.json").read_text())
    order = {v["name"]: i for i, v in enumerate(manifest["identity"]["variants"])}
    rank = pl.col("variant").replace_strict(order, return_dtype=pl.Int64)
    games = pl.scan_parquet(out / "games" / "*.parquet").sort(rank, "players", "game")
    seats = pl.scan_parquet(out / "seats" / "*.parquet").sort(rank, "players", "game", "seat")
    return manifest, games.collect(), seats.collect()


def build_report(out: str | Path, path: str | Path | None = None) -> Path:
    """Write ``report.html`` for the run in ``out`` and return its path."""
    from simulate.games import get_game

    out = Path(out)
    manifest, games, seats = load_run(out)
    spec = get_game(manifest["game"])
    sections = [("What was run", _what_was_run(manifest, games, spec)),
                ("Seats and strategies", seats_and_strategies(seats, spec.cooperative))]
    compared = compare_variants(games, seats, numeric_metrics(games, spec.game_columns))
    sweep = manifest.get("config", {}).get("sweep", {})
    if compared:
        sections.append(("Variants", sweep_section(seats, sweep, spec.cooperative) + compared))
    sections.append((spec.title, _game_section(spec.name, games, seats)))
    sections.append(("Columns", _columns(spec)))
    return render_page(f"{spec.title} — balance report", sections,
                       Path(path) if path else out / "report.html")


def render_page(title: str, sections: list[tuple[str, list]], target: Path) -> Path:
    """Render titled sections of blocks through the report template into ``target``."""
    env = Environment(loader=PackageLoader("reports", "templates"),
                      autoescape=select_autoescape(["html", "j2"]))
    env.tests["heading"] = lambda b: isinstance(b, Heading)
    env.tests["paragraph"] = lambda b: isinstance(b, Paragraph)
    env.tests["table"] = lambda b: isinstance(b, Table)
    env.tests["figure"] = lambda b: isinstance(b, Figure)
    env.tests["code"] = lambda b: isinstance(b, Code)
    env.filters["cell"] = _cell
    text = env.get_template("report.html.j2").render(
        title=title, sections=sections, generated=dt.datetime.now().strftime("%Y-%m-%d %H:%M"))
    target.write_text(text, encoding="utf-8")
    return target


def _what_was_run(manifest: dict, games: pl.DataFrame, spec) -> list:
    identity = manifest["identity"]
    seconds = manifest.get("elapsed_seconds", 0.0)
    total = len(games)
    rows = [["game", f"{spec.title} (engine version {spec.version})"],
            ["package version", manifest.get("package_version", "?")],
            ["seed", identity["seed"]],
            ["games per variant and player count", f"{identity['games']:,}"],
            ["games in this report", f"{total:,}"],
            ["player counts", ", ".join(map(str, identity["player_counts"]))],
            ["strategies (per seat)", " | ".join(_strategy_text(s) for s in identity["strategies"])],
            ["heroes (per seat)", " | ".join(h or "random" for h in identity["heroes"])],
            ["variants", ", ".join(variant_order(games))],
            ["time playing", f"{seconds:,.1f} s"],
            ["games per second", f"{total / seconds:,.0f}" if seconds > 0 else "–"]]
    if "stopping" in manifest:               # --until-ci: why the rounds stopped
        stop = manifest["stopping"]
        rows.append(["stopped", f"after {stop.get('games', total):,} games per variant and "
                                f"player count: {stop.get('reason', '')}"])
    blocks: list = [Table(["", ""], rows, "The run")]
    if spec.placeholders:
        blocks.append(Paragraph("Placeholder data in use (not the printed components; treat "
                                "results that depend on it with care): " +
                                "; ".join(spec.placeholders)))
    variant_rows = [[v["name"], ", ".join(f"{k} = {val}" for k, val in _changed(v, spec).items())
                     or "printed rules"] for v in identity["variants"]]
    blocks.append(Table(["variant", "rules that differ from the printed rules"], variant_rows,
                        "Variants"))
    blocks.append(Code(json.dumps(manifest.get("config", {}), indent=2, default=str),
                       "The configuration as written"))
    return blocks


def _changed(variant: dict, spec) -> dict:
    printed = spec.rules_class()
    default = {f: getattr(printed, f) for f in variant["rules"]}
    return {k: v for k, v in variant["rules"].items()
            if json.dumps(v, default=list) != json.dumps(default[k], default=list)}


def _strategy_text(s: Any) -> str:
    if isinstance(s, dict):
        params = ", ".join(f"{k}={v}" for k, v in s.items() if k != "name")
        return f"{s['name']}({params})"
    return str(s)


def _game_section(name: str, games: pl.DataFrame, seats: pl.DataFrame) -> list:
    try:
        module = importlib.import_module(f"reports.sections.{name}")
    except ModuleNotFoundError:
        return [Paragraph("This game has no report section of its own yet.")]
    try:
        return module.build(games, seats)
    except Exception:  # a broken section must not lose the rest of the report
        return [Paragraph("This section failed to build: " +
                          traceback.format_exc(limit=2).splitlines()[-1])]


def _columns(spec) -> list:
    from simulate.runner import GAME_COLUMNS, SEAT_COLUMNS
    game_rows = [[c, t, d] for c, (t, d) in {**GAME_COLUMNS, **spec.game_columns}.items()]
    seat_rows = [[c, t, d] for c, (t, d) in {**SEAT_COLUMNS, **spec.seat_columns}.items()]
    return [Paragraph("The results folder holds two Parquet tables, games/ and seats/, one file "
                      "per chunk; open them with polars.scan_parquet('games/*.parquet')."),
            Table(["games column", "type", "meaning"], game_rows),
            Table(["seats column", "type", "meaning"], seat_rows)]


def _cell(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return "–" if value != value else f"{value:,.3f}".rstrip("0").rstrip(".")
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)
