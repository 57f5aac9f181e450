"""A genuine interrupt (Ctrl-C, SIGTERM) against a KeyboardInterrupt a strategy raised itself.

The command line and every worker install :func:`interrupt` as their SIGINT and SIGTERM handler;
it marks the interrupt as genuine before raising KeyboardInterrupt. A strategy's code that raises
any ``BaseException`` (``SystemExit`` from ``sys.exit``, a ``KeyboardInterrupt`` of its own) is
an error in that strategy: :func:`genuine` tells the two apart. :func:`time_limit` bounds a
strategy's code (a decision, building it) the same way everywhere.
"""
from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

_interrupted = threading.Event()


def interrupt(signum: int, frame: Any) -> None:
    _interrupted.set()
    raise KeyboardInterrupt


def install() -> dict[int, Any]:
    """:func:`interrupt` for SIGINT and SIGTERM (main thread only); returns what it replaced."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    return {sig: signal.signal(sig, interrupt) for sig in (signal.SIGINT, signal.SIGTERM)}


def genuine(exc: BaseException) -> bool:
    """``exc`` is the interrupt a signal raised (to pass on), not a strategy's own raise."""
    return isinstance(exc, KeyboardInterrupt) and _interrupted.is_set()


def said(exc: BaseException) -> str:
    """An exception's message on one line, whatever its ``__str__`` does."""
    try:
        return " ".join(str(exc).split())[:300]
    except Exception:
        return "(an unprintable message)"


@contextmanager
def time_limit(seconds: float | None, overrun: Callable[[], BaseException]) -> Iterator[None]:
    """Stop the code inside after ``seconds`` (None or 0: no limit) by raising ``overrun()``:
    interrupted by SIGALRM where this is the main thread of a POSIX process, else checked when
    the code returns."""
    if not seconds:
        yield
        return
    timer = (hasattr(signal, "setitimer") and
             threading.current_thread() is threading.main_thread())
    if timer:
        def stop(signum, frame):
            raise overrun()
        previous = signal.signal(signal.SIGALRM, stop)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    start = time.perf_counter()
    try:
        yield
    finally:
        if timer:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    if time.perf_counter() - start > seconds:
        raise overrun()
