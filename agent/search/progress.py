"""A terminal progress bar for index builds: rows done, rows per second, time left (rich)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # rich.progress is imported by the first build, not by every `tally ask`
    from rich.console import Console
    from rich.progress import Progress


class IndexBar:
    """Callable as progress(rows_done, rows_total); starts on the first call, stops at the total."""

    def __init__(self, console: Console, label: str = "indexing"):
        self.console = console
        self.label = label
        self.bar: Progress | None = None
        self.task = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self.bar = Progress(TextColumn(f"[bold]{self.label}"), BarColumn(), MofNCompleteColumn(),
                                TextColumn("{task.fields[rate]} rows/s"), TimeRemainingColumn(),
                                console=self.console, transient=False)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=total, completed=done, rate="-")
            self.first = done
        self.bar.update(self.task, completed=done)
        elapsed = self.bar.tasks[0].elapsed or 0
        if elapsed > 0:
            self.bar.update(self.task, rate=f"{(done - self.first) / elapsed:,.0f}")
        if done >= total:
            self.bar.stop()
            self.bar = None
