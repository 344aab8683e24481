"""A module that ships a ``.pyi`` stub beside its ``.py`` (more-itertools does): ty's references
of a function or class the stub declares are its uses in the workspace, those of the ``.py``'s
implementation are not (ty's definition of a use leads to the ``.py``, its declaration to the
stub). The index names a site by its declaration (``ServerAdapter.naming``): the stored usages
of every symbol equal ty's references, in a full run and after a live update."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsai.indexer.live import LiveIndex
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.test_live import assert_equals_rebuild
from tests.test_references_match_server import live
from tests.test_ty_by_definition import _stored
from tests.trees import served_tree

LIB = """def chunked(iterable, n):
    return [iterable[i : i + n] for i in range(0, len(iterable), n)]


class AbortThread(BaseException):
    pass


class Peekable:
    def __init__(self, iterable):
        self.it = iter(iterable)

    def peek(self):
        return next(self.it)
"""
STUB = """from collections.abc import Iterable, Sequence

def chunked(iterable: Sequence[int], n: int) -> list[Sequence[int]]: ...

class AbortThread(BaseException): ...

class Peekable:
    def __init__(self, iterable: Iterable[int]) -> None: ...
    def peek(self) -> int: ...
"""
INIT = "from lib.more import AbortThread, Peekable, chunked\n"
USE = """import lib as mi
from lib.more import chunked


def run(items: list[int]) -> object:
    try:
        return chunked(items, 2), mi.chunked(items, 3), mi.Peekable(items).peek()
    except mi.AbortThread:
        return None
"""
FILES = {
    "pyproject.toml": '[project]\nname = "stubs"\nversion = "0"\n',
    "lib/__init__.py": INIT,
    "lib/more.py": LIB,
    "lib/more.pyi": STUB,
    "use.py": USE,
}
NAMES = {"chunked", "AbortThread", "Peekable", "peek", "__init__"}


def test_the_usages_of_a_stubs_declarations_are_tys_references(tmp_path: Path) -> None:
    served_tree(tmp_path, FILES, "ty")
    symbols, used = _stored(tmp_path, NAMES)
    assert len(symbols) == 2 * len(NAMES)  # each in the stub and in the .py
    server = asyncio.run(live(tmp_path, symbols, "ty"))
    differ = {key: (used[key], server[key]) for key in symbols if used[key] != server[key]}
    assert not differ
    ws = open_workspace(tmp_path)
    try:
        found = usages(ws, UsagesInput(symbol="chunked", file="lib/more.pyi", line=3))
        assert [(f.file, u.line) for f in found.files for u in f.usages] == [
            ("lib/__init__.py", 1), ("use.py", 2), ("use.py", 7), ("use.py", 7)
        ]  # fmt: skip
    finally:
        ws.close()


def test_a_live_update_names_a_site_by_its_declaration_as_a_full_run(tmp_path: Path) -> None:
    root = tmp_path / "tree"
    served_tree(root, FILES, "ty")
    with LiveIndex(root) as index:
        assert index.update().complete
        target = root / "use.py"
        target.write_text(USE + "\n\ndef again() -> object:\n    return mi.chunked([1], 1)\n")
        assert index.update(["use.py"]).complete
    assert_equals_rebuild(root, tmp_path)
    symbols, used = _stored(root, {"chunked"})
    stub = next(k for k in symbols if "more.pyi" in k)
    assert ("use.py", 13, 15) in used[stub]
