"""Callers and usages that disagreed with TypeScript 7 in the sweep of TSX (React) packages
lsai had not been run on (@tanstack/react-query, @tanstack/react-router: ``bench/
accuracy_bench.py --npm``), each on a small fixture: lsai's stored answer is compared with the
live server's."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp

from lsai.indexer.lsp.documents import Documents
from lsai.indexer.lsp.session import LspSession
from lsai.query.contracts import SearchInput
from lsai.query.search import search
from lsai.query.workspace import open_workspace
from tests.test_lsp_typescript import sources
from tests.test_ty_union_calls import callers_beside_server
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")
TSXCONFIG = (
    '{"compilerOptions": {"strict": true, "noEmit": true, "jsx": "preserve",'
    ' "module": "nodenext", "moduleResolution": "nodenext"}, "include": ["*.ts", "*.tsx"]}\n'
)

BOUNDARY = {
    "tsconfig.json": TSXCONFIG,
    "boundary.tsx": (
        "class Component<P> {\n"  # 1
        "  props!: P\n"
        "  setState(state: object): void {}\n"
        "}\n\n"
        "export class Boundary extends Component<{ fallback: () => void }> {\n"  # 6
        "  reset = () => {\n"  # 7
        "    this.setState({ error: 0 })\n"
        "  }\n"
        "  private close: () => void = function () {}\n"  # 10
        "  again() {\n"  # 11
        "    this.reset()\n"
        "  }\n"
        "  render() {\n"  # 14
        "    return <Fallback reset={this.reset} close={this.close} />\n"  # 15
        "  }\n"
        "  onKey = () => [this.reset]\n"  # 17
        "}\n\n"
        "function Fallback(props: { reset: () => void; close: () => void }) {\n"  # 20
        "  return <button onClick={props.reset}>retry</button>\n"
        "}\n"
    ),
    "use.tsx": (
        'import { Boundary } from "./boundary.js";\n\n'
        "export function handlers(b: Boundary) {\n"  # 3
        "  return { onReset: b.reset }\n"
        "}\n"
    ),
}


def test_a_class_field_holding_a_function_is_called_where_a_member_read_names_it(
    tmp_path: Path,
) -> None:
    """@tanstack/react-router's CatchBoundary: ``reset = () => {...}``, a field holding an
    arrow function, passed as ``reset: this.reset`` in ``render``. tsgo's incoming calls of
    the field list every member read of it (render, and other files' ``b.reset``), its
    outgoing calls of ``render`` none, so lsai's callers, taken from the outgoing calls, had
    only the calls (``this.reset()`` in ``again``; render "missing")."""
    asked = [("boundary.tsx", 7, 3), ("boundary.tsx", 10, 11)]
    stored, server = callers_beside_server(tmp_path, BOUNDARY, "tsgo", asked)
    assert server[asked[0]] == {
        ("again", "boundary.tsx"),
        ("render", "boundary.tsx"),
        ("onKey", "boundary.tsx"),
        ("handlers", "use.tsx"),
    }
    assert server[asked[1]] == {("render", "boundary.tsx")}
    assert stored == server


SPREADS = {
    "tsconfig.json": TSXCONFIG,
    "utils.ts": (
        "export function focusRing() { return { outline: 1 } }\n"  # 1
        "export const track = () => ({ ...focusRing(), height: 2 })\n"  # 2
        "export const base = { gap: 3 }\n"  # 3
    ),
    "styles.tsx": (
        'import { focusRing, track, base } from "./utils.js";\n\n'
        "function style<T>(spec: T): T { return spec }\n\n"
        "const button = style({\n"  # 5
        "  ...focusRing(),\n"  # 6
        "  ...base,\n"  # 7
        "  ...track(),\n"  # 8
        "  width: 1,\n"
        "});\n\n"
        "export function Button() { return <button style={{ ...button, ...track() }} /> }\n"  # 12
    ),
}


def test_a_call_spread_in_a_module_level_object_literal_is_the_modules(tmp_path: Path) -> None:
    """@react-spectrum/s2's ``const button = style({...focusRing(), ...staticColor(), ...})``:
    tsgo's outline lists each spread as a property named by its expression (``focusRing()``),
    which lsai took for a member of ``button`` (84 of them), so the call there was a call of
    that property, not the module's: the callers of focusRing, track and staticColor missed
    ``<module>`` in every style file (s2 track: 2 "missing")."""
    asked = [("utils.ts", 1, 17), ("utils.ts", 2, 14)]
    stored, server = callers_beside_server(tmp_path, SPREADS, "tsgo", asked)
    assert server[asked[0]] == {("<module>", "styles.tsx"), ("track", "utils.ts")}
    assert server[asked[1]] == {("<module>", "styles.tsx"), ("Button", "styles.tsx")}
    assert stored == server
    ws = open_workspace(tmp_path)
    try:
        found = search(ws, SearchInput(query="*focusRing*", limit=20))
    finally:
        ws.close()
    assert [(h.name, h.file) for h in found.symbols] == [("focusRing", "utils.ts")]


QUOTED = {
    "tsconfig.json": TSXCONFIG,
    "styles.ts": (
        "export const styles = {\n"  # 1
        "  gap: 1,\n"
        "  '--container-bg': {\n"  # 3
        "    type: 'backgroundColor',\n"  # 4
        "    value: { default: 'elevated' },\n"  # 5
        "  },\n"
        '  "on-click": () => 1,\n'  # 7
        "};\n"
    ),
}


async def _outline_chains(root: Path, path: str) -> set[tuple[str, ...]]:
    """The live server's outline of ``path``: each symbol as its chain of names, unquoted."""
    files = sources(root)
    async with LspSession("tsgo", root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        params = lsp.DocumentSymbolParams(
            text_document=lsp.TextDocumentIdentifier(uri=documents.uri(path))
        )
        found: set[tuple[str, ...]] = set()

        def walk(items: list[dict[str, Any]], chain: tuple[str, ...]) -> None:
            for item in items:  # the raw JSON
                here = (*chain, str(item["name"]).strip("'\""))
                found.add(here)
                walk(item.get("children") or [], here)

        walk(await session.lsp.request(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL, params) or [], ())
        return found


def test_a_member_under_a_quoted_key_is_nested_under_it(tmp_path: Path) -> None:
    """@react-spectrum/s2's ``style({'--s2-container-bg': {type: ..., value: {...}}})``: a
    property with a quoted key holding an object was no tree-sitter symbol, so its ``value``
    (an object, which tree-sitter defines) was keyed under the object around it
    (``actionBarStyles.value``), where tsgo's outline nests it under the quoted key."""
    served_tree(tmp_path, QUOTED, "tsgo")
    ws = open_workspace(tmp_path)
    try:
        found = search(ws, SearchInput(query="*", scope="styles.ts", limit=100))
    finally:
        ws.close()
    stored = {
        tuple(part.strip("'\"") for part in h.qualified_name.split(".")) for h in found.symbols
    }
    server = asyncio.run(_outline_chains(tmp_path, "styles.ts"))
    assert ("styles", "--container-bg", "value", "default") in server
    assert stored == server
