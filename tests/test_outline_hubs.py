"""The outline of a file that gathers a package's API (``__init__.py``, ``index.ts``) says what
it imports, which an outline of its definitions leaves out (fastapi's ``__init__.py`` outlined
as ``__version__`` alone)."""

from __future__ import annotations

from pathlib import Path

from lsai.query.contracts import OutlineInput
from lsai.query.outline import outline
from lsai.query.workspace import open_workspace
from tests.trees import served_tree

FILES = {
    "pyproject.toml": "[project]\nname = 'pkg'\nversion = '0'\n",
    "pkg/__init__.py": (
        "from .a import alpha as alpha\n"
        "from .a import beta as beta\n"
        "from .b import Gamma as Gamma\n"
        "\n"
        "__version__ = '1'\n"
    ),
    "pkg/a.py": "from .b import Gamma\n\n\ndef alpha() -> Gamma:\n    return Gamma()\n\n\n"
    "def beta() -> None:\n    pass\n",
    "pkg/b.py": "class Gamma:\n    pass\n",
}


def test_a_packages_init_outline_names_what_it_imports(tmp_path: Path) -> None:
    served_tree(tmp_path, FILES, "ty")
    ws = open_workspace(tmp_path)
    try:
        hub = outline(ws, OutlineInput(file="pkg/__init__.py"))
        module = outline(ws, OutlineInput(file="pkg/a.py"))
    finally:
        ws.close()
    assert [m.name for m in hub.sections[0].members] == ["__version__"]
    assert any(
        "imports 3 names it may re-export (Gamma, alpha, beta)" in n for n in hub.provenance.notes
    )
    assert not any("re-export" in n for n in module.provenance.notes)
