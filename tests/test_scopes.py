"""Function-local bindings of JavaScript and TypeScript (``indexer.treesitter.scopes``): which
identifier names which binding, so that the semantic pass leaves their definitions unasked."""

from __future__ import annotations

import re

import pytest

from lsai.indexer.treesitter.scopes import scopes


def _names(source: str, language: str) -> dict[str, list[str]]:
    """Each mapped identifier by name, as ``use line:col -> binding line:col``."""
    lines = source.splitlines()
    found: dict[str, list[str]] = {}
    for (line, col), (bline, bcol) in sorted(scopes(language, source.encode()).local.items()):
        rest = lines[line - 1][col - 1 :]
        name = rest[: len(rest) - len(rest.lstrip("abcdefghijklmnopqrstuvwxyz"))]
        found.setdefault(name, []).append(f"{line}:{col} -> {bline}:{bcol}")
    return found


SOURCE = """\
import { helper } from "./m";
const top = 1;
function f(a, { b, c: d }, [e], ...g) {
  var v = top;
  if (a) { let w = 1; w; }
  for (const i of e) { i; }
  try { helper(); } catch (err) { err; }
  function inner() { return v + b; }
  const k = (p) => p + d;
  return inner() + g;
}
({ a: top } = o);
top;
"""


@pytest.mark.parametrize("language", ["javascript", "typescript", "tsx"])
def test_parameters_and_locals_name_their_binding(language: str) -> None:
    found = _names(SOURCE, language)
    assert found == {
        "a": ["3:12 -> 3:12", "5:7 -> 3:12"],
        "b": ["8:33 -> 3:17"],  # a destructured parameter, used in a closure
        "d": ["3:23 -> 3:23", "9:24 -> 3:23"],
        "e": ["3:29 -> 3:29", "6:19 -> 3:29"],
        "g": ["3:36 -> 3:36", "10:20 -> 3:36"],
        "v": ["4:7 -> 4:7", "8:29 -> 4:7"],  # var
        "w": ["5:16 -> 5:16", "5:23 -> 5:16"],
        "i": ["6:14 -> 6:14", "6:24 -> 6:14"],
        "err": ["7:28 -> 7:28", "7:35 -> 7:28"],
        "inner": ["8:12 -> 8:12", "10:10 -> 8:12"],  # a function declared in a function
        "k": ["9:9 -> 9:9"],
        "p": ["9:14 -> 9:14", "9:20 -> 9:14"],
    }  # module-level names, an import, an assignment to a pattern: nothing local


def test_a_block_binding_does_not_reach_outside_its_block() -> None:
    source = "const w = 0;\nfunction f() {\n  { let w = 1; w; }\n  return w;\n}\n"
    assert _names(source, "typescript") == {"w": ["3:9 -> 3:9", "3:16 -> 3:9"]}


def test_shadowing_picks_the_innermost_binding() -> None:
    source = "function f(x) {\n  return (x) => x;\n}\n"
    assert _names(source, "javascript") == {"x": ["1:12 -> 1:12", "2:11 -> 2:11", "2:17 -> 2:11"]}


def test_a_value_and_a_type_of_one_name_are_left_to_the_server() -> None:
    """``const t = ...; type t = ...`` in one scope is one symbol with two declarations: the
    server may list the type and answer for both."""
    source = "test(() => {\n  const t = z.any();\n  type t = Infer<typeof t>;\n  t.parse();\n});\n"
    assert "t" not in _names(source, "typescript")


def test_other_languages_have_no_local_bindings() -> None:
    assert scopes("go", b"package p\nfunc f(a int) int { return a }\n") == ({}, {}, {})


def test_pythons_are_its_functions_variables_and_its_modules_names() -> None:
    """Python: a function's variables (``pyscopes.plain_locals``) and the names the module binds
    once or the builtins (``pyscopes.module_names``)."""
    found = scopes("python", b"def f(a):\n    return a, f, len\n")
    assert found == ({(1, 7): (1, 7), (2, 12): (1, 7)}, {(2, 15): "value", (2, 18): "value"}, {})


def test_an_assignment_to_a_pattern_binds_nothing() -> None:
    source = "let x;\nfunction f(o) {\n  ({ a: x } = o);\n  for (x of o) {}\n  return x;\n}\n"
    assert "x" not in _names(source, "javascript")


def test_signatures_bind_their_parameters() -> None:
    source = (
        "interface I { m(a: number, f: (b: string) => void): a is 1; }\n"
        "function g(x: number): void;\n"
        "type F = (y: number) => y is 2;\n"
    )
    assert _names(source, "typescript") == {
        "a": ["1:17 -> 1:17", "1:53 -> 1:17"],
        "f": ["1:28 -> 1:28"],
        "b": ["1:32 -> 1:32"],
        "x": ["2:12 -> 2:12"],
        "y": ["3:11 -> 3:11", "3:25 -> 3:11"],
    }


MODULE = """\
import { helper, other as renamed } from "./m";
export interface Shape { size: number }
const top = helper(1);
function f(a: Shape): Shape { return helper(a.size) ? a : top; }
if (top) { let blocky = helper(2); blocky; }
blocky;
const g = function inner() { return inner; };
namespace N { export const deep = 2; deep; helper(3); }
deep;
type Box<Item> = { value: Item; other: Local };
export { f as exported, renamed };
function h() { interface Local { x: number } const l: Local = { x: 1 }; return l; }
let one: Item;
"""


def _module(source: str, language: str = "typescript") -> set[str]:
    """Each identifier the module scope answers for, as ``name line:col namespace``."""
    lines = source.splitlines()
    found = set()
    for (line, col), namespace in scopes(language, source.encode()).module.items():
        rest = lines[line - 1][col - 1 :]
        name = rest[
            : len(rest) - len(rest.lstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"))
        ]
        found.add(f"{name} {line}:{col} {namespace}")
    return found


def test_names_the_module_scope_binds_share_one_answer_per_file() -> None:
    found = _module(MODULE)
    assert {"helper 3:13 value", "helper 4:38 value", "top 4:59 value", "top 5:5 value"} <= found
    assert "helper 5:25 value" in found  # a use inside a module-level block still shares
    assert {"Shape 4:15 type", "Shape 4:23 type"} <= found


def test_names_with_another_binding_in_the_file_are_asked_one_by_one() -> None:
    found = _module(MODULE)
    named = {entry.split(" ", 1)[0] for entry in found}
    assert "blocky" not in named  # a let in a module-level block
    assert "inner" not in named  # a function expression's own name
    assert "deep" not in named  # declared in a namespace, used in and out of it
    assert "helper 8:44 value" not in found  # inside a namespace: its declarations come first
    assert "Item" not in named  # a type parameter, even where it is not in scope
    assert "Local" not in named  # a type declared inside a function
    assert "renamed" not in named and "exported" not in named  # import and export specifiers
    assert "f 11:10 value" not in found
    assert "a" not in named and "l" not in named  # a parameter, a local: not the module's


def test_javascript_shares_values() -> None:
    source = "const x = require('./m');\nx.run(); x.go();\nfunction f(x) { return x; }\n"
    found = _module(source, "javascript")
    assert {"x 1:7 value", "x 2:1 value", "x 2:10 value", "require 1:11 value"} <= found
    assert "x 3:24 value" not in found  # the parameter


def test_a_lowercase_jsx_element_names_no_binding() -> None:
    source = "import { Foo, div } from './m';\nconst a = <div className={div}><Foo /></div>;\n"
    found = _module(source, "tsx")
    assert {"div 2:27 value", "Foo 2:33 value"} <= found
    assert "div 2:12 value" not in found and "div 2:40 value" not in found


def test_an_enum_member_named_in_its_enum_is_not_the_modules() -> None:
    source = "const A = 1;\nenum E { A = 2, B = A }\nA;\n"
    found = _module(source)
    assert "A 3:1 value" in found and "A 2:21 value" not in found


def test_the_members_of_a_namespace_import_share_one_answer_per_name() -> None:
    source = (
        'import * as core from "./core";\n'
        "type T = core.Shape<core.Size>;\n"
        "const made = core.make(core.make.size, core.deep.leaf);\n"
        "function f(core: { make(): void }) { core.make(); }\n"
    )
    found = _module(source)
    assert {"Shape 2:15 type:core", "Size 2:26 type:core"} <= found
    assert {"core 2:10 namespace:", "core 2:21 namespace:"} <= found
    assert {"make 3:19 value:core", "make 3:29 value:core", "deep 3:45 value:core"} <= found
    assert "size 3:34 value:core" not in found  # a member's member: its type decides
    assert "leaf 3:50 value:core" not in found
    assert "make 4:43 value:core" not in found  # the parameter named core
    assert "core 4:38 value" not in found


def test_the_members_of_a_chain_starting_at_an_import_know_that_import() -> None:
    source = (
        'import * as z from "zod";\n'
        'import { expect, test as it } from "vitest";\n'
        'import D from "d";\n'
        "const s = z.object({ a: z.string() }).shape!.a[0].b;\n"
        "type T = z.infer<typeof s> | z.core.Kind;\n"
        "function f(z: number) { return z.toFixed(); }\n"
        'it("x", () => { expect(s.parse(1)).toBe(2); D.x; test.t; (z as any).c; });\n'
    )
    lines = source.splitlines()
    roots = {
        (lines[line - 1][col - 1 :].split(".")[0].split("(")[0].split("<")[0].split(";")[0], at)
        for (line, col), at in scopes("typescript", source.encode()).roots.items()
    }
    z, expect, d = (1, 13), (2, 10), (3, 8)
    assert roots == {
        ("object", z),
        ("a: z", z),  # a key of a literal given to a call of the chain
        ("string", z),
        ("shape!", z),
        ("a[0]", z),
        ("b", z),
        ("infer", z),
        ("core", z),
        ("Kind", z),
        ("toBe", expect),
        ("x", d),
        ("parse", z),  # s.parse: s is a constant made from z
    }  # not a parameter named z, not test (imported as it), not through a cast


def _roots(language: str, source: str) -> set[tuple[int, str, tuple[int, int]]]:
    """Each member a chain's root leads to: its line, its name, the import's position."""
    lines = source.splitlines()
    out = set()
    for (line, col), at in scopes(language, source.encode()).roots.items():
        name = re.match(r"[\w$]+", lines[line - 1][col - 1 :])
        assert name is not None
        out.add((line, name[0], at))
    return out


def test_a_constant_made_from_an_import_leads_its_chains_to_that_import() -> None:
    """A ``const`` without a type whose value is a chain from an import (or from such a
    constant) holds that import's value: where the server cannot resolve the import, no member
    of a chain from the constant has a definition either. Not a typed constant, a ``let``, a
    cast, a parameter or a local that shadows the constant."""
    source = (
        'import { z } from "zod";\n'
        "const schema = z.object({});\n"
        "export const result = schema.safeParse(1);\n"
        "result.error.issues;\n"
        "const typed: Schema = z.object({});\n"
        "let later = z.object({});\n"
        "const cast = z.object({}) as Schema;\n"
        "typed.a; later.b; cast.c;\n"
        "function f(schema: Schema) { const inner = result.data; return schema.d + inner.e; }\n"
        "function g() { const schema = make(); return schema.h; }\n"
        "async function h() { const done = await schema.parseAsync(1); return done.i; }\n"
    )
    z = (1, 10)
    assert _roots("typescript", source) == {
        (2, "object", z),
        (3, "safeParse", z),
        (4, "error", z),
        (4, "issues", z),
        (5, "object", z),
        (6, "object", z),
        (7, "object", z),
        (9, "data", z),
        (9, "e", z),
        (11, "parseAsync", z),
        (11, "i", z),
    }
    javascript = 'import { z } from "zod";\nconst a = z.b;\nfunction f() { const c = a; c.d; }\n'
    assert _roots("javascript", javascript) == {(2, "b", z), (3, "d", z)}


def test_the_keys_of_a_literal_given_to_a_call_of_a_chain_lead_to_its_import() -> None:
    """A call of what an unresolved import holds has no signature, so the object literals it is
    given have no type: each key is its own definition, not asked. Nested literals' keys too;
    not a shorthand property (it names a variable), a computed or quoted key, nor a literal
    given to another call."""
    source = (
        'import { z } from "zod";\n'
        "const e = 1;\n"
        'z.object({ a: 1, b: { c: [{ d: 2 }] }, e, [e]: 3, "q": 4 })'
        ".parse([{ f: 5 }], g({ h: 6 }));\n"
    )
    z = (1, 10)
    assert _roots("typescript", source) == {
        (3, name, z) for name in ("object", "a", "b", "c", "d", "parse", "f")
    }


def test_names_whose_definition_is_no_symbol_name_their_binding() -> None:
    """A type parameter (in the declaration it parameterizes), the namespace of an import and a
    type literal's member: nothing to ask the server; a type named like a type parameter
    outside its declaration, and the import itself, still are."""
    source = (
        'import * as ns from "./m";\n'
        "type Box<A> = { value: A; list: A[] };\n"
        "function first<A, B extends A>(items: A[], fallback: B): A { return ns.f(items, ns); }\n"
        "let a: A;\n"
        "function take(o: { message: string }): ns.T { return o as ns.T; }\n"
    )
    lines = source.splitlines()

    def at(line: int, word: str, nth: int = 0) -> tuple[int, int]:
        starts = [m.start() for m in re.finditer(rf"\b{re.escape(word)}\b", lines[line - 1])]
        return line, starts[nth] + 1

    local = scopes("typescript", source.encode()).local
    assert local[at(2, "A", 1)] == local[at(2, "A", 2)] == at(2, "A")
    assert [local[at(3, "A", n)] for n in (1, 2, 3)] == [at(3, "A")] * 3
    assert local[at(3, "B", 1)] == at(3, "B")
    assert at(4, "A") not in local  # A outside the declarations: the module's, if any
    assert local[at(3, "ns")] == local[at(3, "ns", 1)] == at(1, "ns")  # ns.f, ns: the import
    assert local[at(5, "ns")] == local[at(5, "ns", 1)] == at(1, "ns")  # ns.T in types
    assert at(1, "ns") not in local  # the import is asked (what it imports, whether it resolves)
    assert local[at(5, "message")] == at(5, "message")  # the type literal's own member
    assert local[at(2, "value")] == at(2, "value")


def test_the_keys_of_an_object_nothing_types_are_their_own_definition() -> None:
    """An object literal that initializes a variable without a type (TypeScript), and the
    literals nested in it: no contextual type, each key's definition is itself (not asked).
    A typed variable's, an argument's, a cast's and a JavaScript file's keys are asked."""
    source = (
        "const plain = { a: 1, b: { c: [{ d: 2 }] }, e };\n"
        "const typed: Options = { f: 1 };\n"
        "use({ g: 1 }); const cast = { h: 1 } as Options;\n"
    )
    local = scopes("typescript", source.encode()).local
    own = {at for at, binding in local.items() if at == binding}
    assert own == {(1, 17), (1, 23), (1, 28), (1, 34)}  # a, b, c, d; not e (a use of e)
    assert scopes("javascript", source.replace(": Options", "").encode()).local == {}


def test_a_module_required_in_a_function_is_no_local_binding() -> None:
    """``const x = require('./m')`` (or ``require('./m').x``) in a function binds what the module
    exports: its name and uses are asked (they lead to the export), one by one (the name may be
    bound otherwise elsewhere in the file); a local bound to anything else stays local."""
    source = (
        "function f() {\n  const m = require('./m');\n  const g = require('./m').g;\n"
        "  const n = 1;\n  return m.run() + g() + n;\n}\n"
    )
    found = _names(source, "javascript")
    assert "m" not in found and "g" not in found
    assert found["n"] == ["4:9 -> 4:9", "5:26 -> 4:9"]
    shared = _module(source, "javascript")
    assert not any(entry.startswith(("m ", "g ")) for entry in shared)
