"""Usages at a property a CommonJS module assigns to its exports (winston's ``exports.cli =
logform.levels(configs.cli)``, iconv-lite's ``exports.utf16be = Utf16BECodec``): tsgo's
references are that file's ``exports.X`` and ``module.exports.X``; lsai refused them
(NO_SYMBOL_AT_POSITION: the index ties the name to nothing)."""

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
        "function make(n) {\n"  # 1
        "  return { n: n };\n"
        "}\n"
        "\n"
        "exports.cli = make(1);\n"  # 5
        "exports.npm = make(2);\n"  # 6
        "exports.both = [exports.cli, module.exports.npm];\n"  # 7
        "module.exports.syslog = make(3);\n"  # 8
        "exports.utf16be = Codec;\n"  # 9
        "function Codec() {}\n"  # 10
        "// exports.cli in a comment\n"  # 11
    ),
    "use.js": (
        "var config = require('./config');\n"  # 1
        "var cli = config.cli;\n"  # 2
        "module.exports = { cli: cli };\n"  # 3
    ),
}


@pytest.mark.parametrize(
    "at",
    [
        ("config.js", 5, 9),  # assigned, read again in the file
        ("config.js", 7, 25),  # the read
        ("config.js", 6, 9),  # read on module.exports
        ("config.js", 8, 16),  # assigned on module.exports
        ("config.js", 9, 9),  # holding a function of another name
    ],
)
def test_a_property_assigned_to_the_exports_is_its_files_sites(
    tmp_path: Path, at: Location
) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert at in theirs
    assert mine == theirs
