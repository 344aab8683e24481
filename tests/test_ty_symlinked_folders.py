"""A Python package folder that a symlinked folder of the workspace also names (lsai's own
tree: ``lsai/storage -> ../storage``, imported as ``lsai.storage.graph``). lsai indexes each file
once, at its real path; ty takes the file imported through the link for another module, so its
references asked at the real path list none of the importers' sites (lsai's ``run_index`` had 1
usage and 83 callers). The names such files declare are resolved by definition instead: their
usages are ty's references asked at the link's path (where the importers name them) together
with those asked at the real path (where the folder's own modules do)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from lsai.indexer.crawler import discover
from lsai.query.calls import CallsInput, callers
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace, open_workspace
from tests.test_references_match_server import Location, live
from tests.trees import served_tree

FILES = {
    "pyproject.toml": '[project]\nname = "linked"\nversion = "0"\n',
    "realsrc/__init__.py": "",
    "realsrc/mod.py": (
        "def helper():\n    return 1\n\n\nclass Store:\n    def get(self):\n"
        "        return helper()\n"
    ),
    "realsrc/local.py": "from .mod import helper\n\n\ndef near():\n    return helper()\n",
    "pkg/__init__.py": "",
    "main.py": (
        "from pkg.sub.mod import Store, helper\n\n\ndef far():\n    return helper(), "
        "Store().get()\n"
    ),
}
SYMBOLS = {"helper": (1, 5), "Store": (5, 7), "Store.get": (6, 9)}


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("linked")
    (root / "pkg").mkdir()
    (root / "pkg" / "sub").symlink_to("../realsrc")
    served_tree(root, FILES, "ty")
    opened = open_workspace(root)
    yield opened
    opened.close()


def _usages(ws: Workspace, line: int, col: int) -> set[Location]:
    found = usages(ws, UsagesInput(file="realsrc/mod.py", line=line, col=col))
    return {(f.file, u.line, u.col) for f in found.files for u in f.usages}


def test_the_crawler_records_the_folders_a_symlinked_folder_names(tmp_path: Path) -> None:
    for path, text in FILES.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    (tmp_path / "pkg" / "sub").symlink_to("../realsrc")
    (tmp_path / "pkg" / "outside").symlink_to("/")  # a folder outside the workspace: not one
    (tmp_path / "pkg" / "broken").symlink_to("missing")
    found = discover(tmp_path)
    assert found.linked == ("realsrc",)
    assert found.aliased("realsrc/mod.py") and not found.aliased("main.py")
    assert "pkg/sub/mod.py" not in {f.path for f in found.files}  # indexed once, really


def test_usages_hold_tys_references_at_the_link_and_at_the_real_path(ws: Workspace) -> None:
    asked = {
        f"{n}@{p}": (p, line, col)
        for n, (line, col) in SYMBOLS.items()
        for p in ("pkg/sub/mod.py", "realsrc/mod.py")
    }
    server = asyncio.run(live(ws.root, asked, "ty"))
    for name, (line, col) in SYMBOLS.items():
        expected = server[f"{name}@pkg/sub/mod.py"] | server[f"{name}@realsrc/mod.py"]
        expected.discard(("realsrc/mod.py", line, col))
        assert any(p == "main.py" for p, _, _ in expected), (name, expected)  # the importer
        assert _usages(ws, line, col) == expected, name


def test_callers_cross_the_link(ws: Workspace) -> None:
    found = callers(ws, CallsInput(file="realsrc/mod.py", line=1, col=5))
    names = {c.method for level in found.levels for c in level.calls}
    assert names == {"Store.get", "near", "far"}
