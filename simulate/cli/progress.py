"""The run's progress on a terminal (rich.progress): games done, games/s, ETA, then a line for
the report step; silent in CI and pipes."""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Iterator


class RunProgress:
    def __init__(self, enabled: bool | None = None):
        self.enabled = (sys.stderr.isatty() and not os.environ.get("CI")) \
            if enabled is None else enabled
        self.bar = None
        self.task = None
        self.played = 0            # games this process played (a resumed run: the rest only)
        self._last: tuple[int, int] | None = None     # (done, total) of the last callback

    def __enter__(self) -> "RunProgress":
        if self.enabled:
            from rich.console import Console
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                       TimeRemainingColumn)
            self.bar = Progress(TextColumn("{task.description}"), BarColumn(bar_width=None),
                                MofNCompleteColumn(), TextColumn("{task.fields[rate]}"),
                                TimeRemainingColumn(), console=Console(stderr=True),
                                expand=False)
            self.bar.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)

    def games(self, done: int, total: int) -> None:
        """The runner's callback: once as a run starts (games already done), then after each
        chunk."""
        if self._last is not None and self._last[1] == total and done > self._last[0]:
            self.played += done - self._last[0]
        self._last = (done, total)
        if self.bar is None:
            return
        if self.task is None:
            self.task = self.bar.add_task("games", total=total, completed=done, rate="")
            self.first = done
        self.bar.update(self.task, completed=done, total=total, rate=self._rate(done))

    def _rate(self, done: int) -> str:
        from reports.facts import speed
        return speed(done - self.first, self.bar.tasks[self.task].elapsed or 0.0)

    @contextmanager
    def step(self, description: str) -> Iterator[None]:
        """A line for a step without a count (the report), done when the block ends."""
        if self.bar is None:
            yield
            return
        task = self.bar.add_task(description, total=1, rate="")
        yield
        self.bar.update(task, completed=1)
