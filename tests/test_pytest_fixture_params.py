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
from tests.renames import (
    Location,
    live_definition,
    live_references,
    renamed_beside_server,
    usages_beside_server,
)
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
    assert {_info_at(tmp_path, FILES, at)} == asyncio.run(live_definition(tmp_path, "ty", at))


def _info_at(root: Path, files: dict[str, str], at: Location) -> Location:
    """Where the symbol lsai's info at ``at`` answers is defined, ``files`` indexed with ty."""
    served_tree(root, files, "ty")
    ws = open_workspace(root, scopes=lambda: SCOPES)
    try:
        found = info(ws, InfoInput(file=at[0], line=at[1], col=at[2])).symbol
    finally:
        ws.close()
    return found.file, found.line, found.col


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


NAMED = {  # structlog's way: the fixture's name in the decorator, the function's another
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/conftest.py": (
        "import pytest\n"  # 1
        "\n"
        "\n"
        '@pytest.fixture(scope="session", name="cl")\n'  # 4
        "def _cl() -> list[int]:\n"  # 5
        "    return [1]\n"  # 6
    ),
    "m/test_a.py": (
        "from pytest import fixture\n"  # 1
        "\n"
        "\n"
        "@fixture(name='local')\n"  # 4
        "def _local(cl: list[int]) -> int:\n"  # 5
        "    return len(cl)\n"  # 6
        "\n"
        "\n"
        "def test_x(tmp_path, cl):\n"  # 9
        "    cl.append(1)\n"  # 10
        "    assert cl\n"  # 11
        "\n"
        "\n"
        "class TestC:\n"  # 14
        "    def test_m(self, cl, local):\n"  # 15
        "        assert cl and local\n"  # 16
    ),
    "m/test_b.py": "def test_z(cl):\n    assert cl\n",
}
NAMED_PARAMETERS = [
    ("m/test_a.py", 9, 22),  # after another parameter
    ("m/test_a.py", 15, 22),  # a test method's, after self
    ("m/test_a.py", 15, 26),  # a fixture of the test's own module, declared `name='local'`
    ("m/test_b.py", 1, 12),  # the first
    ("m/test_a.py", 5, 12),  # a fixture's, asking for the other
]


@pytest.mark.parametrize("at", [*NAMED_PARAMETERS, ("m/test_a.py", 10, 5), ("m/test_a.py", 6, 16)])
def test_a_parameter_naming_a_fixture_declared_by_name_has_tys_references(
    tmp_path: Path, at: Location
) -> None:
    """``@pytest.fixture(name="cl") def _cl()``: ty's references at a ``cl`` parameter, or at
    a use of it, are every ``cl`` parameter and their uses (its references at the quoted name).
    The index keyed none of them (ty's references at ``_cl`` list ``_cl`` alone, and ``_cl`` was
    skipped as unused): lsai answered the parameter as a local, its uses in its test alone."""
    found, sites, live = usages_beside_server(tmp_path, NAMED, "ty", at)
    assert len(live) >= 2 and sites == live
    assert found.mode == "semantic" and found.symbol.kind == "function"


@pytest.mark.parametrize("at", NAMED_PARAMETERS)
def test_a_parameter_naming_a_fixture_declared_by_name_is_the_function_tys_definition_leads_to(
    tmp_path: Path, at: Location
) -> None:
    """lsai's info at a ``cl`` parameter after a comma said a parameter (and at the first, the
    parameter too); ty's definition there leads to the decorated function ``_cl``."""
    assert {_info_at(tmp_path, NAMED, at)} == asyncio.run(live_definition(tmp_path, "ty", at))


@pytest.mark.parametrize(
    ("function", "name", "quoted"),
    [
        (("m/conftest.py", 5, 5), "_cl", ("m/conftest.py", 4, 40)),
        (("m/test_a.py", 5, 5), "_local", ("m/test_a.py", 4, 16)),
    ],
)
def test_a_fixture_declared_by_name_has_the_usages_of_its_quoted_name(
    tmp_path: Path, function: Location, name: str, quoted: Location
) -> None:
    """lsai's usages at ``_cl`` itself are ty's references at the quoted ``"cl"``, the
    fixture's name (every test parameter of that name and their uses), not ty's at ``_cl``,
    which list ``_cl`` alone: the fixture's one symbol, whose users those are (a fixture no
    test named would look unused). lsai had none."""
    found, sites, _ = usages_beside_server(tmp_path, NAMED, "ty", function)
    live = asyncio.run(live_references(tmp_path, "ty", quoted))
    assert found.symbol.name == name
    assert live and sites == live


@pytest.mark.parametrize(
    "at", [("m/conftest.py", 5, 5), ("m/test_a.py", 9, 22), ("m/test_a.py", 10, 5)]
)
def test_a_fixture_declared_by_name_renames_as_ty_renames_it(tmp_path: Path, at: Location) -> None:
    """ty's rename at ``_cl`` renames the function alone, at a ``cl`` parameter or a use of it
    that parameter and its uses: the parameters the index now keys to ``_cl`` (their name is
    not the function's) stay out of the first, the fixture out of the second. Passed before
    (the parameters were keyed to nothing); kept so the keying does not leak into rename."""
    stored, live = renamed_beside_server(tmp_path, NAMED, "ty", at, "zz")
    assert live and stored == live
