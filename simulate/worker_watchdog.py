"""Workers die with their parent: a worker process whose main ``simulate`` process is gone exits.

A joblib (loky) worker keeps playing its chunk when the main process is killed outright
(SIGKILL, an out-of-memory kill): nothing would read its results, yet it would hold a core for
minutes. Each worker starts one daemon thread that looks every ``POLL_SECONDS`` whether the main
process still exists and, if not, ends the worker at once (``os._exit``: no cleanup is owed, its
chunk was never written). A dead parent shows as a changed parent pid (the worker was handed to
init or a subreaper) or as a pid that no longer exists.
"""
from __future__ import annotations

import os
import threading

POLL_SECONDS = 0.5
EXIT_CODE = 70          # EX_SOFTWARE: the worker stopped because its run is gone

_watching: int | None = None      # the main pid this process watches, once started
_guard = threading.Lock()


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
