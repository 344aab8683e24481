"""The ``exports`` word of a file's first statement ``module.exports = function getProperties
(object) {`` (six of chai's utils) beside the live server's references of the function: tsgo's
definition at ``exports`` is the source file, a range from its first token to its end, which
lsai read as the statement there and so keyed the word to the function (usages 1 extra)."""

from __future__ import annotations

from pathlib import Path

from tests.renames import usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")

FIRST = {
    "jsconfig.json": JSCONFIG,
    "getProperties.js": (
        "/*!\n * a utility\n */\n\n"
        "module.exports = function getProperties(object) {\n"  # 5: the file's first token
        "  return Object.keys(object);\n"
        "};\n"
    ),
    "proxify.js": (
        "var getProperties = require('./getProperties');\n\n"
        "module.exports = function proxify(obj) {\n"
        "  return getProperties(obj);\n"  # 4
        "};\n"
    ),
    # a symbol named ``exports`` (the anonymous function), whose name the index asks the
    # definition of wherever it is spelled
    "plugin.js": "module.exports = function (chai, util) {\n  return util;\n};\n",
}


def test_the_exports_word_of_a_files_first_statement_is_not_the_functions(
    tmp_path: Path,
) -> None:
    """tsgo's references of ``getProperties`` are its name, the requirer's binding and call;
    lsai listed ``exports`` too (its definition there ran from 5:1 to the end of the file)."""
    _, mine, theirs = usages_beside_server(
        tmp_path, FIRST, "tsgo", ("getProperties.js", 5, 27), declarations=True
    )
    assert ("getProperties.js", 5, 8) not in theirs and len(theirs) > 1, theirs
    assert mine == theirs
