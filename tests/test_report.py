"""The HTML report: one self-contained file that says what was run and every rate's interval."""
import re

import polars as pl
import pytest

from reports.blocks import Rate, mean_ci
from reports.report import build_report
from simulate.config import parse_config
from simulate.runner import run
from simulate.statistics import wilson


def test_wilson_interval_matches_known_values():
    low, high = wilson(8, 10)          # Wilson score interval, z = 1.96
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 20)[0] == 0.0
    assert str(Rate(0, 0)) == "–"


def test_mean_interval_uses_t():
    m = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m.value == 2.5
    assert m.high - m.value == pytest.approx(3.182446 * 1.290994 / 2, rel=1e-5)


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    cfg = parse_config({"run": {"game": "dungeon_roll", "games": 40, "seed": 3, "chunk": 20,
                                "out": str(out)},
                        "players": {"count": [1, 2], "strategies": ["cautious", "bold"]},
                        "sweep": {"level_up_xp": [3, 7]}})
    run(cfg)
    return build_report(out).read_text()


def test_report_is_self_contained(report):
    assert not re.search(r"""(src|href)=["']?https?:""", report)
    assert "<script" not in report
    assert report.count("<svg") >= 3      # small multiples: few, whole figures


def test_report_says_what_was_run_and_compares(report):
    for text in ("What was run", "package version", "games per second", "Seats and strategies",
                 "win rate [95 % CI]", "Strategies ranked", "Variants vs the baseline",
                 "each value of level_up_xp", "level_up_xp=7 vs baseline", "McNemar",
                 "Dungeon Roll", "Solo titles", "Columns", "rules_hash", "Mechanics in play",
                 "fighting a dragon"):
        assert text in report, text


def test_tables_come_in_config_order_baseline_first(tmp_path):
    from reports.report import load_run
    cfg = parse_config({"run": {"game": "dungeon_roll", "games": 6, "seed": 3, "chunk": 3,
                                "out": str(tmp_path)},
                        "players": {"count": [1, 2], "strategies": "random"},
                        "variants": [{"name": "zeta", "level_up_xp": 3},
                                     {"name": "alpha", "level_up_xp": 7}]})
    run(cfg)
    _, games, seats = load_run(tmp_path)
    for table in (games, seats):
        assert table["variant"].unique(maintain_order=True).to_list() == ["baseline", "zeta",
                                                                          "alpha"]
    assert seats.filter(pl.col("variant") == "alpha")["players"].to_list()[:3] == [1, 1, 1]
