"""A JSDoc ``{Object}`` that the tags below it extend (passport's ``@param {Object} [options]``
then ``@param {string} [options.userProperty]``; a ``@typedef {Object} Opts`` with ``@property``
tags; ``{Object[]}`` with ``list[].name``): TypeScript's parser replaces the type with a literal
of those members, so no ``Object`` is written there and tsgo's references of ``Object`` leave
such tags out. A tag the next tag does not extend (another parameter, a ``@returns`` between
them) keeps its ``Object``. lsai read every ``{Object}`` as a use of it (passport: 4 "extra")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")
FILES = {
    "jsconfig.json": JSCONFIG,
    "opts.js": (
        "/**\n"
        " * @param {Object} [options]\n"  # 2
        " * @param {string} [options.key='x'] - the key,\n"
        " *          said again.\n"
        " * @param {Object} other\n"  # 5
        " * @param {function} cb\n"
        " */\n"
        "function f(options, other, cb) {}\n"
        "/**\n"
        " * @typedef {Object} Opts\n"  # 10
        " * @property {string} name\n"
        " */\n"
        "/**\n"
        " * @typedef {Object} Plain\n"  # 14
        " */\n"
        "/**\n"
        " * @param {Object[]} list\n"  # 17
        " * @param {string} list[].name\n"
        " * @returns {Object}\n"  # 19
        " */\n"
        "function g(list) {}\n"
        "/**\n"
        " * @param {Object} p\n"  # 23
        " * @returns {string}\n"
        " * @param {string} p.x\n"
        " */\n"
        "function h(p) {}\n"
        "/**\n"
        " * @param {Object} q\n"  # 29
        " * @param {Object} q.inner\n"  # 30
        " * @param {string} q.inner.z\n"
        " */\n"
        "function k(q) {}\n"
        "module.exports = { f, g, h, k };\n"
    ),
}


@pytest.mark.parametrize("at", [("opts.js", 5, 12), ("opts.js", 19, 14)])
def test_an_object_the_tags_below_extend_is_no_use_of_it(tmp_path: Path, at: Location) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at)
    theirs = {s for s in server if s[0] == "opts.js"}  # and the library's declarations
    assert ("opts.js", 23, 12) in theirs and ("opts.js", 2, 12) not in theirs
    assert sites == theirs
