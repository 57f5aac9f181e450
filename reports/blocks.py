"""What a report says, independent of how HTML shows it (STYLE.md: structure apart from rendering).

A section is a list of blocks: headings, paragraphs, tables and figures. The statistics helpers
here give every rate and mean its 95 % interval.
"""
from __future__ import annotations

import io
import math
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np
from scipy import stats


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


@dataclass
class Figure:
    svg: str
    caption: str = ""


@dataclass(frozen=True)
class Rate:
    """k successes in n trials with the 95 % Wilson interval."""
    k: int
    n: int

    @property
    def value(self) -> float:
        return self.k / self.n if self.n else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.k, self.n)

    def __str__(self) -> str:
        if not self.n:
            return "–"
        lo, hi = self.interval
        return f"{100 * self.value:.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]"


@dataclass(frozen=True)
class Mean:
    """A sample mean with its 95 % t interval."""
    value: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        if not self.n:
            return "–"
        return f"{self.value:.2f} [{self.low:.2f}, {self.high:.2f}]"


def wilson(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    if n == 0:
        return (float("nan"), float("nan"))
    z = stats.norm.ppf(0.5 + confidence / 2)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float] | np.ndarray, confidence: float = 0.95) -> Mean:
    x = np.asarray(values, dtype=float)
    x = x[~np.isnan(x)]
    n = len(x)
    if n == 0:
        return Mean(float("nan"), float("nan"), float("nan"), 0)
    m = float(x.mean())
    if n < 2:
        return Mean(m, m, m, n)
    half = float(stats.t.ppf(0.5 + confidence / 2, n - 1) * x.std(ddof=1) / math.sqrt(n))
    return Mean(m, m - half, m + half, n)


def rate(flags: Sequence[bool] | np.ndarray) -> Rate:
    x = np.asarray(flags, dtype=bool)
    return Rate(int(x.sum()), len(x))


@contextmanager
def plot_style():
    """Our figure style, restored afterwards."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    with plt.rc_context({"figure.figsize": (6.4, 3.4), "axes.spines.top": False,
                         "axes.spines.right": False, "axes.grid": True, "grid.alpha": 0.3,
                         "font.size": 9, "svg.fonttype": "none"}):
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
