"""``@overload`` stacks of one name under ``if``/``else``, against ty.

attrs' ``__init__.pyi`` declares ``Factory``'s overloads under ``if sys.version_info >= (3,
8):`` and again under ``else:``. ty's references of an overload list the other declarations of
the stack the name's uses lead to (the last reachable one), none of another stack's, and never
the one asked; lsai's usages listed every declaration of the name in the scope, the one asked
too (attrs Factory asked in the ``if`` branch, unreachable with ``requires-python >= 3.7``: 4
"extra"). Asked at a later overload of a stack (``plain`` at its second ``def``), ty's
references list the first's name, which holds the references; lsai listed the one asked."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.test_references_match_server import Location, live
from tests.trees import served_tree

STUB = """import os
from typing import Callable, overload

if os.name == "nt":
    @overload
    def make(f: Callable[[], int]) -> int: ...
    @overload
    def make(f: Callable[[], str], flag: bool) -> str: ...

else:
    @overload
    def make(f: Callable[[], int]) -> int: ...
    @overload
    def make(f: Callable[[], str], flag: int) -> str: ...

@overload
def plain(x: int) -> int: ...
@overload
def plain(x: str) -> str: ...
"""
FILES = {
    "pyproject.toml": '[project]\nname = "fx"\nversion = "0"\n',
    "pkg/__init__.pyi": STUB,
    "pkg/__init__.py": "def make(f, flag=None):\n    return f()\n\n\ndef plain(x):\n    return x\n",
    "use.py": "from pkg import make, plain\n\nmake(int)\nmake(str, True)\nplain(1)\n",
}
ASKED = {
    "make": ("pkg/__init__.pyi", 6, 9),
    "make(+1)": ("pkg/__init__.pyi", 8, 9),
    "make(+2)": ("pkg/__init__.pyi", 12, 9),
    "make(+3)": ("pkg/__init__.pyi", 14, 9),
    "plain": ("pkg/__init__.pyi", 17, 5),
    "plain(+1)": ("pkg/__init__.pyi", 19, 5),
}


def test_an_overload_lists_the_declarations_of_its_own_stack(tmp_path: Path) -> None:
    served_tree(tmp_path, FILES, "ty")
    server = asyncio.run(live(tmp_path, ASKED, "ty"))
    ws = open_workspace(tmp_path)
    try:
        listed: dict[str, set[Location]] = {}
        for key, (path, line, col) in ASKED.items():
            found = usages(ws, UsagesInput(file=path, line=line, col=col))
            listed[key] = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    finally:
        ws.close()
    assert not {line for path, line, _ in server["make"] if path == "pkg/__init__.pyi"}
    assert ("pkg/__init__.pyi", 14, 9) in server["make(+2)"]
    assert ("pkg/__init__.pyi", 17, 5) in server["plain(+1)"]
    assert listed == server
