"""A module-level variable holding a bound method of its name (marshmallow-sqlalchemy's
``column2field = default_converter.column2field``, re-exported and imported by the tests): ty's
definition at an importer's call ``column2field(...)`` is the method and the variable, and the
index keys the call to the method, so the usages at the variable (or at its import) listed its
imports alone; ty's references there list the importers' calls too, not a call read off another
value (``converter.column2field(...)``). At such a call ty's references are both symbols'
(left: lsai answers the method's). lsai takes the method's sites spelled the name in the
files importing the variable at module scope (``reach.assigned_members``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, renamed_beside_server, usages_beside_server

FILES = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "from m.convert import column2field\n",
    "m/convert.py": (
        "class Converter:\n"  # 1
        "    def column2field(self, column: str) -> str:\n"  # 2
        "        return column.upper()\n"
        "\n"
        "    def all(self, columns: list[str]) -> list[str]:\n"  # 5
        "        return [self.column2field(c) for c in columns]\n"  # 6
        "\n"
        "\n"
        "default_converter = Converter()\n"  # 9
        "column2field = default_converter.column2field\n"  # 10
    ),
    "m/use.py": (
        "from m import column2field\n"  # 1
        "from m.convert import Converter\n"
        "\n"
        "\n"
        "def run() -> str:\n"  # 5
        "    converter = Converter()\n"
        "    one = column2field('a')\n"  # 7: column2field col 11
        "    two = converter.column2field('b')\n"  # 8
        "    return one + two + column2field('c')\n"  # 9
    ),
}


@pytest.mark.parametrize(
    "at", [("m/convert.py", 10, 1), ("m/use.py", 1, 15)], ids=["the-variable", "its-import"]
)
def test_the_usages_of_a_variable_holding_a_method_list_its_importers_calls(
    tmp_path: Path, at: Location
) -> None:
    """Before: 2 missing at the variable and at its import (the calls at lines 7 and 9)."""
    found, sites, server = usages_beside_server(tmp_path, FILES, "ty", at, declarations=True)
    assert {("m/use.py", 7, 11), ("m/use.py", 9, 24)} <= server
    assert ("m/use.py", 8, 21) not in server
    assert sites == server, found.provenance.notes


@pytest.mark.parametrize(
    "at", [("m/convert.py", 10, 1), ("m/use.py", 1, 15)], ids=["the-variable", "its-import"]
)
def test_the_rename_of_a_variable_holding_a_method_renames_its_importers_calls(
    tmp_path: Path, at: Location
) -> None:
    """Before: lines 7 and 9 of m/use.py untouched (marshmallow-sqlalchemy column2field 4,
    fields_for_model 17, property2field 3, field_for 6 missing)."""
    mine, theirs = renamed_beside_server(tmp_path, FILES, "ty", at, "renamed")
    assert {("m/use.py", 7), ("m/use.py", 9)} <= {(f, line) for f, line, _ in theirs}
    assert mine == theirs
