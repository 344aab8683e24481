"""Overload signatures of a TypeScript function with a JSDoc block between them whose lines do
not open with ``*`` (true-myth's task.ts documents each overload so), beside the live server:
tsgo's references at either signature list the other. lsai read the block's bare lines as code
between two namesakes, so the signatures were two functions and the later one's usages lacked
the earlier declaration."""

from __future__ import annotations

from pathlib import Path

from tests.renames import usages_beside_server
from tests.trees import needs

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
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert {("task.ts", 6, 17), ("use.ts", 2, 20)} <= theirs, sorted(theirs)
    assert {("task.ts", 6, 17), ("use.ts", 2, 20)} <= mine, sorted(mine)
