"""Commands that play in rounds hold the out folder's lock from the first round to the report:
between two rounds another run into the same folder is refused, not let in."""
import fcntl
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

import reports.training
import reports.tuning
from simulate.adaptive import sensitivity, train, tune
from simulate.cli import app
from simulate.results_folder import LOCK
from tests.helpers import TUNE, write_config

SOLO = """
[run]
game = "dungeon_roll"
games = 200
seed = 7
chunk = 50
jobs = 1
engine = "python"
out = "{out}"

[players]
count = 1
strategies = "random"
"""
TABLES = {"tune": TUNE, "sensitivity": """
[sensitivity]
metric = "mean_score"
rules = ["delves_per_player", "solo_win_score"]
first_games = 50
""", "train": """
[train]
strategy = { name = "cautious", retire_level = 1 }
parameters = ["retire_level"]
candidates = 3
first_games = 50
"""}


def lock_is_free(out: Path) -> bool:
    """What a second `simulate` process would find: its own open file, its own flock."""
    fd = os.open(out / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(fd)                    # closing releases a lock this check took
    return True


@pytest.mark.parametrize("command", ["tune", "sensitivity", "train"])
def test_the_lock_is_held_from_the_first_round_to_the_report(tmp_path, monkeypatch, command):
    out = tmp_path / "out"
    solo = SOLO.format(out=out)
    if command == "train":                      # train names its strategy in [train]
        solo = solo.replace('strategies = "random"\n', "")
    config = write_config(tmp_path, solo + TABLES[command])
    module = {"tune": tune, "sensitivity": sensitivity, "train": train}[command]
    free: list[tuple[str, bool]] = []
    real_run = module.run

    def watched_round(cfg, *args, **kwargs):
        if out.exists():
            free.append(("before a round", lock_is_free(out)))
        manifest = real_run(cfg, *args, **kwargs)
        free.append(("after a round", lock_is_free(out)))
        return manifest

    def watched_report(folder):
        free.append(("report", lock_is_free(out)))
        return Path(folder) / "report.html"

    monkeypatch.setattr(module, "run", watched_round)
    monkeypatch.setattr(reports.training if command == "train" else reports.tuning,
                        f"build_{command}_report", watched_report)
    result = CliRunner().invoke(app, [command, str(config)])
    assert result.exit_code == 0, result.output
    assert len(free) >= 4 and free[-1][0] == "report"
    assert not [moment for moment, is_free in free if is_free], free
    assert lock_is_free(out)                       # released when the command ends
