"""A JSDoc ``@property`` tag outside a ``@typedef`` (mongoose's API docs: ``@memberOf
Mongoose``, ``@instance``, ``@property {Number} nextConnectionId`` above
``Mongoose.prototype.nextConnectionId;``): TypeScript binds a property tag's type only as a
member of the comment's ``@typedef``, so tsgo's references of the type leave such tags out.
lsai read every ``@property {T}`` as a use of ``T``: a library type's (``Number``), listed by
name where tsgo tied it to nothing, took in those tags (mongoose ``Number``: 1 "extra"). The
members are the property tags right after a ``@typedef`` of no type or ``{Object}``: a tag
between them ends the members (sinon's ``@typedef {object} PropertyDescriptor``, ``@see
https://...``, then ``@property {Function} get``: Function 2 "extra"), and a typedef of another
type (``{{isOwn: boolean} & PropertyDescriptor}``) has none."""

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
        "/**\n"
        " * @typedef {object} Desc\n"  # 20
        " * @see https://example.com/defineProperty#description\n"
        " * @property {Number} cut\n"  # 22
        " */\n"
        "/**\n"
        " * @typedef {{a: number} & Desc} More\n"  # 25
        " * @property {Number} also\n"  # 26
        " */\n"
        "module.exports = { Entry, f, g };\n"  # 28
    ),
}


@pytest.mark.parametrize("at", [("entry.js", 9, 15), ("entry.js", 11, 13)])
def test_a_property_tag_names_a_type_only_in_a_typedef(tmp_path: Path, at: Location) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at)
    theirs = {s for s in server if s[0] == "entry.js"}  # and the library's declarations
    assert ("entry.js", 9, 15) in theirs and ("entry.js", 3, 15) not in theirs
    assert not {("entry.js", 22, 15), ("entry.js", 26, 15)} & theirs
    assert sites == theirs
