"""A base a library defines, named like a workspace type, against ty's type hierarchy.

marshmallow's tests declare ``class HairColorEnum(Enum)`` after ``from enum import Enum``, and
marshmallow defines a field ``class Enum``; httpx declares ``class
_CookieCompatRequest(urllib.request.Request)`` in the module defining its own ``Request``. ty
resolves neither base to the workspace's type (its ``typeHierarchy/supertypes`` lead to the
standard library), so the index keeps the base by name alone; lsai's hierarchy then matched it by
name to the workspace's type of that name (up: "Enum in src/marshmallow/fields.py" instead of
the library's; down: the library's subclasses listed under the workspace's type)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

import pytest
from lsprotocol import types as lsp

from lsai.indexer.lsp.documents import Documents
from lsai.indexer.lsp.session import LspSession
from lsai.query.hierarchy import HierarchyInput, hierarchy
from lsai.query.workspace import Workspace
from tests.test_lsp_typescript import sources
from tests.trees import served_workspace

FILES = {
    "pyproject.toml": '[project]\nname = "fx"\nversion = "0"\n',
    "pkg/__init__.py": "",
    "pkg/fields.py": (
        "import urllib.request\n"
        "\n"
        "\n"
        "class Enum:\n"  # 4
        '    """A field holding one of an enum\'s values."""\n'
        "\n"
        "\n"
        "class Request:\n"  # 8
        "    pass\n"
        "\n"
        "\n"
        "class Compat(urllib.request.Request):\n"  # 12
        "    pass\n"
    ),
    "pkg/colors.py": (
        "from enum import Enum\n"
        "\n"
        "\n"
        "class Color(Enum):\n"  # 4
        "    RED = 1\n"
    ),
    "pkg/choices.py": (
        "from pkg.fields import Enum\n"
        "\n"
        "\n"
        "class Choice(Enum):\n"  # 4
        "    pass\n"
    ),
}
Type = tuple[str, int, int]  # file, line, column of a class's name
Related = tuple[str, str]  # name, file ("" outside the workspace)
DIRECTIONS: tuple[Literal["up", "down"], ...] = ("up", "down")
ASKED: dict[str, Type] = {
    "Color": ("pkg/colors.py", 4, 7),
    "Compat": ("pkg/fields.py", 12, 7),
    "Choice": ("pkg/choices.py", 4, 7),
    "fields.Enum": ("pkg/fields.py", 4, 7),
    "fields.Request": ("pkg/fields.py", 8, 7),
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    workspace = served_workspace(tmp_path_factory.mktemp("bases"), FILES, "ty")
    yield workspace
    workspace.close()


async def live_types(root: Path, asked: dict[str, Type]) -> dict[tuple[str, str], set[Related]]:
    """ty's direct supertypes (``up``) and subtypes (``down``) of each type asked; ``object``
    left out, as lsai's hierarchy leaves it out."""
    files = sources(root)
    async with LspSession("ty", root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        out: dict[tuple[str, str], set[Related]] = {}
        for name, (path, line, col) in asked.items():
            prepare = lsp.TypeHierarchyPrepareParams(
                text_document=lsp.TextDocumentIdentifier(uri=documents.uri(path)),
                position=documents.position(path, line, col),
            )
            items = await session.lsp.request(lsp.TEXT_DOCUMENT_PREPARE_TYPE_HIERARCHY, prepare)
            up: set[Related] = set()
            down: set[Related] = set()
            for item in items or []:
                supers = lsp.TypeHierarchySupertypesParams(item=item)
                subs = lsp.TypeHierarchySubtypesParams(item=item)
                for found, method, params in (
                    (up, lsp.TYPE_HIERARCHY_SUPERTYPES, supers),
                    (down, lsp.TYPE_HIERARCHY_SUBTYPES, subs),
                ):
                    for t in await session.lsp.request(method, params) or []:
                        found.add((t.name, documents.path_of(t.uri) or ""))
            out[name, "up"] = {t for t in up if t != ("object", "")}
            out[name, "down"] = down
        return out


def stored_types(ws: Workspace, at: Type, direction: Literal["up", "down"]) -> set[Related]:
    path, line, col = at
    params = HierarchyInput(file=path, line=line, col=col, direction=direction, depth=1)
    found = hierarchy(ws, params)
    types = [*found.base_types, *found.interfaces] if direction == "up" else found.derived_types
    return {(t.name.rsplit(".", 1)[-1], t.file or "") for t in types}


def test_a_library_base_named_like_a_workspace_type_is_the_librarys(ws: Workspace) -> None:
    server = asyncio.run(live_types(ws.root, ASKED))
    stored = {
        (name, direction): stored_types(ws, at, direction)
        for name, at in ASKED.items()
        for direction in DIRECTIONS
    }
    assert server["Color", "up"] == {("Enum", "")}
    assert server["Choice", "up"] == {("Enum", "pkg/fields.py")}
    assert server["fields.Enum", "down"] == {("Choice", "pkg/choices.py")}
    assert stored == server
