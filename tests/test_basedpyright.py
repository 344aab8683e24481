"""basedpyright, the alternative Python server (``[servers] python = "basedpyright"``): told the
project's interpreter and its first-party roots, as ty is, and its pushed diagnostics waited
for (before: read when its progress ended, none had come). Live basedpyright."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from lsai.indexer.lsp.launch import ProjectContext
from lsai.indexer.lsp.pyenv import pyright_settings
from tests.test_pyroots import CONFIGS, PACKAGE
from tests.trees import index_rows, served_tree, usage_lines

CHOSEN = {"lsai.toml": '[servers]\npython = "basedpyright"\n'}


def test_a_lib_layout_resolves_and_its_diagnostics_are_stored(tmp_path: Path) -> None:
    bad = {"lib/mypkg/bad.py": 'x: int = "s"\n'}
    served_tree(
        tmp_path, {**CHOSEN, **CONFIGS["setuptools-find"], **PACKAGE, **bad}, "basedpyright"
    )
    assert usage_lines(tmp_path, "thing") == {("tests/test_core.py", 1), ("tests/test_core.py", 5)}
    stored = index_rows(
        tmp_path,
        "SELECT f.path, d.start_line, d.code FROM diagnostics d JOIN files f ON f.id = d.file_id"
        " WHERE d.severity = 'error'",
    )
    assert stored == [("lib/mypkg/bad.py", 1, "reportAssignmentType")]


def _venv_with(root: Path, package: str, text: str) -> Path:
    """A virtual environment in ``root/.venv`` (no pip) with ``package`` in its site-packages."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root / ".venv")], check=True)
    lib = next((root / ".venv" / "lib").glob("python3*")) / "site-packages" / package
    lib.mkdir(parents=True)
    (lib / "__init__.py").write_text(text, encoding="utf-8")
    return root / ".venv"


def test_the_virtual_environment_above_a_project_is_its_interpreter(tmp_path: Path) -> None:
    """A monorepo's package without its own ``.venv`` (a uv workspace's member): the root's is
    its interpreter, as for ty (``python_environment``)."""
    venv = _venv_with(tmp_path, "fakelib", "def helper() -> int:\n    return 1\n")
    files = {
        **CHOSEN,
        "pkg/pyproject.toml": "[project]\nname = 'pkg'\nversion = '0'\n",
        "pkg/app.py": "from fakelib import helper\n\nhelper()\n",
    }
    served_tree(tmp_path, files, "basedpyright")
    context = ProjectContext(tmp_path, tmp_path / "pkg")
    assert pyright_settings(context, "python") == {
        "pythonPath": str(venv / "bin" / "python"),
        "analysis": {},
    }
    codes = index_rows(tmp_path, "SELECT code FROM diagnostics")
    assert ("reportMissingImports",) not in codes and ("reportAttributeAccessIssue",) not in codes
    assert codes, "basedpyright's diagnostics were read"


def test_the_settings_sections_hold_the_extra_paths(tmp_path: Path) -> None:
    for path, text in {**CONFIGS["poetry"], **PACKAGE}.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text, encoding="utf-8")
    context = ProjectContext(tmp_path, tmp_path)
    extra = {"extraPaths": [str(tmp_path / "lib")]}
    assert pyright_settings(context, "python.analysis") == extra
    assert pyright_settings(context, "basedpyright.analysis") == extra
    assert pyright_settings(context, "python.pythonPath") is None
    assert pyright_settings(context, "unknown.section") is None
