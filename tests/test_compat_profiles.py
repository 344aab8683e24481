"""The other bridges' tool sets (``lsai mcp --profile``) through the SDK's client, in memory, on
a tree ty indexed: their names, parameters and result shapes, answered from the index, and the
answers beside the live server's."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types as lsp
from mcp import Client, StdioServerParameters
from mcp.types import CallToolResult

from lsai.errors import LsaiError
from lsai.indexer.lsp.documents import Documents
from lsai.indexer.lsp.session import LspSession
from lsai.mcp_server.tooldefs import tool_defs
from tests.renames import live_definition, live_references
from tests.test_lsp_typescript import sources
from tests.test_mcp import _lsai, connected, text
from tests.trees import served_tree

pytestmark = pytest.mark.anyio

SHAPES = '''import json


class Shape:
    """A shape."""

    def area(self) -> float:
        raise NotImplementedError


class Square(Shape):
    def __init__(self, side: float) -> None:
        self.side = side

    def area(self) -> float:
        """The area."""
        return self.side * self.side


def describe(shape: Shape, label: str = "x") -> str:
    return json.dumps({"area": shape.area(), "label": label})
'''
MAIN = """from pkg.shapes import Square, describe


def run() -> str:
    sq = Square(2.0)
    return describe(sq, label="sq")


def twice() -> str:
    return describe(Square(1.0)) + run()
"""
FILES = {"pkg/__init__.py": "", "pkg/shapes.py": SHAPES, "pkg/main.py": MAIN}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    served_tree(tmp_path, FILES, "ty")
    return tmp_path


def data(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, text(result)
    assert result.structured_content is not None
    return dict(result.structured_content)


def test_each_profile_serves_its_bridges_tools_and_two_of_one_name_are_refused() -> None:
    names = {p: [d.mcp_name for d in tool_defs([p])] for p in ("opencode", "fs001", "lspi")}
    assert names["opencode"] == ["lsp"]
    assert names["fs001"] == ["find_references", "go_to_definition", "rename_symbol",
                              "get_diagnostics"]  # fmt: skip
    lsp_mcp = [d.mcp_name for d in tool_defs(["lsp-mcp"])]
    assert len(lsp_mcp) == 14 and all(n.startswith("lsp_") for n in lsp_mcp)
    both = [d.mcp_name for d in tool_defs(["lsai", "opencode"])]
    assert "lsai_usages" in both and "lsp" in both
    with pytest.raises(LsaiError, match="two profiles serve a tool named find_references"):
        tool_defs(["fs001", "lspi"])
    with pytest.raises(LsaiError, match="no tool profile"):
        tool_defs(["nope"])


async def test_opencode_lsp_answers_lsp_shapes_and_its_references_are_the_servers(
    tree: Path,
) -> None:
    at = {"filePath": "pkg/shapes.py", "line": 4, "character": 8}  # class Shape
    async with connected(tree, "opencode") as client:
        assert [t.name for t in (await client.list_tools()).tools] == ["lsp"]
        refs = data(await client.call_tool("lsp", {"operation": "findReferences", **at}))
        found = {
            (item["uri"].removeprefix(tree.resolve().as_uri() + "/"),
             item["range"]["start"]["line"] + 1, item["range"]["start"]["character"] + 1)
            for item in refs["result"]
        }  # fmt: skip
        live = await live_references(tree, "ty", ("pkg/shapes.py", 4, 7), declarations=True)
        assert found == live and len(found) == 3
        call = {"filePath": "pkg/main.py", "line": 6, "character": 12}  # describe(
        went = data(await client.call_tool("lsp", {"operation": "goToDefinition", **call}))
        (target,) = went["result"]
        assert target["range"]["start"] == {"line": 19, "character": 4}
        assert target["uri"].endswith("/pkg/shapes.py")
        fn = {"filePath": "pkg/shapes.py", "line": 20, "character": 5}
        incoming = await client.call_tool("lsp", {"operation": "incomingCalls", **fn})
        callers = {c["from"]["name"]: c["fromRanges"] for c in data(incoming)["result"]}
        assert set(callers) == {"run", "twice"}
        (site,) = callers["run"]
        assert site == {"start": {"line": 5, "character": 11},
                        "end": {"line": 5, "character": 19}}  # fmt: skip
        hover = await client.call_tool(
            "lsp", {"operation": "hover", "filePath": "pkg/shapes.py", "line": 15, "character": 9}
        )
        assert "def area(self) -> float" in data(hover)["result"]["contents"]["value"]
        assert "The area." in data(hover)["result"]["contents"]["value"]
        symbols = await client.call_tool("lsp", {"operation": "documentSymbol", **at})
        shape, square, describe = data(symbols)["result"]
        assert (shape["name"], shape["kind"], square["name"], describe["kind"]) == (
            "Shape",
            5,
            "Square",
            12,
        )
        assert [c["name"] for c in square["children"]] == ["__init__", "side", "area"]
        assert json.loads(text(symbols)) == data(symbols)["result"]
        empty = await client.call_tool("lsp", {"operation": "incomingCalls", **call | {
            "filePath": "pkg/main.py", "line": 9, "character": 5}})  # fmt: skip
        assert text(empty) == "No results found for incomingCalls"
        missing = await client.call_tool("lsp", {"operation": "hover", "filePath": "no.py",
                                                 "line": 1, "character": 1})  # fmt: skip
        assert missing.is_error and text(missing).startswith("File not found: no.py")


async def test_fs001_tools_take_the_workspace_root_and_rename_writes_the_files(
    tree: Path,
) -> None:
    root = str(tree)
    at = {"workspaceRoot": root, "filePath": "pkg/shapes.py", "line": 20, "column": 5}
    async with connected(tree, "fs001") as client:
        refs = data(await client.call_tool("find_references", at))
        assert refs["success"] and refs["totalCount"] == 4 and not refs["truncated"]
        first, *rest = refs["references"]
        assert first["referenceType"] == "declaration" and first["line"] == 20
        assert [r["filePath"] for r in rest] == ["pkg/main.py"] * 3
        assert rest[1]["codeSnippet"] == '    return describe(sq, label="sq")'  # indentation kept
        live = await live_references(tree, "ty", ("pkg/shapes.py", 20, 5), declarations=True)
        assert {(r["filePath"], r["line"], r["column"]) for r in refs["references"]} == live
        call = {**at, "filePath": "pkg/shapes.py", "line": 21, "column": 17}  # json.dumps
        (dumps,) = data(await client.call_tool("go_to_definition", call))["definitions"]
        assert dumps["isExternal"] and dumps["filePath"].endswith("json/__init__.pyi")
        here = data(
            await client.call_tool(
                "go_to_definition", {**at, "line": 6, "column": 12, "filePath": "pkg/main.py"}
            )
        )
        assert [(d["filePath"], d["line"]) for d in here["definitions"]] == [("pkg/shapes.py", 20)]
        assert await live_definition(tree, "ty", ("pkg/main.py", 6, 12)) == {
            ("pkg/shapes.py", 20, 5)
        }
        done = data(await client.call_tool("rename_symbol", {**at, "newName": "explain"}))
        assert done["success"] and done["totalChanges"] == 4
        by_file = {f["filePath"]: f for f in done["filesModified"]}
        assert by_file["pkg/main.py"]["changeCount"] == 3
        change = by_file["pkg/main.py"]["changes"][0]
        assert change == {"line": 1, "oldText": "from pkg.shapes import Square, describe",
                          "newText": "from pkg.shapes import Square, explain"}  # fmt: skip
        assert "def explain(shape" in (tree / "pkg/shapes.py").read_text()
        assert "describe" not in (tree / "pkg/main.py").read_text()
        gone = await client.call_tool("find_references", {**at, "workspaceRoot": "/no/where"})
        assert gone.is_error
        assert gone.structured_content == {
            "success": False,
            "error": {
                "code": "WORKSPACE_NOT_FOUND",
                "message": "/no/where does not exist (resolved to /no/where)",
                "resolution": "verify the workspace path exists and is accessible",
            },
        }
        diags = data(await client.call_tool("get_diagnostics", {"workspaceRoot": root}))
        assert diags["errorCount"] == 0 and diags["diagnostics"] == []


async def test_lsp_mcp_tools_page_complete_and_refuse_binary_files(tree: Path) -> None:
    shapes = str(tree / "pkg/shapes.py")
    async with connected(tree, "lsp-mcp") as client:
        page = data(await client.call_tool("lsp_find_references", {
            "file_path": shapes, "line": 4, "column": 8, "limit": 2, "offset": 1}))  # fmt: skip
        assert (page["total_count"], page["returned_count"], page["has_more"]) == (3, 2, False)
        assert page["references"][0]["path"] == shapes and page["references"][0]["line"] == 11
        members = data(
            await client.call_tool(
                "lsp_completions", {"file_path": shapes, "line": 17, "column": 21}
            )
        )  # self.|side
        assert [c["label"] for c in members["completions"]] == ["__init__", "area", "side"]
        help_ = data(
            await client.call_tool(
                "lsp_signature_help", {"file_path": "pkg/main.py", "line": 6, "column": 25}
            )
        )
        assert help_["active_parameter"] == 1
        labels = [p["label"] for p in help_["signatures"][0]["parameters"]]
        assert labels == ["shape: Shape", 'label: str = "x"']
        typed = data(
            await client.call_tool(
                "lsp_goto_type_definition", {"file_path": "pkg/main.py", "line": 5, "column": 5}
            )
        )
        assert [(d["path"], d["line"]) for d in typed["definitions"]] == [(shapes, 11)]
        impl = data(
            await client.call_tool(
                "lsp_find_implementations", {"file_path": shapes, "line": 7, "column": 9}
            )
        )
        assert [(i["path"], i["line"]) for i in impl["implementations"]] == [(shapes, 15)]
        library = data(
            await client.call_tool("lsp_hover", {"file_path": shapes, "line": 21, "column": 17})
        )  # json.dumps: its declaration read from ty's typeshed
        assert library["contents"].startswith("```python\ndef dumps(obj: Any, *, skipkeys")
        assert "-> str\n```" in library["contents"]
        status = data(await client.call_tool("lsp_server_status", {}))
        (python,) = status["servers"]
        assert python["id"] == "python" and python["server"].startswith("ty ")
        outside = tree.parent / f"{tree.name}-elsewhere.py"
        outside.write_text("x = 1\n")
        stray = await client.call_tool(
            "lsp_hover", {"file_path": str(outside), "line": 1, "column": 1}
        )
        assert stray.is_error and stray.structured_content is not None
        assert stray.structured_content["error"]["code"] == "WORKSPACE_NOT_FOUND"
        assert not (outside.parent / ".lsai").exists()  # nothing indexed on the way
        (tree / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\0\0")
        binary = await client.call_tool(
            "lsp_hover", {"file_path": str(tree / "logo.png"), "line": 1, "column": 1}
        )
        assert binary.is_error
        assert binary.structured_content is not None
        assert binary.structured_content["error"]["code"] == "FILE_NOT_READABLE"
        preview = data(await client.call_tool("lsp_rename", {
            "file_path": shapes, "line": 20, "column": 5, "new_name": "explain"}))  # fmt: skip
        assert (preview["applied"], preview["edits_count"], preview["files_affected"]) == (
            False,
            4,
            2,
        )
        assert "describe" in (tree / "pkg/main.py").read_text()  # a preview writes nothing


async def test_lspi_addresses_by_name_and_kind_reports_fuzzing_and_applies_only_when_hashes_match(
    tree: Path,
) -> None:
    async with connected(tree, "lspi") as client:
        both = await client.call_tool(
            "find_definition", {"file_path": "pkg/shapes.py", "symbol_name": "area"}
        )
        assert both.is_error and "AMBIGUOUS_SYMBOL" in text(both)
        one = data(
            await client.call_tool(
                "find_definition", {"file_path": "pkg/shapes.py", "symbol_name": "Square.area"}
            )
        )
        assert [(r["line"], r["character"]) for r in one["results"]] == [(15, 9)]
        fuzzy = data(
            await client.call_tool(
                "find_references_at", {"file_path": "pkg/shapes.py", "line": 3, "character": 7}
            )
        )
        assert fuzzy["total"] == 3 and "position fuzzing applied" in fuzzy["warnings"][0]
        at_fn = {"file_path": "pkg/shapes.py", "line": 20, "character": 5}
        at = {**at_fn, "new_name": "explain"}
        before = {p: (tree / p).read_text() for p in ("pkg/shapes.py", "pkg/main.py")}
        wrong = {"pkg/shapes.py": "0" * 64, "pkg/main.py": "0" * 64}
        refused = await client.call_tool(
            "rename_symbol_strict", {**at, "dry_run": False, "expected_before_sha256": wrong}
        )
        assert refused.is_error and "nothing was written" in text(refused)
        assert {p: (tree / p).read_text() for p in before} == before
        hashes = {p: hashlib.sha256((tree / p).read_bytes()).hexdigest() for p in before}
        callers = data(await client.call_tool("find_incoming_calls", {**at_fn}))
        assert [(r["file_path"], r["line"], r["name"]) for r in callers["results"]] == [
            ("pkg/main.py", 6, "run"), ("pkg/main.py", 10, "twice")
        ]  # fmt: skip
        callees = data(await client.call_tool("find_outgoing_calls", {**at_fn}))
        assert [r["name"] for r in callees["results"]] == ["dumps", "Shape.area"]
        assert callees["results"][0]["file_path"].endswith("json/__init__.pyi")
        done = data(
            await client.call_tool(
                "rename_symbol_strict", {**at, "dry_run": False, "expected_before_sha256": hashes}
            )
        )
        assert done["applied"] and done["total"] == 4
        assert "explain(sq" in (tree / "pkg/main.py").read_text()


async def test_lsai_mcp_profile_serves_a_bridges_tools_over_stdio_as_a_real_process(
    tree: Path,
) -> None:
    args = ["mcp", "--root", str(tree), "--no-watch", "--profile", "opencode", "--profile", "lsai"]
    async with Client(StdioServerParameters(command=_lsai(), args=args)) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        found = await client.call_tool(
            "lsp",
            {"operation": "goToDefinition", "filePath": "pkg/main.py", "line": 6, "character": 12},
        )
    assert "lsp" in names and "lsai_usages" in names
    assert data(found)["result"][0]["range"]["start"] == {"line": 19, "character": 4}


async def _live_outline(root: Path, path: str) -> list[Any]:
    """ty's ``textDocument/documentSymbol`` of ``path``, as it answers it."""
    files = sources(root)
    async with LspSession("ty", root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        params = lsp.DocumentSymbolParams(
            text_document=lsp.TextDocumentIdentifier(uri=documents.uri(path))
        )
        return list(await session.lsp.request(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL, params))


def _outline_of(symbols: Any) -> set[tuple[str, int, int, int, int, int]]:
    """(name, kind, line and character of the name, line and character of the symbol's start)
    of every symbol, nested."""
    out = set()
    for s in symbols:
        if isinstance(s, dict):
            name, kind, sel, whole = s["name"], s["kind"], s["selectionRange"], s["range"]
            out.add((name, kind, sel["start"]["line"], sel["start"]["character"],
                     whole["start"]["line"], whole["start"]["character"]))  # fmt: skip
            out |= _outline_of(s.get("children", []))
        else:
            start = s.selection_range.start
            begin = s.range.start
            out.add((s.name, int(s.kind), start.line, start.character, begin.line, begin.character))
            out |= _outline_of(s.children or [])
    return out


async def test_opencode_document_symbols_and_outgoing_calls_beside_the_live_server(
    tree: Path,
) -> None:
    at = {"filePath": "pkg/shapes.py", "line": 20, "character": 5}
    async with connected(tree, "opencode") as client:
        symbols = data(await client.call_tool("lsp", {"operation": "documentSymbol", **at}))
        calls = data(await client.call_tool("lsp", {"operation": "outgoingCalls", **at}))
        dumps = {"filePath": "pkg/shapes.py", "line": 21, "character": 17}  # json.dumps(
        into = data(await client.call_tool("lsp", {"operation": "incomingCalls", **dumps}))
        local = {"filePath": "pkg/main.py", "line": 5, "character": 5}  # sq = ...
        none = await client.call_tool("lsp", {"operation": "prepareCallHierarchy", **local})
    theirs = _outline_of(await _live_outline(tree, "pkg/shapes.py"))
    mine = _outline_of(symbols["result"])
    assert theirs and theirs <= mine, theirs - mine  # lsai adds Square.side, self.side's field
    assert [c["from"]["name"] for c in into["result"]] == ["describe"]  # a library's callers
    assert text(none) == "No results found for prepareCallHierarchy"  # a local is never called
    callees = {c["to"]["name"]: c for c in calls["result"]}
    assert set(callees) == {"dumps", "area"}
    assert callees["dumps"]["to"]["uri"].endswith("/json/__init__.pyi")  # ty's typeshed
    assert callees["area"]["fromRanges"] == [
        {"start": {"line": 20, "character": 37}, "end": {"line": 20, "character": 41}}
    ]


TS_FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "target": "es2022"}}\n',
    "src/make.ts": "export function make(x: string): string {\n  return x + x;\n}\n",
    "src/use.ts": (
        'import { make } from "./make";\n'
        'const s = "😀"; export const v = make(s);\n'
        "export function twice(): string {\n  return make(v);\n}\n"
    ),
}


async def test_opencode_ranges_count_utf16_units_on_a_tree_tsgo_indexed(tmp_path: Path) -> None:
    served_tree(tmp_path, TS_FILES, "tsgo")
    at = {"filePath": "src/make.ts", "line": 1, "character": 17}
    async with connected(tmp_path, "opencode") as client:
        refs = data(await client.call_tool("lsp", {"operation": "findReferences", **at}))
    line = TS_FILES["src/use.ts"].splitlines()[1]
    points = line.index("make")  # the emoji before it is one code point, two UTF-16 units
    mine = {
        (item["uri"].rsplit("/src/", 1)[1], item["range"]["start"]["line"] + 1,
         item["range"]["start"]["character"])
        for item in refs["result"]
    }  # fmt: skip
    assert ("use.ts", 2, points + 1) in mine
    live = await live_references(tmp_path, "tsgo", ("src/make.ts", 1, 17), declarations=True)
    as_points = {  # back to 1-based code points, as lsai and the live helper count
        (f"src/{f}", ln, len(_line(tmp_path, f, ln).encode("utf-16-le")[: 2 * ch].decode(
            "utf-16-le")) + 1)
        for f, ln, ch in mine
    }  # fmt: skip
    assert as_points == live and len(live) == 4


def _line(root: Path, file: str, line: int) -> str:
    return (root / "src" / file).read_text(encoding="utf-8").splitlines()[line - 1]
