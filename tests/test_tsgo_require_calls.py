"""``require`` in JavaScript with no declaration of it (no @types/node installed): TypeScript
binds a call of it with one argument (``require('./b')``, ``require(name)``) to its own
``require`` symbol, whose references are those calls; ``require.main``, ``require.resolve(...)``
or a call with two arguments bind nothing (shelljs's ``if (require.main === module)`` was
listed at every ``require('./x')``: 1 extra at 4 positions of 80)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG

FILES = {
    "jsconfig.json": JSCONFIG,
    "a.js": (
        "var b = require('./b');\n"  # 1
        "var name = './b';\n"
        "var again = require(name);\n"  # 3
        "var two = require('./b', 2);\n"  # 4
        "if (require.main === module) {\n"  # 5
        "  b.run(require.resolve('./b'));\n"  # 6
        "}\n"
        "var lazy = require(\n"  # 8
        "  './b'\n"
        ");\n"
        "module.exports = { again, two, lazy };\n"
    ),
    "b.js": (
        "function run(x) {\n"
        "  return require(x).y;\n"  # 2
        "}\n"
        "exports.run = run;\n"
    ),
}


@pytest.mark.parametrize("at", [("a.js", 1, 9), ("a.js", 3, 13), ("a.js", 8, 12), ("b.js", 2, 10)])
def test_usages_at_a_require_call_are_the_servers(tmp_path: Path, at: Location) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert len(theirs) > 2, "tsgo lists the calls of require"
    assert mine == theirs


@pytest.mark.parametrize("at", [("a.js", 5, 5), ("a.js", 6, 9)])
def test_usages_at_require_read_are_the_servers(tmp_path: Path, at: Location) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert mine == theirs
