"""The usages at a library's name a workspace module imports and other modules import from it
(tabulate's tests: ``from common import skip`` of common.py's ``from pytest import skip``),
beside the live ty's references there: one name through the re-exporting module."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server

FILES = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/common.py": (
        "import os  # noqa\n"  # 1
        "from os.path import basename, join  # noqa\n"  # 2
    ),
    "m/absolute.py": (
        "from m.common import join\n"  # 1
        "\n"
        "\n"
        "def here(a: str) -> str:\n"  # 4
        "    return join(a, 'x')\n"  # 5
    ),
    "m/relative.py": (
        "from .common import basename, join\n"  # 1
        "\n"
        "\n"
        "def name(a: str) -> str:\n"  # 4
        "    return basename(join(a, 'y'))\n"  # 5
    ),
    "m/direct.py": (
        "from os.path import basename\n"  # 1: the library's own, imported directly
        "\n"
        "\n"
        "def last(a: str) -> str:\n"  # 4
        "    return basename(a)\n"  # 5
    ),
}

AT = [
    ("m/absolute.py", 5, 12),  # a call of `join` imported from m.common
    ("m/relative.py", 5, 21),  # the same through a relative import
    ("m/common.py", 2, 31),  # the re-exporting import's own binding
    ("m/relative.py", 1, 21),  # an importer's binding
    ("m/direct.py", 5, 12),  # `basename` imported from the library itself
]


@pytest.mark.parametrize("at", AT)
def test_a_name_imported_through_a_workspace_module_is_the_library_name(
    tmp_path: Path, at: Location
) -> None:
    """Both with the declarations (imports are usages to lsai, declarations to ty)."""
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "ty", at, declarations=True)
    assert theirs, "ty answers references there"
    assert mine == theirs


THROUGH = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/helpers.py": (
        "import os\n"  # 1
        "\n"
        "\n"
        "def cwd() -> str:\n"  # 4
        "    return os.getcwd()\n"  # 5
    ),
    "m/aliased.py": (
        "import m.helpers as helpers\n"  # 1
        "\n"
        "\n"
        "def here() -> str:\n"  # 4
        "    return helpers.os.getcwd()\n"  # 5
    ),
    "m/imported.py": (
        "from m import helpers\n"  # 1
        "\n"
        "\n"
        "def separator() -> str:\n"  # 4
        "    return helpers.os.sep\n"  # 5
    ),
}


@pytest.mark.parametrize(
    "at",
    [
        ("m/helpers.py", 5, 12),  # a use of the module its file imports
        ("m/helpers.py", 1, 8),  # that import's binding
        ("m/aliased.py", 5, 20),  # the module reached as the importing module's member
        ("m/imported.py", 5, 20),  # the same through `from m import helpers`
    ],
)
def test_a_library_module_a_workspace_module_imports_is_one_as_that_modules_member(
    tmp_path: Path, at: Location
) -> None:
    """``helpers.os`` of a module that imports ``os`` is the library module ``os``: ty's
    references at either list both spellings; lsai read it as a member of a value at one and
    left it out at the other (plumbum's tests' ``path_utils.os``: 2 "missing" at every
    ``os``)."""
    _, mine, theirs = usages_beside_server(tmp_path, THROUGH, "ty", at, declarations=True)
    assert {("m/aliased.py", 5, 20), ("m/helpers.py", 5, 12)} <= theirs
    assert mine == theirs
