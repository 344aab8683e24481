"""The LSP client against the real ty server, and against fake servers that inject faults.

A fake server is used only for what a real one will not do on demand: die in the middle of a
conversation, or ignore ``shutdown``.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from lsai.errors import ErrorCode
from lsai.indexer.lsp import client as client_module
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.lsp.client import LspClient
from lsai.indexer.lsp.errors import LspError
from lsai.indexer.lsp.session import LspSession

TY = resolve_command(ADAPTERS["ty"])
needs_ty = pytest.mark.skipif(TY is None, reason="install ty: pip install ty")

FAKE_SERVER = textwrap.dedent(
    """
    import json, sys

    MODE = sys.argv[1]
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer

    def read():
        length = 0
        while (line := stdin.readline().strip()):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(stdin.read(length)) if length else None

    def send(message):
        body = json.dumps(message).encode()
        stdout.write(b"Content-Length: %d\\r\\n\\r\\n" % len(body) + body)
        stdout.flush()

    while (message := read()) is not None:
        if message.get("method") == "initialize":
            send({"jsonrpc": "2.0", "id": message["id"], "result": {"capabilities": {}}})
        elif "id" in message and MODE == "crash":
            sys.exit(3)  # dies with the request unanswered
        # MODE "stubborn": ignores every other request, shutdown and exit included
    """
)


def _gone(pid: int | None) -> bool:
    """True when no process has this id any more (it exited and was reaped)."""
    assert pid is not None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.fixture
def fake_server(tmp_path: Path) -> Callable[[str], list[str]]:
    script = tmp_path / "fake_server.py"
    script.write_text(FAKE_SERVER)
    return lambda mode: [sys.executable, str(script), mode]


async def _started(command: list[str], root: Path, timeout: float = 30.0) -> LspClient:
    client = LspClient("fake", timeout=timeout)
    await client.start(command, cwd=root)
    await client.initialize(root)
    return client


def test_pending_requests_fail_at_once_with_server_crashed_when_the_server_dies(
    tmp_path: Path, fake_server: Callable[[str], list[str]]
) -> None:
    async def scenario() -> tuple[list[BaseException | object], int | None, int | None]:
        client = await _started(fake_server("crash"), tmp_path, timeout=30.0)
        params = lsp.WorkspaceSymbolParams(query="x")
        results = await asyncio.gather(
            client.request(lsp.WORKSPACE_SYMBOL, params),
            client.request(lsp.WORKSPACE_SYMBOL, params),
            return_exceptions=True,
        )
        await client.close()
        return list(results), client.pid, client.returncode

    results, pid, returncode = asyncio.run(scenario())
    assert [getattr(r, "code", None) for r in results] == [ErrorCode.SERVER_CRASHED] * 2
    assert returncode == 3
    assert _gone(pid)


def test_a_request_after_the_server_died_fails_with_server_crashed(
    tmp_path: Path, fake_server: Callable[[str], list[str]]
) -> None:
    async def scenario() -> None:
        client = await _started(fake_server("crash"), tmp_path)
        params = lsp.WorkspaceSymbolParams(query="x")
        with pytest.raises(LspError) as first:
            await client.request(lsp.WORKSPACE_SYMBOL, params)
        with pytest.raises(LspError) as second:
            await client.request(lsp.WORKSPACE_SYMBOL, params)
        await client.close()
        assert first.value.code == second.value.code == ErrorCode.SERVER_CRASHED

    asyncio.run(scenario())


def test_a_server_that_ignores_shutdown_is_killed_on_close(
    tmp_path: Path, fake_server: Callable[[str], list[str]]
) -> None:
    async def scenario() -> int | None:
        client = await _started(fake_server("stubborn"), tmp_path)
        await client.close(timeout=0.3)
        assert client.returncode is not None
        return client.pid

    assert _gone(asyncio.run(scenario()))


def test_a_missing_server_raises_server_not_found(tmp_path: Path) -> None:
    async def scenario() -> None:
        client = LspClient("nothing")
        await client.start([str(tmp_path / "no-such-server")], cwd=tmp_path)

    with pytest.raises(LspError) as caught:
        asyncio.run(scenario())
    assert caught.value.code == ErrorCode.SERVER_NOT_FOUND


def test_an_uninstalled_adapter_raises_server_not_found_with_the_install_command(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        session = LspSession("ty", tmp_path)
        session.command = None
        async with session:
            pass

    with pytest.raises(LspError) as caught:
        asyncio.run(scenario())
    assert caught.value.code == ErrorCode.SERVER_NOT_FOUND
    assert "pip install ty" in caught.value.resolution


@needs_ty
def test_ty_initializes_despite_its_notebook_sync_and_negotiates_utf8(tmp_path: Path) -> None:
    asked: list[str | None] = []

    def settings(section: str | None) -> object:
        asked.append(section)
        return None

    async def scenario() -> LspClient:
        assert TY is not None
        client = LspClient("ty", settings=settings)
        await client.start(TY, cwd=tmp_path)
        await client.initialize(tmp_path)
        # the configuration request may come after `initialized`; any answered request orders it
        await client.request(lsp.WORKSPACE_SYMBOL, lsp.WorkspaceSymbolParams(query="x"))
        await client.close()
        return client

    client = asyncio.run(scenario())
    assert client.server_info is not None and client.server_info.name == "ty"
    assert client.encoding == "utf-8"
    assert client.capabilities.call_hierarchy_provider
    assert "ty" in asked  # workspace/configuration was answered
    assert client.returncode == 0
    assert _gone(client.pid)


@needs_ty
def test_a_real_request_past_its_timeout_raises_server_timeout_and_the_server_still_answers(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> object:
        assert TY is not None
        client = LspClient("ty")
        await client.start(TY, cwd=tmp_path)
        await client.initialize(tmp_path)
        params = lsp.WorkspaceSymbolParams(query="x")
        try:
            with pytest.raises(LspError) as caught:
                await client.request(lsp.WORKSPACE_SYMBOL, params, timeout=0)
            assert caught.value.code == ErrorCode.SERVER_TIMEOUT
            return await client.request(lsp.WORKSPACE_SYMBOL, params)
        finally:
            await client.close()

    assert asyncio.run(scenario()) in (None, [], ())
    late = [r for r in caplog.records if "unknown message id" in r.getMessage()]
    assert not late, "the late answer to a request given up on is dropped quietly"


@needs_ty
def test_ty_is_found_next_to_the_python_running_lsai_first() -> None:
    assert TY is not None
    beside = Path(sys.executable).parent / "ty"
    assert TY[0] == (str(beside) if beside.is_file() else shutil.which("ty"))
    assert TY[1:] == ["server"]


def test_the_first_request_waits_for_a_server_loading_a_large_project(tmp_path: Path) -> None:
    """tsgo holds every request until it has loaded the project: the first waits as long as
    loading may take (``loading_limit``), not a request's timeout, and the passes start after
    it. Here loading 40,000 lines takes longer than the 0.4 s each request is given; before,
    every outline request timed out and the file was partial (three.js: 1,024 files failed)."""
    from lsai.indexer.lsp.documents import SourceText
    from lsai.indexer.lsp.session import index_files, loading_limit

    if resolve_command(ADAPTERS["tsgo"]) is None:
        pytest.skip(f"tsgo is not installed: {ADAPTERS['tsgo'].install}")
    big = "\n".join(f"export function f{i}(a, b) {{ return a + b * {i}; }}" for i in range(40_000))
    (tmp_path / "big.js").write_text(big + "\n")
    (tmp_path / "jsconfig.json").write_text('{"compilerOptions": {"allowJs": true}}')
    small = 'import { f1 } from "./big.js";\nexport function use() { return f1(1, 2); }\n'
    texts = [SourceText("small.js", "javascript", small)]
    run = index_files("tsgo", tmp_path, ".", texts, timeout=0.4)
    assert run.status["small.js"].status == "complete", run.status["small.js"].reason
    assert [s.name for s in run.files["small.js"].symbols] == ["use"]
    # the limit grows with the workspace: 10 MB of sources may take 100 s
    ten_mb = [SourceText("a.js", "javascript", "x" * 10_000_000)]
    assert loading_limit(ADAPTERS["tsgo"], 30.0, ten_mb, tmp_path) == 100.0
    assert loading_limit(ADAPTERS["tsgo"], 30.0, texts, tmp_path) == ADAPTERS["tsgo"].ready_timeout
    # and with the square of the files no tsconfig.json or jsconfig.json claims
    (tmp_path / "jsconfig.json").unlink()
    many = [SourceText(f"m/f{i}.js", "javascript", "") for i in range(2000)]
    assert loading_limit(ADAPTERS["tsgo"], 30.0, many, tmp_path) == pytest.approx(160.0)


def test_one_timer_expires_each_request_at_its_own_deadline() -> None:
    """A short time limit behind a long one expires on time, and an answered request is let go
    of (``client._Deadlines``: one timer for all pending requests)."""

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        deadlines = client_module._Deadlines()
        slow, quick, answered = loop.create_future(), loop.create_future(), loop.create_future()
        deadlines.watch(slow, 30.0)
        deadlines.watch(answered, 0.1)
        deadlines.watch(quick, 0.05)
        answered.set_result("yes")
        started = loop.time()
        with pytest.raises(client_module._Expired):
            await quick
        assert loop.time() - started < 0.2
        await asyncio.sleep(0.1)
        assert answered.result() == "yes" and not slow.done()
        slow.cancel()

    asyncio.run(scenario())
