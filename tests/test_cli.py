"""The command line: exit codes, one-line errors, run -> replay agreement, list and validate."""
import json

import polars as pl
import pytest
from typer.testing import CliRunner

from simulate.cli import app
from tests.helpers import SMALL_RUN, write_config

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_run_writes_tables_manifest_and_report_then_replay_matches(tmp_path):
    out = tmp_path / "out"
    config = write_config(tmp_path, SMALL_RUN.format(out=out, strategy="risk_aware"))
    result = invoke("run", config)
    assert result.exit_code == 0, result.output
    assert (out / "manifest.json").exists() and (out / "report.html").exists()
    seats = pl.read_parquet(out / "seats" / "*.parquet")
    for players, game in ((1, 7), (3, 42)):
        result = invoke("replay", config, "--game", game, "--players", players,
                        "--variant", "one_chest")
        assert result.exit_code == 0, result.output
        rows = seats.filter((pl.col("game") == game) & (pl.col("players") == players) &
                            (pl.col("variant") == "one_chest")).sort("seat")
        for seat, score in enumerate(rows["score"].to_list()):
            assert f"seat {seat} (risk_aware): score {score}" in result.output
        assert "seat 0 (risk_aware):" in result.output


@pytest.mark.parametrize("args, message", [
    (["run", "missing.toml"], "config file not found"),
    (["validate", "{bad_toml}"], "malformed TOML"),
    (["validate", "{unknown_game}"], "unknown game 'chess'"),
    (["run", "{config}", "--games", "0"], "games = 0 is invalid"),
    (["run", "{config}", "--backend", "mpi"], "--backend 'mpi' is unknown"),
    (["replay", "{config}", "--game", "999"], "--game 999 is out of range"),
    (["replay", "{config}", "--game", "1", "--variant", "nope"], "unknown variant 'nope'"),
    (["list", "chess"], "unknown game 'chess'"),
    (["report", "{tmp}"], "is not a results folder"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, message):
    files = {"bad_toml": write_config(tmp_path, "[run\n", "bad.toml"),
             "unknown_game": write_config(tmp_path, '[run]\ngame = "chess"\n', "chess.toml"),
             "config": write_config(tmp_path, SMALL_RUN.format(out=tmp_path / "o", strategy="random")),
             "tmp": tmp_path}
    result = invoke(*[a.format(**files) for a in args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_illegal_action_names_strategy_seat_game_and_decision(tmp_path):
    config = write_config(tmp_path, SMALL_RUN.format(out=tmp_path / "o",
                                                     strategy="tests.helpers:IllegalStrategy"))
    result = invoke("run", config)
    assert result.exit_code == 2
    assert "strategy 'tests.helpers:IllegalStrategy' at seat 0 in game 0, decision 0 chose the " \
           "illegal action 'cheat'" in result.output
    assert "Traceback" not in result.output


def test_list_shows_games_strategies_and_rules():
    result = invoke("list")
    assert result.exit_code == 0
    assert "dungeon_roll" in result.output
    assert "champion_opens_all_chests = true   [true or false]" in result.output   # as TOML
    assert "treasure_counts = [3, 3, 3, 3, 3, 4, 6, 3, 4, 4]" in result.output
    assert "risk_aware(risk_tolerance = 0.25, chest_risk = 0.5)   (default)" in result.output
    assert '"card:<name>", 53 cards: Longsword,' in result.output     # Roll Player's Market
    assert '"mechanic:flee": fleeing a delve' in result.output      # Dungeon Roll


def test_help_keeps_brackets_and_h_is_help():
    result = invoke("run", "-h")
    assert result.exit_code == 0
    assert "Games per variant and player count (overrides [run];" in " ".join(result.output.split())


def test_validate_summarises(tmp_path):
    config = write_config(tmp_path, SMALL_RUN.format(out=tmp_path / "o", strategy="random"))
    result = invoke("validate", config)
    assert result.exit_code == 0
    assert "ok: dungeon_roll, 60 games x 2 player count(s) x 2 variant(s)" in result.output


def test_strategy_module_beside_the_config_works_in_parallel(tmp_path):
    import subprocess
    import sys
    (tmp_path / "house_rules.py").write_text(
        "from strategies import Strategy\n\n"
        "class FirstLegal(Strategy):\n"
        "    \"\"\"Always the first legal action.\"\"\"\n"
        "    def __init__(self, patience: int = 1):\n"
        "        self.patience = patience\n\n"
        "    def choose(self, view, actions):\n"
        "        return actions[0]\n")
    write_config(tmp_path, '[run]\ngame = "dungeon_roll"\ngames = 30\nchunk = 10\njobs = 2\n'
                 'out = "out"\n[players]\ncount = 2\n'
                 'strategies = [{ name = "house_rules:FirstLegal", patience = 2 }, "random"]\n')
    result = subprocess.run([sys.executable, "-m", "simulate", "run", "run.toml", "--no-report"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    seats = pl.read_parquet(tmp_path / "out" / "seats" / "*.parquet")
    assert set(seats["strategy"]) == {"house_rules:FirstLegal(patience=2)", "random"}


@pytest.mark.parametrize("game", ["dungeon_roll", "roll_for_adventure", "roll_player"])
def test_replay_matches_the_tables_in_every_game(tmp_path, game):
    from simulate.games import get_game
    players = get_game(game).players[1]
    out = tmp_path / "out"
    config = write_config(tmp_path, f'[run]\ngame = "{game}"\ngames = 4\nseed = 9\nchunk = 2\n'
                                    f'out = "{out}"\n[players]\ncount = {players}\n')
    assert invoke("run", config, "--no-report").exit_code == 0
    seats = pl.read_parquet(out / "seats" / "*.parquet").filter(pl.col("game") == 3).sort("seat")
    result = invoke("replay", config, "--game", 3)
    assert result.exit_code == 0, result.output
    for row in seats.iter_rows(named=True):
        assert f"seat {row['seat']} ({row['strategy']}): score {row['score']}, rank {row['rank']}" \
            in result.output


def test_a_resumed_run_says_how_many_games_it_found_and_how_many_it_played(tmp_path):
    """One line, "resumed: 100 games were already played, 200 played now"
    (a run stopped after its first 100 games: the runner plays the first ``upto`` of them)."""
    from simulate.config import load_config
    from simulate.runner import run as run_games
    config = tmp_path / "r.toml"
    config.write_text(f'[run]\ngame = "dungeon_roll"\ngames = 300\nseed = 3\nchunk = 50\n'
                      f'jobs = 1\nout = "{tmp_path / "o"}"\n[players]\ncount = 1\n'
                      f'strategies = "risk_aware"\n')
    run_games(load_config(str(config)), upto=100)          # an interrupted run's folder
    result = CliRunner().invoke(app, ["run", str(config), "--no-report"])
    assert result.exit_code == 0, result.output
    assert "resumed: 100 games were already played, 200 played now" in result.output
    again = CliRunner().invoke(app, ["run", str(config), "--no-report"])
    assert "resumed: nothing to play; 300 games already in" in again.output
    assert "were already played" not in again.output           # one line, not two


def test_tune_on_its_finished_folder_says_it_resumed(tmp_path):
    """A tune (and sensitivity, train) run again on its finished folder says it played nothing
    now, and the first run says nothing of resuming."""
    from tests.helpers import TUNE
    config = tmp_path / "t.toml"
    config.write_text(f'[run]\ngame = "dungeon_roll"\ngames = 100\nseed = 7\nchunk = 50\n'
                      f'jobs = 1\nout = "{tmp_path / "t"}"\n[players]\ncount = 1\n'
                      f'strategies = "risk_aware"\n' + TUNE)
    first = CliRunner().invoke(app, ["tune", str(config), "--no-report"])
    assert first.exit_code == 0, first.output
    assert "resumed" not in first.output
    again = CliRunner().invoke(app, ["tune", str(config), "--no-report"])
    assert again.exit_code == 0, again.output
    games = json.loads((tmp_path / "t" / "manifest.json").read_text())["games_done"]
    assert f"resumed: nothing to play; {games:,} games were already played" in again.output
