"""A module-level destructuring's names (picomatch's ``const { CHAR_DOT, /* . */ ... } =
require('./constants')``, ``const { REGEX } = constants``; TypeScript's ``const { A } = obj``)
are no symbols of the index, and no other file of a module sees them: tsgo's references at a
use are the binding and the file's uses of it, at the binding those with, where the value is
typed, the property it reads; its rename renames the binding (spelled out, ``{ A: B }``) and
the uses. lsai listed the uses by name without the binding (the index keys the binding to the
property), at the binding the property's usages without the uses, and renamed the property."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, renamed_beside_server, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG, TSCONFIG

FILES = {
    "jsconfig.json": JSCONFIG,
    "tsconfig.json": TSCONFIG,
    "constants.js": (
        "'use strict';\n"
        "\n"
        "module.exports = {\n"
        "  CHAR_STAR: 42,\n"
        "  CHAR_DOT: 46,\n"
        "  REGEX: /a/g\n"
        "};\n"
    ),
    "scan.js": (
        "'use strict';\n"  # 1
        "\n"  # 2
        "const {\n"  # 3
        "  CHAR_STAR,   /* * */\n"  # 4
        "  CHAR_DOT     /* . */\n"  # 5
        "} = require('./constants');\n"  # 6
        "\n"  # 7
        "const scan = code => {\n"  # 8
        "  if (code === CHAR_DOT) return 1;\n"  # 9
        "  return code === CHAR_STAR ? 2 : CHAR_DOT;\n"  # 10
        "};\n"  # 11
        "\n"  # 12
        "module.exports = scan;\n"  # 13
    ),
    "parse.js": (
        "'use strict';\n"  # 1
        "\n"  # 2
        "const constants = require('./constants');\n"  # 3
        "const { REGEX } = constants;\n"  # 4
        "\n"  # 5
        "const parse = input => input.replace(REGEX, 'b') + REGEX.source;\n"  # 6
        "\n"  # 7
        "module.exports = parse;\n"  # 8
    ),
    "c.ts": "export const obj = { A: 1, B: 2 };\n",
    "s.ts": (
        "import { obj } from './c';\n"  # 1
        "\n"  # 2
        "const { A, B: b } = obj;\n"  # 3
        "\n"  # 4
        "export const f = (x: number) => x === A || A > b;\n"  # 5
    ),
}

USES = [  # a use, and its binding
    (("scan.js", 9, 16), ("scan.js", 5, 3)),  # CHAR_DOT
    (("scan.js", 10, 19), ("scan.js", 4, 3)),  # CHAR_STAR, its binding before a `/* * */`
    (("parse.js", 6, 38), ("parse.js", 4, 9)),  # REGEX of `const { REGEX } = constants`
    (("s.ts", 5, 39), ("s.ts", 3, 9)),  # A
    (("s.ts", 5, 48), ("s.ts", 3, 15)),  # b of `B: b`
]


@pytest.mark.parametrize(("at", "binding"), USES)
def test_usages_at_a_use_of_a_module_destructurings_name_hold_its_binding(
    tmp_path: Path, at: Location, binding: Location
) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert binding in theirs
    assert mine == theirs


@pytest.mark.parametrize("at", [("s.ts", 3, 9), ("scan.js", 5, 3)])  # (after `/* * */`)
def test_usages_at_a_module_destructurings_binding_hold_its_uses(
    tmp_path: Path, at: Location
) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    uses = {s for s in theirs if s[0] == at[0] and s[1] > at[1]}
    assert uses
    assert uses <= mine
    if at[0] == "s.ts":  # the typed value's property too, as tsgo's references
        assert mine == theirs


@pytest.mark.parametrize("at", [("s.ts", 3, 9), ("s.ts", 5, 39), ("scan.js", 10, 19)])
def test_rename_of_a_module_destructurings_name_is_the_servers(
    tmp_path: Path, at: Location
) -> None:
    mine, theirs = renamed_beside_server(tmp_path, FILES, "tsgo", at, "renamed")
    assert len(theirs) >= 2
    assert mine == theirs


EXPORTS = {
    "jsconfig.json": JSCONFIG,
    "constants.js": (
        "'use strict';\n"  # 1
        "\n"  # 2
        "exports.EV_ADD = 'add';\n"  # 3
        "exports.KEY = 'listeners';\n"  # 4
        "exports.KEYS = [exports.KEY, exports.EV_ADD];\n"  # 5
        "module.exports.RAW = 'raw';\n"  # 6
    ),
    "a.js": (
        "'use strict';\n"  # 1
        "\n"  # 2
        "const {\n"  # 3
        "  EV_ADD,\n"  # 4
        "  KEY,  /* the key */\n"  # 5
        "  RAW\n"  # 6
        "} = require('./constants');\n"  # 7
        "\n"  # 8
        "const f = e => e === EV_ADD || e === KEY || e === RAW;\n"  # 9
        "\n"  # 10
        "module.exports = f;\n"  # 11
    ),
    "b.js": (
        "'use strict';\n"  # 1
        "\n"  # 2
        "const { EV_ADD } = require('./constants');\n"  # 3
        "\n"  # 4
        "const g = e => e === EV_ADD;\n"  # 5
        "\n"  # 6
        "module.exports = g;\n"  # 7
    ),
    "d.js": (
        "'use strict';\n"  # 1
        "\n"  # 2
        "function h() {\n"  # 3
        "  const { EV_ADD } = require('./constants');\n"  # 4
        "  return EV_ADD;\n"  # 5
        "}\n"  # 6
        "\n"  # 7
        "module.exports = h;\n"  # 8
    ),
}


@pytest.mark.parametrize(
    ("at", "assigned"),
    [
        (("a.js", 9, 22), ("constants.js", 3, 9)),  # EV_ADD
        (("a.js", 9, 38), ("constants.js", 4, 9)),  # KEY, before a comment
        (("a.js", 9, 51), ("constants.js", 6, 16)),  # RAW of `module.exports.RAW =`
        (("b.js", 5, 22), ("constants.js", 3, 9)),  # EV_ADD of a one-line destructuring
        (("d.js", 5, 10), ("constants.js", 3, 9)),  # a function's
    ],
    ids=["EV_ADD", "KEY", "RAW", "one-line", "in-a-function"],
)
def test_a_use_of_a_required_modules_exported_property_holds_the_modules_sites(
    tmp_path: Path, at: Location, assigned: Location
) -> None:
    """chokidar's ``const { EV_CHANGE, ... } = require('./constants')`` of ``exports.EV_CHANGE =
    'change'``: tsgo's references at a use are the binding, its file's uses and the module's
    ``exports.X`` sites (``exports.HANDLER_KEYS = [exports.KEY_LISTENERS, ...]`` too); lsai
    listed the local's alone (5 positions of chokidar, 1-2 "missing" each)."""
    _, mine, theirs = usages_beside_server(tmp_path, EXPORTS, "tsgo", at, declarations=True)
    assert assigned in theirs
    assert mine == theirs
