"""A strategy doing its worst stops the run with one line naming it, exit 2, never a hang; the
finished chunks stay and the rerun after the fix resumes (tests/hostile.py).

Each run: solo Dungeon Roll, 6 games in chunks of 2, one job; the strategy plays well for 2 games
(or 2 chunks, for the describe tricks), then misbehaves. Runs go through the command line in
this process (the worker pool is reused between runs), except where a child is needed: a memory
limit (setrlimit) or a real Ctrl-C.
"""
import json
import os
import re
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from simulate.cli import app
from tests.helpers import write_config
from tests.test_hostile_folder import deadline

REPO = Path(__file__).resolve().parents[1]
RUN = """
[run]
game = "dungeon_roll"
games = 6
chunk = 2
jobs = {jobs}
engine = "python"
decision_seconds = {limit}
out = "{out}"

[players]
strategies = {{ name = "tests.hostile:Hostile", trick = "{trick}", trigger = "{trigger}" }}
"""
LIMIT = 1.0
NAME = r"strateg(y|ies) '(hostile\(\w+\)|tests\.hostile:Hostile)'"


def hostile_run(tmp_path: Path, trick: str, jobs: int = 1, games_first: int = 2) -> Path:
    trigger = tmp_path / "trigger"
    trigger.write_text(str(games_first))
    return write_config(tmp_path, RUN.format(jobs=jobs, limit=LIMIT, out=tmp_path / "out",
                                             trick=trick, trigger=trigger))


def one_line_error(output: str, *patterns: str) -> str:
    lines = output.strip().splitlines()
    assert len(lines) == 1, output
    assert "Traceback" not in output and lines[0].startswith("error: "), output
    for pattern in (NAME,) + patterns:
        assert re.search(pattern, lines[0]), (pattern, lines[0])
    return lines[0]


def chunks_done(tmp_path: Path) -> list[str]:
    return json.loads((tmp_path / "out" / "manifest.json").read_text())["chunks_done"]


def resumes_after_the_fix(tmp_path: Path, kept: list[str]) -> None:
    """Finished chunks were kept; without the trigger the rerun plays only the rest."""
    assert kept, "no chunk was finished before the strategy misbehaved"
    mtimes = {c: (tmp_path / "out" / "games" / f"{c}.parquet").stat().st_mtime_ns for c in kept}
    (tmp_path / "trigger").unlink()
    result = CliRunner().invoke(app, ["run", str(tmp_path / "run.toml"), "--no-report"])
    assert result.exit_code == 0, result.output
    assert len(chunks_done(tmp_path)) == 3
    assert {c: (tmp_path / "out" / "games" / f"{c}.parquet").stat().st_mtime_ns
            for c in kept} == mtimes, "finished chunks were played again"


def invoke(tmp_path: Path, trick: str, **kw):
    config = hostile_run(tmp_path, trick, **kw)
    start = time.monotonic()
    result = CliRunner().invoke(app, ["run", str(config), "--no-report"])
    return result, time.monotonic() - start


@pytest.mark.parametrize("trick", [
    "sleep",       # time.sleep: interruptible, but nothing interrupts it
    "regex",       # backtracking inside C, holding the interpreter: no signal handler runs
    "catch",       # ignores SIGALRM and SIGTERM and swallows every exception
])
def test_a_strategy_that_never_answers_is_stopped_from_outside(tmp_path, trick):
    result, took = invoke(tmp_path, trick)
    assert result.exit_code == 2, result.output
    one_line_error(result.output, r"at seat 0 in game 2, decision \d+ took longer than the "
                                  r"decision time limit of 1 s")
    assert took < 60, f"took {took:.0f} s"
    resumes_after_the_fix(tmp_path, chunks_done(tmp_path))


@pytest.mark.parametrize("trick, said", [
    ("exit0", r"raised SystemExit: 0"),
    ("system_exit", r"raised SystemExit: 3"),
    ("keyboard", r"raised KeyboardInterrupt"),         # its own raise, not a Ctrl-C
    ("boom", r"raised Boom: a BaseException"),
    ("no_hook", r"the start of the game: raised AttributeError: .*start_game"),
])
def test_a_strategy_raising_anything_is_one_line(tmp_path, trick, said):
    result, _ = invoke(tmp_path, trick)
    assert result.exit_code == 2, result.output         # sys.exit(0) is no success
    one_line_error(result.output, r"at seat 0 in game 2", said)
    resumes_after_the_fix(tmp_path, chunks_done(tmp_path))


def test_a_describe_that_raises_is_one_line(tmp_path):
    result, _ = invoke(tmp_path, "describe")
    assert result.exit_code == 2, result.output
    one_line_error(result.output, r"at seat 0 in game 4, describe\(\): raised RuntimeError")
    resumes_after_the_fix(tmp_path, chunks_done(tmp_path))


@pytest.mark.parametrize("trick, how", [("os_exit", r"EXIT\(7\)"),
                                        ("segfault", r"SIGSEGV")])
def test_a_worker_killed_by_its_strategy_is_named(tmp_path, trick, how):
    result, _ = invoke(tmp_path, trick)
    assert result.exit_code == 2, result.output
    one_line_error(result.output, rf"a worker process died \({how}", r"at seat 0 in game 2")
    resumes_after_the_fix(tmp_path, chunks_done(tmp_path))


@pytest.mark.slow
def test_a_describe_that_sleeps_is_stopped(tmp_path):
    result, _ = invoke(tmp_path, "describe_sleep")
    assert result.exit_code == 2, result.output
    one_line_error(result.output, r"at seat 0 starting game 4 .*took longer than the decision "
                                  r"time limit of 1 s")
    resumes_after_the_fix(tmp_path, chunks_done(tmp_path))


@pytest.mark.slow
def test_two_jobs_name_the_sleeper_too(tmp_path):
    result, _ = invoke(tmp_path, "sleep", jobs=2)
    assert result.exit_code == 2, result.output
    one_line_error(result.output, r"at seat 0 in game \d+, decision \d+ took longer")


def child_run(config: Path, memory: int | None = None) -> subprocess.Popen:
    def limits():
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    return subprocess.Popen([sys.executable, "-m", "simulate", "run", str(config), "--no-report"],
                            cwd=REPO, preexec_fn=limits, start_new_session=True, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


@pytest.mark.slow
def test_a_strategy_allocating_without_end_is_one_line(tmp_path):
    """In a child with a 3 GB address-space limit (its workers inherit it): the machine is
    shared, so the strategy must hit a wall long before the system's memory does."""
    config = hostile_run(tmp_path, "hog")
    config.write_text(config.read_text().replace(f"decision_seconds = {LIMIT}",
                                                 "decision_seconds = 60"))
    child = child_run(config, memory=3 * 2**30)
    try:
        out, err = child.communicate(timeout=120)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert child.returncode == 2, err
    one_line_error(err, r"at seat 0 in game 2, decision \d+: raised MemoryError|"
                        r"a worker process died")
    resumes_after_the_fix(tmp_path, chunks_done(tmp_path))


@pytest.mark.slow
def test_a_real_ctrl_c_is_still_an_interrupt(tmp_path):
    """SIGINT to the whole process group, as a terminal's Ctrl-C does, while the strategy
    sleeps: 'interrupted', exit 130 (the strategy is not blamed)."""
    config = hostile_run(tmp_path, "sleep", games_first=0)
    config.write_text(config.read_text().replace(f"decision_seconds = {LIMIT}",
                                                 "decision_seconds = 600"))
    child = child_run(config)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (tmp_path / "trigger.now").exists():
            time.sleep(0.1)
        time.sleep(0.3)
        os.killpg(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert child.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err, err



@pytest.mark.slow
def test_on_dask_the_time_limit_holds_and_losing_every_worker_is_one_line(tmp_path,
                                                                           monkeypatch):
    """A local cluster on loopback: a strategy looping inside C on a Dask worker is stopped by
    the watched child it plays in; then with the workers gone the run stops within the stated
    time instead of waiting for ever."""
    distributed = pytest.importorskip("distributed")
    from simulate import dask_cluster
    monkeypatch.setattr(dask_cluster, "NO_WORKERS_SECONDS", 3.0)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, host="127.0.0.1",
                                  dashboard_address=None, processes=True) as cluster:
        config = hostile_run(tmp_path, "regex")
        command = ["run", str(config), "--no-report", "--backend", "dask",
                   "--scheduler", cluster.scheduler_address]
        result = CliRunner().invoke(app, command)
        assert result.exit_code == 2, result.output
        one_line_error(result.output, r"at seat 0 in game 2, decision \d+ took longer than the "
                                      r"decision time limit of 1 s")
        cluster.scale(0)
        with distributed.Client(cluster) as client:
            deadline = time.monotonic() + 60
            while client.scheduler_info()["workers"] and time.monotonic() < deadline:
                time.sleep(0.2)
        (tmp_path / "trigger").unlink()
        start = time.monotonic()
        result = CliRunner().invoke(app, command)
        assert result.exit_code == 2, result.output
        assert "has had no workers for 3 s" in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1
        assert time.monotonic() - start < 30


@pytest.mark.parametrize("command", ["validate", "run", "tune"])
def test_a_strategy_whose_init_hangs_is_one_line_before_anything_runs(tmp_path, command):
    """The main process builds a config's strategies; a module:Class whose import or __init__
    hangs is checked in a bounded child first (validate, run, tune and sensitivity alike)."""
    (tmp_path / "sleepy.py").write_text(
        "import time\nfrom strategies import Strategy\n\n"
        "class Sleepy(Strategy):\n    def __init__(self):\n        time.sleep(600)\n\n"
        "    def choose(self, view, actions):\n        return actions[0]\n")
    config = write_config(tmp_path, RUN.replace(
        'strategies = {{ name = "tests.hostile:Hostile", trick = "{trick}", trigger = "{trigger}" }}',
        'strategies = "sleepy:Sleepy"').format(jobs=1, limit=LIMIT, out=tmp_path / "out")
        + ('\n[tune]\nrules = ["solo_win_score"]\n[[tune.targets]]\nmetric = "win_rate"\n'
           'equals = 0.5\n' if command == "tune" else ""))
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "simulate", command, str(config)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 2, done.stderr
    assert time.monotonic() - start < 60
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "sleepy:Sleepy took longer than 10 s" in lines[0], done.stderr
    assert not (tmp_path / "out" / "manifest.json").exists()


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as file:
            return file.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("trick", ["spawn", "fork"])
def test_every_process_a_strategy_starts_ends_with_its_worker(tmp_path, trick):
    config = hostile_run(tmp_path, trick, games_first=1)
    with deadline(120):
        result = CliRunner().invoke(app, ["run", str(config), "--no-report"])
    assert result.exit_code == 0, result.output
    assert len(chunks_done(tmp_path)) == 3
    games = pl.read_parquet(tmp_path / "out" / "games" / "*.parquet")
    assert sorted(games["game"]) == list(range(6))            # none lost, none doubled
    started = [int(p) for p in (tmp_path / "trigger.pids").read_text().split()]
    assert started
    time.sleep(1)
    assert not [pid for pid in started if pid != os.getpid() and _alive(pid)]


def test_a_one_megabyte_describe_is_cut_in_the_tables_and_on_every_line(tmp_path):
    result = CliRunner().invoke(app, ["run", str(hostile_run(tmp_path, "long_name"))])
    assert result.exit_code == 0, result.output[:2000]
    assert max(len(line) for line in result.output.splitlines()) < 1000
    seats = pl.read_parquet(tmp_path / "out" / "seats" / "*.parquet")
    names = set(seats["strategy"])
    assert len(names) == 1 and max(map(len, names)) <= 400, [n[:80] for n in names]
    assert "describe() cut: 1,000,018 characters" in names.pop()


def test_a_strategys_prints_are_capped_and_the_cut_is_said(tmp_path):
    config = hostile_run(tmp_path, "chatty", games_first=0)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "simulate", "run", str(config), "--no-report"],
                          capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    printed = len(done.stdout) + len(done.stderr)
    assert printed < 2 * 64 * 1024, printed                   # uncapped: megabytes
    assert "the rest of its output is dropped" in done.stdout + done.stderr
    assert len(chunks_done(tmp_path)) == 3


def test_a_dask_scheduler_killed_mid_run_is_one_line(tmp_path):
    """A scheduler and a worker as separate processes on loopback; the scheduler is killed once
    the run has saved a chunk: the run says so in one line, no logged traceback before it."""
    pytest.importorskip("distributed")
    dask = Path(sys.executable).parent / "dask"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    file = tmp_path / "scheduler.json"
    scheduler = subprocess.Popen([str(dask), "scheduler", "--host", "127.0.0.1", "--port", "0",
                                  "--no-dashboard", "--scheduler-file", str(file)],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    worker = None
    try:
        for _ in range(600):
            if file.exists() and file.read_text().strip():
                break
            time.sleep(0.1)
        address = json.loads(file.read_text())["address"]
        worker = subprocess.Popen([str(dask), "worker", address, "--nworkers", "1",
                                   "--nthreads", "1", "--no-dashboard"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        config = tmp_path / "run.toml"
        config.write_text(f'[run]\ngame = "dungeon_roll"\ngames = 4000\nchunk = 20\njobs = 1\n'
                          f'engine = "python"\nout = "{tmp_path / "out"}"\n[players]\n'
                          'count = 1\nstrategies = "random"\n')
        run = subprocess.Popen([sys.executable, "-m", "simulate", "run", str(config),
                                "--no-report", "--backend", "dask", "--scheduler", address],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env, cwd=tmp_path)
        for _ in range(1200):
            if list((tmp_path / "out" / "games").glob("*.parquet")) or run.poll() is not None:
                break
            time.sleep(0.1)
        assert run.poll() is None, run.communicate()
        scheduler.kill()
        out, err = run.communicate(timeout=120)
    finally:
        for process in (worker, scheduler):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
    assert run.returncode == 2, err[-3000:]
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err[-3000:]
    assert "Traceback" not in out + err
