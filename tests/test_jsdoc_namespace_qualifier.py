"""A namespace import's name qualifying a JSDoc type (``import * as decoding from
'lib0/decoding'``, ``@param {decoding.Decoder} d``): tsgo's references at ``decoding`` in code
list the JSDoc qualifiers too, with the package installed or not. The name is tied to no
symbol of the workspace (a module), so lsai listed its uses by name, and a tag's type was a
type where the code's ``decoding.`` is a value: the qualifiers were left out (yjs
``decoding``: 3 missing; lib0 ``delta`` of ``import * as delta from './delta.js'``: 10). Asked at
the qualifier where the workspace declares a symbol of its name elsewhere (m.js's ``lib``),
``unresolved_docs`` took it for a type TypeScript resolves to nothing and kept the tag types
alone (lib0 ``s`` of ``{s.Schema<DeltaAny>}``: 79 missing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")
JSCONFIG = '{"compilerOptions": {"allowJs": true, "noEmit": true}, "include": ["*.js"]}\n'
FILES = {
    "jsconfig.json": JSCONFIG,
    "m.js": "export class Foo {}\nexport const make = () => new Foo()\nexport const lib = 1\n",
    "a.js": (
        "import * as m from './m.js'\n"  # 1
        "import * as lib from 'not-installed'\n"  # 2
        "/**\n"
        " * @param {m.Foo} foo\n"  # 4
        " * @param {lib.Thing} thing\n"  # 5
        " * @return {m.Foo}\n"  # 6
        " */\n"
        "export function f (foo, thing) {\n"  # 8
        "  lib.use(thing)\n"  # 9
        "  return foo || m.make()\n"  # 10
        "}\n"
        "export const g = () => /** @type {m.Foo} */ (m.make())\n"  # 12
    ),
}


@pytest.mark.parametrize("at", [("a.js", 10, 17), ("a.js", 9, 3), ("a.js", 4, 12), ("a.js", 5, 12)])
def test_a_namespace_qualifying_a_jsdoc_type_is_a_use(tmp_path: Path, at: Location) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    if at[1] in (5, 9):
        assert {("a.js", 5, 12), ("a.js", 9, 3)} <= server
    else:
        assert {("a.js", 4, 12), ("a.js", 6, 13), ("a.js", 12, 35)} <= server
    assert sites == server
