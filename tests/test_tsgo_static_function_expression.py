"""A named function expression assigned to a constructor function's property (mysql's
``ConnectionConfig.getCharsetNumber = function getCharsetNumber(charset)``, called as
``ConnectionConfig.getCharsetNumber(...)`` in the constructor and in other files): tsgo's
definition at a call is the function's own name, and its outline range of the property ends
at the property, so no symbol enclosed that name and the calls were keyed to nothing (usages
at a call: NO_SYMBOL_AT_POSITION; at the property: the assignment alone). The function's name
called inside it (a recursive ``fact(n - 1)``) is bound there alone: no use of the property,
as tsgo's references of the property say."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")
FILES = {
    "jsconfig.json": JSCONFIG,
    "config.js": (
        "function Config(options) {\n"  # 1
        "  this.n = Config.getNumber(options.x);\n"  # 2
        "  this.m = Config.getAnon(options.x);\n"  # 3
        "}\n"
        "Config.getNumber = function getNumber(x) { return x; };\n"  # 5
        "Config.getAnon = function (x) { return x; };\n"  # 6
        "Config.fact = function fact(n) {\n"  # 7
        "  return n ? n * fact(n - 1) : Config.fact(0);\n"  # 8
        "};\n"
        "Config.after = function () { return Config.getNumber(1); };\n"  # 10
        "module.exports = Config;\n"
    ),
    "use.js": "var Config = require('./config');\nConfig.getNumber(2);\n",
}


@pytest.mark.parametrize(
    "at",
    [
        ("config.js", 2, 19),
        ("config.js", 5, 8),
        ("config.js", 10, 44),
        ("use.js", 2, 8),
        ("config.js", 7, 8),
        ("config.js", 8, 39),
    ],
)
def test_calls_of_a_static_named_function_expression(tmp_path: Path, at: Location) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    if at[1] in (7, 8):
        assert ("config.js", 8, 39) in server and ("config.js", 8, 18) not in server
    else:
        assert {("config.js", 2, 19), ("config.js", 10, 44)} <= server
    assert sites == server
