"""The members of TypeScript's inline type literals (``connect(opts: { host: string })``),
which tsgo's outline does not list, beside the live server's references and rename: a literal
that is the type of a symbol (a parameter's, a return type, a property's) holds symbols
(``lsai.indexer.treesitter.typeliterals``)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsai.query.contracts import OutlineInput
from lsai.query.outline import outline
from lsai.query.rename import RenameInput, rename
from lsai.query.workspace import open_workspace
from tests.renames import live_references, renamed_beside_server, usages_beside_server
from tests.test_tsgo_unseen import TSCONFIG
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")

LITERALS = {
    "tsconfig.json": TSCONFIG,
    "net.ts": (
        "export function connect(opts: { host: string; port?: number }): string {\n"  # 1
        "  return opts.host + (opts.port ?? 80)\n"  # 2
        "}\n\n"
        "export function Button({ label }: { label: string }): string {\n"  # 5
        "  return label\n"  # 6
        "}\n\n"
        "export function status(): { ok: boolean } {\n"  # 9
        "  return { ok: true }\n"  # 10
        "}\n\n"
        "export type Shape = { inner: { x: number } }\n\n"  # 13
        "export interface Conf {\n"  # 15
        "  nested: { depth: number }\n"  # 16
        "}\n"
    ),
    "local.ts": (
        "declare function run(f: (o: { a: number }) => number): void\n"  # 1
        "export function outer(): number {\n"  # 2
        "  const f = (o: { b: number }) => o.b\n"  # 3
        "  return f({ b: 1 })\n"  # 4
        "}\n"
        "run((o: { c: number }) => o.c)\n"  # 6
        "export const held: Array<{ d: number }> = []\n"  # 7
    ),
    "use.ts": (
        'import { connect, Button, status, Shape, Conf } from "./net.js"\n\n'  # 1
        'export const url = connect({ host: "a", port: 1 })\n'  # 3
        'export const b = Button({ label: "x" })\n'  # 4
        "export const s = status().ok\n"  # 5
        "export function g(t: Shape, c: Conf): number {\n"  # 6
        "  return t.inner.x + c.nested.depth\n"  # 7
        "}\n"
    ),
}


def test_a_member_of_a_parameters_type_literal_is_used_where_the_server_says(
    tmp_path: Path,
) -> None:
    """``host`` of ``connect(opts: { host: string })``: tsgo's references at the member or at
    ``opts.host`` list ``opts.host`` and the key ``host`` of the object passed to ``connect`` in
    another file; lsai refused the member (no symbol) and listed ``opts.host`` by name only."""
    for at in (("net.ts", 1, 33), ("net.ts", 2, 15)):
        found, stored, server = usages_beside_server(tmp_path, LITERALS, "tsgo", at)
        assert server >= {("net.ts", 2, 15), ("use.ts", 3, 30)}
        assert stored | {at} == server | {at}, found.symbol
        assert found.symbol is not None and found.symbol.qualified_name == "connect.host"


def test_a_member_of_a_destructured_parameters_type_literal_is_used_by_the_binding(
    tmp_path: Path,
) -> None:
    """React-style props, ``Button({ label }: { label: string })``: tsgo's references of
    ``label`` list the destructuring's ``label`` and the key of the caller's object."""
    _, stored, server = usages_beside_server(tmp_path, LITERALS, "tsgo", ("net.ts", 5, 37))
    assert server == {("net.ts", 5, 26), ("use.ts", 4, 27)}
    assert stored == server


def test_a_member_of_a_return_types_literal_is_used_by_the_returned_object_and_the_callers(
    tmp_path: Path,
) -> None:
    _, stored, server = usages_beside_server(tmp_path, LITERALS, "tsgo", ("net.ts", 9, 29))
    assert server == {("net.ts", 10, 12), ("use.ts", 5, 27)}
    assert stored == server


def test_a_member_of_a_literal_nested_in_an_alias_or_an_interface_is_used_where_the_server_says(
    tmp_path: Path,
) -> None:
    """``type Shape = { inner: { x: number } }`` held ``Shape.inner``, not its ``x``; nor did
    ``Conf.nested`` its ``depth``."""
    nested = ((("net.ts", 13, 32), ("use.ts", 7, 18)), (("net.ts", 16, 13), ("use.ts", 7, 31)))
    for at, used in nested:
        _, stored, server = usages_beside_server(tmp_path, LITERALS, "tsgo", at)
        assert used in server
        assert stored == server


def test_a_rename_of_a_parameters_type_literal_member_changes_what_the_servers_does(
    tmp_path: Path,
) -> None:
    stored, server = renamed_beside_server(tmp_path, LITERALS, "tsgo", ("net.ts", 2, 15), "addr")
    assert ("use.ts", 3, 'export const url = connect({ addr: "a", port: 1 })') in server
    assert stored == server


def test_the_outline_lists_a_type_literals_members_under_the_function_they_type(
    tmp_path: Path,
) -> None:
    served_tree(tmp_path, LITERALS, "tsgo")
    ws = open_workspace(tmp_path)
    try:
        found = outline(ws, OutlineInput(file="net.ts"))
    finally:
        ws.close()
    members = [m for section in found.sections for m in section.members]
    connect = next(m for m in members if m.name == "connect")
    assert [m.name for m in connect.members] == ["host", "port"]


def test_a_type_literal_no_symbol_is_typed_by_holds_no_symbol(tmp_path: Path) -> None:
    """A literal in the parameter of a parameter's function type, a local function's, an
    argument's arrow function's or a type argument has no holder of the index to name its
    members by (they would be the module's or the function's)."""
    served_tree(tmp_path, LITERALS, "tsgo")
    ws = open_workspace(tmp_path)
    try:
        found = outline(ws, OutlineInput(file="local.ts"))
    finally:
        ws.close()
    assert found.counts.get("property", 0) == 0, found.counts


def test_the_key_of_an_object_passed_for_a_type_literal_is_used_as_the_literals_member(
    tmp_path: Path,
) -> None:
    """At ``host`` of ``connect({ host: "a" })`` (a member of the object, ``url.host``, with no
    use of its own) tsgo's references are ``connect``'s parameter's ``host``'s; lsai listed
    none."""
    at = ("use.ts", 3, 30)
    found, stored, _ = usages_beside_server(tmp_path, LITERALS, "tsgo", at)
    server = asyncio.run(live_references(tmp_path, "tsgo", at, declarations=True))
    assert server == {("net.ts", 1, 33), ("net.ts", 2, 15), at}
    assert stored | {at} == server, found.symbol


def test_a_rename_at_the_key_of_an_object_passed_for_a_type_literal_renames_the_member(
    tmp_path: Path,
) -> None:
    stored, server = renamed_beside_server(tmp_path, LITERALS, "tsgo", ("use.ts", 3, 30), "addr")
    assert ("net.ts", 2, "return opts.addr + (opts.port ?? 80)") in server
    assert stored == server


def test_a_rename_leaves_no_namesake_untouched_whose_name_it_changes(tmp_path: Path) -> None:
    """The object's key ``host`` in ``connect({ host: "a" })`` is a symbol of its own
    (``url.host``) and a declaration of the member renamed: its name is one of the edits, so
    it is not listed as left untouched."""
    served_tree(tmp_path, LITERALS, "tsgo")
    ws = open_workspace(tmp_path)
    try:
        found = rename(ws, RenameInput(file="net.ts", line=1, col=33, new_name="addr"))
    finally:
        ws.close()
    assert ("use.ts", 3) in {(c.file, c.line) for c in found.changes}
    assert [u for u in found.untouched if u.file == "use.ts"] == []


COMPONENTS = {
    "tsconfig.json": TSCONFIG,
    "fc.ts": (
        "type FC<P> = (props: P) => string\n"  # 1
        "export const Badge: FC<{ text: string; size?: number }> = ({ text }) => text\n"  # 2
        "export const Plain: FC<{ tone: string }> = function (p) { return p.tone }\n"  # 3
        "export const rows: Array<{ id: number }> = [{ id: 1 }]\n"  # 4
    ),
    "app.ts": (
        'import { Badge, Plain } from "./fc.js"\n'  # 1
        'export const a = Badge({ text: "x", size: 2 })\n'  # 2
        'export const b = Plain({ tone: "y" })\n'  # 3
    ),
}


def test_a_member_of_a_literal_typing_a_components_props_is_used_where_the_server_says(
    tmp_path: Path,
) -> None:
    """React's ``const Badge: React.FC<{ text: string }> = ({ text }) => ...``: the literal is
    a type argument of the variable's type, whose value is the function it types. tsgo's
    references at ``text`` list the destructured ``text`` and the key of the caller's object;
    lsai refused the member (no symbol). A literal typing a variable whose value is no
    function (``rows: Array<{ id: number }> = [{ id: 1 }]``) still holds none: the value's own
    keys are the server's outline there."""
    for at in (("fc.ts", 2, 26), ("fc.ts", 3, 26)):
        found, stored, server = usages_beside_server(tmp_path, COMPONENTS, "tsgo", at)
        assert any(path == "app.ts" for path, _, _ in server), server
        assert stored | {at} == server | {at}, found.symbol
        assert found.symbol is not None
        assert found.symbol.qualified_name in ("Badge.text", "Plain.tone")
    ws = open_workspace(tmp_path)
    try:
        listed = outline(ws, OutlineInput(file="fc.ts"))
    finally:
        ws.close()
    members = {m.name: m for section in listed.sections for m in section.members}
    assert [m.name for m in members["Badge"].members] == ["text", "size"]
    assert [m.name for m in members["rows"].members] == ["id"]  # the value's key alone


OPTIONS = {
    "tsconfig.json": TSCONFIG,
    "opts.ts": (
        "export type Options = Readonly<\n"  # 1
        "  Partial<{\n"  # 2
        "    maxLen: number\n"  # 3
        "    minLen: number\n"  # 4
        "  }>\n"  # 5
        ">\n"  # 6
        "export class Reader {\n"  # 7
        "  readonly maxLen: number\n"  # 8
        "  constructor(options?: Options) {\n"  # 9
        "    this.maxLen = options?.maxLen ?? 1\n"  # 10
        "  }\n"
        "}\n"
        "export type Two = Record<string, { a: number }> | Array<{ a: string }>\n"  # 13
    ),
    "use.ts": (
        'import { Reader, Options } from "./opts.js"\n'  # 1
        "export const r = new Reader({ maxLen: 2 })\n"  # 2
        "export const o: Options = { minLen: 1 }\n"  # 3
    ),
}


def test_a_member_of_a_literal_in_an_aliased_types_arguments_is_used_where_the_server_says(
    tmp_path: Path,
) -> None:
    """An options type, ``type Options = Readonly<Partial<{ maxLen: number }>>`` (msgpack's
    DecoderOptions): tsgo's references at ``maxLen`` list ``options?.maxLen`` and the keys of
    the objects passed or declared as Options in another file; lsai refused the member (a type
    argument's literal held no symbol) and listed ``options?.maxLen`` by name alone. The
    alias names it (``Options.maxLen``)."""
    for at in (("opts.ts", 3, 5), ("opts.ts", 10, 28), ("opts.ts", 4, 5)):
        found, stored, server = usages_beside_server(tmp_path, OPTIONS, "tsgo", at)
        assert any(path == "use.ts" for path, _, _ in server), server
        assert stored | {at} == server | {at}, found.symbol
        assert found.symbol is not None and found.symbol.qualified_name.startswith("Options.")


def test_an_aliased_types_arguments_with_two_literals_hold_no_symbol(tmp_path: Path) -> None:
    """``type Two = Record<string, { a: number }> | Array<{ a: string }>``: two literals would
    be two members ``Two.a`` of one name, overloads of each other; neither is held."""
    served_tree(tmp_path, OPTIONS, "tsgo")
    ws = open_workspace(tmp_path)
    try:
        found = outline(ws, OutlineInput(file="opts.ts"))
    finally:
        ws.close()
    members = [m for section in found.sections for m in section.members]
    two = next(m for m in members if m.name == "Two")
    assert two.members == []


HOOKS = {
    "tsconfig.json": TSCONFIG,
    "conf.ts": (
        "export interface Config<O> {\n"  # 1
        "  onBlur?:\n"  # 2
        "    | ((\n"  # 3
        "        this: {\n"  # 4
        "          name: string\n"  # 5
        "          options: O\n"  # 6
        "          parent: Config<O>['onBlur']\n"  # 7
        "        },\n"  # 8
        "        e: string,\n"  # 9
        "      ) => void)\n"  # 10
        "    | null\n"  # 11
        "}\n"
        "export type Handler = (ctx: { req: string; res: number }) => void\n"  # 13
        "export function create<O>(config: Partial<Config<O>>): Partial<Config<O>> {\n"  # 14
        "  return config\n"  # 15
        "}\n"
    ),
    "use.ts": (
        'import { create, type Handler } from "./conf.js"\n'  # 1
        "export const ext = create<number>({\n"  # 2
        "  onBlur(e) {\n"  # 3
        "    this.parent?.call(this, e)\n"  # 4
        "    console.log(this.options, this.name)\n"  # 5
        "  },\n"
        "})\n"
        "export const h: Handler = (ctx) => { console.log(ctx.req) }\n"  # 8
        "export const g: Handler = ({ res }) => { console.log(res) }\n"  # 9
    ),
}


def test_a_member_of_a_function_types_parameter_literal_is_used_where_the_server_says(
    tmp_path: Path,
) -> None:
    """A hook's ``this`` in an interface (tiptap's ExtendableConfig ``onBlur?: ((this: {
    parent: ... }) => void) | null``) and a callback type's parameter (``type Handler = (ctx:
    { req: string }) => void``): tsgo's references at the member list ``this.parent`` in the
    object given for the interface and ``ctx.req`` in a Handler; lsai refused the member (a
    function type's literal held no symbol; tiptap 2 positions). The property or the alias
    holding the function type names it (``Config.onBlur.parent``, ``Handler.req``)."""
    for at, name in (
        (("conf.ts", 7, 11), "Config.onBlur.parent"),
        (("conf.ts", 5, 11), "Config.onBlur.name"),
        (("conf.ts", 13, 31), "Handler.req"),
        (("conf.ts", 13, 44), "Handler.res"),
    ):
        found, stored, server = usages_beside_server(tmp_path, HOOKS, "tsgo", at)
        assert any(path == "use.ts" for path, _, _ in server), (name, server)
        assert stored | {at} == server | {at}, (name, found.symbol)
        assert found.symbol is not None and found.symbol.qualified_name == name


DECLARED = {
    "tsconfig.json": TSCONFIG,
    "consts.d.ts": (
        "export declare const STATUSES: {\n"  # 1
        "    readonly OK: 200;\n"  # 2
        "    readonly GONE: 410;\n"  # 3
        "};\n"
        "export declare let current: { depth: number } | null;\n"  # 5
    ),
    "use.ts": (
        'import { STATUSES, current } from "./consts.js"\n'  # 1
        "export const ok = STATUSES.OK + STATUSES.GONE\n"  # 2
        "export const depth = current?.depth\n"  # 3
    ),
}


def test_a_member_of_a_literal_typing_a_declared_variable_is_used_where_the_server_says(
    tmp_path: Path,
) -> None:
    """A declaration file's ``export declare const STATUSES: { readonly OK: 200 }`` (msw
    interceptors' llhttp constants.d.cts): tsgo's references at ``OK`` list ``STATUSES.OK`` in
    another file; lsai refused the member (a variable's literal held no symbol; 4 of msw's 80
    positions). A variable outside functions declared without a value holds it
    (``STATUSES.OK``); one with a value has its value's keys (tsgo's outline)."""
    for at, name in (
        (("consts.d.ts", 2, 14), "STATUSES.OK"),
        (("consts.d.ts", 3, 14), "STATUSES.GONE"),
        (("consts.d.ts", 5, 31), "current.depth"),
    ):
        found, stored, server = usages_beside_server(tmp_path, DECLARED, "tsgo", at)
        assert any(path == "use.ts" for path, _, _ in server), (name, server)
        assert stored | {at} == server | {at}, (name, found.symbol)
        assert found.symbol is not None and found.symbol.qualified_name == name


WRAPPED = {
    "tsconfig.json": TSCONFIG,
    "media.ts": (
        "export async function load(): Promise<{ w: number; h: number }> {\n"  # 1
        "  return { w: 1, h: 2 }\n"  # 2
        "}\n"
        "export class Media {\n"  # 4
        "  static dims(src: string): Promise<{ w: number; image: string }> {\n"  # 5
        "    return new Promise((resolve) => resolve({ w: src.length, image: src }))\n"  # 6
        "  }\n"
        "  byId(xs: Array<{ id: string }>): Map<string, { id: string }> {\n"  # 8
        "    return new Map(xs.map((x) => [x.id, x]))\n"  # 9
        "  }\n"
        "}\n"
    ),
    "use.ts": (
        'import { load, Media } from "./media.js"\n'
        "export async function use(): Promise<number> {\n"
        "  const r = await load()\n"
        '  const { w } = await Media.dims("x")\n'  # 4
        '  return r.w + w + new Media().byId([{ id: "a" }]).get("a")!.id.length\n'  # 5
        "}\n"
    ),
}


def test_a_member_of_a_literal_in_a_signatures_type_arguments_is_used_where_the_server_says(
    tmp_path: Path,
) -> None:
    """tldraw's ``static getImageAndDimensions(...): Promise<{ w: number; h: number }>``: a
    literal in the type arguments of a function's return or parameter type is the type of
    what it returns or takes; tsgo's references at its member list the returned object's key
    and the callers' reads (``r.w``, ``const { w } = await ...``). lsai refused the member (no
    symbol) and listed ``r.w`` by name alone. The two literals of ``byId`` stay apart."""
    ats = [("media.ts", 1, 41), ("media.ts", 5, 39), ("media.ts", 8, 20), ("media.ts", 8, 50)]
    for at in [*ats, ("use.ts", 5, 12), ("use.ts", 4, 11)]:
        root = tmp_path / f"{at[0]}{at[1]}-{at[2]}"
        found, stored, server = usages_beside_server(root, WRAPPED, "tsgo", at, True)
        assert len(server) > 1, at
        assert stored == server, (at, found.symbol)


def test_a_rename_of_a_member_of_a_literal_in_type_arguments_changes_what_the_servers_does(
    tmp_path: Path,
) -> None:
    stored, server = renamed_beside_server(tmp_path, WRAPPED, "tsgo", ("media.ts", 1, 41), "wd")
    assert {(path, line) for path, line, _ in server} == {
        ("media.ts", 1),
        ("media.ts", 2),
        ("use.ts", 5),
    }
    assert stored == server
