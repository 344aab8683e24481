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
