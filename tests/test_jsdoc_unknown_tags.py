"""Tags TypeScript's JSDoc parser does not know (``@member {Object|Null}``, ``@var``, ``@const``,
``@yields``, bookshelf's API docs): it reads their braces as prose, so tsgo's references of a
type leave them out. lsai read their braces as a type: usages of ``Object`` and ``Boolean`` by
name listed them (bookshelf: 1 "extra" at each of 4 positions)."""

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
        "class Foo {}\n"  # 1
        "/** @member {Object|Foo} */\n"  # 2
        "var m1 = null;\n"
        "/** @var {Object} */\n"  # 4
        "var m2 = null;\n"
        "/** @const {Foo} */\n"  # 6
        "var m3 = null;\n"
        "/** @yields {Object} */\n"  # 8
        "function* g() {}\n"
        "/** @param {Object} o\n"  # 10
        " * @returns {Foo} */\n"  # 11
        "function f(o) { return o; }\n"
        "module.exports = { Foo, m1, m2, m3, g, f };\n"
    ),
}


@pytest.mark.parametrize("at", [("a.js", 10, 13), ("a.js", 1, 7)], ids=["library", "workspace"])
def test_an_unknown_tags_braces_name_no_type(tmp_path: Path, at: Location) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at)
    assert server and not {site for site in server if site[1] in (2, 4, 6, 8)}
    assert sites == server
