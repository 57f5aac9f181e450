"""Workers die with their parent: a worker process whose main ``simulate`` process is gone exits.

A joblib (loky) worker keeps playing its chunk when the main process is killed outright
(SIGKILL, an out-of-memory kill): nothing would read its results, yet it would hold a core for
minutes. Each worker starts one daemon thread that looks every ``POLL_SECONDS`` whether the main
process still exists and, if not, ends the worker at once (``os._exit``: no cleanup is owed, its
chunk was never written). A dead parent shows as a changed parent pid (the worker was handed to
init or a subreaper) or as a pid that no longer exists.

:func:`start_worker` is the worker pool's initializer: it runs before a worker takes its first
task, so a worker started while the main process is being killed does not outlive it. On Linux it
also asks the kernel for SIGKILL when the parent dies (``PR_SET_PDEATHSIG``), which needs no
thread, and so works even while a strategy holds the interpreter inside C code.
"""
from __future__ import annotations

import ctypes
import faulthandler
import os
import signal
import sys
import threading
from contextlib import contextmanager
from typing import Iterator

from simulate import interrupts

POLL_SECONDS = 0.5
PR_SET_PDEATHSIG = 1
EXIT_CODE = 70          # EX_SOFTWARE: the worker stopped because its run is gone

_watching: int | None = None      # the main pid this process watches, once started
_guard = threading.Lock()


def start_worker(parent: int) -> None:
    """Initialise a worker process of the main process ``parent``."""
    _kill_me_with_parent()
    exit_with_parent(parent)
    os.environ.setdefault("PYTHONFAULTHANDLER", "")   # loky: no crash dump on the run's stderr
    faulthandler.disable()
    interrupts.install()            # Ctrl-C reaches the workers too: a genuine interrupt
    cap_prints()


PRINT_BYTES = 64 * 1024    # of a worker's strategies' prints that reach the terminal


class CappedStream:
    """A worker's ``sys.stdout``/``sys.stderr``: a strategy's prints pass through up to a
    budget shared by both (a strategy printing 10 MB filled the run's terminal), then one line
    says the rest is dropped and how to see it all."""

    def __init__(self, stream, budget: list[int]):
        self._stream, self._budget = stream, budget

    def write(self, text: str) -> int:
        left = self._budget[0]
        if left < 0:
            return len(text)                # over budget: dropped, already said
        self._stream.write(text[:left])
        if len(text) > left:
            self._budget[0] = -1
            self._stream.write(f"\n[a strategy printed over {PRINT_BYTES // 1024} KB in this "
                               "worker; the rest of its output is dropped (`simulate replay` "
                               "plays one game again, printing everything)]\n")
        else:
            self._budget[0] = left - len(text)
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def cap_prints() -> None:
    """Cap what a worker's strategies print (see :class:`CappedStream`)."""
    budget = [PRINT_BYTES]
    if not isinstance(sys.stdout, CappedStream) and sys.stdout is not None:
        sys.stdout = CappedStream(sys.stdout, budget)
    if not isinstance(sys.stderr, CappedStream) and sys.stderr is not None:
        sys.stderr = CappedStream(sys.stderr, budget)


def _kill_me_with_parent() -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        pass                        # the watchdog thread still stands


def exit_with_parent(parent: int) -> None:
    """Start (once per process) the thread that ends this process when ``parent`` is gone.
    Does nothing in the main process itself."""
    global _watching
    if parent == os.getpid():
        return
    with _guard:
        if _watching is not None:
            return
        _watching = parent
        first_ppid = os.getppid()
        thread = threading.Thread(target=_watch, args=(parent, first_ppid),
                                  name="exit-with-parent", daemon=True)
        thread.start()


def parent_gone(parent: int, first_ppid: int) -> bool:
    """True when this process was reparented or ``parent`` no longer exists."""
    if os.getppid() != first_ppid:
        return True
    try:
        os.kill(parent, 0)
    except ProcessLookupError:
        return True
    except PermissionError:          # exists, owned by someone else: a reused pid, not ours
        return True
    return False


def _watch(parent: int, first_ppid: int) -> None:
    stop = threading.Event()
    while not stop.wait(POLL_SECONDS):
        if parent_gone(parent, first_ppid):
            os._exit(EXIT_CODE)


PR_SET_CHILD_SUBREAPER = 36


@contextmanager
def strategies_processes_end() -> Iterator[None]:
    """While inside, a worker plays one chunk; every process its strategies start ends with the
    chunk: a copy of this worker made by ``os.fork`` exits the moment it would hand
    back a chunk (it never returns one), and every process below the worker (``sleep 45``
    spawned, the copy's own children: orphans come back to the worker, a subreaper) is killed."""
    me = os.getpid()
    _adopt_orphans()
    try:
        yield
    finally:
        if os.getpid() != me:
            os._exit(0)             # a fork of the worker, not the worker
        end_descendants(me)


def _adopt_orphans() -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def end_descendants(pid: int) -> int:
    """SIGKILL every process below ``pid`` (read from /proc; nothing elsewhere) and reap the
    direct children; return how many were ended."""
    below = descendants(pid)
    for child in below:
        try:
            os.kill(child, signal.SIGKILL)
        except OSError:
            pass
    for child in below:
        try:
            os.waitpid(child, 0)       # a direct child (or an adopted orphan): no zombie
        except ChildProcessError:
            pass
    return len(below)


def descendants(pid: int) -> list[int]:
    """The pids below ``pid`` (children, their children, ...), from /proc; [] without it."""
    children: dict[int, list[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as file:
                fields = file.read().rpartition(b")")[2].split()
        except OSError:
            continue                   # gone meanwhile
        children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], list(children.get(pid, ()))
    while todo:
        child = todo.pop()
        found.append(child)
        todo += children.get(child, ())
    return found
