"""A pytest test's parameter naming a fixture of the workspace (``def test_x(tmp, converter)``):
ty's references there are the fixture's (its definition, every test parameter naming it and
their uses), its definition leads to the fixture, and its rename renames the test's parameter
and its uses alone. lsai's usages, info and rename there beside the live server's answers."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.info import InfoInput, info
from lsai.query.workspace import open_workspace
from tests.renames import Location, live_definition, renamed_beside_server, usages_beside_server
from tests.trees import served_tree

FILES = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/conftest.py": (
        "import pytest\n"  # 1
        "\n"
        "\n"
        "@pytest.fixture\n"  # 4
        "def converter() -> list[int]:\n"  # 5
        "    return [1]\n"  # 6
    ),
    "m/test_a.py": (
        "import pytest\n"  # 1
        "\n"
        "\n"
        "@pytest.fixture\n"  # 4
        "def local_fx(converter: list[int]) -> int:\n"  # 5
        "    return len(converter)\n"  # 6
        "\n"
        "\n"
        "def test_x(tmp_path, converter):\n"  # 9
        "    converter.append(1)\n"  # 10
        "    assert converter\n"  # 11
        "\n"
        "\n"
        "def test_y(converter, local_fx):\n"  # 14
        "    assert converter and local_fx\n"  # 15
        "\n"
        "\n"
        "class TestC:\n"  # 18
        "    def test_m(self, converter):\n"  # 19
        "        assert converter\n"  # 20
    ),
    "m/test_b.py": "def test_z(converter):\n    assert converter\n",
}
PARAMETERS = [
    ("m/test_a.py", 9, 22),  # after another parameter
    ("m/test_a.py", 19, 22),  # a test method's, after self
    ("m/test_a.py", 14, 23),  # a fixture of the test's own module
    ("m/test_a.py", 14, 12),  # the first
]


@pytest.mark.parametrize("at", PARAMETERS)
def test_a_fixtures_parameter_has_the_fixtures_usages_as_ty_lists_them(
    tmp_path: Path, at: Location
) -> None:
    """Asked at the parameter after ``tmp_path,`` lsai answered the parameter, a local, with
    the fixture's uses beside it under a note saying TypeScript's server does so; now the
    fixture, whose definition ty's leads to, its usages ty's references there."""
    found, sites, live = usages_beside_server(tmp_path, FILES, "ty", at)
    assert sites == live
    defined = asyncio.run(live_definition(tmp_path, "ty", at))
    assert {(found.symbol.file, found.symbol.line, found.symbol.col)} == defined
    assert found.mode == "semantic" and found.symbol.kind == "function"


@pytest.mark.parametrize("at", PARAMETERS)
def test_a_fixtures_parameter_is_the_fixture_to_info_where_tys_definition_leads(
    tmp_path: Path, at: Location
) -> None:
    """lsai's info at the parameter after ``tmp_path,`` said a parameter, no symbol of the
    index; ty's definition there is the fixture's."""
    served_tree(tmp_path, FILES, "ty")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        found = info(ws, InfoInput(file=at[0], line=at[1], col=at[2])).symbol
    finally:
        ws.close()
    assert {(found.file, found.line, found.col)} == asyncio.run(live_definition(tmp_path, "ty", at))


@pytest.mark.parametrize(
    "at",
    [
        *PARAMETERS,
        ("m/test_a.py", 10, 5),  # a use of the parameter in the test
        ("m/test_a.py", 15, 26),
    ],
)
def test_a_fixtures_parameter_renames_as_ty_renames_it(tmp_path: Path, at: Location) -> None:
    """ty's rename at a test's parameter naming a fixture, or at a use of it in the test,
    renames that parameter and its uses alone (as a local); lsai's renamed the fixture and every
    parameter naming it where the parameter came first or at a use."""
    stored, live = renamed_beside_server(tmp_path, FILES, "ty", at, "zz")
    assert live and stored == live
