"""Who calls what in Python, as ty's incoming calls and Python itself say: a ``def``'s decorators
and default values run in the scope around it, so their calls are that scope's, not the
function's (ty's outgoing calls of the function list them; the index does not follow that); a
call of two callees at one site (``self.__class__(v)``: ``__class__`` and ``__init__``) is both;
``__new__`` and ``__init__`` are each called by the constructions of their class and of the
subclasses that do not declare their own of that name, a subclass of a generic base
(``class AsyncParser(core.Parser[str])``) too; a decorator without arguments is called by the
scope around what it decorates, a class too (``@frozen class Spec``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lsai.query.calls import CallsInput, callees, callers
from lsai.query.hierarchy import HierarchyInput, hierarchy
from lsai.query.render import render
from lsai.query.workspace import Workspace
from tests.trees import served_workspace

FILES = {
    "pyproject.toml": '[project]\nname = "calls"\nversion = "0"\n',
    "lib.py": "def Argument(default=None):\n    return default\n",
    "app.py": (
        "from lib import Argument\n\n\n"
        'def main(name: str = Argument("x")):\n    return str(name)\n\n\n'
        "class K:\n"
        "    def method(self, v=Argument()):\n        return str(v)\n\n\n"
        'def other():\n    return Argument("y")\n'
    ),
    "config.py": (
        "class Config:\n"
        "    def __init__(self, value=0):\n        self.value = value\n\n"
        "    def copy(self):\n        return self.__class__(self.value)\n\n\n"
        "def make():\n    return Config(1)\n"
    ),
    "router.py": (
        "class Router:\n"
        "    def get(self, path):\n"
        "        def wrap(fn):\n            return fn\n\n        return wrap\n\n"
        "    def wraps(self, fn):\n        return fn\n\n\n"
        "router = Router()\n\n\n"
        '@router.get("/items")\ndef items():\n    return []\n\n\n'
        "def outer():\n"
        '    @router.get("/inner")\n    def inner():\n        return []\n\n'
        "    @router.wraps\n    def bare():\n        return 1\n\n"
        "    return inner, bare\n"
    ),
    "new.py": (
        "class A:\n"
        "    def __new__(cls, *args):\n        return super().__new__(cls)\n\n"
        "    def __init__(self, x=0):\n        self.x = x\n\n\n"
        "class B(A):\n    pass\n\n\n"
        "class C(A):\n    def __init__(self):\n        super().__init__(1)\n\n\n"
        "def make_a():\n    return A(1)\n\n\n"
        "def make_b():\n    return B(2)\n\n\n"
        "def make_c():\n    return C()\n"
    ),
    "core.py": (
        "import typing\n\n"
        'T = typing.TypeVar("T")\n\n\n'
        "class Parser(typing.Generic[T]):\n"
        "    def __init__(self, location=None):\n        self.location = location\n"
    ),
    "asyncparser.py": (
        "import core\n\n\n"
        "class AsyncParser(core.Parser[str]):\n    pass\n\n\n"
        "class Strict(AsyncParser):\n    pass\n\n\n"
        "parser = Strict()\n"
    ),
    "frozen.py": (
        "def frozen(cls):\n    return cls\n\n\n"
        "@frozen\nclass Spec:\n    @staticmethod\n    @frozen\n    def make():\n        return 1\n"
    ),
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    opened = served_workspace(tmp_path_factory.mktemp("calls"), FILES, "ty")
    yield opened
    opened.close()


def _callers(ws: Workspace, symbol: str) -> list[tuple[str, str | None]]:
    found = callers(ws, CallsInput(symbol=symbol))
    return sorted((h.method, h.file) for level in found.levels for h in level.calls)


def test_calls_in_a_def_header_belong_to_the_scope_around_it(ws: Workspace) -> None:
    assert _callers(ws, "Argument") == [
        ("<module>", "app.py"),
        ("K", "app.py"),
        ("other", "app.py"),
    ]


def test_a_decorator_is_called_by_the_scope_around_the_decorated_function(ws: Workspace) -> None:
    assert _callers(ws, "Router.get") == [("<module>", "router.py"), ("outer", "router.py")]
    assert _callers(ws, "Router.wraps") == [("outer", "router.py")]


def test_a_call_of_two_callees_at_one_site_is_an_edge_to_each(ws: Workspace) -> None:
    assert _callers(ws, "Config.__init__") == [("Config.copy", "config.py"), ("make", "config.py")]
    answer = callees(ws, CallsInput(symbol="Config.copy"))
    assert "Config.__init__" in {h.method for level in answer.levels for h in level.calls}


def test_new_and_init_are_each_called_by_the_constructions_that_run_them(ws: Workspace) -> None:
    """``C`` declares ``__init__`` alone: ``C()`` runs ``A.__new__`` and ``C.__init__``."""
    makers = [("make_a", "new.py"), ("make_b", "new.py"), ("make_c", "new.py")]
    assert _callers(ws, "A.__new__") == makers
    assert _callers(ws, "A.__init__") == [("C.__init__", "new.py"), *makers[:2]]
    assert _callers(ws, "C.__init__") == [("make_c", "new.py")]


def test_a_subclass_of_a_generic_base_derives_from_it_and_runs_its_constructor(
    ws: Workspace,
) -> None:
    down = hierarchy(ws, HierarchyInput(symbol="Parser"))
    assert [t.name for t in down.derived_types] == ["AsyncParser", "Strict"]
    assert _callers(ws, "Parser.__init__") == [("<module>", "asyncparser.py")]


def test_a_decorator_without_arguments_is_called_by_the_scope_around_what_it_decorates(
    ws: Workspace,
) -> None:
    assert _callers(ws, "frozen") == [("<module>", "frozen.py"), ("Spec", "frozen.py")]


def test_a_callee_the_server_did_not_resolve_is_unresolved_when_the_workspace_has_its_name(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """``x.send()`` on an untyped ``x`` calls no symbol ty names, while the workspace defines a
    ``send``: ``(unresolved)``, not ``(external)``, which an agent reads as a library's."""
    files = {
        "pyproject.toml": '[project]\nname = "cal"\nversion = "0"\n',
        "cal/__init__.py": "",
        "cal/run.py": (
            "import json\n\n\nclass Adapter:\n    def send(self) -> None: ...\n\n"
            "    def set(self) -> None: ...\n\n\n"
            "def run(x):\n    x.send()\n    seen = set()\n    return json.dumps(seen)\n"
        ),
    }
    ws = served_workspace(tmp_path_factory.mktemp("unresolved"), files, "ty")
    try:
        found = callees(ws, CallsInput(symbol="run"))
        hops = {(h.method, h.external, h.unresolved) for lv in found.levels for h in lv.calls}
        # the builtin set() is no call of the method Adapter.set: a bare call is external
        assert hops == {("send", False, True), ("set", True, False), ("dumps", True, False)}
        text = render(found)
        assert "send  (unresolved)" in text and "dumps  (external: json/__init__.pyi:" in text
    finally:
        ws.close()
