"""The callees of an overloaded function or method are its implementation's calls: the overload
signatures have no body, and the references of the set are keyed to the first, which ``resolve``
answers for. lsai answered "no calls" for every overloaded TypeScript function (rxjs
``Observable.subscribe``), where tsgo's outgoing calls at the implementation list them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from lsai.indexer.lsp.documents import Documents
from lsai.indexer.lsp.session import LspSession
from lsai.query.calls import CallsInput, callees
from lsai.query.workspace import open_workspace
from tests.test_lsp_typescript import sources
from tests.test_tsgo_unseen import TSCONFIG
from tests.trees import served_tree

FILES = {
    "tsconfig.json": TSCONFIG,
    "a.ts": (
        "export function f(x: string): string;\n"  # 1
        "export function f(x: number): number;\n"  # 2
        "export function f(x: any): any {\n"  # 3: f at col 17
        "  return helper(x);\n"
        "}\n"
        "function helper(x: any) {\n"  # 6
        "  return x;\n"
        "}\n"
        "export class C {\n"  # 9
        "  run(x: string): string;\n"
        "  run(x: number): number;\n"
        "  run(x: any): any {\n"  # 12: run at col 3
        "    return helper(x);\n"
        "  }\n"
        "}\n"
    ),
}


async def _live(root: Path, at: tuple[int, int]) -> set[str]:
    """The names tsgo's outgoing calls of the function at ``at`` of a.ts list."""
    files = sources(root)
    async with LspSession("tsgo", root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        prepare = lsp.CallHierarchyPrepareParams(
            text_document=lsp.TextDocumentIdentifier(uri=documents.uri("a.ts")),
            position=documents.position("a.ts", *at),
        )
        items = await session.lsp.request(lsp.TEXT_DOCUMENT_PREPARE_CALL_HIERARCHY, prepare)
        calls = await session.lsp.request(
            lsp.CALL_HIERARCHY_OUTGOING_CALLS, lsp.CallHierarchyOutgoingCallsParams(item=items[0])
        )
    return {c["to"]["name"] if isinstance(c, dict) else c.to.name for c in calls or []}


@pytest.mark.parametrize(
    ("symbol", "implementation"), [("f", (3, 17)), ("C.run", (12, 3))], ids=["function", "method"]
)
def test_the_callees_of_an_overload_set_are_its_implementations_calls(
    tmp_path: Path, symbol: str, implementation: tuple[int, int]
) -> None:
    served_tree(tmp_path, FILES, "tsgo")
    ws = open_workspace(tmp_path)
    try:
        by_name = callees(ws, CallsInput(symbol=symbol))
        at_first = callees(
            ws, CallsInput(symbol=f"a.ts:{implementation[0] - 2}:{implementation[1]}")
        )
    finally:
        ws.close()
    live = asyncio.run(_live(tmp_path, implementation))
    assert live == {"helper"}
    for found in (by_name, at_first):
        assert {h.method for level in found.levels for h in level.calls} == live
        assert found.symbol.line == implementation[0]
