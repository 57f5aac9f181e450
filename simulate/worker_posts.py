"""What each worker is playing, posted where the main process can read it without its help.

Every worker process has one small memory-mapped file in the run's board folder, named after its
pid. Before each strategy call it posts the time, game, seat and decision (a few hundred
nanoseconds); after the call it posts "idle"; once per chunk (and rotation) the seats' strategy
names. The main process reads the board between results: a post older than the decision time
limit is a strategy that will not answer (the main process ends that worker: no cooperation from
the strategy is needed, so a strategy that catches signals or loops inside C code is stopped
too), and a busy post whose process is gone names what a dead worker was playing.
"""
from __future__ import annotations

import json
import mmap
import os
import struct
import time
from dataclasses import dataclass
from pathlib import Path

IDLE, DECIDING, STARTING = 0, 1, 2    # STARTING: import, __init__, describe or start_game
HEAD = struct.Struct("<dqqqq")         # since (monotonic s), phase, game, seat, decision
SINCE = struct.Struct("<d")
SIZE = 8192                            # the head, then the seats' names as length-prefixed JSON
NAMES_AT = 64


class Post:
    """A worker's own place on the board (one per process and board folder)."""

    def __init__(self, folder: str):
        self.folder = folder
        path = Path(folder, str(os.getpid()))
        with open(path, "w+b") as file:
            file.truncate(SIZE)
            self._map = mmap.mmap(file.fileno(), SIZE)
        self._head = HEAD.pack_into
        self._since = SINCE.pack_into
        self._clock = time.monotonic

    def seats(self, names: list[str]) -> None:
        text = json.dumps([str(n)[:200] for n in names]).encode()[:SIZE - NAMES_AT - 4]
        self._map[NAMES_AT:NAMES_AT + 4 + len(text)] = struct.pack("<i", len(text)) + text

    def deciding(self, game: int, seat: int, decision: int) -> None:
        self._head(self._map, 0, self._clock(), DECIDING, game, seat, decision)

    def starting(self, game: int, seat: int) -> None:
        self._head(self._map, 0, self._clock(), STARTING, game, seat, -1)

    def idle(self) -> None:
        self._since(self._map, 0, 0.0)


_post: Post | None = None


def post_for(folder: str | None) -> Post | None:
    """This process's post on the board in ``folder`` (None: no board, nothing is posted)."""
    global _post
    if folder is None:
        return None
    if _post is None or _post.folder != folder:
        _post = Post(folder)
    return _post


@dataclass(frozen=True)
class Entry:
    """One worker's last post."""
    pid: int
    since: float
    phase: int
    game: int
    seat: int
    decision: int
    names: list[str]

    @property
    def busy(self) -> bool:
        return self.since > 0

    @property
    def strategy(self) -> str:
        return self.names[self.seat] if 0 <= self.seat < len(self.names) else "?"

    def where(self) -> str:
        """The words the driver uses for a decision (simulate.play._where)."""
        if self.phase == DECIDING:
            return (f"strategy '{self.strategy}' at seat {self.seat} in game {self.game}, "
                    f"decision {self.decision}")
        return (f"strategy '{self.strategy}' at seat {self.seat} starting game {self.game} "
                "(import, __init__, describe or start_game)")

    def playing(self) -> str:
        return f"game {self.game} with strategies {', '.join(map(repr, self.names))}"


def read_board(folder: str) -> list[Entry]:
    entries = []
    for path in Path(folder).iterdir():
        try:
            data = path.read_bytes()
            since, phase, game, seat, decision = HEAD.unpack_from(data)
            (length,) = struct.unpack_from("<i", data, NAMES_AT)
            names = json.loads(data[NAMES_AT + 4:NAMES_AT + 4 + length] or b"[]")
            entries.append(Entry(int(path.name), since, phase, game, seat, decision, names))
        except (OSError, ValueError, struct.error):
            continue                     # a post being created or torn: read it next time
    return entries


def overrun(folder: str, seconds: float) -> Entry | None:
    """A worker whose current strategy call has run longer than ``seconds``."""
    now = time.monotonic()
    late = [e for e in read_board(folder) if e.busy and now - e.since > seconds
            and process_alive(e.pid)]
    return min(late, key=lambda e: e.since, default=None)


def dead_and_busy(folder: str) -> list[Entry]:
    """Workers that died in the middle of a game, oldest post first."""
    return sorted((e for e in read_board(folder) if e.busy and not process_alive(e.pid)),
                  key=lambda e: e.since)


def process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:                                  # a zombie (dead, not yet reaped) is dead
        stat = Path(f"/proc/{pid}/stat").read_text()
        return stat.rpartition(")")[2].split()[0] != "Z"
    except (OSError, IndexError):
        return True
