"""Parameters, which are no symbols, against ty.

A pytest fixture is called by pytest, never by the tests that take it: ``converter_cls()`` in a
test taking the fixture ``converter_cls`` (cattrs' tests) calls the value the fixture returned.
ty's references of the fixture list the parameters of its name and their uses, which are its
usages; its incoming calls list none of those calls, nor do lsai's callers. A call of a name the
caller takes as a parameter calls the argument it is passed (and a call in a function nested in
the test, of the test's parameter, too).

A keyword argument names a parameter (``add_toc_hook(md, heading_id=custom)``, mistune), also
where the function binds the parameter's name again (``def heading_id`` under ``if heading_id
is None``): ty's references of that ``def`` leave the keyword out, as lsai's usages do."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace, open_workspace
from tests.test_references_match_server import Location, live
from tests.test_ty_union_calls import callers_beside_server
from tests.trees import served_tree

CONFTEST = """import pytest


class Maker:
    def __init__(self, n: int = 0) -> None:
        self.n = n


def helper(n: int) -> Maker:
    return Maker(n)


@pytest.fixture
def make():
    return Maker


@pytest.fixture
def made(make):
    return make(1)
"""
TESTS = """from conftest import helper


def test_make(make):
    assert make(2).n == 2


def test_nested(make):
    def inner():
        return make(3)

    assert inner().n == 3


def test_helper(make):
    assert helper(4).n == 4
"""
FILES = {
    "pyproject.toml": '[project]\nname = "fixtures"\nversion = "0"\n',
    "conftest.py": CONFTEST,
    "test_m.py": TESTS,
}
MAKE = ("conftest.py", 14, 5)
HELPER = ("conftest.py", 9, 5)


def test_a_fixture_has_no_caller_where_a_test_calls_its_parameter(tmp_path: Path) -> None:
    stored, server = callers_beside_server(tmp_path, FILES, "ty", [MAKE, HELPER])
    assert server[MAKE] == set()
    assert stored == server
    assert stored[HELPER] == {("test_helper", "test_m.py")}


def _usages(ws: Workspace, at: Location) -> set[Location]:
    found = usages(ws, UsagesInput(file=at[0], line=at[1], col=at[2]))
    return {(f.file, u.line, u.col) for f in found.files for u in f.usages}


def test_the_uses_of_a_fixtures_parameters_stay_its_usages(tmp_path: Path) -> None:
    callers_beside_server(tmp_path, FILES, "ty", [MAKE])
    server = asyncio.run(live(tmp_path, {"make": MAKE}, "ty"))["make"]
    ws = open_workspace(tmp_path)
    try:
        listed = _usages(ws, MAKE)
    finally:
        ws.close()
    assert ("test_m.py", 5, 12) in server
    assert listed == server


HOOK = f'''def add_hook(md, level=1, heading_id=None):
    """Add a hook; ``heading_id`` makes the ids: {" ".join(["heading_id"] * 20)}."""
    if heading_id is None:

        def heading_id(token, index):
            return "toc_" + str(index)

    def hook(state):
        return [heading_id(t, i) for i, t in enumerate(state)]

    md.append(hook)
    return heading_id
'''
"""The docstring spells the name often enough that its sites are resolved by definition (each
asks where it leads), as mistune's ``heading_id`` was; the keyword's definition is the
parameter."""
HOOK_FILES = {
    "pyproject.toml": '[project]\nname = "kw"\nversion = "0"\n',
    "toc.py": HOOK,
    "use.py": "from toc import add_hook\n\n\ndef custom(token, i):\n    return str(i)\n\n\n"
    "add_hook([], heading_id=custom)\nadd_hook([], 2, heading_id=None)\n",
}
HEADING_ID = ("toc.py", 5, 13)


def test_a_keyword_argument_is_no_usage_of_a_def_rebinding_the_parameter(tmp_path: Path) -> None:
    summary = served_tree(tmp_path, HOOK_FILES, "ty")
    assert summary.servers["ty"].requests.get("references by definition", 0) >= 1
    server = asyncio.run(live(tmp_path, {"def": HEADING_ID}, "ty"))["def"]
    ws = open_workspace(tmp_path)
    try:
        listed = _usages(ws, HEADING_ID)
    finally:
        ws.close()
    assert ("toc.py", 3, 8) in server
    assert not any(path == "use.py" for path, _, _ in server)
    assert listed == server
