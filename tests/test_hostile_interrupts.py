"""Ctrl-C or SIGTERM at a compiled run's end: once a polars panic
(exit 1), once "Exception ignored in generator"; reproduced here as silent deaths by SIGINT
(exit -2, no line) when the signal came while the interpreter exited. Every interrupt ends with
the tool's one interrupt line and exit 130, or, after the command's last line, with the
command's own exit code and nothing more; the folder resumes to identical tables.
"""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

from simulate import interrupts, runner
from simulate.config import load_config
from tests.helpers import write_config

REPO = Path(__file__).resolve().parents[1]
RUN = """
[run]
game = "dungeon_roll"
games = 40
seed = 3
chunk = 10
jobs = 1
engine = "compiled"
out = "{out}"

[players]
count = 1
strategies = "risk_aware"
"""


def tables(out: Path) -> tuple[pl.DataFrame, pl.DataFrame]:
    games = pl.read_parquet(out / "games" / "*.parquet").sort("variant", "players", "game")
    seats = pl.read_parquet(out / "seats" / "*.parquet").sort("variant", "players", "game",
                                                               "seat")
    return games, seats


@pytest.fixture
def our_handler():
    """The command's SIGINT handler in this process, as `simulate` installs it; afterwards the
    test's and a clean slate (a genuine interrupt seen is remembered process-wide)."""
    previous = interrupts.install()
    yield
    for sig, handler in previous.items():
        signal.signal(sig, handler)
    interrupts._interrupted.clear()


def test_an_interrupt_while_a_chunk_is_written_waits_until_it_is_whole(tmp_path, monkeypatch,
                                                                       our_handler):
    """SIGINT arriving while the second chunk's Parquet files are written (where polars calls
    back into Python, and a KeyboardInterrupt raised there was a Rust panic): the chunk and its
    manifest entry are written whole first, then the run stops, and resumes to the same tables."""
    written = runner.write_chunk

    def interrupted_midway(out, spec, chunk, games, seats):
        if chunk.start == 10:
            os.kill(os.getpid(), signal.SIGINT)        # the handler runs at once, in here
        return written(out, spec, chunk, games, seats)

    monkeypatch.setattr(runner, "write_chunk", interrupted_midway)
    cfg = load_config(write_config(tmp_path, RUN.format(out=tmp_path / "out")))
    with pytest.raises(KeyboardInterrupt):
        runner.run(cfg)
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["chunks_done"] == ["v0-p1-0000000000", "v0-p1-0000000010"]
    monkeypatch.setattr(runner, "write_chunk", written)
    interrupts._interrupted.clear()
    runner.run(cfg)
    reference = load_config(write_config(tmp_path, RUN.format(out=tmp_path / "ref"), "ref.toml"))
    runner.run(reference)
    assert all(a.equals(b) for a, b in zip(tables(tmp_path / "out"), tables(tmp_path / "ref")))


# The command as its console script runs it, then an exit that takes a while (as joining a
# thread still playing a dropped chunk does): `flag` says the command has ended.
LATE = """
import atexit, sys, time
from pathlib import Path
atexit.register(lambda: (Path({flag!r}).touch(), time.sleep(30)))
sys.argv = ["simulate", "run", {config!r}, "--no-report"]
import simulate.cli as cli
main = getattr(cli, "main", None) or (lambda: cli.app(prog_name="simulate"))
main()
"""


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupt_while_the_interpreter_exits_ends_with_the_commands_code(tmp_path, sig):
    config = write_config(tmp_path, RUN.format(out=tmp_path / "out"))
    flag = tmp_path / "exiting"
    process = subprocess.Popen([sys.executable, "-c", LATE.format(flag=str(flag),
                                                                  config=str(config))],
                               cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    deadline = time.monotonic() + 120
    while not flag.exists() and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.02)
    assert flag.exists(), process.communicate()
    os.killpg(process.pid, sig)
    sent = time.monotonic()
    out, err = process.communicate(timeout=60)
    assert time.monotonic() - sent < 10             # at once, not after the 30 s exit
    assert process.returncode == 0, (process.returncode, err)
    assert err == "", err                           # no traceback, no "Exception ignored"
    assert out.startswith("40 games in"), out
