"""A JSDoc tag whose type TypeScript reads without braces: ``@type``, ``@this`` and ``@enum``
(its parser's ``mayOmitBraces``; nodemailer's punycode ``@type String``, ``@type Object``). The
type runs to the first word after it that no operator joins (``@type Point|null the last
one`` names ``Point``); a ``@returns``' or a ``@param``'s type needs the braces, so tsgo's
references of ``Point`` leave ``@returns Point`` out. lsai read types between braces alone
(nodemailer: 1 "missing" at each of 2 positions, ``String`` and ``Object``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")
FILES = {
    "jsconfig.json": JSCONFIG,
    "a.js": (
        "class Point {\n"  # 1
        "  constructor() { this.x = 1; }\n"
        "}\n"
        "/**\n"
        " * @type Point\n"  # 5
        " */\n"
        "var origin = new Point();\n"  # 7
        "/** @type Point|null the last one */\n"  # 8
        "var last = null;\n"
        "/**\n"
        " * @this Point\n"  # 11
        " */\n"
        "function move() { return this.x; }\n"
        "/** @param {String} s\n"  # 14
        " * @type String */\n"  # 15
        "var name = 's';\n"
        "/** @returns Point a point */\n"  # 17
        "function make() { return origin; }\n"
        "module.exports = { origin, last, move, name, make };\n"
    ),
}


@pytest.mark.parametrize("at", [("a.js", 1, 7), ("a.js", 14, 13)])
def test_a_type_without_braces_is_a_use(tmp_path: Path, at: Location) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    if at == ("a.js", 1, 7):
        assert {("a.js", 5, 10), ("a.js", 8, 11), ("a.js", 11, 10)} <= server
        assert ("a.js", 17, 14) not in server
    else:
        assert ("a.js", 15, 10) in server
    assert sites == server
