"""Usages and callers that disagreed with TypeScript 7 on npm packages lsai was not tuned on
(``bench/accuracy_bench.py --npm`` / ``--npm-js``), each on a small fixture: lsai's stored
answer is compared with the live server's."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.test_references_match_server import live
from tests.trees import served_tree

pytestmark = pytest.mark.skipif(
    resolve_command(ADAPTERS["tsgo"]) is None,
    reason="TypeScript 7 is not installed: npm install -g typescript@7 (or: lsai doctor --install)",
)
Location = tuple[str, int, int]
JSCONFIG = '{"compilerOptions": {"allowJs": true, "noEmit": true}, "include": ["*.js"]}\n'
TSCONFIG = (
    '{"compilerOptions": {"strict": true, "noEmit": true, "module": "nodenext",'
    ' "moduleResolution": "nodenext"}, "include": ["*.ts"]}\n'
)


def usages_beside_server(
    root: Path, files: dict[str, str], at: Location
) -> tuple[set[Location], set[Location]]:
    """``files`` indexed with tsgo: lsai's usages of the symbol named at ``at``, and the live
    server's references there (without the declaration)."""
    served_tree(root, files, "tsgo")
    ws = open_workspace(root)
    try:
        found = usages(ws, UsagesInput(file=at[0], line=at[1], col=at[2], limit=1000))
    finally:
        ws.close()
    stored = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    return stored, asyncio.run(live(root, {"asked": at}))["asked"]


TYPEDEF = {
    "jsconfig.json": JSCONFIG,
    "cache.js": (
        "// @ts-check\n"  # 1
        "/**\n * Runs seen so far.\n *\n"  # 2-4
        " * @typedef {object} RunCache\n"  # 5
        " * @property {number} start The first.\n */\n\n"  # 6-8
        "/**\n * @param {RunCache} runs Shared.\n * @returns {number}\n */\n"  # 9-12
        "function first (runs) {\n  return runs.start\n}\n\n"  # 13-16
        "/** @param {RunCache} runs Shared. */\n"  # 17
        "function second (runs) {\n  return first(runs)\n}\n\n"  # 18-20
        "module.exports = { first, second }\n"
    ),
}


def test_a_jsdoc_typedef_is_used_where_jsdoc_names_it(tmp_path: Path) -> None:
    """semver's ``@typedef {object} DigitRunCache``: no identifier of tree-sitter's names it,
    only ``@param {DigitRunCache}`` tags, so the symbol was taken for unused and asked
    nothing (0 usages; tsgo: 8)."""
    stored, server = usages_beside_server(tmp_path, TYPEDEF, ("cache.js", 5, 22))
    assert server == {("cache.js", 10, 12), ("cache.js", 17, 13)}
    assert stored == server
