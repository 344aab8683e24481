"""A construction ``new Query(...)`` of a class with a constructor is a use of the class and of the
constructor: tsgo's references of either name it, and the index keys it to the class (its
identifier is the class's name); the call edge goes to the constructor."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from lsai.indexer.merge import merge
from lsai.query.calls import CallsInput, callers
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace, open_workspace
from lsai.storage.records import FileIndex, OccurrenceRecord, Span
from tests.test_ty_union_calls import live_callers
from tests.trees import served_tree

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "jsx": "preserve"}}\n',
    "src/query.ts": (
        "export class Query extends Base {\n"
        "  name: string;\n"
        "  constructor(name: string) {\n"
        "    super();\n"
        "    this.name = name;\n"
        "  }\n"
        "}\n\n"
        "class Base {}\n\n"
        "export const made = Object.prototype.constructor;\n"
    ),
    "src/index.ts": 'export { Query } from "./query";\n',
    "src/use.tsx": (
        'import { Query } from ".";\n\n'
        "export function make(): Query {\n"
        '  return new Query("a");\n'
        "}\n\n"
        'export const shared = new Query("b");\n'
    ),
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("constructions")
    served_tree(root, FILES, "tsgo")
    opened = open_workspace(root)
    yield opened
    opened.close()


def _lines(ws: Workspace, line: int, col: int) -> set[tuple[str, int]]:
    found = usages(ws, UsagesInput(file="src/query.ts", line=line, col=col))
    return {(f.file, u.line) for f in found.files for u in f.usages}


def test_usages_of_a_class_include_its_constructions(ws: Workspace) -> None:
    used = _lines(ws, 1, 14)
    assert {("src/use.tsx", 1), ("src/use.tsx", 3), ("src/use.tsx", 4), ("src/use.tsx", 7)} <= used


def test_usages_of_a_constructor_are_the_constructions_of_its_class(ws: Workspace) -> None:
    assert _lines(ws, 3, 3) == {("src/use.tsx", 4), ("src/use.tsx", 7)}


def test_callers_of_a_constructor_are_the_constructing_functions(ws: Workspace) -> None:
    found = callers(ws, CallsInput(file="src/query.ts", line=3, col=3))
    assert {(h.method, h.file) for level in found.levels for h in level.calls} >= {
        ("make", "src/use.tsx")
    }


def test_a_construction_resolved_to_the_constructor_is_keyed_to_the_class() -> None:
    """tsgo defines ``new MutationObserver(...)`` at its ``constructor`` when that constructor's
    references were asked too (@tanstack/query-core): the site is the class's; a constructor named
    like its class (C++) keeps it, and so does ``super(...)``."""
    made = "lsai typescript . src/query.ts Query#constructor()."
    cpp = "lsai cpp . geo.h geo/Circle#Circle()."

    def at(name: str, col: int, key: str | None = None) -> OccurrenceRecord:
        return OccurrenceRecord(name, "call", Span(4, col, 4, col + len(name)), key)

    ts = FileIndex(
        occurrences=[at("Query", 14), at("Circle", 30), at("Query", 50, made), at("super", 60)]
    )
    server = [at("Query", 14, made), at("Circle", 30, cpp), at("super", 60, made)]
    lsp = FileIndex(occurrences=[*server, at("Query", 70, made)])
    merged = merge(ts, lsp)
    assert [o.symbol_key for o in merged.occurrences] == [
        "lsai typescript . src/query.ts Query#",
        cpp,
        "lsai typescript . src/query.ts Query#",
        made,  # super(...): the constructor's, not a use of the class's name
        "lsai typescript . src/query.ts Query#",
    ]


INHERITED = {
    "pyproject.toml": '[project]\nname = "inh"\nversion = "0"\n',
    "inh.py": (
        "class Base:\n    def __init__(self, n: int) -> None:\n        self.n = n\n\n\n"  # 1-5
        "class Child(Base):\n    pass\n\n\n"  # 6-9
        "class Grand(Child):\n    def __init__(self) -> None:\n"  # 10-11
        "        super().__init__(0)\n\n\n"  # 12-14
        "def make() -> Base:\n    return Child(1)\n\n\n"  # 15-18
        "def make_base() -> Base:\n    return Base(2)\n\n\n"  # 19-22
        "def make_grand() -> Base:\n    return Grand()\n"  # 23-24
    ),
}


def test_a_constructor_is_called_by_the_constructions_of_heirs_without_their_own(
    tmp_path: Path,
) -> None:
    """``Child(1)`` runs ``Base.__init__`` (Child declares none), as ty's incoming calls count
    it; ``Grand()`` runs Grand's own, which calls Base's through ``super()``."""
    served_tree(tmp_path, INHERITED, "ty")
    ws = open_workspace(tmp_path)
    try:
        found = callers(ws, CallsInput(symbol="Base.__init__"))
        names = sorted(h.method for level in found.levels for h in level.calls)
        assert names == ["Grand.__init__", "make", "make_base"]
    finally:
        ws.close()


HEIRS = 250  # more than the 200 heirs a constructor's callers once stopped at


def test_the_callers_of_a_constructor_take_in_every_heir_without_its_own(tmp_path: Path) -> None:
    """sqlmodel's ``SQLModel.__new__``: 373 tables derive from SQLModel (``class Hero(SQLModel,
    table=True)`` in each tutorial), none declaring ``__new__``; the heirs walked stopped at 200
    without a word, and ty's incoming calls listed 106 functions constructing the others that
    lsai's callers did not (``create_heroes`` in docs_src/tutorial/one/tutorial006.py)."""
    files = {
        "base.py": "class Base:\n    def __init__(self, x: int) -> None:\n        self.x = x\n",
        "tables.py": "from base import Base\n\n"
        + "".join(
            f"\n\nclass T{i}(Base):\n    pass\n\n\ndef make{i}() -> Base:\n    return T{i}({i})\n"
            for i in range(HEIRS)
        ),
    }
    served_tree(tmp_path, files, "ty")
    ws = open_workspace(tmp_path)
    try:
        found = callers(ws, CallsInput(file="base.py", line=2, col=9, limit=1000))
        stored = {(h.method, h.file) for level in found.levels for h in level.calls}
    finally:
        ws.close()
    asked = ("base.py", 2, 9)
    server = asyncio.run(live_callers(tmp_path, [asked], server="ty"))[asked]
    assert len(server) == HEIRS
    assert stored == server
