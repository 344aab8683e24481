"""A named function expression a function returns (async 3.2.6's ``createObjectIterator``:
``return function next() { ... return next(); ... }``), which tsgo's outline lists and lsai
holds as a symbol (``createObjectIterator.next``): the calls in its body were credited to the
function around it, tree-sitter's caller, where tsgo's call hierarchy credits them to ``next``
(async callers and callees of createObjectIterator.next: 1 "missing", 1 "extra")."""

from __future__ import annotations

from pathlib import Path

from tests.test_tsgo_unseen import JSCONFIG
from tests.test_ty_union_calls import callers_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

RETURNED = {
    "jsconfig.json": JSCONFIG,
    "it.js": (
        "function outer(obj) {\n"  # 1
        "  var i = -1;\n"
        "  return function next() {\n"  # 3
        "    i++;\n"
        "    if (i < 3) {\n"
        "      return next();\n"  # 6
        "    }\n"
        "    return helper(i);\n"  # 8
        "  };\n"
        "}\n"
        "function helper(x) {\n  return x;\n}\n"  # 11
        "module.exports = outer;\n"
    ),
}


def test_a_call_in_a_returned_named_function_is_its_own(tmp_path: Path) -> None:
    asked = [("it.js", 3, 19), ("it.js", 11, 10)]
    stored, server = callers_beside_server(tmp_path, RETURNED, "tsgo", asked)
    assert server[asked[0]] == {("next", "it.js")}
    assert server[asked[1]] == {("next", "it.js")}
    assert stored == server
