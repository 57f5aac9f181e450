"""Strategies that misbehave on purpose (tests/test_hostile_strategies.py).

Each plays the first legal action until ``trigger`` (a file) says its turn has come: the file
holds how many more games to play well; at 0 the strategy does its ``trick`` at its next
decision. Deleting the file is "fixing the strategy": the rerun resumes and plays well.
"""
import ctypes
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from strategies import Strategy


class Boom(BaseException):
    """Not an Exception: only ``except BaseException`` catches it."""


class Hostile(Strategy):
    def __init__(self, trick: str = "sleep", trigger: str = ""):
        self.trick = trick
        self.trigger = trigger
        self._armed = False

    def _now(self) -> bool:
        path = Path(self.trigger)
        if not self.trigger or not path.exists():
            return False
        left = int(path.read_text() or 0)
        if left > 0:
            path.write_text(str(left - 1))
        return left <= 0

    @property
    def rng(self):
        return self._rng

    @rng.setter
    def rng(self, value):                  # the driver sets it before each game
        self._rng = value
        self._armed = self.trick in TRICKS and self._now()

    @property
    def looks_ahead(self):                  # claims to search, without a start_game hook
        return self.trick == "no_hook" and self._armed

    def describe(self):                     # the worker calls it once per chunk
        if self.trick.startswith("describe") and self._now():
            if self.trick == "describe_sleep":
                time.sleep(1000)
            raise RuntimeError("describe is broken")
        if self.trick == "long_name":
            return "hostile(long_name)" + "x" * 1_000_000
        return f"hostile({self.trick})"

    def choose(self, view, actions):
        if self._armed:
            Path(self.trigger + ".now").touch()    # a test knows the trick is under way
            TRICKS[self.trick]()
            if self.trick in STARTS and (self.trigger, self.trick) not in _started:
                _started.add((self.trigger, self.trick))   # once a run, a fork's copy included
                pid = STARTS[self.trick]()
                with open(self.trigger + ".pids", "a") as file:
                    file.write(f"{pid or os.getpid()}\n")   # a fork's copy writes its own
        return actions[0]


def _catch_everything():
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    while True:
        try:
            time.sleep(1000)
        except BaseException:
            pass


def _hog():
    hoard = []
    while True:
        hoard.append(bytearray(50_000_000))


def _raise(exc):
    def go():
        raise exc
    return go


TRICKS = {
    "sleep": lambda: time.sleep(1000),
    "regex": lambda: re.match(r"(a+)+$", "a" * 60 + "b"),     # backtracks for ages, inside C
    "catch": _catch_everything,
    "hog": _hog,
    "exit0": lambda: sys.exit(0),
    "system_exit": _raise(SystemExit(3)),
    "keyboard": _raise(KeyboardInterrupt()),
    "boom": _raise(Boom("a BaseException")),
    "os_exit": lambda: os._exit(7),
    "segfault": lambda: ctypes.string_at(0),
    "no_hook": lambda: None,
    "spawn": lambda: None,
    "fork": lambda: None,
    "long_name": lambda: None,
    "chatty": lambda: print("chatter " * 12_500),          # 100 KB a decision
}
STARTS = {"spawn": lambda: subprocess.Popen(["sleep", "45"]).pid,   # a child outliving the game
          "fork": os.fork}                                           # a copy of the worker
_started: set[tuple[str, str]] = set()


class SlowToBuild(Strategy):
    """Ready at once inside `simulate validate`'s child check, then sleeps in its ``__init__``
    in the command's own process: the check passes and only the real build hangs."""

    def __init__(self, seconds: float = 1000.0):
        from simulate.cli.inspect_cmds import IN_CHILD
        if not os.environ.get(IN_CHILD):
            time.sleep(seconds)

    def choose(self, view, actions):
        return actions[0]
