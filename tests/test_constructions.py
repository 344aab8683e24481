"""A construction ``new Query(...)`` of a class with a constructor is a use of the class and of the
constructor: tsgo's references of either name it, and the index keys it to the class (its
identifier is the class's name); the call edge goes to the constructor."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lsai.indexer.semantic import merge
from lsai.query.calls import CallsInput, callers
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace, open_workspace
from lsai.storage.records import FileIndex, OccurrenceRecord, Span
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
