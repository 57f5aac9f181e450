"""A genuine interrupt (Ctrl-C, SIGTERM) against a KeyboardInterrupt a strategy raised itself.

The command line and every worker install :func:`interrupt` as their SIGINT and SIGTERM handler;
it marks the interrupt as genuine before raising KeyboardInterrupt. A strategy's code that raises
any ``BaseException`` (``SystemExit`` from ``sys.exit``, a ``KeyboardInterrupt`` of its own) is
an error in that strategy: :func:`genuine` tells the two apart. :func:`time_limit` bounds a
strategy's code (a decision, building it) the same way everywhere; :func:`held` keeps an
interrupt out of a write that must be whole, and :func:`exit_at_once_with` keeps it out of the
interpreter's exit once a command has said its last line.
"""
from __future__ import annotations

import os
import signal
import sys
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

_interrupted = threading.Event()
_held: list[int] = []          # [depth] while held(); a signal that came meanwhile: _late


class _Late:
    came = False


def interrupt(signum: int, frame: Any) -> None:
    _interrupted.set()
    if _held:                  # inside held(): raised when the block ends, never in its middle
        _Late.came = True
        return
    raise KeyboardInterrupt


@contextmanager
def held() -> Iterator[None]:
    """A Ctrl-C or SIGTERM that comes inside the block is raised when it ends: what it writes
    (a chunk's Parquet files and their manifest entry) is written whole, and polars, which calls
    back into Python while it writes to a buffer, is never interrupted in a callback (a
    KeyboardInterrupt raised there became a Rust panic, exit 1)."""
    _held.append(1)
    try:
        yield
    finally:
        _held.pop()
        if not _held and _Late.came:
            _Late.came = False
            raise KeyboardInterrupt


def install() -> dict[int, Any]:
    """:func:`interrupt` for SIGINT and SIGTERM (main thread only); returns what it replaced."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    return {sig: signal.signal(sig, interrupt) for sig in (signal.SIGINT, signal.SIGTERM)}


def genuine(exc: BaseException) -> bool:
    """``exc`` is the interrupt a signal raised (to pass on), not a strategy's own raise."""
    return isinstance(exc, KeyboardInterrupt) and _interrupted.is_set()


def exception_text(exc: BaseException) -> str:
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


def exit_at_once_with(code: int) -> None:
    """The command has ended with ``code`` (its last line printed): a Ctrl-C or SIGTERM while
    the interpreter exits (joining a thread still playing a dropped chunk, closing what is left)
    ends the process at once with that code, instead of a KeyboardInterrupt traceback from
    whatever was being torn down or a silent death by SIGINT."""
    def now(signum: int, frame: Any) -> None:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:       # a closed pipe: nothing more to say anyway
                pass
        os._exit(code)
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, now)
