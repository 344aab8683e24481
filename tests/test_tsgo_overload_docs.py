"""Overload signatures of a TypeScript function with a JSDoc block between them whose lines do
not open with ``*`` (true-myth's task.ts documents each overload so), beside the live server:
tsgo's references at either signature list the other. lsai read the block's bare lines as code
between two namesakes, so the signatures were two functions and the later one's usages lacked
the earlier declaration."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.renames import live_references
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}}\n',
    "task.ts": (
        "/**\n"  # 1
        "  Inspect a value, curried.\n"
        "\n"
        "  @param fn The function to call\n"
        " */\n"
        "export function inspect<T>(fn: (value: T) => void): (value: T) => T;\n"  # 6
        "/**\n"
        "  Inspect a value.\n"
        "\n"
        "  @param fn The function to call\n"
        "  @param value The value\n"
        " */\n"
        "export function inspect<T>(fn: (value: T) => void, value: T): T;\n"  # 13
        "export function inspect<T>(fn: (value: T) => void, value?: T): unknown {\n"  # 14
        "  return value;\n"
        "}\n"
    ),
    "use.ts": (
        "import { inspect } from './task';\n"  # 1
        "export const one = inspect((n: number) => n, 1);\n"  # 2
    ),
}


def test_an_overload_after_a_bare_jsdoc_block_lists_the_others(tmp_path: Path) -> None:
    """Declarations included (the accuracy bench's comparison), at the second signature."""
    at = ("task.ts", 13, 17)
    served_tree(tmp_path, FILES, "tsgo")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        found = usages(ws, UsagesInput(file=at[0], line=at[1], col=at[2], include_definition=True))
    finally:
        ws.close()
    mine = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    theirs = asyncio.run(live_references(tmp_path, "tsgo", at, declarations=True))
    assert {("task.ts", 6, 17), ("use.ts", 2, 20)} <= theirs, sorted(theirs)
    assert {("task.ts", 6, 17), ("use.ts", 2, 20)} <= mine, sorted(mine)
