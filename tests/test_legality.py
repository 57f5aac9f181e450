"""Strategies cannot slip an illegal action past the driver, and their failures are one line."""
import re

import pytest
from typer.testing import CliRunner

from simulate.cli import app
from simulate.games import get_game
from simulate.games.base import IllegalActionError
from simulate.play import play_game
from strategies import build_strategy
from tests.helpers import SMALL_RUN, HostileStrategy, write_config


@pytest.mark.parametrize("trick, message", [
    ("tuple", "chose the illegal action"), ("equal", "chose the illegal action"),
    ("append", "chose the illegal action 'cheat'"), ("raise", "raised ZeroDivisionError: oops"),
    ("sleep", "took longer than the decision time limit of 0.2 s")])
def test_illegal_or_failing_choices_are_caught(trick, message):
    spec = get_game("dungeon_roll")
    seats = [HostileStrategy(trick)]
    seats[0].name = "hostile"
    with pytest.raises(IllegalActionError) as error:
        play_game(spec, spec.rules_class(), seats, 3, index=7, decision_seconds=0.2)
    text = str(error.value)
    assert message in text and "strategy 'hostile' at seat 0 in game 7, decision" in text
    assert "\n" not in text


def test_random_play_is_unchanged_by_the_checks():
    spec = get_game("dungeon_roll")
    a = play_game(spec, spec.rules_class(), [build_strategy("dungeon_roll", "random")], 5)
    b = play_game(spec, spec.rules_class(), [build_strategy("dungeon_roll", "random")], 5,
                  decision_seconds=30)
    assert a[1].scores == b[1].scores and a[2] == b[2]


@pytest.mark.parametrize("args, message", [
    (["run", "{config}", "--games", "abc"], "Invalid value for '--games'"),
    (["run", "{config}", "--no-such-option"], "No such option"),
    (["run"], "Missing argument"),
    (["frobnicate"], "No such command"),
])
def test_bad_command_line_values_are_one_line(tmp_path, args, message):
    config = write_config(tmp_path, SMALL_RUN.format(out=tmp_path / "o", strategy="random"))
    result = CliRunner().invoke(app, [a.format(config=config) for a in args])
    assert result.exit_code == 2, result.output
    assert message in result.output and len(result.output.strip().splitlines()) == 1


def test_a_utf8_bom_config_is_read(tmp_path):
    config = tmp_path / "bom.toml"
    config.write_bytes(b"\xef\xbb\xbf" + SMALL_RUN.format(out=tmp_path / "o",
                                                           strategy="random").encode())
    result = CliRunner().invoke(app, ["validate", str(config)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("jobs", [1, 2])
def test_decision_seconds_from_the_config_stops_a_sleeping_strategy(tmp_path, jobs):
    text = (SMALL_RUN.format(out=tmp_path / "o", strategy="tests.helpers:SlowStrategy")
            .replace("games = 60", "games = 4").replace("chunk = 25", "chunk = 2")
            .replace("jobs = 1", f"jobs = {jobs}\ndecision_seconds = 0.25")
            .replace('"tests.helpers:SlowStrategy"',
                     '{ name = "tests.helpers:SlowStrategy", seconds = 30.0 }'))
    result = CliRunner().invoke(app, ["run", str(write_config(tmp_path, text)), "--no-report"])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    assert re.search(r"strategy 'tests.helpers:SlowStrategy.*' at seat \d in game \d+, decision "
                     r"\d+ took longer than the decision time limit of 0.25 s", lines[0]), lines


@pytest.mark.parametrize("value", ["-1", "-0.5", "1e9", "true", '"2"', "nan", "inf"])
def test_decision_seconds_must_be_a_sensible_number(tmp_path, value):
    text = SMALL_RUN.format(out=tmp_path / "o", strategy="random").replace(
        "jobs = 1", f"jobs = 1\ndecision_seconds = {value}")
    result = CliRunner().invoke(app, ["validate", str(write_config(tmp_path, text))])
    assert result.exit_code == 2, result.output
    assert "[run] decision_seconds" in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("value, limit", [("0", None), ("2.5", 2.5), (None, 60.0)])
def test_decision_seconds_defaults_to_a_minute_and_0_turns_it_off(tmp_path, value, limit):
    from simulate.config import load_config
    text = SMALL_RUN.format(out=tmp_path / "o", strategy="random")
    if value is not None:
        text = text.replace("jobs = 1", f"jobs = 1\ndecision_seconds = {value}")
    assert load_config(write_config(tmp_path, text)).decision_seconds == limit
