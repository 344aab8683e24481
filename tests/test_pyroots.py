"""A Python project whose packages live where its packaging configuration says (``lib/`` with
setuptools' ``packages.find where``, poetry's ``from``, ...): ty is told those folders as roots,
so the importers' uses are its references (before: ``import-not-found`` at every importer, and
the symbols' usages missed them all)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsai.indexer.lsp.launch import ProjectContext
from lsai.indexer.lsp.pyenv import search_roots, ty_settings
from lsai.indexer.lsp.pyroots import packaging_roots
from tests.trees import served_tree, usage_lines

HEAD = "[project]\nname = 'mypkg'\nversion = '0'\n"
CONFIGS = {
    "setuptools-find": {
        "pyproject.toml": HEAD + "[tool.setuptools.packages.find]\nwhere = ['lib']\n"
    },
    "setuptools-package-dir": {
        "pyproject.toml": HEAD + "[tool.setuptools.package-dir]\n'' = 'lib'\n"
    },
    "poetry": {
        "pyproject.toml": "[tool.poetry]\nname = 'mypkg'\n"
        "packages = [{ include = 'mypkg', from = 'lib' }]\n"
    },
    "hatch": {
        "pyproject.toml": HEAD + "[tool.hatch.build.targets.wheel]\npackages = ['lib/mypkg']\n"
    },
    "pdm": {"pyproject.toml": HEAD + "[tool.pdm.build]\npackage-dir = 'lib'\n"},
    "uv": {"pyproject.toml": HEAD + "[tool.uv.build-backend]\nmodule-root = 'lib'\n"},
    "setup.cfg": {"setup.cfg": "[options]\npackage_dir =\n    =lib\npackages = find:\n"},
    "setup.cfg-find": {"setup.cfg": "[options.packages.find]\nwhere = lib\n"},
    "setup.py": {"setup.py": "from setuptools import setup\nsetup(package_dir={'': 'lib'})\n"},
    "setup.py-find": {"setup.py": "setup(packages=find_packages(where='lib'))\n"},
}
PACKAGE = {
    "lib/mypkg/__init__.py": "",
    "lib/mypkg/core.py": "def thing(x):\n    return x\n",
    "tests/test_core.py": (
        "from mypkg.core import thing\n"  # 1
        "\n"
        "\n"
        "def test_thing():\n"
        "    assert thing(1) == 1\n"  # 5
    ),
}


def _write(root: Path, files: dict[str, str]) -> None:
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")


@pytest.mark.parametrize("config", CONFIGS.values(), ids=CONFIGS.keys())
def test_the_folder_a_packaging_configuration_names_is_a_root(
    tmp_path: Path, config: dict[str, str]
) -> None:
    _write(tmp_path, {**config, **PACKAGE})
    assert packaging_roots(tmp_path) == [tmp_path / "lib"]
    assert search_roots(tmp_path) == [tmp_path / "lib", tmp_path]


def test_folders_outside_the_project_missing_or_the_project_itself_are_no_roots(
    tmp_path: Path,
) -> None:
    where = "['..', 'gone', '.', 'lib', 'lib/']"
    _write(
        tmp_path, {"pyproject.toml": HEAD + f"[tool.setuptools.packages.find]\nwhere = {where}\n"}
    )
    (tmp_path / "lib").mkdir()
    assert packaging_roots(tmp_path) == [tmp_path / "lib"]
    (tmp_path / "pyproject.toml").write_text("[tool.setuptools\n", encoding="utf-8")  # broken
    assert packaging_roots(tmp_path) == []


def test_ty_is_told_the_roots_unless_the_project_tells_it_its_own(tmp_path: Path) -> None:
    _write(tmp_path, {**CONFIGS["setuptools-find"], **PACKAGE})
    settings = ty_settings(ProjectContext(tmp_path, tmp_path), "ty")
    assert isinstance(settings, dict)
    roots = settings["configuration"]["environment"]["root"]
    assert roots == [str(tmp_path / "lib"), str(tmp_path)]
    own = CONFIGS["setuptools-find"]["pyproject.toml"] + "[tool.ty.environment]\nroot = ['lib']\n"
    (tmp_path / "pyproject.toml").write_text(own, encoding="utf-8")
    assert ty_settings(ProjectContext(tmp_path, tmp_path), "ty") == {
        "diagnosticMode": "openFilesOnly"
    }


def test_the_importers_of_a_package_under_its_packaging_root_are_its_usages(
    tmp_path: Path,
) -> None:
    served_tree(tmp_path, {**CONFIGS["setuptools-find"], **PACKAGE}, "ty")
    assert usage_lines(tmp_path, "thing") == {("tests/test_core.py", 1), ("tests/test_core.py", 5)}
