"""A hostile components folder and one edited under a run.

A data file that is a named pipe, a link to a device or a huge file is one line (exit 2) from
`components check`, `validate` and `run`, never a hang or a whole read. A study's components are
fixed when its run starts: an edit while it plays stops it in one line naming the file, the
chunks played before stay those of the first set, and a resume after an edit is refused naming
the file.
"""
import json
import os
import resource
import time

import polars as pl
import pytest

import simulate.runner as runner_module
from tests.helpers import one_line_exit_2, simulate_cli
from tests.test_hostile_folder import deadline

GAME = "risky_adventure"
FILE = "treasure_maps.json"


def config(tmp_path, name="run", games=40, chunk=20):
    path = tmp_path / f"{name}.toml"
    path.write_text(f'[run]\ngame = "{GAME}"\ngames = {games}\nchunk = {chunk}\njobs = 1\n'
                    f'engine = "python"\nout = "{tmp_path / name}"\n[players]\ncount = 2\n'
                    f'[components]\nfolder = "{tmp_path / "study"}"\n')
    return path


@pytest.fixture
def study(tmp_path):
    folder = tmp_path / "study"
    assert simulate_cli("components", "export", GAME, folder).exit_code == 0
    return folder


PLANTS = {"named pipe": lambda p: os.mkfifo(p),
          "link to /dev/zero": lambda p: p.symlink_to("/dev/zero"),
          "2 GB sparse file": lambda p: os.truncate(p.open("wb").name, 2 * 2**30)}


@pytest.mark.parametrize("plant", PLANTS)
def test_a_data_file_that_is_no_small_regular_file_is_one_line(tmp_path, study, plant):
    (study / FILE).unlink()
    PLANTS[plant](study / FILE)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss          # KB
    for args in (("components", "check", GAME, study), ("validate", config(tmp_path)),
                 ("run", config(tmp_path))):
        started = time.monotonic()
        with deadline(30):
            result = simulate_cli(*args)
        one_line_exit_2(result, FILE)
        assert time.monotonic() - started < 10, args
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak
    assert grown < 500 * 1024, f"{grown} KB more memory"


def test_a_link_to_a_regular_data_file_is_still_read(tmp_path, study):
    (tmp_path / "mine.json").write_bytes((study / FILE).read_bytes())
    (study / FILE).unlink()
    (study / FILE).symlink_to(tmp_path / "mine.json")
    assert simulate_cli("components", "check", GAME, study).exit_code == 0


def _triple_fame(path):
    doc = json.loads(path.read_text())
    for entry in doc["maps"]:
        entry["fame"] *= 3
    path.write_text(json.dumps(doc))


def test_an_edit_while_the_run_plays_stops_it_in_one_line_and_never_mixes(tmp_path, study,
                                                                           monkeypatch):
    original = (study / FILE).read_bytes()
    reference = simulate_cli("run", config(tmp_path, "reference", games=120), "--no-report")
    assert reference.exit_code == 0, reference.output
    real_write = runner_module.write_chunk
    written = []

    def write_then_edit(*args, **kwargs):
        result = real_write(*args, **kwargs)
        written.append(1)
        if len(written) == 1:
            _triple_fame(study / FILE)                       # the designer edits mid-run
        return result

    monkeypatch.setattr(runner_module, "write_chunk", write_then_edit)
    result = simulate_cli("run", config(tmp_path, "edited", games=120), "--no-report")
    one_line_exit_2(result, str(study / FILE), "changed while the run played")
    monkeypatch.setattr(runner_module, "write_chunk", real_write)
    recorded = json.loads((tmp_path / "edited" / "manifest.json").read_text())["chunks"]
    expected = json.loads((tmp_path / "reference" / "manifest.json").read_text())["chunks"]
    assert 1 <= len(recorded) < len(expected)
    for chunk, files in recorded.items():                # every chunk kept played the first set
        assert files["seats"]["sha256"] == expected[chunk]["seats"]["sha256"], chunk
    one_line_exit_2(simulate_cli("run", config(tmp_path, "edited", games=120), "--no-report"),
                    FILE, "changed")                     # the resume names the file
    (study / FILE).write_bytes(original)                 # undone: the run resumes and finishes
    assert simulate_cli("run", config(tmp_path, "edited", games=120), "--no-report").exit_code == 0
    tables = [pl.read_parquet(tmp_path / name / "seats" / "*.parquet").sort("players", "game",
                                                                            "seat")
              for name in ("reference", "edited")]
    assert tables[0].equals(tables[1])


def test_a_refused_resume_names_the_file_that_changed(tmp_path, study):
    assert simulate_cli("run", config(tmp_path, games=40), "--no-report").exit_code == 0
    _triple_fame(study / FILE)
    one_line_exit_2(simulate_cli("run", config(tmp_path, games=40), "--no-report"),
                    f"{study / FILE} changed")
