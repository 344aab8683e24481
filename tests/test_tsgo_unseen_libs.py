"""Usages and callers that disagreed with TypeScript 7 in the sweep of npm packages lsai had not
been run on (effect's src, hono's, jotai's and yup's builds: ``bench/accuracy_bench.py --npm`` /
``--npm-js``), each on a small fixture: lsai's stored answer is compared with the live
server's."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsai.query.contracts import SearchInput
from lsai.query.search import search
from lsai.query.workspace import open_workspace
from tests.renames import renamed_beside_server
from tests.renames import usages_beside_server as renamed_usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG, TSCONFIG, usages_beside_server
from tests.test_ty_union_calls import callers_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

COMPUTED = {
    "tsconfig.json": TSCONFIG,
    "schema.ts": (
        "export class Schema {\n"  # 1
        "  get ['~standard']() { return { version: 1 }; }\n"  # 2
        '  [ "x-y" ](): number { return 1; }\n'  # 3
        "}\n"
        "const s = new Schema();\n"  # 5
        "export const v = s['~standard'].version + s['x-y']() + s[\"~standard\"].version;\n"  # 6
    ),
}
COMPUTED_JS = {
    "jsconfig.json": JSCONFIG,
    "lazy.js": (
        "class Lazy {\n"  # 1
        "  get ['~standard']() {\n"  # 2
        "    return { vendor: 'yup' };\n"
        "  }\n"
        "}\n"
        "const lazy = new Lazy();\n"  # 6
        "module.exports = lazy['~standard'].vendor;\n"  # 7
    ),
}


@pytest.mark.parametrize(
    ("files", "at", "expected"),
    [
        (COMPUTED, ("schema.ts", 2, 9), {("schema.ts", 6, 21), ("schema.ts", 6, 59)}),
        (COMPUTED, ("schema.ts", 3, 6), {("schema.ts", 6, 46)}),
        (COMPUTED_JS, ("lazy.js", 2, 9), {("lazy.js", 7, 24)}),
    ],
)
def test_a_member_named_by_a_computed_string_is_one_symbol_with_the_servers_references(
    tmp_path: Path, files: dict[str, str], at: tuple[str, int, int], expected: set[object]
) -> None:
    """yup's ``get ['~standard']()`` (Schema and Lazy, index.esm.js and index.js): tree-sitter
    names it ``['~standard']``, tsgo's outline ``"~standard"`` with its selection at the ``[``,
    so the two were not taken for one member: two symbols (search and outline "extra"), and
    asked at the ``[``, where tsgo answers no references (only inside the string): 0 usages."""
    stored, server = usages_beside_server(tmp_path, files, at)
    assert server == expected
    assert stored == server
    ws = open_workspace(tmp_path)
    try:
        found = search(ws, SearchInput(query="*standard*", limit=20))
    finally:
        ws.close()
    assert [(h.name, h.file) for h in found.symbols] == [("['~standard']", at[0])]


RETURNED_CLASS = {
    "tsconfig.json": TSCONFIG,
    "request.ts": (
        "class Base {}\n"  # 1
        "export const Tagged =\n"  # 2
        "  <Self = never>(id?: string) =>\n"  # 3
        "  <S, F>(tag: string, options: {\n"  # 4
        "    failure: F\n"  # 5
        "    success: S\n"  # 6
        "  }) => {\n"  # 7
        "    return class TaggedClass extends Base {\n"  # 8
        "      static success = options.success\n"  # 9
        "      static failure = options.failure\n"  # 10
        "      get result() {\n"  # 11
        "        return { failure: options.failure, success: options.success }\n"  # 12
        "      }\n"
        "    }\n"
        "  }\n"
        "export const s = Tagged()('a', { failure: 1, success: 2 }).success\n"  # 16
    ),
}


def test_a_parameters_member_is_no_use_of_a_returned_class_member_of_its_name(
    tmp_path: Path,
) -> None:
    """effect's Schema.TaggedRequest returns ``class TaggedRequestClass extends ... { static
    success = options.success }``: the class, a function's local, is no symbol, its members
    are; tsgo's definition of ``options.success`` is the parameter's type literal member (no
    symbol), after which the member of that name declared later in the function was taken for
    a local binding's function (``var make; make = function () {}``): the reads of
    ``options.success`` were usages of the static field (2 "extra" each, success and
    failure)."""
    for at, expected in [
        (("request.ts", 9, 14), {("request.ts", 16, 60)}),
        (("request.ts", 10, 14), set()),
    ]:
        stored, server = usages_beside_server(tmp_path, RETURNED_CLASS, at)
        assert server == expected
        assert stored == server


VARIANCE = {
    "tsconfig.json": TSCONFIG,
    "executor.ts": (
        "export class Executor<\n"  # 1
        "  out Elem,\n"
        "  in Err = unknown,\n"
        "  in out Env = never\n"
        "> {\n"  # 5
        "  run(): number { return 1 }\n"  # 6
        "}\n\n"
        "export const step = (exec: Executor<1, 2, 3>) => interpret(exec)\n\n"  # 9
        "const interpret = <Env, Err, Done>(\n"  # 11
        "  exec: Executor<Env, Err, Done>\n"
        "): number => {\n"
        "  return exec.run() as number\n"  # 14
        "}\n"
    ),
}


def test_a_type_parameters_variance_does_not_fail_the_rest_of_the_file(tmp_path: Path) -> None:
    """effect's ``class ChannelExecutor<out OutElem, in InElem = unknown, ..., in out Env =
    never>`` (internal/channel/channelExecutor.ts): tree-sitter-typescript knows no variance
    (TypeScript 4.7), failed the heading, and read ``const runScopedInterpret = <Env, InErr,
    ...>(...) => {...}`` a thousand lines on as a type assertion, no function: the calls in it
    were the module's (ChannelExecutor.run: "missing" runScopedInterpret, "extra"
    ``<module>``)."""
    asked = [("executor.ts", 6, 3), ("executor.ts", 11, 7)]
    stored, server = callers_beside_server(tmp_path, VARIANCE, "tsgo", asked)
    assert server[asked[0]] == {("interpret", "executor.ts")}
    assert server[asked[1]] == {("step", "executor.ts")}
    assert stored == server


DECLARED = {
    "tsconfig.json": TSCONFIG,
    "Option.d.ts": (
        "export declare const URI = 'Option'\n"  # 1
        "export type URI = typeof URI\n"  # 2
        "export declare const of: <A>(a: A) => A\n"  # 3
        "export declare const u: URI\n"  # 4
    ),
    "use.ts": (
        "import { URI, of } from './Option'\n"  # 1
        "export const v: URI = URI\n"  # 2
        "export const w = of(URI)\n"  # 3
    ),
}


@pytest.mark.parametrize(
    ("at", "expected"),
    [
        (
            ("Option.d.ts", 1, 22),
            {("Option.d.ts", 2, 26), ("use.ts", 1, 10), ("use.ts", 2, 23), ("use.ts", 3, 21)},
        ),
        (("Option.d.ts", 2, 13), {("Option.d.ts", 4, 25), ("use.ts", 1, 10), ("use.ts", 2, 17)}),
        (("Option.d.ts", 3, 22), {("use.ts", 1, 15), ("use.ts", 3, 18)}),
    ],
)
def test_an_exported_declare_const_is_a_symbol_apart_from_the_type_of_its_name(
    tmp_path: Path, at: tuple[str, int, int], expected: set[object]
) -> None:
    """fp-ts's build (``lib/*.d.ts``): ``export declare const URI = 'Option'`` beside ``export
    type URI = typeof URI``. Tree-sitter read no definition in ``export declare const``, so the
    constant's name was a site of the type: asked there, lsai answered the type's usages (fp-ts
    IOEither, Option, ReadonlyMap ``URI``: usages 2 "missing" and up to 32 "extra", rename
    the type)."""
    stored, server = usages_beside_server(tmp_path, DECLARED, at)
    assert server == expected
    assert stored == server


MAPPED = {
    "tsconfig.json": TSCONFIG,
    "limiter.ts": (
        "export interface LimiterOptions {\n"  # 1
        "  limit: number\n"  # 2
        "  windowType?: 'fixed' | 'sliding'\n"  # 3
        "  onReject?: () => void\n"  # 4
        "}\n\n"
        "type Defaults = Omit<Required<LimiterOptions>, 'onReject'>\n\n"  # 7
        "const defaultOptions: Omit<\n"  # 9
        "  Required<LimiterOptions>,\n"  # 10
        "  'onReject'\n"  # 11
        "> = {\n"  # 12
        "  limit: 1,\n"  # 13
        "  windowType: 'fixed',\n"  # 14
        "}\n\n"
        "const aliased: Defaults = { limit: 2, windowType: 'sliding' }\n\n"  # 17
        "export function merged(o: LimiterOptions): LimiterOptions {\n"  # 19
        "  return { ...defaultOptions, ...aliased, ...o }\n"
        "}\n"
    ),
}


def test_an_object_typed_through_a_mapped_type_holds_the_usages_of_its_keys(
    tmp_path: Path,
) -> None:
    """@tanstack/pacer's ``const defaultOptions: Omit<Required<RateLimiterOptions<any>>, ...> =
    { enabled: true, windowType: 'fixed' }`` (and through a type alias of its own,
    ``AsyncBatcherOptionsWithOptionalCallbacks``): tree-sitter relates the object to the type
    it is declared with, here ``Omit`` or the alias, not the interface whose members its keys
    are, so tsgo's references of ``RateLimiterOptions.windowType`` listed the key and lsai's
    usages did not (1 "missing", the rename left the key)."""
    stored, server = usages_beside_server(tmp_path, MAPPED, ("limiter.ts", 3, 3))
    assert server == {("limiter.ts", 14, 3), ("limiter.ts", 17, 39)}
    assert stored == server


UNRESOLVED_REEXPORT = {
    "tsconfig.json": TSCONFIG,
    "encoder.ts": (
        "import type { Encoder } from '@missing/pkg';\n"  # 1
        "export type { Encoder };\n"  # 2
        "export const jsonEncoder: Encoder = {} as any;\n"  # 3
    ),
    "client.ts": (
        "import type { Encoder } from './encoder';\n"  # 1
        "import { jsonEncoder } from './encoder';\n"  # 2
        "export { jsonEncoder, type Encoder };\n"  # 3
    ),
    "use.ts": (
        "import { type Encoder } from './client';\n"  # 1
        "export function f(e: Encoder): Encoder { return e; }\n"  # 2
    ),
}
REEXPORTED_SITES = {
    ("client.ts", 1, 15),
    ("encoder.ts", 1, 15),
    ("encoder.ts", 3, 27),
    ("use.ts", 1, 15),
    ("use.ts", 2, 22),
    ("use.ts", 2, 32),
}


@pytest.mark.parametrize(
    ("at", "expected"),
    [
        (("client.ts", 3, 28), {*REEXPORTED_SITES, ("encoder.ts", 2, 15)}),
        (("encoder.ts", 2, 15), {*REEXPORTED_SITES, ("client.ts", 3, 28)}),
    ],
)
def test_a_reexport_of_a_type_from_outside_the_workspace_is_no_usage_of_itself(
    tmp_path: Path, at: tuple[str, int, int], expected: set[object]
) -> None:
    """@trpc/client's ``export { jsonEncoder, type Encoder }`` of an ``Encoder`` imported from
    ``@trpc/server``, not installed: tsgo lists each re-export as a symbol and answers its name
    as a use of the others, and the merge kept the re-export's own key there as a use, so its
    usages listed its own name (createWsClient.ts:21:28, 1 "extra")."""
    stored, server = usages_beside_server(tmp_path, UNRESOLVED_REEXPORT, at)
    assert server == expected
    assert stored == server


ESCAPED_TEMPLATE_TYPE = {
    "tsconfig.json": TSCONFIG,
    "schema.ts": (
        "type MissingSelf<Usage extends string> =\n"  # 1
        "  `Missing \\`Self\\` - use \\`class Self extends ${Usage}<Self>()({ ... })\\``\n\n"  # 2
        "export class Executor {\n"  # 4
        "  run(): number { return 1 }\n"  # 5
        "}\n\n"
        "export const step = (exec: Executor) => interpret(exec)\n\n"  # 8
        "const interpret = <Env, Err>(\n"  # 10
        "  exec: Executor\n"
        "): number | MissingSelf<'x'> => {\n"
        "  return exec.run() as number\n"  # 13
        "}\n"
    ),
}


def test_an_escape_in_a_template_literal_type_does_not_fail_the_rest_of_the_file(
    tmp_path: Path,
) -> None:
    """effect's Schema.ts ``type MissingSelfGeneric<...> = `Missing \\`Self\\` generic - use
    \\`class Self extends ${Usage}<Self>()(...)\\```: tree-sitter-typescript knows no escape in
    a template literal type, ended it at the first escaped backtick and read the rest of the
    file otherwise (Schema.ts 8209-8630: usages at ``AST``, ``ParseResult``, ``option_``,
    ``Transformation`` "missing" the sites there, 12 positions of 80); here the generic arrow
    function after it was no function, its calls the module's (Executor.run: "missing"
    interpret, "extra" ``<module>``)."""
    asked = [("schema.ts", 5, 3), ("schema.ts", 10, 7)]
    stored, server = callers_beside_server(tmp_path, ESCAPED_TEMPLATE_TYPE, "tsgo", asked)
    assert server[asked[0]] == {("interpret", "schema.ts")}
    assert server[asked[1]] == {("step", "schema.ts")}
    assert stored == server


QUALIFIED_NAMESAKE = {
    "tsconfig.json": TSCONFIG,
    "ast.ts": "export type Members<A> = ReadonlyArray<A>\n",
    "schema.ts": (
        'import * as AST from "./ast.js"\n'  # 1
        "export const make = <Members extends AST.Members<string>>(m: Members): Members => {\n"
        "  const f = (x: Members): Members => x\n"  # 3
        "  return f(m)\n"
        "}\n"
    ),
}


def test_a_namespaces_member_is_no_use_of_a_type_parameter_of_its_name(tmp_path: Path) -> None:
    """effect/schema's ``const makeUnionClass = <Members extends AST.Members<Schema.All>>(...)``:
    the ``Members`` of ``AST.Members`` is the module's type, which tsgo's references of the type
    parameter leave out; lsai's scopes read it as the parameter (usages 1 "extra", and a rename
    of the parameter would have renamed the module's type there)."""
    at = ("schema.ts", 3, 17)
    _, stored, server = renamed_usages_beside_server(tmp_path, QUALIFIED_NAMESAKE, "tsgo", at)
    assert ("schema.ts", 2, 62) in server
    assert stored == server
    renamed, theirs = renamed_beside_server(tmp_path, QUALIFIED_NAMESAKE, "tsgo", at, "Ms")
    assert renamed == theirs
