"""The report's error budget on null runs: identical strategies in every seat, seats
rotated, and a variant with the printed rules on a seed of its own, so no seat-free claim the
summary could make is true. One Holm correction over every section's claims must keep the share
of reports with ANY false claim at 5 %.

Each report is ``reports.report.structure`` over its own block of game seeds of one run (a game's
seed depends only on its index, so a block is a tiny run of its own); figures are not drawn (no
claim depends on them). Decision: the test fails when the exact one-sided 95 % lower bound of the
false-claim share is above 5 % (with the 80 reports here: 8 or more; a true 5 % fails 4.7 % of the
time). This is the quick subset: it fails a true share of 10 % 55 % of the time, of 15 % 93 %.
The study at scale (1,000 reports, its share with an exact interval) is `make bench`
(bench/error_budget.py).
"""
import contextlib
import dataclasses
from pathlib import Path
from unittest import mock

import polars as pl
import pytest
from scipy import stats

from reports import blocks, figures, forest
from reports.report import structure
from reports.tables import open_run
from simulate.config import parse_config
from simulate.runner import run

# (game, strategy, reports, seeds per report) at 2 players
GAMES = [("dungeon_roll", "cautious", 48, 12), ("roll_for_adventure", "balanced", 32, 12)]


def null_reports(tmp_path: Path, game: str, strategy: str, reports: int, seeds: int):
    """The claims of each report: [(kind, about, Holm p)] per block of seeds."""
    cfg = parse_config({"run": {"game": game, "games": reports * seeds, "seed": 11,
                                "chunk": seeds * 10, "jobs": 1, "out": str(tmp_path / game)},
                        "players": {"count": 2, "strategies": strategy, "rotate": True},
                        "variants": [{"name": "again", "seed": 12}]})
    run(cfg)
    whole = open_run(tmp_path / game)
    claims = []
    for i in range(reports):
        block = (pl.col("game") >= i * seeds) & (pl.col("game") < (i + 1) * seeds)
        part = dataclasses.replace(whole, games=whole.games.filter(block),
                                   seats=whole.seats.filter(block))
        report = structure(part)
        claims.append([(f.kind, f.about, f.p_adjusted) for s in report.sections
                       for f in s.family.findings
                       if f.significant and f.kind != "screen"])
    budget = {s.family.budget for s in report.sections}
    assert len(budget) == 1 and budget.pop() > 0      # one correction over the whole report
    return claims


@contextlib.contextmanager
def no_figures():
    """Reports built without drawing a figure (no claim depends on one): every module that
    draws, so the test and bench/error_budget.py cannot drift apart."""
    with mock.patch.object(figures, "figure_svg", _closed), \
            mock.patch.object(blocks, "figure_svg", _closed), \
            mock.patch.object(forest, "figure_svg", _closed):
        yield


@pytest.mark.slow
def test_null_reports_claim_anything_in_at_most_5_percent(tmp_path):
    with no_figures():
        claims = [c for game in GAMES for c in null_reports(tmp_path, *game)]
    false = sum(bool(c) for c in claims)
    n = len(claims)
    print(f"{false} of {n} null reports claim something")
    lowest = stats.beta.ppf(0.05, false, n - false + 1) if false else 0.0
    assert n >= 80 and lowest <= 0.05, (false, n, [c for c in claims if c][:5])


def _closed(fig) -> str:
    import matplotlib.pyplot as plt
    plt.close(fig)
    return ""
