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
