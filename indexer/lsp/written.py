"""The outgoing calls a server lost while it wrote a library file it leads to.

ty writes each stub of its vendored typeshed to its cache folder the first time an answer
leads into it (``~/.cache/ty/vendored/typeshed/<hash>/stdlib/asyncio/tasks.pyi``), so an editor
can open it. Two requests that lead into the same new stub at once race to create the file, and
the one that loses drops the call item it was about to return (astral-sh/ruff#27144): the call
edge of ``asyncio.shield(f)`` is then left without its library callee, and ``usages`` at the
call misses the other calls led there. It happens once per stub and machine, on the first runs
after ty is installed (measured: 2 of 3 runs of a two-function tree with the stub removed).

``Written`` notes the stubs the calls pass saw appear and when each request was in flight; the
callables whose requests overlapped the first answer naming a new stub are asked again, when
every stub they lead to is on disk.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lsai.indexer.lsp.symbols import FileSymbols
from lsai.storage.records import FileIndex, SymbolRecord


@dataclass
class Written:
    """What one calls pass asked while the server may have written library files."""

    folder: str
    """The URI prefix of the folder the server writes library files into."""
    before: frozenset[str]
    """The files there when the pass began (URIs)."""
    asked: list[tuple[float, float, str, SymbolRecord]] = field(default_factory=list)
    """Each callable's request: when it was sent, when answered, its file, the callable."""
    first: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Each new file -> the interval of the first request whose answer named it."""

    @classmethod
    def watch(cls, folder: Path | None) -> Written | None:
        """A watch on ``folder`` (``None``: the server writes no library files)."""
        if folder is None:
            return None
        before = folder.rglob("*") if folder.is_dir() else ()
        return cls(folder.as_uri() + "/", frozenset(p.as_uri() for p in before if p.is_file()))

    @staticmethod
    def now() -> float:
        return time.monotonic()

    def answered(self, sent: float, path: str, symbol: SymbolRecord, calls: Iterable[Any]) -> None:
        """Note the answer of ``symbol``'s outgoing calls, asked at ``sent``."""
        span = (sent, time.monotonic())
        self.asked.append((*span, path, symbol))
        for call in calls:
            callee = call.get("to") if isinstance(call, dict) else None
            uri = callee.get("uri") if isinstance(callee, dict) else None
            if (
                isinstance(uri, str)
                and uri.startswith(self.folder)
                and uri not in self.before
                and uri not in self.first
            ):
                self.first[uri] = span

    def raced(self) -> dict[str, list[SymbolRecord]]:
        """The callables (by file) whose requests were in flight while a new file was written:
        each overlaps the first request that named one."""
        spans = list(self.first.values())
        found: dict[str, list[SymbolRecord]] = {}
        for sent, answered, path, symbol in self.asked:
            if any(sent < end and start < answered for start, end in spans):
                found.setdefault(path, []).append(symbol)
        return found


async def ask_again(
    raced: Mapping[str, list[SymbolRecord]],
    symbols: Mapping[str, FileSymbols],
    files: Callable[[str], FileIndex],
    ask: Callable[[FileSymbols], Awaitable[object]],
) -> int:
    """Drop the call edges of the ``raced`` callables and ``ask`` their outgoing calls again,
    a file at a time; how many callables were asked."""
    count = 0
    for path, callers in raced.items():
        keys = {s.key for s in callers}
        data = files(path)
        data.calls = [c for c in data.calls if c.caller_key not in keys]
        found = symbols[path]
        again = FileSymbols(
            path,
            callers,
            {k: p for k, p in found.positions.items() if k in keys},
            {k: p for k, p in found.selections.items() if k in keys},
        )
        await ask(again)
        count += len(callers)
    return count
