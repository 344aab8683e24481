"""Transport and JSON-RPC to one language server process, over pygls's ``LanguageClient``.

This layer owns the process and the wire: it starts the server over stdio, initializes it with
lsai's client capabilities, gives every request a timeout, fails every pending request at once when
the process dies, answers the requests a server sends to its client, and records what the server
pushes (progress, diagnostics). It knows nothing of symbols or keys; ``session`` builds on it.

pygls 2.1.1 cannot structure the ``InitializeResult`` of ty and pyrefly (their
``notebookDocumentSync`` does not fit lsprotocol's union), so the converter drops that field: lsai
never syncs notebooks.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import ctypes
import itertools
import json
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
from pygls.protocol import LanguageServerProtocol, default_converter
from pygls.protocol.json_rpc import RPCMessage, RPCNotification, RPCRequest, RPCResponse

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

log = logging.getLogger(__name__)

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


class _Protocol(LanguageServerProtocol):
    """pygls's protocol, dispatching each message by its class once classified.

    pygls tells requests, notifications and responses apart with ``isinstance`` against runtime
    ``Protocol`` classes, which inspects the message's attributes every time (~25 µs a message:
    2 CPU s of the 80,000 answers of the Python benchmark). A message class is one kind for good,
    so the answer is kept per class; the rest is pygls's own ``handle_message``.

    The hot requests (``RAW_RESULTS``) skip pygls's message classes and lsprotocol's converter
    both ways (``send_raw``): their answers are handed over as the JSON they are."""

    def handle_message(self, message: RPCMessage | _RawResponse) -> None:
        if isinstance(message, _RawResponse):
            future = self._request_futures.pop(message.id, None)
            if future is not None and not future.done():  # else abandoned: dropped quietly
                future.set_result(message.result)
            return
        kind = _KINDS.get(type(message))
        if kind is None:
            kind = _KINDS[type(message)] = _kind_of(message)
        if kind != "response" or message.jsonrpc != self.VERSION or self._shutdown:
            super().handle_message(message)  # requests, notifications and odd cases: as pygls
            return
        response = cast(RPCResponse, message)
        contextvars.copy_context().run(self._handle_response, response.id, response.result)

    def structure_message(self, data: dict[str, Any]) -> Any:
        """pygls's structuring, except for the answer to a request sent ``raw``: kept as JSON."""
        if "jsonrpc" not in data:  # an object inside a message: pygls keeps it as it is too
            return data
        msg_id = data.get("id")
        if "method" in data or msg_id is None or self._result_types.get(msg_id) is not _Raw:
            return super().structure_message(data)
        del self._result_types[msg_id]
        if "error" in data:  # pygls fails the request with it
            return super().structure_message(data)
        return _RawResponse(msg_id, data.get("result"))

    def send_raw(self, method: str, params: object, msg_id: str) -> asyncio.Future[Any]:
        """Send a request whose answer is handed over as plain JSON (``RAW_RESULTS``), without
        pygls's message classes and converter on the way out or in."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        if hasattr(params, "__attrs_attrs__"):
            params = self._converter.unstructure(params)
        body = json.dumps({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        self._request_futures[msg_id] = future  # type: ignore[assignment]
        self._result_types[msg_id] = _Raw
        writer = cast(_BatchedWriter, self.writer)
        writer.write(f"Content-Length: {len(body)}\r\n\r\n{body}".encode())
        return future


RAW_RESULTS = frozenset({lsp.TEXT_DOCUMENT_DEFINITION, lsp.TEXT_DOCUMENT_REFERENCES})
"""The requests whose answers ``LspClient.request`` returns as plain JSON (lists of dicts), not
lsprotocol objects: tens of thousands of them in a run (``resolve``), read only by
``documents.locations``; lsprotocol's converter cost as much as the rest of lsai's handling."""


class _Raw:
    """The result type of a request sent raw (``_Protocol.send_raw``)."""


class _Expired(Exception):
    """A request's time ran out (``LspClient.request``)."""


def _expire(pending: asyncio.Future[Any]) -> None:
    if not pending.done():
        pending.set_exception(_Expired())


class _RawResponse:
    """The answer to a raw request: its id and its result as plain JSON."""

    __slots__ = ("id", "jsonrpc", "result")

    def __init__(self, msg_id: str | int, result: object) -> None:
        self.id = msg_id
        self.result = result
        self.jsonrpc = "2.0"


class _BatchedWriter:
    """The server's stdin, written once per turn of the event loop: the requests sent in one
    turn (hundreds when answers come back in a burst) go out in one system call, in order."""

    def __init__(self, stream: asyncio.StreamWriter) -> None:
        self._stream = stream
        self._pending: list[bytes] = []

    def write(self, data: bytes) -> None:
        if not self._pending:
            asyncio.get_running_loop().call_soon(self.flush)
        self._pending.append(data)

    def flush(self) -> None:
        data = b"".join(self._pending)
        self._pending.clear()
        if data and not self._stream.is_closing():
            self._stream.write(data)

    def close(self) -> None:
        self.flush()
        self._stream.close()


_KINDS: dict[type, str] = {}
"""request, notification, response or error, per message class (``_Protocol``)."""


def _kind_of(message: RPCMessage) -> str:
    if isinstance(message, RPCRequest):
        return "request"
    if isinstance(message, RPCNotification):
        return "notification"
    return "response" if isinstance(message, RPCResponse) else "error"


class _PyglsClient(LanguageClient):
    """pygls's client, reporting the server's exit and protocol errors to its owner."""

    def __init__(self, owner: LspClient) -> None:
        super().__init__(
            "lsai", __version__, protocol_cls=_Protocol, converter_factory=converter_factory
        )
        self.owner = owner

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
        if self._process is not None and self._process.stdin is not None:
            self._client.protocol.set_writer(_BatchedWriter(self._process.stdin))
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
        protocol = cast(_Protocol, self._client.protocol)
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
        # one timer, no waiter: pygls fails every pending request when the process exits
        expiry = asyncio.get_running_loop().call_later(limit, _expire, pending)
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
        finally:
            expiry.cancel()

    def notify(self, method: str, params: object) -> None:
        if self.alive:
            self._client.protocol.notify(method, params)

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
