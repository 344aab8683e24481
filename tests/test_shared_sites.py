"""A site the server answers for several symbols is a usage of each, as in the server's references.

``{ canStart }`` is the local ``canStart`` and the property ``canStart`` of the object's type;
``state.base_`` with ``state: MapState | SetState`` is the property of both. tsgo's references of
each symbol hold the site, and so do lsai's usages of each (before, one key per site: the local
``canStart`` had no usage where it is handed on).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from lsai.indexer.pipeline import reindex
from lsai.query.contracts import SearchInput
from lsai.query.rename import RenameInput, rename
from lsai.query.render import render
from lsai.query.search import search
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace, open_workspace
from tests.trees import served_tree, served_workspace

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true}, "include": ["src"]}\n',
    "src/retry.ts": (
        "export interface Retryer {\n"  # 1
        "  canStart: () => boolean\n"  # 2
        "}\n"
        "export function make(): Retryer {\n"  # 4
        "  const canStart = () => true\n"  # 5
        "  return {\n"
        "    canStart,\n"  # 7
        "  }\n"
        "}\n"
    ),
    "src/state.ts": (
        "export interface MapState { base_: Map<string, number> }\n"  # 1
        "export interface SetState { base_: Set<string> }\n"  # 2
        "export function size(state: MapState | SetState): number {\n"
        "  return state.base_.size\n"  # 4
        "}\n"
    ),
    "src/conforms.ts": "export default function conformsTo(a: number): number {\n  return a\n}\n",
    "src/lang.ts": "import conformsTo from './conforms'\n\nexport default {\n  conformsTo,\n}\n",
    "src/merged.ts": (
        "export interface Mode { a: number }\n"  # 1
        "export const Mode = { a: 1 }\n"  # 2
        "export const m: Mode = { a: 2 }\n"  # 3: the interface
        "export const n = Mode.a\n"  # 4: the constant
    ),
    "src/files.ts": (
        "export class Files {\n"  # 1
        "  list(): number {\n    return 1\n  }\n"
        "}\n"
        "export interface FileObject { id: string }\n"  # 6
        "export declare namespace Files {\n"  # 7
        "  export { type FileObject as FileObject }\n"
        "}\n"
    ),
    "src/client.ts": (
        "import * as FilesAPI from './files'\n"
        "import { Files, type FileObject } from './files'\n"  # 2: both
        "export class Client {\n"
        "  files: FilesAPI.Files = new FilesAPI.Files()\n"  # 4: the class, twice
        "  file?: Files.FileObject\n"  # 5: the namespace
        "}\n"
        "export function make(): number {\n"
        "  return new Files().list()\n"  # 8: the class
        "}\n"
        "export declare namespace Client {\n"  # 10
        "  export { Files as Files, type FileObject as FileObject }\n"  # 11: re-exports
        "}\n"
        "\n"
        "Client.Files = Files\n"  # 14: the class, assigned to a property of the class Client
    ),
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    opened = served_workspace(tmp_path_factory.mktemp("shared"), FILES, "tsgo")
    yield opened
    opened.close()


def _sites(ws: Workspace, symbol: str) -> list[tuple[str, int]]:
    found = usages(ws, UsagesInput(symbol=symbol))
    return sorted((f.file, u.line) for f in found.files for u in f.usages)


def test_a_shorthand_property_is_a_usage_of_the_local_and_of_the_property(ws: Workspace) -> None:
    assert ("src/retry.ts", 7) in _sites(ws, "make.canStart")
    assert ("src/retry.ts", 7) in _sites(ws, "Retryer.canStart")


def test_a_property_reached_through_a_union_is_a_usage_of_each_member(ws: Workspace) -> None:
    assert _sites(ws, "MapState.base_") == [("src/state.ts", 4)]
    assert _sites(ws, "SetState.base_") == [("src/state.ts", 4)]


@pytest.mark.parametrize(
    ("symbol", "new_name", "line_7"),
    [
        ("Retryer.canStart", "mayStart", "mayStart: canStart,"),
        ("make.canStart", "go", "canStart: go,"),
    ],
)
def test_renaming_either_side_of_a_shorthand_property_spells_it_out(
    tmp_path: Path, symbol: str, new_name: str, line_7: str
) -> None:
    """Replacing the name alone would bind the site to the other side's new name: the code
    would no longer compile."""
    served_tree(tmp_path, FILES, "tsgo")
    ws = open_workspace(tmp_path, reindex=reindex)
    try:
        done = rename(ws, RenameInput(symbol=symbol, new_name=new_name, preview=False))
        assert done.applied, done.warnings
        shown = render(done, "compact")
        assert f"src/retry.ts:7 canStart, -> {line_7}" in shown
        text = (tmp_path / "src/retry.ts").read_text().split("\n")
        assert text[6].strip() == line_7
        assert done.compilation_result is not None
        assert "no errors" in done.compilation_result
    finally:
        ws.close()


def test_a_shorthand_property_of_an_import_is_a_usage_of_what_it_imports(ws: Workspace) -> None:
    """tsgo's definition of ``{ conformsTo }`` stops at the import's binding; it is followed."""
    assert ("src/lang.ts", 4) in _sites(ws, "conformsTo")


def test_merged_declarations_keep_their_own_usages(ws: Workspace) -> None:
    """A definition names both ``interface Mode`` and ``const Mode``; a type position is the
    interface's usage, a value position the constant's, as in the server's references of each."""
    found = usages(ws, UsagesInput(file="src/merged.ts", line=1, col=18))
    assert [(f.file, u.line) for f in found.files for u in f.usages] == [("src/merged.ts", 3)]
    found = usages(ws, UsagesInput(file="src/merged.ts", line=2, col=14))
    assert [(f.file, u.line) for f in found.files for u in f.usages] == [("src/merged.ts", 4)]


def test_a_namespace_merged_with_a_class_keeps_its_own_usages(ws: Workspace) -> None:
    """``export declare namespace Files`` next to ``class Files`` (every resource of the
    OpenAI SDK): a construction is the class's usage (before: the namespace's, and the class
    had none), a name qualified by it the namespace's, an import of the name both, as in the
    server's references of each."""
    found = usages(ws, UsagesInput(file="src/files.ts", line=1, col=14))
    assert [(f.file, u.line) for f in found.files for u in f.usages][:4] == [
        ("src/client.ts", 2),
        ("src/client.ts", 4),
        ("src/client.ts", 4),
        ("src/client.ts", 8),
    ]
    found = usages(ws, UsagesInput(file="src/files.ts", line=7, col=26))
    assert [(f.file, u.line) for f in found.files for u in f.usages][:2] == [
        ("src/client.ts", 2),
        ("src/client.ts", 5),
    ]


def test_a_name_a_namespace_re_exports_is_a_usage_of_what_it_names_not_a_symbol(
    ws: Workspace,
) -> None:
    """``export { type FileObject as FileObject }`` in ``declare namespace Client`` (the OpenAI
    SDK re-exports each of its ~2,000 types so): tsgo's outline lists it as a variable of the
    namespace, and lsai kept it as one, so ``lsai usages FileObject`` was ambiguous between the
    interface and every namespace re-exporting it. It is an alias, as a top-level re-export
    is: the interface's usage, and no symbol."""
    assert ("src/client.ts", 11) in _sites(ws, "FileObject")
    found = search(ws, SearchInput(query="FileObject"))
    assert [(h.kind, h.file) for h in found.symbols] == [("interface", "src/files.ts")]


def test_a_class_assigned_to_a_property_of_another_is_a_usage_of_it_not_a_symbol(
    ws: Workspace,
) -> None:
    """``Client.Files = Files`` after ``class Client`` (the OpenAI SDK's ``OpenAI.Files =
    Files``), declared by ``export { Files as Files }`` in ``declare namespace Client``: tsgo
    lists the property under the class, and its definition is the class assigned. It was a
    symbol of its own with one reference (``lsai usages Files`` ambiguous among it, the class
    and the namespace); it is a usage of the class, and the qualifier one of class Client, as
    tsgo's references of each say."""
    found = search(ws, SearchInput(query="Files"))
    assert sorted(h.kind for h in found.symbols if h.name == "Files") == ["class", "namespace"]
    assert ("src/client.ts", 14, 8) in _columns(ws, "src/files.ts", 1, 14)
    assert ("src/client.ts", 14, 1) in _columns(ws, "src/client.ts", 3, 14)


def _columns(ws: Workspace, path: str, line: int, col: int) -> list[tuple[str, int, int]]:
    found = usages(ws, UsagesInput(file=path, line=line, col=col))
    return [(f.file, u.line, u.col) for f in found.files for u in f.usages]
