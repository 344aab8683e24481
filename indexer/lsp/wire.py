"""pygls's JSON-RPC protocol and stdio transport, made to carry lsai's volume cheaply.

A cold index of the TypeScript benchmark sends ~49,000 requests, most of them
``textDocument/definition`` (``resolve``). pygls handles each message in several layers that cost
about as much CPU as the server spends answering: an ``isinstance`` check against runtime
``Protocol`` classes per message, lsprotocol's converter both ways, a ``json.loads`` object hook
called for every JSON object of a message, three reads per message, one system call per write.
This module keeps pygls's protocol (futures, handlers, server-to-client requests, errors) and
replaces only those steps:

- ``WireProtocol`` dispatches a message by its class once classified, and sends the requests of
  ``RAW_RESULTS`` without lsprotocol's types, handing their answers over as plain JSON;
- ``read_messages`` reads what the pipe holds at once and splits it into messages itself;
- ``BatchedWriter`` writes the messages of one turn of the event loop in one system call.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import re
import threading
from collections.abc import Callable
from typing import Any, cast

import orjson
from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import RPCMessage, RPCNotification, RPCRequest, RPCResponse

log = logging.getLogger(__name__)

RAW_RESULTS = frozenset(
    {
        lsp.TEXT_DOCUMENT_DEFINITION,
        lsp.TEXT_DOCUMENT_DECLARATION,
        lsp.TEXT_DOCUMENT_REFERENCES,
        lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL,
        lsp.CALL_HIERARCHY_OUTGOING_CALLS,
    }
)
"""The requests whose answers ``LspClient.request`` returns as plain JSON (lists of dicts), not
lsprotocol objects: tens of thousands of them in a run (``resolve``), read only by
``documents.locations``, ``symbols.symbol_tree`` and ``passes._calls``; lsprotocol's converter
cost as much as the rest of lsai's handling."""

READ_SIZE = 1 << 18  # bytes asked of the pipe at once: many answers per read
_CONTENT_LENGTH = re.compile(rb"(?i)content-length:[ \t]*(\d+)")


class WireProtocol(LanguageServerProtocol):
    """pygls's protocol, dispatching each message by its class once classified.

    pygls tells requests, notifications and responses apart with ``isinstance`` against runtime
    ``Protocol`` classes, which inspects the message's attributes every time (~25 µs a message:
    2 CPU s of the 80,000 answers of the Python benchmark). A message class is one kind for good,
    so the answer is kept per class; the rest is pygls's own ``handle_message``.

    The hot requests (``RAW_RESULTS``) skip pygls's message classes and lsprotocol's converter
    both ways (``send_raw``): their answers are handed over as the JSON they are."""

    def handle_message(self, message: RPCMessage | RawResponse) -> None:
        if isinstance(message, RawResponse):
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
        """pygls's structuring, except for the answer to a request sent raw: kept as JSON."""
        if "jsonrpc" not in data:  # an object inside a message: pygls keeps it as it is too
            return data
        msg_id = data.get("id")
        if "method" in data or msg_id is None or self._result_types.get(msg_id) is not _Raw:
            return super().structure_message(data)
        del self._result_types[msg_id]
        if "error" in data:  # pygls fails the request with it
            return super().structure_message(data)
        return RawResponse(msg_id, data.get("result"))

    def send_raw(self, method: str, params: object, msg_id: str) -> asyncio.Future[Any]:
        """Send a request whose answer is handed over as plain JSON (``RAW_RESULTS``), without
        pygls's message classes and converter on the way out or in. ``params``: lsprotocol
        params, or their JSON already."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        if hasattr(params, "__attrs_attrs__"):
            params = self._converter.unstructure(params)
        body = orjson.dumps({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        self._request_futures[msg_id] = future  # type: ignore[assignment]
        self._result_types[msg_id] = _Raw
        writer = cast(BatchedWriter, self.writer)
        writer.write(b"Content-Length: %d\r\n\r\n%b" % (len(body), body))
        return future


class _Raw:
    """The result type of a request sent raw (``WireProtocol.send_raw``)."""


class RawResponse:
    """The answer to a raw request: its id and its result as plain JSON."""

    __slots__ = ("id", "jsonrpc", "result")

    def __init__(self, msg_id: str | int, result: object) -> None:
        self.id = msg_id
        self.result = result
        self.jsonrpc = "2.0"


_KINDS: dict[type, str] = {}
"""request, notification, response or error, per message class (``WireProtocol``)."""


def _kind_of(message: RPCMessage) -> str:
    if isinstance(message, RPCRequest):
        return "request"
    if isinstance(message, RPCNotification):
        return "notification"
    return "response" if isinstance(message, RPCResponse) else "error"


DRAIN_POLL = 0.002  # seconds between looks at the write buffer (``BatchedWriter.drained``)


class BatchedWriter:
    """The server's stdin, written once per turn of the event loop: the requests sent in one
    turn (hundreds when answers come back in a burst) go out in one system call, in order.

    Create it in the loop that owns the stream. A message sent from another thread while that
    loop runs (``indexer.live`` closes files from its caller's thread) is queued into the loop,
    behind what that thread sent before; with no loop running it is written at once."""

    def __init__(self, stream: asyncio.StreamWriter) -> None:
        self._stream = stream
        self._loop = asyncio.get_running_loop()
        self._pending: list[bytes] = []

    def write(self, data: bytes) -> None:
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self._loop:
            if not self._pending:
                self._loop.call_soon(self.flush)
            self._pending.append(data)
        elif self._loop.is_running():
            self._loop.call_soon_threadsafe(self.write, data)
        else:
            self._pending.append(data)
            self.flush()

    def flush(self) -> None:
        data = b"".join(self._pending)
        self._pending.clear()
        if data and not self._stream.is_closing():
            self._stream.write(data)

    async def drained(self) -> None:
        """Until everything written so far is in the server's pipe (not in lsai's buffers)."""
        self.flush()
        transport = self._stream.transport
        while transport.get_write_buffer_size() and not self._stream.is_closing():
            await asyncio.sleep(DRAIN_POLL)

    def close(self) -> None:
        self.flush()
        self._stream.close()


ErrorHandler = Callable[[Exception, type[JsonRpcException]], Any]


async def read_messages(
    reader: asyncio.StreamReader,
    protocol: WireProtocol,
    stop: threading.Event,
    on_error: ErrorHandler,
) -> None:
    """pygls's ``io_.run_async`` for a pipe: hand every message the server writes to
    ``protocol`` until the pipe closes or ``stop`` is set.

    It reads up to ``READ_SIZE`` bytes at a time and splits them at the ``Content-Length``
    headers itself, and parses each body with ``orjson`` (a third of ``json.loads``'s time) before
    ``protocol.structure_message`` (pygls passes it as the object hook of every JSON object of
    the message, which returns all but the outermost as they are)."""
    buffer = bytearray()
    while not stop.is_set():
        chunk = await reader.read(READ_SIZE)
        if not chunk:
            break
        buffer += chunk
        start = 0
        while (head_end := buffer.find(b"\r\n\r\n", start)) >= 0:
            length = _CONTENT_LENGTH.search(buffer, start, head_end)
            body_start = head_end + 4
            if length is None:  # nothing to read the body by: skip the header
                header = bytes(buffer[start:head_end])
                on_error(ValueError(f"no Content-Length in {header!r}"), JsonRpcException)
                start = body_start
                continue
            end = body_start + int(length.group(1))
            if end > len(buffer):
                break
            body = bytes(buffer[body_start:end])
            start = end
            try:
                protocol.handle_message(protocol.structure_message(_loads(body)))
            except Exception as exc:  # as pygls: report it, keep reading
                log.exception("Unable to handle message")
                on_error(exc, JsonRpcException)
        del buffer[:start]


def _loads(body: bytes) -> Any:
    """A message's JSON: ``orjson``, or the standard library for what orjson refuses and JSON
    allows: a lone surrogate escaped in a string (a server quoting broken text)."""
    try:
        return orjson.loads(body)
    except orjson.JSONDecodeError:
        return json.loads(body)
