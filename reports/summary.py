"""The generic part of a balance report: what was run, seats and strategies, variants compared.

Each function reads the run's tables (polars) and returns blocks (``reports.blocks``); no HTML here.
"""
from __future__ import annotations

import math

import numpy as np
import polars as pl
from scipy import stats

from reports.blocks import (Figure, Heading, Paragraph, Rate, Table, figure_svg, mean_ci,
                            plot_style)

BASELINE = "baseline"


def variant_order(games: pl.DataFrame) -> list[str]:
    names = games["variant"].unique(maintain_order=True).to_list()
    return sorted(names, key=lambda v: (v != BASELINE, names.index(v)))


def seats_and_strategies(seats: pl.DataFrame, cooperative: bool) -> list:
    """Win rate (Wilson 95 %) and mean score (t 95 %) per seat and per strategy, and histograms."""
    blocks: list = [Heading("Seats and strategies")]
    for variant in variant_order(seats):
        for players in sorted(seats["players"].unique().to_list()):
            part = seats.filter((pl.col("variant") == variant) & (pl.col("players") == players))
            label = f"{variant}, {players} player{'s' if players > 1 else ''}"
            blocks.append(_seat_table(part, "seat", f"By seat — {label}"))
            if part["strategy"].n_unique() > 1:
                blocks.append(_seat_table(part, "strategy", f"By strategy — {label}"))
            blocks.append(_score_histogram(part, f"Score distribution by seat — {label}"))
    if cooperative:
        blocks.insert(1, Paragraph("This game is cooperative: every seat shares the team result, "
                                   "so the seats' win rates are the team's win rate."))
    return blocks


def _seat_table(part: pl.DataFrame, by: str, caption: str) -> Table:
    rows = []
    for key, group in sorted(part.group_by(by), key=lambda kv: kv[0]):
        won = group["won"].cast(pl.Int64)
        rows.append([key[0], len(group), Rate(int(won.sum()), len(group)),
                     mean_ci(group["score"].to_numpy())])
    return Table([by, "games", "win rate [95 % CI]", "mean score [95 % CI]"], rows, caption)


def _score_histogram(part: pl.DataFrame, caption: str) -> Figure:
    with plot_style() as plt:
        fig, ax = plt.subplots()
        scores = part["score"].to_numpy()
        lo, hi = (float(scores.min()), float(scores.max())) if len(scores) else (0.0, 1.0)
        bins = np.arange(math.floor(lo), math.ceil(hi) + 2) - 0.5 if hi - lo <= 60 else 40
        for seat, group in sorted(part.group_by("seat"), key=lambda kv: kv[0]):
            ax.hist(group["score"].to_numpy(), bins=bins, histtype="step", density=True,
                    label=f"seat {seat[0]}")
        ax.set_xlabel("score")
        ax.set_ylabel("share of games")
        ax.legend(fontsize=7)
        return Figure(figure_svg(fig), caption)


def compare_variants(games: pl.DataFrame, seats: pl.DataFrame, metrics: list[str]) -> list:
    """Each variant against the baseline on the same game indices (common random numbers):
    paired differences with 95 % intervals, paired t-tests and effect sizes."""
    variants = variant_order(games)
    if len(variants) < 2:
        return []
    blocks: list = [Heading("Variants compared with the baseline"),
                    Paragraph("Every variant played the same game seeds as the baseline, so each "
                              "difference is paired game by game: the interval is the 95 % "
                              "interval of the mean paired difference, p is the paired t-test "
                              "(McNemar's exact test for win rates), d is the mean difference "
                              "over the standard deviation of the differences.")]
    for variant in variants[1:]:
        for players in sorted(games["players"].unique().to_list()):
            base = games.filter((pl.col("variant") == BASELINE) & (pl.col("players") == players))
            other = games.filter((pl.col("variant") == variant) & (pl.col("players") == players))
            paired = base.join(other, on="game", suffix="__v")
            rows = [_paired_row(m, paired[m].cast(pl.Float64).to_numpy(),
                                paired[m + "__v"].cast(pl.Float64).to_numpy())
                    for m in metrics if m in paired.columns]
            rows += _seat_rows(seats, variant, players)
            blocks.append(Table(["measure", "baseline", variant, "difference [95 % CI]", "p",
                                 "d"], [r for r in rows if r], f"{variant} vs baseline, "
                                f"{players} player{'s' if players > 1 else ''}"))
    return blocks


def _paired_row(name: str, a: np.ndarray, b: np.ndarray) -> list | None:
    keep = ~(np.isnan(a) | np.isnan(b))
    a, b = a[keep], b[keep]
    if len(a) == 0 or (a.min() == a.max() == b.min() == b.max()):
        return None                      # nothing to compare: the same constant in both
    diff = b - a
    d = mean_ci(diff)
    sd = float(diff.std(ddof=1)) if len(diff) > 1 else 0.0
    if len(diff) > 1 and sd > 0:
        p = float(stats.ttest_rel(b, a).pvalue)
    else:
        p = 1.0 if d.value == 0 else float("nan")
    effect = d.value / sd if sd > 0 else 0.0
    return [name, f"{a.mean():.3f}", f"{b.mean():.3f}", d, _p(p), f"{effect:+.3f}"]


def _seat_rows(seats: pl.DataFrame, variant: str, players: int) -> list[list]:
    """Win rate per seat, paired across variants, with McNemar's exact test."""
    part = seats.filter(pl.col("players") == players)
    base = part.filter(pl.col("variant") == BASELINE).select("game", "seat", "won")
    other = part.filter(pl.col("variant") == variant).select("game", "seat", "won")
    paired = base.join(other, on=["game", "seat"], suffix="__v")
    rows = []
    for (seat,), group in sorted(paired.group_by("seat"), key=lambda kv: kv[0]):
        a = group["won"].to_numpy().astype(bool)
        b = group["won__v"].to_numpy().astype(bool)
        n = len(a)
        only_b, only_a = int((b & ~a).sum()), int((a & ~b).sum())
        p = float(stats.binomtest(only_b, only_b + only_a).pvalue) if only_a + only_b else 1.0
        diff = (b.astype(float) - a.astype(float))
        rows.append([f"seat {seat} win rate", str(Rate(int(a.sum()), n)),
                     str(Rate(int(b.sum()), n)), mean_ci(diff), _p(p), ""])
    return rows


def _p(p: float) -> str:
    if p != p:
        return "–"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def numeric_metrics(games: pl.DataFrame, own_columns: dict[str, tuple[str, str]]) -> list[str]:
    """The game's own numeric or boolean metrics, plus decisions: what variants are compared on."""
    chosen = [c for c, (t, _) in own_columns.items() if t in ("int", "float", "bool")]
    return chosen + ["decisions"]


def sweep_section(seats: pl.DataFrame, sweep: dict[str, list], cooperative: bool) -> list:
    """A swept rule against the mean score and the first seat's (or the team's) win rate."""
    if len(sweep) != 1:
        return [Paragraph("Several rules were swept together: each grid point is a variant in "
                          "the tables above.")] if sweep else []
    (rule, values), = sweep.items()
    who = "team" if cooperative else "seat 0"
    rows, blocks = [], [Heading(f"Sweep over {rule}")]
    with plot_style() as plt:
        fig, (ax_score, ax_win) = plt.subplots(1, 2, figsize=(9, 3.4))
        for players in sorted(seats["players"].unique().to_list()):
            points = []
            for value in values:
                name = f"{rule}={_sweep_label(value)}"
                part = seats.filter((pl.col("variant") == name) & (pl.col("players") == players))
                if part.is_empty():
                    continue
                first = part.filter(pl.col("seat") == 0)
                won = Rate(int(first["won"].sum()), first.height)
                score = mean_ci(part["score"].to_numpy())
                points.append((value, score, won))
                rows.append([_sweep_label(value), players, score, won])
            if not points or not all(isinstance(p[0], (int, float)) for p in points):
                continue
            x = [p[0] for p in points]
            ax_score.errorbar(x, [p[1].value for p in points],
                              yerr=[[p[1].value - p[1].low for p in points],
                                    [p[1].high - p[1].value for p in points]],
                              marker="o", capsize=3, label=f"{players}p")
            low, high = zip(*(p[2].interval for p in points))
            ax_win.plot(x, [p[2].value for p in points], marker="o", label=f"{players}p")
            ax_win.fill_between(x, low, high, alpha=0.2)
        ax_score.set_xlabel(rule)
        ax_score.set_ylabel("mean score")
        ax_win.set_xlabel(rule)
        ax_win.set_ylabel(f"{who} win rate")
        ax_win.set_ylim(0, 1)
        ax_score.legend(fontsize=7)
        blocks.append(Figure(figure_svg(fig), f"Mean score (95 % t interval) and {who} win rate "
                                              f"(95 % Wilson band) for each value of {rule}."))
    blocks.append(Table([rule, "players", "mean score [95 % CI]", f"{who} win rate [95 % CI]"],
                        rows))
    return blocks


def _sweep_label(value) -> str:
    from simulate.config import show_value
    return show_value(value)
