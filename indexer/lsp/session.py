"""One language server over one project: start, open the files, wait until ready, index, stop.

``LspSession`` is an async context manager around a server process (clean shutdown, a kill when
the server does not exit, no orphan). ``index`` runs the passes over the files (document symbols,
references of every symbol, outgoing calls of every callable, diagnostics) and returns lsai's own
records per file with a status saying whether the file is complete or why it is partial.
``index_files`` is the same as one synchronous call.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import TypeVar

from lsprotocol import types as lsp

from lsai.indexer.lsp import passes
from lsai.indexer.lsp.adapters import ADAPTERS, ProjectContext, ServerAdapter, resolve_command
from lsai.indexer.lsp.client import DEFAULT_TIMEOUT, LspClient
from lsai.indexer.lsp.documents import Documents, SourceText
from lsai.indexer.lsp.errors import LspError, ServerCrashed, ServerNotFound, ServerTimeout
from lsai.indexer.lsp.positions import Encoding
from lsai.indexer.lsp.symbols import FileSymbols
from lsai.storage import keys
from lsai.storage.records import FileIndex

T = TypeVar("T")
MAX_TIMEOUTS = 3  # consecutive request timeouts after which the server is considered hung


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


class LspSession:
    """A running server for one project. ``async with LspSession(...) as session:``."""

    def __init__(
        self,
        adapter: ServerAdapter | str,
        workspace_root: Path,
        project_root: str = ".",
        *,
        timeout: float = DEFAULT_TIMEOUT,
        command: Sequence[str] | None = None,
        encodings: Sequence[Encoding] = ("utf-8", "utf-16"),
    ) -> None:
        self.encodings = tuple(encodings)
        self.adapter = ADAPTERS[adapter] if isinstance(adapter, str) else adapter
        self.workspace_root = workspace_root.resolve()
        self.project_root = project_root
        self.timeout = timeout
        self.command = list(command) if command is not None else resolve_command(self.adapter)
        context = ProjectContext(self.workspace_root, self.workspace_root / project_root)
        self.client: LspClient | None = None
        self._settings = lambda section: self.adapter.settings(context, section)
        self.timings: dict[str, float] = {}
        self._versions: dict[str, int] = {}  # open documents: uri -> version

    async def __aenter__(self) -> LspSession:
        if self.command is None:
            raise ServerNotFound(
                f"{self.adapter.command[0]} ({self.adapter.id}) is not installed",
                resolution=self.adapter.install,
            )
        started = time.perf_counter()
        self.client = LspClient(
            self.adapter.id, timeout=self.timeout, settings=self._settings, encodings=self.encodings
        )
        env = {k: v for k, v in os.environ.items() if k not in self.adapter.clear_env}
        try:
            await self.client.start(self.command, cwd=self.workspace_root, env=env)
            await self.client.initialize(
                self.workspace_root / self.project_root, self.adapter.init_options or None
            )
        except BaseException:
            await self.client.close()
            raise
        self.timings["start"] = time.perf_counter() - started
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self.client is not None:
            await self.client.close()

    @property
    def lsp(self) -> LspClient:
        if self.client is None:
            raise LspError("the session is not started", resolution="use `async with` first")
        return self.client

    # -- the passes ----------------------------------------------------------------------------
    async def index(self, files: Sequence[SourceText]) -> ServerRun:
        """Index ``files`` (workspace-relative paths); never raises for one file's failure."""
        client = self.lsp
        documents = Documents(self.workspace_root, list(files), client.encoding)
        info = client.server_info
        run = ServerRun(
            server=info.name if info else self.adapter.id,
            server_version=info.version if info else None,
            position_encoding=client.encoding,
            timings=self.timings,
        )
        for f in files:
            run.files[f.path] = FileIndex(lines=documents.lines(f.path))
        self.open(files, documents)
        problems: dict[str, list[str]] = {f.path: [] for f in files}
        try:
            await self._passes(files, documents, run, problems)
        except LspError as exc:  # a crash, a hung server, or no readiness: every file is partial
            for messages in problems.values():
                messages.append(str(exc))
        for f in files:
            reasons = problems[f.path]
            run.status[f.path] = (
                FileStatus("partial", "; ".join(reasons)) if reasons else (FileStatus("complete"))
            )
        return run

    def open(self, files: Sequence[SourceText], documents: Documents) -> None:
        """``didOpen`` every file (``didChange`` one already open), so the server answers about
        the text lsai read, not what is on disk."""
        for f in files:
            uri = documents.uri(f.path)
            version = self._versions.get(uri)
            if version is None:
                item = lsp.TextDocumentItem(
                    uri=uri,
                    language_id=self.adapter.language_id(f.language),
                    version=1,
                    text=f.content,
                )
                self.lsp.notify(
                    lsp.TEXT_DOCUMENT_DID_OPEN, lsp.DidOpenTextDocumentParams(text_document=item)
                )
                self._versions[uri] = 1
                continue
            self._versions[uri] = version + 1
            change = lsp.DidChangeTextDocumentParams(
                text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version + 1),
                content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=f.content)],
            )
            self.lsp.notify(lsp.TEXT_DOCUMENT_DID_CHANGE, change)

    async def _passes(
        self,
        files: Sequence[SourceText],
        documents: Documents,
        run: ServerRun,
        problems: dict[str, list[str]],
    ) -> None:
        guard = _Guard(problems)
        symbols: dict[str, FileSymbols] = {}
        timed = _Timer(run.timings)
        for f in files:
            prefix = keys.key_prefix(f.language, self.project_root, f.path)
            found = await guard.run(
                f.path, passes.document_symbols(self.lsp, documents, f.path, prefix)
            )
            symbols[f.path] = found if found is not None else FileSymbols(f.path)
            run.files[f.path].symbols = symbols[f.path].symbols
        timed.lap("symbols")
        await self.wait_ready(documents, list(symbols.values()))
        timed.lap("ready")
        context = passes.Context(self.lsp, documents, run, symbols)
        for path, found in symbols.items():
            await guard.run(path, passes.references(context, found))
        timed.lap("references")
        if self.adapter.call_hierarchy and self.lsp.capabilities.call_hierarchy_provider:
            for path, found in symbols.items():
                await guard.run(path, passes.outgoing_calls(context, found))
        timed.lap("calls")
        pull = self.adapter.pull_diagnostics and self.lsp.capabilities.diagnostic_provider
        for f in files:
            await guard.run(f.path, passes.diagnostics(context, f.path, pull=bool(pull)))
        timed.lap("diagnostics")

    async def wait_ready(self, documents: Documents, files: list[FileSymbols]) -> None:
        """The readiness gate: every ``$/progress`` ended, then a cross-file answer stable twice.

        Raises SERVER_TIMEOUT when the server is not ready within the adapter's ``ready_timeout``.
        """
        client = self.lsp
        limit = self.adapter.ready_timeout
        try:
            await asyncio.wait_for(client.progress.wait_idle(lambda: not client.alive), limit)
        except TimeoutError as exc:
            raise ServerTimeout(
                f"{self.adapter.id} still reports progress after {limit:g} s",
                resolution="raise the adapter's ready_timeout for a project this large",
            ) from exc
        probes = passes.probes(files)
        if not probes:
            return
        try:
            await asyncio.wait_for(passes.stable_references(client, documents, probes), limit)
        except TimeoutError as exc:
            raise ServerTimeout(
                f"{self.adapter.id}'s references did not settle within {limit:g} s",
                resolution="raise the adapter's ready_timeout for a project this large",
            ) from exc


class _Hung(LspError):
    """Several requests in a row timed out: the server is considered hung; stop asking it."""


class _Guard:
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
                raise _Hung(f"stopped after {self.timeouts} timeouts in a row: {exc}") from exc
            return None
        except ServerCrashed:
            raise
        except LspError as exc:
            self.problems[path].append(str(exc))
            return None
        self.timeouts = 0
        return result


class _Timer:
    def __init__(self, timings: dict[str, float]) -> None:
        self.timings = timings
        self.last = time.perf_counter()

    def lap(self, name: str) -> None:
        now = time.perf_counter()
        self.timings[name] = now - self.last
        self.last = now


async def index_project(
    adapter: ServerAdapter | str,
    workspace_root: Path,
    project_root: str,
    files: Sequence[SourceText],
    *,
    timeout: float = DEFAULT_TIMEOUT,
) -> ServerRun:
    """Start the adapter's server on the project, index ``files``, stop the server."""
    async with LspSession(adapter, workspace_root, project_root, timeout=timeout) as session:
        return await session.index(files)


def index_files(
    adapter: ServerAdapter | str,
    workspace_root: Path,
    project_root: str,
    files: Sequence[SourceText],
    *,
    timeout: float = DEFAULT_TIMEOUT,
) -> ServerRun:
    """``index_project`` for synchronous callers (the pipeline): runs its own event loop."""
    return asyncio.run(index_project(adapter, workspace_root, project_root, files, timeout=timeout))
