"""The stdio transport on asyncio's pipe transports: no worker thread per line.

The SDK's stdio transport reads and writes through anyio's wrapped files, so every line read,
every write and every flush is a hop to a worker thread and back: measured, 0.3 of a 0.75 ms
round trip of a trivial call (more on a loaded machine, where each wake-up waits for a core).
When stdin and stdout are pipes or sockets (as an MCP client spawns its server), asyncio reads and
writes them from the event loop itself; the SDK's transport still does the framing and parsing.
Anything else (a terminal, a file) is served by the SDK's own transport.

As the SDK does, the wire is claimed while serving: fd 0 reads the null device and fd 1 writes to
stderr, so a language server started meanwhile (or a stray print) cannot read or corrupt it.
"""

from __future__ import annotations

import asyncio
import os
import stat
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any, cast

import anyio
from mcp.server.stdio import stdio_server

MAX_LINE = 1 << 26  # a JSON-RPC message longer than 64 MiB is refused


def pipes() -> bool:
    """Whether stdin and stdout are both pipes or sockets (never a terminal: a non-blocking
    terminal would stay so for the shell after the server exits)."""
    try:
        modes = [os.fstat(fd).st_mode for fd in (0, 1)]
    except OSError:
        return False
    return all(stat.S_ISFIFO(m) or stat.S_ISSOCK(m) for m in modes)


class _Lines:
    """stdin as the async iterator of text lines the SDK's transport reads."""

    def __init__(self, reader: asyncio.StreamReader) -> None:
        self.reader = reader

    def __aiter__(self) -> _Lines:
        return self

    async def __anext__(self) -> str:
        line = await self.reader.readline()
        if not line:
            raise StopAsyncIteration
        return line.decode("utf-8", errors="replace")


class _Out:
    """stdout as the async text file the SDK's transport writes: buffered by the transport,
    ``flush`` waits only while the client is behind."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer

    async def write(self, text: str) -> None:
        self.writer.write(text.encode("utf-8"))

    async def flush(self) -> None:
        await self.writer.drain()


@contextmanager
def _claimed() -> Iterator[tuple[int, int]]:
    """Private duplicates of fd 0 and 1 (the wire), with fd 0 on the null device and fd 1 on
    stderr meanwhile; both restored on exit."""
    saved = (os.dup(0), os.dup(1))
    wire = (os.dup(0), os.dup(1))
    null = os.open(os.devnull, os.O_RDONLY)
    try:
        os.dup2(null, 0)
        os.dup2(2, 1)
        yield wire
    finally:
        os.close(null)
        for fd, copy in zip((0, 1), saved, strict=True):
            os.dup2(copy, fd)
            os.close(copy)


@asynccontextmanager
async def pipe_stdio() -> AsyncIterator[tuple[Any, Any]]:
    """The SDK's ``stdio_server`` streams, fed by asyncio pipe transports on the claimed wire."""
    loop = asyncio.get_running_loop()
    with _claimed() as (wire_in, wire_out):
        reader = asyncio.StreamReader(limit=MAX_LINE)
        read_transport, _ = await loop.connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(wire_in, "rb", buffering=0)
        )
        write_transport, protocol = await loop.connect_write_pipe(
            asyncio.streams.FlowControlMixin, os.fdopen(wire_out, "wb", buffering=0)
        )
        write_transport.set_write_buffer_limits(high=0)  # flush: until the pipe took it all
        writer = asyncio.StreamWriter(write_transport, protocol, None, loop)
        try:
            stdin = cast("anyio.AsyncFile[str]", _Lines(reader))
            stdout = cast("anyio.AsyncFile[str]", _Out(writer))
            async with stdio_server(stdin, stdout) as streams:
                yield streams
        finally:
            read_transport.close()
            write_transport.close()
