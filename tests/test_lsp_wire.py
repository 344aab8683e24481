"""lsai's JSON-RPC transport (``wire``) and the readers of raw answers, without a server.

The hot answers (definition, references, document symbols) arrive as plain JSON; the readers must
give what lsprotocol's converter gave, and the transport must frame messages however the pipe
splits them.
"""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any, cast

import pytest
from lsprotocol import types as lsp
from pygls.protocol import default_converter

from lsai.errors import ErrorCode
from lsai.indexer.lsp.client import LspClient
from lsai.indexer.lsp.documents import WirePosition, WireRange, locations
from lsai.indexer.lsp.errors import LspError
from lsai.indexer.lsp.passes import wire_call
from lsai.indexer.lsp.symbols import Node, symbol_tree
from lsai.indexer.lsp.wire import BatchedWriter, RawResponse, WireProtocol, read_messages


def _framed(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _protocol() -> WireProtocol:
    """The protocol of a client that never started a server (inside a running loop)."""
    return cast(WireProtocol, LspClient("test")._client.protocol)


def _recorder(seen: list[object]) -> WireProtocol:
    protocol = _protocol()
    protocol.handle_message = seen.append  # type: ignore[method-assign,assignment]
    return protocol


def test_messages_are_read_whole_however_the_pipe_splits_them() -> None:
    messages: list[dict[str, Any]] = [
        {"jsonrpc": "2.0", "method": "n", "params": {"i": i, "s": "é" * i}} for i in range(5)
    ]
    data = b"".join(_framed(m) for m in messages)

    async def scenario(piece: int) -> list[object]:
        reader = asyncio.StreamReader()
        seen: list[object] = []
        for start in range(0, len(data), piece):
            reader.feed_data(data[start : start + piece])
        reader.feed_eof()
        await read_messages(reader, _recorder(seen), threading.Event(), lambda exc, kind: None)
        return seen

    for piece in (1, 7, 64, len(data)):
        seen = asyncio.run(scenario(piece))
        read = [(m.params.i, m.params.s) for m in seen]  # type: ignore[attr-defined]
        assert read == [(m["params"]["i"], m["params"]["s"]) for m in messages]


def test_a_header_without_length_is_reported_and_the_next_message_still_read() -> None:
    errors: list[Exception] = []

    async def scenario() -> list[object]:
        reader = asyncio.StreamReader()
        seen: list[object] = []
        reader.feed_data(
            b"X-Other: 1\r\n\r\n" + _framed({"jsonrpc": "2.0", "method": "n", "params": {}})
        )
        reader.feed_eof()
        await read_messages(
            reader, _recorder(seen), threading.Event(), lambda e, k: errors.append(e)
        )
        return seen

    seen = asyncio.run(scenario())
    assert len(seen) == 1 and len(errors) == 1


def test_utf8_text_and_an_escaped_lone_surrogate_are_read_as_json_reads_them() -> None:
    bodies = [
        '{"jsonrpc": "2.0", "method": "n", "params": {"s": "é𝔘 ok"}}'.encode(),  # raw UTF-8
        b'{"jsonrpc": "2.0", "method": "n", "params": {"s": "broken \\ud800 text"}}',
    ]
    errors: list[Exception] = []

    async def scenario() -> list[object]:
        reader = asyncio.StreamReader()
        seen: list[object] = []
        for body in bodies:
            reader.feed_data(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        reader.feed_eof()
        await read_messages(
            reader, _recorder(seen), threading.Event(), lambda e, k: errors.append(e)
        )
        return seen

    seen = asyncio.run(scenario())
    assert errors == []
    assert [m.params.s for m in seen] == [json.loads(b)["params"]["s"] for b in bodies]  # type: ignore[attr-defined]


def test_an_answer_to_a_raw_request_stays_json_and_resolves_its_future() -> None:
    async def scenario() -> tuple[object, BaseException | None]:
        protocol = _protocol()
        sent: list[bytes] = []

        class Stream:
            def write(self, data: bytes) -> None:
                sent.append(data)

            def is_closing(self) -> bool:
                return False

        protocol.set_writer(BatchedWriter(Stream()))  # type: ignore[arg-type]
        params = lsp.DefinitionParams(
            text_document=lsp.TextDocumentIdentifier(uri="file:///a.ts"),
            position=lsp.Position(line=1, character=2),
        )
        first = protocol.send_raw(lsp.TEXT_DOCUMENT_DEFINITION, params, "a")
        second = protocol.send_raw(lsp.TEXT_DOCUMENT_DEFINITION, {"x": 1}, "b")
        await asyncio.sleep(0)  # the turn ends: both go out in one write
        assert len(sent) == 1 and sent[0].count(b"Content-Length") == 2
        body = sent[0].split(b"\r\n\r\n", 1)[1].split(b"Content-Length")[0]
        assert json.loads(body)["params"]["position"] == {"line": 1, "character": 2}
        answer = {"jsonrpc": "2.0", "id": "a", "result": [{"uri": "file:///b.ts"}]}
        message = protocol.structure_message(answer)
        assert isinstance(message, RawResponse)
        protocol.handle_message(message)
        failure = {"jsonrpc": "2.0", "id": "b", "error": {"code": -32603, "message": "no"}}
        protocol.handle_message(protocol.structure_message(failure))
        await asyncio.wait([second])
        return await first, second.exception()

    result, error = asyncio.run(scenario())
    assert result == [{"uri": "file:///b.ts"}]
    assert isinstance(error, Exception) and "no" in str(error)


def test_raw_locations_read_as_lsprotocol_ones() -> None:
    converter = default_converter()  # type: ignore[no-untyped-call]
    raw = [
        {"uri": "file:///a.ts", "range": _range(1, 2, 1, 5)},
        {
            "targetUri": "file:///b.ts",
            "targetRange": _range(0, 0, 9, 1),
            "targetSelectionRange": _range(3, 4, 3, 8),
        },
    ]
    structured = [
        converter.structure(raw[0], lsp.Location),
        converter.structure(raw[1], lsp.LocationLink),
    ]
    wire = locations(raw)
    assert wire == [
        ("file:///a.ts", WireRange(WirePosition(1, 2), WirePosition(1, 5))),
        ("file:///b.ts", WireRange(WirePosition(3, 4), WirePosition(3, 8))),
    ]
    for (uri, got), (want_uri, want) in zip(wire, locations(structured), strict=True):
        assert uri == want_uri
        assert (got.start.line, got.start.character, got.end.line, got.end.character) == (
            want.start.line,
            want.start.character,
            want.end.line,
            want.end.character,
        )


def test_a_malformed_raw_location_fails_the_request_instead_of_vanishing() -> None:
    with pytest.raises(LspError) as failed:
        locations([{"uri": "file:///a.ts", "range": {"start": {"line": 1}}}])
    assert failed.value.code == ErrorCode.INTERNAL_ERROR


def test_a_raw_outgoing_call_is_read_and_a_malformed_one_fails_the_request() -> None:
    call = {
        "to": {"name": "send", "uri": "file:///a.py", "selectionRange": _range(4, 8, 4, 12)},
        "fromRanges": [_range(9, 4, 9, 8), _range(11, 15, 11, 19)],
    }
    uri, name, selection, sites = wire_call(call)
    assert (uri, name, selection.start, [s.start for s in sites]) == (
        "file:///a.py",
        "send",
        WirePosition(4, 8),
        [WirePosition(9, 4), WirePosition(11, 15)],
    )
    broken: list[object] = [{"fromRanges": []}, {**call, "fromRanges": [{"start": {}}]}, "send"]
    for answer in broken:
        with pytest.raises(LspError) as failed:
            wire_call(answer)
        assert failed.value.code == ErrorCode.INTERNAL_ERROR


def test_raw_document_symbols_make_the_tree_lsprotocol_ones_make() -> None:
    converter = default_converter()  # type: ignore[no-untyped-call]
    raw = [
        {
            "name": "Box",
            "kind": 5,
            "detail": "class",
            "range": _range(0, 0, 9, 1),
            "selectionRange": _range(0, 6, 0, 9),
            "children": [
                {
                    "name": "open",
                    "kind": 6,
                    "range": _range(1, 2, 3, 3),
                    "selectionRange": _range(1, 2, 1, 6),
                }
            ],
        },
        {
            "name": "odd",
            "kind": 999,
            "range": _range(10, 0, 10, 3),
            "selectionRange": _range(10, 0, 10, 3),
        },
    ]
    flat = [
        {
            "name": "f",
            "kind": 12,
            "location": {"uri": "file:///a.ts", "range": _range(11, 0, 12, 1)},
        }
    ]
    structured = converter.structure(raw[:1], list[lsp.DocumentSymbol])
    assert _plain(symbol_tree(raw)[:1]) == _plain(symbol_tree(structured))
    assert symbol_tree(raw)[1].kind == "variable"  # an unknown kind, as for lsprotocol's
    flat_structured = converter.structure(flat, list[lsp.SymbolInformation])
    assert _plain(symbol_tree(flat)) == _plain(symbol_tree(flat_structured))


def _plain(nodes: list[Node]) -> list[tuple[Any, ...]]:
    """A tree with its ranges as numbers (a raw answer's are ``WireRange``s)."""

    def numbers(r: Any) -> tuple[int, ...]:
        return (r.start.line, r.start.character, r.end.line, r.end.character)

    return [
        (n.name, n.kind, numbers(n.range), numbers(n.selection), n.detail, _plain(n.children))
        for n in nodes
    ]


def _range(a: int, b: int, c: int, d: int) -> dict[str, Any]:
    return {"start": {"line": a, "character": b}, "end": {"line": c, "character": d}}


def test_a_message_sent_from_another_thread_goes_out_in_order_through_the_loop() -> None:
    """``indexer.live`` runs the loop in a thread and closes files from its caller's thread."""
    sent: list[bytes] = []
    ready = threading.Event()
    loop = asyncio.new_event_loop()

    class Stream:
        def write(self, data: bytes) -> None:
            assert threading.current_thread() is runner  # only the loop's thread writes
            sent.append(data)

        def is_closing(self) -> bool:
            return False

    async def make() -> BatchedWriter:
        return BatchedWriter(Stream())  # type: ignore[arg-type]

    def serve() -> None:
        ready.set()
        loop.run_forever()

    runner = threading.Thread(target=serve)
    runner.start()
    ready.wait()
    writer = asyncio.run_coroutine_threadsafe(make(), loop).result(5)
    writer.write(b"a")  # from this thread, while the loop runs
    asyncio.run_coroutine_threadsafe(_write_in_loop(writer, b"b"), loop).result(5)
    loop.call_soon_threadsafe(loop.stop)
    runner.join(5)
    loop.close()
    assert b"".join(sent) == b"ab"


async def _write_in_loop(writer: BatchedWriter, data: bytes) -> None:
    writer.write(data)
    await asyncio.sleep(0)
