"""Usages and callers on the shapes JavaScript and TypeScript repositories take (CommonJS
modules exporting one value, ...), each on a small fixture: lsai's stored answer is compared
with the live TypeScript 7 server's."""

from __future__ import annotations

import asyncio
import re
import subprocess
from pathlib import Path

import pytest

from lsai.indexer.crawler import discover
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.lsp.documents import Documents, SourceText
from lsai.indexer.lsp.session import LspSession
from lsai.query.diagnostics import DiagnosticsInput, diagnostics
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.test_references_match_server import _references
from tests.test_tsgo_unseen import JSCONFIG, TSCONFIG, usages_beside_server
from tests.trees import needs, served_tree

Location = tuple[str, int, int]

pytestmark = needs("tsgo")

EXPORTED_WHOLE = {
    "jsconfig.json": JSCONFIG,
    "make.js": "module.exports = function makeThing(opts) {\n  return { opts };\n};\n",
    "load.js": "module.exports = async function load(n) {\n  return n;\n};\n",
    "main.js": (
        "const makeThing = require('./make');\n"  # 1
        "const load = require('./load');\n"  # 2
        "function go() {\n"
        "  load(1);\n"  # 4
        "  return makeThing({});\n"  # 5
        "}\n"
        "module.exports = go;\n"
    ),
}


@pytest.mark.parametrize(
    ("at", "expected"),
    [
        (("make.js", 1, 27), {("main.js", 1, 7), ("main.js", 5, 10)}),
        (("load.js", 1, 33), {("main.js", 2, 7), ("main.js", 4, 3)}),
    ],
)
def test_a_require_of_a_module_exporting_a_named_function_is_a_usage_of_it(
    tmp_path: Path, at: tuple[str, int, int], expected: set[tuple[str, int, int]]
) -> None:
    """``module.exports = function makeThing() {}`` required as ``const makeThing =
    require('./make')``: tsgo's definition of the binding is the whole statement, which lsai
    read as the module's export only when the function has no name (``exports``); a named one
    left the binding keyed to nothing (usages "missing" the ``require`` line)."""
    stored, server = usages_beside_server(tmp_path, EXPORTED_WHOLE, at)
    assert server == expected
    assert stored == server


BOM = "\ufeff"
MARKED = {
    "tsconfig.json": TSCONFIG,
    "marked.ts": (
        BOM + 'export const wrong: number = "s"; export function marked(): number {\r\n'  # 1
        "  return 1;\r\n"
        "}\r\n"
        "marked();\r\n"  # 4
    ),
    "use.ts": BOM
    + 'import { marked } from "./marked.js";\nexport const twice = marked() + marked();\n',
}


async def _editor_references(root: Path, at: Location) -> set[Location]:
    """The live server's references at ``at`` (without it), each file sent as an editor sends
    it: the text after its byte order mark."""
    workspace = discover(root)
    files = [
        SourceText(f.path, f.language.id, f.absolute.read_text(encoding="utf-8-sig"))
        for f in workspace.files
    ]
    async with LspSession("tsgo", root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        return await _references(session, documents, at)


def test_a_files_byte_order_mark_is_no_column_of_its_first_line(tmp_path: Path) -> None:
    """A file starting with a UTF-8 byte order mark (Visual Studio writes one): lsai counted
    the mark as the first line's first character, so every position on that line was one
    column right of the editor's, the compiler's (tsc: ``marked.ts(1,14)``, lsai check:
    ``(1,15)``) and the live server's given the text as editors give it."""
    served_tree(tmp_path, MARKED, "tsgo")
    ws = open_workspace(tmp_path)
    try:
        found = usages(ws, UsagesInput(symbol="marked"))
        errors = diagnostics(ws, DiagnosticsInput(scope="marked.ts"))
    finally:
        ws.close()
    assert (found.symbol.file, found.symbol.line, found.symbol.col) == ("marked.ts", 1, 51)
    stored = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    server = asyncio.run(_editor_references(tmp_path, ("marked.ts", 1, 51)))
    assert ("use.ts", 1, 10) in server
    assert stored == server
    tsc = resolve_command(ADAPTERS["tsgo"])
    assert tsc is not None
    printed = subprocess.run(
        [tsc[0], "-p", str(tmp_path), "--pretty", "false"], capture_output=True, text=True
    ).stdout
    compiled = {(int(m[1]), int(m[2])) for m in re.finditer(r"marked\.ts\((\d+),(\d+)\)", printed)}
    assert compiled == {(1, 14)}
    assert {(d.line, d.col) for d in errors.diagnostics} == compiled
    assert all(BOM not in (d.context or "") for d in errors.diagnostics)


NESTED_TSCONFIG = (
    '{"compilerOptions": {"strict": true, "noEmit": true, "module": "nodenext",'
    ' "moduleResolution": "nodenext"}, "include": ["**/*.ts"]}\n'
)
ENV_FOLDER = {
    "tsconfig.json": NESTED_TSCONFIG,
    "env/data.ts": 'export const VERSION = "1.7.9";\n',
    "http.ts": (
        'import { VERSION } from "./env/data.js";\n'  # 1
        'export const agent = "axios/" + VERSION;\n'  # 2
    ),
    "venv/pyvenv.cfg": "home = /usr/bin\n",
    "venv/lib/stub.ts": "export const VERSION = 0;\n",
}


def test_a_source_folder_named_env_is_indexed_and_an_environment_is_not(tmp_path: Path) -> None:
    """axios's ``lib/env/data.js`` (``export const VERSION``): a folder named ``env`` was left
    out as a Python environment, so VERSION was no symbol (usages at it by name, 5 "missing");
    a folder holding ``pyvenv.cfg`` is one, and stays out."""
    stored, server = usages_beside_server(tmp_path, ENV_FOLDER, ("env/data.ts", 1, 14))
    assert server == {("http.ts", 1, 10), ("http.ts", 2, 33)}
    assert stored == server
    assert [f.path for f in discover(tmp_path).files if f.path.endswith(".ts")] == [
        "env/data.ts",
        "http.ts",
    ]
