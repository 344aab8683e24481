"""The MCP face end to end: every tool through the SDK client, in memory, over stdio and HTTP."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from mcp import Client, StdioServerParameters
from mcp.types import CallToolResult, TextContent

from lsai.cli.main import cli
from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.pipeline import IndexSummary, run_index
from lsai.mcp_server import building
from lsai.mcp_server.schemas import REGENERATE, out_of_date
from lsai.mcp_server.server import build_server
from lsai.mcp_server.tooldefs import ToolDef, tool_defs
from lsai.mcp_server.workspaces import Workspaces

FIXTURE = Path(__file__).parent / "fixtures" / "python"
REPO = Path(__file__).parent.parent
pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _copy(target: Path) -> Path:
    shutil.copytree(FIXTURE, target, ignore=shutil.ignore_patterns(".lsai"))
    return target


@pytest.fixture(scope="module")
def indexed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the Python fixture, indexed by tree-sitter (deterministic, no server)."""
    root = _copy(tmp_path_factory.mktemp("mcp") / "python")
    assert run_index(root, backend="tree-sitter").complete
    return root


@asynccontextmanager
async def connected(root: Path | None, *profiles: str, **options: Any) -> AsyncIterator[Client]:
    """An in-memory client of a server of ``profiles`` (default: lsai's tools) on ``root``."""
    spaces = Workspaces(root, **options)
    try:
        async with Client(build_server(spaces, profiles or ("lsai",))) as client:
            yield client
    finally:
        spaces.close_all()


def text(result: CallToolResult) -> str:
    block = result.content[0]
    assert isinstance(block, TextContent)
    return block.text


def structured(result: CallToolResult) -> dict[str, Any]:
    data = result.structured_content
    assert data is not None, text(result)
    return dict(data)


async def test_tools_list_names_every_tool_with_camelcase_inputs_outputs_and_hints(
    indexed: Path,
) -> None:
    async with connected(indexed) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) == {d.mcp_name for d in tool_defs()}
    assert {"lsai_search", "lsai_outline", "workspace_open", "workspace_list"} <= set(tools)
    assert {"workspace_close", "server"} <= set(tools)
    search = tools["lsai_search"]
    props = search.input_schema["properties"]
    assert {"query", "kind", "limit", "outputFormat", "workspaceId"} <= set(props)
    assert props["limit"]["default"] == 50 and props["query"]["description"]
    assert search.input_schema["required"] == ["query"]
    assert "typeName" in tools["lsai_outline"].input_schema["properties"]
    assert search.output_schema is not None
    hit = search.output_schema["properties"]["symbols"]["items"]  # flattened: no $ref to resolve
    assert "qualifiedName" in hit["properties"] and "$defs" not in search.output_schema
    assert search.annotations is not None
    assert search.annotations.read_only_hint and not search.annotations.destructive_hint
    assert search.annotations.idempotent_hint and search.annotations.open_world_hint is False
    assert tools["workspace_open"].annotations is not None
    assert tools["workspace_open"].annotations.read_only_hint is False


async def test_search_answers_with_the_compact_text_and_structured_content(indexed: Path) -> None:
    async with connected(indexed) as client:
        result = await client.call_tool("lsai_search", {"query": "get"})
    assert not result.is_error
    assert text(result).splitlines() == [
        "src/shop/models.py:15 method Item.get",
        " 34 method Cart.get",
        "[2 symbols · tree-sitter]",
    ]
    data = structured(result)
    assert [s["qualifiedName"] for s in data["symbols"]] == ["Item.get", "Cart.get"]
    assert data["total"] == 2 and data["truncated"] is False


async def test_outline_by_type_name_in_the_json_profile(indexed: Path) -> None:
    async with connected(indexed) as client:
        result = await client.call_tool(
            "lsai_outline", {"typeName": "Cart", "outputFormat": "json"}
        )
    data = structured(result)
    assert data["target"] == "Cart"
    assert '"target": "Cart"' in text(result)
    members = data["sections"][0]["members"][0]["members"]
    assert "def get(self, sku: str) -> Item | None" in [m["signature"] for m in members]


@pytest.mark.parametrize("tool", tool_defs(), ids=lambda d: d.mcp_name)
async def test_every_tool_called_bare_answers_to_its_contract_or_errs_with_a_code(
    indexed: Path, tool: ToolDef
) -> None:
    async with connected(indexed) as client:
        await client.list_tools()  # the client checks structured content against outputSchema
        result = await client.call_tool(tool.mcp_name, {})
    if result.is_error:
        assert structured(result)["code"] in set(ErrorCode) - {ErrorCode.INTERNAL_ERROR}
        assert text(result).startswith(f"error[{structured(result)['code']}]: ")
    else:
        tool.result.model_validate(structured(result))
        assert text(result)


async def test_a_file_not_in_the_index_is_an_error_result_with_code_and_fix(indexed: Path) -> None:
    async with connected(indexed) as client:
        result = await client.call_tool("lsai_outline", {"file": "src/shop/nope.py"})
    assert result.is_error
    error = structured(result)
    assert error["code"] == "FILE_NOT_FOUND"
    assert set(error) == {"code", "message", "resolution"}
    first, fix = text(result).split("\n", 1)
    assert first == f"error[FILE_NOT_FOUND]: {error['message']}"
    assert fix == f"fix: {error['resolution']}"


async def test_bad_arguments_are_invalid_argument_naming_each_field(indexed: Path) -> None:
    async with connected(indexed) as client:
        result = await client.call_tool("lsai_search", {"query": "", "limit": 0, "bogus": 1})
    assert result.is_error
    error = structured(result)
    assert error["code"] == "INVALID_ARGUMENT"
    for name in ("query", "limit", "bogus"):
        assert f"{name}: " in error["message"]


async def test_server_reports_version_protocol_and_workspace_file_counts(
    indexed: Path,
) -> None:
    async with connected(indexed) as client:
        data = structured(await client.call_tool("server", {}))
    assert data["protocol"] == "LSAI/1.2" and data["version"]
    [ws] = data["workspaces"]
    assert ws["path"] == str(indexed) and ws["files"] >= 5


async def test_workspace_open_indexes_a_new_directory_and_tools_answer_by_its_id(
    indexed: Path, tmp_path: Path
) -> None:
    other = _copy(tmp_path / "other")
    async with connected(indexed, backend="tree-sitter") as client:
        opened = await client.call_tool("workspace_open", {"path": str(other)})
        data = structured(opened)
        ws_id = data["workspace"]["workspaceId"]
        assert data["indexed"] is True and text(opened).startswith(f"indexed {other}")
        again = structured(await client.call_tool("workspace_open", {"path": str(other)}))
        assert again["workspace"]["workspaceId"] == ws_id and again["indexed"] is False
        found = await client.call_tool("lsai_search", {"query": "Cart", "workspaceId": ws_id})
        assert "src/shop/models.py:20 class Cart" in text(found)
        listed = structured(await client.call_tool("workspace_list", {}))
        assert [w["workspaceId"] for w in listed["workspaces"]][1:] == [ws_id]
        closed = await client.call_tool("workspace_close", {"workspaceId": ws_id})
        assert not closed.is_error
        gone = await client.call_tool("lsai_search", {"query": "Cart", "workspaceId": ws_id})
    assert structured(gone)["code"] == "WORKSPACE_NOT_FOUND"
    assert (other / ".lsai" / "index.db").is_file()


async def test_a_root_without_an_index_is_indexed_at_start_and_answers(tmp_path: Path) -> None:
    root = _copy(tmp_path / "python")
    assert not (root / ".lsai").exists()
    async with connected(root, backend="tree-sitter") as client:
        result = await client.call_tool("lsai_search", {"query": "Cart"})
    assert not result.is_error, text(result)
    assert "class Cart" in text(result)
    assert (root / ".lsai" / "index.db").is_file()


async def test_a_long_build_answers_index_building_with_its_progress_then_the_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _copy(tmp_path / "python")
    gate = threading.Event()

    def held(*args: Any, **kwargs: Any) -> IndexSummary:  # a build slower than a tool call waits
        assert gate.wait(30)
        return run_index(*args, **kwargs)

    monkeypatch.setattr(building, "run_index", held)
    monkeypatch.setattr(building, "WAIT", 0.2)
    async with connected(root, backend="tree-sitter") as client:
        early = await client.call_tool("lsai_search", {"query": "Cart"})
        gate.set()
        later = await client.call_tool("lsai_search", {"query": "Cart", "limit": 5})
    assert structured(early)["code"] == "INDEX_BUILDING"
    assert f"the index of {root} is being built (reading the files" in structured(early)["message"]
    assert "ask again" in structured(early)["resolution"]
    assert not later.is_error and "class Cart" in text(later)


async def test_a_build_that_fails_answers_with_its_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> IndexSummary:
        raise LsaiError("disk full", resolution="free some space", code=ErrorCode.INDEX_CORRUPT)

    monkeypatch.setattr(building, "run_index", broken)
    async with connected(_copy(tmp_path / "python")) as client:
        result = await client.call_tool("lsai_search", {"query": "Cart"})
    assert structured(result)["code"] == "INDEX_CORRUPT"
    assert structured(result)["message"] == "disk full"


async def test_a_folder_that_is_no_project_is_not_indexed_unasked(tmp_path: Path) -> None:
    (tmp_path / "notes.py").write_text("def todo(): pass\n")  # a home folder, say
    async with connected(tmp_path) as client:
        result = await client.call_tool("lsai_search", {"query": "todo"})
        listed = structured(await client.call_tool("workspace_list", {}))
    assert structured(result)["code"] == "INDEX_MISSING"
    assert "lsai index" in structured(result)["resolution"]
    assert listed["workspaces"] == [] and "INDEX_MISSING" in listed["notes"][0]
    assert not (tmp_path / ".lsai").exists()


@pytest.fixture
def ty_indexed(tmp_path: Path) -> Path:
    """A copy of the Python fixture indexed with the default backends (ty for Python)."""
    root = _copy(tmp_path / "python")
    if "ty" not in run_index(root).servers:
        pytest.skip("ty did not index the fixture: pip install ty")
    return root


async def test_search_on_a_ty_index_reports_the_language_server_backend(ty_indexed: Path) -> None:
    async with connected(ty_indexed) as client:
        result = await client.call_tool("lsai_search", {"query": "Cart", "kind": ["class"]})
    [hit] = structured(result)["symbols"]
    assert (hit["file"], hit["line"], hit["backend"]) == ("src/shop/models.py", 20, "lsp")
    assert "tree-sitter" not in text(result)


def test_checked_in_tool_schemas_match_the_contracts() -> None:
    stale = out_of_date(REPO / "schemas" / "tools")
    assert not stale, f"schemas/tools is out of date: {stale}; regenerate with `{REGENERATE}`"


def _lsai() -> str:
    exe = shutil.which("lsai", path=str(Path(sys.executable).parent))
    assert exe is not None
    return exe


async def test_lsai_mcp_serves_the_tools_over_stdio_as_a_real_process(indexed: Path) -> None:
    params = StdioServerParameters(command=_lsai(), args=["mcp", "--root", str(indexed)])
    async with Client(params) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        result = await client.call_tool("lsai_search", {"query": "Cart", "kind": ["class"]})
    assert "lsai_search" in names and "workspace_open" in names
    assert text(result).splitlines()[0] == "src/shop/models.py:20 class Cart"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def _http_server(root: Path, log: Path) -> Iterator[str]:
    """``lsai mcp --http`` as a real process; yields its URL once it accepts connections."""
    port = _free_port()
    with log.open("w") as err:
        proc = subprocess.Popen(
            [_lsai(), "mcp", "--root", str(root), "--http", f"127.0.0.1:{port}"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, f"lsai mcp --http exited: {log.read_text()}"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, f"no answer on {port}: {log.read_text()}"
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


async def test_lsai_mcp_http_serves_streamable_http(indexed: Path, tmp_path: Path) -> None:
    with _http_server(indexed, tmp_path / "server.log") as url:
        async with Client(url) as client:
            result = await client.call_tool("lsai_outline", {"typeName": "Cart"})
    assert not result.is_error, text(result)
    assert "Cart" in text(result) and structured(result)["target"] == "Cart"


def test_mcp_rejects_an_http_address_that_is_not_host_and_port(indexed: Path) -> None:
    result = CliRunner().invoke(cli, ["mcp", "--root", str(indexed), "--http", "8080"])
    assert result.exit_code == 2
    assert "error[INVALID_ARGUMENT]" in result.output


async def test_the_instructions_name_every_lsai_tool_and_index_building(indexed: Path) -> None:
    async with connected(indexed) as client:
        said = client.instructions or ""
        listed = await client.list_tools()
    tools = [t.name for t in listed.tools if t.name.startswith("lsai_") and t.name != "lsai_server"]
    assert tools and all(name in said for name in tools)
    assert "INDEX_BUILDING" in said and "workspace_open" in said
