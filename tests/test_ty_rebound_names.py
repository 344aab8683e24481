"""A Python name bound more than once in its scope (``if``/``else`` branches, a ``def`` again,
a ``def`` under an ``if`` after one at the top) answers the same usages at each binding, as
ty's references do: a use may name any of them. The index keys a use to one binding; asked at
another that holds usages of its own (wrapt's ``exec_``: a variable in one branch, a function in
the other, the import of the name keyed to both, the calls to the function alone), lsai's usages
list every binding's. Compared with the live server's references of each binding, less the
bindings' own names (lsai's usages never list a definition)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from lsai.query.calls import CallsInput, callees, callers
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace
from tests.test_references_match_server import Location, live
from tests.test_ty_union_calls import live_callers, stored_callers
from tests.trees import served_workspace

MODULE = """import sys


def seq():
    return 1


seq()


def seq():
    return 2


seq()

if sys.argv:
    alt = len
else:

    def alt(x):
        return 0


alt("a")


def cond():
    return 1


cond()
if sys.argv:

    def cond():
        return 2


cond()


def run():
    return seq(), alt("b"), cond()
"""
ALIASED = """import sys


def check(x):
    return x


if sys.argv:
    check_orig = check

    def check(x):
        return check_orig(x)


def one():
    return check(1)


def two():
    return check(2), check_orig(3)
"""
"""toolz's ``_check_sigspec``: the first ``def`` kept in a variable, the name bound again to a
function calling it; a call of the name may be either, a call of the variable is the first's."""
FILES = {
    "pyproject.toml": '[project]\nname = "rebound"\nversion = "0"\n',
    "aliased.py": ALIASED,
    "m.py": MODULE,
    "use.py": 'from m import alt, cond, seq\n\nseq()\nalt("c")\ncond()\n',
}
BINDINGS: dict[str, list[Location]] = {
    "seq": [("m.py", 4, 5), ("m.py", 11, 5)],
    "alt": [("m.py", 18, 5), ("m.py", 21, 9)],
    "cond": [("m.py", 28, 5), ("m.py", 35, 9)],
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    opened = served_workspace(tmp_path_factory.mktemp("rebound"), FILES, "ty")
    yield opened
    opened.close()


def _usages(ws: Workspace, at: Location) -> set[Location]:
    path, line, col = at
    found = usages(ws, UsagesInput(file=path, line=line, col=col))
    return {(f.file, u.line, u.col) for f in found.files for u in f.usages}


def test_each_binding_of_a_name_bound_again_has_tys_references(ws: Workspace) -> None:
    asked = {f"{name}@{at[1]}": at for name, ats in BINDINGS.items() for at in ats}
    server = asyncio.run(live(ws.root, asked, "ty"))
    for name, ats in BINDINGS.items():
        for at in ats:
            expected = server[f"{name}@{at[1]}"] - set(ats)
            assert _usages(ws, at) == expected, (name, at)


def test_a_variable_and_a_function_of_one_name_list_the_calls_keyed_to_the_function(
    ws: Workspace,
) -> None:
    variable = _usages(ws, ("m.py", 18, 5))
    assert {("m.py", 25, 1), ("m.py", 43, 19), ("use.py", 4, 1)} <= variable
    found = usages(ws, UsagesInput(file="m.py", line=18, col=5))
    assert any("bound again" in n for n in found.provenance.notes)


def test_a_call_of_a_variable_or_a_function_is_one_call_of_the_function(ws: Workspace) -> None:
    """``alt("b")`` calls ``len`` (the variable's value) or the ``def``: ty's outgoing calls list
    both, the external one first; the function keeps one edge at the site, ``len`` another."""
    at = ("m.py", 21, 9)
    server = asyncio.run(live_callers(ws.root, [at]))[at]
    assert stored_callers(ws, at) == server
    found = callers(ws, CallsInput(file="m.py", line=21, col=9))
    assert [(h.method, h.calls) for lv in found.levels for h in lv.calls] == [
        ("<module>", 1),
        ("run", 1),
        ("<module>", 1),
    ]
    out = callees(ws, CallsInput(symbol="run"))
    assert [(h.method, h.external) for lv in out.levels for h in lv.calls] == [
        ("seq", False),
        ("alt", False),
        ("len", True),
        ("cond", False),
    ]


def test_each_binding_of_a_function_bound_again_has_tys_incoming_calls(ws: Workspace) -> None:
    asked = [("aliased.py", 4, 5), ("aliased.py", 11, 9)]
    server = asyncio.run(live_callers(ws.root, asked))
    assert server[asked[0]] == {
        ("check", "aliased.py"),
        ("one", "aliased.py"),
        ("two", "aliased.py"),
    }
    for at in asked:
        assert stored_callers(ws, at) == server[at], at
