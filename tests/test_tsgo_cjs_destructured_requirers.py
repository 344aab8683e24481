"""A class several files require by destructuring (objection's ``const { GraphAction } =
require('../GraphAction')`` in each of its graph actions, GraphAction.js's ``module.exports = {
GraphAction }``): tsgo's references of the class end at the export's key, so each requirer's
binding is an alias whose own references are asked (``passes.alias_references``). tsgo's
references at one binding list the other requirers' bindings, not their uses: the pass took
those bindings as reached by the class's references and skipped them, so every requirer after
the first kept its ``extends GraphAction`` and ``GraphAction.x`` unresolved (usages there the
file's binding alone; the class's usages without them; its derived types none, and with them
the overrides' base member: objection 3 positions, 3-62 missing)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsai.query.hierarchy import HierarchyInput, hierarchy
from lsai.query.workspace import open_workspace
from tests.renames import live_implementations, live_references, stored_usages
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")


def _requirer(name: str) -> str:
    return (
        "const { Base } = require('./base');\n\n"  # 1
        f"class {name} extends Base {{\n"  # 3
        "  run() {\n"  # 4
        "    return Base.make();\n"  # 5
        "  }\n"
        "}\n\n"
        f"module.exports = {{ {name} }};\n"
    )


FILES = {
    "jsconfig.json": JSCONFIG,
    "base.js": (
        "'use strict';\n\n"
        "class Base {\n"  # 3
        "  static make() {\n"
        "    return new Base();\n"  # 5
        "  }\n"
        "  run() {\n"  # 7
        "    return 1;\n"
        "  }\n"
        "}\n\n"
        "module.exports = {\n"
        "  Base,\n"  # 13
        "};\n"
    ),
    "a.js": _requirer("A"),
    "b.js": _requirer("B"),
}
REQUIRERS = ("a.js", "b.js")


def test_each_requirers_uses_of_a_destructured_class_are_the_classs(tmp_path: Path) -> None:
    """tsgo's references at each requirer's ``extends Base`` (the class's sites and that file's
    uses) are among lsai's usages there, which are the class's: before, the second requirer
    answered its binding's two uses alone, and the class's usages left them out."""
    served_tree(tmp_path, FILES, "tsgo")
    asked = [(path, 3, 17) for path in REQUIRERS] + [("base.js", 3, 7)]
    mine = stored_usages(tmp_path, asked)
    for path in REQUIRERS:
        theirs = asyncio.run(live_references(tmp_path, "tsgo", (path, 3, 17), declarations=True))
        assert {(path, 3, 17), (path, 5, 12), ("base.js", 5, 16)} <= theirs
        assert theirs <= mine[(path, 3, 17)], path
        assert {s for s in theirs if s[0] == path} <= mine[("base.js", 3, 7)], path


def test_each_requirers_class_derives_from_the_destructured_class(tmp_path: Path) -> None:
    """tsgo's implementations of ``Base.run`` are each requirer's override: lsai's derived types
    of ``Base`` are those classes (before: the first requirer's alone)."""
    served_tree(tmp_path, FILES, "tsgo")
    theirs = asyncio.run(live_implementations(tmp_path, "tsgo", ("base.js", 7, 3)))
    assert {(path, 4, 3) for path in REQUIRERS} <= theirs
    ws = open_workspace(tmp_path)
    try:
        found = hierarchy(ws, HierarchyInput(file="base.js", line=3, col=7, direction="down"))
    finally:
        ws.close()
    assert sorted(t.name for t in found.derived_types) == ["A", "B"]
