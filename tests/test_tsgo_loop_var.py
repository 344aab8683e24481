"""A ``var`` declared in a ``for (... in ...)`` or ``for (... of ...)`` head is the function's
variable, one with every other ``var`` of its name there: esbuild's ``__spreadValues`` helper
(``for (var prop in b)``, then ``for (var prop of __getOwnPropSymbols(b))``), at the top of
each of sequelize's transpiled files. tree-sitter's scopes bound it to its loop, as a ``let`` or
``const`` is, so usages at either ``prop`` listed its loop's alone (sequelize
query-generator.js: 4 "missing"); a ``let`` in a loop head stays the loop's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")
FILES = {
    "jsconfig.json": JSCONFIG,
    "a.js": (
        "var spread = (a, b) => {\n"  # 1
        "  for (var prop in b)\n"  # 2
        "    a[prop] = b[prop];\n"
        "  if (b)\n"
        "    for (var prop of Object.keys(b)) {\n"  # 5
        "      a[prop] = b[prop];\n"  # 6
        "    }\n"
        "  for (let k of []) { k; }\n"  # 8
        "  for (let k of []) { k; }\n"  # 9
        "  return prop;\n"  # 10
        "};\n"
        "module.exports = spread;\n"
    ),
}


@pytest.mark.parametrize("at", [("a.js", 6, 9), ("a.js", 2, 12), ("a.js", 10, 10), ("a.js", 8, 23)])
def test_a_var_in_a_loop_head_is_the_functions(tmp_path: Path, at: Location) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    if at[1] == 8:
        assert server == {("a.js", 8, 12), ("a.js", 8, 23)}
    else:
        assert {("a.js", 2, 12), ("a.js", 5, 14), ("a.js", 10, 10)} <= server
    assert sites == server
