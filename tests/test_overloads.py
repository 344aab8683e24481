"""Overloads share their references: asked about any one, usages and callers answer for the set.

A server answers the same references for every overload of a name (ty for ``@overload`` stubs and
their implementation, TypeScript for overload signatures), and the index keys each site to one of
them; asking about another must not give an empty answer.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lsai.query.calls import CallsInput, callers
from lsai.query.impact import ImpactInput, impact
from lsai.query.info import InfoInput, info
from lsai.query.rename import RenameInput, rename
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace, open_workspace
from tests.trees import served_tree

PYTHON = {
    "pyproject.toml": '[project]\nname = "ov"\nversion = "0"\n',
    "ov/__init__.py": "",
    "ov/parse.py": (
        "from typing import overload\n\n\n"
        "@overload\ndef parse(x: int) -> int: ...\n\n\n"
        "@overload\ndef parse(x: str) -> str: ...\n\n\n"
        "def parse(x: object) -> object:\n    return x\n"
    ),
    "ov/use.py": (
        "from ov.parse import parse\n\n\ndef first() -> object:\n    return parse(1)\n\n\n"
        "def second() -> object:\n    return parse('a')\n"
    ),
}
TYPESCRIPT = {
    "tsconfig.json": '{"compilerOptions": {"strict": true}, "include": ["src"]}\n',
    "src/parse.ts": (
        "export function parse(x: number): number;\n"
        "export function parse(x: string): string;\n"
        "export function parse(x: unknown): unknown {\n  return x;\n}\n"
    ),
    "src/use.ts": (
        'import { parse } from "./parse";\n\n'
        "export function first(): unknown {\n  return parse(1);\n}\n\n"
        'export function second(): unknown {\n  return parse("a");\n}\n'
    ),
}
# language -> (server, files, the defining file, the lines of each overload's name, its column)
CASES = {
    "python": ("ty", PYTHON, "ov/parse.py", (5, 9, 12), 5),
    "typescript": ("tsgo", TYPESCRIPT, "src/parse.ts", (1, 2, 3), 17),
}


@pytest.fixture(scope="module", params=sorted(CASES))
def case(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Workspace, str, tuple[int, ...], int]]:
    server, files, path, lines, col = CASES[str(request.param)]
    root = tmp_path_factory.mktemp(str(request.param))
    served_tree(root, files, server)
    opened = open_workspace(root)
    yield opened, path, lines, col
    opened.close()


def test_usages_of_every_overload_are_the_uses_of_the_set(
    case: tuple[Workspace, str, tuple[int, ...], int],
) -> None:
    ws, path, lines, col = case
    answers = [usages(ws, UsagesInput(file=path, line=line, col=col)) for line in lines]
    found = [sorted((f.file, u.line) for f in a.files for u in f.usages) for a in answers]
    assert all(f == found[0] for f in found) and len(found[0]) >= 3  # the import and two calls
    for line, answer in zip(lines, answers, strict=True):
        if answer.symbol.line != line:  # answered for the overload holding the references
            assert "shares its references" in " ".join(answer.provenance.notes)


def test_callers_of_every_overload_are_the_callers_of_the_set(
    case: tuple[Workspace, str, tuple[int, ...], int],
) -> None:
    ws, path, lines, col = case
    for line in lines:
        found = callers(ws, CallsInput(file=path, line=line, col=col))
        assert sorted(h.method for level in found.levels for h in level.calls) == [
            "first",
            "second",
        ]


def test_an_overload_set_named_answers_as_one(
    case: tuple[Workspace, str, tuple[int, ...], int],
) -> None:
    ws, path, lines, _ = case
    found = usages(ws, UsagesInput(symbol="parse"))
    assert {f.file for f in found.files} >= {"ov/use.py" if path.endswith(".py") else "src/use.ts"}
    assert found.symbol.file == path and found.symbol.line in lines
    said = " ".join(found.provenance.notes)
    assert f"defined {len(lines)} times" in said and "holds its references" in said
    called = callers(ws, CallsInput(symbol="parse"))
    assert sorted(h.method for level in called.levels for h in level.calls) == ["first", "second"]
    assert impact(ws, ImpactInput(symbol="parse")).direct_usages >= 3
    assert info(ws, InfoInput(symbol="parse")).symbol.line in lines


def test_renaming_one_overload_renames_the_set(
    case: tuple[Workspace, str, tuple[int, ...], int],
) -> None:
    ws, path, lines, col = case
    plan = rename(ws, RenameInput(file=path, line=lines[0], col=col, new_name="decode"))
    changed = {(c.file, c.line) for c in plan.changes}
    assert {(path, line) for line in lines} <= changed  # every overload's definition
    use = "ov/use.py" if path.endswith(".py") else "src/use.ts"
    assert len([c for c in plan.changes if c.file == use]) == 3  # the import and two calls
    assert not [u for u in plan.untouched if u.reason == "different symbol"]
