"""Transport and JSON-RPC to one language server process, over pygls's ``LanguageClient``.

This layer owns the process and the wire: it starts the server over stdio, initializes it with
lsai's client capabilities, gives every request a timeout, fails every pending request at once when
the process dies, answers the requests a server sends to its client, and records what the server
pushes (progress, diagnostics). It knows nothing of symbols or keys; ``session`` builds on it.

pygls 2.1.1 cannot structure the ``InitializeResult`` of ty and pyrefly (their
``notebookDocumentSync`` does not fit lsprotocol's union), so the converter drops that field: lsai
never syncs notebooks.

pygls's protocol carries the conversation; its stdio loop and its handling of the hot requests
are replaced by ``wire`` (chunked reads, batched writes, definition, references and document
symbol answers as plain JSON), which halved lsai's CPU per answer on the TypeScript benchmark.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import itertools
import logging
import os
import re
import signal
import sys
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from cattrs import Converter
from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pygls.lsp.client import LanguageClient
from pygls.protocol import default_converter

from lsai import __version__
from lsai.indexer.lsp.errors import (
    LspError,
    ServerCrashed,
    ServerNotFound,
    ServerRequestFailed,
    ServerTimeout,
)
from lsai.indexer.lsp.positions import Encoding, negotiated
from lsai.indexer.lsp.progress import ProgressTracker
from lsai.indexer.lsp.wire import RAW_RESULTS, BatchedWriter, WireProtocol, read_messages

log = logging.getLogger(__name__)


def _not_late_answers(record: logging.LogRecord) -> bool:
    """pygls warns of an answer to an id it does not know: every request lsai sends is known
    until lsai gives up on it (a timeout, a cancelled caller: ``LspClient._abandon``), so such
    an answer is a late one, dropped on purpose, not news for the user's terminal."""
    return not record.getMessage().startswith("Received response to unknown message id")


logging.getLogger("pygls.protocol.json_rpc").addFilter(_not_late_answers)

DEFAULT_TIMEOUT = 30.0
SHUTDOWN_TIMEOUT = 5.0
STDERR_LINES = 40

Settings = Callable[[str | None], object]
"""Answers ``workspace/configuration``: the settings of one section (``None``: all of them)."""


def converter_factory() -> Converter:
    """pygls's converter, made to accept ``InitializeResult``s whose notebook sync it can't read."""
    converter: Converter = default_converter()  # type: ignore[no-untyped-call]
    original = converter.get_structure_hook(lsp.ServerCapabilities)

    def structure(data: Any, cls: type[lsp.ServerCapabilities]) -> lsp.ServerCapabilities:
        if isinstance(data, dict) and "notebookDocumentSync" in data:
            data = {k: v for k, v in data.items() if k != "notebookDocumentSync"}
        result: lsp.ServerCapabilities = original(data, cls)
        return result

    converter.register_structure_hook(lsp.ServerCapabilities, structure)
    _offset_encoding_hooks(converter)
    return converter


def _offset_encoding_hooks(converter: Converter) -> None:
    """clangd before LSP 3.17 negotiates with its own ``offsetEncoding`` extension: offered in
    the client capabilities, chosen at the top of ``InitializeResult``. lsai offers the same
    list as ``general.positionEncodings`` and reads the answer into ``positionEncoding``, so the
    rest of the client knows one field."""
    unstructure_caps = converter.get_unstructure_hook(lsp.ClientCapabilities)

    def offer(caps: lsp.ClientCapabilities) -> Any:
        data = unstructure_caps(caps)
        offered = (data.get("general") or {}).get("positionEncodings")
        if isinstance(data, dict) and offered:
            data["offsetEncoding"] = list(offered)
        return data

    converter.register_unstructure_hook(lsp.ClientCapabilities, offer)
    structure_result = converter.get_structure_hook(lsp.InitializeResult)

    def chosen(data: Any, cls: type[lsp.InitializeResult]) -> lsp.InitializeResult:
        encoding = data.get("offsetEncoding") if isinstance(data, dict) else None
        caps = data.get("capabilities") if isinstance(data, dict) else None
        if isinstance(encoding, str) and isinstance(caps, dict):
            data = {**data, "capabilities": {"positionEncoding": encoding, **caps}}
        result: lsp.InitializeResult = structure_result(data, cls)
        return result

    converter.register_structure_hook(lsp.InitializeResult, chosen)


class _Expired(Exception):
    """A request's time ran out (``LspClient.request``)."""


def _expire(pending: asyncio.Future[Any]) -> None:
    if not pending.done():
        pending.set_exception(_Expired())


TICK = 0.25
"""At most this many seconds between two looks at the pending requests (``_Deadlines``): the
answered ones are let go of then; a deadline sooner than that is looked at when it comes."""


class _Deadlines:
    """When each pending request of a client expires, watched by one timer: a timer per request
    cost ~10 us of the event loop's heap each (tens of thousands of definition requests a run).
    The timer fires at the first deadline, or after ``TICK`` to let go of the answered requests.
    Requests with one time limit are queued in the order sent, so their deadlines come in
    order."""

    def __init__(self) -> None:
        self._queues: dict[float, deque[tuple[float, asyncio.Future[Any]]]] = {}
        self._timer: asyncio.TimerHandle | None = None

    def watch(self, pending: asyncio.Future[Any], limit: float) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        self._queues.setdefault(limit, deque()).append((deadline, pending))
        if self._timer is None or deadline < self._timer.when():
            self._wake(loop, deadline)

    def _wake(self, loop: asyncio.AbstractEventLoop, deadline: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = loop.call_at(min(deadline, loop.time() + TICK), self._check)

    def _check(self) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        self._timer = None
        for queue in self._queues.values():
            while queue and (queue[0][1].done() or queue[0][0] <= now):
                _expire(queue.popleft()[1])
        first = min((queue[0][0] for queue in self._queues.values() if queue), default=None)
        if first is not None:
            self._wake(loop, first)


class _PyglsClient(LanguageClient):
    """pygls's client, reporting the server's exit and protocol errors to its owner."""

    def __init__(self, owner: LspClient) -> None:
        super().__init__(
            "lsai", __version__, protocol_cls=WireProtocol, converter_factory=converter_factory
        )
        self.owner = owner

    async def start_io(self, cmd: str, *args: str, **kwargs: Any) -> None:
        """pygls's ``start_io``, over lsai's transport (``wire``): batched writes, chunked reads."""
        server = await asyncio.create_subprocess_exec(
            cmd,
            *args,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            **kwargs,
        )
        if server.stdin is None or server.stdout is None:
            raise OSError(f"{cmd} started without pipes")
        protocol = cast(WireProtocol, self.protocol)
        protocol.set_writer(BatchedWriter(server.stdin))
        reading = read_messages(
            server.stdout, protocol, self._stop_event, self._report_server_error
        )
        watching = self._server_exit()  # type: ignore[no-untyped-call]
        self._server = server
        self._async_tasks.extend([asyncio.create_task(reading), asyncio.create_task(watching)])

    async def server_exit(self, server: asyncio.subprocess.Process) -> None:
        self.owner._on_exit(server.returncode)

    def report_server_error(self, error: Exception, source: object) -> None:
        self.owner._on_protocol_error(error)


class LspClient:
    """One language server process and the JSON-RPC conversation with it.

    Create it inside a running event loop. Use ``start`` then ``initialize``; always ``close``
    (``session.LspSession`` does all three as an async context manager).
    """

    def __init__(
        self,
        name: str,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        settings: Settings | None = None,
        encodings: Sequence[Encoding] = ("utf-8", "utf-16"),
    ) -> None:
        self.name = name
        self.offered_encodings = tuple(encodings)
        self.timeout = timeout
        self._deadlines = _Deadlines()
        self.settings: Settings = settings or (lambda section: None)
        self.progress = ProgressTracker()
        self.diagnostics: dict[str, list[lsp.Diagnostic]] = {}
        self.diagnostics_changed = asyncio.Event()
        self.capabilities = lsp.ServerCapabilities()
        self.server_info: lsp.ServerInfo | None = None
        self.encoding: Encoding = "utf-16"
        self.stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self._client = _PyglsClient(self)
        self._process: asyncio.subprocess.Process | None = None
        self._exited: asyncio.Future[int | None] = asyncio.get_running_loop().create_future()
        self._ids = itertools.count(1)
        self._stderr_task: asyncio.Task[None] | None = None
        self._send_error: Exception | None = None
        self._register_handlers()

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(
        self, command: Sequence[str], *, cwd: Path, env: Mapping[str, str] | None = None
    ) -> None:
        """Start the server process; raises SERVER_NOT_FOUND when it cannot be run."""
        try:
            await self._client.start_io(
                command[0],
                *command[1:],
                cwd=str(cwd),
                env=dict(env) if env is not None else None,
                **_die_with_parent(),
            )
        except OSError as exc:
            raise ServerNotFound(
                f"cannot start {self.name} ({' '.join(command)}): {exc}",
                resolution=f"install {self.name} or put it on PATH",
            ) from exc
        self._process = self._client._server
        if self._process is not None and self._process.stderr is not None:
            self._stderr_task = asyncio.create_task(self._drain_stderr(self._process.stderr))

    async def initialize(self, root: Path, init_options: object = None) -> lsp.InitializeResult:
        """Send ``initialize`` and ``initialized``; record capabilities and position encoding."""
        params = lsp.InitializeParams(
            process_id=os.getpid(),
            root_uri=root.as_uri(),
            root_path=str(root),
            workspace_folders=[lsp.WorkspaceFolder(uri=root.as_uri(), name=root.name)],
            capabilities=client_capabilities(self.offered_encodings),
            initialization_options=init_options,
            client_info=lsp.ClientInfo(name="lsai", version=__version__),
        )
        result: lsp.InitializeResult = await self.request(lsp.INITIALIZE, params)
        self.capabilities = result.capabilities
        self.server_info = result.server_info
        encoding = result.capabilities.position_encoding
        self.encoding = negotiated(str(encoding) if encoding is not None else None)
        self.notify(lsp.INITIALIZED, lsp.InitializedParams())
        return result

    async def close(self, timeout: float = SHUTDOWN_TIMEOUT) -> None:
        """Shut the server down cleanly (shutdown + exit); kill it if it does not exit in time."""
        if self._process is None:
            return
        if self.alive:
            try:
                await self.request(lsp.SHUTDOWN, None, timeout=timeout)
            except LspError as exc:  # exit anyway; the kill below ends a server that will not
                log.info("%s: shutdown failed (%s)", self.name, exc.code)
            self.notify(lsp.EXIT, None)
        try:
            await asyncio.wait_for(self._process.wait(), timeout)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                self._process.kill()
            await self._process.wait()
        await self._client.stop()  # type: ignore[no-untyped-call]
        if self._stderr_task is not None:
            await self._stderr_task

    @property
    def alive(self) -> bool:
        return self._process is not None and not self._exited.done()

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    @property
    def returncode(self) -> int | None:
        return self._process.returncode if self._process is not None else None

    # -- messages ----------------------------------------------------------------------------
    async def request(self, method: str, params: object, *, timeout: float | None = None) -> Any:
        """Send one request and wait for its answer, at most ``timeout`` seconds.

        Raises SERVER_TIMEOUT when no answer comes in time (the request is then cancelled),
        SERVER_CRASHED when the process exits before answering (every pending request at once),
        and ``ServerRequestFailed`` when the server answers with an error.
        """
        self._check_alive(method)
        msg_id = f"lsai-{next(self._ids)}"
        protocol = cast(WireProtocol, self._client.protocol)
        if method in RAW_RESULTS:
            pending = protocol.send_raw(method, params, msg_id)
        else:
            self._send_error = None
            pending = asyncio.wrap_future(protocol.send_request(method, params, msg_id=msg_id))
            if self._send_error is not None:  # pygls reports a failed send instead of raising it
                self._abandon(msg_id, pending)
                raise LspError(
                    f"cannot send {method} to {self.name}: {self._send_error!r}",
                    resolution="this is a bug in lsai; please report it",
                ) from self._send_error
        limit = self.timeout if timeout is None else timeout
        self._deadlines.watch(pending, limit)  # no waiter: pygls fails them all at an exit
        try:
            return await pending
        except JsonRpcException as exc:
            raise ServerRequestFailed(
                f"{self.name} failed {method}: {exc.message} ({exc.code})",
                resolution="see the server's log; the file is indexed partially",
            ) from exc
        except RuntimeError as exc:  # pygls fails pending requests this way on exit
            raise self._crashed(method) from exc
        except _Expired:
            self._abandon(msg_id, pending)
            if self._exited.done():
                raise self._crashed(method) from None
            self.notify(lsp.CANCEL_REQUEST, lsp.CancelParams(id=msg_id))
            raise ServerTimeout(
                f"{self.name} did not answer {method} within {limit:g} s",
                resolution="raise the timeout, or index fewer files per server",
            ) from None
        except asyncio.CancelledError:  # the caller gave up: a late answer is dropped quietly
            self._abandon(msg_id, pending)
            raise

    def notify(self, method: str, params: object) -> None:
        if self.alive:
            self._client.protocol.notify(method, params)

    async def sent(self) -> None:
        """Until every message sent so far is in the server's pipe, for it to read while lsai
        does other work (``LspSession.index``'s ``prepare``)."""
        writer = self._client.protocol.writer
        if self.alive and isinstance(writer, BatchedWriter):
            await writer.drained()

    def _check_alive(self, method: str) -> None:
        if self._process is None:
            raise ServerCrashed(
                f"{self.name} is not started; cannot send {method}",
                resolution="start the server before sending requests",
            )
        if self._exited.done():
            raise self._crashed(method)

    def _crashed(self, method: str) -> ServerCrashed:
        tail = _stderr_excerpt(list(self.stderr))
        return ServerCrashed(
            f"{self.name} exited (code {self.returncode}) before answering {method}"
            + (f"; stderr: {tail}" if tail else ""),
            resolution="see the server's stderr above; lsai restarts it on the next run",
        )

    def _abandon(self, msg_id: str, pending: asyncio.Future[Any]) -> None:
        """Forget a request nobody waits for any more, so a late answer is dropped quietly."""
        self._client.protocol._request_futures.pop(msg_id, None)
        self._client.protocol._result_types.pop(msg_id, None)
        if pending.done() and not pending.cancelled():
            pending.exception()  # retrieved: no "exception was never retrieved" noise
        else:
            pending.cancel()

    def _on_protocol_error(self, error: Exception) -> None:
        self._send_error = error
        log.warning("%s: protocol error: %r", self.name, error)

    def _on_exit(self, returncode: int | None) -> None:
        if not self._exited.done():
            self._exited.set_result(returncode)
        self.progress.changed.set()
        self.diagnostics_changed.set()

    async def _drain_stderr(self, stream: asyncio.StreamReader) -> None:
        """Read the server's log, so a chatty server never blocks on a full pipe."""
        while line := await stream.readline():
            self.stderr.append(line.decode("utf-8", "replace").rstrip())

    # -- server-to-client messages -----------------------------------------------------------
    def _register_handlers(self) -> None:
        feature = self._client.feature

        @feature(lsp.WORKSPACE_CONFIGURATION)  # type: ignore[untyped-decorator]
        def configuration(params: lsp.ConfigurationParams) -> list[object]:
            return [self.settings(item.section) for item in params.items]

        @feature(lsp.CLIENT_REGISTER_CAPABILITY)  # type: ignore[untyped-decorator]
        def register(params: lsp.RegistrationParams) -> None:
            return None

        @feature(lsp.WINDOW_WORK_DONE_PROGRESS_CREATE)  # type: ignore[untyped-decorator]
        def create_progress(params: lsp.WorkDoneProgressCreateParams) -> None:
            self.progress.create(str(params.token))

        @feature(lsp.PROGRESS)  # type: ignore[untyped-decorator]
        def progress(params: lsp.ProgressParams) -> None:
            self.progress.update(str(params.token), params.value)

        @feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)  # type: ignore[untyped-decorator]
        def publish(params: lsp.PublishDiagnosticsParams) -> None:
            self.diagnostics[params.uri] = list(params.diagnostics)
            self.diagnostics_changed.set()

        @feature(lsp.WINDOW_LOG_MESSAGE)  # type: ignore[untyped-decorator]
        def log_message(params: lsp.LogMessageParams) -> None:
            log.debug("%s: %s", self.name, params.message)

        @feature(lsp.WINDOW_SHOW_MESSAGE)  # type: ignore[untyped-decorator]
        def show_message(params: lsp.ShowMessageParams) -> None:
            log.info("%s: %s", self.name, params.message)


def client_capabilities(encodings: Sequence[Encoding]) -> lsp.ClientCapabilities:
    """What lsai can take: hierarchical symbols, call/type hierarchy, pull and push diagnostics,
    positions in any of ``encodings`` (UTF-8 first: no conversion for ASCII lines, cheaper)."""
    return lsp.ClientCapabilities(
        general=lsp.GeneralClientCapabilities(
            position_encodings=[lsp.PositionEncodingKind(e) for e in encodings]
        ),
        window=lsp.WindowClientCapabilities(work_done_progress=True),
        workspace=lsp.WorkspaceClientCapabilities(configuration=True, workspace_folders=True),
        text_document=lsp.TextDocumentClientCapabilities(
            synchronization=lsp.TextDocumentSyncClientCapabilities(),
            document_symbol=lsp.DocumentSymbolClientCapabilities(
                hierarchical_document_symbol_support=True,
                symbol_kind=lsp.ClientSymbolKindOptions(value_set=list(lsp.SymbolKind)),
            ),
            references=lsp.ReferenceClientCapabilities(),
            definition=lsp.DefinitionClientCapabilities(link_support=True),
            call_hierarchy=lsp.CallHierarchyClientCapabilities(),
            type_hierarchy=lsp.TypeHierarchyClientCapabilities(),
            diagnostic=lsp.DiagnosticClientCapabilities(),
            publish_diagnostics=lsp.PublishDiagnosticsClientCapabilities(),
        ),
    )


_PR_SET_PDEATHSIG = 1


def _die_with_parent() -> dict[str, object]:
    """On Linux, have the kernel send SIGTERM to the server when lsai dies, even by SIGKILL, so
    that no orphan server outlives it; elsewhere servers exit when their stdin closes."""
    if sys.platform != "linux":
        return {}
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return {}

    def set_death_signal() -> None:
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)

    return {"preexec_fn": set_death_signal}


_ERROR_LINE = re.compile(r"\b(error|panic|fatal|exception)\b", re.IGNORECASE)


def _stderr_excerpt(lines: list[str]) -> str:
    """What a crash report quotes of the server's stderr: from the first line that names an
    error (a backtrace follows it), else the last lines."""
    lines = [line for line in lines if line.strip()]
    for i, line in enumerate(lines):
        if _ERROR_LINE.search(line):
            return " | ".join(lines[i : i + 3])
    return " | ".join(lines[-3:])
