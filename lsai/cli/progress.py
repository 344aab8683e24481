"""Progress bar and the end-of-run summary of ``lsai index``."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)

from lsai.words import plural

if TYPE_CHECKING:
    from lsai.indexer.pipeline import IndexSummary

_MAX_LISTED = 10
PLAIN_EVERY = 15.0
"""Off a terminal (CI logs), a line saying where the run is, at most this often (seconds): a
run shorter than this prints none."""


class RichProgress:
    """A progress bar on stderr while files are read and parsed, then one per phase of each
    language server ("ty: references 1,234/4,829"). Off a terminal, where a bar would be noise,
    a plain line of the same every ``PLAIN_EVERY`` seconds, so that a long run in CI is not
    silent."""

    def __init__(self) -> None:
        self.console = Console(stderr=True)
        self.bar: Progress | None = None
        self.task: TaskID | None = None
        self.title, self.total, self.count = "indexing", 0, 0
        self.started = self.said = time.monotonic()
        self.plain = not self.console.is_terminal

    def start(self, total: int) -> None:
        self._bar("indexing", total)

    def phase(self, description: str, total: int) -> None:
        self.done()
        self._bar(description, total)

    def _bar(self, title: str, total: int) -> None:
        self.title, self.total, self.count = title, total, 0
        if self.plain:
            self._say()
            return
        if total == 0:
            return
        self.bar = Progress(
            TextColumn(escape(title).replace("{", "{{").replace("}", "}}")),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("{task.description}", style="dim"),
            console=self.console,
            transient=True,
        )
        self.bar.start()
        self.task = self.bar.add_task("", total=total)

    def advance(self, path: str) -> None:
        self.count += 1
        if self.plain:
            self._say()
        elif self.bar is not None and self.task is not None:
            if path:
                self.bar.update(self.task, advance=1, description=path[-60:])
            else:
                self.bar.advance(self.task)

    def done(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None
            self.task = None

    def _say(self) -> None:
        now = time.monotonic()
        if now - self.said < PLAIN_EVERY:
            return
        self.said = now
        where = f" {self.count:,}/{self.total:,}" if self.total else ""
        self.console.print(
            f"lsai: {self.title}{where} ({now - self.started:.0f} s)",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )


def _where(summary: IndexSummary) -> str:
    database = Path(summary.database)
    try:
        return str(database.relative_to(summary.root))
    except ValueError:
        return summary.database


def print_summary(summary: IndexSummary) -> None:
    lines = [
        f"indexed {summary.root} in {summary.seconds:.2f} s -> {_where(summary)}",
        f"  files: {summary.files_seen} seen, {len(summary.reindexed)} read, "
        f"{summary.unchanged} unchanged, {len(summary.removed)} removed, "
        f"{len(summary.skipped)} skipped, {len(summary.failed)} failed"
        + (
            f", {len(summary.unreadable)} {plural('folder', len(summary.unreadable))} unreadable"
            if summary.unreadable
            else ""
        ),
        f"  symbols: {summary.symbols:,} in {len(summary.languages)} "
        f"language{'s' if len(summary.languages) != 1 else ''}, {summary.projects} "
        f"project{'s' if summary.projects != 1 else ''}",
    ]
    for language, stats in sorted(summary.languages.items()):
        backends = ", ".join(sorted(stats.backends))
        files = f"{stats.files:>6,} file{'s' if stats.files != 1 else ' '}"
        lines.append(f"    {language:<12} {files} {stats.symbols:>9,} symbols   {backends}")
    for server, run in sorted(summary.servers.items()):
        version = f" {run.version}" if run.version else ""
        counts = ", ".join(
            f"{n:,} {plural(word, n)}"
            for n, word in (
                (run.files, "file"),
                (run.references, "reference"),
                (run.calls, "call edge"),
                (run.diagnostics, "diagnostic"),
            )
        )
        lines.append(f"  server {server}{version}: {counts} in {run.seconds:.2f} s")
        if run.inputs_changed:
            shown = ", ".join(run.inputs_changed[:_MAX_LISTED])
            more = (
                f" and {len(run.inputs_changed) - _MAX_LISTED} more"
                if len(run.inputs_changed) > _MAX_LISTED
                else ""
            )
            lines.append(
                f"    asked again, as what it reads besides the sources changed: {shown}{more}"
            )
        if run.problem:
            lines.append(f"    failed, tree-sitter kept: {run.problem}")
    for language, why in sorted(summary.fallbacks.items()):
        lines.append(f"  {language}: tree-sitter only ({why})")
    lines.extend(f"  note: {note}" for note in summary.notes)
    encodings = [(path, f"not UTF-8, read as {encoding}") for path, encoding in summary.encodings]
    lines.extend(_listed("skipped", summary.unreadable, "folder"))
    for title, items in (
        ("read", encodings),
        ("skipped", summary.skipped),
        ("failed", summary.failed),
    ):
        lines.extend(_listed(title, items))
    lines.append(f"status: {summary.status}")
    print("\n".join(lines), file=sys.stdout)


def _listed(title: str, items: list[tuple[str, str]], noun: str = "file") -> list[str]:
    """``title: path: reason`` per file; files sharing one reason (a server that could not load
    the project says so for each of its files) as one line of the reason and a line of paths."""
    by_reason: dict[str, list[str]] = {}
    for path, reason in items:
        by_reason.setdefault(reason, []).append(path)
    lines: list[str] = []
    for reason, paths in list(by_reason.items())[:_MAX_LISTED]:
        if len(paths) == 1:
            lines.append(f"  {title}: {paths[0]}: {reason}")
            continue
        more = f" and {len(paths) - _MAX_LISTED} more" if len(paths) > _MAX_LISTED else ""
        lines.append(f"  {title} ({len(paths)} {noun}s): {reason}")
        lines.append(f"    {', '.join(paths[:_MAX_LISTED])}{more}")
    if len(by_reason) > _MAX_LISTED:
        lines.append(
            f"  ... {len(by_reason) - _MAX_LISTED} more reasons "
            '(lsai sql "SELECT path, status, error FROM files WHERE error IS NOT NULL")'
        )
    return lines
