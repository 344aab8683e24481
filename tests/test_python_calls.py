"""Who calls what in Python, as ty's incoming calls and Python itself say: a ``def``'s decorators
and default values run in the scope around it, so their calls are that scope's, not the
function's (ty's outgoing calls of the function list them; the index does not follow that); a
call of two callees at one site (``self.__class__(v)``: ``__class__`` and ``__init__``) is both."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lsai.query.calls import CallsInput, callees, callers
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
