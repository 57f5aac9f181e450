"""Report page of `simulate train` (train.json): per player count, each candidate's gain over the
defaults with its interval, and the one sentence the race supports.

Same structure as the tuning pages (reports/tuning.py): data -> blocks -> the report template.
"""
from __future__ import annotations

from pathlib import Path

import polars as pl

from reports.blocks import Code, Figure, Heading, Paragraph, Rate, Table, figure_svg, plot_style
from reports.findings import p_text
from reports.mechanics import declared
from reports.tuning import _write
from simulate.adaptive.lineups import Lineup
from simulate.adaptive.study_files import read_study
from simulate.adaptive.train import gain_text
from simulate.results import read_tables
from simulate.results_folder import read_marker


def build_train_report(out: str | Path) -> Path:
    out = Path(out)
    result = read_study(out / "train.json")
    claims = [Paragraph(f"{found['claim'].capitalize()}.") for found in result["players"].values()]
    use = _mechanic_use(out, result)
    sections = [(f"{players} players", _players(result, found) + use(int(players), found))
                for players, found in result["players"].items()]
    return _write(out, f"training report ({result['strategy']})", [*claims, _method(result)],
                  [*sections, ("Trained parameters", [Code(result["final_toml"], "Each player "
                               "count's strategy table, ready to paste into a config's "
                               "[players] strategies (click to open)")])])


def _method(result: dict) -> Paragraph:
    seats = ("Every seat played the candidate (a co-op game: the team's result counts)"
             if result["cooperative"] else "One seat played the candidate and the others the "
             "defaults; the candidate took every seat in turn on the same dice, and a seed with "
             "all its seats is one unit")
    ranges = "; ".join(f"{k} in [{lo:g}, {hi:g}]" for k, (lo, hi) in result["parameters"].items())
    return Paragraph(
        f"Strategy {result['strategy']} {_form(result['start'])}, "
        f"{len(result['candidates']) - 1} parameter sets tried ({ranges}). {seats}. Method: "
        f"{result['method']}: rounds of {', '.join(map(str, result['rounds']))} seeds; a "
        f"candidate is dropped once its paired interval against the best so far lies below 0. "
        f"Intervals are taken at the look level shown per player count (the nominal "
        f"{100 * result['confidence']:.0f} % split over every candidate and look), so a claim "
        f"that the trained parameters beat the defaults is wrong at most "
        f"{100 * (1 - result['confidence']):.0f} % of the time; the best candidate's estimate "
        f"is still biased upward (it was chosen for being high). Holm p-values are over the "
        f"candidates, each p multiplied by the number of looks first (as the intervals are). "
        f"Games spent: {result['games_spent']:,}.")


def _players(result: dict, found: dict) -> list:
    measure = ("the trained seat's win rate, in points" if found["measure"] == "won" else
               "the trained seat's mean score (no line-up's win varied)")
    rows = [[r["label"], r["seeds"], gain_text(r["gain"], found["measure"]), p_text(r["p"]),
             p_text(r["p_holm"]), r["status"]]
            for r in sorted(found["candidates"], key=lambda r: -r["gain"]["mean"])]
    return [Paragraph(f"Measure: {measure}. Stopped: {found['stopped']}. Intervals at "
                      f"{100 * found['look_confidence']:.3g} %."),
            Table(["parameters", "seeds", "gain over the defaults [CI]", "p", "Holm p",
                   "status"], rows, "Every candidate, best first, with its paired gain over "
                                   "the defaults at its final size"),
            *_forest(found)]


def _mechanic_use(out: Path, result: dict):
    """``use(players, found)``: the table of how often the defaults' seats and the best tried
    candidate's tested seats used each optional mechanic (reports/mechanics.py), so a gain (or
    none) reads beside the play behind it: did the trained strategy find the mechanic?"""
    mechanics = [m for m in declared(read_marker(out)["game"])[0] if m.unit == "seat"]
    seats = read_tables(out)[1]
    labels = result["labels"]

    def tested(label: str, players: int) -> pl.LazyFrame:
        """Seat 0 of the label's (seat-0) line-up: one row per seed, as the seeds of the
        other line-ups replay the same dice (lineups.Lineup.tested names them)."""
        alike = result["cooperative"] or label == labels[0]     # every seat plays it
        variant, seat = Lineup(label, None, alike).tested(players, result["cooperative"])[0]
        return seats.filter((pl.col("players") == players) & (pl.col("variant") == variant)
                            & (pl.col("seat") == seat))

    def rates(rows: pl.LazyFrame) -> dict[str, Rate]:
        held = set(rows.collect_schema().names())
        mine = [m for m in mechanics if set(m.columns) <= held]
        counts = rows.select(*(m.used.fill_null(False).cast(pl.Int64).sum().alias(m.name)
                               for m in mine), pl.len().alias("__n")).collect().row(0, named=True)
        return {m.name: Rate(int(counts[m.name] or 0), int(counts["__n"])) for m in mine}

    def use(players: int, found: dict) -> list:
        best = found.get("best")
        if not mechanics or best is None or best == 0:
            return []
        base, tried = rates(tested(labels[0], players)), rates(tested(labels[best], players))
        rows = [[m.name, base.get(m.name, "–"), tried.get(m.name, "–")] for m in mechanics]
        return [Table(["mechanic", "defaults", f"best tried ({labels[best]})"], rows,
                      "How often each optional mechanic was used at least once by seat 0 "
                      "playing the defaults and playing the best tried candidate (one row per "
                      "seed: the other seats' line-ups replay its dice), with 95 % intervals")]
    return use


def _forest(found: dict) -> list:
    rows = sorted(found["candidates"], key=lambda r: r["gain"]["mean"])
    scale = 100 if found["measure"] == "won" else 1
    with plot_style() as plt:
        fig, ax = plt.subplots(figsize=(7.5, 0.3 * len(rows) + 1.2))
        for y, r in enumerate(rows):
            g = r["gain"]
            ax.errorbar(scale * g["mean"], y, xerr=[[scale * (g["mean"] - g["low"])],
                                                    [scale * (g["high"] - g["mean"])]],
                        fmt="o", color="#4f81bd" if r["candidate"] == found["best"] else "grey",
                        capsize=2)
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_yticks(range(len(rows)), [r["label"] for r in rows], fontsize=7)
        ax.set_xlabel("gain over the defaults" + (" (win-rate points)" if scale == 100 else
                                                   " (score)"))
        figure = Figure(figure_svg(fig), "Each candidate's gain with its interval (blue: the "
                                         "best); right of the line beats the defaults.")
    return [Heading("Gains"), figure]


def _form(form: dict) -> str:
    params = ", ".join(f"{k} = {v}" for k, v in form.items() if k != "name")
    return f"with {params} as the defaults" if params else "from its own defaults"
