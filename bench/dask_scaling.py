"""A Dask cluster of separate processes on this machine, as a user outgrowing one machine starts
one (`dask scheduler`, then `dask worker ADDRESS` on each machine, each in a folder of its own),
and the runner's games per second on it with one and with two workers.

``python bench/bench.py dask`` records ``dask_scaling`` in bench/results.json;
tests/test_dask_processes.py uses :func:`cluster` for its tables-and-lost-worker test.
"""
from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator

BIN = Path(sys.executable).parent


def _start(args: list[str], folder: Path) -> subprocess.Popen:
    return subprocess.Popen(args, cwd=folder, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)


def end(process: subprocess.Popen) -> None:
    """Kill a started process with its whole group (a worker's nanny and its child)."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(30)


@contextlib.contextmanager
def cluster(folder: Path, workers: int) -> Iterator[tuple[str, list[subprocess.Popen]]]:
    """(the scheduler's address, the worker processes) of a cluster on 127.0.0.1 whose every
    process is ended afterwards, however the block ends."""
    info = folder / "scheduler.json"
    started = [_start([str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port", "0",
                       "--no-dashboard", "--scheduler-file", str(info)], folder)]
    try:
        deadline = time.monotonic() + 60
        while not info.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        address = json.loads(info.read_text())["address"]
        machines = []
        for i in range(workers):
            home = folder / f"machine{i}"
            home.mkdir()
            machines.append(_start([str(BIN / "dask"), "worker", address, "--nworkers", "1",
                                    "--nthreads", "1", "--no-dashboard",
                                    "--local-directory", str(home)], home))
        started += machines
        from distributed import Client
        with Client(address, timeout="30s") as client:
            client.wait_for_workers(workers, timeout=90)
        yield address, machines
    finally:
        for process in started:
            end(process)


def config(path: Path, out: Path, games: int, chunk: int) -> Path:
    """A two-player Dungeon Roll run on the Python engine (what a cluster is for: strategies
    without a compiled twin)."""
    path.write_text(f'[run]\ngame = "dungeon_roll"\ngames = {games}\nseed = 3\njobs = 2\n'
                    f'chunk = {chunk}\nout = "{out}"\nengine = "python"\n\n'
                    '[players]\ncount = 2\nstrategies = "risk_aware"\n')
    return path


def scaling(games: int = 4000) -> dict:
    """Games per wall second on a cluster of 1 and of 2 workers (one core each), and what N
    machines would give if the scaling from 1 to 2 held (an extrapolation, labelled so)."""
    found: dict = {}
    for workers in (1, 2):
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            cfg = config(folder / "c.toml", folder / "out", games, games // 20)
            with cluster(folder, workers) as (address, _):
                start = time.perf_counter()
                subprocess.run([str(BIN / "simulate"), "run", str(cfg), "--backend", "dask",
                                "--scheduler", address], check=True, capture_output=True)
                seconds = time.perf_counter() - start
        found[f"workers_{workers}"] = {"games": games, "seconds": round(seconds, 2),
                                       "games_per_second": round(games / seconds)}
        print(f"dask, {workers} worker(s): {games / seconds:,.0f} games/s", flush=True)
    one, two = (found[f"workers_{w}"]["games_per_second"] for w in (1, 2))
    efficiency = two / (2 * one)
    found["efficiency_1_to_2"] = round(efficiency, 2)
    found["extrapolated"] = {
        "note": "an extrapolation, not a measurement: N one-core machines at the measured "
                "1 -> 2 worker efficiency, the scheduler assumed never the bottleneck",
        **{f"machines_{n}": round(one * n * efficiency) for n in (4, 16, 64)}}
    found["load_average"] = round(os.getloadavg()[0], 1)
    return found
