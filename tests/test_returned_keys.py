"""The keys of an object literal a function returns are members its callers read: tsgo's outline
lists them among the function's locals (flattened), its definition of ``make().stop`` leads to
the key and its references list every read through a call's result. lsai kept only the callable
ones (``run() {}``) and answered NO_SYMBOL_AT_POSITION at ``app.stop()`` or ``app.count``. The
keys of an object passed to a call or held by a local stay no symbols, as before. A shorthand
key (``return { n }``), which tsgo's outline lists nowhere, is a property of its own: ``app.n``
reads it, and a function the key holds (``return { increment }``) keeps its own references, not
the key's reads. Left: a read of a key two returned objects declare (tsgo lists both keys there,
lsai the one the read is keyed to); at a shorthand key itself tsgo lists the uses of both the key
and the binding, lsai those of the key; the usages of a function a shorthand key holds lack the
key's own name (one symbol a site)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import index_rows, needs

pytestmark = needs("tsgo")
JS = {
    "jsconfig.json": JSCONFIG,
    "make.js": (
        "function make(opts) {\n"
        "  let n = 0;\n"
        "  helper({ inArg: 1 });\n"  # 3
        "  const label = '{ notAKey: 1 }';\n"
        "  if (opts) return { early: 4, count: 0 };\n"  # 5
        "  return {\n"
        "    run() { n++; },\n"  # 7
        "    stop: () => {},\n"  # 8
        "    count: n,\n"  # 9
        "    nested: { deep: label },\n"  # 10
        "    n,\n"  # 11: a shorthand key
        "  };\n"
        "}\n"
        "const build = () => ({ arrowKey: 7 });\n"  # 14
        "function helper(o) { return o; }\n"
        "class Shop { open() { return { since: 8 }; } }\n"  # 16
        "module.exports = { make, build, Shop };\n"
    ),
    "use.js": (
        "const { make, build, Shop } = require('./make');\n"
        "const app = make(true);\n"
        "app.run();\n"  # 3
        "app.stop();\n"  # 4
        "console.log(app.count, app.nested.deep, app.n, app.early);\n"  # 5
        "console.log(build().arrowKey, new Shop().open().since);\n"  # 6
    ),
    "counter.js": (
        "export function useCounter(start) {\n"
        "  let count = start;\n"
        "  const step = 2;\n"
        "  function increment() {\n"  # 4
        "    count += step;\n"
        "  }\n"
        "  return {\n"
        "    count, increment,\n"  # 8
        "    step };\n"
        "}\n"
    ),
    "app.js": (
        'import { useCounter } from "./counter.js";\n'
        "\n"
        "const c = useCounter(1);\n"
        "c.increment();\n"  # 4
        "console.log(c.count, c.step);\n"  # 5
    ),
}
TS = {
    "tsconfig.json": '{"compilerOptions": {"strict": true}}\n',
    "api.ts": (
        "export interface Api { size: number; name?: string }\n"
        "export function makeApi(): Api {\n"
        "  return { size: 1, name: 'a' };\n"  # 3
        "}\n"
        "export const plain = () => ({ width: 2 });\n"  # 5
        "const a = makeApi();\n"
        "console.log(a.size, a.name, plain().width);\n"  # 7
        "export const check = (): { ok: boolean } => ({ ok: true });\n"  # 8
        "console.log(check().ok);\n"  # 9
    ),
}


@pytest.mark.parametrize(
    "at",
    [
        ("use.js", 4, 5),  # stop: an arrow function held by a key
        ("make.js", 9, 5),  # count, at the key
        ("use.js", 5, 36),  # app.nested.deep
        ("use.js", 6, 21),  # build().arrowKey
        ("use.js", 6, 49),  # new Shop().open().since
        ("use.js", 3, 5),  # app.run(), a method (kept before)
        ("use.js", 5, 45),  # app.n, a shorthand key
        ("counter.js", 4, 12),  # a function a shorthand key holds: not the key's reads
        ("app.js", 5, 15),  # c.count, a shorthand key read
        ("app.js", 5, 24),  # c.step
    ],
)
def test_a_returned_objects_keys_are_symbols(tmp_path: Path, at: Location) -> None:
    _, sites, server = usages_beside_server(tmp_path, JS, "tsgo", at, declarations=True)
    assert server and sites == server


def test_keys_of_objects_passed_or_held_are_no_symbols(tmp_path: Path) -> None:
    usages_beside_server(tmp_path, JS, "tsgo", ("use.js", 4, 5))
    names = {n for (n,) in index_rows(tmp_path, "SELECT name FROM symbols")}
    assert {"stop", "count", "deep", "arrowKey", "since"} <= names
    assert not {"inArg", "notAKey", "label"} & names


@pytest.mark.parametrize(
    "at", [("api.ts", 7, 16), ("api.ts", 3, 12), ("api.ts", 7, 38), ("api.ts", 9, 21)]
)
def test_typescript_returned_keys_beside_a_declared_type(tmp_path: Path, at: Location) -> None:
    _, sites, server = usages_beside_server(tmp_path, TS, "tsgo", at, declarations=True)
    assert server and sites == server
