"""Forest plots: one row per entity (its estimate's dot and 95 % interval bar), sorted by the
estimate, best at the top, with a vertical line at the reference (the fair share)."""
from __future__ import annotations

from reports.blocks import Figure, figure_svg, plot_style


def forest_plot(rows: list[tuple[str, float, float, float]], reference: float, title: str,
                line: str, caption: str, scale: float = 100.0, axis: str = "win rate (%)",
                unit: str = " %", from_zero: bool | None = None) -> Figure | None:
    """``rows``: (name, estimate, low, high) as shares, drawn in percent (``scale`` 100); a
    measure on its own scale (a difference of means) passes ``scale=1`` and its ``axis`` and
    ``unit``, and the axis then is not cut at 0 (``from_zero`` False: never cut, for a
    difference drawn in percent). ``line`` names the reference for the legend."""
    rows = sorted((r for r in rows if r[1] == r[1]), key=lambda r: r[1])
    if not rows:
        return None
    with plot_style() as plt:
        fig, ax = plt.subplots(figsize=(6.4, 0.9 + 0.24 * len(rows)))
        y = range(len(rows))
        values = [scale * r[1] for r in rows]
        low = [scale * (r[1] - r[2]) if r[2] == r[2] else 0.0 for r in rows]
        high = [scale * (r[3] - r[1]) if r[3] == r[3] else 0.0 for r in rows]
        ax.errorbar(values, list(y), xerr=[low, high], fmt="o", ms=4, capsize=2, linewidth=1.2)
        if reference == reference:
            ax.axvline(scale * reference, color="grey", linestyle="--", linewidth=1,
                       label=f"{line} {scale * reference:.1f}{unit}")
            ax.legend(fontsize=7, loc="lower right")
        ax.set_yticks(list(y), [r[0] for r in rows])
        ax.set_ylim(-0.7, len(rows) - 0.3)
        if (scale == 100.0) if from_zero is None else from_zero:
            ax.set_xlim(left=0)
        ax.set_xlabel(axis)
        ax.set_title(title)
        ax.grid(axis="y", visible=False)
        return Figure(figure_svg(fig), caption)
