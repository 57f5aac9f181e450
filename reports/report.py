"""Build the one-file HTML balance report of a finished run.

Structure first (``structure``: sections of blocks and their families of tests, computed from
lazy polars aggregates), then rendering (``render``: jinja2 -> one self-contained HTML file).
"""
from __future__ import annotations

import datetime as dt
import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl
from jinja2 import Environment, PackageLoader, select_autoescape

from reports import blocks as b
from reports import cards, facts, headlines, mechanics, retraining, seats, skill, summary, \
    variants
from reports.findings import Family, Finding, report_wide
from reports.section import Section
from reports.tables import BASELINE, RunTables, collect, open_run
from simulate.folder_io import write_inside
from simulate.leads import columns, lead_column
from simulate.results_folder import REPORT


@dataclass
class Report:
    title: str
    summary: list                  # blocks of the summary at the top
    sections: list[Section]        # each with its blocks and its family of tests


def load_run(out: Path) -> tuple[dict, pl.DataFrame, pl.DataFrame]:
    """The run's whole tables, rows in config order (for notebooks and old-style sections; the
    report itself never loads them whole)."""
    run = open_run(Path(out))
    order = [*run.variants, *run.cards, *run.granted]   # a card study's variants after the rules'
    rank = pl.col("variant").replace_strict({v: i for i, v in enumerate(order)},
                                            return_dtype=pl.Int64)
    return (run.manifest, collect(run.games.sort(rank, "players", "game")),
            collect(run.seats.sort(rank, "players", "game", "seat")))


def structure(run: RunTables) -> Report:
    """What the report says: every section built, one Holm correction over all their claims
    (reports.findings.report_wide), each section's closing tables, then the summary."""
    spec = run.spec
    built, bodies = [], []
    for title, build in (("Seats and strategies", seats.build),
                         (skill.title(run), skill.build if skill.applies(run) else None),
                         ("Variants", variants.build if run.compared else None),
                         (cards.TITLE, cards.build if cards.applies(run) else None),
                         (spec.title, _game_section(spec.name)),
                         (mechanics.TITLE, mechanics.build if mechanics.applies(run) else None)):
        if build is None:
            continue
        section = Section(title, run)
        try:
            build(section)
        except Exception as exc:   # a broken section must not lose the rest of the report
            first = (str(exc).strip().splitlines() or [""])[0]
            section.add(b.Note(f"This section failed to build: {type(exc).__name__}: {first}"))
        built.append(section)
    report_wide([s.family for s in built])      # one error budget over every section's claims
    for section in built:
        if section.title == "Variants" and retraining.applies(run):
            section.retrained_lines = retraining.verdict_changes(section)
            section.blocks[1:1] = retraining.explain(section)    # after the method paragraph
    for section in built:
        bodies.append(len(section.blocks))      # the closing blocks stay out of the folds
        section.add(*section.closing())
    report = Report(f"{spec.title} — balance report", summary.build(built, run),
                    [s for s in built if not s.in_summary])
    keep = _question(run)
    for section, end in zip(built, bodies):     # after the summary: the correction is final
        body = b.fold_long(variants.moved_first(section.blocks[:end], keep, _named(run)))
        section.blocks = b.fold_groups(body) + b.fold_long(section.blocks[end:])
    return report


def _named(run):
    """A Variants measure label in words: a game's column by its description, an internal
    count said to be one; other labels are words already."""
    known = columns(run.spec)

    def named(label: str) -> str:
        if label not in known and label not in headlines.INTERNAL:
            return label
        return headlines.words(run.spec, label) or f"{label.replace('_', ' ')} (internal count)"
    return named


def _question(run):
    """Which variant rows stay in view when nothing moved: the led measure and the win rate
    a co-op or solo game is about."""
    led = lead_column(headlines.lead_of(run), run.spec.name)

    def keep(label: str) -> bool:
        return label in ("team win rate", "solo win rate") or (
            led is not None and summary.column_of(label, run) == led)
    return keep


def _game_section(name: str):
    try:
        module = importlib.import_module(f"reports.sections.{name}")
    except ModuleNotFoundError:
        return lambda section: section.add(
            b.Paragraph("This game has no report section of its own yet."))
    return module.build


def build_report(out: str | Path, path: str | Path | None = None) -> Path:
    """Write ``report.html`` for the run in ``out`` (atomically) and return its path."""
    out = Path(out)
    run = open_run(out)
    report = structure(run)
    text = render(report, run)
    target = Path(path) if path else out / REPORT
    cards.write_csv(report, target.parent)           # a card study's table, beside the report
    return write_inside(target.parent, target.name, text.encode("utf-8"))


def render(report: Report, run: RunTables) -> str:
    closing = [("What was run", facts.what_was_run(run)), ("Columns", facts.columns(run.spec))]
    return render_page(report.title, report.summary,
                       [(s.title, s.blocks) for s in report.sections], closing)


def render_page(title: str, summary: list, sections: list[tuple[str, list]],
                closing: list[tuple[str, list]], head: str = "") -> str:
    """One self-contained HTML page of blocks (the report, or a comparison of two runs);
    ``head``: markup of the tool's own for the page's head (trusted, never user text)."""
    env = Environment(loader=PackageLoader("reports", "templates"),
                      autoescape=select_autoescape(["html", "j2"]))
    for name, kind in (("heading", b.Heading), ("paragraph", b.Paragraph), ("table", b.Table),
                       ("figure", b.Figure), ("code", b.Code), ("note", b.Note),
                       ("details", b.Details), ("family", Family)):
        env.tests[name] = lambda block, kind=kind: isinstance(block, kind)
    env.filters["cell"] = cell
    env.tests["numeric"] = lambda v: isinstance(v, (int, float, b.Rate, b.Mean)) \
        and not isinstance(v, bool)
    return env.get_template("report.html.j2").render(
        title=title, summary=summary, sections=sections, closing=closing, head=head,
        generated=dt.datetime.now().strftime("%Y-%m-%d %H:%M"))


def cell(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, Finding):
        return f"{_p(value.p)} ({_p(value.p_adjusted)})" + (" *" if value.significant else "")
    if isinstance(value, float):
        return "–" if value != value else f"{value:,.3f}".rstrip("0").rstrip(".")
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return str(value)


def _p(p: float) -> str:
    from reports.findings import p_text
    return p_text(p)


__all__ = ["BASELINE", "Report", "build_report", "load_run", "render", "render_page", "structure"]
