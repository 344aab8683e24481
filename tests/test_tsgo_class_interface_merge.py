"""A class and an interface of one name merged into one symbol (lexical's ``interface
ElementNode`` declaring the members a mixin adds, then ``class ElementNode``), beside the live
server: a type position means both, a value position the class, a type too, so tsgo's
references anywhere, at either declaration too, are all of theirs. lsai answered the declaration
the site was keyed to (lexical ElementNode asked at ``let b: ElementNode``: 45 "missing", the
importers' imports, ``extends``, ``instanceof``, JSDoc links)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}}\n',
    "node.ts": (
        "export interface Elem {\n"  # 1: Elem at col 18
        "  extra(): void;\n"
        "}\n"
        "/** A node, {@link Elem} */\n"
        "export class Elem {\n"  # 5: col 14
        "  size = 0;\n"
        "}\n"
    ),
    "use.ts": (
        "import { Elem } from './node';\n"
        "export function make(): Elem {\n"  # 2: a type position, col 25
        "  return new Elem();\n"  # 3: a value position, col 14
        "}\n"
        "export const size = Elem.prototype.size;\n"
        "export class Sub extends Elem {}\n"
    ),
}


@pytest.mark.parametrize(
    "at",
    [("use.ts", 2, 25), ("use.ts", 3, 14), ("node.ts", 5, 14), ("node.ts", 1, 18)],
    ids=["type use", "value use", "class", "interface"],
)
def test_a_class_merged_with_an_interface_answers_both_anywhere(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    _found, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert mine == theirs, sorted(mine ^ theirs)


INTERFACES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}}\n',
    "a.ts": (
        "export interface Options {\n"  # 1: Options at col 18
        "  one: number;\n"
        "}\n"
        "export interface Options {\n"  # 4
        "  two: number;\n"
        "}\n"
    ),
    "aug.ts": (
        "import { Options } from './a';\n"
        "declare module './a' {\n"
        "  interface Options {\n"  # 3: col 13
        "    three: number;\n"
        "  }\n"
        "}\n"
        "export const full: Options = { one: 1, two: 2, three: 3 };\n"  # 7: col 20
    ),
    "g1.ts": "interface GlobalThing {\n  one: number;\n}\n",  # 1: col 11
    "g2.ts": (
        "interface GlobalThing {\n  two: number;\n}\n"
        "const gt: GlobalThing = { one: 1, two: 2 };\n"  # 4: col 11
    ),
}


@pytest.mark.parametrize(
    "at",
    [("a.ts", 4, 18), ("aug.ts", 7, 20), ("g1.ts", 1, 11), ("g2.ts", 4, 11)],
    ids=["declaration", "use", "global declaration", "global use"],
)
def test_interfaces_merged_across_files_answer_all_anywhere(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    _found, mine, theirs = usages_beside_server(tmp_path, INTERFACES, "tsgo", at, declarations=True)
    assert mine == theirs, sorted(mine ^ theirs)
