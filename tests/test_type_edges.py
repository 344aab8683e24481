"""Base types resolved by the language server: two classes of one name in two modules stay apart.

Tree-sitter sees only the name in a class header; the server's references say which class it is.
Without it the hierarchy could only guess by name (the class in the same file, else the only one).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lsai.query.hierarchy import HierarchyInput, hierarchy
from lsai.query.workspace import Workspace, open_workspace
from tests.trees import served_tree

PYTHON = {
    "pyproject.toml": '[project]\nname = "zoo"\nversion = "0"\n',
    "zoo/__init__.py": "",
    "zoo/a.py": "class Base:\n    pass\n",
    "zoo/b.py": "class Base:\n    pass\n",
    "zoo/c.py": "from zoo.a import Base\n\n\nclass Child(Base):\n    pass\n",
    "zoo/d.py": "from zoo import b\n\n\nclass Other(b.Base):\n    pass\n",
}
TYPESCRIPT = {
    "tsconfig.json": '{"compilerOptions": {"strict": true}, "include": ["src"]}\n',
    "src/a.ts": "export class Base {}\n",
    "src/b.ts": "export class Base {}\n",
    "src/c.ts": 'import { Base } from "./a";\n\nexport class Child extends Base {}\n',
    "src/d.ts": 'import * as b from "./b";\n\nexport class Other extends b.Base {}\n',
}
CASES = {"python": ("ty", PYTHON, "zoo"), "typescript": ("tsgo", TYPESCRIPT, "src")}


@pytest.fixture(scope="module", params=sorted(CASES))
def ws(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Workspace, str]]:
    server, files, folder = CASES[str(request.param)]
    root = tmp_path_factory.mktemp(str(request.param))
    assert served_tree(root, files, server).servers[server].references > 0
    opened = open_workspace(root)
    yield opened, folder
    opened.close()


def _suffix(folder: str) -> str:
    return ".ts" if folder == "src" else ".py"


def _column(folder: str) -> int:
    """Of the name in ``export class Base {}`` or ``class Base:``."""
    return 14 if folder == "src" else 7


def test_a_base_imported_by_name_is_the_class_of_its_module(ws: tuple[Workspace, str]) -> None:
    opened, folder = ws
    found = hierarchy(opened, HierarchyInput(symbol="Child", direction="up"))
    assert [(b.name, b.file, b.by_name) for b in found.base_types] == [
        ("Base", f"{folder}/a{_suffix(folder)}", False)
    ]


def test_a_base_named_through_its_module_is_the_class_of_that_module(
    ws: tuple[Workspace, str],
) -> None:
    opened, folder = ws
    found = hierarchy(opened, HierarchyInput(symbol="Other", direction="up"))
    assert [(b.name, b.file, b.by_name) for b in found.base_types] == [
        ("Base", f"{folder}/b{_suffix(folder)}", False)
    ]


def test_derived_types_of_each_base_are_its_own(ws: tuple[Workspace, str]) -> None:
    opened, folder = ws
    for module, derived in (("a", "Child"), ("b", "Other")):
        found = hierarchy(
            opened,
            HierarchyInput(file=f"{folder}/{module}{_suffix(folder)}", line=1, col=_column(folder)),
        )
        assert [(d.name, d.by_name) for d in found.derived_types] == [(derived, False)]
