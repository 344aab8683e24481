"""A JSDoc ``@property`` tag outside a ``@typedef`` (mongoose's API docs: ``@memberOf
Mongoose``, ``@instance``, ``@property {Number} nextConnectionId`` above
``Mongoose.prototype.nextConnectionId;``): TypeScript binds a property tag's type only as a
member of the comment's ``@typedef``, so tsgo's references of the type leave such tags out.
lsai read every ``@property {T}`` as a use of ``T``: a library type's (``Number``), listed by
name where tsgo tied it to nothing, took in those tags (mongoose ``Number``: 1 "extra")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")
FILES = {
    "jsconfig.json": JSCONFIG,
    "entry.js": (
        "class Entry {}\n"  # 1
        "/**\n"
        " * @property {Number} loose\n"  # 3
        " * @api private\n"
        " */\n"
        "function f() {}\n"  # 6
        "/**\n"
        " * @typedef {Object} Box\n"  # 8
        " * @property {Number} held\n"  # 9
        " */\n"
        "/** @param {Number} e */\n"  # 11
        "function g(e) {}\n"
        "/**\n"
        " * @memberOf Entry\n"
        " * @instance\n"
        " * @prop {Number} next\n"  # 16
        " */\n"
        "Entry.prototype.next;\n"  # 18
        "module.exports = { Entry, f, g };\n"  # 19
    ),
}


@pytest.mark.parametrize("at", [("entry.js", 9, 15), ("entry.js", 11, 13)])
def test_a_property_tag_names_a_type_only_in_a_typedef(tmp_path: Path, at: Location) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at)
    theirs = {s for s in server if s[0] == "entry.js"}  # and the library's declarations
    assert ("entry.js", 9, 15) in theirs and ("entry.js", 3, 15) not in theirs
    assert sites == theirs
