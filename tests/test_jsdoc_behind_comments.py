"""A JSDoc ``@param`` tag with other comments between its block and the function (winston's
logger.js: ``/* eslint-enable valid-jsdoc */`` after the JSDoc of ``log(level, msg)``;
http.js: ``// eslint-disable-next-line max-statements`` before ``constructor(options = {})``):
tsgo ties the tag to the parameter all the same, in its references and its rename."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, renamed_beside_server, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG

FILES = {
    "jsconfig.json": JSCONFIG,
    "logger.js": (
        "class Logger {\n"  # 1
        "  /* eslint-disable valid-jsdoc */\n"  # 2
        "  /**\n"  # 3
        "   * @param {mixed} level - the level.\n"  # 4
        "   * @param {mixed} msg - the message.\n"  # 5
        "   */\n"
        "  /* eslint-enable valid-jsdoc */\n"  # 7
        "  log(level, msg) {\n"  # 8
        "    return [level, msg];\n"  # 9
        "  }\n"
        "\n"
        "  /**\n"  # 12
        "   * @param {!Object} [options={}] - Options for this instance.\n"  # 13
        "   */\n"
        "  // eslint-disable-next-line max-statements\n"  # 15
        "  configure(options = {}) {\n"  # 16
        "    return options;\n"  # 17
        "  }\n"
        "}\n"
        "\n"
        "module.exports = Logger;\n"
    ),
}

AT = [
    ("logger.js", 8, 14),  # msg, behind a block comment
    ("logger.js", 9, 20),  # its use
    ("logger.js", 16, 13),  # options, behind a line comment
    ("logger.js", 17, 12),  # its use
]


@pytest.mark.parametrize("at", AT)
def test_a_parameters_usages_take_in_a_jsdoc_tag_behind_other_comments(
    tmp_path: Path, at: Location
) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert any(line in (5, 13) for _, line, _ in theirs), "tsgo lists the @param tag"
    assert mine == theirs


@pytest.mark.parametrize("at", [("logger.js", 8, 14), ("logger.js", 16, 13)])
def test_a_parameters_rename_takes_in_a_jsdoc_tag_behind_other_comments(
    tmp_path: Path, at: Location
) -> None:
    mine, theirs = renamed_beside_server(tmp_path, FILES, "tsgo", at, "renamed")
    assert theirs, "tsgo renames there"
    assert mine == theirs
