"""Usages at ``module`` and ``exports`` of a CommonJS statement exporting a symbol (semver's
``module.exports = lte``) beside the live server's references there: tsgo's are the export's,
the statement and the requirers' bindings and uses, not the symbol's uses in its own file."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.renames import live_references, stored_usages
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")

EXPORTED = {
    "jsconfig.json": JSCONFIG,
    "lte.js": "const lte = (a, b) => a <= b\nconst twice = lte(1, 2)\nmodule.exports = lte\n",
    "semver.js": (
        "class SemVer {\n  same(o) {\n    return o instanceof SemVer\n  }\n}\n\n"
        "module.exports = SemVer;\n"  # 7
    ),
    "cmp.js": (
        "const lte = require('./lte')\nconst SemVer = require('./semver')\n\n"
        "function cmp(a, b) {\n  return lte(a, b) && new SemVer()\n}\n\n"
        "exports = module.exports = cmp\n"  # 8
    ),
    "index.js": (
        "const lte = require('./lte')\nconst cmp = require('./cmp')\n"
        "module.exports = { lte, cmp }\n"
    ),
}


def test_module_exports_of_a_symbol_lists_the_requirers_uses(tmp_path: Path) -> None:
    """At ``module`` and ``exports`` (of a function, of a class, after ``exports =``), tsgo's
    references with the declarations are the statement, the requirers' bindings and uses; lsai
    refused ``exports`` and listed every file's ``module`` by name."""
    served_tree(tmp_path, EXPORTED, "tsgo")
    asked = [
        ("lte.js", 3, 1),
        ("lte.js", 3, 8),
        ("semver.js", 7, 1),
        ("semver.js", 7, 8),
        ("cmp.js", 8, 11),
        ("cmp.js", 8, 18),
    ]
    found = stored_usages(tmp_path, asked)
    for at in asked:
        server = asyncio.run(live_references(tmp_path, "tsgo", at, declarations=True))
        stored = found[at]
        assert at in server and len(server) > 1, server
        assert stored == server, at


ALIASED = {
    "jsconfig.json": JSCONFIG,
    "client.js": (
        "module.exports = function (method, url) {\n"  # 1
        "  return new exports.Request(method, url);\n"
        "};\n"
        "exports = module.exports;\n"  # 4
        "const request = exports;\n"  # 5
        "exports.Request = Request;\n"
        "function Request(method, url) {\n"  # 7
        "  this.method = method;\n"
        "}\n"
        "request.types = { json: 'application/json' };\n"  # 10
        "request.get = (url) => {\n"  # 11
        "  const made = request('GET', url);\n"  # 12
        "  return made;\n"
        "};\n"
    ),
}


def test_a_call_of_a_binding_holding_the_exported_function_is_the_bindings(
    tmp_path: Path,
) -> None:
    """superagent's ``exports = module.exports; const request = exports`` then ``request('GET',
    url)`` in the functions it assigns to ``request.get``: tsgo's definition at the call leads
    to the function ``module.exports`` is assigned alone (TypeScript's rule for an assigned
    function called), its references at ``request`` list the call with the binding's other
    uses; lsai keyed the call to the function (7 "missing" at ``request``, 1 position in 40)."""
    served_tree(tmp_path, ALIASED, "tsgo")
    asked = [("client.js", 5, 7), ("client.js", 10, 1), ("client.js", 12, 16)]
    found = stored_usages(tmp_path, asked)
    for at in asked:
        server = asyncio.run(live_references(tmp_path, "tsgo", at, declarations=True))
        assert ("client.js", 12, 16) in server
        assert found[at] == server, at
