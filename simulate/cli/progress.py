"""The run's progress on a terminal (rich.progress): games done, games/s, time left, then a line
for the report step; silent in CI and pipes.

Games arrive a chunk at a time, so the time left is counted down from the finish the last
finished chunk projected (refreshed ten times a second, never frozen between chunks), and says
"estimating" before the first chunk and once that finish has passed without the run ending."""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Callable, Iterator

ESTIMATING = "estimating"


class RunProgress:
    def __init__(self, enabled: bool | None = None, clock: Callable[[], float] | None = None):
        self.enabled = (sys.stderr.isatty() and not os.environ.get("CI")) \
            if enabled is None else enabled
        self.bar = None
        self.task = None
        self.played = 0            # games this process played (a resumed run: the rest only)
        self._last: tuple[int, int] | None = None     # (done, total) of the last callback
        self.clock = clock                                # rich's monotonic clock unless given

    def __enter__(self) -> "RunProgress":
        if self.enabled:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
            self.bar = Progress(TextColumn("{task.description}"), BarColumn(bar_width=None),
                                MofNCompleteColumn(), TextColumn("{task.fields[rate]}"),
                                _time_left_column(), console=Console(stderr=True),
                                expand=False, **({"get_time": self.clock} if self.clock else {}))
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
            self.task = self.bar.add_task("games", total=total, completed=done, rate="",
                                          finish=None)
            self.first = done
        self.bar.update(self.task, completed=done, total=total, rate=self._rate(done),
                        finish=self._finish(done, total))

    def _finish(self, done: int, total: int) -> float | None:
        """When the run would end at the pace of the games played so far (None: no pace yet)."""
        elapsed = self.bar.tasks[self.task].elapsed or 0.0
        if done <= self.first or elapsed <= 0:
            return None
        return self.bar.get_time() + (total - done) * elapsed / (done - self.first)

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


def _time_left_column():
    """A column counting down to the projected finish at every refresh (rich's own column holds
    its estimate still until the next update, i.e. the next chunk)."""
    from datetime import timedelta

    from rich.progress import ProgressColumn
    from rich.text import Text

    class TimeLeft(ProgressColumn):
        def render(self, task) -> Text:
            if "finish" not in task.fields:      # a step without a count (the report)
                return Text("")
            if task.finished:
                return Text("0:00:00", style="progress.remaining")
            finish = task.fields.get("finish")
            left = None if finish is None else finish - task.get_time()
            if left is None or left < 0:         # no pace yet, or slower than the pace said
                return Text(ESTIMATING, style="progress.remaining")
            return Text(str(timedelta(seconds=int(left))), style="progress.remaining")
    return TimeLeft()
