"""The members a JSDoc ``@typedef {Object}`` declares with its ``@property`` tags: tsgo's outline
lists the typedef but not them, though its definition of ``entry.callCount`` leads to the tag
and its references list every read through the type (undici's ``snapshot.callCount`` of a
``SnapshotEntry``). lsai answered NO_SYMBOL_AT_POSITION at those reads, and at the tag took the
typedef's usages for the property's. Only a typedef of no type or of ``Object`` has members,
the tags up to the first other one; a dotted name is a member of a member."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import index_rows, needs

pytestmark = needs("tsgo")
FILES = {
    "jsconfig.json": JSCONFIG,
    "entry.js": (
        "/**\n"
        " * @typedef {Object} SnapshotEntry\n"  # 2
        " * @property {number} callCount how many\n"  # 3
        " * @prop {boolean} [strict=false]\n"  # 4
        " * @property {Object} inner\n"  # 5
        " * @property {string} inner.mode\n"  # 6
        " * @returns {void}\n"
        " * @property {number} after\n"  # 8: after another tag, no member
        " */\n"
        "/** @param {SnapshotEntry} e */\n"  # 10
        "function bump(e) {\n"
        "  e.callCount += 1;\n"  # 12
        "  return e.strict ? e.inner.mode : e.after;\n"  # 13
        "}\n"
        "module.exports = { bump };\n"
    ),
    "use.js": (
        "/** @typedef {import('./entry').SnapshotEntry} Entry */\n"
        "/** @param {Entry} x */\n"
        "function read(x) { return x.callCount; }\n"  # 3
        "module.exports = { read };\n"
    ),
}


@pytest.mark.parametrize(
    "at",
    [
        ("entry.js", 3, 23),  # the tag's name
        ("entry.js", 12, 5),  # a read
        ("use.js", 3, 29),  # a read through an imported alias of the typedef
        ("entry.js", 4, 21),  # an optional name with a default
        ("entry.js", 13, 31),  # `mode` of `e.inner.mode`: a member of a member
        ("entry.js", 2, 22),  # the typedef itself
    ],
)
def test_a_typedefs_properties_are_its_members(tmp_path: Path, at: Location) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert server and sites == server


def test_a_property_tag_after_another_tag_declares_no_member(tmp_path: Path) -> None:
    usages_beside_server(tmp_path, FILES, "tsgo", ("entry.js", 3, 23))
    members = index_rows(
        tmp_path,
        "SELECT name, container_key FROM symbols WHERE container_key LIKE '%SnapshotEntry#%'",
    )
    assert sorted(name for name, _ in members) == ["callCount", "inner", "mode", "strict"]
