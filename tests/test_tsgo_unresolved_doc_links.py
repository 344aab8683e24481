"""A JSDoc name TypeScript resolves to nothing (mocha's ``@param {Runnable} test`` of a
constructor function, which TypeScript 7 takes for no type; ``{@link Runner}`` in a file that
requires no ``Runner``): tsgo's references at a tag's type list the unresolved tag types of
that name, not the ``{@link}``s of it, which bind nothing, and at such a link list none. lsai
listed the links among the tag types (mocha Runnable: 6 extra) and every untied site of the
name at a link (mocha Runner: tsgo none, lsai 30). Nor do they list a binding of the name in
code that the server ties to no symbol of the index (passport's ``Strategy =
require('passport-strategy')``, a module not installed: 1 extra)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG

FILES = {
    "jsconfig.json": JSCONFIG,
    "runnable.js": (
        "function Runnable(title) {\n"
        "  this.title = title;\n"
        "}\n"
        "Runnable.prototype.run = function () {};\n"
        "module.exports = Runnable;\n"
    ),
    "runner.js": (
        "var Runnable = require('./runnable');\n"
        "/**\n"
        " * @param {Runnable} test\n"  # 3
        " */\n"
        "function check(test) {\n"
        "  return test instanceof Runnable;\n"
        "}\n"
        "module.exports = check;\n"
    ),
    "context.js": (
        "/**\n"
        " * @param {Runnable} r\n"  # 2
        " * @returns {Runnable} it\n"
        " */\n"
        "function c(r) {\n"
        "  return r;\n"
        "}\n"
        "module.exports = c;\n"
    ),
    "serializer.js": (
        "/**\n"
        " * The first argument is a {@link Runnable}, see {@link Runnable.constants}.\n"  # 2
        " */\n"
        "function s() {}\n"
        "module.exports = s;\n"
    ),
    "loose.js": (  # passport's `Strategy = require('passport-strategy')`, not installed
        "var Runnable = require('runnable-lib');\n"
        "module.exports = function l() {\n"
        "  return new Runnable();\n"
        "};\n"
    ),
}


@pytest.mark.parametrize("at", [("runner.js", 3, 13), ("context.js", 2, 13)])
def test_usages_at_an_unresolved_tag_type_are_the_servers(tmp_path: Path, at: Location) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert len(theirs) > 2, "tsgo lists the unresolved tag types"
    assert mine == theirs


def test_usages_at_an_unresolved_link_are_the_servers(tmp_path: Path) -> None:
    at = ("serializer.js", 2, 36)
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert mine == theirs
