"""The constraint of an ``infer`` (TypeScript 4.7's ``infer I extends LexicalNode``, lexical's
StaticNodeConfigRecord), beside the live server: a use of the class, which tsgo's references
list; tree-sitter's scopes read every type name in the ``infer`` as the type parameter it
binds, so the site was tied to nothing (lexical LexicalNode: 2 "missing" at 2 positions)."""

from __future__ import annotations

from pathlib import Path

from tests.renames import usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}}\n',
    "node.ts": (
        "export class Node { key = '' }\n"  # 1: Node at col 14
        "export type Inst<C> = C extends {\n"
        "  extends: abstract new (...args: never) => infer I extends Node;\n"  # 3: col 61
        "} ? I : never;\n"
        "export type Made<C> = C extends () => infer R extends Node ? R : never;\n"  # 5: col 55
        "export const n: Node = new Node();\n"  # 6
    ),
}


def test_an_infer_constraint_is_a_use_of_its_type(tmp_path: Path) -> None:
    _found, mine, theirs = usages_beside_server(
        tmp_path, FILES, "tsgo", ("node.ts", 6, 17), declarations=True
    )
    assert mine == theirs, sorted(mine ^ theirs)
    assert {("node.ts", 3, 61), ("node.ts", 5, 55)} <= mine
