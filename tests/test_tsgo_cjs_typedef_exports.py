"""Usages of a class a CommonJS module exports whole (``module.exports = X;``) in a module that
also declares a JSDoc ``@typedef`` (chokidar's lib/nodefs-handler.js), beside the live server's
references: the module's exports merge the types with ``X``, so tsgo's definition of an
importer's binding (``const X = require('./x')``) and of its uses stops at the statement."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.renames import live_definition, live_references, stored_usages
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")

TYPEDEF = "/**\n * @typedef {String} Path\n */\n\n"
EXPORTED = {
    "jsconfig.json": (
        '{"compilerOptions": {"allowJs": true, "noEmit": true}, "include": ["**/*.js"]}\n'
    ),
    "lib/node.js": (
        f"{TYPEDEF}class NodeFsHandler {{\n  constructor(w) {{\n    this.w = w;\n  }}\n}}\n\n"
        "module.exports = NodeFsHandler;\n"  # 11
    ),
    "lib/fse.js": (
        f"{TYPEDEF}class FsEventsHandler {{\n  constructor(w) {{\n    this.w = w;\n  }}\n}}\n\n"
        "const canUse = () => true;\n\n"
        "module.exports = FsEventsHandler;\nmodule.exports.canUse = canUse;\n"  # 13
    ),
    "index.js": (
        "const NodeFsHandler = require('./lib/node');\n"
        "const FsEventsHandler = require('./lib/fse');\n\n"
        "function go() {\n"
        "  if (FsEventsHandler.canUse()) return new FsEventsHandler(1);\n"
        "  return new NodeFsHandler(2);\n}\n\n"
        "module.exports = go;\n"
    ),
}


def test_require_of_a_class_exported_beside_a_typedef(tmp_path: Path) -> None:
    """tsgo's references of each class reach the requirer's binding and its uses
    (``FsEventsHandler.canUse()``); lsai tied the binding to no symbol, so its usages missed
    the binding and the uses the class's own references do not list (chokidar: 3 "missing")."""
    served_tree(tmp_path, EXPORTED, "tsgo")
    asked = [("lib/node.js", 5, 7), ("lib/fse.js", 5, 7)]
    found = stored_usages(tmp_path, asked)
    # the shape asked: the server's definition of the binding is the statement, not the class
    assert asyncio.run(live_definition(tmp_path, "tsgo", ("index.js", 1, 7))) == {
        ("lib/node.js", 11, 1)
    }
    for at in asked:
        server = asyncio.run(live_references(tmp_path, "tsgo", at, declarations=True))
        stored = found[at]
        assert any(path == "index.js" for path, _, _ in server), server
        assert stored == server, at
