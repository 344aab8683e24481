"""The calls in a function assigned to ``module.exports`` (chai's utils: ``module.exports =
function proxify(obj) {... getProperties(target) ...}``): tree-sitter sees no function there,
so its callers of the sites are the module, and tsgo's outgoing calls of the function leave
out the calls of another file's ``module.exports = function`` (its incoming calls name the
function all the same). Such a call was ``<module>``'s to lsai (chai default mode: callers of
getProperties "missing" proxyGetter, "extra" <module>). The caller is now the innermost
function the server lists around the site; a named function expression lsai holds no symbol
for (``get: function proxyGetter`` in an object literal) is the function around's, the
naming rule of the bench's NOTES."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsai.query.workspace import open_workspace
from tests.test_tsgo_unseen import JSCONFIG
from tests.test_ty_union_calls import live_callers, stored_callers
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")
FILES = {
    "jsconfig.json": JSCONFIG,
    "helper.js": "module.exports = function helper(x) {\n  return x\n}\n",
    "direct.js": (
        "var helper = require('./helper')\n"
        "module.exports = function direct(obj) {\n"
        "  return mine(obj) + helper(obj)\n"  # 3
        "}\n"
        "function mine(x) { return x }\n"
    ),
    "nested.js": (
        "var helper = require('./helper')\n"
        "module.exports = function nested(list) {\n"
        "  return list.map(function inner(o) {\n"
        "    return helper(o)\n"  # 4
        "  })\n"
        "}\n"
    ),
    "decl.js": (
        "var helper = require('./helper')\n"
        "function decl(obj) {\n"
        "  return helper(obj)\n"
        "}\n"
        "module.exports = decl\n"
    ),
}


def test_a_call_in_an_exported_function_expression_is_its_call(tmp_path: Path) -> None:
    served_tree(tmp_path, FILES, "tsgo")
    at = ("helper.js", 1, 27)
    ws = open_workspace(tmp_path)
    try:
        stored = stored_callers(ws, at)
    finally:
        ws.close()
    live = asyncio.run(live_callers(tmp_path, [at], server="tsgo"))[at]
    assert live == {("direct", "direct.js"), ("inner", "nested.js"), ("decl", "decl.js")}
    assert stored == live
