"""A member read through a union of types declaring it (lexical's ``anchor.type`` of ``anchor:
PointType``, ``PointType = TextPointType | ElementPointType``), beside the live server: tsgo's
references there are each type's member's (with their declarations when asked), lsai answered
the one member it resolved the site to (lexical: 6 and 13 "missing" at ``type`` and ``key``).
Where the read is through one type (``t.type`` of ``t: TextPoint``), both answer its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}}\n',
    "point.ts": (
        "export type TextPoint = { key: string; type: 'text' };\n"  # 1: `type` at col 40
        "export type ElementPoint = { key: string; type: 'element' };\n"  # 2: at col 43
        "export type Point = TextPoint | ElementPoint;\n"
    ),
    "use.ts": (
        "import type { Point, TextPoint } from './point';\n"
        "export function kind(p: Point): string {\n"
        "  return p.type;\n"  # 3: the read through the union, col 12
        "}\n"
        "export function text(t: TextPoint): string {\n"
        "  return t.type;\n"  # 6: TextPoint's alone
        "}\n"
        "export function narrowed(p: Point): string {\n"
        "  if (p.type === 'text') return p.key;\n"  # 9
        "  return '';\n"
        "}\n"
    ),
}


@pytest.mark.parametrize("declarations", [False, True])
def test_a_member_read_through_a_union_answers_each_types_member(
    tmp_path: Path, declarations: bool
) -> None:
    for at in (("use.ts", 3, 12), ("use.ts", 6, 12), ("point.ts", 2, 43)):
        root = tmp_path / f"{at[0]}{at[1]}"
        _found, mine, theirs = usages_beside_server(root, FILES, "tsgo", at, declarations)
        assert mine == theirs, (at, sorted(mine ^ theirs))
