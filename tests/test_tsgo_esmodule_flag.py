"""Babel's CommonJS output (async 3.2.6's hundred modules): each file opens with
``Object.defineProperty(exports, "__esModule", { value: true })``. tsgo's outline lists the key
``value`` at the top of each file; its references of one file's key are every file's (all are
``PropertyDescriptor.value``), so the index holds the other files' keys as declarations in this
one, and the outline listed the key again under itself (``value.value``: async outline "extra"
in each of the four files asked)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsai.query.contracts import OutlineInput, OutlineMember
from lsai.query.outline import outline
from lsai.query.workspace import open_workspace
from tests.test_tsgo_unseen import JSCONFIG
from tests.test_tsgo_unseen_tsx import _outline_chains
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")

FLAG = "'use strict';\n\nObject.defineProperty(exports, \"__esModule\", {\n    value: true\n});\n"
FILES = {
    "jsconfig.json": JSCONFIG,
    "one.js": FLAG + "exports.default = one;\nfunction one() {\n  return 1;\n}\n",
    "two.js": FLAG + "exports.default = two;\nfunction two() {\n  return 2;\n}\n",
}


def _chains(members: list[OutlineMember], chain: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    out: set[tuple[str, ...]] = set()
    for m in members:
        out |= {(*chain, m.name)} | _chains(m.members, (*chain, m.name))
    return out


def test_a_key_every_file_declares_is_listed_once_in_each_outline(tmp_path: Path) -> None:
    served_tree(tmp_path, FILES, "tsgo")
    ws = open_workspace(tmp_path)
    try:
        stored = {
            path: _chains(outline(ws, OutlineInput(file=path)).sections[0].members)
            for path in ("one.js", "two.js")
        }
    finally:
        ws.close()
    for path, chains in stored.items():
        server = asyncio.run(_outline_chains(tmp_path, path))
        assert ("value",) in server
        assert chains == server, path
