"""The keys of a CommonJS export object (qs's lib/index.js ``module.exports = { parse: parse }``),
which tsgo's outline does not list, beside the live server's references and rename: tsgo's
model is the key, a property whose references are the requirers' ``qs.parse`` reads and calls
(its definition of a call goes on to the function the key's value names, whose references do
not list ``qs.parse``)."""

from __future__ import annotations

from pathlib import Path

from tests.renames import renamed_beside_server, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")

EXPORTED = {
    "jsconfig.json": JSCONFIG,
    "parse.js": (
        "'use strict';\n\nmodule.exports = function (text) {\n  return String(text);\n};\n"  # 3
    ),
    "index.js": (
        "'use strict';\n\nvar parse = require('./parse');\n\n"  # 3
        "function format(value) {\n  return value;\n}\n\n"  # 5
        "module.exports = {\n"  # 9
        "  parse: parse,\n"  # 10
        "  format\n"  # 11: a shorthand, the name of format()
        "};\n"
    ),
    "test.js": (
        "var qs = require('./index');\n\n"  # 1
        "qs.parse('a=b');\n"  # 3
        "var bound = qs.parse.bind(null);\n"  # 4
        "qs.format(qs.parse('c'));\n"  # 5
    ),
}


def test_the_key_of_a_module_exports_object_is_used_by_the_requirers_reads_and_calls(
    tmp_path: Path,
) -> None:
    """At the key ``parse:`` and at ``qs.parse`` (a call and a read), tsgo's references are the
    key and every ``qs.parse``; lsai had no symbol there (usages refused)."""
    for at in (("index.js", 10, 3), ("test.js", 3, 4), ("test.js", 4, 16)):
        found, stored, server = usages_beside_server(tmp_path, EXPORTED, "tsgo", at)
        assert server >= {("test.js", 3, 4), ("test.js", 4, 16), ("test.js", 5, 14)}
        assert stored | {at} == server | {at}, found.symbol


def test_a_rename_of_a_module_exports_key_changes_what_the_servers_does(tmp_path: Path) -> None:
    stored, server = renamed_beside_server(tmp_path, EXPORTED, "tsgo", ("test.js", 3, 4), "decode")
    assert ("test.js", 3, "qs.decode('a=b');") in server
    assert stored == server
