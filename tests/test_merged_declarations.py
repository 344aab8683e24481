"""TypeScript declarations that are one symbol, addressed by name, answer as one.

``interface X`` and ``const X`` (zod declares every schema so), ``class Files`` and ``declare
namespace Files`` (every resource of the OpenAI SDK), ``function f`` and ``namespace f``, ``enum
E`` and ``namespace E``, an interface declared twice or augmented by ``declare module`` in another
file, a global interface declared in two files: TypeScript binds each set to one symbol, and the
index keeps a symbol per declaration. ``lsai usages X`` was AMBIGUOUS_SYMBOL among them; it now
answers for them together and says so. Symbols that only share a name stay ambiguous.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from lsai.cli.main import cli
from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.pipeline import reindex
from lsai.query.calls import CallsInput, callers
from lsai.query.hierarchy import HierarchyInput, hierarchy
from lsai.query.impact import ImpactInput, impact
from lsai.query.info import InfoInput, info
from lsai.query.rename import RenameInput, rename
from lsai.query.usages import UsageFile, UsagesInput, usages
from lsai.query.workspace import Workspace, open_workspace
from tests.trees import served_tree, served_workspace

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}, "include": ["src"]}\n',
    "src/a.ts": (
        "export interface Schema {\n"  # 1
        "  kind: string;\n"
        "}\n"
        "export const Schema = (kind: string): Schema => ({ kind });\n"  # 4
        "\n"
        "export class Files {\n"  # 6
        "  list(): number {\n    return 1;\n  }\n"
        "}\n"
        "export declare namespace Files {\n"  # 11
        "  export type Params = { n: number };\n"
        "}\n"
        "\n"
        "export function helper(): number {\n"  # 15
        "  return helper.base;\n"
        "}\n"
        "export namespace helper {\n"  # 18
        "  export const base = 1;\n"
        "}\n"
        "\n"
        "export enum Color {\n"  # 22
        "  Red,\n"
        "}\n"
        "export namespace Color {\n"  # 25
        "  export function parse(s: string): Color {\n"
        "    return s === 'red' ? Color.Red : Color.Red;\n"
        "  }\n"
        "}\n"
        "\n"
        "export interface Base1 { one: number }\n"  # 31
        "export interface Base2 { two: number }\n"  # 32
        "export interface Options extends Base1 {\n"  # 33
        "  a: number;\n"
        "}\n"
        "export interface Options extends Base2 {\n"  # 36
        "  b: number;\n"
        "}\n"
        "\n"
        "export interface Shape {\n"  # 40
        "  area(): number;\n"
        "}\n"
        "export class Shape {\n"  # 43
        "  constructor(public w: number) {}\n"
        "  area(): number {\n    return this.w;\n  }\n"
        "}\n"
        "\n"
        "export type Mode = 'a' | 'b';\n"  # 50
        "export const Mode = { a: 'a', b: 'b' } as const;\n"  # 51
        "\n"
        "export namespace Outer {\n"
        "  export interface Inner {\n"  # 54
        "    x: number;\n"
        "  }\n"
        "  export const Inner = 1;\n"  # 57
        "}\n"
    ),
    "src/b.ts": (
        "import { Schema, Files, helper, Color, Options, Shape, Mode, Outer } from './a';\n"
        "\n"
        "const s: Schema = Schema('x');\n"  # 3
        "const f: Files = new Files();\n"  # 4
        "const p: Files.Params = { n: 1 };\n"  # 5
        "const h = helper() + helper.base;\n"  # 6
        "const c: Color = Color.parse('red');\n"  # 7
        "const o: Options = { a: 1, b: 2, c: 3, one: 1, two: 2 };\n"  # 8
        "const sh: Shape = new Shape(2);\n"  # 9
        "const m: Mode = Mode.a;\n"  # 10
        "const i: Outer.Inner = { x: Outer.Inner };\n"  # 11
        "export { s, f, p, h, c, o, sh, m, i };\n"
        "\n"
        "export class A {\n"
        "  get(): number {\n    return 1;\n  }\n"  # 15
        "}\n"
        "export class B {\n"
        "  get(): number {\n    return 2;\n  }\n"  # 20
        "}\n"
        "export function calls(): number {\n"
        "  return new A().get() + new B().get() + helper();\n"  # 25
        "}\n"
    ),
    "src/aug.ts": (
        "import { Options } from './a';\n"
        "\n"
        "declare module './a' {\n"
        "  interface Options {\n"  # 4
        "    c: number;\n"
        "  }\n"
        "}\n"
        "\n"
        "export const full: Options = { a: 1, b: 2, c: 3, one: 1, two: 2 };\n"  # 9
    ),
    "src/g1.ts": "interface GlobalThing {\n  one: number;\n}\n",
    "src/g2.ts": (
        "interface GlobalThing {\n  two: number;\n}\n"
        "const gt: GlobalThing = { one: 1, two: 2 };\n"  # 4
    ),
    "src/other.ts": (
        "export class Files {\n"  # 1: another symbol of that name
        "  get(): number {\n    return 1;\n  }\n"
        "}\n"
        "export declare namespace Files {\n"  # 6
        "  export type Id = string;\n"
        "}\n"
    ),
    "src/certs.ts": (
        "export class Certs {\n"  # 1
        "  list(): number {\n    return 1;\n  }\n"
        "}\n"
        "export interface Resp { a: number }\n"
        "export declare namespace Certs {\n"  # 7
        "  export { type Resp as Resp };\n"
        "}\n"
    ),
    "src/projects.ts": (
        "import { Certs } from './certs';\n"
        "\n"
        "export class Projects {\n"  # 3
        "  certs: Certs = new Certs();\n"  # 4
        "  resp?: Certs.Resp;\n"  # 5
        "}\n"
        "\n"
        "Projects.Certs = Certs;\n"  # 8
        "\n"
        "export declare namespace Projects {\n"  # 10
        "  export { Certs as Certs };\n"  # 11
        "}\n"
    ),
}
# name -> its declarations (file, line, col of the name), the one answered about first
MERGED = {
    "Schema": [("src/a.ts", 1, 18), ("src/a.ts", 4, 14)],
    "Files file=src/a.ts": [("src/a.ts", 6, 14), ("src/a.ts", 11, 26)],
    "helper": [("src/a.ts", 15, 17), ("src/a.ts", 18, 18)],
    "Color": [("src/a.ts", 22, 13), ("src/a.ts", 25, 18)],
    "Options": [("src/a.ts", 33, 18), ("src/a.ts", 36, 18), ("src/aug.ts", 4, 13)],
    "Shape": [("src/a.ts", 43, 14), ("src/a.ts", 40, 18)],
    "Mode": [("src/a.ts", 50, 13), ("src/a.ts", 51, 14)],
    "Outer.Inner": [("src/a.ts", 54, 20), ("src/a.ts", 57, 16)],
    "GlobalThing": [("src/g1.ts", 1, 11), ("src/g2.ts", 1, 11)],
    "Certs": [("src/certs.ts", 1, 14), ("src/certs.ts", 7, 26)],
}

TYPES_TOGETHER = frozenset(("Options", "Shape", "GlobalThing"))
"""Merges of classes and interfaces alone, whose meanings always meet: tsgo's references at any
position are all the declarations' (tests/test_tsgo_class_interface_merge.py)."""


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    opened = served_workspace(tmp_path_factory.mktemp("merged"), FILES, "tsgo")
    yield opened
    opened.close()


def _address(spec: str) -> dict[str, str]:
    name, _, where = spec.partition(" file=")
    return {"symbol": name, **({"file": where} if where else {})}


def _sites(files: list[UsageFile]) -> set[tuple[str, int, int]]:
    return {(f.file, u.line, u.col) for f in files for u in f.usages}


@pytest.mark.parametrize("spec", sorted(MERGED))
def test_a_name_declared_several_times_as_one_symbol_answers_for_every_declaration(
    ws: Workspace, spec: str
) -> None:
    """The usages by name are those of each declaration addressed by its position, together
    (each site once), with the other declarations; the answer names them and says so."""
    declarations = MERGED[spec]
    found = usages(ws, UsagesInput(**_address(spec), limit=1000))  # type: ignore[arg-type]
    first, *others = declarations
    assert (found.symbol.file, found.symbol.line, found.symbol.col) == first
    assert [(d.file, d.line) for d in found.symbol.merged or []] == [(f, n) for f, n, _ in others]
    assert f"covers the {len(declarations)} declarations of" in " ".join(found.provenance.notes)
    each = set[tuple[str, int, int]]()
    for path, line, col in declarations:
        alone = usages(ws, UsagesInput(file=path, line=line, col=col, limit=1000))
        if spec in TYPES_TOGETHER:  # classes and interfaces: all of them from any position
            assert len(alone.symbol.merged or []) == len(others)
        else:
            assert not alone.symbol.merged  # a position answers for its declaration alone
        each |= _sites(alone.files) - {(f, n, c) for f, n, c in declarations}
    assert _sites(found.files) == each | set(others)
    assert found.total == len(each | set(others))
    assert impact(ws, ImpactInput(**_address(spec))).direct_usages == found.total  # type: ignore[arg-type]


def test_symbols_that_only_share_a_name_stay_ambiguous(ws: Workspace) -> None:
    with pytest.raises(LsaiError) as raised:
        usages(ws, UsagesInput(symbol="get"))
    assert raised.value.code == ErrorCode.AMBIGUOUS_SYMBOL


def test_an_ambiguous_name_lists_each_merged_symbol_once_with_a_form_for_it(
    ws: Workspace,
) -> None:
    """Two files each declare ``class Files`` and ``namespace Files``: two symbols, each listed
    with its other declaration and a form that answers for it (its file)."""
    with pytest.raises(LsaiError) as raised:
        usages(ws, UsagesInput(symbol="Files"))
    error = raised.value
    assert error.code == ErrorCode.AMBIGUOUS_SYMBOL
    assert "matches 2 symbols" in error.message
    assert "(merged with namespace at line 11)  symbol=Files file=src/a.ts" in error.message
    assert "(merged with namespace at line 6)  symbol=Files file=src/other.ts" in error.message
    found = usages(ws, UsagesInput(symbol="Files", file="src/other.ts"))
    assert found.symbol.file == "src/other.ts" and found.symbol.merged


def test_info_and_hierarchy_of_a_merged_interface_cover_each_declaration(ws: Workspace) -> None:
    """``interface Options extends Base1`` and ``interface Options extends Base2`` and a module
    augmentation: one type with the members and the bases of all three."""
    about = info(ws, InfoInput(symbol="Options"))
    assert about.member_counts == {"property": 3}  # a, b and the augmentation's c
    assert sorted(b.name for b in about.base) == ["Base1", "Base2"]
    tree = hierarchy(ws, HierarchyInput(symbol="Options", direction="up"))
    assert sorted(b.name for b in tree.base_types) == ["Base1", "Base2"]
    assert "covers the 3 declarations of Options" in " ".join(tree.provenance.notes)
    shape = info(ws, InfoInput(symbol="Shape"))
    assert shape.symbol.kind == "class" and shape.member_counts["method"] == 2  # both area()


def test_callers_of_a_function_merged_with_a_namespace_are_the_functions(ws: Workspace) -> None:
    found = callers(ws, CallsInput(symbol="helper"))
    assert sorted(h.method for level in found.levels for h in level.calls) == ["<module>", "calls"]


def test_renaming_a_merged_symbol_by_name_renames_every_declaration(tmp_path: Path) -> None:
    """Each declaration (the augmentation in another file too) and every use: the code still
    compiles; a name another symbol of one of their scopes holds is a conflict."""
    served_tree(tmp_path, FILES, "tsgo")
    ws = open_workspace(tmp_path, reindex=reindex)
    try:
        clash = rename(ws, RenameInput(symbol="Schema", new_name="Shape"))
        assert any("class Shape" in c for c in clash.conflicts)
        done = rename(ws, RenameInput(symbol="Options", new_name="Settings", preview=False))
        assert done.applied, done.warnings
        changed = {(c.file, c.line) for c in done.changes}
        assert {("src/a.ts", 33), ("src/a.ts", 36), ("src/aug.ts", 4)} <= changed
        assert {("src/aug.ts", 1), ("src/aug.ts", 9), ("src/b.ts", 1), ("src/b.ts", 8)} <= changed
        assert done.compilation_result is not None
        assert "no errors in the 3 changed files (before: 0)" in done.compilation_result
        assert "interface Settings extends Base2" in (tmp_path / "src/a.ts").read_text()
    finally:
        ws.close()


def test_the_cli_answers_a_merged_name_with_its_note(ws: Workspace) -> None:
    result = CliRunner().invoke(
        cli, ["usages", "Schema", "--root", str(ws.root)], catch_exceptions=False
    )
    assert result.exit_code == 0, result.stderr
    assert "covers the 2 declarations of Schema" in result.output
    shown = CliRunner().invoke(
        cli, ["info", "Mode", "--format", "json", "--root", str(ws.root)], catch_exceptions=False
    )
    assert json.loads(shown.stdout)["symbol"]["merged"] == [
        {"kind": "constant", "file": "src/a.ts", "line": 51}
    ]
