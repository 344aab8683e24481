"""Folders ty leaves out of its project by default, whatever they hold (``venv``, ``_build``,
``buck-out``, ``__pypackages__``, ``.direnv``): its references list nothing in them. lsai walked
them where no environment marker said they were one (jedi's vendored typeshed holds the stub
package ``stdlib/3/venv/``: its ``str``, ``bool``, ``Optional`` "extra" at 11 of 80
positions), so its usages listed sites no server answer holds."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.renames import Location, live_references
from tests.trees import index_rows, served_tree

USE = "from m.core import greet\n\n\ndef again(name: str) -> str:\n    return greet(name)\n"
LEFT_OUT = ("venv", "_build", "buck-out", "__pypackages__", ".direnv")
FILES = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/core.py": "def greet(name: str) -> str:\n    return name\n",
    "m/use.py": USE,
    **{f"m/{folder}/__init__.py": USE for folder in LEFT_OUT},
}


@pytest.mark.parametrize(
    ("at", "used"),
    [
        (("m/core.py", 1, 5), ("m/use.py", 5, 12)),
        (("m/core.py", 1, 17), ("m/use.py", 4, 17)),
        (("m/use.py", 5, 12), ("m/use.py", 1, 20)),
    ],
    ids=["function", "builtin", "call"],
)
def test_a_folder_ty_leaves_out_is_not_indexed(
    tmp_path: Path, at: Location, used: Location
) -> None:
    """lsai's usages (its declaration included) are ty's references (declarations included),
    where the left-out folders use the name too; the index holds none of their files."""
    served_tree(tmp_path, FILES, "ty")
    indexed = {row[0] for row in index_rows(tmp_path, "SELECT path FROM files")}
    server = asyncio.run(live_references(tmp_path, "ty", at, declarations=True))
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        found = usages(ws, UsagesInput(file=at[0], line=at[1], col=at[2], include_definition=True))
    finally:
        ws.close()
    sites = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    assert used in server and not any(s[0].split("/")[1] in LEFT_OUT for s in server)
    assert sites == server
    assert indexed == {"m/__init__.py", "m/core.py", "m/use.py"}
