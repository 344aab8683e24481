"""JSDoc names TypeScript 7 binds, and those it does not, in JSDoc-typed ES modules (yjs, lib0):

- a cast in an expression (``const a = /** @type {Array<Foo>} */ (b)``, ``return /** ... */
  (b)``, ``;(/** ... */ (b))``) is a use of its type; asked at a library type's name in a tag
  (``@return {Array<any>}``), lsai left the casts out (the line opens no JSDoc comment, so they
  were no tag type: yjs ``Array``, 17 missing);
- a comment before a parenthesis that is no whole operand (``/** @type {Array<Foo>} */
  (x).push(y)`` opening a statement, ``(x)[0]``, ``(x) + 1``) types nothing: TypeScript ties it
  to the outermost node starting there, and tsgo's references leave it out (yjs 20 extra);
- a Closure function type (``{function(Array<Foo>, Foo):void}``) is no type TypeScript 7 reads:
  no name from ``function(`` on is a use, and the tag's name is no parameter's (yjs's ``@param
  {function(...):void} f``: 1 extra at ``f``);
- ``@extends Base<T>`` (``@augments``, ``@implements``) names its base without braces (yjs's
  ``@extends YEvent<YArray<T>>``: 4 missing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")
JSCONFIG = '{"compilerOptions": {"allowJs": true, "noEmit": true}, "include": ["*.js"]}\n'
FILES = {
    "jsconfig.json": JSCONFIG,
    "a.js": (
        "export class Foo {\n"  # 1
        "  constructor () {\n"
        "    /** @type {Array<Foo>} */\n"  # 3
        "    this.items = []\n"
        "  }\n"
        "}\n"
        "/**\n"
        " * @param {function(Array<Foo>, Foo):void} f the observer\n"  # 8
        " * @param {Foo|function(Foo):Foo} g\n"  # 9
        " * @return {Array<Foo>}\n"  # 10
        " */\n"
        "export function on (f, g) {\n"  # 12
        "  const x = new Foo()\n"
        "  if (f) {\n"
        "    /** @type {Array<Foo>} */ (x.items).push(x)\n"  # 15
        "  } else {\n"
        "    // a comment\n"
        "    /** @type {Array<Foo>} */ (x.items).push(x)\n"  # 18
        "  }\n"
        "  const y = /** @type {Array<Foo>} */ (x.items)\n"  # 20
        "  ;(/** @type {Array<Foo>} */ (x.items)).push(x)\n"  # 21
        "  f(y, g(x))\n"
        "  return /** @type {Array<Foo>} */ (y)\n"  # 23
        "}\n"
        "/**\n"
        " * @template T\n"
        " * @extends Foo\n"  # 27
        " */\n"
        "export class Bar extends Foo {}\n"
        "/** @augments Foo<Bar> the base */\n"  # 30
        "export class Baz extends Foo {}\n"
        "export const list = (x) => [/** @type {Array<Foo>} */ (x)]\n"  # 32
        "export const first = (x) => /** @type {Array<Foo>} */ (x)[0]\n"  # 33
        "export const plus = (x) => /** @type {Array<Foo>} */ (x) // one\n"  # 34
        "export const more = (x) => /** @type {Array<Foo>} */ (x) + 1\n"  # 35
    ),
}


@pytest.mark.parametrize("at", [("a.js", 10, 13), ("a.js", 1, 14), ("a.js", 12, 21)])
def test_casts_and_closure_types_as_tsgo_reads_them(tmp_path: Path, at: Location) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at)
    if at == ("a.js", 10, 13):  # Array
        assert {("a.js", 20, 24), ("a.js", 21, 16), ("a.js", 23, 21)} <= server
        assert {("a.js", 32, 40), ("a.js", 34, 39)} <= server
        assert not {("a.js", 8, 21), ("a.js", 15, 16), ("a.js", 33, 40), ("a.js", 35, 39)} & server
    elif at == ("a.js", 1, 14):  # Foo
        assert {("a.js", 9, 12), ("a.js", 27, 13), ("a.js", 30, 15)} <= server
        assert not {("a.js", 8, 27), ("a.js", 9, 25), ("a.js", 18, 22)} & server
    else:  # the parameter f
        assert ("a.js", 8, 44) not in server
    assert sites == server
