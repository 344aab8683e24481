"""Imports TypeScript 7 could not resolve, under a top-level symbol's answers. three.js's examples
import every class ``from 'three'``, whose package entry (``build/``) the published tree does not
ship: tsgo ties those imports, and the uses after them, to nothing. ``usages Vector3`` listed 374
sites in src/ and said nothing of the 107 files importing it; an agent changing the class should
know they are there, as it is told of the untied uses of a member's name."""

from __future__ import annotations

from pathlib import Path

from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.test_tsgo_unseen import TSCONFIG
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")

FILES = {
    "tsconfig.json": TSCONFIG,
    "widget.ts": "export class Widget {\n  spin(): void {}\n}\nexport function helper(): void {}\n",
    "use.ts": 'import { Widget } from "./widget.js";\nnew Widget().spin();\n',
    "example.ts": 'import { Widget } from "missing-build";\nnew Widget();\n',
}


def _usages(root: Path, symbol: str) -> tuple[set[tuple[str, int]], list[str]]:
    ws = open_workspace(root)
    try:
        result = usages(ws, UsagesInput(symbol=symbol))
    finally:
        ws.close()
    sites = {(f.file, u.line) for f in result.files for u in f.usages}
    return sites, result.provenance.notes


def test_a_class_imported_from_a_module_tsgo_cannot_resolve_is_noted_under_its_usages(
    tmp_path: Path,
) -> None:
    served_tree(tmp_path, FILES, "tsgo")
    sites, notes = _usages(tmp_path, "Widget")
    assert sites == {("use.ts", 1), ("use.ts", 2)}  # example.ts's import is tied to nothing
    untied = [n for n in notes if n.startswith("not listed:")]
    assert len(untied) == 1
    said = "1 import of 'Widget' in 1 file the server tied to no symbol (e.g. example.ts)"
    assert said in untied[0]


def test_a_name_no_unresolved_module_imports_has_no_such_note(tmp_path: Path) -> None:
    served_tree(tmp_path, FILES, "tsgo")
    _, notes = _usages(tmp_path, "helper")
    assert not [n for n in notes if n.startswith("not listed:")]
