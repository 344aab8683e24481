"""A property assigned a function again on a value whose type already has it (d3-scale's
calendar: ``scale.invert = function`` on what ``continuous()`` returned, which assigned its own
``scale.invert = function``): tsgo's references at either assignment are one property's, the
first's, the second among them. lsai's outline keeps a symbol for each (tree-sitter's), and
asked at the second it answered for that one, which has no uses (usages "missing" all; rename
would change the one name). Asked there, it answers for the property the server tied the
name to."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import renamed_beside_server, usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

JSCONFIG = (
    '{"compilerOptions": {"allowJs": true, "checkJs": true, "target": "es2022",'
    ' "module": "esnext"}, "include": ["*.js"]}\n'
)
MADE = (
    "export function make() {\n"  # 1
    "  function scale(x) { return x; }\n"  # 2
    "  scale.invert = function(y) { return y; };\n"  # 3
    "  return scale;\n"  # 4
    "}\n"
)
AGAIN = (
    "import { make } from './a.js';\n"  # 1
    "export function calendar() {\n"  # 2
    "  var scale = make();\n"  # 3
    "  var invert = scale.invert;\n"  # 4
    "  scale.invert = function(y) { return invert(y) + 1; };\n"  # 5
    "  return scale;\n"  # 6
    "}\n"
    "export function use() {\n"  # 8
    "  return make().invert(1) + calendar().invert(2);\n"  # 9
    "}\n"
)
FILES = {"jsconfig.json": JSCONFIG, "a.js": MADE, "b.js": AGAIN}


@pytest.mark.parametrize("at", [("b.js", 5, 9), ("a.js", 3, 9), ("b.js", 9, 40)])
def test_a_property_assigned_again_is_the_first_ones(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    _, stored, server = usages_beside_server(tmp_path, FILES, "tsgo", at)
    assert ("b.js", 5, 9) in server
    assert stored == server


def test_renaming_it_again_renames_the_first_one(tmp_path: Path) -> None:
    stored, server = renamed_beside_server(tmp_path, FILES, "tsgo", ("b.js", 5, 9), "inverse")
    assert ("a.js", 3, "scale.inverse = function(y) { return y; };") in server
    assert stored == server
