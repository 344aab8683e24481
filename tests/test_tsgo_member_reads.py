"""Reading a function member without calling it (``obj.method``, ``obj.method.bind(obj)``) is a
call of it in TypeScript's call hierarchy: tsgo's outgoing calls of a function list such reads,
and its incoming calls credit the module with those in module-level code (a constant's
initializer, an object literal's value, a callback passed at module level), where lsai asks no
outgoing calls. The callers lsai stores are compared with tsgo's ``incomingCalls``."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsai.query.calls import CallsInput, callers
from lsai.query.workspace import open_workspace
from tests.test_ty_union_calls import live_callers
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")
FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}, "include": ["*.ts"]}\n',
    "a.ts": (
        "export class A {\n"  # 1
        "  constructor() {\n    this.m(); const r = this.m; r();\n  }\n"  # 2-4
        "  m(): number { return 1; }\n"  # 5
        "  bound = this.m.bind(this);\n"  # 6
        "}\n"
        "export function g(a: A) {\n"  # 8
        "  const f = a.m;\n  return f === a.m.bind(a);\n}\n"  # 9-11
        "export const h = new A().m.bind(null);\n"  # 12
        "export const k = () => new A().m;\n"  # 13
        "export const obj = { run: () => new A().m, val: new A().m.bind(null) };\n"  # 14
        'describe("x", () => { const q = new A().m; return q; });\n'  # 15
        "declare function describe(n: string, f: () => unknown): void;\n"  # 16
        "new A().m();\n"  # 17
    ),
}


def test_module_level_reads_of_a_method_are_its_calls_from_the_module(tmp_path: Path) -> None:
    served_tree(tmp_path, FILES, "tsgo")
    ws = open_workspace(tmp_path)
    try:
        answer = callers(ws, CallsInput(file="a.ts", line=5, col=3))
    finally:
        ws.close()
    # tsgo's call hierarchy has no item for a constructor: a call in one is its class's, as a
    # field's initializer is
    stored = {
        (h.method.removesuffix(".constructor"), h.file, h.calls)
        for level in answer.levels
        for h in level.calls
    }
    live = asyncio.run(live_callers(tmp_path, [("a.ts", 5, 3)], server="tsgo"))
    assert {(name, path) for name, path, _ in stored} == live[("a.ts", 5, 3)]
    assert ("<module>", "a.ts", 5) in stored  # lines 12, 14 (twice), 15 and the call at 17
    assert {(name, n) for name, _, n in stored if name == "A"} == {("A", 2), ("A", 1)}
