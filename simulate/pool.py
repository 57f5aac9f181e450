"""Chunks played by worker processes on this machine, watched by the main process.

Python-engine chunks are always played in worker processes (loky's reusable executor), even at
``jobs = 1``: then a strategy can do its worst (sleep, loop inside C code, catch every signal,
``os._exit``, crash the interpreter, exhaust memory) and the main process is still there to say,
in one line, which strategy, seat and game did it, with every finished chunk saved and the run
resumable. Between results the main process reads the workers' board (simulate.worker_posts): a
strategy call older than the decision time limit gets its worker killed (SIGKILL needs no
cooperation); a worker that died mid-game is named by its last post.
"""
from __future__ import annotations

import os
import pickle
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
import warnings
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from typing import Any, Callable, Iterator

from simulate.worker_posts import dead_and_busy, overrun, process_alive, read_board
from simulate.games.base import IllegalActionError
from simulate.worker_watchdog import start_worker

POLL_SECONDS = 0.1
RESUME = "finished chunks are saved: fix it and run the same command to resume"
# loky's executor thread warns when a worker it gave a chunk stops: the run stopped that worker
# itself (_stop_workers) or says in one line why it died (died), so the warning is only noise
warnings.filterwarnings("ignore", "A worker stopped while some jobs were given to the executor",
                        UserWarning)


def play_watched(play: Callable[[dict], Any], tasks: list[dict], workers: int,
                 decision_seconds: float | None) -> Iterator[tuple[int, Any]]:
    """``(i, play(tasks[i]))`` as each chunk finishes, in any order, on ``workers`` processes;
    a strategy call running over ``decision_seconds`` (None: no limit) or a dead worker is an
    IllegalActionError naming it."""
    from joblib.externals.loky import get_reusable_executor

    parent = os.getpid()
    with tempfile.TemporaryDirectory(prefix="simulate-board-") as board:
        with warnings.catch_warnings():      # growing past warm(): it waits for that one task
            warnings.filterwarnings("ignore", "Trying to resize an executor")
            executor = get_reusable_executor(max_workers=workers, initializer=start_worker,
                                             initargs=(parent,))
        here = {"parent": parent, "board": board, "path": [os.getcwd(), *sys.path]}
        futures = {executor.submit(play, {**task, **here}): i for i, task in enumerate(tasks)}
        pending, finished = set(futures), False
        try:
            while pending:
                done, pending = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
                # good chunks first, then the earliest failed chunk: its error is the one said
                for future in sorted(done, key=lambda f: (f.exception() is not None, futures[f])):
                    yield futures[future], _result(future, board)
                if decision_seconds:
                    _stop_overrun(board, decision_seconds)
            finished = True
        finally:
            if not finished:     # an error, Ctrl-C, or the caller stopped: no worker plays on
                _stop_workers(pending, board)


def play_threaded(play: Callable[[dict], Any], tasks: list[dict], workers: int
                  ) -> Iterator[tuple[int, Any]]:
    """``(i, play(tasks[i]))`` as each chunk finishes, on ``workers`` threads of this process:
    for compiled kernels, whose games run without the GIL (``nogil``) and play only built-in
    strategies, so no worker process is needed to watch them. No process to start, no engine to
    import again, no columns to pickle back. At most two chunks per thread are in flight and a
    result is let go once given, so memory stays flat however many chunks a run has. On an
    error or Ctrl-C the chunks not started are cancelled (one being played finishes in the
    background; its result is dropped)."""
    executor = _thread_pool(workers)
    queued = iter(enumerate(tasks))
    futures: dict = {}

    def submit_next() -> None:
        for i, task in queued:
            futures[executor.submit(play, task)] = i
            return

    for _ in range(2 * workers):
        submit_next()
    try:
        while futures:
            done, _ = wait(futures, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=lambda f: (f.exception() is not None, futures[f])):
                i = futures.pop(future)
                submit_next()
                yield i, future.result()
    finally:
        for future in futures:
            future.cancel()


def _thread_pool(workers: int) -> ThreadPoolExecutor:
    """One pool of ``workers`` threads kept for the process's life (a study plays many runs)."""
    global _threads
    with _threads_guard:
        size, pool = _threads
        if pool is None or size != workers:
            if pool is not None:
                pool.shutdown(wait=False)
            _threads = workers, ThreadPoolExecutor(max_workers=workers,
                                                   thread_name_prefix="kernel")
        return _threads[1]


_threads: tuple[int, ThreadPoolExecutor | None] = (0, None)    # (workers, the pool)
_threads_guard = threading.Lock()


def warm() -> None:
    """Start one worker now, once per process (it imports the engines while this process reads
    the config)."""
    from joblib.externals.loky import get_reusable_executor

    global _warmed
    if not _warmed:
        _warmed = True
        get_reusable_executor(max_workers=1, initializer=start_worker,
                              initargs=(os.getpid(),)).submit(_ready)


_warmed = False


def _ready() -> None:
    import simulate.chunk  # noqa: F401


def _stop_workers(pending: set, board: str) -> None:
    """Cancel the chunks not started; if some are being played, kill the workers playing this
    run's chunks (each has posted on the run's board under its pid) and wait (briefly) until loky
    has failed their futures: it marks the pool broken first, so the next run starts a fresh
    one. (loky's own ``shutdown(kill_workers=True)`` races with its queue thread when chunks
    are still queued.)"""
    if all(future.cancel() or future.done() for future in list(pending)):
        return
    for entry in read_board(board):
        try:
            os.kill(entry.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    wait(pending, timeout=5)


def _stop_overrun(board: str, seconds: float) -> None:
    late = overrun(board, seconds)
    if late is None:
        return
    try:
        os.kill(late.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    raise IllegalActionError(f"{late.where()} took longer than the decision time limit of "
                             f"{seconds:g} s; its worker was stopped, {RESUME} (or raise "
                             "[run] decision_seconds; 0 = no limit)")


def _result(future, board: str) -> Any:
    from joblib.externals.loky import BrokenProcessPool      # loky's public name for it

    try:
        return future.result()
    except BrokenProcessPool as exc:
        codes = re.search(r"exit codes of the workers are \{(.*?)\}", str(exc))
        raise IllegalActionError(died(board, codes[1] if codes else "")) from None


def died(board: str, how: str) -> str:
    """One line on a worker that died: how (its exit code or signal) and what it was playing."""
    how = f" ({how})" if how else ""
    dead = dead_and_busy(board) or [e for e in read_board(board) if not process_alive(e.pid)]
    if not dead:
        return (f"a worker process died{how}: a strategy crashed it (os._exit, a segfault) or "
                f"the system ran out of memory; {RESUME}")
    entry = dead[0]
    if entry.busy:
        return (f"a worker process died{how} in {entry.where()} (seats: "
                f"{', '.join(map(repr, entry.names))}); {RESUME}")
    return f"a worker process died{how} between decisions, playing {entry.playing()}; {RESUME}"


def play_in_child(play: Callable[[dict], Any], task: dict, decision_seconds: float | None) -> Any:
    """``play(task)`` in a child process of this one, watched the same way (for a Dask worker:
    its processes are daemons, which may not start a pool, but may run a program). A child that
    answered is kept for the next chunk; one that overran or died is replaced."""
    child, folder = _take_child()
    board = os.path.join(folder, "board")
    given = os.path.join(folder, f"task-{uuid.uuid4().hex}")
    answer = given + ".out"
    with open(given, "wb") as file:
        pickle.dump((play, {**task, "board": board, "parent": os.getpid()}), file)
    answered = False
    try:
        child.stdin.write(given + "\n")
        child.stdin.flush()
        while child.poll() is None and not os.path.exists(answer):
            time.sleep(POLL_SECONDS)
            if decision_seconds:
                _stop_overrun(board, decision_seconds)
        answered = os.path.exists(answer)
    except OSError:                      # the child was gone before it read the task
        pass
    finally:
        if not answered:
            _discard(child)
    if not answered:
        code = child.returncode
        how = signal.Signals(-code).name if code and code < 0 else f"exit code {code}"
        message = died(board, how)
        shutil.rmtree(folder, ignore_errors=True)
        raise IllegalActionError(message)
    with open(answer, "rb") as file:
        ok, value = pickle.load(file)
    for path in (given, answer):
        os.remove(path)
    with _children_guard:
        _idle_children.append((child, folder))
    if not ok:
        raise value
    return value


_idle_children: list[tuple[subprocess.Popen, str]] = []
_children_guard = threading.Lock()


def _take_child() -> tuple[subprocess.Popen, str]:
    with _children_guard:
        while _idle_children:
            child, folder = _idle_children.pop()
            if child.poll() is None:
                return child, folder
            shutil.rmtree(folder, ignore_errors=True)
    folder = tempfile.mkdtemp(prefix="simulate-player-")
    os.mkdir(os.path.join(folder, "board"))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    child = subprocess.Popen([sys.executable, "-m", "simulate.pool"], env=env, text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    return child, folder


def _discard(child: subprocess.Popen) -> None:
    if child.poll() is None:
        child.kill()
    child.wait()


def _child() -> None:
    """A child of :func:`play_in_child`: for each task file named on stdin, play it and leave
    the result (or the error) beside it."""
    started = False
    for line in sys.stdin:
        given = line.strip()
        with open(given, "rb") as file:
            play, task = pickle.load(file)
        if not started:
            start_worker(task["parent"])
            started = True
        try:
            result = (True, play(task))
        except Exception as exc:
            result = (False, exc if _picklable(exc) else
                      RuntimeError(f"{type(exc).__name__}: {exc}"))
        with open(given + ".tmp", "wb") as file:
            pickle.dump(result, file)
        os.replace(given + ".tmp", given + ".out")


def _picklable(exc: Exception) -> bool:
    try:
        pickle.loads(pickle.dumps(exc))
        return True
    except Exception:
        return False


if __name__ == "__main__":
    _child()
