"""One language server over one project: start, open the files, wait until ready, index, stop.

``LspSession`` is an async context manager around a server process (clean shutdown, a kill when
the server does not exit, no orphan). ``index`` runs the passes over the files (document symbols,
references of every symbol, outgoing calls of every callable, diagnostics) and returns lsai's own
records per file with a status saying whether the file is complete or why it is partial.
``index_files`` is the same as one synchronous call.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import tempfile
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import TypeVar

from lsprotocol import types as lsp

from lsai.indexer.lsp import (
    adopt,
    assigned,
    bases,
    contextual,
    declarations,
    lambdas,
    library_fixtures,
    passes,
    resolve,
    stubs,
    sweep,
    unconfigured,
    untied,
    written,
)
from lsai.indexer.lsp.adapters import ADAPTERS, ServerAdapter, resolve_command
from lsai.indexer.lsp.client import DEFAULT_TIMEOUT, LspClient
from lsai.indexer.lsp.documents import Documents, SourceText
from lsai.indexer.lsp.errors import LspError, ServerNotFound, ServerTimeout
from lsai.indexer.lsp.launch import ProjectContext
from lsai.indexer.lsp.outcome import (
    FileStatus,
    Guard,
    Report,
    ServerRun,
    Timer,
    discard,
    server_version,
)
from lsai.indexer.lsp.positions import Encoding
from lsai.indexer.lsp.symbols import FileSymbols
from lsai.storage import keys
from lsai.storage.records import FileIndex

__all__ = ["FileStatus", "LspSession", "ServerRun", "index_files", "index_project"]

FILES_IN_FLIGHT = 8
"""Files whose symbols, outgoing calls or diagnostics are asked at once: the server answers one
while lsai reads another (TypeScript bench: symbols 2.7 -> 2.2 s, diagnostics 1.0-1.3 ->
0.7-1.0 s, calls 0.5-0.6 -> 0.3 s)."""
EARLY_OUTLINES = 1024
"""Outlines asked before lsai prepares (``_ask_outlines``): all of a project of that many files
(the TypeScript bench's 75k lines: 492), and their answers held until the outline pass reads
them; a larger group asks the rest in the pass, within a bounded memory."""
T = TypeVar("T")


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
        projects: Sequence[str] = (),
        options: sweep.Options | None = None,
    ) -> None:
        self.encodings = tuple(encodings)
        self.workspace_root = workspace_root.resolve()
        self.adapter = ADAPTERS[adapter] if isinstance(adapter, str) else adapter
        self.project_root = project_root
        self.timeout = self.adapter.request_timeout or timeout
        self.command = list(command) if command is not None else resolve_command(self.adapter)
        self.options = _options(self.adapter, options)
        self.context = ProjectContext(
            self.workspace_root,
            self.workspace_root / project_root,
            tuple(self.workspace_root / p for p in projects),
        )
        self.client: LspClient | None = None
        self._settings = lambda section: self.adapter.settings(self.context, section)
        self.timings: dict[str, float] = {}
        self._versions: dict[str, int] = {}  # open documents: uri -> version
        self._texts: dict[str, int] = {}  # open documents: uri -> hash of the text sent
        self._pulled: dict[str, asyncio.Future[object]] = {}  # diagnostics asked by ``load``
        self._scratch: Path | None = None
        self.loading_limit = max(self.adapter.ready_timeout, timeout)
        """How long the server may take to load the project (``loading_limit``)."""

    def configure(self, options: sweep.Options) -> None:
        """Ask with ``options`` from now on, within what the adapter allows (a kept session
        serves several runs: ``indexer.live``)."""
        self.options = _options(self.adapter, options)

    async def __aenter__(self) -> LspSession:
        if self.command is None:
            raise ServerNotFound(
                f"{self.adapter.command[0]} ({self.adapter.id}) is not installed",
                resolution=self.adapter.install,
            )
        started = time.perf_counter()
        # the adapter's scratch folder (a copied compilation database, a Go build cache): lsai's,
        # never the user's tree; removed with the session
        self._scratch = Path(tempfile.mkdtemp(prefix=f"lsai-{self.adapter.id}-"))
        try:
            await self._start(self.command, self._scratch)
        except BaseException:
            shutil.rmtree(self._scratch, ignore_errors=True)
            raise
        self.timings["start"] = time.perf_counter() - started
        return self

    async def _start(self, command: list[str], scratch: Path) -> None:
        """Start the server process and initialize it (again, after a crash)."""
        self.client = LspClient(
            self.adapter.id, timeout=self.timeout, settings=self._settings, encodings=self.encodings
        )
        env = {k: v for k, v in os.environ.items() if k not in self.adapter.clear_env}
        project = self.workspace_root / self.project_root
        launch = self.adapter.launch(self.context, scratch)
        env.update(launch.env)
        env.update(self.adapter.environment)  # the user's, over lsai's own
        try:
            await self.client.start([*command, *launch.args], cwd=self.workspace_root, env=env)
            await self.client.initialize(project, self.adapter.init_options or None)
        except BaseException:
            await self.client.close()
            raise

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._forget_pulled()
        if self.client is not None:
            await self.client.close()
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)

    @property
    def lsp(self) -> LspClient:
        if self.client is None:
            raise LspError("the session is not started", resolution="use `async with` first")
        return self.client

    def new_run(self) -> ServerRun:
        """An empty run of this server, to fill with its answers (``index``, ``incremental``)."""
        info = self.lsp.server_info
        return ServerRun(
            server=info.name if info else self.adapter.id,
            server_version=server_version(info.version) if info else None,
            position_encoding=self.lsp.encoding,
        )

    # -- the passes ----------------------------------------------------------------------------
    async def index(
        self, files: Sequence[SourceText], prepare: Callable[[], sweep.Options] | None = None
    ) -> ServerRun:
        """Index ``files`` (workspace-relative paths); never raises for one file's failure.
        ``prepare``: the options of the passes, worked out while the server loads the files."""
        client = self.lsp
        documents = Documents(self.workspace_root, list(files), client.encoding)
        run = self.new_run()
        run.timings = self.timings
        for f in files:
            run.files[f.path] = FileIndex(lines=documents.lines(f.path))
        changed = self.open(files, documents)
        early = self._early_diagnostics(files, documents, changed)
        outlines: dict[str, asyncio.Future[object]] = {}
        problems: dict[str, list[str]] = {f.path: [] for f in files}
        try:
            self.loading_limit = loading_limit(
                self.adapter, self.timeout, files, self.workspace_root
            )
            if files and (prepare is not None or self.adapter.answers_when_loaded):
                outlines = self._ask_outlines(documents, [f.path for f in files[:EARLY_OUTLINES]])
                await self._prepare_while_loading(outlines[files[0].path], prepare)
            await self._passes(files, documents, run, problems, early, outlines)
        except LspError as exc:  # a crash, a hung server, or no readiness: every file is partial
            for messages in problems.values():
                messages.append(str(exc))
        finally:
            for pending in [*early.values(), *outlines.values()]:
                discard(pending)
        for failure in self._failures():  # what it answered is kept: the files say what is amiss
            for messages in problems.values():
                messages.append(failure)
        outside = self.adapter.outside_build
        for f in files:
            reasons = list(dict.fromkeys(problems[f.path]))  # one request's error once
            if outside and all(re.search(outside, r) for r in reasons):
                reasons = []  # a file the server does not build: what it answered is all
            run.status[f.path] = (
                FileStatus("partial", "; ".join(reasons)) if reasons else (FileStatus("complete"))
            )
        return run

    def _failures(self) -> list[str]:
        """What the server reports as failed and still unresolved (``failing_progress``), with
        what to do about it."""
        failing = self.adapter.failing_progress
        if failing is None:
            return []
        found = self.lsp.progress.failures(failing[0])
        return [f"{self.adapter.id}: {' '.join(f.split())}; {failing[1]}" for f in found]

    def _pull(self) -> bool:
        return bool(self.adapter.pull_diagnostics and self.lsp.capabilities.diagnostic_provider)

    def _early_diagnostics(
        self, files: Sequence[SourceText], documents: Documents, changed: Sequence[str] = ()
    ) -> dict[str, asyncio.Future[object]]:
        """The diagnostics of every file, asked now from a server that answers only once it has
        loaded the project (``answers_when_loaded``): it checks the files on its other threads
        while lsai reads the outlines (TypeScript bench: the diagnostics pass, 0.6-0.9 s, is
        gone, for ~0.4 s more of tsgo's CPU). Those ``load`` asked are kept when no file
        ``changed`` since (a change in one file may change another's diagnostics)."""
        kept, self._pulled = self._pulled, {}
        asked: dict[str, asyncio.Future[object]] = {}
        if self.adapter.answers_when_loaded and self._pull():
            if not changed and {f.path for f in files} <= kept.keys():
                asked = {f.path: kept.pop(f.path) for f in files}
            for f in files:
                if f.path not in asked:
                    pull = passes.pull_diagnostics(self.lsp, documents, f.path)
                    asked[f.path] = asyncio.ensure_future(pull)
        for pending in kept.values():
            discard(pending)
        return asked

    def _forget_pulled(self) -> None:
        for pending in self._pulled.values():
            discard(pending)
        self._pulled = {}

    def _ask_outlines(
        self, documents: Documents, paths: Sequence[str]
    ) -> dict[str, asyncio.Future[object]]:
        """Every file's outline, asked now: the server loads the project on the first request
        (tsgo loads its projects on the first request, not on ``didOpen``), then answers the
        rest while lsai prepares (``_prepare_while_loading``), instead of idling until lsai asks
        (TypeScript bench: ~1.5 s with tsgo idle, lsai's outline pass then waiting on it). Each
        waits as long as loading may take (``loading_limit``), not a request's timeout: a
        server that answers once loaded (tsgo) holds them until then (three.js's 282k lines of
        JavaScript: 38 s; the outline pass's requests once timed out at once, and the run
        failed every file)."""
        return {
            path: asyncio.ensure_future(
                self.lsp.request(
                    lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL,
                    {"textDocument": {"uri": documents.uri(path)}},
                    timeout=self.loading_limit,
                )
            )
            for path in paths
        }

    async def _prepare_while_loading(
        self, kick: asyncio.Future[object], prepare: Callable[[], sweep.Options] | None
    ) -> None:
        """Run ``prepare`` (lsai's own work: tree-sitter's identifiers) while the server loads
        the project and answers the outlines asked (``_ask_outlines``; ``kick``: the first),
        on another thread, so that the answers are read as they come; the passes start once
        the server answered the first."""
        await asyncio.sleep(0)  # the requests are written (to lsai's buffer)
        await self.lsp.sent()  # and the files and the requests are in the server's pipe
        try:
            if prepare is not None:
                self.configure(await asyncio.to_thread(prepare))
        finally:
            with contextlib.suppress(LspError):  # a dead server fails the passes themselves
                await kick

    async def load(self, files: Sequence[SourceText]) -> None:
        """A head start (``indexer.headstart``): open ``files`` and have the server load their
        project now, while lsai still reads the workspace; ``index`` then sends only the files
        whose text differs. Only for a server whose diagnostics lsai pulls: one that pushes
        them would get every file twice (``open``) and check each twice."""
        if not files or not self._pull():
            return
        documents = Documents(self.workspace_root, list(files), self.lsp.encoding)
        self.open(files, documents)
        self._forget_pulled()
        self._pulled = self._early_diagnostics(files, documents)
        params = {"textDocument": {"uri": documents.uri(files[0].path)}}
        self.loading_limit = loading_limit(self.adapter, self.timeout, files, self.workspace_root)
        kick = asyncio.ensure_future(
            self.lsp.request(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL, params, timeout=self.loading_limit)
        )
        kick.add_done_callback(discard)  # its answer is not needed; a crash shows in ``index``
        await self.lsp.sent()

    def open(self, files: Sequence[SourceText], documents: Documents) -> list[str]:
        """``didOpen`` every file (``didChange`` one already open), so the server answers about
        the text lsai read, not what is on disk; the paths sent. A file open with the same text
        is left as it is when lsai pulls diagnostics (a kept session's next run: the server
        parses only what changed); a server that pushes them gets every file again, and
        publishes each anew."""
        pulled = self._pull()
        self._configure_for([f for f in files if documents.uri(f.path) not in self._versions])
        sent: list[str] = []
        for f in files:
            uri = documents.uri(f.path)
            version = self._versions.get(uri)
            digest = hash(f.content)
            if version is not None and pulled and self._texts.get(uri) == digest:
                continue
            self._texts[uri] = digest
            sent.append(f.path)
            self.lsp.diagnostics.pop(uri, None)  # what the server publishes now is for this text
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
        return sent

    def _configure_for(self, files: Sequence[SourceText]) -> None:
        """The adapter's settings for ``files``, sent before they are opened (``open_settings``)."""
        settings = self.adapter.open_settings
        if settings is None or not files or self._scratch is None:
            return
        found = settings(self.context, self._scratch, [(f.path, f.language) for f in files])
        if found:
            params = lsp.DidChangeConfigurationParams(settings=found)
            self.lsp.notify(lsp.WORKSPACE_DID_CHANGE_CONFIGURATION, params)

    def close_files(self, paths: Sequence[str]) -> None:
        """``didClose`` the open files among ``paths`` (deleted files of a live session): the
        server reads what is on disk again."""
        for path in paths:
            uri = (self.workspace_root / path).as_uri()
            self._texts.pop(uri, None)
            if self._versions.pop(uri, None) is not None:
                params = lsp.DidCloseTextDocumentParams(
                    text_document=lsp.TextDocumentIdentifier(uri=uri)
                )
                self.lsp.notify(lsp.TEXT_DOCUMENT_DID_CLOSE, params)

    async def _passes(
        self,
        files: Sequence[SourceText],
        documents: Documents,
        run: ServerRun,
        problems: dict[str, list[str]],
        early: Mapping[str, asyncio.Future[object]],
        asked: dict[str, asyncio.Future[object]],
    ) -> None:
        guard = Guard(problems)
        symbols: dict[str, FileSymbols] = {}
        timed = Timer(run.timings)
        report = self.options.report

        paths = [f.path for f in files]
        by_path = {f.path: f for f in files}

        theirs = self.options.outline or {}

        def outline(path: str) -> Awaitable[FileSymbols]:
            f = by_path[path]
            prefix = keys.key_prefix(f.language, f.project or self.project_root, f.path)
            declared, callables = adopt.hints(theirs.get(path, ()))
            return passes.document_symbols(
                self.lsp,
                documents,
                f.path,
                prefix,
                self.adapter,
                declared,
                callables,
                asked=asked.pop(path, None),
            )

        outlines = await _each_file(paths, outline, guard, report, "symbols")
        for f, found in zip(files, outlines, strict=True):
            symbols[f.path] = found if found is not None else FileSymbols(f.path)
            run.files[f.path].symbols = symbols[f.path].symbols
        timed.lap("symbols")
        await self.wait_ready(documents, list(symbols.values()))
        timed.lap("ready")
        context = passes.Context(self.lsp, documents, run, symbols)
        context.naming = self.adapter.naming_method
        run.counts.update(
            await sweep.references(
                context, guard, self.options, problems, lambda: self._restart(files, context)
            )
        )
        for path, found in symbols.items():
            bound = resolve.bindings((self.options.sites or {}).get(path, ()))
            await guard.run(path, passes.alias_references(context, found, bound))
            await guard.run(path, assigned.assigned_properties(context, path))
        if self.adapter.settle_sites or self.adapter.merge_declarations:
            await declarations.settle(context, guard.run, merge=self.adapter.merge_declarations)
        if self.options.fixture_parameters:
            named = await library_fixtures.library_fixtures(
                context, self.options.fixture_parameters, self.options.sites
            )
            run.counts["definitions of test parameters naming no workspace fixture"] = named
        timed.lap("references")
        if self.adapter.call_hierarchy and self.lsp.capabilities.call_hierarchy_provider:
            await self._calls(context, guard, run)
        timed.lap("calls")
        await self._type_edges(context, guard, timed)
        pull = self._pull()

        def diagnostics(path: str) -> Awaitable[None]:
            return passes.diagnostics(context, path, pull=pull, asked=early.get(path))

        await _each_file(paths, diagnostics, guard, report, "diagnostics")
        timed.lap("diagnostics")
        if self.adapter.writes_libraries() is not None:
            written_stubs = await stubs.write_stubs(context, paths)
            run.counts["library stubs the imports lead through, asked"] = written_stubs
            timed.lap("stubs")

    async def _calls(self, context: passes.Context, guard: Guard, run: ServerRun) -> None:
        """The outgoing calls of every callable; those lost while the server wrote a library
        file asked again (``written``), then the library calls in lambdas (``lambdas``)."""
        symbols, report, callers = context.symbols, self.options.report, self.options.callers

        prepared = self.options.sites, self.adapter.prepares_library_calls

        def calls(path: str) -> Awaitable[None]:
            return untied.file_calls(context, symbols[path], callers, *prepared)

        def callables(path: str) -> int:
            return len(passes.calling(symbols[path], callers))

        context.written = written.Written.watch(self.adapter.writes_libraries())
        await _each_file(list(symbols), calls, guard, report, "calls", callables)
        run.counts["calls"] = sum(callables(path) for path in symbols)
        if context.written is not None and (raced := context.written.raced()):
            context.written = None

            def again(found: FileSymbols) -> Awaitable[None]:
                return guard.run(found.path, passes.outgoing_calls(context, found))

            count = await written.ask_again(raced, symbols, context.file, again)
            run.counts["calls asked again after a library file was written"] = count
        if self.adapter.calls_in_lambdas and (sites := self.options.sites):

            def in_lambdas(path: str) -> Awaitable[int]:
                calls = [(s.span, s.name) for s in sites[path] if s.role == "call"]
                return lambdas.lambda_calls(context, path, calls)

            files = [p for p in symbols if p in sites]
            asked = await _each_file(files, in_lambdas, guard, report, "lambda calls")
            run.counts["definitions of calls in lambdas"] = sum(n or 0 for n in asked)
        if context.derived_calls:
            run.counts["calls from call sites after a failure"] = context.derived_calls

    async def _type_edges(self, context: passes.Context, guard: Guard, timed: Timer) -> None:
        """The type edges the server tells: where a library's base of a class header is
        (``bases``), the types implementing each interface (Go), the types nested object
        literals take from their context (tsgo: ``contextual``)."""
        symbols, report = context.symbols, self.options.report
        if (headers := self.options.bases) is not None:

            def library_bases(path: str) -> Awaitable[None]:
                return bases.library_bases(context, path, headers[path])

            await _each_file(
                [p for p in symbols if p in headers], library_bases, guard, report, "bases"
            )
            timed.lap("bases")
        if self.adapter.implementations and self.lsp.capabilities.implementation_provider:

            def implementations(path: str) -> Awaitable[None]:
                return passes.implementations(context, symbols[path])

            await _each_file(list(symbols), implementations, guard, report, "implementations")
            timed.lap("implementations")
        if self.adapter.nested_objects:

            def nested(path: str) -> Awaitable[None]:
                return contextual.nested_objects(context, symbols[path])

            await _each_file(list(symbols), nested, guard, report, "nested objects")
            timed.lap("nested objects")

    async def _restart(self, files: Sequence[SourceText], context: passes.Context) -> None:
        if self.command is None or self._scratch is None:
            raise LspError("the session is not started", resolution="use `async with` first")
        await self.lsp.close()
        await self._start(self.command, self._scratch)
        self._versions.clear()
        self._texts.clear()
        self.open(files, context.documents)
        await self.wait_ready(context.documents, list(context.symbols.values()))
        context.client = self.lsp

    async def wait_ready(self, documents: Documents, files: list[FileSymbols]) -> None:
        """The readiness gate: every ``$/progress`` ended, then a cross-file answer stable twice
        (``diagnostics`` readiness: diagnostics published for every file of the batch).

        Raises SERVER_TIMEOUT when the server is not ready within the adapter's ``ready_timeout``.
        """
        client = self.lsp
        limit = self.loading_limit
        try:
            failing = self.adapter.failing_progress
            idle = client.progress.wait_idle(lambda: not client.alive, failing and failing[0])
            await asyncio.wait_for(idle, limit)
        except TimeoutError as exc:
            raise ServerTimeout(
                f"{self.adapter.id} still reports progress after {limit:g} s",
                resolution=_SLOW_LOAD,
            ) from exc
        if self.adapter.readiness == "diagnostics":
            uris = {documents.uri(path) for path in documents.files}
            try:
                await asyncio.wait_for(self._published(uris), limit)
            except TimeoutError as exc:
                done = len(uris & client.diagnostics.keys())
                raise ServerTimeout(
                    f"{self.adapter.id} checked {done} of {len(uris)} files in {limit:g} s",
                    resolution=_SLOW_LOAD,
                ) from exc
            return
        probes = passes.probes(files)
        if not probes:
            return
        try:
            await asyncio.wait_for(passes.stable_references(client, documents, probes), limit)
        except TimeoutError as exc:
            raise ServerTimeout(
                f"{self.adapter.id}'s references did not settle within {limit:g} s",
                resolution=_SLOW_LOAD,
            ) from exc

    async def _published(self, uris: set[str]) -> None:
        """Until the server published diagnostics for every one of ``uris`` (or exited)."""
        client = self.lsp
        while not uris <= client.diagnostics.keys() and client.alive:
            client.diagnostics_changed.clear()
            await client.diagnostics_changed.wait()


_SLOW_LOAD = (
    "the server may be stuck on this project (see its log), or the machine too busy: run "
    "`lsai index` again, and if it fails again, report it with the project's size"
)
LOADING_BYTES_PER_SECOND = 100_000
"""The slowest a server may load a project, for ``loading_limit``: measured, tsgo loading
three.js's 10 MB of JavaScript as one inferred project on a busy 2-core machine, 38 s (260 KB/s);
a time out stops the run, a longer limit only waits for a server that hangs."""


def loading_limit(
    adapter: ServerAdapter, timeout: float, files: Sequence[SourceText], root: Path
) -> float:
    """How long a server may take to load the files of a session (``root``: the workspace they
    are in) before it answers: its adapter's ``ready_timeout``, longer for a large workspace,
    and longer still for many files no project configuration claims (``unconfigured``)."""
    size = sum(len(f.content) for f in files)
    paths = (f.path for f in files)
    alone = len(unconfigured.unconfigured(root, paths, adapter.project_configs))
    loading = size / LOADING_BYTES_PER_SECOND + unconfigured.waiting_seconds(alone)
    return max(adapter.ready_timeout, timeout, loading)


async def _each_file(
    paths: Sequence[str],
    work: Callable[[str], Awaitable[T]],
    guard: Guard,
    report: Report,
    phase: str,
    weight: Callable[[str], int] = lambda path: 1,
) -> list[T | None]:
    """``work`` on every file, ``FILES_IN_FLIGHT`` files at a time, the answers in the files'
    order (``None`` where the guard made the file partial); a crash stops them all. Progress
    counts each file as its ``weight`` (the callables of the calls pass)."""
    gate = asyncio.Semaphore(FILES_IN_FLIGHT)
    total = sum(weight(path) for path in paths)
    done = 0

    async def one(path: str) -> T | None:
        nonlocal done
        async with gate:
            result = await guard.run(path, work(path))
        done += weight(path)
        report(phase, done, total)
        return result

    try:
        async with asyncio.TaskGroup() as group:  # a crash cancels the other files
            tasks = [group.create_task(one(path)) for path in paths]
    except BaseExceptionGroup as failed:  # the first failure, as a sequential pass raises it
        raise failed.exceptions[0] from None
    return [task.result() for task in tasks]


def _options(adapter: ServerAdapter, given: sweep.Options | None) -> sweep.Options:
    """The caller's options within what the adapter allows (``callers`` only where the adapter
    says ``calls_from_sites``): names are not used to skip
    symbols of a server whose declarations are merged (the merge needs every answer)."""
    options = given or sweep.Options()
    if adapter.merge_declarations and options.names is not None:
        options = replace(options, names=None)
    if not adapter.calls_from_sites and options.callers is not None:
        options = replace(options, callers=None)
    return replace(
        options,
        window=options.window or adapter.in_flight,
        shared_answers=(
            adapter.shared_answers if options.shared_answers is None else options.shared_answers
        ),
        references_cost=options.references_cost or adapter.references_cost,
    )


async def index_project(
    adapter: ServerAdapter | str,
    workspace_root: Path,
    project_root: str,
    files: Sequence[SourceText],
    *,
    timeout: float = DEFAULT_TIMEOUT,
    projects: Sequence[str] = (),
    options: sweep.Options | Callable[[], sweep.Options] | None = None,
) -> ServerRun:
    """Start the adapter's server on the project (``projects``: the project roots it serves,
    when it serves several), index ``files``, stop the server. ``options`` may be a function
    that works them out: it runs while the server loads the files."""
    given = None if callable(options) else options
    async with LspSession(
        adapter, workspace_root, project_root, timeout=timeout, projects=projects, options=given
    ) as session:
        return await session.index(files, options if callable(options) else None)


def index_files(
    adapter: ServerAdapter | str,
    workspace_root: Path,
    project_root: str,
    files: Sequence[SourceText],
    *,
    timeout: float = DEFAULT_TIMEOUT,
    projects: Sequence[str] = (),
    options: sweep.Options | Callable[[], sweep.Options] | None = None,
) -> ServerRun:
    """``index_project`` for synchronous callers (the pipeline): runs its own event loop."""
    return asyncio.run(
        index_project(
            adapter,
            workspace_root,
            project_root,
            files,
            timeout=timeout,
            projects=projects,
            options=options,
        )
    )
