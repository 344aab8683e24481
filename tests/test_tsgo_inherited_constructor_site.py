"""``new B(...)`` of a class without a constructor of its own, declared in another file than
its base's (yjs ``new GC(...)``, GC extending AbstractStruct through the internals.js barrel):
tsgo's definition there leads to the class and to the constructor it inherits, so the site
holds both keys, in the server's order, and the base's constructor came first. Asked there,
lsai answered the base's constructor (its class's constructions and the subclasses': yjs 59
missing, 8 extra); tsgo's references are the class's. Within one file the class came first,
as it does now wherever the class is declared."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")
JSCONFIG = '{"compilerOptions": {"allowJs": true, "noEmit": true}, "include": ["*.js"]}\n'
FILES = {
    "jsconfig.json": JSCONFIG,
    "base.js": (
        "export class A {\n"
        "  /**\n"
        "   * @param {number} x\n"
        "   */\n"
        "  constructor (x) { this.x = x }\n"
        "}\n"
    ),
    "gc.js": (
        "import { A } from './internals.js'\n"
        "export class B extends A {\n"  # 2
        "  get deleted () { return true }\n"
        "}\n"
    ),
    "internals.js": "export * from './base.js'\nexport * from './gc.js'\n",
    "use.js": (
        "import { B, A } from './internals.js'\n"
        "/** @type {B} */\n"
        "export const b = new B(1)\n"  # 3
        "export const a = new A(2)\n"  # 4
        "export function* gen () {\n"
        "  yield new B(3)\n"  # 6
        "}\n"
    ),
}


@pytest.mark.parametrize("at", [("use.js", 3, 22), ("use.js", 6, 13), ("use.js", 4, 22)])
def test_a_construction_of_a_subclass_is_the_class(tmp_path: Path, at: Location) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    if at[1] != 4:
        assert ("gc.js", 2, 14) in server
    assert sites == server
