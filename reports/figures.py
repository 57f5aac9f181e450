"""Figures drawn from aggregates: small multiples (one panel per player count), the colour-blind
safe palette of ``plot_style``, whole-number ticks for integer rules, rate axes from zero."""
from __future__ import annotations

import math

import numpy as np
import polars as pl

from reports.blocks import Figure, figure_svg, plot_style
from reports.tables import BASELINE, value_counts
from simulate.statistics import Difference


def panels(plt, count: int, height: float = 2.8):
    """One small panel per player count, side by side (wrapping after four)."""
    cols = min(count, 4)
    rows = math.ceil(count / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(2.9 * cols + 0.6, height * rows), squeeze=False)
    flat = list(axes.flat)
    for ax in flat[count:]:
        ax.set_visible(False)
    return fig, flat[:count]


def score_histograms(run, variant: str = BASELINE) -> Figure | None:
    """Final score distribution per player count, seats overlaid (co-op: one line per game)."""
    results = run.results_at
    counts = [p for p in run.player_counts]
    if not counts:
        return None
    with plot_style() as plt:
        fig, axes = panels(plt, len(counts))
        for ax, players in zip(axes, counts):
            table = value_counts(results(players, variant), "score", ["seat"])
            if table.is_empty():
                continue
            for (seat,), part in table.group_by("seat", maintain_order=True):
                x, share = _shares(part["score"].to_numpy(), part["count"].to_numpy())
                label = "team" if run.cooperative else f"seat {seat}"
                ax.step(x, share, where="mid", label=label, linewidth=1.2)
            ax.set_title(f"{players} player{'s' if players > 1 else ''}")
            ax.set_xlabel("final score")
            whole_ticks(ax)
            ax.set_ylim(bottom=0)
            if players > 1 and not run.cooperative:
                ax.legend(fontsize=7)
        axes[0].set_ylabel("share of games")
        lines = "the team's score, one value per game" if run.cooperative else \
            "one line per seat"
        return Figure(figure_svg(fig), f"Final scores ({variant}): one panel per player count, "
                                       f"{lines}.")


def variant_panels(run, table: pl.DataFrame, draw, ylabel: str, xlabel: str,
                   caption: str) -> Figure | None:
    """One panel per player count; ``draw(ax, part, variant)`` draws each variant's rows of
    ``table`` (columns variant, players, ...) in it."""
    if table.is_empty():
        return None
    with plot_style() as plt:
        fig, axes = panels(plt, len(run.player_counts))
        for ax, players in zip(axes, run.player_counts):
            for variant in [v for v in run.variants if v != BASELINE] + [BASELINE]:
                part = table.filter((pl.col("variant") == variant) & (pl.col("players") == players))
                if part.height:
                    drawn = len(ax.lines)
                    draw(ax, part, variant)
                    _emphasise(ax.lines[drawn:], variant == BASELINE)
            ax.set_title(f"{players} player{'s' if players > 1 else ''}")
            ax.set_xlabel(xlabel)
            whole_ticks(ax)
            ax.set_ylim(bottom=0)
        axes[0].set_ylabel(ylabel)
        axes[0].legend(fontsize=7)
        return Figure(figure_svg(fig), caption)


def _emphasise(lines, baseline: bool) -> None:
    """The baseline drawn last, dark and thick on top; the variants thinner and lighter, so
    overlapping variants never hide it."""
    for line in lines:
        if baseline:
            line.set(color="black", linewidth=2.2, zorder=5)
        else:
            line.set(linewidth=1.1, alpha=0.8, zorder=3)


def percent_axis(ax, label: str) -> None:
    """A rate's y axis in percent, 0 to 100 (a run that never won still reads 0 %, not 0.00 of
    a ±0.05 default range)."""
    ax.set_ylabel(f"{label} (%)")
    ax.set_ylim(0, 100)


def variant_distributions(run, counts: pl.DataFrame, value: str, count: str, xlabel: str,
                          ylabel: str, caption: str) -> Figure | None:
    """Distribution of ``value`` (``counts`` holds variant, players, value and count columns):
    one panel per player count, one step line per variant, shares from zero."""
    def draw(ax, part, variant):
        ax.step(part[value], part[count] / part[count].sum(), where="mid", label=variant)
    return variant_panels(run, counts, draw, ylabel, xlabel, caption)


def sweep_figure(rule: str, values: list, diffs: dict, player_counts: list[int],
                 measures: tuple[str, str]) -> Figure | None:
    """Paired differences from the baseline against a swept rule's value, with 95 % bands:
    one row of panels per measure, one panel per player count.
    ``diffs[(value, players, measure)]`` is a Difference (0 for the baseline's own value)."""
    if not values or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                             for v in values):
        return None
    xs = sorted(values)
    with plot_style() as plt:
        fig, axes = plt.subplots(2, len(player_counts), squeeze=False,
                                 figsize=(2.9 * len(player_counts) + 0.6, 5.2))
        for row, measure in enumerate(measures):
            for col, players in enumerate(player_counts):
                ax = axes[row][col]
                points = [(x, diffs.get((x, players, measure))) for x in xs]
                points = [(x, d) for x, d in points if isinstance(d, Difference)]
                if not points:
                    ax.set_visible(False)
                    continue
                scale = 100 if "win rate" in measure else 1
                x = np.array([p[0] for p in points], dtype=float)
                y = np.array([p[1].value for p in points]) * scale
                low = np.array([_or(p[1].low, p[1].value) for p in points]) * scale
                high = np.array([_or(p[1].high, p[1].value) for p in points]) * scale
                ax.axhline(0, color="grey", linewidth=0.8)
                ax.plot(x, y, marker="o", ms=3)
                ax.fill_between(x, low, high, alpha=0.25)
                if all(float(v).is_integer() for v in xs):
                    ax.set_xticks([int(v) for v in xs])
                ax.set_title(f"{players} player{'s' if players > 1 else ''}")
                ax.set_xlabel(rule)
                if col == 0:
                    ax.set_ylabel(f"{measure}\n{'points' if scale == 100 else 'difference'}")
        return Figure(figure_svg(fig), f"Paired difference from the baseline for each value of "
                                       f"{rule} (bands: 95 % intervals; the baseline's own "
                                       f"value sits at 0).")


def _shares(values: np.ndarray, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Shares per value; whole-number scores get every value in their range (zeros included),
    so a sparse histogram is not drawn as wide plateaus."""
    values = values.astype(float)
    share = counts / counts.sum()
    if len(values) and np.all(values == np.round(values)) and values.max() - values.min() <= 200:
        full = np.arange(values.min(), values.max() + 1)
        filled = np.zeros(len(full))
        filled[(values - values.min()).astype(int)] = share
        return full, filled
    return values, share


def whole_ticks(ax) -> None:
    from matplotlib.ticker import MaxNLocator
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def _or(value: float, fallback: float) -> float:
    return fallback if value != value else value


def rate_lines(ax, table: pl.DataFrame, x: str, label: str) -> None:
    """Plot k/n in percent against x with its 95 % band; ``table`` has columns x, k, n."""
    from simulate.statistics import rate_interval
    xs = table[x].to_numpy()
    k, n = table["k"].to_numpy(), table["n"].to_numpy()
    low, high = zip(*(rate_interval(int(a), int(b)) for a, b in zip(k, n))) if len(xs) else ((), ())
    line, = ax.plot(xs, 100 * k / n, marker="o", ms=3, label=label)
    ax.fill_between(xs, 100 * np.array(low), 100 * np.array(high), alpha=0.2,
                    color=line.get_color())
    ax.set_ylim(0, 100)
