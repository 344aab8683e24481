"""tsgo answers a few changed files alone (``ServerAdapter.targeted``), on the kept session and
in ``lsai index``: each update asks about the changed file only and leaves the rows a full
rebuild gives, through edits that need what a full run does with the whole group (the outline
refined: re-exports, arrow functions; tree-sitter's symbols joined: a type literal's members)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from lsai.indexer.live import LiveIndex
from lsai.indexer.lsp import rebind
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.pipeline import run_index
from tests.test_live import assert_equals_rebuild, differences, snapshot

pytestmark = pytest.mark.skipif(
    resolve_command(ADAPTERS["tsgo"]) is None, reason=f"install {ADAPTERS['tsgo'].install}"
)
Workspace = Callable[[str], Path]
EDITS = [  # (file, old text, new text), in turn
    (
        "src/util.ts",
        "export const MAX_SIZE = 100;",
        "export const MAX_SIZE = 100;\nexport function quad(n: number): number { return n; }",
    ),
    (  # an arrow function calling another one and the new function
        "src/util.ts",
        "  return c;\n}",
        "  return c;\n}\n\nexport const twice = (n: number): number => double(n) + quad(n);",
    ),
    (  # beside a type literal whose members are tree-sitter's symbols
        "src/shapes.ts",
        "export type Point",
        "export function helper(): number { return 1; }\n\nexport type Point",
    ),
    (  # a re-export list: uses of what it exports
        "src/util.ts",
        "export { parse as parseValue, double };",
        "export { parse as parseValue, double, makeCircle as circle };",
    ),
    (
        "src/util.ts",
        "function inner(): number { return items.length; }",
        "function inner(): number { return items.length + MAX_SIZE; }",
    ),
]


def edit(root: Path, path: str, old: str, new: str) -> None:
    target = root / path
    text = target.read_text()
    assert old in text
    target.write_text(text.replace(old, new, 1))


def test_each_live_edit_asks_the_file_alone_and_equals_a_rebuild(
    workspace: Workspace, tmp_path: Path
) -> None:
    root = workspace("typescript")
    with LiveIndex(root) as index:
        assert index.update().complete
        for number, (path, old, new) in enumerate(EDITS):
            edit(root, path, old, new)
            summary = index.update([path])
            assert summary.complete and summary.servers["tsgo"].files == 1
            assert_equals_rebuild(root, tmp_path / str(number))


def test_lsai_index_asks_a_changed_file_alone(workspace: Workspace, tmp_path: Path) -> None:
    """``lsai index`` after an edit of a file whose exports stay (its indexed text not known,
    a file without ``export default`` or ``require``: ``incremental._module_shape``)."""
    root = workspace("typescript")
    extra = root / "src/extra.ts"
    extra.write_text(
        'import { double, MAX_SIZE } from "./util";\n\n'
        "export function quadruple(n: number): number {\n  return double(double(n));\n}\n"
    )
    assert run_index(root).complete
    edit(root, "src/extra.ts", "return double(double(n));", "return double(n) * 2 + MAX_SIZE;")
    with LiveIndex(root) as targets:
        summary = run_index(root, targets=targets)
    assert summary.complete and summary.servers["tsgo"].files == 1
    assert_equals_rebuild(root, tmp_path)


@pytest.mark.parametrize("most", [rebind.MAX_SYMBOLS, 1])
def test_a_new_implementation_keys_other_files_as_a_rebuild(
    workspace: Workspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, most: int
) -> None:
    """A new class implementing ``Shape`` rebinds ``area`` and ``constructor``: in the unchanged
    files ``s.area()`` on a ``Shape`` stays ``Shape``'s (tsgo's references of every ``area``
    reach it; a full run asks its definition) and ``new Vector`` names the class (``merge``).
    The occurrences only: the call edge of ``Square``'s ``super()`` (below the edit) is not
    yet kept by a live update. With ``most`` symbols asked by references (``MAX_SYMBOLS``),
    ``constructor`` is left to definitions too: the places of every constructor kept their
    keys, not cleared."""
    monkeypatch.setattr(rebind, "MAX_SYMBOLS", most)
    root = workspace("typescript")
    with LiveIndex(root) as index:
        assert index.update().complete
        edit(root, "src/shapes.ts", "export abstract class Base<T> {", HEXAGON)
        assert index.update(["src/shapes.ts"]).servers["tsgo"].files == 1
    rebuilt = tmp_path / "rebuilt.db"
    assert run_index(root, database=str(rebuilt)).complete
    live, full = snapshot(root / ".lsai" / "index.db"), snapshot(rebuilt)
    assert not differences(
        {"occurrences": live["occurrences"]}, {"occurrences": full["occurrences"]}
    )


HEXAGON = """export class Hexagon implements Shape {
  readonly name = "hex";
  constructor(public side: number) {}
  area(): number {
    return 6 * this.side;
  }
}

export abstract class Base<T> {"""


TWO_FILES = [  # (file, old text, new text): one update of both
    ("src/shapes.ts", "  area(): number;\n", "  area(): number;\n  perimeter(): number;\n"),
    (
        "src/util.ts",
        "export function makeCircle(",
        "export class Tri implements Shape {\n  name = 'tri';\n  area(): number { return 1; }\n"
        "  perimeter(): number { return 3; }\n}\n\nexport function makeCircle(",
    ),
]
NEW_FILE = (
    'import { makeCircle, double } from "./util";\n\nexport const big = makeCircle(double(2));\n'
)


def test_an_implementation_in_another_file_equals_a_rebuild(
    workspace: Workspace, tmp_path: Path
) -> None:
    """A method added to an interface and implemented by a new class of another file, in one
    update: the new ``Tri.area``'s references (tsgo's reach every ``area`` of ``Shape``) named
    neither ``Shape.area`` nor ``s.area()`` on a ``Shape`` in a rebuild, which asks their
    definition; and a file importing ``double``, exported twice by ``util.ts`` (``export
    const double`` and ``export { double }``), holds both at the import, as a rebuild."""
    root = workspace("typescript")
    with LiveIndex(root) as index:
        assert index.update().complete
        for path, old, new in TWO_FILES:
            edit(root, path, old, new)
        summary = index.update([path for path, _, _ in TWO_FILES])
        assert summary.complete and summary.servers["tsgo"].files == 2
        assert_equals_rebuild(root, tmp_path / "two")
        (root / "src" / "extra.ts").write_text(NEW_FILE)
        assert index.update(["src/extra.ts"]).servers["tsgo"].files == 1
        assert_equals_rebuild(root, tmp_path / "new")


UTILS_JS = """'use strict';

exports.isAbsolute = function (path) {
  return path[0] === '/';
};

module.exports.twice = function twice(n) {
  return n * 2;
};

exports.normalize = function (type) {
  return type.toLowerCase();
};
"""
RESPONSE_JS = """'use strict';

var isAbsolute = require('./utils').isAbsolute;
var normalize = require('./utils').normalize;

function send(path) {
  return isAbsolute(path) ? normalize(path) : path;
}

module.exports = send;
"""


def test_a_new_require_keeps_the_other_requires_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``require`` of a CommonJS export added beside others: the names it binds anew
    (``twice``) and those of the file's other ``require('./utils').X`` were rebound by their
    symbols' references, which do not reach ``require('./utils').isAbsolute`` nor its calls
    (tsgo), and lost their keys; a rebuild asks their definition, as the update had. Asked
    alone here: such an edit asks the whole group otherwise (``incremental._module_shape``)."""
    monkeypatch.setattr("lsai.indexer.lsp.incremental._module_shape", lambda *_: False)
    root = tmp_path / "js"
    (root / "lib").mkdir(parents=True)
    (root / "jsconfig.json").write_text('{"compilerOptions": {"allowJs": true}}\n')
    (root / "lib" / "utils.js").write_text(UTILS_JS)
    (root / "lib" / "response.js").write_text(RESPONSE_JS)
    with LiveIndex(root) as index:
        assert index.update().complete
        old = "var normalize = require('./utils').normalize;"
        edit(root, "lib/response.js", old, old + "\nvar twice = require('./utils').twice;")
        assert index.update(["lib/response.js"]).servers["tsgo"].files == 1
        assert_equals_rebuild(root, tmp_path)


FLATTEN_TREE = {
    "jsconfig.json": '{"compilerOptions": {"allowJs": true}}\n',
    "lib/deprecate.js": "exports.function = function (fn, msg) {\n  return fn;\n};\n",
    "lib/utils.js": "'use strict';\n\nvar deprecate = require('./deprecate');\n"
    "var flatten = require('./missing');\n\n"
    "exports.flatten = deprecate.function(flatten, 'use array-flatten');\n\n"
    "exports.normalize = function (type) {\n  return type.toLowerCase();\n};\n",
    "esm/flatten.js": "function flatten(array) {\n  return array.flat();\n}\n\n"
    "export default flatten;\n",
    "esm/array.js": "import flatten from './flatten.js';\n\nexport default {\n  flatten,\n};\n",
}


def test_a_shorthand_export_keeps_its_key_when_its_name_is_rebound(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit of express's utils.js rebinds ``flatten`` (``var flatten = require(...)``,
    ``exports.flatten``): lodash's ``export default { flatten }``, asked its definition, names
    the object's property, no symbol (a rebuild follows it through the import to the
    function): it keeps its key, which is still there, instead of losing it. Asked alone here:
    such an edit asks the whole group otherwise (``incremental._module_shape``)."""
    monkeypatch.setattr("lsai.indexer.lsp.incremental._module_shape", lambda *_: False)
    root = tmp_path / "js"
    for path, text in FLATTEN_TREE.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    with LiveIndex(root) as index:
        assert index.update().complete
        old = "exports.normalize ="
        edit(
            root,
            "lib/utils.js",
            old,
            "module.exports.twice = function (n) {\n  return n;\n};\n\n" + old,
        )
        assert index.update(["lib/utils.js"]).servers["tsgo"].files == 1
        assert_equals_rebuild(root, tmp_path)


def test_a_removed_symbol_asks_the_whole_group(workspace: Workspace, tmp_path: Path) -> None:
    """A rename removes a symbol: tsgo's group is asked whole (``group_after_removals``), with
    a rebuild's rows, where a body's edit is answered alone."""
    root = workspace("typescript")
    with LiveIndex(root) as index:
        assert index.update().complete
        edit(root, "src/util.ts", "export function makeCircle(", "export function makeDisc(")
        summary = index.update(["src/util.ts"])
        assert summary.complete and summary.servers["tsgo"].files == 3
        assert_equals_rebuild(root, tmp_path)


ALONE = [  # (file, old text, new text): symbols gone that no other file names
    ("src/util.ts", "let counter = 0;", "let count = 0;"),
    ("src/util.ts", "  counter += 1;", "  count += 1;"),  # the rename's use: one update
    (
        "src/util.ts",
        "export const triple = async function (n: number): Promise<number> {\n  return n * 3;\n};",
        "",
    ),
    ("src/util.ts", "export function origin(): Vector {", "export function zero(): Vector {"),
]


def test_a_symbol_gone_that_no_other_file_names_asks_the_file_alone(
    workspace: Workspace, tmp_path: Path
) -> None:
    """A module variable renamed with its use, an unused export deleted, a namespace's
    function renamed: tsgo is asked about the changed file alone, with a rebuild's rows (the
    group was asked about every such change before)."""
    root = workspace("typescript")
    with LiveIndex(root) as index:
        assert index.update().complete
        edit(root, *ALONE[0][:1], ALONE[0][1], ALONE[0][2])
        edit(root, *ALONE[1][:1], ALONE[1][1], ALONE[1][2])
        summary = index.update(["src/util.ts"])
        assert summary.complete and summary.servers["tsgo"].files == 1
        assert_equals_rebuild(root, tmp_path / "renamed")
        for number, (path, old, new) in enumerate(ALONE[2:]):
            edit(root, path, old, new)
            summary = index.update([path])
            assert summary.complete and summary.servers["tsgo"].files == 1
            assert_equals_rebuild(root, tmp_path / str(number))


def test_a_deleted_file_no_other_file_names_is_removed_alone(
    workspace: Workspace, tmp_path: Path
) -> None:
    """A file nothing imports, deleted (a test file, a dropped module): its rows go without
    asking tsgo about the group (which every deletion did before); one imported for its effects
    alone (``import "./side"``: none of its symbols named) still asks the group, which reports
    the import missing. Each with a rebuild's rows."""
    root = workspace("typescript")
    lonely, side = root / "src/lonely.ts", root / "src/side.ts"
    lonely.write_text('import { double } from "./util";\n\nexport const four = double(2);\n')
    side.write_text("export const sideEffect = 1;\n")
    edit(root, "src/shapes.ts", "export type Point", 'import "./side";\n\nexport type Point')
    with LiveIndex(root) as index:
        assert index.update().complete
        lonely.unlink()
        summary = index.update(["src/lonely.ts"])
        assert summary.complete and summary.removed == ["src/lonely.ts"]
        assert "tsgo" not in summary.servers or summary.servers["tsgo"].files == 0
        assert_equals_rebuild(root, tmp_path / "lonely")
        side.unlink()
        summary = index.update(["src/side.ts"])
        assert summary.complete and summary.servers["tsgo"].files == 3
        assert_equals_rebuild(root, tmp_path / "side")


def test_a_changed_export_default_asks_the_whole_group(
    workspace: Workspace, tmp_path: Path
) -> None:
    """What a module exports by default changes which symbol its importers name: the group
    is asked whole (``incremental._module_shape``), with a rebuild's rows."""
    root = workspace("typescript")
    with LiveIndex(root) as index:
        assert index.update().complete
        edit(
            root, "src/util.ts", "export default function totalArea(", "export function totalArea("
        )
        summary = index.update(["src/util.ts"])
        assert summary.complete and summary.servers["tsgo"].files == 3
        assert_equals_rebuild(root, tmp_path)
