"""A Python property defined by several ``def``s of one name (``@property``, ``@value.setter``,
``@value.deleter``): ty's references of the getter hold the setter's and the deleter's ``def``,
as those of an ``@overload`` stack hold every declaration. lsai's usages of the getter listed
the decorators (``@value.setter``) and the uses, not the other ``def``s; a method merely
defined again (``def again`` twice) stays apart, as ty's references end at the next binding."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.test_references_match_server import Location, live
from tests.trees import served_tree

BOX = """class Box:
    def __init__(self) -> None:
        self._v = 0

    @property
    def value(self) -> int:
        return self._v

    @value.setter
    def value(self, v: int) -> None:
        self._v = v

    @value.deleter
    def value(self) -> None:
        self._v = 0

    def again(self) -> int:
        return 1

    def again(self) -> int:
        return 2


b = Box()
b.value = b.value + b.again()
del b.value
"""
FILES = {"pyproject.toml": '[project]\nname = "props"\nversion = "0"\n', "box.py": BOX}
GETTER = ("box.py", 6, 9)
AGAIN = ("box.py", 20, 9)


def test_a_getters_usages_hold_the_setters_and_deleters_def_as_tys_references_do(
    tmp_path: Path,
) -> None:
    served_tree(tmp_path, FILES, "ty")
    server = asyncio.run(live(tmp_path, {"getter": GETTER, "again": AGAIN}, "ty"))
    assert {("box.py", 10, 9), ("box.py", 14, 9)} <= server["getter"]
    ws = open_workspace(tmp_path)
    try:
        listed: dict[str, set[Location]] = {}
        for name, at in (("getter", GETTER), ("again", AGAIN)):
            found = usages(ws, UsagesInput(file=at[0], line=at[1], col=at[2]))
            listed[name] = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    finally:
        ws.close()
    assert listed == server
