"""A named function expression whose body declares a ``var`` of its own name (send's
``SendStream.prototype.stream = function stream (path) { var stream = fs.createReadStream(...)
}``, express's ``function route() { var route }``): the ``var`` shadows the expression's name in
the body, so tsgo's references at either are its own alone. lsai's local scopes read the
expression's name as the ``var`` (its scope, the function, starts before the name): usages at
the name listed the ``var``'s uses, at a use the name (send 3 positions, 1-6 "extra")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")
FILES = {
    "jsconfig.json": JSCONFIG,
    "send.js": (
        "function SendStream() {}\n"  # 1
        "SendStream.prototype.stream = function stream(path) {\n"  # 2
        "  var stream = open(path)\n"  # 3
        "  stream.pipe(path)\n"  # 4
        "  return stream\n"  # 5
        "}\n"
        "function open(p) { return { pipe: function (x) { return x + p } } }\n"  # 7
        "module.exports = SendStream\n"  # 8
    ),
}


@pytest.mark.parametrize("at", [("send.js", 2, 40), ("send.js", 4, 3)], ids=["name", "var"])
def test_a_var_shadows_the_name_of_its_function_expression(tmp_path: Path, at: Location) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    var = {("send.js", 3, 7), ("send.js", 4, 3), ("send.js", 5, 10)}
    assert server == ({("send.js", 2, 40)} if at[1] == 2 else var)
    assert sites == server


CHAINED = {
    "jsconfig.json": JSCONFIG,
    "binop.js": (  # stylus's nodes
        "var BinOp = module.exports = function BinOp(op) {\n"  # 1
        "  if (!op) return new BinOp('+')\n"  # 2
        "  this.op = op\n"
        "}\n"
        "BinOp.prototype.clone = function () {\n"  # 5
        "  return new BinOp(this.op)\n"  # 6
        "}\n"
    ),
    "use.js": (
        "var BinOp = require('./binop')\n"  # 1
        "var b = new BinOp('-')\n"  # 2
    ),
}


@pytest.mark.parametrize(
    "at",
    [("binop.js", 6, 14), ("binop.js", 5, 1), ("binop.js", 2, 23), ("binop.js", 1, 39)],
    ids=["call", "binding", "inner call", "name"],
)
def test_a_call_outside_the_expression_names_the_binding(tmp_path: Path, at: Location) -> None:
    """``var BinOp = module.exports = function BinOp(op)`` then ``new BinOp(...)`` in a method
    (stylus's nodes): tsgo's definition at the call leads to the function expression, whose
    name is bound inside it alone; its references at the call are the binding's (the
    variable, ``BinOp.prototype``, the call). The index keyed the call to the function: usages
    at it listed the function's name and the requirers' calls, at the binding not the call
    (stylus: 1-12 missing at 5 positions)."""
    _, sites, server = usages_beside_server(tmp_path, CHAINED, "tsgo", at, declarations=True)
    binding = {("binop.js", 1, 5), ("binop.js", 5, 1), ("binop.js", 6, 14)}
    if at[1] > 2:
        assert server == binding
    else:  # the function's own: its name, the call inside it (and the requirer's)
        assert ("binop.js", 2, 23) in server and not binding & server
    assert sites == server
