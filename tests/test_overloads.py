"""Overloads share their references: asked about any one, usages and callers answer for the set.

A server answers the same references for every overload of a name (ty for ``@overload`` stubs and
their implementation, TypeScript for overload signatures), and the index keys each site to one of
them; asking about another must not give an empty answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from lsai.query.calls import CallsInput, callers
from lsai.query.impact import ImpactInput, impact
from lsai.query.info import InfoInput, info
from lsai.query.rename import RenameInput, rename
from lsai.query.render import render
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
    found = [{(f.file, u.line) for f in a.files for u in f.usages} for a in answers]
    # ty's and tsgo's references of an overload list the others' declarations, never the one
    # asked
    own = [{(path, line)} for line in lines]
    assert all(f | o == found[0] | own[0] for f, o in zip(found, own, strict=True))
    assert not any(f & o for f, o in zip(found, own, strict=True))
    assert len(found[0]) >= 3  # the import and two calls
    # ty's and tsgo's references of one overload hold the other overloads' declarations
    first = answers[0]
    declared = {(f.file, u.line) for f in first.files for u in f.usages if u.role == "definition"}
    assert first.symbol.line == lines[0]
    assert declared == {(path, line) for line in lines[1:]}
    for line, answer in zip(lines, answers, strict=True):
        if answer.symbol.line != line:  # answered for the overload holding the references
            assert "shares its references with the declaration of that name at line" in " ".join(
                answer.provenance.notes
            )


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


def test_info_of_an_overload_lists_the_other_declarations_of_its_set(
    case: tuple[Workspace, str, tuple[int, ...], int],
) -> None:
    ws, path, lines, col = case
    for line in lines:
        found = info(ws, InfoInput(file=path, line=line, col=col))
        others = [o.line for o in found.overloads]
        assert others == [n for n in lines if n != found.symbol.line]
        assert all("parse" in o.signature for o in found.overloads)
    text = render(info(ws, InfoInput(file=path, line=lines[0], col=col)))
    assert f"  overloads: {len(lines) - 1} more\n    {lines[1]}: " in text


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


REBOUND = {
    "pyproject.toml": '[project]\nname = "rb"\nversion = "0"\n',
    "rb.py": (
        "def wrap(f):\n    return f\n\n\n"  # 1-4
        "def helper(x):\n    return x\n\n\n"  # 5-8
        "helper = wrap(helper)\n\n\n"  # 9-11
        "class Thing:\n    pass\n\n\n"  # 12-15
        "Thing = wrap(Thing)\n"  # 16
        "LIMIT = 0\ntry:\n    pass\nfinally:\n    LIMIT = 1\n\n\n"  # 17-23
        "def use():\n    return helper(LIMIT), Thing()\n"  # 24-25
    ),
}


def test_a_name_bound_again_as_another_kind_answers_for_its_uses(tmp_path: Path) -> None:
    """``def f`` then ``f = wrap(f)``: ty keys the uses to the second binding and the call edge
    to the first; asked about either, by position or by name, the tools answer the uses."""
    served_tree(tmp_path, REBOUND, "ty")
    ws = open_workspace(tmp_path)
    try:
        for line, col in ((5, 5), (9, 1)):  # the def, the assignment
            found = usages(ws, UsagesInput(file="rb.py", line=line, col=col))
            assert (25, "rb.py") in {(u.line, f.file) for f in found.files for u in f.usages}
            called = callers(ws, CallsInput(file="rb.py", line=line, col=col))
            assert [h.method for level in called.levels for h in level.calls] == ["use"]
        assert callers(ws, CallsInput(symbol="helper")).levels[0].calls[0].method == "use"
        for name, line in (("Thing", 12), ("LIMIT", 17)):
            by_position = usages(ws, UsagesInput(file="rb.py", line=line, col=1 + 6 * (line == 12)))
            by_name = usages(ws, UsagesInput(symbol=name))
            for found in (by_position, by_name):
                assert 25 in {u.line for f in found.files for u in f.usages}, name
    finally:
        ws.close()


GETTERS = {
    "pyproject.toml": '[project]\nname = "gt"\nversion = "0"\n',
    "gt.py": (
        "import functools\n\n\n"  # 1-3
        "class Box:\n"  # 4
        "    @property\n    def size(self) -> int:\n        return 1\n\n"  # 5-8
        "    @functools.cached_property\n    def weight(self) -> int:\n"  # 9-10
        "        return self.size * 2\n\n\n"  # 11-13
        "def measure(box: Box) -> int:\n    return box.size + box.weight\n\n\n"  # 14-17
        "def report() -> int:\n    return measure(Box())\n\n\n"  # 18-21
        "class Jar:\n"  # 22
        "    @property\n    def lid(self) -> int:\n        return 1\n\n"  # 23-26
        "    @lid.setter\n    def lid(self, value: int) -> None:\n        pass\n\n\n"  # 27-31
        "def peek(jar: Jar) -> int:\n    return jar.lid\n\n\n"  # 32-35
        "def close(jar: Jar) -> None:\n    jar.lid = 2\n\n\n"  # 36-39
        "def copy(jar: Jar, into: Jar) -> None:\n    into.lid = jar.lid\n"  # 40-41
    ),
}


def test_the_callers_of_a_property_are_the_functions_that_read_it(tmp_path: Path) -> None:
    """Reading a property runs its getter; ty's incoming calls of a ``@property`` list them."""
    served_tree(tmp_path, GETTERS, "ty")
    ws = open_workspace(tmp_path)
    try:
        size = callers(ws, CallsInput(symbol="Box.size", depth=2))
        assert [[h.method for h in level.calls] for level in size.levels] == [
            ["Box.weight", "measure"],
            ["report"],
        ]
        weight = callers(ws, CallsInput(symbol="Box.weight"))
        assert [h.method for level in weight.levels for h in level.calls] == ["measure"]
        # with a setter: the getter's callers read it, the setter's also assign it (as ty's)
        getter = callers(ws, CallsInput(file="gt.py", line=24, col=9))
        assert sorted(h.method for level in getter.levels for h in level.calls) == ["copy", "peek"]
        setter = callers(ws, CallsInput(file="gt.py", line=28, col=9))
        assert sorted(h.method for level in setter.levels for h in level.calls) == [
            "close",
            "copy",
            "peek",
        ]
    finally:
        ws.close()


def test_a_function_defined_twice_is_no_overload_set_of_declarations(tmp_path: Path) -> None:
    """A name defined twice (``def make()`` in two halves of a test module, jinja2's
    ``make_users``): ty's references of the second ``def`` leave the first out, as lsai's
    usages do; an ``@overload`` stack lists every declaration (above)."""
    import asyncio

    from tests.test_references_match_server import live

    files = {
        "pyproject.toml": '[project]\nname = "tw"\nversion = "0"\n',
        "tw.py": (
            "def make():\n    return 1\n\n\nmake()\n\n\n"  # 1-7
            "def make():\n    return 2\n\n\nmake()\n"  # 8-12
        ),
    }
    served_tree(tmp_path, files, "ty")
    ws = open_workspace(tmp_path)
    try:
        found = usages(ws, UsagesInput(file="tw.py", line=8, col=5))
    finally:
        ws.close()
    lines = {(f.file, u.line) for f in found.files for u in f.usages}
    server = asyncio.run(live(tmp_path, {"make": ("tw.py", 8, 5)}, server="ty"))["make"]
    assert ("tw.py", 1) not in lines
    assert lines == {(path, line) for path, line, _ in server}
