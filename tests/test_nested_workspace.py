"""A workspace inside another Python repository that ignores it (a vendored or scratch folder, a
benchmark's cache): ty takes the outer ``pyproject.toml`` for its project and applies the outer
repository's ignore files, leaving every file of the workspace out, so that references found
nothing across files (measured: flask's ``Flask.test_client``, 34 usages, found none). lsai
tells ty not to read ignore files there; its own crawler decides what the workspace holds."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from lsai.indexer.lsp.pyenv import nested_in_repository
from lsai.query.usages import UsagesInput, usages
from tests.trees import served_workspace

FILES = {  # two projects: one ty session serves both (``pyenv``), its files named by include
    "one/pyproject.toml": '[project]\nname = "one"\nversion = "0"\n',
    "one/src/one/__init__.py": "",
    "one/src/one/core.py": "def helper() -> int:\n    return 1\n",
    "one/tests/test_core.py": "from one.core import helper\n\n\ndef test_it() -> None:\n"
    "    assert helper() == 1\n",
    "two/pyproject.toml": '[project]\nname = "two"\nversion = "0"\n',
    "two/two/__init__.py": "VALUE = 2\n",
}


def test_references_cross_files_in_a_workspace_the_outer_repository_ignores(
    tmp_path: Path,
) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text("cache/\n")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "outer"\nversion = "0"\n')
    root = tmp_path / "cache" / "project"
    root.mkdir(parents=True)
    assert nested_in_repository(root) and not nested_in_repository(tmp_path)
    ws = served_workspace(root, FILES, "ty")
    try:
        found = usages(ws, UsagesInput(symbol="helper"))
    finally:
        ws.close()
    assert {(f.file, u.line) for f in found.files for u in f.usages} == {
        ("one/tests/test_core.py", 1),
        ("one/tests/test_core.py", 5),
    }


def test_a_repository_root_is_not_nested(tmp_path: Path) -> None:
    if (tmp_path / ".git").exists() or any((p / ".git").exists() for p in tmp_path.parents):
        pytest.skip("the temporary folder is inside a git work tree")
    assert not nested_in_repository(tmp_path)
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    assert not nested_in_repository(tmp_path)
