"""Usages of a TypeScript member include those of the members it shares a declaration with up
the type hierarchy, as tsgo's references do: a call through the interface is a usage of each
class's method, a call on one class a usage of the interface's method and of its other
implementations (``type_walks.related_members``). lsai's answer is checked against the live server's
references, member by member."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from lsai.indexer.lsp.documents import Documents
from lsai.indexer.lsp.session import LspSession
from lsai.indexer.pipeline import reindex
from lsai.query.calls import CallsInput, callers
from lsai.query.rename import RenameInput, rename
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace, open_workspace
from tests.test_lsp_typescript import sources
from tests.test_references_match_server import live
from tests.trees import served_tree, served_workspace

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true}, "include": ["src"]}\n',
    "src/store.ts": (
        "export interface Store {\n"  # 1
        "  fetch(): number\n"  # 2
        "}\n"
        "export class Memory implements Store {\n"  # 4
        "  fetch(): number { return 1 }\n"  # 5
        "}\n"
        "export class Disk implements Store {\n"  # 7
        "  fetch(): number { return 2 }\n"  # 8
        "}\n"
        "export class Cached extends Memory {\n"  # 10
        "  fetch(): number { return super.fetch() + 1 }\n"  # 11
        "}\n"
        "export class Unrelated {\n"  # 13
        "  fetch(): number { return 3 }\n"  # 14
        "}\n"
    ),
    "src/use.ts": (
        "import { Store, Memory, Disk, Cached, Unrelated } from './store'\n"
        "export const a = (s: Store): number => s.fetch()\n"  # 2
        "export const b = (m: Memory): number => m.fetch()\n"  # 3
        "export const c = (x: Memory | Disk): number => x.fetch()\n"  # 4
        "export const d = (k: Cached): number => k.fetch()\n"  # 5
        "export const e = (u: Unrelated): number => u.fetch()\n"  # 6
    ),
    # an object declared with an interface type implements it; an alias is the type it names
    "src/clock.ts": (
        "export interface Clock {\n"  # 1
        "  tick(): number\n"  # 2
        "}\n"
        "export const wall: Clock = {\n"  # 4
        "  tick() { return 1 },\n"  # 5
        "}\n"
        "type Ticking = Clock\n"  # 7
        "export interface Timer extends Ticking {\n"  # 8
        "  tick(): number\n"  # 9
        "}\n"
        "export class Watch {\n"  # 11
        "  static tick(): number { return 0 }\n"  # 12: static, not Clock's
        "  tick(): number { return 2 }\n"  # 13
        "}\n"
        "export const read = (c: Clock, t: Timer): number => c.tick() + t.tick() + Watch.tick()\n"
    ),
    # a static member redeclared in a derived class is another member: tsgo relates instance
    # members up the hierarchy, not static ones (rxjs TestScheduler.frameTimeFactor)
    "src/statics.ts": (
        "export class Base {\n"  # 1
        "  static factor = 10\n"  # 2
        "  static make(): number { return Base.factor }\n"  # 3
        "}\n"
        "export class Derived extends Base {\n"  # 5
        "  static factor = 1\n"  # 6
        "  static make(): number { return Derived.factor + super.make() }\n"  # 7
        "}\n"
        "export const all = (): number =>\n"  # 9
        "  Base.factor + Derived.factor + Base.make() + Derived.make()\n"  # 10
    ),
    # locals of one name in two callbacks are two symbols, not overloads; a value and a type of
    # one name: a value position is the value's
    "src/cases.ts": (
        "declare function test(run: () => void): void\n"  # 1
        "test(() => {\n"  # 2
        "  const f = () => 1\n"  # 3
        "  f()\n"  # 4
        "  type f = number\n"  # 5
        "  const g: f = f()\n"  # 6
        "})\n"
        "test(() => {\n"  # 8
        "  const f = () => 2\n"  # 9
        "  f()\n"  # 10
        "})\n"
        "test(() => {\n"  # 12
        "  function Page() { return 1 }\n"  # 13: unused, no overload of the next
        "})\n"
        "test(() => {\n"  # 15
        "  function Page() { return 2 }\n"  # 16
        "  Page()\n"  # 17
        "})\n"
    ),
    # each class has its own constructor: super() calls the base's, which shares nothing
    "src/ctors.ts": (
        "export class Base {\n"  # 1
        "  constructor() {}\n"  # 2
        "}\n"
        "export class A extends Base {\n"  # 4
        "  constructor() { super() }\n"  # 5
        "}\n"
        "export class B extends Base {\n"  # 7
        "  constructor() { super() }\n"  # 8
        "}\n"
        "export const made = [new A(), new B(), new Base()]\n"  # 10
    ),
    # an object declared with an intersection implements each of its types; the objects of an
    # array declared with an element type implement it; the call and construct signatures of
    # one interface are no declarations of one member (ajv's definitions, immer's IProduce)
    "src/typed.ts": (
        "export interface Keyword {\n"  # 1
        "  code(n: number): number\n"  # 2
        "}\n"
        "export interface Added {\n"  # 4
        "  tracks?: boolean\n"  # 5
        "}\n"
        "export interface Rule {\n"  # 7
        "  name: string\n"  # 8
        "  run(): number\n"  # 9
        "}\n"
        "export const both: Keyword & Added = {\n"  # 11
        "  tracks: true,\n"  # 12
        "  code(n) { return n },\n"  # 13
        "}\n"
        "export const rules: Rule[] = [\n"  # 15
        "  { name: 'a', run() { return 1 } },\n"  # 16
        "  { name: 'b', run: () => 2 },\n"  # 17
        "]\n"
        "export interface Produce {\n"  # 19
        "  (a: string): string\n"  # 20
        "  (a: number): number\n"  # 21
        "  new (a: string): Rule\n"  # 22
        "  new (a: number): Rule\n"  # 23
        "}\n"
        "export const use = (k: Keyword, r: Rule, p: Produce): number =>\n"  # 25
        "  k.code(1) + r.run() + both.code(2) + rules[0].run() + p(2) + new p(1).run()\n"  # 26
    ),
}
MEMBERS = {
    "Store.fetch": ("src/store.ts", 2, 3),
    "Memory.fetch": ("src/store.ts", 5, 3),
    "Disk.fetch": ("src/store.ts", 8, 3),
    "Cached.fetch": ("src/store.ts", 11, 3),
    "Unrelated.fetch": ("src/store.ts", 14, 3),
    "Clock.tick": ("src/clock.ts", 2, 3),
    "wall.tick": ("src/clock.ts", 5, 3),
    "Timer.tick": ("src/clock.ts", 9, 3),
    "Watch.tick static": ("src/clock.ts", 12, 10),
    "Watch.tick": ("src/clock.ts", 13, 3),
    "Base.factor static": ("src/statics.ts", 2, 10),
    "Derived.factor static": ("src/statics.ts", 6, 10),
    "Base.make static": ("src/statics.ts", 3, 10),
    "Derived.make static": ("src/statics.ts", 7, 10),
    "f in the first test": ("src/cases.ts", 3, 9),
    "type f": ("src/cases.ts", 5, 8),
    "Page in the third test": ("src/cases.ts", 13, 12),
    "Page in the fourth test": ("src/cases.ts", 16, 12),
    "Base.constructor": ("src/ctors.ts", 2, 3),
    "A.constructor": ("src/ctors.ts", 5, 3),
    "f in the second test": ("src/cases.ts", 9, 9),
    "Keyword.code": ("src/typed.ts", 2, 3),
    "Added.tracks": ("src/typed.ts", 5, 3),
    "both.code": ("src/typed.ts", 13, 3),
    "Rule.name": ("src/typed.ts", 8, 3),
    "Rule.run": ("src/typed.ts", 9, 3),
    "rules.run in the first object": ("src/typed.ts", 16, 16),
    "Produce.() first": ("src/typed.ts", 20, 3),
    "Produce.() second": ("src/typed.ts", 21, 3),
    "Produce.new() first": ("src/typed.ts", 22, 3),
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    opened = served_workspace(tmp_path_factory.mktemp("related"), FILES, "tsgo")
    yield opened
    opened.close()


def _sites(ws: Workspace, symbol: str) -> tuple[set[tuple[str, int, int]], list[str]]:
    path, line, col = MEMBERS[symbol]
    result = usages(ws, UsagesInput(file=path, line=line, col=col))
    found = [(f.file, u.line, u.col) for f in result.files for u in f.usages]
    assert len(found) == len(set(found)) == result.total, "a site listed twice"
    return set(found), result.provenance.notes


def test_usages_of_a_member_match_the_servers_references_across_the_hierarchy(
    ws: Workspace,
) -> None:
    server = asyncio.run(live(ws.root, MEMBERS))
    for symbol in MEMBERS:
        assert _sites(ws, symbol)[0] == server[symbol], symbol


def test_a_call_through_the_interface_is_a_usage_of_each_implementation(ws: Workspace) -> None:
    found, notes = _sites(ws, "Disk.fetch")
    assert ("src/use.ts", 2, 42) in found  # s.fetch(), s: Store
    assert ("src/use.ts", 3, 43) in found  # m.fetch(), m: Memory, which implements Store too
    assert ("src/use.ts", 6, 46) not in found  # Unrelated.fetch: no shared declaration
    assert any("Store.fetch" in n and "Memory.fetch" in n for n in notes), notes
    alone, notes = _sites(ws, "Unrelated.fetch")
    assert alone == {("src/use.ts", 6, 46)}
    assert not any("related" in n for n in notes)


def test_rename_renames_the_members_sharing_a_declaration_once_per_site(
    tmp_path: Path,
) -> None:
    """Renaming ``Disk.fetch`` alone would leave ``Disk`` no longer implementing ``Store``:
    as TypeScript's rename, lsai renames the interface member and every implementation with it;
    ``x.fetch()`` (``x: Memory | Disk``), keyed to both classes' methods, is one edit."""
    served_tree(tmp_path, FILES, "tsgo")
    opened = open_workspace(tmp_path, reindex=reindex)
    try:
        plan = rename(opened, RenameInput(symbol="Disk.fetch", new_name="load"))
        changed = {(c.file, c.line, col) for c in plan.changes for col in c.cols}
        assert changed == {
            ("src/store.ts", 2, 3), ("src/store.ts", 5, 3), ("src/store.ts", 8, 3),
            ("src/store.ts", 11, 3), ("src/store.ts", 11, 34), ("src/use.ts", 2, 42),
            ("src/use.ts", 3, 43), ("src/use.ts", 4, 50), ("src/use.ts", 5, 43),
        }  # fmt: skip
        assert any("Store.fetch" in n for n in plan.provenance.notes), plan.provenance.notes
        done = rename(opened, RenameInput(symbol="Disk.fetch", new_name="load", preview=False))
        assert done.applied and "no errors" in str(done.compilation_result)
    finally:
        opened.close()
    text = (tmp_path / "src/use.ts").read_text()
    assert text.count(".load()") == 4 and "u.fetch()" in text  # Unrelated.fetch untouched


async def _incoming(root: Path, at: tuple[str, int, int]) -> set[str]:
    """The names of the callers tsgo's call hierarchy answers for the member at ``at``."""
    path, line, col = at
    files = sources(root)
    async with LspSession("tsgo", root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        document = lsp.TextDocumentIdentifier(uri=documents.uri(path))
        prepare = lsp.CallHierarchyPrepareParams(document, documents.position(path, line, col))
        items = await session.lsp.request(lsp.TEXT_DOCUMENT_PREPARE_CALL_HIERARCHY, prepare)
        names: set[str] = set()
        for item in items or []:
            params = lsp.CallHierarchyIncomingCallsParams(item=item)
            for call in await session.lsp.request(lsp.CALL_HIERARCHY_INCOMING_CALLS, params) or []:
                names.add(call.from_.name)
        return names


def test_callers_of_a_member_match_the_servers_incoming_calls(ws: Workspace) -> None:
    """A call through ``Store`` calls ``Disk.fetch``; ``super.fetch()`` in ``Cached.fetch``
    calls ``Memory.fetch``, which shares ``Store.fetch`` with it: tsgo counts both."""
    for symbol in ("Disk.fetch", "Store.fetch", "Unrelated.fetch"):
        result = callers(ws, CallsInput(symbol=symbol, depth=1))
        found = {hop.method.rsplit(".", 1)[-1] for level in result.levels for hop in level.calls}
        assert found == asyncio.run(_incoming(ws.root, MEMBERS[symbol])), symbol


BARREL = {  # lodash-es: each function a module's default, re-exported by name
    "jsconfig.json": '{"compilerOptions": {"allowJs": true, "module": "nodenext"}}\n',
    "package.json": '{"name": "barrel", "type": "module"}\n',
    "helper.js": "function helper() {\n  return 1\n}\n\nexport default helper\n",
    "index.js": "export { default as helper } from './helper.js'\n",
    "use.js": "import { helper } from './index.js'\nexport const one = helper()\n",
}


def test_a_barrel_re_exporting_a_default_is_a_usage_as_the_server_counts_it(
    tmp_path: Path,
) -> None:
    """``export { default as helper } from './helper'``: tsgo counts the ``default`` keyword
    among the references of the module's default export; so does lsai."""
    opened = served_workspace(tmp_path, BARREL, "tsgo")
    try:
        result = usages(opened, UsagesInput(file="helper.js", line=1, col=10))
    finally:
        opened.close()
    found = {(f.file, u.line, u.col) for f in result.files for u in f.usages}
    assert ("index.js", 1, 10) in found
    assert found == asyncio.run(live(tmp_path, {"helper": ("helper.js", 1, 10)}))["helper"]
