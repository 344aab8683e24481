"""A module-level destructuring of what a function returns (@tanstack/store's ``const { link,
unlink } = createReactiveSystem({...})`` of ``return { link, unlink }``, whose shorthands hold
the function's local functions): its names are the file's locals. tsgo's definition at a call
``link(...)`` leads to the binding and on to the local function, but its references of that
function stop at the shorthand (and those of the shorthand property at the binding), its call
hierarchy names no such call, and its rename of the function leaves the calls alone. lsai
keyed the calls to the function: its usages, callers and rename listed every importer's calls
(store: 5 functions, 4-7 "extra" each; createAtom's callees 4 "extra"), a rename broke them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.query.calls import CallsInput, callees, callers
from lsai.query.workspace import open_workspace
from tests.renames import Location, renamed_beside_server, usages_beside_server
from tests.test_ty_union_calls import live_callers
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")
FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}, "include": ["*.ts"]}\n',
    "system.ts": (
        "export function createSystem({ notify }: { notify(n: number): void }) {\n"  # 1
        "  return {\n"  # 2
        "    link,\n"  # 3
        "    unlink,\n"  # 4
        "  }\n"  # 5
        "\n"  # 6
        "  function link(n: number): void {\n"  # 7
        "    notify(n)\n"  # 8
        "  }\n"  # 9
        "\n"  # 10
        "  function unlink(n: number): number {\n"  # 11
        "    return n\n"  # 12
        "  }\n"  # 13
        "}\n"  # 14
    ),
    "atom.ts": (
        "import { createSystem } from './system'\n"  # 1
        "\n"  # 2
        "const { link, unlink } = createSystem({\n"  # 3
        "  notify(n: number): void {},\n"  # 4
        "})\n"  # 5
        "\n"  # 6
        "export function createAtom(n: number): number {\n"  # 7
        "  link(n)\n"  # 8
        "  return unlink(n) + unlink(n + 1)\n"  # 9
        "}\n"  # 10
    ),
}
LINK: Location = ("system.ts", 7, 12)
UNLINK: Location = ("system.ts", 11, 12)


@pytest.mark.parametrize(
    "at", [LINK, UNLINK, ("system.ts", 3, 5)], ids=["link", "unlink", "returned-key"]
)
def test_usages_of_a_function_a_module_destructures_stop_at_its_binding(
    tmp_path: Path, at: Location
) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert mine == theirs
    assert not any(path == "atom.ts" and line > 3 for path, line, _ in mine)


def test_calls_of_a_module_destructurings_name_are_no_calls_of_the_function(
    tmp_path: Path,
) -> None:
    served_tree(tmp_path, FILES, "tsgo")
    ws = open_workspace(tmp_path)
    try:
        stored = {
            (h.method, h.file)
            for at in (LINK, UNLINK)
            for level in callers(ws, CallsInput(file=at[0], line=at[1], col=at[2])).levels
            for h in level.calls
        }
        called = {
            (h.method, h.file)
            for level in callees(ws, CallsInput(file="atom.ts", line=7, col=17)).levels
            for h in level.calls
        }
    finally:
        ws.close()
    live = asyncio.run(live_callers(tmp_path, [LINK, UNLINK], server="tsgo"))
    assert stored == live[LINK] | live[UNLINK]
    assert not {("createSystem.link", "system.ts"), ("createSystem.unlink", "system.ts")} & called


def test_rename_of_a_function_a_module_destructures_leaves_the_calls(tmp_path: Path) -> None:
    mine, theirs = renamed_beside_server(tmp_path, FILES, "tsgo", UNLINK, "unlinkZq")
    assert mine == theirs


NOTIFY: Location = ("system.ts", 1, 44)  # `notify(n: number): void` of the parameter's type


def test_a_method_of_an_object_passed_to_a_call_is_a_use_of_the_parameters_member(
    tmp_path: Path,
) -> None:
    """store's ``createReactiveSystem({ update(atom) {...}, notify(effect) {...} })``: tsgo's
    references of the parameter type's ``update`` list the object's method (its definition
    there answers the member); lsai's usages missed it (store: 2 "missing" each of update,
    notify, unwatched)."""
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", NOTIFY, declarations=True)
    assert ("atom.ts", 4, 3) in theirs
    assert mine == theirs


def test_rename_of_the_parameters_member_renames_the_objects_method(tmp_path: Path) -> None:
    mine, theirs = renamed_beside_server(tmp_path, FILES, "tsgo", NOTIFY, "notifyZq")
    assert any(path == "atom.ts" for path, _, _ in theirs)
    assert mine == theirs


SHORTHAND = {
    "tsconfig.json": FILES["tsconfig.json"],
    "utils.ts": (
        "export type GetBody = (o: { path: string }) => string\n"  # 1
        "export interface ContentOptions {\n"  # 2
        "  getBody: GetBody\n"  # 3
        "  path: string\n"  # 4
        "}\n"  # 5
        "export const getBody: GetBody = (o) => o.path\n"  # 6
        "export function fetchIt(opts: ContentOptions): string {\n"  # 7
        "  return opts.getBody(opts)\n"  # 8
        "}\n"  # 9
    ),
    "link.ts": (
        "import { fetchIt, getBody } from './utils'\n"  # 1
        "\n"  # 2
        "export const run = (path: string) =>\n"  # 3
        "  fetchIt({\n"  # 4
        "    path,\n"  # 5
        "    getBody,\n"  # 6
        "  })\n"  # 7
    ),
}


def test_a_shorthand_of_an_imported_name_in_a_typed_object_is_a_use_of_both(
    tmp_path: Path,
) -> None:
    """trpc's ``fetchHTTPResponse({ ..., getUrl, getBody })`` after ``import { getBody } from
    './internals/httpUtils'``: tsgo's definition there lists the parameter type's member and
    the import's binding, its references both symbols' uses; lsai keyed the site to the member
    alone (usages at it 2 "missing": the import, the const)."""
    at = ("link.ts", 6, 5)
    _, mine, theirs = usages_beside_server(tmp_path, SHORTHAND, "tsgo", at, declarations=True)
    assert ("utils.ts", 6, 14) in theirs
    assert mine == theirs


DOCUMENTED = {
    "tsconfig.json": FILES["tsconfig.json"],
    "notify.ts": (
        "export function createNotifyManager() {\n"  # 1
        "  let queue: Array<() => void> = []\n"  # 2
        "  const schedule = (callback: () => void): void => {\n"  # 3
        "    queue.push(callback)\n"  # 4
        "  }\n"  # 5
        "  const flush = (): void => {\n"  # 6
        "    queue = []\n"  # 7
        "  }\n"  # 8
        "  return {\n"  # 9
        "    /**\n"  # 10
        "     * Schedules a function, as {@link flush} runs them; see {@link Array}.\n"  # 11
        "     */\n"  # 12
        "    schedule,\n"  # 13
        "    // flushes the queue\n"  # 14
        "    flush,\n"  # 15
        "  }\n"  # 16
        "}\n"  # 17
    ),
}


@pytest.mark.parametrize("at", [("notify.ts", 3, 9), ("notify.ts", 6, 9)], ids=["jsdoc", "line"])
def test_rename_spells_out_a_shorthand_after_a_comment(tmp_path: Path, at: Location) -> None:
    """query-core's notifyManager ``return { /** Schedules ... */ schedule, ... }``: renaming
    the function keeps the returned object's key (``schedule: scheduleZq``), as tsgo's rename
    does; lsai took the name after a comment for no shorthand and renamed the key too
    (``scheduleZq,``), which changes what the object's callers read."""
    mine, theirs = renamed_beside_server(tmp_path, DOCUMENTED, "tsgo", at, "renamedZq")
    assert any(": renamedZq" in line for _, _, line in theirs)
    assert mine == theirs


PRIVATE = {
    "tsconfig.json": FILES["tsconfig.json"],
    "store.ts": (
        "export class Store<T> {\n"  # 1
        "  private atom: T[]\n"  # 2
        "  constructor(value: T) {\n"  # 3
        "    this.atom = [value]\n"  # 4
        "  }\n"  # 5
        "  get(): T {\n"  # 6
        "    return this.atom[0]\n"  # 7
        "  }\n"  # 8
        "  set(value: T): void {\n"  # 9
        "    this.atom = [value]\n"  # 10
        "  }\n"  # 11
        "}\n"  # 12
        "\n"  # 13
        "export class ReadonlyStore<T> implements Omit<Store<T>, 'set'> {\n"  # 14
        "  private atom: T[]\n"  # 15
        "  constructor(value: T) {\n"  # 16
        "    this.atom = [value]\n"  # 17
        "  }\n"  # 18
        "  get(): T {\n"  # 19
        "    return this.atom[0]\n"  # 20
        "  }\n"  # 21
        "}\n"  # 22
    ),
}


@pytest.mark.parametrize("at", [("store.ts", 15, 11), ("store.ts", 2, 11)], ids=["own", "base"])
def test_a_private_member_shares_no_declaration_with_another_types(
    tmp_path: Path, at: Location
) -> None:
    """store's ``class ReadonlyStore implements Omit<Store<T>, ...>`` with a ``private atom`` of
    its own, as Store has: ``keyof`` leaves private members out, and tsgo's references of either
    are its class's alone; lsai related them through the ``implements`` (usages and rename 5
    "extra")."""
    _, mine, theirs = usages_beside_server(tmp_path, PRIVATE, "tsgo", at, declarations=True)
    assert mine == theirs
    assert {line for _, line, _ in theirs} <= (
        set(range(14, 23)) if at[1] == 15 else set(range(13))
    )
    renamed, renamed_live = renamed_beside_server(tmp_path / "r", PRIVATE, "tsgo", at, "atomZq")
    assert renamed == renamed_live


RETURNED_TYPE = {
    "tsconfig.json": FILES["tsconfig.json"],
    "dom.ts": (
        "export function caretFromPoint(x: number): {node: string, offset: number} | undefined {\n"
        '  return x ? {node: "a", offset: x} : undefined\n'
        "}\n"
    ),
    "coords.ts": (
        "import {caretFromPoint} from './dom'\n"  # 1
        "\n"  # 2
        "export function posAt(x: number): number {\n"  # 3
        "  let node: string | undefined, offset = 0\n"  # 4
        "  let caret = caretFromPoint(x)\n"  # 5
        "  if (caret) ({node, offset} = caret)\n"  # 6
        "  return node ? offset : 0\n"  # 7
        "}\n"  # 8
    ),
}


def test_a_destructuring_assignment_reads_a_return_types_member(tmp_path: Path) -> None:
    """prosemirror-view's ``if (caret) ({node, offset} = caret)`` of ``caretFromPoint(...):
    {node: Node, offset: number} | undefined``: tsgo's references of the return type's
    ``offset`` list the shorthand; lsai took that member (keyed under the function) for a
    variable the shorthand writes and left it out (usages and rename 1 "missing")."""
    at = ("dom.ts", 1, 59)
    _, mine, theirs = usages_beside_server(tmp_path, RETURNED_TYPE, "tsgo", at, declarations=True)
    assert ("coords.ts", 6, 22) in theirs
    assert mine == theirs
