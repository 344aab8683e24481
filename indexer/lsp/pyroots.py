"""The source folders a Python project's packaging configuration names.

ty looks for a project's own modules in ``src/``, ``python/`` and the project folder. A project
whose packages live elsewhere says so to its build backend (``lib/mypkg`` with setuptools'
``packages.find where = ["lib"]``, poetry's ``from = "lib"``); ty does not read that, reports
every ``from mypkg import ...`` as ``import-not-found`` and ties nothing it imports, so the
references of the package's symbols miss every importer (tests, scripts, other packages). The
folders read here are handed to ty as roots (``pyenv``), as an editable install would put them
on the path:

- pyproject.toml: setuptools' ``[tool.setuptools.packages.find] where`` and ``package-dir``'s
  ``""`` entry, poetry's ``packages = [{include, from}]``, hatch's wheel ``packages``
  (``"lib/mypkg"``: ``lib``), pdm's ``package-dir``, uv's ``module-root``, maturin's
  ``python-source``;
- setup.cfg: ``[options] package_dir = =lib`` and ``[options.packages.find] where``;
- setup.py: ``package_dir={"": "lib"}`` and ``find_packages("lib")`` (``where="lib"``), read as
  text, never run.

A folder that is not inside the project, or does not exist, is left out.
"""

from __future__ import annotations

import configparser
import os
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

_SETUP_PACKAGE_DIR = re.compile(r"""package_dir\s*=\s*\{\s*(['"])\1\s*:\s*['"]([^'"]+)['"]""")
_SETUP_FIND = re.compile(r"""find_(?:namespace_)?packages\(\s*(?:where\s*=\s*)?['"]([^'"]+)['"]""")


def packaging_roots(project: Path) -> list[Path]:
    """The folders inside ``project`` its packaging configuration names as where its packages
    are, in the order found, each once; none for a project without such configuration."""
    found: list[Path] = []
    for name in (*_pyproject(project), *_setup_cfg(project), *_setup_py(project)):
        folder = Path(os.path.normpath(project / name.strip().strip("/")))
        inside = folder != project and folder.is_relative_to(project)
        if inside and folder.is_dir() and folder not in found:
            found.append(folder)
    return found


def read_toml(path: Path) -> dict[str, Any] | None:
    """The TOML file at ``path``; None when it is missing or unreadable (a project's packaging
    or ty configuration, read for hints only: a broken one is the build tool's to report)."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None


def table(data: Any, *keys: str) -> Any:
    """``data[keys[0]][keys[1]]...``, None where a level is missing or no table."""
    for key in keys:
        data = data.get(key) if isinstance(data, dict) else None
    return data


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return []


def _pyproject(project: Path) -> Iterator[str]:
    tool = table(read_toml(project / "pyproject.toml"), "tool")
    yield from _strings(table(tool, "setuptools", "packages", "find", "where"))
    yield from _strings(table(tool, "setuptools", "package-dir", ""))
    for package in table(tool, "poetry", "packages") or []:
        yield from _strings(table(package, "from"))
    for path in _strings(table(tool, "hatch", "build", "targets", "wheel", "packages")):
        parent = path.strip("/").rpartition("/")[0]
        if parent:
            yield parent
    yield from _strings(table(tool, "pdm", "build", "package-dir"))
    yield from _strings(table(tool, "uv", "build-backend", "module-root"))
    yield from _strings(table(tool, "maturin", "python-source"))


def _setup_cfg(project: Path) -> Iterator[str]:
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read(project / "setup.cfg", encoding="utf-8")
    except (configparser.Error, UnicodeDecodeError):
        return
    for line in parser.get("options", "package_dir", fallback="").splitlines():
        package, equals, folder = line.partition("=")
        if equals and not package.strip() and folder.strip():
            yield folder
    yield from parser.get("options.packages.find", "where", fallback="").split()


def _setup_py(project: Path) -> Iterator[str]:
    try:
        text = (project / "setup.py").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return
    for found in _SETUP_PACKAGE_DIR.finditer(text):
        yield found.group(2)
    for found in _SETUP_FIND.finditer(text):
        yield found.group(1)
