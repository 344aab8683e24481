"""The search tool beside TypeScript 7's ``workspace/symbol`` on a small fixture: one hit per
overload set (tsgo lists one symbol for it), and a name given by an export's ``as`` found, leading
to the symbol it names (tsgo lists it as a variable)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsprotocol import types as lsp

from lsai.indexer.lsp.documents import Documents
from lsai.indexer.lsp.session import LspSession
from lsai.query.contracts import SearchInput, SymbolHit
from lsai.query.search import search
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.test_lsp_typescript import sources
from tests.test_tsgo_unseen import TSCONFIG, usages_beside_server
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")
Site = tuple[str, int, int]

FILES = {
    "tsconfig.json": TSCONFIG,
    "impl.ts": (
        "export function parse(s: string): number;\n"  # 1
        "/** numbers too */\n"
        "export function parse(s: number): number;\n"  # 3
        "export function parse(s: string | number): number {\n"  # 4
        "  return Number(s);\n"
        "}\n"
        "function internalName(a: number): number {\n"  # 7
        "  return a + 1;\n"
        "}\n"
        "class Widget {\n"  # 10
        '  on(e: "a"): void;\n'  # 11
        '  on(e: "b"): void;\n'
        "  on(e: string): void {}\n"  # 13
        "}\n"
        "export {\n"  # 15
        "  internalName as publicName,\n"  # 16
        "  Widget as PublicWidget,\n"  # 17
        "};\n"
    ),
    "index.ts": (
        'export * from "./impl.js";\nexport { parse as parseIt } from "./impl.js";\n'  # 2
    ),
    "use.ts": (
        'import { publicName, parseIt, PublicWidget } from "./index.js";\n'
        'export const x = publicName(parseIt("1"));\n'
        'new PublicWidget().on("a");\n'
    ),
    "cb.ts": (
        "declare function it(name: string, fn: () => void): void;\n"
        'it("a", () => {\n'
        "  function helper(): number { return 1; }\n"  # 3
        "  helper();\n"
        "});\n"
        'it("b", () => {\n'
        "  function helper(): number { return 2; }\n"  # 7
        "  helper();\n"
        "});\n"
    ),
}


async def workspace_symbols(root: Path, names: list[str]) -> dict[str, set[Site]]:
    """tsgo's ``workspace/symbol`` for each of ``names``: the symbols named exactly so."""
    files = sources(root)
    async with LspSession("tsgo", root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        out: dict[str, set[Site]] = {}
        for name in names:
            found = await session.lsp.request(
                lsp.WORKSPACE_SYMBOL, lsp.WorkspaceSymbolParams(query=name)
            )
            out[name] = {
                (path, *documents.column(path, s.location.range.start))
                for s in found or []
                if s.name == name and (path := documents.path_of(s.location.uri)) is not None
            }
        return out


def hits(root: Path, name: str) -> list[SymbolHit]:
    ws = open_workspace(root)
    try:
        return search(ws, SearchInput(query=name)).symbols
    finally:
        ws.close()


def test_an_overload_set_is_one_search_hit_counting_its_other_declarations(
    tmp_path: Path,
) -> None:
    """redux's ``applyMiddleware`` (eight overload signatures and the implementation): the
    search listed each declaration, tsgo's workspace/symbol one symbol, at the implementation
    (search: 7 "extra"). The hit is the set's first declaration and counts the others; a
    namesake in another callback is no overload (two symbols to tsgo too)."""
    served_tree(tmp_path, FILES, "tsgo")
    server = asyncio.run(workspace_symbols(tmp_path, ["parse", "on", "helper"]))
    assert server == {
        "parse": {("impl.ts", 4, 17)},
        "on": {("impl.ts", 13, 3)},
        "helper": {("cb.ts", 3, 12), ("cb.ts", 7, 12)},
    }
    found = {name: hits(tmp_path, name) for name in server}
    assert [(h.file, h.line, h.overloads) for h in found["parse"]] == [("impl.ts", 1, 2)]
    assert [(h.file, h.line, h.overloads) for h in found["on"]] == [("impl.ts", 11, 2)]
    assert {(h.file, h.line, h.col, h.overloads) for h in found["helper"]} == {
        (*at, 0) for at in server["helper"]
    }


def test_a_name_an_export_gives_is_found_with_the_symbol_it_names(tmp_path: Path) -> None:
    """``export { internalName as publicName }`` and ``export { parse as parseIt } from``: tsgo's
    workspace/symbol lists the second name as a variable at the specifier; lsai's search found
    nothing (no symbol is named so), so an agent could not get from the exported name to the
    definition. The hit is at the specifier and names the symbol it stands for."""
    served_tree(tmp_path, FILES, "tsgo")
    names = ["publicName", "PublicWidget", "parseIt"]
    server = asyncio.run(workspace_symbols(tmp_path, names))
    assert server == {
        "publicName": {("impl.ts", 16, 19)},
        "PublicWidget": {("impl.ts", 17, 13)},
        "parseIt": {("index.ts", 2, 19)},
    }
    for name, (kind, of) in {
        "publicName": ("function", ("internalName", "impl.ts", 7)),
        "PublicWidget": ("class", ("Widget", "impl.ts", 10)),
        "parseIt": ("function", ("parse", "impl.ts", 1)),
    }.items():
        found = hits(tmp_path, name)
        assert {(h.file, h.line, h.col) for h in found} == server[name]
        assert [
            (h.kind, h.alias_of and (h.alias_of.name, h.alias_of.file, h.alias_of.line))
            for h in found
        ] == [(kind, of)]


def test_a_name_an_export_gives_is_asked_by_name_as_the_symbol_it_names(tmp_path: Path) -> None:
    """``lsai usages publicName`` answered SYMBOL_NOT_FOUND (no symbol is named so): asked by
    that name, the tools answer for the symbol the export names, tsgo's references of it, and
    say so."""
    stored, server = usages_beside_server(tmp_path, FILES, ("impl.ts", 7, 10))
    assert stored == server
    ws = open_workspace(tmp_path)
    try:
        found = usages(ws, UsagesInput(symbol="publicName", limit=1000))
    finally:
        ws.close()
    assert {(f.file, u.line, u.col) for f in found.files for u in f.usages} == server
    assert (found.symbol.name, found.symbol.line) == ("internalName", 7)
    assert "publicName is another name of internalName" in " ".join(found.provenance.notes)
