"""A class header naming a value, not a class, against ty's type hierarchy.

virtualenv's tests derive a class from a pytest fixture's parameter (``def test_csh(
activation_tester_class): class Csh(activation_tester_class)``). ty's definition there leads to
the fixture function, so the base was resolved to it and lsai's hierarchy named the function as
Csh's base; ty's supertypes list none (the parameter's value is no class it can name)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from lsai.query.workspace import Workspace
from tests.test_ty_library_bases import DIRECTIONS, Type, live_types, stored_types
from tests.trees import served_workspace

FILES = {
    "pyproject.toml": '[project]\nname = "fx"\nversion = "0"\n',
    "tests/__init__.py": "",
    "tests/conftest.py": (
        "import pytest\n"
        "\n"
        "\n"
        "class Tester:\n"  # 4
        "    pass\n"
        "\n"
        "\n"
        "@pytest.fixture\n"
        "def tester_class():\n"  # 9
        "    return Tester\n"
    ),
    "tests/test_it.py": (
        "from tests.conftest import Tester\n"
        "\n"
        "\n"
        "def test_it(tester_class):\n"
        "    class Csh(tester_class):\n"  # 5
        "        pass\n"
        "\n"
        "    class Sh(Tester):\n"  # 8
        "        pass\n"
        "    assert Csh and Sh\n"
    ),
}
ASKED: dict[str, Type] = {
    "Csh": ("tests/test_it.py", 5, 11),
    "Sh": ("tests/test_it.py", 8, 11),
    "Tester": ("tests/conftest.py", 4, 7),
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    workspace = served_workspace(tmp_path_factory.mktemp("value_bases"), FILES, "ty")
    yield workspace
    workspace.close()


def test_a_fixture_parameter_named_as_a_base_is_no_base(ws: Workspace) -> None:
    server = asyncio.run(live_types(ws.root, ASKED))
    stored = {
        (name, direction): stored_types(ws, at, direction)
        for name, at in ASKED.items()
        for direction in DIRECTIONS
    }
    assert server["Csh", "up"] == set()
    assert server["Sh", "up"] == {("Tester", "tests/conftest.py")}
    assert stored == server
