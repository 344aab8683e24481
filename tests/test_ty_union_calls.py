"""A call ty resolves to several callees is a call of each, as ty's incoming calls say: a method
called through a union (``shape.area()`` with ``shape: Circle | Square``), a constructor called
through a variable holding either of two classes (``cls = Circle if flag else Square; cls()``);
the overloads of one function stay one callee. The callers lsai stores are compared with the
live server's ``callHierarchy/incomingCalls`` of every function and method."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from lsai.indexer.live import LiveIndex
from lsai.indexer.lsp.documents import Documents
from lsai.indexer.lsp.session import LspSession
from lsai.query.calls import CallsInput, callers
from lsai.query.workspace import Workspace, open_workspace
from tests.test_live import assert_equals_rebuild
from tests.test_lsp_typescript import sources
from tests.trees import served_tree

SHAPES = """class Circle:
    def __init__(self) -> None:
        self.r = 1

    def area(self) -> float:
        return 3.0


class Square:
    def __init__(self) -> None:
        self.s = 1

    def area(self) -> float:
        return 4.0


class Plain:
    def area(self) -> float:
        return 0.0
"""
USE = """import typing

from shapes import Circle, Plain, Square


def measure(shape: Circle | Square) -> float:
    return shape.area()


def build(flag: bool) -> object:
    cls = Circle if flag else Square
    return cls()


def plain() -> float:
    return Plain().area()


def any_area(shape: Circle | Square | Plain) -> float:
    return shape.area()


@typing.overload
def scale(x: int) -> int: ...
@typing.overload
def scale(x: str) -> str: ...
def scale(x: object) -> object:
    return x


def twice() -> object:
    return scale(1), scale("a")
"""
FILES = {
    "pyproject.toml": '[project]\nname = "unions"\nversion = "0"\n',
    "shapes.py": SHAPES,
    "use.py": USE,
}
Caller = tuple[str, str]  # (name, path): a module-level caller is ``<module>``
Callable = tuple[str, int, int]  # (path, name line, name column), 1-based


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("unions")
    served_tree(root, FILES, "ty")
    opened = open_workspace(root)
    yield opened
    opened.close()


def _callables() -> list[Callable]:
    """Every ``def`` of ``FILES``, where its name is."""
    out: list[Callable] = []
    for path, text in FILES.items():
        for number, line in enumerate(text.splitlines(), 1):
            if line.lstrip().startswith("def "):
                out.append((path, number, line.index("def ") + 5))
    return out


async def live_callers(
    root: Path, asked: list[Callable], server: str = "ty"
) -> dict[Callable, set[Caller]]:
    """The server's incoming calls of each of ``asked``: the caller's name and file."""
    files = sources(root)
    async with LspSession(server, root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        out: dict[Callable, set[Caller]] = {}
        for path, line, col in asked:
            prepare = lsp.CallHierarchyPrepareParams(
                text_document=lsp.TextDocumentIdentifier(uri=documents.uri(path)),
                position=documents.position(path, line, col),
            )
            found: set[Caller] = set()
            for item in (
                await session.lsp.request(lsp.TEXT_DOCUMENT_PREPARE_CALL_HIERARCHY, prepare) or []
            ):
                params = lsp.CallHierarchyIncomingCallsParams(item=item)
                for call in (
                    await session.lsp.request(lsp.CALL_HIERARCHY_INCOMING_CALLS, params) or []
                ):
                    caller = call.from_
                    module = caller.kind in (lsp.SymbolKind.File, lsp.SymbolKind.Module)
                    name = "<module>" if module else caller.name
                    found.add((name, documents.path_of(caller.uri) or ""))
            out[(path, line, col)] = found
        return out


def stored_callers(ws: Workspace, at: Callable) -> set[Caller]:
    path, line, col = at
    answer = callers(ws, CallsInput(file=path, line=line, col=col))
    return {(h.method.rsplit(".", 1)[-1], h.file or "") for lv in answer.levels for h in lv.calls}


def callers_beside_server(
    root: Path, files: dict[str, str], server: str, asked: list[Callable]
) -> tuple[dict[Callable, set[Caller]], dict[Callable, set[Caller]]]:
    """``files`` indexed with ``server``: lsai's callers of each of ``asked``, and the live
    server's incoming calls of each."""
    served_tree(root, files, server)
    ws = open_workspace(root)
    try:
        stored = {at: stored_callers(ws, at) for at in asked}
    finally:
        ws.close()
    return stored, asyncio.run(live_callers(root, asked, server=server))


def test_the_callers_of_every_function_are_tys_incoming_calls(ws: Workspace) -> None:
    asked = _callables()
    server = asyncio.run(live_callers(ws.root, asked))
    stored = {at: stored_callers(ws, at) for at in asked}
    assert stored == server


def test_a_method_called_through_a_union_is_called_by_that_call(ws: Workspace) -> None:
    for method in ("Circle.area", "Square.area"):
        answer = callers(ws, CallsInput(symbol=method))
        assert sorted((h.method, h.file) for lv in answer.levels for h in lv.calls) == [
            ("any_area", "use.py"),
            ("measure", "use.py"),
        ]
    answer = callers(ws, CallsInput(symbol="Plain.area"))
    assert sorted(h.method for lv in answer.levels for h in lv.calls) == ["any_area", "plain"]


def test_a_class_held_by_a_variable_of_either_class_is_constructed_by_its_call(
    ws: Workspace,
) -> None:
    for init in ("Circle.__init__", "Square.__init__"):
        answer = callers(ws, CallsInput(symbol=init))
        assert [(h.method, h.file) for lv in answer.levels for h in lv.calls] == [
            ("build", "use.py")
        ]


def test_a_live_update_of_the_union_members_equals_a_rebuild(tmp_path: Path) -> None:
    """A member of the union renamed, then restored, in a live update: the calls of the
    unchanged file follow as a rebuild stores them."""
    root = tmp_path / "tree"
    served_tree(root, FILES, "ty")
    target = root / "shapes.py"
    with LiveIndex(root) as index:
        assert index.update().complete
        target.write_text(
            SHAPES.replace(
                "def area(self) -> float:\n        return 4.0",
                "def size(self) -> float:\n        return 4.0",
            )
        )
        assert index.update(["shapes.py"]).complete
        assert_equals_rebuild(root, tmp_path / "renamed")
        target.write_text(SHAPES)
        assert index.update(["shapes.py"]).complete
    assert_equals_rebuild(root, tmp_path / "restored")
