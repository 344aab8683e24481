"""What a session produces and how it keeps going: the run's records, per-file status, the guard
that turns one file's failure into a partial file, phase timings and progress reports."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

from lsai.indexer.lsp.errors import LspError, ServerCrashed, ServerTimeout
from lsai.storage.records import FileIndex

T = TypeVar("T")
MAX_TIMEOUTS = 3  # consecutive request timeouts after which the server is considered hung

Report = Callable[[str, int, int], None]
"""A session's progress: (phase, done, total), e.g. ("references", 1234, 4829)."""


def no_report(phase: str, done: int, total: int) -> None:
    pass


@dataclass(frozen=True)
class FileStatus:
    """How completely a file was indexed: ``complete``, ``partial`` (with the reasons) or
    ``failed`` (nothing usable)."""

    status: str
    reason: str | None = None


@dataclass
class ServerRun:
    """What one session produced: records per file, a status per file, server and timings."""

    server: str
    server_version: str | None
    position_encoding: str
    files: dict[str, FileIndex] = field(default_factory=dict)
    status: dict[str, FileStatus] = field(default_factory=dict)
    outside: dict[str, FileIndex] = field(default_factory=dict)
    """Occurrences found in workspace files that were not in the batch, by path."""
    timings: dict[str, float] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    """Requests asked and saved per kind (``references``, ``references skipped``, ...)."""

    def __repr__(self) -> str:
        """Short: Python 3.11's ``asyncio.run`` formats the repr of its main task, result
        included, twice on the way out (``signal.getsignal`` on its SIGINT handler), and the
        dataclass repr of a whole run took ~0.4 CPU s on the TypeScript benchmark."""
        return (
            f"ServerRun({self.server} {self.server_version}, {len(self.files)} files, "
            f"{len(self.outside)} outside)"
        )


def server_version(reported: str | None) -> str | None:
    """The server's version; gopls reports its build info as JSON: its version and Go's."""
    if not reported or not reported.startswith("{"):
        return reported
    try:
        build = json.loads(reported)
    except ValueError:
        return reported
    if not isinstance(build, dict) or not isinstance(build.get("Version"), str):
        return reported
    go = build.get("GoVersion")
    return f"{build['Version']} ({go})" if isinstance(go, str) else str(build["Version"])


class Hung(LspError):
    """Several requests in a row timed out: the server is considered hung; stop asking it."""


class Guard:
    """Runs one file's pass; a failure makes that file partial with the reason, not the run."""

    def __init__(self, problems: dict[str, list[str]]) -> None:
        self.problems = problems
        self.timeouts = 0

    async def run(self, path: str, work: Awaitable[T]) -> T | None:
        try:
            result = await work
        except ServerTimeout as exc:
            self.timeouts += 1
            self.problems[path].append(str(exc))
            if self.timeouts >= MAX_TIMEOUTS:
                raise Hung(f"stopped after {self.timeouts} timeouts in a row: {exc}") from exc
            return None
        except ServerCrashed:
            raise
        except LspError as exc:
            self.problems[path].append(str(exc))
            return None
        self.timeouts = 0
        return result


class Timer:
    def __init__(self, timings: dict[str, float]) -> None:
        self.timings = timings
        self.last = time.perf_counter()

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.timings[name] = now - self.last
        self.last = now


def discard(pending: asyncio.Future[T]) -> None:
    """Stop a request nobody awaits any more; a failure it already had is retrieved (reported
    where it is awaited, if anywhere, not as never retrieved)."""
    if not pending.done():
        pending.cancel()
    elif not pending.cancelled():
        pending.exception()
