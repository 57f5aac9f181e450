"""Odd command-line input: one line and exit 2, never a traceback, nothing left
behind."""
import os

import pytest

from tests.helpers import one_line_exit_2, simulate_cli
from tests.test_hostile_folder import deadline

GAME = "roll_player"


def _target(tmp_path, case):
    if case == "dangling link named like a data file":
        folder = tmp_path / "study"
        folder.mkdir()
        (folder / "market.json").symlink_to(tmp_path / "nowhere")
        return folder
    if case == "300-character folder name":
        return tmp_path / ("x" * 300)
    if case == "folder under a file":
        (tmp_path / "a_file").write_text("mine")
        return tmp_path / "a_file" / "study"
    return "/proc/self"


@pytest.mark.parametrize("case", ["dangling link named like a data file",
                                  "300-character folder name", "folder under a file",
                                  "/proc/self"])
def test_components_export_to_an_odd_target_is_one_line_and_leaves_nothing(tmp_path, case):
    target = _target(tmp_path, case)
    before = sorted(os.listdir(tmp_path))
    with deadline(30):
        one_line_exit_2(simulate_cli("components", "export", GAME, target))
    assert sorted(os.listdir(tmp_path)) == before
    if case.startswith("dangling"):
        assert sorted(os.listdir(target)) == ["market.json"]
    if case == "folder under a file":
        assert (tmp_path / "a_file").read_text() == "mine"


@pytest.mark.parametrize("width", ["1e-300", "1e-7", "0"])
def test_an_until_ci_too_narrow_to_reach_is_one_line(tmp_path, width):
    config = tmp_path / "run.toml"
    config.write_text(f'[run]\ngame = "dungeon_roll"\ngames = 20\nchunk = 10\njobs = 1\n'
                      f'engine = "python"\nout = "{tmp_path / "out"}"\n[players]\ncount = 1\n')
    one_line_exit_2(simulate_cli("run", config, "--until-ci", width), "until_ci", "1e-6")
