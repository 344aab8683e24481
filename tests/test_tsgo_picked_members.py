"""A class implementing a type alias of a utility type over an interface (@tanstack/db's
``type IndexReader = Pick<IndexInterface, 'take' | ...>`` and ``class ReverseIndex implements
IndexReader``), beside the live server: the mapped type's members are the interface's, so
tsgo's references of ``IndexInterface.take`` list ``ReverseIndex.take`` and its calls, and
the other way round; the alias's only base was the library's ``Pick``, so lsai related
nothing (db usages at ``take``: 1 "missing")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}}\n',
    "index.ts": (
        "export interface Index {\n"
        "  take: (n: number) => number[]\n"  # 2: take at col 3
        "  count(): number\n"  # 3: count at col 3
        "  drop(): void\n"
        "}\n"
        "export type Reader = Pick<Index, 'take' | 'count'>\n"
        "export interface Sized extends Omit<Index, 'drop'> {}\n"
        "export class Reverse implements Reader {\n"
        "  take(n: number): number[] { return [n] }\n"  # 9: take at col 3
        "  count(): number { return 0 }\n"  # 10: count at col 3
        "}\n"
        "export class Whole implements Sized, Partial<Index> {\n"
        "  take(n: number): number[] { return [n, n] }\n"
        "  count(): number { return 1 }\n"
        "  drop(): void {}\n"
        "}\n"
        "export function use(i: Index, r: Reverse, w: Whole): number {\n"
        "  return i.take(1).length + r.take(2).length + w.count() + i.count()\n"
        "}\n"
    ),
}


@pytest.mark.parametrize(
    "at",
    [("index.ts", 2, 3), ("index.ts", 9, 3), ("index.ts", 10, 3), ("index.ts", 3, 3)],
    ids=["interface-take", "class-take", "class-count", "interface-count"],
)
def test_a_utility_types_members_are_the_interfaces(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    _found, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert mine == theirs, sorted(mine ^ theirs)
    assert len(theirs) >= 3
