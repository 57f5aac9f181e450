"""`simulate train` on the real runner: a planted bad default is found, parameters that do not
matter claim nothing, the answer is a function of the seed only, a killed train resumes."""
import json
import subprocess
import sys

import numpy as np
import pytest
from typer.testing import CliRunner

from simulate.cli import app
from tests.helpers import kill_after_chunks, write_config

runner = CliRunner()

# Solo Dungeon Roll, `cautious` retiring at level 1: a clearly bad default. With retire_level
# 1 it retires before min_party is ever read, so min_party cannot matter.
SOLO = """
[run]
game = "dungeon_roll"
games = {games}
seed = 5
chunk = 40
jobs = {jobs}
engine = "python"
out = "{out}"

[players]
count = {count}

[train]
strategy = {{ name = "cautious", retire_level = 1 }}
parameters = {parameters}
candidates = 4
first_games = 40
"""


def config(tmp_path, name="o", games=160, jobs=1, count=1, parameters='["retire_level"]'):
    return write_config(tmp_path, SOLO.format(games=games, jobs=jobs, count=count,
                                              parameters=parameters, out=tmp_path / name),
                        f"{name}.toml")


def train(path, *args):
    result = runner.invoke(app, ["train", str(path), *args])
    assert result.exit_code == 0, result.output
    return json.loads((path.parent / path.stem / "train.json").read_text()), result.output


def test_a_planted_bad_default_is_found_and_beats_the_defaults(tmp_path):
    found, said = train(config(tmp_path, games=80))
    race = found["players"]["1"]
    assert race["trained"] and race["trained"]["retire_level"] > 1
    best = next(c for c in race["candidates"] if c["candidate"] == race["best"])
    assert best["gain"]["low"] > 0 and best["p_holm"] < 0.05
    assert "trained parameters beat the defaults by +" in said
    assert 'strategies = { name = "cautious", retire_level = ' in said
    report = (tmp_path / "o" / "report.html").read_text()
    assert "Trained parameters beat the defaults by" in report
    _mechanics_beside_the_gain(tmp_path / "o", race)
    (tmp_path / "o" / "report.html").unlink()
    rebuilt = runner.invoke(app, ["report", str(tmp_path / "o")])
    assert rebuilt.exit_code == 0 and "training report (cautious)" in \
        (tmp_path / "o" / "report.html").read_text()


def test_parameters_that_do_not_matter_claim_nothing(tmp_path):
    found, said = train(config(tmp_path, parameters='{ min_party = [0, 4] }'), "--no-report")
    race = found["players"]["1"]
    assert race["trained"] is None
    assert "none of the 4 tried beats the defaults" in said
    assert all(c["gain"].get("no_game_differed") for c in race["candidates"])
    assert "# the defaults: keep them" in found["final_toml"]


def test_same_seed_same_answer_for_any_jobs_and_each_player_count_apart(tmp_path):
    one, _ = train(config(tmp_path, "a", games=40, count=[1, 2]), "--no-report")
    two, _ = train(config(tmp_path, "b", games=40, jobs=2, count=[1, 2]), "--no-report")
    assert set(one["players"]) == {"1", "2"}
    assert one["players"] == two["players"]


@pytest.mark.slow
def test_a_killed_train_resumes_to_the_same_answer(tmp_path):
    killed, reference = config(tmp_path, "killed"), config(tmp_path, "reference")
    command = [sys.executable, "-m", "simulate", "train", "--no-report"]
    kill_after_chunks(command + [str(killed)], tmp_path / "killed", 3)
    assert not (tmp_path / "killed" / "train.json").exists(), "killed too late"
    for path in (killed, reference):
        subprocess.run(command + [str(path)], check=True, stdout=subprocess.DEVNULL, timeout=300)
    resumed = json.loads((tmp_path / "killed" / "train.json").read_text())
    fresh = json.loads((tmp_path / "reference" / "train.json").read_text())
    assert resumed["players"] == fresh["players"]


@pytest.mark.parametrize("train_table, message", [
    ('strategy = "psychic"', "unknown strategy 'psychic'"),
    ('strategy = "cautious"\nparameters = ["bravery"]', "has no numeric parameter 'bravery'"),
    ('strategy = "cautious"\nparameters = { retire_level = [0, 5] }',
     "leaves the declared range 1..20"),
    ('strategy = "cautious"\nparameters = { retire_level = [5, 2] }', "is invalid"),
    ('strategy = { name = "cautious", retire_level = 99 }', "out of range"),
    ('strategy = "cautious"\ncandidates = 0', "[train] candidates = 0 is invalid"),
    ('strategy = "random"', "no numeric parameter with a declared range"),
    ('parameters = ["retire_level"]', "give the strategy to train"),
    ('strategy = "cautious"\nbudget = 5', "unknown key 'budget'"),
])
def test_bad_train_input_is_one_line_and_exit_2(tmp_path, train_table, message):
    text = SOLO.format(games=40, jobs=1, count=1, parameters="[]", out=tmp_path / "o")
    text = text[:text.index("[train]")] + "[train]\n" + train_table + "\n"
    result = runner.invoke(app, ["train", str(write_config(tmp_path, text))])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_the_config_names_the_trained_strategy_not_the_seats(tmp_path):
    text = SOLO.format(games=40, jobs=1, count=1, parameters='["retire_level"]',
                       out=tmp_path / "o").replace("count = 1", 'count = 1\nstrategies = "bold"')
    result = runner.invoke(app, ["train", str(write_config(tmp_path, text))])
    assert result.exit_code == 2 and "[players] strategies" in result.output


def test_a_gain_in_win_share_stays_within_what_it_can_take():
    """A candidate winning both seats of every seed against defaults that win half: the gain
    is +0.5 in every seed; its interval was [+0.5, +0.5] with p = 0. Bounded by what a
    difference of win shares can take: never zero width, never beyond +-1."""
    from simulate.adaptive.metrics import paired
    from simulate.adaptive.train import _bounds
    gain, p = paired(np.full(10, 0.5), np.ones(10), 0.998, False, _bounds("won"))
    assert gain.low < gain.mean == 0.5 < gain.high <= 1.0 and p > 0
    mixed = np.array([1.0] * 8 + [0.5, 0.0])
    gain, _ = paired(np.full(10, 0.5), mixed, 0.998, False, _bounds("won"))
    assert -1.0 <= gain.low < gain.high <= 1.0


def _mechanics_beside_the_gain(out, race):
    """The report shows the mechanics used by the defaults' seat and the best tried one's, as
    counted from the folder's seats: retiring at level 1, the defaults never fight a dragon."""
    import polars as pl

    from reports.mechanics import declared
    from simulate.results import read_tables
    report = (out / "report.html").read_text()
    assert "How often each optional mechanic was used" in report
    seats = read_tables(out)[1].collect()
    labels = json.loads((out / "train.json").read_text())["labels"]
    dragon = next(m for m in declared("dungeon_roll")[0] if m.name == "fighting a dragon")
    for label, zero in ((labels[0], True), (labels[race["best"]], False)):
        mine = seats.filter(pl.col("variant").str.starts_with(label))
        used = mine.select(dragon.used).to_series()
        assert (used.sum() == 0) == zero
    row = report[report.index("fighting a dragon"):].split("</tr>")[0]
    assert ">0.0 %" in row.split("</td>")[1] and ">0.0 %" not in row.split("</td>")[2], row
