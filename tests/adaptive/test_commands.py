"""`simulate tune`, `simulate sensitivity` and `run --until-ci` on the real runner."""
import json
import re
import subprocess
import sys

import polars as pl
import pytest
from typer.testing import CliRunner

from simulate.adaptive.until_ci import headline_intervals
from simulate.cli import app
from simulate.results import read_tables
from tests.helpers import TUNE, kill_after_chunks, write_config

runner = CliRunner()

SOLO = """
[run]
game = "dungeon_roll"
games = {games}
seed = 7
chunk = 50
jobs = 1
out = "{out}"

[players]
count = 1
strategies = "risk_aware"
"""


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.mark.slow
def test_tune_estimates_are_the_exact_metric_on_the_same_games(tmp_path):
    """solo_win_score changes only who counts as winning, so each candidate's win rate must be
    the share of the baseline's scores at or above it, game for game (common random numbers)."""
    config = write_config(tmp_path, SOLO.format(games=400, out=tmp_path / "t") + TUNE)
    result = invoke("tune", config)
    assert result.exit_code == 0, result.output
    assert "method: noisy bisection" in result.output
    tuned = json.loads((tmp_path / "t" / "tune.json").read_text())
    base = write_config(tmp_path, SOLO.format(games=400, out=tmp_path / "b"), "base.toml")
    assert invoke("run", base, "--no-report").exit_code == 0
    scores = read_tables(tmp_path / "b")[1].collect().sort("game")["score"].to_numpy()
    for row in tuned["candidates"]:
        (threshold,), n = row["point"], row["games"]
        assert row["estimates"][0]["mean"] == pytest.approx((scores[:n] >= threshold).mean())
    assert tuned["answer"] or "crossed between" in tuned["note"] or (      # a bracket
        "crossing is not resolved" in tuned["note"])       # whose intervals do not clear it
    assert (tmp_path / "t" / "report.html").read_text().count("<svg") >= 1
    assert "[rules]" in tuned["final_toml"] or "no value" in tuned["final_toml"]
    rebuilt = invoke("report", tmp_path / "t")
    assert rebuilt.exit_code == 0 and "tuning report" in (tmp_path / "t" / "report.html").read_text()


@pytest.mark.slow
def test_killed_tune_resumes_to_the_same_answer(tmp_path):
    out, reference = tmp_path / "killed", tmp_path / "reference"
    config = write_config(tmp_path, SOLO.format(games=400, out=out) + TUNE)
    cmd = [sys.executable, "-m", "simulate", "tune", str(config), "--no-report"]
    kill_after_chunks(cmd, out, 3)
    assert not (out / "tune.json").exists(), "the tune should have been killed midway"
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, timeout=300)
    config.write_text(config.read_text().replace(str(out), str(reference)))
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, timeout=300)
    resumed = json.loads((out / "tune.json").read_text())
    fresh = json.loads((reference / "tune.json").read_text())
    assert resumed["candidates"] == fresh["candidates"]
    assert resumed["answer"] == fresh["answer"]
    games = pl.read_parquet(out / "games" / "*.parquet")
    assert games.select("variant", "game").is_duplicated().sum() == 0


def test_sensitivity_ranks_a_large_effect_first_and_no_effect_last(tmp_path):
    config = write_config(tmp_path, SOLO.format(games=200, out=tmp_path / "s") + """
[sensitivity]
metric = "mean_score"
rules = ["delves_per_player", "town_portal_value", "solo_win_score", "used_treasures_to_box"]
first_games = 50
""")
    result = invoke("sensitivity", config)
    assert result.exit_code == 0, result.output
    found = json.loads((tmp_path / "s" / "sensitivity.json").read_text())
    ranked = [row["rule"] for row in found["effects"]]
    assert ranked[0] == "delves_per_player"
    assert ranked[-1] == "solo_win_score"           # decides who wins, never the score
    last = found["effects"][-1]
    assert last["difference"]["mean"] == 0 and last["verdict"] == "does not matter"
    assert last["games"] == 50                      # stopped after the first round
    assert found["effects"][0]["p_holm"] < 0.001
    assert "Tornado" in (tmp_path / "s" / "report.html").read_text()


def test_sensitivity_says_no_game_differed_rather_than_a_zero_width_interval(tmp_path):
    config = write_config(tmp_path, SOLO.format(games=100, out=tmp_path / "z") + """
[sensitivity]
metric = "mean_score"
rules = ["solo_win_score"]
first_games = 50
""")
    result = invoke("sensitivity", config, "--no-report")
    assert result.exit_code == 0, result.output
    assert "no game of 50 differed" in result.output and "[+0, +0]" not in result.output


def test_until_ci_stops_narrow_enough_and_equals_a_fixed_run(tmp_path):
    text = SOLO.format(games=1000, out="{out}").replace('count = 1', 'count = [1, 2]') + """
[[variants]]
name = "short"
delves_per_player = 2
"""
    config = write_config(tmp_path, text.format(out=tmp_path / "u"))
    result = invoke("run", config, "--until-ci", "0.25", "--no-report")
    assert result.exit_code == 0, result.output
    stopping = json.loads((tmp_path / "u" / "manifest.json").read_text())["stopping"]
    n = stopping["games"]
    assert n < 1000 and "at most 0.25 wide" in stopping["reason"]
    assert max(headline_intervals(tmp_path / "u", n, False).values()) <= 0.25
    fixed = write_config(tmp_path, text.format(out=tmp_path / "f"), "fixed.toml")
    assert invoke("run", fixed, "--games", n, "--no-report").exit_code == 0
    for a, b in zip(read_tables(tmp_path / "u"), read_tables(tmp_path / "f")):
        keys = ["variant", "players", "game"] + (["seat"] if "seat" in a.collect_schema() else [])
        assert a.collect().sort(keys).equals(b.collect().sort(keys))


def test_until_ci_with_workers_runs_again_on_its_finished_folder(tmp_path):
    """jobs = 2, twice into one folder: the second run has nothing left to play (it crashed
    with n_jobs == 0 before), rebuilds the report and stops at the same size."""
    text = SOLO.format(games=400, out=tmp_path / "u").replace("jobs = 1", "jobs = 2")
    config = write_config(tmp_path, text)
    stops = []
    for _ in range(2):
        result = invoke("run", config, "--until-ci", "0.3")
        assert result.exit_code == 0, result.output
        assert (tmp_path / "u" / "report.html").is_file()
        stops.append(json.loads((tmp_path / "u" / "manifest.json").read_text())["stopping"])
    assert stops[0] == stops[1]


@pytest.mark.parametrize("tune, message", [
    ('rules = { dragon_speed = [1, 3] }', "unknown rule 'dragon_speed'"),
    ('rules = { solo_win_score = [5, 500] }', "leaves the declared range 0..200"),
    ('rules = ["voluntary_flee"]', "voluntary_flee has no declared range"),
    ('rules = ["treasure_counts"]', "treasure_counts has no declared range"),
    ('rules = ["solo_win_score"]\n[[tune.targets]]\nmetric = "fame"\nequals = 1',
     "unknown metric 'fame'"),
    ('rules = ["solo_win_score"]\n[[tune.targets]]\nmetric = "win_rate"\nplayers = 4\n'
     'equals = 0.5', "players = 4 is invalid"),
    ('rules = ["solo_win_score"]\n[[tune.targets]]\nmetric = "win_rate"', "exactly one of"),
    ('rules = ["solo_win_score"]', "give at least one target"),
])
def test_bad_tune_input_is_one_line_and_exit_2(tmp_path, tune, message):
    if "targets" not in tune and "give at least" not in message:
        tune += '\n[[tune.targets]]\nmetric = "win_rate"\nequals = 0.5'
    config = write_config(tmp_path, SOLO.format(games=100, out=tmp_path / "o") + "[tune]\n" + tune)
    result = invoke("tune", config)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("width", ["0", "1.5"])
def test_bad_until_ci_is_one_line_and_exit_2(tmp_path, width):
    config = write_config(tmp_path, SOLO.format(games=100, out=tmp_path / "o"))
    result = invoke("run", config, "--until-ci", width)
    assert result.exit_code == 2 and "until_ci" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_safety_limits_are_skipped_and_cannot_be_tuned(tmp_path):
    config = write_config(tmp_path, '[run]\ngame = "roll_for_adventure"\nout = "x"\n'
                          '[tune]\nrules = ["max_turns"]\n[[tune.targets]]\n'
                          'metric = "team_win_rate"\nequals = 0.5\n')
    result = invoke("tune", config)
    assert result.exit_code == 2 and "max_turns is a safety limit" in result.output


def test_plan_builds_the_grid_and_names_the_method(tmp_path):
    from simulate.adaptive.tune import _values, plan_tune
    data = {"run": {"game": "roll_for_adventure", "games": 800, "chunk": 100,
                    "out": str(tmp_path / "p")},
            "players": {"count": [2, 3]},
            "tune": {"rules": {"damage_to_lose": [4, 8], "stones_to_win": [5, 7]},
                     "targets": [{"metric": "team_win_rate", "players": 3, "equals": 0.5},
                                 {"metric": "turns", "players": 2, "at_most": 30}]}}
    plan = plan_tune(data)
    assert plan.method == "halving" and len(plan.grid) == 5 * 3
    assert plan.cfg.player_counts == [2, 3] and plan.sizes == [200, 400, 800]
    assert plan.variant_name((4, 5)) == "damage_to_lose=4 stones_to_win=5"
    assert _values("x", 0.5, 1.0, 0.25, integer=False) == [0.5, 0.75, 1.0]


def test_until_ci_shows_the_games_played_and_the_cap_as_the_cap(tmp_path):
    """The report's "games per variant and player count" is the size --until-ci stopped at (it
    showed the cap); run again, the command says there was nothing to play (not '0 games/s')."""
    config = write_config(tmp_path, SOLO.format(games=1000, out=tmp_path / "u"))
    result = invoke("run", config, "--until-ci", "0.3")
    assert result.exit_code == 0, result.output
    n = json.loads((tmp_path / "u" / "manifest.json").read_text())["stopping"]["games"]
    assert n < 1000 and f"stopped at {n:,} games" in result.output
    assert "(the cap: 1,000)" in result.output
    html = (tmp_path / "u" / "report.html").read_text()
    row = html[html.index("games per variant and player count"):][:200]
    assert f"{n:,} (--until-ci stopped there; the cap was 1,000)" in row
    again = invoke("run", config, "--until-ci", "0.3")
    assert again.exit_code == 0, again.output
    assert "resumed: nothing to play" in again.output and " 0 games/s" not in again.output


STATUSES = re.compile(r"\((?:[\d,]+) games, (within the target|below the target|above the target|"
                      r"undecided(?:, leaning (?:below|above))?|dropped)\)$")


def test_tune_speaks_in_percent_and_designer_words_and_names_the_rule(tmp_path):
    """A rate as "41.8 % [37.2, 46.4]" (never a proportion), the measure in
    the report's words (never its column name), one status vocabulary, and an answer line that
    names the tuned rule and its value."""
    config = write_config(tmp_path, SOLO.format(games=200, out=tmp_path / "t") + TUNE)
    result = invoke("tune", config)
    assert result.exit_code == 0, result.output
    tried = [line for line in result.output.splitlines() if line.startswith("  solo_win_score")]
    assert tried
    for line in tried:
        assert re.search(r": \d{1,3}\.\d % \[\d{1,3}\.\d, \d{1,3}\.\d\]  \(", line), line
        assert STATUSES.search(line), line
    answer = next(line for line in result.output.splitlines() if line.startswith("Answer: "))
    assert "solo_win_score = " in answer and "seat 0 win rate at 1 player = 50 % ± 5 pts" in answer
    assert "win_rate" not in result.output and "0.5 +-" not in result.output
    page = (tmp_path / "t" / "report.html").read_text()
    assert "Answer: " in page and "seat 0 win rate at 1 player" in page and "win_rate at" not in page


def test_sensitivity_states_findings_as_the_report_does(tmp_path):
    """Each effect with its interval (a rate's in points) and whether it survives the correction
    for the values tried, p as the report prints it ("p < 0.001", never "1.15e-20")."""
    config = write_config(tmp_path, SOLO.format(games=100, out=tmp_path / "s") + """
[sensitivity]
metric = "win_rate"
rules = ["delves_per_player"]
first_games = 50
""")
    result = invoke("sensitivity", config, "--no-report")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("seat 0 win rate at 1 player, baseline ")
    effects = [line for line in result.output.splitlines() if line.startswith("  delves")]
    assert len(effects) == 2
    for line in effects:
        assert re.search(r": [+-]\d+\.\d pts \[[+-]\d+\.\d, [+-]\d+\.\d\] \(", line), line
        assert "significant after correction for 2 tests, Holm p " in line, line
    assert "Holm p < 0.001" in result.output and not re.search(r"\de-\d", result.output)
