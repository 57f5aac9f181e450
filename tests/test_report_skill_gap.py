"""The skill gap on the first screen: per player count, the strongest
line-up's win rate against the weakest's, paired on their seeds, in the report's correction; a
line-up whose strategy holds every seat is left out (its win rate is the fair share)."""
import pytest

from reports.report import structure
from reports.tables import open_run
from simulate.config import parse_config
from simulate.runner import run

pytestmark = pytest.mark.slow


def _first_screen(tmp_path, variants) -> str:
    config = parse_config({"run": {"game": "risky_adventure", "games": 80, "chunk": 40, "seed": 3,
                                   "out": str(tmp_path / "o")},
                           "players": {"count": 2, "strategies": "fame_now"},
                           "variants": variants})
    run(config)
    report = structure(open_run(tmp_path / "o"))
    return "\n".join(getattr(block, "text", "") for block in report.summary)


def test_a_strong_seat_against_a_random_one_rewards_skill(tmp_path):
    text = _first_screen(tmp_path, [
        {"name": "fame first", "strategies": ["fame_now", "random"]},
        {"name": "random first", "strategies": ["random", "fame_now"]}])
    line = next(x for x in text.splitlines() if "strongest line-up" in x)
    assert "fame first" in line and "random first" in line
    assert "the game rewards skill" in line and "paired on the same seeds" in line
    assert "baseline" not in line          # every seat fame_now: its win rate is the fair share


def test_the_same_line_up_twice_shows_no_gap(tmp_path):
    text = _first_screen(tmp_path, [
        {"name": "one", "strategies": ["fame_now", "random"]},
        {"name": "two", "strategies": ["fame_now", "random"]}])
    line = next(x for x in text.splitlines() if "strongest line-up" in x)
    assert "no skill gap can be told apart from chance" in line and "rewards" not in line
