"""An object literal exported as an ES module's default (axios's lib/utils.js ``export default {
isArray, forEach, ... }``), beside the live server: tsgo's outline lists its keys at the top and
no ``default``, but its references at any importer's binding (``import utils from
'./utils.js'``) or read of it are every importer's binding and read, and the ``default``
keyword; the keys' uses (``utils.isArray(...)``) are the functions' they name."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsai.errors import ErrorCode
from lsai.query.rename import RenameInput, rename
from tests.renames import (
    live_references,
    live_rename,
    refusal,
    renamed_beside_server,
    usages_beside_server,
)
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")

EXPORTED = {
    "jsconfig.json": JSCONFIG,
    "utils.js": (
        "function isArray(value) {\n"  # 1
        "  return Array.isArray(value);\n"
        "}\n"
        "\n"
        "const forEach = (list, fn) => list.forEach(fn);\n"  # 5
        "\n"
        "export default {\n"  # 7: `default` at col 8
        "  isArray,\n"  # 8
        "  forEach,\n"
        "  each: forEach\n"
        "};\n"
    ),
    "use.js": (
        "import utils from './utils.js';\n"  # 1
        "\n"
        "export function check(value) {\n"
        "  utils.forEach([value], utils.isArray);\n"  # 4
        "  return utils.isArray(value);\n"  # 5
        "}\n"
    ),
    "other.js": (
        "import helpers from './utils.js';\n"  # 1: another name for it
        "export const ok = helpers.isArray([]);\n"  # 2
    ),
}
DECLARED = ("utils.js", 7, 8)  # the `default` keyword: tsgo's declaration, lsai's definition


def test_the_importers_of_a_default_exported_object_are_its_usages(tmp_path: Path) -> None:
    """At an importer's binding, at a read of it in another importer and at ``default``,
    tsgo's references are both importers' bindings and reads; lsai's usages there were the
    asked file's uses of the name alone (the import tied to nothing)."""
    for at in (("use.js", 1, 8), ("other.js", 2, 19), DECLARED):
        found, stored, _ = usages_beside_server(tmp_path, EXPORTED, "tsgo", at)
        server = asyncio.run(live_references(tmp_path, "tsgo", at, declarations=True))
        assert {("other.js", 1, 8), ("use.js", 1, 8), ("use.js", 4, 26)} <= server
        assert stored == server - {DECLARED}, found.symbol


def test_the_keys_of_a_default_exported_object_stay_the_functions_they_name(
    tmp_path: Path,
) -> None:
    """``utils.isArray(value)`` and ``helpers.isArray([])`` are calls of ``isArray``, as before
    the object was a symbol (its keys are not its members)."""
    found, stored, server = usages_beside_server(tmp_path, EXPORTED, "tsgo", ("use.js", 5, 16))
    assert found.symbol.name == "isArray"
    assert {("use.js", 5, 16), ("other.js", 2, 27)} <= stored & server


def test_a_default_exported_object_is_renamed_by_no_name(tmp_path: Path) -> None:
    """tsgo renames nothing at ``default``; lsai's rename of the symbol there changed the
    keyword (``export u2 {``)."""
    usages_beside_server(tmp_path, EXPORTED, "tsgo", DECLARED)  # indexes the tree
    assert not asyncio.run(live_rename(tmp_path, "tsgo", DECLARED, "u2"))
    params = RenameInput(file="utils.js", line=7, col=8, new_name="u2")
    assert refusal(tmp_path, rename, params) == ErrorCode.RENAME_CONFLICT


def test_a_rename_at_a_default_import_changes_its_file_only(tmp_path: Path) -> None:
    """At an importer's binding or read of a default export (the object, an arrow function, a
    named function), tsgo renames that file's binding and reads, as each importer names the
    export as it likes; lsai renamed the export (its keyword, or the function's name)."""
    files = {
        **EXPORTED,
        "resolve.js": "export default (config) => {\n  return config.url;\n};\n",
        "named.js": "export default function make(a) {\n  return a;\n}\n",
        "more.js": (
            'import resolveConfig from "./resolve.js";\n'  # 1
            'import build from "./named.js";\n'  # 2
            'export const url = resolveConfig({ url: "a" });\n'  # 3
            "export const n = build(1);\n"  # 4
        ),
    }
    for at in (("use.js", 1, 8), ("use.js", 4, 26), ("more.js", 3, 20), ("more.js", 2, 8)):
        stored, server = renamed_beside_server(tmp_path, files, "tsgo", at, "u2")
        assert server and {file for file, _, _ in server} == {at[0]}
        assert stored == server
