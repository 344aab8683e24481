"""Callees that are locals, against gopls: a call of a variable or a parameter holding a function
(``f := strings.ToUpper; f(x)``, a closure ``fn := func() {...}; fn()``, ``op(x)``) resolves to
no symbol of the index, which holds no locals; gopls's outgoing calls name the local at its
declaration (and a closure's calls are the enclosing function's)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from lsai.indexer.lsp.documents import Documents
from lsai.indexer.lsp.session import LspSession
from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.calls import CallsInput, callees
from lsai.query.workspace import Workspace, open_workspace
from tests.test_lsp_typescript import sources
from tests.trees import needs, served_tree

pytestmark = needs("gopls")

Callee = tuple[str, str | None, int | None]  # name, file, line of its declaration

FILES = {
    "go.mod": "module example.com/locals\n\ngo 1.21\n",
    "main.go": (
        "package main\n\n"  # 1-2
        'import "strings"\n\n'  # 3-4
        "func helper(s string) string {\n"  # 5
        "\treturn s\n"
        "}\n\n"
        "func run(x string) string {\n"  # 9
        "\tf := strings.ToUpper\n"  # 10
        "\tfn := func() string {\n"  # 11
        "\t\treturn helper(x)\n"  # 12
        "\t}\n"
        "\tg := helper\n"  # 14
        "\treturn f(x) + fn() + g(x) + strings.TrimSpace(x)\n"  # 15
        "}\n\n"
        "func apply(op func(string) string, x string) string {\n"  # 18
        "\treturn op(x)\n"
        "}\n\n"
        "func main() {\n"  # 22
        '\t_ = run(apply(helper, "a"))\n'
        "}\n"
    ),
}


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("locals")
    served_tree(root, FILES, "gopls")
    return root


@pytest.fixture(scope="module")
def ws(tree: Path) -> Iterator[Workspace]:
    opened = open_workspace(tree, scopes=lambda: SCOPES)  # as the faces open it
    yield opened
    opened.close()


async def outgoing(root: Path, at: tuple[str, int, int]) -> set[Callee]:
    """gopls's outgoing calls of the function named at ``at``: (name, file, line) of each
    callee, the file None outside the workspace."""
    files = sources(root)
    async with LspSession("gopls", root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        item = lsp.CallHierarchyPrepareParams(
            text_document=lsp.TextDocumentIdentifier(uri=documents.uri(at[0])),
            position=documents.position(*at),
        )
        prepared = await session.lsp.request(lsp.TEXT_DOCUMENT_PREPARE_CALL_HIERARCHY, item)
        found: set[Callee] = set()
        for each in prepared or []:
            params = lsp.CallHierarchyOutgoingCallsParams(item=each)
            for call in await session.lsp.request(lsp.CALL_HIERARCHY_OUTGOING_CALLS, params) or []:
                to = call["to"]
                path = documents.path_of(to["uri"])
                line = int(to["selectionRange"]["start"]["line"]) + 1 if path else None
                found.add((to["name"], path, line))
        return found


def stored(ws: Workspace, name: str) -> set[Callee]:
    found = callees(ws, CallsInput(symbol=name, depth=1))
    return {(hop.method, hop.file, hop.line) for level in found.levels for hop in level.calls}


@pytest.mark.parametrize(
    ("name", "at"), [("run", ("main.go", 9, 6)), ("apply", ("main.go", 18, 6))]
)
def test_a_called_local_is_a_callee_at_its_declaration_as_gopls_names_it(
    tree: Path, ws: Workspace, name: str, at: tuple[str, int, int]
) -> None:
    """cron's ``field := func(...)`` called in Parser.Parse, New's ``opt(c)`` of a parameter:
    lsai listed each as ``(external)``, by name, with no file."""
    server = asyncio.run(outgoing(tree, at))
    if name == "run":
        assert {c for c in server if c[1] is not None} == {
            ("helper", "main.go", 5), ("f", "main.go", 10), ("fn", "main.go", 11),
            ("g", "main.go", 14),
        }  # fmt: skip
    mine = stored(ws, name)
    assert {c for c in mine if c[1] is not None} == {c for c in server if c[1] is not None}
    assert {c[0] for c in mine if c[1] is None} == {c[0] for c in server if c[1] is None}
