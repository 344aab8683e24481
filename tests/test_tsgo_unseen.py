"""Usages and callers that disagreed with TypeScript 7 on npm packages lsai was not tuned on
(``bench/accuracy_bench.py --npm`` / ``--npm-js``), each on a small fixture: lsai's stored
answer is compared with the live server's."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.renames import live_references
from tests.test_references_match_server import live
from tests.test_ty_union_calls import callers_beside_server
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")
Location = tuple[str, int, int]
JSCONFIG = '{"compilerOptions": {"allowJs": true, "noEmit": true}, "include": ["*.js"]}\n'
TSCONFIG = (
    '{"compilerOptions": {"strict": true, "noEmit": true, "module": "nodenext",'
    ' "moduleResolution": "nodenext"}, "include": ["*.ts"]}\n'
)


def usages_beside_server(
    root: Path, files: dict[str, str], at: Location
) -> tuple[set[Location], set[Location]]:
    """``files`` indexed with tsgo: lsai's usages of the symbol named at ``at``, and the live
    server's references there (without the declaration)."""
    served_tree(root, files, "tsgo")
    ws = open_workspace(root)
    try:
        found = usages(ws, UsagesInput(file=at[0], line=at[1], col=at[2], limit=1000))
    finally:
        ws.close()
    stored = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    return stored, asyncio.run(live(root, {"asked": at}))["asked"]


TYPEDEF = {
    "jsconfig.json": JSCONFIG,
    "cache.js": (
        "// @ts-check\n"  # 1
        "/**\n * Runs seen so far.\n *\n"  # 2-4
        " * @typedef {object} RunCache\n"  # 5
        " * @property {number} start The first.\n */\n\n"  # 6-8
        "/**\n * @param {RunCache} runs Shared.\n * @returns {number}\n */\n"  # 9-12
        "function first (runs) {\n  return runs.start\n}\n\n"  # 13-16
        "/** @param {RunCache} runs Shared. */\n"  # 17
        "function second (runs) {\n  return first(runs)\n}\n\n"  # 18-20
        "module.exports = { first, second }\n"
    ),
}


def test_a_jsdoc_typedef_is_used_where_jsdoc_names_it(tmp_path: Path) -> None:
    """semver's ``@typedef {object} DigitRunCache``: no identifier of tree-sitter's names it,
    only ``@param {DigitRunCache}`` tags, so the symbol was taken for unused and asked
    nothing (0 usages; tsgo: 8)."""
    stored, server = usages_beside_server(tmp_path, TYPEDEF, ("cache.js", 5, 22))
    assert server == {("cache.js", 10, 12), ("cache.js", 17, 13)}
    assert stored == server


REEXPORT = {
    "tsconfig.json": TSCONFIG,
    "imports.ts": (
        'export { current, produce as createNextState } from "not-installed";\n'
        'export { twice as double } from "./local.js";\n'
    ),
    "local.ts": "export function twice(n: number): number { return n * 2; }\n",
    "use.ts": (
        'import { createNextState, current, double } from "./imports.js";\n\n'
        "export const a = createNextState({}, () => current(1));\n"
        "export const b = createNextState(double(2));\n"
    ),
}


def test_a_renamed_reexport_of_a_package_not_installed_is_used_by_its_importers(
    tmp_path: Path,
) -> None:
    """Redux Toolkit's ``export { produce as createNextState } from 'immer'`` with immer not
    installed: tsgo lists the alias as a variable (its definition is itself) and its
    references reach the importers, but the definition at an importer's use stops at the
    import, so resolving names by definition found none of them (0 usages; tsgo: 7)."""
    stored, server = usages_beside_server(tmp_path, REEXPORT, ("imports.ts", 1, 30))
    assert server == {("use.ts", 1, 10), ("use.ts", 3, 18), ("use.ts", 4, 18)}
    assert stored == server


BLOCKS = {
    "jsconfig.json": JSCONFIG,
    "colors.js": (
        "const convert = (model, style) => {\n"  # 1
        "  if (model === 'rgb') {\n"  # 2
        "    const ansi = (r, g, b) => style.ansi(r + g + b);\n"  # 3
        "    return [ansi, ansi];\n"  # 4
        "  }\n"
        "  if (model === 'hex') {\n"  # 6
        "    const ansi = hex => style.ansi(hex.length);\n"  # 7
        "    return [ansi, ansi];\n"  # 8
        "  }\n"
        "  const ansi = code => style.ansi(code);\n"  # 10
        "  return [ansi];\n"  # 11
        "};\n\n"
        "module.exports = { convert };\n"
    ),
}


def test_namesakes_in_the_blocks_of_one_function_are_used_apart(tmp_path: Path) -> None:
    """chalk's ``const ansi`` in each ``if (model === ...)`` block of one function: three
    bindings, which the index keys apart, answered together as members sharing a declaration
    up the type hierarchy (their container, a function, is no type)."""
    stored, server = usages_beside_server(tmp_path, BLOCKS, ("colors.js", 7, 11))
    assert server == {("colors.js", 8, 13), ("colors.js", 8, 19)}
    assert stored == server


LINKED = {
    "tsconfig.json": TSCONFIG,
    "merge.ts": (
        "interface Merged {\n"  # 1
        "  add(item: number): void;\n"  # 2
        "}\n\n"
        "/** Items can be added later with {@link Merged.add}, see {@link merged}. */\n"  # 5
        "export function merged(): Merged {\n"  # 6
        "  const items: number[] = [];\n"
        "  return {\n"
        "    add(item: number) {\n"  # 9
        "      items.push(item);\n"
        "    },\n"
        "  };\n"
        "}\n\n"
        "export function fill(m: Merged): void {\n"  # 15
        "  m.add(1);\n"
        "}\n"
    ),
}


def test_a_method_named_in_a_doc_comment_is_not_called_by_the_module(tmp_path: Path) -> None:
    """tRPC's ``{@link MergedAsyncIterables.add}`` in a function's doc comment: a member read
    outside any function is a call of the module in tsgo's call hierarchy (``merge._reads``),
    but a name in a JSDoc comment is read by nothing (callers: an extra ``<module>``)."""
    asked = [("merge.ts", 2, 3)]
    stored, server = callers_beside_server(tmp_path, LINKED, "tsgo", asked)
    assert server[asked[0]] == {("fill", "merge.ts")}
    assert stored == server


MISREAD = {
    "tsconfig.json": TSCONFIG,
    "creators.ts": (  # tree-sitter misreads lines 5-34 (redux toolkit's createSlice.ts)
        "export interface Creators<State> {\n"
        "  (payload: State): Array<\n"
        "    State\n"
        "  >\n"
        "  <\n"
        "    Returned,\n"
        "  >(\n"
        "    payload: Returned,\n"
        "  ): Array<Returned>\n"
        "  withTypes(): State\n"
        "}\n"
        "\n"
        "export interface More<State> {\n"
        "  reducer(\n"
        "    state: State,\n"
        "  ): State\n"
        "  reducer<Payload>(\n"
        "    state: State, payload: Payload,\n"
        "  ): State\n"
        "\n"
        "  creator: Creators<State>\n"
        "\n"
        "  prepared<Prepare>(\n"
        "    prepare: Prepare,\n"
        "  ): {\n"
        "    prepare: Prepare\n"
        "    reducer: Array<\n"
        "      State\n"
        "    >\n"
        "  }\n"
        "}\n"
        "\n"
        "export type CaseReducers<State> =\n"
        "  | Record<string, State>\n"
        "  | Creators<State>\n"
        "\n"
        "export function use(r: CaseReducers<number>): CaseReducers<number> {\n"
        "  return r;\n"
        "}\n"
    ),
}


def test_a_type_alias_after_a_misread_interface_is_no_usage_of_itself(tmp_path: Path) -> None:
    """redux toolkit's ``AsyncThunkCreator``: a call signature opening with ``<`` on the line
    after a member without ``;`` reads to tree-sitter-typescript as type arguments, up to the
    next declaration, whose name it takes for a use of the type (usages: its own name,
    "extra")."""
    stored, server = usages_beside_server(tmp_path, MISREAD, ("creators.ts", 33, 13))
    assert server == {("creators.ts", 37, 24), ("creators.ts", 37, 47)}
    assert stored == server


SPELLED = "".join(f"qs.stringify({{ a: {n} }});\n" for n in range(40))
"""Enough member reads of ``stringify`` that its name's references cost less than resolving
each of them by definition (``resolve.plan``): the name is asked by references (qs's tests)."""
REQUIRED = {
    "jsconfig.json": JSCONFIG,
    "stringify.js": (
        "'use strict';\n\n"
        "var stringify = function stringify(value) {\n  return String(value);\n};\n\n"
        "module.exports = function (object) {\n  return stringify(object);\n};\n"  # 7
    ),
    "index.js": (
        "'use strict';\n\nvar stringify = require('./stringify');\n\n"  # 3
        "module.exports = {\n  stringify: stringify\n};\n"  # 6
    ),
    "use.js": (
        "'use strict';\n\nvar stringify = require('./stringify');\n\n"  # 3
        "function run(obj) {\n  return stringify(obj);\n}\n\nmodule.exports = run;\n"  # 6
    ),
    "test.js": "var qs = require('./index');\n\n" + SPELLED,
}


def test_the_requirers_of_a_module_exports_function_use_it_under_their_own_name(
    tmp_path: Path,
) -> None:
    """qs's ``module.exports = function (object, opts) {}`` (lib/stringify.js, named
    ``exports``), required as ``var stringify = require('./stringify')`` where ``stringify`` is
    also a function of the module: the sites named ``stringify`` are asked by that function's
    references, which do not reach the requirers, and tsgo's definition of the binding (the
    alias) is the whole ``module.exports`` statement, which named no symbol (usages: 2
    "missing" in qs; here the binding and its use in each requirer)."""
    stored, server = usages_beside_server(tmp_path, REQUIRED, ("stringify.js", 7, 8))
    assert server == {("index.js", 3, 5), ("index.js", 6, 14), ("use.js", 3, 5), ("use.js", 6, 10)}
    assert stored == server


DEFAULTS = {
    "tsconfig.json": TSCONFIG,
    "anon.ts": (
        "export function stringify(value: unknown): string {\n  return String(value);\n}\n\n"
        "export default function (object: unknown): string {\n"  # 5
        "  return stringify(object);\n}\n"
    ),
    "use.ts": (
        'import stringify from "./anon.js";\n\n'
        "export function run(obj: unknown): string {\n  return stringify(obj);\n}\n"  # 4
    ),
    "test.ts": (
        "export function go(qs: { stringify(o: object): string }): void {\n"
        + SPELLED.replace("qs.", "  qs.")
        + "}\n"
    ),
}


def test_the_importers_of_an_anonymous_default_export_use_it_under_their_own_name(
    tmp_path: Path,
) -> None:
    """``export default function () {}`` imported as ``stringify``, also the name of a
    function of the module, asked by references: tsgo's definition of the import is the
    whole ``export default`` statement, which the import's alias did not follow (asked at
    ``default``: at ``export``, where lsai's outline names it, tsgo answers no references)."""
    stored, server = usages_beside_server(tmp_path, DEFAULTS, ("anon.ts", 5, 8))
    assert server == {("use.ts", 1, 8), ("use.ts", 4, 10)}
    assert {at for at in stored if at[0] == "use.ts"} == server


HEADED = {
    "tsconfig.json": TSCONFIG,
    "event.ts": (
        "export class Base<T> {\n  constructor(public data: T) {}\n}\n\n"
        "export class Failure<\n"  # 5
        "  Data extends {\n    error: Error\n    request: Request\n  } = {\n"  # 6-9
        "    error: Error\n    request: Request\n  },\n"  # 10-12
        "> extends Base<Data> {\n"  # 13
        "  public readonly request: Request\n\n"  # 14
        "  constructor(data: Data) {\n    super(data)\n"
        "    this.request = data.request\n  }\n}\n\n"  # 18
        "export class Holder extends Array<{ request: string }> {\n"  # 22
        "  request = ''\n}\n\n"  # 23
        "export function handle(event: Failure, holder: Holder): string {\n"  # 26
        "  return event.request.url + holder.request\n}\n"  # 27
    ),
}


def test_a_type_literal_in_a_class_heading_declares_no_member_of_the_class(
    tmp_path: Path,
) -> None:
    """msw's ``class UnhandledExceptionEvent<DataType extends { request: Request } = {...}>``:
    tsgo's outline lists the type literals' properties among the class's members, so they
    were keyed as overloads of its field ``request``, whose usages took in theirs (4
    "extra"); ``data.request``, which tsgo's definition leads to the constraint's property,
    was the field's too (a name no symbol holds, taken for a local the class assigns
    later). So for a type argument of the class's heritage."""
    stored, server = usages_beside_server(tmp_path, HEADED, ("event.ts", 14, 19))
    assert server == {("event.ts", 18, 10), ("event.ts", 27, 16)}
    assert stored == server
    stored, server = usages_beside_server(tmp_path, HEADED, ("event.ts", 23, 3))
    assert server == {("event.ts", 27, 37)}
    assert stored == server


RETURNED = {
    "tsconfig.json": TSCONFIG,
    "creators.ts": (
        "export interface Creators {\n"  # 1
        "  reducer(n: number): number;\n"  # 2
        "  thunk: (n: number) => number;\n"  # 3
        "}\n\n"
        "export function build(): Creators {\n"  # 6
        "  function thunk(n: number): number {\n"  # 7
        "    return n;\n  }\n"
        "  const double = thunk(2);\n"  # 10
        "  return {\n"
        "    reducer(n: number) {\n"  # 12
        "      return n + double;\n    },\n"
        "    thunk: thunk,\n"  # 15
        "  };\n}\n\n"
        "export function use(c: Creators): number {\n"  # 19
        "  return c.reducer(1) + c.thunk(2);\n}\n"  # 20
    ),
}


def test_the_object_a_function_returns_implements_its_declared_return_type(
    tmp_path: Path,
) -> None:
    """tRPC's ``mergeAsyncIterables(): MergedAsyncIterables`` returning ``{ add(iterable)
    {...} }``; redux toolkit's ``buildReducerCreators(): ReducerCreators`` returning ``{
    reducer(caseReducer) {...}, asyncThunk: asyncThunk as any }`` beside ``function
    asyncThunk``: the object's members implement the interface's, whose usages tsgo's
    references hold (1 "missing" each); the function the object's property holds is no
    member of the interface."""
    stored, server = usages_beside_server(tmp_path, RETURNED, ("creators.ts", 2, 3))
    assert server == {("creators.ts", 12, 5), ("creators.ts", 20, 12)}
    assert stored == server
    stored, server = usages_beside_server(tmp_path, RETURNED, ("creators.ts", 3, 3))
    assert server == {("creators.ts", 15, 5), ("creators.ts", 20, 27)}
    assert stored == server


QUOTED = {
    "tsconfig.json": TSCONFIG,
    "events.ts": (
        "export type EventMap = {\n"  # 1
        "  'request:start': string\n"  # 2
        "  'request:end': number\n"  # 3
        "  plain: boolean\n"  # 4
        "}\n\n"
        "export interface Emitter<M> {\n"  # 7
        "  on<K extends keyof M>(type: K, listener: (data: M[K]) => void): void\n"  # 8
        "}\n\n"
        "export function run(e: Emitter<EventMap>): number {\n"  # 11
        "  e.on('request:end', (n) => {})\n"  # 12
        "  const m: EventMap = { 'request:start': 'a', 'request:end': 2, plain: true }\n"  # 13
        "  return m['request:end'] + m['plain'].valueOf()\n"  # 14
        "}\n"
    ),
}


def test_a_quoted_property_of_a_type_literal_is_no_usage_of_itself(tmp_path: Path) -> None:
    """msw's ``HttpNetworkFrameEventMap = { 'request:end': RequestEvent, ... }``: tsgo's
    outline leaves out a type literal's members, tree-sitter's name (quotes and all) is the
    symbol's, and the server's references list the name inside the quotes, which was kept as
    a usage (``'request:end'``, ``'websocket:error'``, ``'response:bypass'``: 1 "extra"
    each, at the declaration). ``e.on('request:end', ...)`` is none of tsgo's references."""
    stored, server = usages_beside_server(tmp_path, QUOTED, ("events.ts", 3, 4))
    assert server == {("events.ts", 13, 48), ("events.ts", 14, 13)}
    assert stored == server


NESTED = {
    "tsconfig.json": TSCONFIG,
    "transformer.ts": (
        "export interface DataTransformer {\n"  # 1
        "  serialize(object: any): any;\n"  # 2
        "  deserialize(object: any): any;\n"  # 3
        "}\n\n"
        "interface OutputDataTransformer extends DataTransformer {\n"  # 6
        "  serialize(object: any): any;\n"  # 7
        "}\n\n"
        "export interface Combined {\n"  # 10
        "  input: DataTransformer;\n"  # 11
        "  output: OutputDataTransformer;\n"  # 12
        "}\n\n"
        "export const defaultTransformer: Combined = {\n"  # 15
        "  input: { serialize: (obj) => obj, deserialize: (obj) => obj },\n"  # 16
        "  output: { serialize: (obj) => obj, deserialize: (obj) => obj },\n"  # 17
        "};\n\n"
        "export function use(c: Combined): any {\n"  # 20
        "  return c.output.serialize(c.input.deserialize(1));\n"  # 21
        "}\n"
    ),
}


def test_an_object_nested_in_a_typed_one_implements_its_property_type(tmp_path: Path) -> None:
    """tRPC's ``defaultTransformer: CombinedDataTransformer = { input: { serialize: (obj) =>
    obj, ... }, output: { ... } }``: the nested objects take the types of the interface's
    properties, which tree-sitter cannot know, so their members were no relatives of
    ``OutputDataTransformer.serialize`` (2 "missing"); tsgo's definition at a nested member
    answers its contextual type's."""
    stored, server = usages_beside_server(tmp_path, NESTED, ("transformer.ts", 7, 3))
    assert server == {
        ("transformer.ts", 2, 3),
        ("transformer.ts", 16, 12),
        ("transformer.ts", 17, 13),
        ("transformer.ts", 21, 19),
    }
    assert stored == server
    stored, server = usages_beside_server(tmp_path, NESTED, ("transformer.ts", 3, 3))
    assert server == {
        ("transformer.ts", 16, 37),
        ("transformer.ts", 17, 38),
        ("transformer.ts", 21, 37),
    }
    assert stored == server


BRANCHES = {
    "tsconfig.json": TSCONFIG,
    "api.ts": (
        "export interface Api {\n"  # 1
        "  get(n: number): number;\n"  # 2
        "  size: number;\n"  # 3
        "}\n\n"
        "export function make(flag: boolean): Api {\n"  # 6
        "  function helper() {\n"  # 7
        "    return { get: (n: number) => n * 2, size: 0 };\n"  # 8
        "  }\n"
        "  if (flag) {\n"  # 10
        "    for (const n of [1, 2]) {\n"
        "      if (n > 1) return {\n"  # 12
        "        get(m: number) {\n"  # 13
        "          return m + n;\n"
        "        },\n"
        "        size: n,\n"  # 16
        "      };\n"
        "    }\n"
        "  }\n"
        "  return helper();\n"
        "}\n\n"
        "export function use(a: Api): number {\n"  # 23
        "  return a.get(a.size);\n"  # 24
        "}\n"
    ),
}


def test_an_object_returned_in_a_block_implements_the_declared_return_type(
    tmp_path: Path,
) -> None:
    """An object literal returned from an ``if`` or a loop of a function with a declared
    return type implements it as one returned from the body does (its members' usages
    missed them); one returned by a function nested in it does not."""
    stored, server = usages_beside_server(tmp_path, BRANCHES, ("api.ts", 2, 3))
    assert server == {("api.ts", 13, 9), ("api.ts", 24, 12)}
    assert stored == server
    stored, server = usages_beside_server(tmp_path, BRANCHES, ("api.ts", 3, 3))
    assert server == {("api.ts", 16, 9), ("api.ts", 24, 18)}
    assert stored == server


FIELD = {
    "tsconfig.json": TSCONFIG,
    "stream.ts": (
        "interface Message {\n"  # 1
        "  id?: string\n"  # 2
        "  data?: string\n"
        "}\n\n"
        "export class Parser {\n"  # 6
        "  private message: Message = {\n"  # 7
        "    id: undefined,\n"  # 8
        "    data: undefined,\n"
        "  }\n\n"
        "  last(): string | undefined {\n"  # 12
        "    return this.message.id\n"  # 13
        "  }\n"
        "}\n"
    ),
}


def test_the_object_a_class_field_holds_implements_the_field_type(tmp_path: Path) -> None:
    """msw's ``private message: EventSourceMessage = { id: undefined, ... }`` in
    EventSourceParsingStream: the object implements the field's declared type as a typed
    variable's does (EventSourceMessage.id: 1 "missing", sse.ts:834)."""
    stored, server = usages_beside_server(tmp_path, FIELD, ("stream.ts", 2, 3))
    assert server == {("stream.ts", 8, 5), ("stream.ts", 13, 25)}
    assert stored == server


CALLABLE = {
    "tsconfig.json": TSCONFIG,
    "types.ts": (
        "export interface SortingFn<T> {\n"  # 1
        "  (a: T, b: T, id: string): number\n"  # 2
        "}\n\n"
        "export interface ColumnDef {\n"  # 5
        "  sortingFn?: SortingFn<unknown>\n"  # 6
        "}\n"
    ),
    "sort.ts": (
        'import type { SortingFn } from "./types.js";\n\n'
        "export function sortAll<T>(fn: SortingFn<T>, rows: T[], ids: string[]): T[] {\n"  # 3
        "  const info: Record<\n"
        "    string,\n"
        "    {\n"
        "      sortingFn: SortingFn<T>\n"  # 7
        "    }\n"
        "  > = {}\n"
        "  ids.forEach(id => {\n"
        "    info[id] = { sortingFn: fn }\n"  # 11
        "  })\n"
        "  const sortData = (all: T[]) => {\n"
        "    return all.sort((a, b) => {\n"
        "      for (const id of ids) {\n"
        "        const column = info[id]!\n"
        "        const n = column.sortingFn(a, b, id)\n"  # 17
        "        if (n !== 0) return n\n"
        "      }\n"
        "      return 0\n"
        "    })\n"
        "  }\n"
        "  return sortData(rows)\n"
        "}\n"
    ),
}


def test_a_call_of_a_callable_value_is_no_usage_of_its_call_signature(tmp_path: Path) -> None:
    """table-core's ``columnInfo.sortingFn(rowA, rowB, id)``, a member of a type literal that
    is no symbol: tsgo's definition there lists the member and the call signature of its type
    (``SortingFn.()``), whose references leave the call out (1 "extra", getSortedRowModel.ts)."""
    stored, server = usages_beside_server(tmp_path, CALLABLE, ("types.ts", 2, 3))
    assert server == set()
    assert stored == server


ASSIGNED = {
    "tsconfig.json": TSCONFIG,
    "types.ts": (
        "export interface Global {\n"  # 1
        "  p: (script: () => void) => void\n"  # 2
        "  buffer: Array<() => void>\n"  # 3
        "}\n\n"
        "declare global {\n"
        "  interface Window {\n"
        "    $_G?: Global\n"
        "  }\n"
        "}\n\n"
        "export function flush(g: Global): void {\n"  # 12
        "  g.buffer.forEach((script) => script())\n"  # 13
        "}\n"
    ),
    "script.ts": (
        "self.$_G = {\n"  # 1
        "  p(script) {\n"  # 2
        "    this.buffer.push(script)\n"  # 3
        "  },\n"
        "  buffer: [],\n"  # 5
        "}\n"
    ),
}


def test_a_member_of_an_object_assigned_to_a_typed_property_is_no_usage_of_itself(
    tmp_path: Path,
) -> None:
    """router-core's ``self.$_TSR = { ..., buffer: [] }`` (``$_TSR?: TsrSsrGlobal`` declared
    on ``Window``): an object no symbol holds, whose members only the server lists, and which
    tsgo's references of ``TsrSsrGlobal.buffer`` reach: ``buffer`` listed its own name among
    its usages (1 "extra", ssr/tsrScript.ts:19). Its usages through the type's member are the
    lsai gap the NOTES tell (no symbol holds the object to implement the type)."""
    stored, server = usages_beside_server(tmp_path, ASSIGNED, ("script.ts", 5, 3))
    assert server == {("script.ts", 3, 10), ("types.ts", 3, 3), ("types.ts", 13, 5)}
    assert stored <= server
    stored, server = usages_beside_server(tmp_path, ASSIGNED, ("types.ts", 3, 3))
    assert server == {("script.ts", 3, 10), ("script.ts", 5, 3), ("types.ts", 13, 5)}
    assert stored == server


OVERLOADED = {
    "tsconfig.json": TSCONFIG,
    "pick.ts": (
        "export function pick(a: string): string;\n"  # 1
        "export function pick(a: number): number;\n"  # 2
        "export function pick(a: unknown): unknown {\n"  # 3
        "  return a;\n"
        "}\n"
        "pick(1);\n"  # 6
        "pick('x');\n"  # 7
    ),
}


@pytest.mark.parametrize("line", [1, 2, 3])
def test_the_usages_of_an_overload_list_every_other_declaration_of_its_set(
    tmp_path: Path, line: int
) -> None:
    """tsgo's references at any declaration of an overload set list the others and not that
    one; asked at a later signature, lsai's listed the one asked instead of the first."""
    stored, server = usages_beside_server(tmp_path, OVERLOADED, ("pick.ts", line, 17))
    declarations = {("pick.ts", n, 17) for n in (1, 2, 3) if n != line}
    assert server == declarations | {("pick.ts", 6, 1), ("pick.ts", 7, 1)}
    assert stored == server


@pytest.mark.parametrize("line", [1, 2, 3])
def test_with_its_declaration_the_usages_of_an_overload_list_every_declaration_of_its_set(
    tmp_path: Path, line: int
) -> None:
    """mobx's ``export function has(obj: any, key: any)`` after four overload signatures
    (api/object-api.ts): tsgo's references there with the declarations list all five; lsai's
    usages with the definition listed the first (the symbol holding the references) and the
    other signatures, not the implementation asked at."""
    served_tree(tmp_path, OVERLOADED, "tsgo")
    ws = open_workspace(tmp_path)
    try:
        asked = UsagesInput(file="pick.ts", line=line, col=17, include_definition=True)
        found = usages(ws, asked)
    finally:
        ws.close()
    stored = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    server = asyncio.run(live_references(tmp_path, "tsgo", ("pick.ts", line, 17), True))
    assert server == {("pick.ts", n, 17) for n in (1, 2, 3)} | {
        ("pick.ts", 6, 1),
        ("pick.ts", 7, 1),
    }
    assert stored == server


OPTIONS = {
    "tsconfig.json": TSCONFIG,
    "src/retry.ts": (
        "export type Options = { retries: number; delay?: number };\n"  # 1: retries at col 25
        "\n"
        "export function retry(o: Options): number {\n"
        "  return o.retries * (o.delay ?? 1);\n"
        "}\n"
    ),
    "src/use.ts": (
        'import { retry, type Options } from "./retry";\n'
        "\n"
        "export const n = retry({ retries: 3 });\n"  # 3: an argument in a variable's value
        "retry({ retries: 1 });\n"  # 4: in a statement
        "export const typed: Options = { retries: 5 };\n"  # 5: the variable's own object
        "export const later = () => retry({ retries: 4 });\n"
    ),
}


def test_a_key_of_an_object_passed_to_a_call_in_a_variables_value_is_a_usage_of_the_member(
    tmp_path: Path,
) -> None:
    """tsgo's outline lists the keys of an object passed to a call in a variable's value as
    the variable's members (``n.retries`` of ``const n = retry({ retries: 3 })``), and lsai
    took their definition answer (the parameter type's member) for what they implement, as of
    ``const typed: Options = { retries: 5 }``, with no type edge to join the two: usages of
    ``Options.retries`` left the key out, which tsgo's references list."""
    sites, server = usages_beside_server(tmp_path, OPTIONS, ("src/retry.ts", 1, 25))
    assert ("src/use.ts", 3, 26) in server
    assert sites == server


DEFAULT_ARROW = {
    "tsconfig.json": TSCONFIG,
    "resolve.ts": (
        "export default (config: { url: string }) => {\n"  # 1: `default` at col 8
        "  return config.url;\n"
        "};\n"
    ),
    "use.ts": (
        'import resolveConfig from "./resolve.js";\n'  # 1
        'export const url = resolveConfig({ url: "a" });\n'  # 2
    ),
}


def test_an_anonymous_default_export_answers_at_the_position_its_symbol_is_listed_at(
    tmp_path: Path,
) -> None:
    """axios's helpers/resolveConfig.js ``export default (config) => {...}``: the symbol
    ``default`` is named at the keyword (as search and outline list it), its definition
    occurrence at the arrow function; asked at the keyword, lsai read the next line's name and
    refused (NO_SYMBOL_AT_POSITION: the accuracy bench died on it)."""
    served_tree(tmp_path, DEFAULT_ARROW, "tsgo")
    ws = open_workspace(tmp_path)
    try:
        found = usages(ws, UsagesInput(file="resolve.ts", line=1, col=8))
    finally:
        ws.close()
    assert (found.symbol.name, found.symbol.line) == ("default", 1)
    assert ("use.ts", 2) in {(f.file, u.line) for f in found.files for u in f.usages}


def test_the_default_import_of_an_anonymous_default_export_is_its_usage(tmp_path: Path) -> None:
    """``import resolveConfig from "./resolve.js"`` of ``export default (config) => {...}``:
    tsgo's definition there is the export statement, which named no symbol (the function's is
    read where the arrow function starts, not at ``default``): the import was untied, missing
    from the function's usages (tsgo lists it)."""
    stored, server = usages_beside_server(tmp_path, DEFAULT_ARROW, ("resolve.ts", 1, 8))
    assert ("use.ts", 1, 8) in server
    assert stored == server
