"""Usages and callers on the shapes JavaScript and TypeScript repositories take (CommonJS
modules exporting one value, ...), each on a small fixture: lsai's stored answer is compared
with the live TypeScript 7 server's."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from tests.test_tsgo_unseen import JSCONFIG, usages_beside_server

pytestmark = pytest.mark.skipif(
    resolve_command(ADAPTERS["tsgo"]) is None,
    reason="TypeScript 7 is not installed: npm install -g typescript@7 (or: lsai doctor --install)",
)

EXPORTED_WHOLE = {
    "jsconfig.json": JSCONFIG,
    "make.js": "module.exports = function makeThing(opts) {\n  return { opts };\n};\n",
    "load.js": "module.exports = async function load(n) {\n  return n;\n};\n",
    "main.js": (
        "const makeThing = require('./make');\n"  # 1
        "const load = require('./load');\n"  # 2
        "function go() {\n"
        "  load(1);\n"  # 4
        "  return makeThing({});\n"  # 5
        "}\n"
        "module.exports = go;\n"
    ),
}


@pytest.mark.parametrize(
    ("at", "expected"),
    [
        (("make.js", 1, 27), {("main.js", 1, 7), ("main.js", 5, 10)}),
        (("load.js", 1, 33), {("main.js", 2, 7), ("main.js", 4, 3)}),
    ],
)
def test_a_require_of_a_module_exporting_a_named_function_is_a_usage_of_it(
    tmp_path: Path, at: tuple[str, int, int], expected: set[tuple[str, int, int]]
) -> None:
    """``module.exports = function makeThing() {}`` required as ``const makeThing =
    require('./make')``: tsgo's definition of the binding is the whole statement, which lsai
    read as the module's export only when the function has no name (``exports``); a named one
    left the binding keyed to nothing (usages "missing" the ``require`` line)."""
    stored, server = usages_beside_server(tmp_path, EXPORTED_WHOLE, at)
    assert server == expected
    assert stored == server
