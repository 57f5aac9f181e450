"""The Dask backend as a user outgrowing one machine runs it: a `dask scheduler` and two
`dask worker` processes started on their own (as on other machines: their own working folder,
nothing shared with the run but the scheduler's address), a run whose tables are those of a local
run, and a worker killed mid-run while the other finishes the run."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

pytest.importorskip("distributed")
pytestmark = pytest.mark.slow

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import dask_scaling  # noqa: E402

SIMULATE = str(Path(sys.executable).parent / "simulate")


@pytest.fixture
def cluster(tmp_path):
    folder = tmp_path / "cluster"
    folder.mkdir()
    with dask_scaling.cluster(folder, 2) as found:
        yield found


def _tables(out: Path) -> tuple[pl.DataFrame, pl.DataFrame]:
    from simulate.api import open_results
    results = open_results(out)
    return (results.games().sort("players", "game"),
            results.seats().sort("players", "game", "seat"))


def test_separate_processes_give_the_local_tables_and_survive_a_lost_worker(tmp_path, cluster):
    address, workers = cluster
    local = dask_scaling.config(tmp_path / "local.toml", tmp_path / "local", 400, 50)
    assert subprocess.run([SIMULATE, "run", str(local)], capture_output=True,
                          timeout=600).returncode == 0
    remote_out = tmp_path / "remote"
    remote = dask_scaling.config(tmp_path / "remote.toml", remote_out, 400, 50)
    run = subprocess.Popen([SIMULATE, "run", str(remote), "--backend", "dask", "--scheduler",
                            address], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 300
        manifest = remote_out / "manifest.json"
        while time.monotonic() < deadline and run.poll() is None:     # one chunk in: kill one
            if manifest.exists() and json.loads(manifest.read_text()).get("chunks"):
                break
            time.sleep(0.2)
        playing = run.poll() is None
        os.killpg(workers[0].pid, signal.SIGKILL)
        output, _ = run.communicate(timeout=600)
    finally:
        if run.poll() is None:
            run.kill()
    assert playing, "the run ended before a worker could be killed: give it more games"
    assert run.returncode == 0, output.decode()[-2000:]
    assert workers[0].wait(30) is not None and workers[1].poll() is None
    for mine, theirs in zip(_tables(tmp_path / "local"), _tables(remote_out)):
        assert mine.equals(theirs)
