"""A base named through an import alias, against ty's type hierarchy.

pip's vendored requests declares ``class ContentDecodingError(RequestException,
BaseHTTPError)`` after ``from pip._vendor.urllib3.exceptions import HTTPError as
BaseHTTPError`` (the module defines its own ``HTTPError``). ty's references of urllib3's
``HTTPError`` stop at the imported name, so the alias and its use in the class header are
keyed to nothing; the base kept its name alone, which names no class, and lsai's hierarchy
lost the edge (urllib3 HTTPError down: "missing" ContentDecodingError; ContentDecodingError up:
``BaseHTTPError (external)``). ty's subtypes and supertypes follow the alias."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from lsai.query.workspace import Workspace
from tests.test_ty_library_bases import DIRECTIONS, Type, live_types, stored_types
from tests.trees import served_workspace

FILES = {
    "pyproject.toml": '[project]\nname = "fx"\nversion = "0"\n',
    "src/pkg/__init__.py": "",
    "src/pkg/_vendor/__init__.py": "",
    "src/pkg/_vendor/net/__init__.py": "",
    "src/pkg/_vendor/net/errors.py": (
        "class HTTPError(Exception):\n"  # 1
        "    pass\n"
    ),
    "src/pkg/errors.py": (
        "from pkg._vendor.net.errors import HTTPError as BaseHTTPError\n"
        "\n"
        "\n"
        "\n"
        "class HTTPError(Exception):\n"  # 5
        "    pass\n"
        "\n"
        "\n"
        "class DecodeError(HTTPError, BaseHTTPError):\n"  # 9
        "    pass\n"
    ),
}
ASKED: dict[str, Type] = {
    "net.HTTPError": ("src/pkg/_vendor/net/errors.py", 1, 7),
    "HTTPError": ("src/pkg/errors.py", 5, 7),
    "DecodeError": ("src/pkg/errors.py", 9, 7),
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    workspace = served_workspace(tmp_path_factory.mktemp("aliased"), FILES, "ty")
    yield workspace
    workspace.close()


def test_a_base_imported_under_another_name_is_the_imported_class(ws: Workspace) -> None:
    server = asyncio.run(live_types(ws.root, ASKED))
    stored = {
        (name, direction): stored_types(ws, at, direction)
        for name, at in ASKED.items()
        for direction in DIRECTIONS
    }
    assert server["net.HTTPError", "down"] == {("DecodeError", "src/pkg/errors.py")}
    assert stored == server
