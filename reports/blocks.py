"""What a report says, independent of how HTML shows it (structure apart from rendering).

A section is a list of blocks: headings, paragraphs, tables and figures. Rate and Mean carry
every rate and mean with its 95 % interval (from simulate.statistics) and print it.
"""
from __future__ import annotations

import io
import math
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from simulate.statistics import UNBOUNDED, mean_interval, rate_interval, sd_from_sums

# Okabe-Ito: distinguishable with every common colour-vision deficiency.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")


@dataclass
class Heading:
    text: str


@dataclass
class Paragraph:
    text: str


@dataclass
class Code:
    """Preformatted text, such as the config as written."""
    text: str
    caption: str = ""


@dataclass
class Table:
    columns: list[str]
    rows: list[list[Any]]          # cells: str, int, float, None, or an Interval / Rate
    caption: str = ""
    css: str = ""                  # an HTML class, e.g. "headline" (the first screen's answer)


@dataclass
class Figure:
    svg: str
    caption: str = ""


@dataclass
class Note:
    """A warning the reader must not miss (placeholder data, imprecise numbers)."""
    text: str


@dataclass
class Details:
    """Blocks folded away under a one-line summary (HTML <details>)."""
    summary: str
    blocks: list
    open: bool = False
    css: str = ""                  # an HTML class, e.g. "note" (a warning that unfolds)


@dataclass(frozen=True)
class Rate:
    """k successes in n trials with the 95 % rate interval (Wilson; exact for rare counts)."""
    k: int
    n: int

    @property
    def value(self) -> float:
        return self.k / self.n if self.n else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        return rate_interval(self.k, self.n)

    @property
    def width(self) -> float:
        lo, hi = self.interval
        return hi - lo if self.n else float("nan")

    def __str__(self) -> str:
        if not self.n:
            return "–"
        return percent_interval(self.value, *self.interval)


def percent_interval(value: float, low: float, high: float, unit: str = " %",
                     sign: str = "") -> str:
    """"12.3 % [10.1, 14.6]", with more decimals when one would print a zero-width interval
    ("0.00 % [0.00, 0.04]" after 10,000 games, never "0.0 % [0.0, 0.0]"); ``sign="+"`` and
    ``unit=" pts"`` for a difference."""
    digits = 1                     # at least two steps of the last digit between the bounds
    while digits < 6 and (round(100 * high, digits) - round(100 * low, digits)
                          < 1.5 / 10 ** digits):
        digits += 1
    shown = [f"{100 * x:{sign}.{digits}f}" for x in (value, low, high)]
    return f"{shown[0]}{unit} [{shown[1]}, {shown[2]}]"


def number_interval(value: float, low: float, high: float, sign: str = "",
                    digits: int = 2) -> str:
    """"1.26 [1.12, 1.40]": one number of decimals for all three (at least ``digits``), more
    when the bounds would print alike ("0.190 [0.187, 0.193]", never "0.19 [0.19, 0.19]")."""
    while digits < 6 and round(high, digits) - round(low, digits) < 1.5 / 10 ** digits:
        digits += 1
    return f"{value:{sign}.{digits}f} [{low:{sign}.{digits}f}, {high:{sign}.{digits}f}]"


def decimals(*values: float) -> int:
    """Decimals for three significant digits of the largest of ``values`` (0 from 100 on)."""
    top = max((abs(v) for v in values if v == v and v != 0), default=1.0)
    return max(0, 2 - math.floor(math.log10(top)))


@dataclass(frozen=True)
class Mean:
    """A sample mean with its 95 % t interval (within the values the measure can take)."""
    value: float
    low: float
    high: float
    n: int

    @property
    def width(self) -> float:
        return self.high - self.low

    def __str__(self) -> str:
        if not self.n:
            return "–"
        if self.low != self.low:                  # n = 1: no interval, never a zero-width one
            return f"{self.value:.2f} [n = {self.n}: no interval]"
        if self.low == self.high:                 # every game the same value
            return f"{self.value:.2f} (in every game)"
        return number_interval(self.value, self.low, self.high)

    @classmethod
    def from_sums(cls, n: int, total: float, squares: float,
                  bounds: tuple[float, float] = UNBOUNDED) -> "Mean":
        """From a polars aggregate: count, sum and sum of squares; ``bounds``: what the measure
        can take, e.g. (0, inf) for a count."""
        if not n:
            return cls(math.nan, math.nan, math.nan, 0)
        mean = total / n
        low, high = mean_interval(n, mean, sd_from_sums(n, total, squares), bounds=bounds)
        return cls(mean, low, high, n)


@dataclass(frozen=True)
class Share(Mean):
    """A rate whose unit is a seed played in every rotation of the seats: each seed's share of
    its rotations won is one value (the rotations share the dice), so the interval, a t interval
    within [0, 1], counts a seed once. Printed as a rate."""

    def __str__(self) -> str:
        if not self.n:
            return "–"
        if self.low != self.low:
            return f"{100 * self.value:.1f} % [n = {self.n}: no interval]"
        return percent_interval(self.value, self.low, self.high)


def mean_ci(values: Sequence[float] | np.ndarray, confidence: float = 0.95,
            bounds: tuple[float, float] = UNBOUNDED) -> Mean:
    x = np.asarray(values, dtype=float)
    x = x[~np.isnan(x)]
    n = len(x)
    if n == 0:
        return Mean(math.nan, math.nan, math.nan, 0)
    m = float(x.mean())
    sd = float(x.std(ddof=1)) if n > 1 else math.nan
    return Mean(m, *mean_interval(n, m, sd, confidence, bounds), n)


def rate(flags: Sequence[bool] | np.ndarray) -> Rate:
    x = np.asarray(flags, dtype=bool)
    return Rate(int(x.sum()), len(x))


@contextmanager
def plot_style():
    """Our figure style, restored afterwards."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib import cycler          # matplotlib re-exports its own dependency
    with plt.rc_context({"figure.figsize": (6.4, 3.4), "axes.spines.top": False,
                         "axes.spines.right": False, "axes.grid": True, "grid.alpha": 0.3,
                         "font.size": 9, "svg.fonttype": "none",
                         "axes.prop_cycle": cycler(color=PALETTE)}):
        yield plt


def figure_svg(fig) -> str:
    """A matplotlib figure as inline SVG text (no XML header), and the figure closed."""
    import matplotlib.pyplot as plt
    buffer = io.StringIO()
    fig.tight_layout()
    fig.savefig(buffer, format="svg")
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


FOLD_ROWS = 10            # a longer table is folded under its caption (wrapped rows run tall)


def fold_long(blocks: list, limit: int = FOLD_ROWS) -> list:
    """Every table longer than ``limit`` rows folded in a Details whose summary is its caption
    (tables already inside a Details stay as they are)."""
    return [Details(f"{block.caption or 'Table'} ({len(block.rows):,} rows)", [block])
            if isinstance(block, Table) and len(block.rows) > limit else block
            for block in blocks]


def fold_groups(blocks: list, keep: int = 1, fewest: int = 3) -> list:
    """A section of ``fewest`` or more headed parts keeps its first ``keep`` parts in view and
    folds each later one under its heading (a page of every variant x player count ran
    12,000 px)."""
    starts = [i for i, block in enumerate(blocks) if isinstance(block, Heading)]
    if len(starts) < fewest:
        return blocks
    ends = starts[1:] + [len(blocks)]
    folded = blocks[:starts[keep]] if keep < len(starts) else list(blocks)
    for start, end in list(zip(starts, ends))[keep:]:
        folded.append(Details(blocks[start].text, blocks[start + 1:end]))
    return folded
