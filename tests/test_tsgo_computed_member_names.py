"""A member with a computed name holding a dot (async 3.2.6's ``*[Symbol.iterator]() {...}`` in
its DoublyLinkedList and Heap classes): lsai's search lists it as ``DLL.[Symbol.iterator]``, but
asked by that name (or by ``[Symbol.iterator]``) usages answered SYMBOL_NOT_FOUND, the name
split at the dot inside the brackets (async "by name")."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.test_tsgo_unseen import JSCONFIG
from tests.test_tsgo_unseen_tsx import _outline_chains
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")

FILES = {
    "jsconfig.json": JSCONFIG,
    "list.js": (
        "class DLL {\n"  # 1
        "  constructor() {\n    this.items = [];\n  }\n"  # 2-4
        "  *[Symbol.iterator]() {\n"  # 5
        "    yield* this.items;\n"
        "  }\n"
        "  toArray() {\n    return [...this];\n  }\n"  # 8-10
        "}\n"
        "const list = new DLL();\n"  # 12
        "list[Symbol.iterator]();\n"  # 13
        "module.exports = DLL;\n"
    ),
}


def test_a_computed_member_name_is_asked_by_its_qualified_name(tmp_path: Path) -> None:
    """tsgo's outline names the member ``[Symbol.iterator]`` under ``DLL``; asked by that
    name, usages answer for it as they do at its position."""
    served_tree(tmp_path, FILES, "tsgo")
    assert ("DLL", "[Symbol.iterator]") in asyncio.run(_outline_chains(tmp_path, "list.js"))
    ws = open_workspace(tmp_path)
    try:
        at = usages(ws, UsagesInput(file="list.js", line=5, col=4))
        for name in ("DLL.[Symbol.iterator]", "[Symbol.iterator]"):
            found = usages(ws, UsagesInput(symbol=name))
            assert found.symbol == at.symbol, name
            assert found.symbol is not None and found.symbol.line == 5, name
    finally:
        ws.close()
