"""Fresh answers: the MCP server's watcher, stale flags, concurrent reads, the commit note."""

from __future__ import annotations

import shutil
import subprocess
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from mcp import Client
from mcp.types import CallToolResult, TextContent

from lsai.cli.main import cli
from lsai.indexer.live import LiveIndex
from lsai.indexer.pipeline import run_index
from lsai.indexer.watch import Watcher
from lsai.mcp_server.server import build_server
from lsai.mcp_server.workspaces import Workspaces
from lsai.query import freshness
from lsai.query.contracts import PROFILES, OutlineInput, OutlineResult, SearchInput
from lsai.query.freshness import answer
from lsai.query.outline import outline
from lsai.query.search import search
from lsai.query.workspace import open_workspace

Workspace = Callable[[str], Path]
TIMEOUT = 30.0
UTIL = "src/shop/util.py"
NEW_FUNCTION = "\n\ndef fresh_function() -> None:\n    pass\n"
pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def indexed(workspace: Workspace) -> Path:
    root = workspace("python")
    assert run_index(root, backend="tree-sitter").complete
    return root


@asynccontextmanager
async def connected(spaces: Workspaces) -> AsyncIterator[Client]:
    try:
        async with Client(build_server(spaces)) as client:
            yield client
    finally:
        spaces.close_all()


def text(result: CallToolResult) -> str:
    block = result.content[0]
    assert isinstance(block, TextContent)
    return block.text


def provenance(result: CallToolResult) -> dict[str, Any]:
    assert result.structured_content is not None, text(result)
    return dict(result.structured_content["provenance"])


def lsai_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith("lsai-")]


# -- the MCP server keeps its index fresh -------------------------------------------------------
async def test_with_the_watcher_an_edit_is_in_the_next_answer(indexed: Path) -> None:
    spaces = Workspaces(indexed, backend="tree-sitter", watch=True)
    async with connected(spaces) as client:
        before = await client.call_tool("lsai_search", {"query": "fresh_function"})
        assert "[0 symbols]" in text(before)
        (indexed / UTIL).write_text((indexed / UTIL).read_text() + NEW_FUNCTION)
        watcher = spaces.entries()[0].watcher
        assert watcher is not None and watcher.wait_indexed(UTIL, TIMEOUT)
        after = await client.call_tool("lsai_search", {"query": "fresh_function"})
        assert f"{UTIL}:" in text(after) and "fresh_function" in text(after)
        server = await client.call_tool("server", {})
        fresh = dict(server.structured_content or {})["freshness"]
        assert fresh["watching"] and fresh["pending"] == [] and fresh["lastUpdated"]
    assert lsai_threads() == []  # the watcher and its servers stopped with the server


async def test_with_the_watcher_a_changed_file_is_reindexed_before_answering(
    indexed: Path,
) -> None:
    spaces = Workspaces(indexed, backend="tree-sitter", watch=True)
    async with connected(spaces) as client:
        await client.call_tool("lsai_outline", {"file": UTIL})
        (indexed / UTIL).write_text((indexed / UTIL).read_text() + NEW_FUNCTION)
        result = await client.call_tool("lsai_outline", {"file": UTIL})  # no wait for the watcher
        assert "fresh_function" in text(result)
        assert provenance(result)["stale"] is None


async def test_an_update_that_lands_while_answering_is_answered_again(
    indexed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The watcher's update commits between an answer and its freshness check (a loaded machine
    does it now and then; here the check waits for it): the answer's rows are the old ones, the
    sizes it is checked against the new ones, so it looks fresh. It is computed again."""
    spaces = Workspaces(indexed, backend="tree-sitter", watch=True)
    checked = freshness.stale_files
    async with connected(spaces) as client:
        await client.call_tool("lsai_outline", {"file": UTIL})
        watcher = spaces.entries()[0].watcher
        assert watcher is not None

        def checked_late(ws: Any, paths: list[str]) -> list[str]:
            assert watcher.wait_indexed(UTIL, TIMEOUT)
            return checked(ws, paths)

        monkeypatch.setattr(freshness, "stale_files", checked_late)
        (indexed / UTIL).write_text((indexed / UTIL).read_text() + NEW_FUNCTION)
        result = await client.call_tool("lsai_outline", {"file": UTIL})
        assert "fresh_function" in text(result)
        assert provenance(result)["stale"] is None


# -- without a watcher, a stale answer says so --------------------------------------------------
async def test_without_the_watcher_a_changed_file_is_flagged_in_every_profile(
    indexed: Path,
) -> None:
    (indexed / UTIL).write_text((indexed / UTIL).read_text() + NEW_FUNCTION)
    async with connected(Workspaces(indexed)) as client:
        for profile in PROFILES:
            result = await client.call_tool("lsai_outline", {"file": UTIL, "outputFormat": profile})
            assert provenance(result)["stale"] == [UTIL]
            assert f"{UTIL} changed since it was indexed; run `lsai index`" in text(result), profile
        usages = await client.call_tool("lsai_usages", {"symbol": "format_price"})
        assert provenance(usages)["stale"] == [UTIL]
        server = await client.call_tool("server", {})
        assert dict(server.structured_content or {})["freshness"]["pending"] == [UTIL]


def test_the_cli_flags_a_stale_answer(indexed: Path) -> None:
    (indexed / UTIL).write_text((indexed / UTIL).read_text() + NEW_FUNCTION)
    result = CliRunner().invoke(cli, ["outline", UTIL, "--root", str(indexed)])
    assert result.exit_code == 0, result.output
    assert f"! {UTIL} changed since it was indexed; run `lsai index`" in result.output


def test_the_number_of_files_checked_is_capped_and_said(indexed: Path) -> None:
    for i in range(60):
        (indexed / "src" / "shop" / f"gen_{i}.py").write_text(
            f"def gen_{i}() -> int:\n    return 1\n"
        )
    assert run_index(indexed, backend="tree-sitter").complete
    ws = open_workspace(indexed)
    try:
        result = answer(ws, search, SearchInput(query="gen_*", limit=100))
    finally:
        ws.close()
    assert "freshness checked for the first 50 of 60 files" in result.provenance.notes  # type: ignore[attr-defined]


# -- the commit the index was built from ---------------------------------------------------------
def _git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=root,
        check=True,
        capture_output=True,
    )


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
async def test_an_index_from_another_commit_is_noted(workspace: Workspace) -> None:
    root = workspace("python")
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "one")
    assert run_index(root, backend="tree-sitter").complete
    _git(root, "commit", "-qm", "two", "--allow-empty")
    result = CliRunner().invoke(cli, ["search", "Cart", "--root", str(root)])
    assert result.exit_code == 0
    assert "note: the index was built from commit" in result.stderr
    async with connected(Workspaces(root)) as client:
        first = await client.call_tool("lsai_search", {"query": "Cart"})
        second = await client.call_tool("lsai_search", {"query": "Cart"})
    assert any("built from commit" in n for n in provenance(first)["notes"])
    assert not any("built from commit" in n for n in provenance(second)["notes"])  # once


# -- one writer, many readers --------------------------------------------------------------------
@pytest.fixture
def big_edits(indexed: Path) -> Iterator[Path]:
    churn = indexed / "src" / "shop" / "churn.py"
    churn.write_text("def start_f() -> None:\n    pass\n")
    assert run_index(indexed, backend="tree-sitter").complete
    yield churn


def test_queries_keep_answering_while_updates_write(indexed: Path, big_edits: Path) -> None:
    """A reader loops over queries while a writer indexes 15 rewrites of a 400-function file:
    no "database is locked", and every answer sees a whole version of the file."""
    errors: list[BaseException] = []
    done = threading.Event()

    def write() -> None:
        try:
            with LiveIndex(indexed, backend="tree-sitter") as live:
                for version in range(15):
                    body = "".join(
                        f"def v{version}_f{i}() -> int:\n    return {i}\n\n" for i in range(400)
                    )
                    big_edits.write_text(body)
                    live.update()
        except BaseException as exc:
            errors.append(exc)
        finally:
            done.set()

    writer = threading.Thread(target=write)
    writer.start()
    ws = open_workspace(indexed)
    reads = 0
    try:
        while not done.is_set() or reads == 0:
            result = outline(ws, OutlineInput(file="src/shop/churn.py"))
            assert isinstance(result, OutlineResult)
            names = {m.name.split("_")[0] for sec in result.sections for m in sec.members}
            assert len(names) <= 1, names  # one version of the file, never a mix
            reads += 1
    except BaseException as exc:
        errors.append(exc)
    finally:
        writer.join()
        ws.close()
    assert not errors, errors
    assert reads > 15


def test_a_watcher_stops_cleanly(indexed: Path) -> None:
    watcher = Watcher(indexed, backend="tree-sitter").start(timeout=TIMEOUT)
    (indexed / UTIL).write_text((indexed / UTIL).read_text() + NEW_FUNCTION)
    assert watcher.wait_indexed(UTIL, TIMEOUT)
    assert watcher.pending() == [] and watcher.last_updated() is not None
    watcher.close()
    assert lsai_threads() == [] and not watcher.errors
