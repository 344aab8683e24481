"""A rename of a module's function at a destructuring of the module's namespace (tldraw utils'
``withoutSegmenter(({ iterateGraphemes }) => ...)`` of a parameter typed ``typeof
import('./string')``; ``const { first } = ns`` of ``import * as ns``), beside the live server:
the shorthand reads the property the module exports the function as and binds a local of its
own, so tsgo spells out the property renamed (``{ firstZq: first }``) and leaves the local and
its uses alone. lsai renamed the local (``{ first: firstZq }``): the pattern read a property the
module no longer has, and the local's uses named nothing (rename 2-3 lines "missing" and
"extra" at iterateGraphemes, getFirstCharacter). A module-level destructuring's own binding
renamed (``const { link } = make()``) still renames the local. The local's uses keep its name:
``export const o = { first }`` after ``const { first } = ns`` (a shorthand the index ties to the
function) was renamed ``{ first: firstZq }``, which named nothing; tsgo leaves it (sweep63's
"found, not fixed", fix66)."""

from __future__ import annotations

from pathlib import Path

from tests.renames import renamed_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

FILES = {
    "tsconfig.json": (
        '{"compilerOptions": {"strict": true, "noEmit": true, "module": "esnext", '
        '"target": "es2022", "moduleResolution": "bundler"}}\n'
    ),
    "string.ts": (
        "export function first(s: string): string {\n"  # 1
        "  return s[0]\n"
        "}\n"
        "export function make(): { link: () => number } {\n"  # 4
        "  return { link: () => 1 }\n"
        "}\n"
    ),
    "use.ts": (
        "import * as ns from './string'\n"  # 1
        "export async function run(fn: (mod: typeof import('./string')) => string) {\n"
        "  return fn(await import('./string'))\n"
        "}\n"
        "run(({ first }) => first('ab') + [{ first }].length)\n"  # 5
        "const { first: f1 } = ns\n"  # 6
        "const { first } = ns\n"  # 7
        "const { link } = ns.make()\n"  # 8
        "export const z = f1('a') + first('b') + link()\n"  # 9
        "export const o = { first }\n"  # 10
        "export const p = { first, f1 }\n"  # 11
    ),
}


def test_a_rename_at_a_namespace_destructuring_spells_out_the_property_renamed(
    tmp_path: Path,
) -> None:
    stored, server = renamed_beside_server(tmp_path, FILES, "tsgo", ("string.ts", 1, 17), "fst")
    assert ("use.ts", 7, "const { fst: first } = ns") in server
    assert ("use.ts", 5, "run(({ fst: first }) => first('ab') + [{ first }].length)") in server
    assert not {line for path, line, _ in server if path == "use.ts"} & {9, 10, 11}
    assert stored == server


def test_a_rename_of_a_module_level_destructurings_binding_renames_the_local(
    tmp_path: Path,
) -> None:
    stored, server = renamed_beside_server(tmp_path, FILES, "tsgo", ("use.ts", 8, 9), "lnk")
    assert ("use.ts", 8, "const { link: lnk } = ns.make()") in server
    assert stored == server
