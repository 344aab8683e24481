"""The usages at a name the language server tied to no symbol of the workspace (a library's, a
built-in: ``bytes``, ``pytest.raises``), listed by name, beside the live server's
``textDocument/references`` there."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.errors import ErrorCode
from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.errors import QueryError
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.renames import Location, live_references
from tests.trees import served_tree

PYTHON = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/sizes.py": (
        "import pytest\n"  # 1
        "\n"
        "\n"
        "def size(data: bytes) -> int:\n"  # 4
        "    return len(bytes(data))\n"  # 5
        "\n"
        "\n"
        "def test_size() -> None:\n"  # 8
        "    with pytest.raises(TypeError):\n"  # 9
        "        size(1)  # type: ignore[arg-type]\n"  # 10
    ),
    "m/wrap.py": (
        "import pytest\n"  # 1
        "\n"
        "\n"
        "def wrap(bytes: int) -> int:\n"  # 4: a parameter named alike
        "    return bytes\n"  # 5
        "\n"
        "\n"
        "x = bytes(3)\n"  # 8
        "pytest.raises(ValueError, wrap, 1)\n"  # 9
        "y = wrap(bytes=2)\n"  # 10
    ),
}


def _beside_server(root: Path, at: Location) -> tuple[set[Location], set[Location]]:
    served_tree(root, PYTHON, "ty")
    ws = open_workspace(root, scopes=lambda: SCOPES)
    try:
        found = usages(ws, UsagesInput(file=at[0], line=at[1], col=at[2]))
    finally:
        ws.close()
    assert found.mode == "name-based" and found.provenance.notes[0].startswith(
        f"{found.symbol.qualified_name} is no symbol of the workspace"
    )
    assert all(u.by_name for f in found.files for u in f.usages)
    sites = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    return sites, asyncio.run(live_references(root, "ty", at))


@pytest.mark.parametrize(
    "at", [("m/sizes.py", 4, 16), ("m/wrap.py", 8, 5)], ids=["annotation", "call"]
)
def test_a_builtins_usages_are_its_uses_by_name_not_a_parameter_named_alike(
    tmp_path: Path, at: Location
) -> None:
    """``bytes`` (before: NO_SYMBOL_AT_POSITION, "a library name"): its uses in both files, as
    ty's references list them; not ``wrap``'s parameter ``bytes`` nor its keyword."""
    sites, server = _beside_server(tmp_path, at)
    assert ("m/wrap.py", 8, 5) in server and ("m/wrap.py", 5, 12) not in server
    assert sites == server


def test_a_library_members_usages_are_its_uses_as_a_member(tmp_path: Path) -> None:
    sites, server = _beside_server(tmp_path, ("m/sizes.py", 9, 17))
    assert server == {("m/sizes.py", 9, 17), ("m/wrap.py", 9, 8)}
    assert sites == server


def test_a_module_in_an_import_is_still_no_symbol_to_ask_about(tmp_path: Path) -> None:
    """The servers list no uses of ``pytest`` asked at ``import pytest``; nor does lsai."""
    served_tree(tmp_path, PYTHON, "ty")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        with pytest.raises(QueryError) as refused:
            usages(ws, UsagesInput(file="m/sizes.py", line=1, col=8))
    finally:
        ws.close()
    assert refused.value.code == ErrorCode.NO_SYMBOL_AT_POSITION
