"""Workers die with their parent: SIGKILL or SIGTERM of the main `simulate run` stops them all.

A slow (sleeping, CPU-light) strategy keeps two workers busy; the test kills only the main
process and waits for every process it had started to be gone.
"""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil

from tests.helpers import write_config

REPO = Path(__file__).resolve().parents[1]
SLOW_RUN = """
[run]
game = "dungeon_roll"
games = 40
chunk = 4
jobs = 2
engine = "python"
out = "{out}"

[players]
strategies = {{ name = "tests.helpers:SlowStrategy", seconds = 0.2, mark = "{mark}" }}
"""
WORKERS_GONE_WITHIN = 10.0


def start_run(folder: Path) -> subprocess.Popen:
    mark = folder / "playing"
    mark.mkdir(parents=True)
    config = write_config(folder, SLOW_RUN.format(out=folder / "out", mark=mark))
    return subprocess.Popen([sys.executable, "-m", "simulate", "run", str(config),
                             "--no-report"], cwd=REPO, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def workers_playing(process: subprocess.Popen, folder: Path) -> list[psutil.Process]:
    """Wait until both workers of the run are playing; return every process it started."""
    mark = folder / "playing"
    deadline = time.time() + 90
    while time.time() < deadline and len(list(mark.iterdir())) < 2:
        assert process.poll() is None, process.stderr.read().decode()
        time.sleep(0.1)
    workers = psutil.Process(process.pid).children(recursive=True)
    playing = {int(p.name) for p in mark.iterdir()}
    assert playing <= {w.pid for w in workers} and len(playing) == 2
    return workers


def alive(processes: list[psutil.Process]) -> list[psutil.Process]:
    return [p for p in processes if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]


def wait_gone(processes: list[psutil.Process], seconds: float) -> float:
    start = time.time()
    while alive(processes) and time.time() - start < seconds:
        time.sleep(0.1)
    return time.time() - start


def test_workers_exit_when_the_main_process_is_killed_or_terminated(tmp_path):
    """Two runs at once (to save time): SIGKILL of one main process, SIGTERM of the other."""
    signals = (signal.SIGKILL, signal.SIGTERM)
    runs, workers = [], []
    try:
        runs = [start_run(tmp_path / sig.name) for sig in signals]
        for process, sig in zip(runs, signals):
            workers.append(workers_playing(process, tmp_path / sig.name))
        for process, sig in zip(runs, signals):
            os.kill(process.pid, sig)                # the main process only, not its group
        for process, sig, started in zip(runs, signals, workers):
            process.wait(timeout=30)
            took = wait_gone(started, WORKERS_GONE_WITHIN)
            assert not alive(started), f"workers still alive {took:.1f} s after {sig.name}"
        terminated = runs[1]                         # SIGTERM acts as Ctrl-C: message, 130
        assert terminated.returncode == 130
        assert "interrupted" in terminated.stderr.read().decode()
    finally:
        for process in runs:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait()
        for worker in alive([w for started in workers for w in started]):
            worker.kill()


def test_workers_killed_during_start_up_die_with_the_main_process(tmp_path):
    """SIGKILL of the main process at moments of the workers' start-up (before their first
    chunk, while they import the engines): every process the run started is gone soon after."""
    started = []
    try:
        for attempt, delay in enumerate((0.0, 0.4, 1.2)):
            folder = tmp_path / f"kill{attempt}"
            process = start_run(folder)
            deadline = time.time() + 60
            children = []
            while time.time() < deadline and not children and process.poll() is None:
                children = psutil.Process(process.pid).children(recursive=True)
                time.sleep(0.02)
            assert children, "the run started no worker"
            time.sleep(delay)
            children = psutil.Process(process.pid).children(recursive=True)
            started += children
            os.kill(process.pid, signal.SIGKILL)
            process.wait(timeout=30)
            took = wait_gone(children, WORKERS_GONE_WITHIN)
            assert not alive(children), f"workers alive {took:.1f} s after a kill at +{delay} s"
    finally:
        for worker in alive(started):
            worker.kill()
