"""`lsai index` with TypeScript 7's server: TS/TSX/JS files answered by it, across projects."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from lsai.indexer import merge
from lsai.indexer.lsp.adapters import cache_dir
from lsai.indexer.pipeline import run_index
from lsai.query.info import InfoInput, info
from lsai.query.workspace import open_workspace
from lsai.storage.records import CallRecord, FileIndex
from tests.renames import usages_beside_server
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")
Workspace = Callable[[str], Path]
USE_CJS = """const { join } = require("./lib.cjs");

function build() {
  return join("a", "b");
}
"""


def rows(root: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(root / ".lsai" / "index.db") as conn:
        return conn.execute(sql).fetchall()


def sites_of(root: Path, key: str) -> list[tuple[object, ...]]:
    """(path, line, col, role) of every occurrence of ``key``, in order."""
    with sqlite3.connect(root / ".lsai" / "index.db") as conn:
        return conn.execute(
            "SELECT f.path, o.start_line, o.start_col, o.role FROM occurrences o "
            "JOIN files f ON f.id = o.file_id WHERE o.symbol_key = ? ORDER BY 1, 2, 3",
            (key,),
        ).fetchall()


def tree(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if ".lsai" not in p.parts}


def test_typescript_files_are_answered_by_tsgo_and_the_tree_gains_no_file(
    workspace: Workspace,
) -> None:
    root = workspace("typescript")
    before = tree(root)
    summary = run_index(root)
    assert summary.complete, summary.failed
    assert tree(root) == before
    found = rows(root, "SELECT DISTINCT language, backend, backend_version FROM files")
    assert {(language, backend) for language, backend, _ in found} == {
        ("typescript", "lsp"),
        ("tsx", "lsp"),
    }
    assert all(str(version).startswith("typescript-go 7") for _, _, version in found)
    assert summary.servers["tsgo"].files == 3 and summary.servers["tsgo"].references > 0


def test_references_cross_the_sub_projects_of_a_solution(workspace: Workspace) -> None:
    root = workspace("ts_solution")
    before = tree(root)
    summary = run_index(root)
    assert summary.complete, summary.failed
    assert tree(root) == before
    assert summary.servers["tsgo"].files == 2  # one server for both sub-projects
    found = rows(
        root,
        "SELECT f.path, o.start_line, o.role FROM occurrences o JOIN files f ON f.id = o.file_id "
        "WHERE o.symbol_key = 'lsai typescript packages/a packages/a/src/greet.ts greet().' "
        "ORDER BY 1, 2",
    )
    assert ("packages/b/src/main.ts", 1, "import") in found
    assert ("packages/b/src/main.ts", 5, "call") in found
    callers = rows(
        root,
        "SELECT caller_key FROM call_edges "
        "WHERE callee_key = 'lsai typescript packages/a packages/a/src/greet.ts Greeter#'",
    )
    assert callers == [("lsai typescript packages/b packages/b/src/main.ts welcome().",)]


def test_commonjs_calls_resolve_across_files_without_a_jsconfig(workspace: Workspace) -> None:
    root = workspace("javascript")
    (root / "src/use.cjs").write_text(USE_CJS, encoding="utf-8")
    before = tree(root)
    summary = run_index(root)
    assert summary.complete, summary.failed
    assert tree(root) == before  # no jsconfig.json written
    found = rows(
        root,
        "SELECT callee_key FROM call_edges "
        "WHERE caller_key = 'lsai javascript . src/use.cjs build().' AND callee_name = 'join'",
    )
    assert found == [("lsai javascript . src/lib.cjs join().",)]


EXPORTS = """exports.helper = function (x) {
  return x + 1;
};
module.exports.twice = (x) => exports.helper(x) * 2;
"""
USE_EXPORTS = """const lib = require("./exports.cjs");

function both() {
  return lib.helper(1) + lib.twice(2);
}
"""


def test_functions_assigned_to_commonjs_exports_have_their_uses(workspace: Workspace) -> None:
    """tsgo selects the function expression of ``exports.f = function () {}``, whose own
    references are none: the property's name is where its uses are asked and found."""
    root = workspace("javascript")
    (root / "src/exports.cjs").write_text(EXPORTS, encoding="utf-8")
    (root / "src/use_exports.cjs").write_text(USE_EXPORTS, encoding="utf-8")
    assert run_index(root).complete
    found = sites_of(root, "lsai javascript . src/exports.cjs helper().")
    assert found == [
        ("src/exports.cjs", 1, 9, "definition"),
        ("src/exports.cjs", 4, 39, "call"),
        ("src/use_exports.cjs", 4, 14, "call"),
    ]
    twice = rows(
        root,
        "SELECT f.path, o.start_line, o.role FROM occurrences o JOIN files f ON f.id = o.file_id "
        "WHERE o.symbol_key = 'lsai javascript . src/exports.cjs twice().' ORDER BY 1, 2",
    )
    assert twice == [("src/exports.cjs", 4, "definition"), ("src/use_exports.cjs", 4, "call")]


OBJECT_METHODS = """const obj = { run: function run() { return run.length; }, go() { return 2; } };
obj.run(); obj.go();
module.exports.obj = obj;
exports.both = function both() { return obj.go(); };
var app = (exports.app = {});
app.start = function start() { return obj.go(); };
"""
USE_OBJECT_METHODS = """const lib = require("./objects.cjs");
lib.obj.run();
"""


def test_functions_held_by_object_properties_have_their_uses(workspace: Workspace) -> None:
    """tsgo's definition of ``obj.run`` is the function's own name (``function run``), inside
    the property ``run``: a use of the property, keyed to it; ``run`` inside the function names
    the function itself (the server's references of the property leave it out). The property's
    name is its definition, though tree-sitter sees no symbol there. ``exports.both = function
    both()`` is asked its uses at the property, its calls at the function: tsgo prepares no call
    hierarchy item at ``app.start`` (``var app = exports.app = {}``, an object it does not
    extend), whose function is named ``app.start`` as the file writes it."""
    root = workspace("javascript")
    (root / "src/objects.cjs").write_text(OBJECT_METHODS, encoding="utf-8")
    (root / "src/use_objects.cjs").write_text(USE_OBJECT_METHODS, encoding="utf-8")
    assert run_index(root).complete
    found = sites_of(root, "lsai javascript . src/objects.cjs obj.run.")
    assert found == [
        ("src/objects.cjs", 1, 15, "definition"),
        ("src/objects.cjs", 2, 5, "call"),
        ("src/use_objects.cjs", 2, 9, "call"),
    ]
    calls = rows(
        root,
        "SELECT caller_key, callee_key FROM call_edges WHERE callee_name = 'go' AND line > 3",
    )
    go = "lsai javascript . src/objects.cjs obj.go()."
    assert sorted(calls) == [  # one edge per call; `app.start` is no property tsgo knows
        ("lsai javascript . src/objects.cjs app.start().", go),
        ("lsai javascript . src/objects.cjs both().", go),
    ]


NUMBERED = """var now = function () {
  return 1;
};
var res = {};
res.sendfile = wrap(function sendfile(path) { return path; });
function wrap(f) { return f; }
function sendfile(res, file) {
  function onend() { return 1; }
  return onend() + file + now();
}
sendfile(res, 1);
"""


def test_tree_sitter_symbols_the_server_keys_otherwise_are_one_symbol(
    workspace: Workspace,
) -> None:
    """tsgo lists ``var now = function`` as a variable (tree-sitter: a function), and numbers
    the function expression ``sendfile`` before the declaration ``sendfile`` (tree-sitter sees
    the declaration only): each definition is stored once, under tree-sitter's key, with its
    uses."""
    root = workspace("javascript")
    (root / "src/numbered.js").write_text(NUMBERED, encoding="utf-8")
    assert run_index(root).complete
    prefix = "lsai javascript . src/numbered.js "
    found = rows(
        root,
        "SELECT s.key, s.name_line, s.name_col FROM symbols s JOIN files f ON f.id = s.file_id "
        "WHERE f.path = 'src/numbered.js' ORDER BY 2, 3",
    )
    assert [(str(key).removeprefix(prefix), line, col) for key, line, col in found] == [
        ("now().", 1, 5),
        ("res.", 4, 5),
        ("sendfile(+1).", 5, 30),
        ("wrap().", 6, 10),
        ("sendfile().", 7, 10),
        ("sendfile().onend().", 8, 12),
    ]
    uses = rows(
        root,
        "SELECT o.start_line, o.start_col, o.symbol_key FROM occurrences o "
        "JOIN files f ON f.id = o.file_id "
        "WHERE f.path = 'src/numbered.js' AND o.role = 'call' AND o.symbol_key IS NOT NULL",
    )
    assert {(line, col, str(key).removeprefix(prefix)) for line, col, key in uses} >= {
        (9, 10, "sendfile().onend()."),
        (9, 27, "now()."),
        (11, 1, "sendfile()."),
    }


def test_a_member_call_sited_at_its_object_is_one_edge() -> None:
    """tsgo sites ``obj.go()`` where ``obj`` starts (two callers may answer for one site):
    each call is one edge at tree-sitter's site of ``go``, with the server's callee."""
    ts = [CallRecord(None, "go", 3, 10), CallRecord("k f().", "go", 3, 30)]
    server = [
        CallRecord("k f().", "go", 3, 6, "k go()."),
        CallRecord("k g().", "go", 3, 6, "k go()."),
        CallRecord("k f().", "go", 3, 26, "k go()."),
        CallRecord("k f().", "stop", 4, 1, "k stop()."),
    ]
    merged = merge.merge(FileIndex(calls=ts), FileIndex(calls=server)).calls
    assert sorted(merged, key=lambda c: (c.line, c.col)) == [
        CallRecord("k g().", "go", 3, 10, "k go()."),
        CallRecord("k f().", "go", 3, 30, "k go()."),
        CallRecord("k f().", "stop", 4, 1, "k stop()."),
    ]


def test_a_namespace_import_is_no_use_of_the_modules_first_declaration(tmp_path: Path) -> None:
    """tsgo's definition of ``A`` in ``import * as A`` is the whole module: its start is the
    ``export`` of the first declaration, which is not what the alias names."""
    files = {
        "package.json": '{"name": "ns", "type": "module"}\n',
        "lib/a.js": "export function alpha(x) { return x + 1; }\nexport const BETA = 2;\n",
        "main.js": "import * as A from './lib/a.js';\nexport const q = A.BETA + A.alpha(1);\n",
    }
    served_tree(tmp_path, files, "tsgo")
    alpha = rows(tmp_path, "SELECT key FROM symbols WHERE name = 'alpha'")[0][0]
    beta = rows(tmp_path, "SELECT key FROM symbols WHERE name = 'BETA'")[0][0]
    assert [(p, line, col) for p, line, col, _ in sites_of(tmp_path, str(alpha))] == [
        ("lib/a.js", 1, 17),
        ("main.js", 2, 29),
    ]
    assert [(p, line, col) for p, line, col, _ in sites_of(tmp_path, str(beta))] == [
        ("lib/a.js", 2, 14),
        ("main.js", 2, 20),
    ]


def test_a_quoted_property_key_is_declared_inside_its_quotes(tmp_path: Path) -> None:
    """tsgo selects the quotes of ``'a-b': 1`` and starts its references inside them: the
    declaration is one site, the definition, not also a reference."""
    files = {
        "tsconfig.json": '{"compilerOptions": {"strict": true}}\n',
        "a.ts": "export const M = { 'a-b': 1 };\nexport const x = M['a-b'];\n",
    }
    served_tree(tmp_path, files, "tsgo")
    ((key, line, col),) = rows(tmp_path, "SELECT key, name_line, name_col FROM symbols "
                               "WHERE kind = 'property'")  # fmt: skip
    assert (line, col) == (1, 21)
    assert sites_of(tmp_path, str(key)) == [
        ("a.ts", 1, 21, "definition"),
        ("a.ts", 2, 21, "reference"),
    ]


def test_tsgo_downloads_no_types_for_a_javascript_projects_dependencies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Automatic type acquisition is off: tsgo would run npm for ``@types/left-pad`` into its
    cache (``$XDG_CACHE_HOME/typescript``) while it loads, a download at index time."""
    monkeypatch.setenv("LSAI_CACHE", str(cache_dir()))  # lsai's servers stay where they are
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = tmp_path / "project"
    files = {
        "package.json": '{"name": "x", "dependencies": {"left-pad": "1.3.0"}}\n',
        "a.js": 'const pad = require("left-pad");\nmodule.exports = () => pad("a", 3);\n',
    }
    root.mkdir()
    served_tree(root, files, "tsgo")
    assert not (tmp_path / "cache" / "typescript").exists()


def test_locals_of_functions_held_by_values_are_no_symbols(tmp_path: Path) -> None:
    """A function's locals are left out of the outline, also where tsgo lists them under a
    variable (its head longer than the hint looks at) or a property (its call hierarchy not
    prepared there)."""
    params = "".join(f"  a{i},\n" for i in range(1, 10))
    files = {
        "tsconfig.json": '{"compilerOptions": {"strict": true}}\n',
        "a.ts": (
            "type In = Record<string, number>;\n"
            f"export const longParams = ({{\n{params}}}: In) => {{\n"
            "  const total = a1 + a9;\n  return total;\n};\n"
            "export const handlers = {\n  getHeaders: (e: number) => {\n"
            "    const inner = e + 1;\n    return inner;\n  },\n  plain: 3,\n};\n"
        ),
    }
    served_tree(tmp_path, files, "tsgo")
    found = rows(
        tmp_path,
        "SELECT qualified_name, kind FROM symbols WHERE is_external = 0 ORDER BY name_line",
    )  # not Record, the library's type the alias names (an external symbol)
    assert found == [
        ("In", "type"),
        ("longParams", "function"),
        ("handlers", "constant"),
        ("handlers.getHeaders", "property"),
        ("handlers.plain", "property"),
    ]


def test_a_property_assigned_in_a_function_is_a_use_of_the_declared_property(
    tmp_path: Path,
) -> None:
    """tsgo's outline lists ``p.reject = (r) => ...`` in a function as a function of its own;
    in TypeScript it is the property ``Pending.reject`` declares, as tsgo's references count it."""
    files = {
        "tsconfig.json": '{"compilerOptions": {"strict": true}}\n',
        "a.ts": (
            "export interface Pending {\n  reject: (r: unknown) => void\n}\n"  # 1-3
            "export function pending(): Pending {\n  const p = {} as Pending\n"  # 4-5
            "  p.reject = (r) => { console.log(r) }\n  return p\n}\n"  # 6-8
            "export const use = (x: Pending) => x.reject(2)\n"  # 9
        ),
    }
    served_tree(tmp_path, files, "tsgo")
    workspace = "SELECT qualified_name FROM symbols WHERE is_external = 0 ORDER BY name_line"
    assert rows(tmp_path, workspace) == [
        ("Pending",), ("Pending.reject",), ("pending",), ("use",),
    ]  # fmt: skip
    key = rows(tmp_path, "SELECT key FROM symbols WHERE qualified_name = 'Pending.reject'")[0][0]
    assert [(line, role) for _, line, _, role in sites_of(tmp_path, str(key))] == [
        (2, "definition"),
        (6, "reference"),
        (9, "call"),
    ]


def test_prototype_methods_are_methods_of_their_constructor_once(tmp_path: Path) -> None:
    """Pre-class JavaScript (``F.prototype.m = function``, ``F.prototype = { m() {} }``): each
    method is one symbol under its constructor function, in search and outline, and the calls
    in its body are its own (bluebird, handlebars)."""
    files = {
        "jsconfig.json": '{"compilerOptions": {"allowJs": true, "checkJs": false}}\n',
        "p.js": (
            "function helper() { return 1; }\n\n"
            "function P() { this.x = 0; }\n\n"
            "P.prototype.a = function () { return helper(); };\n"
            "P.prototype.named = function named() { return 3; };\n\n"
            "function Q() {}\n"
            "Q.prototype = {\n  d: function () { return helper(); },\n  e() { return 6; },\n};\n\n"
            "module.exports = { P, Q };\n"
        ),
    }
    served_tree(tmp_path, files, "tsgo")
    found = rows(tmp_path, "SELECT qualified_name, kind FROM symbols ORDER BY name_line, name_col")
    assert found == [
        ("helper", "function"),
        ("P", "function"),
        ("P.a", "method"),
        ("P.named", "method"),
        ("Q", "function"),
        ("Q.d", "method"),
        ("Q.e", "method"),
    ]
    callers = rows(
        tmp_path,
        "SELECT s.qualified_name FROM call_edges c JOIN symbols s ON s.key = c.caller_key "
        "WHERE c.callee_name = 'helper' ORDER BY c.line",
    )
    assert callers == [("P.a",), ("Q.d",)]


def test_a_quoted_key_is_named_inside_its_quotes_and_no_use_of_itself(tmp_path: Path) -> None:
    """``'"': 1`` or ``"a-b": 1``: tsgo selects the quotes and names the key as a JSON string
    (``"\\""``), its references start inside them; the key's name is there too, so its one
    occurrence is its definition, not also a reference to itself."""
    files = {
        "jsconfig.json": '{"compilerOptions": {"allowJs": true, "checkJs": false}}\n',
        "utils.js": (
            "const escape = {\n"
            "  '&': '&amp;',\n"
            "  '\"': '&quot;',\n"
            "  \"'\": '&#x27;',\n"
            '  "a-b": 1,\n'
            "};\n\n"
            "module.exports = { escape };\n"
        ),
    }
    served_tree(tmp_path, files, "tsgo")
    found = rows(
        tmp_path,
        "SELECT s.name_line, s.name_col, o.role, o.start_line, o.start_col FROM symbols s "
        "JOIN occurrences o ON o.symbol_key = s.key WHERE s.kind = 'property' ORDER BY 1, 3",
    )
    assert found == [
        (2, 4, "definition", 2, 4),
        (3, 4, "definition", 3, 4),
        (4, 4, "definition", 4, 4),
        (5, 4, "definition", 5, 4),
    ]
    ws = open_workspace(tmp_path)  # named without its quotes, as written in code: escape["a-b"]
    try:
        assert info(ws, InfoInput(symbol="escape.a-b")).symbol.qualified_name == 'escape."a-b"'
        assert info(ws, InfoInput(symbol="&")).symbol.line == 2
    finally:
        ws.close()


def test_a_function_assigned_to_a_local_binding_holds_its_uses(tmp_path: Path) -> None:
    """``var makeEval; makeEval = function () {}`` inside a function (bluebird's modules are
    ``module.exports = function (Promise) { ... }``): the binding is a local, no symbol; the
    function assigned to it is, and the calls of ``makeEval()`` are its uses and calls; so is
    the ``var`` that declares the binding, as tsgo's references of the function list it."""
    files = {
        "jsconfig.json": '{"compilerOptions": {"allowJs": true, "checkJs": false}}\n',
        "lib.js": (
            "'use strict';\n"
            "module.exports = function (Promise) {\n"
            "  var makeEval;\n\n"
            "  makeEval = function (fn) {\n    return fn(1);\n  };\n\n"
            "  Promise.promisify = function (fn) {\n    return makeEval(fn);\n  };\n"
            "};\n"
        ),
    }
    served_tree(tmp_path, files, "tsgo")
    found = rows(
        tmp_path,
        "SELECT o.start_line, o.role FROM occurrences o JOIN symbols s ON s.key = o.symbol_key "
        "WHERE s.name = 'makeEval' AND s.name_line = 5 ORDER BY 1",
    )
    assert found == [(3, "reference"), (5, "definition"), (10, "call")]
    callers = rows(
        tmp_path,
        "SELECT c.line FROM call_edges c JOIN symbols s ON s.key = c.callee_key "
        "WHERE s.name = 'makeEval'",
    )
    assert callers == [(10,)]


def test_the_require_binding_of_an_anonymous_module_export_is_its_use(tmp_path: Path) -> None:
    """``module.exports = function (str) {}`` (qs's parse.js): tsgo's definition of
    ``var parse = require('./parse')`` is the whole statement; the binding and its uses are
    uses of the function, as tsgo's references of it say."""
    files = {
        "jsconfig.json": '{"compilerOptions": {"allowJs": true, "checkJs": false}}\n',
        "parse.js": "'use strict';\n\nmodule.exports = function (str) {\n  return str;\n};\n",
        "index.js": (
            "'use strict';\n\nvar parse = require('./parse');\n\n"
            "module.exports = {\n  parse: parse,\n  run: function (s) { return parse(s); }\n};\n"
        ),
    }
    served_tree(tmp_path, files, "tsgo")
    found = rows(
        tmp_path,
        "SELECT o.start_line, o.start_col, o.role FROM occurrences o "
        "JOIN files f ON f.id = o.file_id JOIN symbols s ON s.key = o.symbol_key "
        "JOIN files d ON d.id = s.file_id WHERE f.path = 'index.js' AND d.path = 'parse.js' "
        "ORDER BY 1, 2",
    )
    assert found == [(3, 5, "import"), (6, 10, "reference"), (7, 30, "call")]


def test_a_function_declared_in_an_object_method_or_an_assigned_function_is_nested_there(
    tmp_path: Path,
) -> None:
    """tsgo's outline nests ``helper`` in ``def.code`` and in ``tools.run``; so do lsai's names
    and keys (before: ``def.helper``, a top-level ``helper`` and a top-level ``run``)."""
    files = {
        "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true, "allowJs": true}}\n',
        "def.ts": (
            "export const def = {\n  keyword: 'if',\n  code(n: number): number {\n"
            "    return helper() + n\n\n    function helper(): number {\n      return 1\n    }\n"
            "  },\n  nested: {\n    run: function () {\n      function inner() {}\n"
            "      return inner()\n    },\n  },\n}\n\n"
            "export function make() {\n  return { local() {} }\n}\n"
        ),
        "tools.js": (
            "var tools = {};\ntools.run = function (y) {\n  function helper(b) {\n"
            "    return b;\n  }\n  return helper(y);\n};\n\n"
            "function use() {\n  return tools.run(1);\n}\n\nmodule.exports = tools;\n"
        ),
    }
    served_tree(tmp_path, files, "tsgo")
    names = rows(
        tmp_path,
        "SELECT f.path, s.qualified_name, s.kind, c.qualified_name FROM symbols s "
        "JOIN files f ON f.id = s.file_id LEFT JOIN symbols c ON c.key = s.container_key "
        "WHERE s.kind IN ('function', 'method') OR s.name = 'run' ORDER BY 1, s.start_line",
    )
    assert names == [
        ("def.ts", "def.code", "method", "def"),
        ("def.ts", "def.code.helper", "function", "def.code"),
        ("def.ts", "def.nested.run", "property", "def.nested"),
        ("def.ts", "def.nested.run.inner", "function", "def.nested.run"),
        ("def.ts", "make", "function", None),
        ("def.ts", "make.local", "method", "make"),  # tsgo's outline lists it
        ("tools.js", "tools.run", "function", "tools"),
        ("tools.js", "tools.run.helper", "function", "tools.run"),
        ("tools.js", "use", "function", None),
    ]
    callers = rows(
        tmp_path,
        "SELECT r.qualified_name, e.qualified_name FROM call_edges c "
        "JOIN symbols r ON r.key = c.caller_key JOIN symbols e ON e.key = c.callee_key "
        "ORDER BY 1, 2",
    )
    assert callers == [
        ("def.code", "def.code.helper"),
        ("def.nested.run", "def.nested.run.inner"),  # a property holding a function calls
        ("tools.run", "tools.run.helper"),
        ("use", "tools.run"),
    ]


def test_a_member_assigned_to_a_declared_class_prototype_is_a_use_of_the_declared_member(
    tmp_path: Path,
) -> None:
    """``declare class Box { notify(): void }`` beside ``function Box`` and
    ``Box.prototype.notify = function`` (@preact/signals-core): tsgo lists the assignment as a
    variable of ``Box``; it is the declared method's, one symbol (before: a method and a
    variable ``Box.notify``)."""
    files = {
        "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}}\n',
        "box.ts": (
            "declare class Box {\n  _value: number;\n  notify(): void;\n}\n\n"
            "// @ts-ignore: redeclared\nfunction Box(this: Box) {\n  this._value = 0;\n}\n\n"
            "Box.prototype.notify = function () {\n  this._value++;\n};\n\n"
            "Box.prototype.extra = function () {};\n\n"
            "export function poke(b: Box) {\n  b.notify();\n}\n"
        ),
    }
    served_tree(tmp_path, files, "tsgo")
    members = rows(
        tmp_path,
        "SELECT name, kind, name_line FROM symbols WHERE name IN ('notify', 'extra') ORDER BY 3",
    )
    assert members == [("notify", "method", 3), ("extra", "variable", 15)]
    found = sites_of(tmp_path, "lsai typescript . box.ts Box#notify().")
    assert [(line, role) for _, line, _, role in found] == [
        (3, "definition"),
        (11, "reference"),
        (18, "call"),
    ]


def test_a_module_augmentation_is_one_module_and_declares_the_interface_it_merges_into(
    tmp_path: Path,
) -> None:
    """``declare module './a' { interface Options { size: number } }`` in b.ts: one module
    symbol (before: tree-sitter's ``'./a'`` and tsgo's ``"./a"``), and its ``Options`` is a
    declaration of a.ts's, as tsgo's references of a.ts's ``Options`` say (before: missing
    from its usages)."""
    files = {
        "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}}\n',
        "a.ts": (
            "export interface Options {\n  name: string\n}\n\n"
            "export function make(o: Options): string {\n  return o.name + o.size\n}\n"
        ),
        "b.ts": (
            "import type { Options } from './a'\n\ndeclare module './a' {\n"
            "  interface Options {\n    size: number\n  }\n}\n\n"
            "export const o: Options = { name: 'x', size: 1 }\n"
        ),
    }
    served_tree(tmp_path, files, "tsgo")
    modules = rows(tmp_path, "SELECT name, kind FROM symbols WHERE kind IN ('module', 'namespace')")
    assert modules == [("'./a'", "module")]
    assert sites_of(tmp_path, "lsai typescript . a.ts Options#") == [
        ("a.ts", 1, 18, "definition"),
        ("a.ts", 5, 25, "type"),
        ("b.ts", 1, 15, "import"),
        ("b.ts", 4, 13, "declaration"),
        ("b.ts", 9, 17, "type"),
    ]


DEFINED_PROPERTIES = {
    "jsconfig.json": '{"compilerOptions": {"allowJs": true, "checkJs": false}}\n',
    "ws.js": (
        "'use strict';\n\nclass Sock {\n  constructor() {\n    this._state = Sock.OPEN;\n  }\n"
        "}\n\nObject.defineProperty(Sock, 'OPEN', { enumerable: true, value: 1 });\n\n"
        "Object.defineProperty(Sock.prototype, 'OPEN', { enumerable: true, value: 1 });\n\n"
        "module.exports = Sock;\n"
    ),
}
"""ws's ready states: a static and a prototype property of one name."""


def test_a_property_defined_on_a_class_and_on_its_prototype_keeps_each_definition(
    tmp_path: Path,
) -> None:
    """``Object.defineProperty(Sock, 'OPEN', ...)`` and ``Object.defineProperty(Sock.prototype,
    'OPEN', ...)`` (ws): tsgo answers the prototype one's references with the static one's name;
    that name stays the static one's definition (before: a use of the prototype's, which then
    had two definitions and the static one none)."""
    served_tree(tmp_path, DEFINED_PROPERTIES, "tsgo")
    found = rows(
        tmp_path,
        "SELECT o.start_line, o.role, s.name_line FROM occurrences o "
        "JOIN symbols s ON s.key = o.symbol_key WHERE o.name = 'OPEN' ORDER BY 1",
    )
    assert found == [(5, "reference", 9), (9, "definition", 9), (11, "definition", 11)]


def test_a_property_defined_on_a_class_and_on_its_prototype_are_two_members(
    tmp_path: Path,
) -> None:
    """``Object.defineProperty(Sock, 'OPEN', ...)`` is a static member, ``Object.defineProperty(
    Sock.prototype, 'OPEN', ...)`` an instance member: not the overloads of one name, nor
    members sharing a declaration, so the static one's usages are the reads of ``Sock.OPEN``,
    as tsgo's references (before: they listed the prototype one's name too, ws's ready
    states)."""
    served_tree(tmp_path, DEFINED_PROPERTIES, "tsgo")
    modifiers = rows(tmp_path, "SELECT name_line, modifiers FROM symbols WHERE name = '\"OPEN\"'")
    assert sorted(modifiers) == [(9, "static"), (11, None)]
    found, server = _usages_beside_server(tmp_path, None, ("ws.js", 9, 30))
    assert found == server == {("ws.js", 5, 24)}


def test_a_member_assigned_in_a_function_held_by_a_property_is_a_use_of_the_declared_one(
    tmp_path: Path,
) -> None:
    """``createColumn: (column) => { column.getSize = () => ... }`` (@tanstack/table-core's
    features): the assignment is a use of ``Column.getSize``, as tsgo's references say (before:
    a function ``Sizing.createColumn.getSize`` of its own, and ``Column.getSize`` without it)."""
    files = {
        "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}}\n',
        "feature.ts": (
            "export interface Column {\n  id: string\n  getSize: () => number\n}\n\n"
            "export interface Feature {\n  createColumn: (column: Column) => void\n}\n\n"
            "export const Sizing: Feature = {\n  createColumn: (column) => {\n"
            "    column.getSize = () => {\n      return column.id.length\n    }\n  },\n}\n\n"
            "export function size(c: Column): number {\n  return c.getSize()\n}\n"
        ),
    }
    served_tree(tmp_path, files, "tsgo")
    assert rows(tmp_path, "SELECT qualified_name FROM symbols WHERE name = 'getSize'") == [
        ("Column.getSize",)
    ]
    found = sites_of(tmp_path, "lsai typescript . feature.ts Column#getSize.")
    assert [(line, role) for _, line, _, role in found] == [
        (3, "definition"),
        (12, "reference"),
        (19, "call"),
    ]


def test_a_function_held_by_a_property_is_the_caller_of_what_it_calls(tmp_path: Path) -> None:
    """``{ run: function () { inner() } }``: tsgo's call hierarchy names ``run`` the caller
    (before: the module, as no function symbol held the call)."""
    files = {
        "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}}\n',
        "def.ts": (
            "function inner(): number {\n  return 1\n}\n\n"
            "export const def = {\n"
            "  nested: {\n    run: function () {\n      return inner()\n    },\n  },\n"
            "  arrow: () => inner(),\n"
            "}\n"
        ),
    }
    served_tree(tmp_path, files, "tsgo")
    callers = rows(
        tmp_path,
        "SELECT s.qualified_name, c.line FROM call_edges c JOIN symbols s ON s.key = c.caller_key "
        "WHERE c.callee_name = 'inner' ORDER BY c.line",
    )
    assert callers == [("def.nested.run", 8), ("def.arrow", 11)]


def test_a_class_required_through_a_commonjs_barrel_is_resolved_at_its_uses(
    tmp_path: Path,
) -> None:
    """``module.exports = { Ctl }`` of ``const { Ctl } = require('./ctl.js')`` (fastify's
    lib/logger-factory.js), no jsconfig.json: tsgo's definition of ``extends Ctl`` in a file
    requiring the barrel ends at the barrel's shorthand property. It is followed through the
    barrel's import and the exporting module's ``{ Ctl }`` to the class (before: no symbol,
    so no usage there and a subclass with no base)."""
    files = {
        "lib/ctl.js": "class Ctl {\n  run () {\n    return 1\n  }\n}\n\nmodule.exports = { Ctl }\n",
        "lib/factory.js": (
            "const { Ctl } = require('./ctl.js')\n\n"
            "function make () {\n  return new Ctl()\n}\n\n"
            "module.exports = {\n  make,\n  Ctl\n}\n"
        ),
        "test/a.test.js": (
            "const { make, Ctl } = require('../lib/factory')\n\n"
            "class Mine extends Ctl {\n  run () {\n    return 2\n  }\n}\n\n"
            "make()\nconst c = Ctl\n"
        ),
    }
    served_tree(tmp_path, files, "tsgo")
    found = sites_of(tmp_path, "lsai javascript . lib/ctl.js Ctl#")
    found = [s for s in found if str(s[0]).startswith("test/")]
    assert found == [
        ("test/a.test.js", 1, 15, "import"),
        ("test/a.test.js", 3, 20, "reference"),
        ("test/a.test.js", 10, 11, "reference"),
    ]
    bases = rows(tmp_path, "SELECT target_key FROM type_edges WHERE relation = 'extends'")
    assert bases == [("lsai javascript . lib/ctl.js Ctl#",)]


@pytest.mark.parametrize("at", [("lib/app.js", 3, 5), ("lib/app.js", 6, 10)])
def test_a_property_of_a_required_module_bound_to_a_variable_is_a_variable(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    """``var compileETag = require('./utils').compileETag`` (express's lib/application.js) is a
    variable of the requiring file to tsgo, as ``const f = util.f`` is: its references at the
    binding and at its calls are the binding and the file's calls, not the exported
    function's other sites. lsai read it as an import of the export (no symbol, its calls the
    function's) and answered the function's usages there, or none."""
    files = {
        "jsconfig.json": '{"compilerOptions": {"allowJs": true, "checkJs": false}}\n',
        "lib/utils.js": (
            "'use strict';\n\nexports.compileETag = function compileETag(val) {\n"
            "  return typeof val === 'function' ? val : null;\n};\n"
        ),
        "lib/app.js": (
            "'use strict';\n\nvar compileETag = require('./utils').compileETag;\n\n"
            "function set(val) {\n  return compileETag(val);\n}\n\nmodule.exports = set;\n"
        ),
        "lib/other.js": "var compileETag = require('./utils').compileETag;\ncompileETag(1);\n",
    }
    _, mine, theirs = usages_beside_server(tmp_path, files, "tsgo", at, declarations=True)
    assert theirs == {("lib/app.js", 3, 5), ("lib/app.js", 6, 10)}
    assert mine == theirs


def test_a_module_required_in_a_function_is_an_import_there(tmp_path: Path) -> None:
    """``const local = require('./sender')`` in a function binds what the module exports, as at
    module level: the binding and its uses (``local.create()``) are usages of the class, as
    tsgo's references say (before: a local variable, whose uses were not asked)."""

    files = {
        "jsconfig.json": '{"compilerOptions": {"allowJs": true, "checkJs": false}}\n',
        "lib/sender.js": (
            "'use strict';\n\nclass Sender {\n  send(data) {\n    return data;\n  }\n\n"
            "  static create() {\n    return new Sender();\n  }\n}\n\nmodule.exports = Sender;\n"
        ),
        "lib/use.js": (
            "'use strict';\n\nconst Sender = require('./sender');\n\n"
            "function go() {\n  const local = require('./sender');\n"
            "  local.create().send(1);\n  return Sender.create();\n}\n\nmodule.exports = go;\n"
        ),
    }
    found, server = _usages_beside_server(tmp_path, files, ("lib/sender.js", 3, 7))
    assert {("lib/use.js", 6, 9), ("lib/use.js", 7, 3)} <= found
    assert found == server


def test_the_types_of_jsdoc_comments_are_usages_of_the_class_they_name(tmp_path: Path) -> None:
    """``@param {Sender} sender`` and ``@returns {Sender}`` in a JavaScript file are usages of
    the class, as tsgo's references list them (ws's sender.js: before, missing)."""

    files = {
        "jsconfig.json": '{"compilerOptions": {"allowJs": true, "checkJs": false}}\n',
        "lib/sender.js": (
            "'use strict';\n\nclass Sender {\n  send(data) {\n    return data;\n  }\n}\n\n"
            "/**\n * @param {Sender} sender The sender\n * @returns {Sender} the same\n */\n"
            "function pass(sender) {\n  return sender;\n}\n\nmodule.exports = { Sender, pass };\n"
        ),
    }
    found, server = _usages_beside_server(tmp_path, files, ("lib/sender.js", 3, 7))
    assert {("lib/sender.js", 10, 12), ("lib/sender.js", 11, 14)} <= found
    assert found == server


def test_a_property_access_of_an_exported_object_is_the_propertys_not_the_function(
    tmp_path: Path,
) -> None:
    """``lodash.chunk = array.chunk`` where ``array`` is array.js's re-export of
    array.default.js's ``export default { chunk }`` (lodash-es's lodash.default.js): the
    definition of ``array.chunk`` is the object's shorthand property, and it is not followed
    through the object's import to the function, as tsgo's references of ``chunk`` leave the
    access out (a plain name led there, a CommonJS barrel's ``{ Ctl }`` above, is followed)."""
    import asyncio

    from tests.test_references_match_server import live

    files = {
        "chunk.js": "function chunk(a) {\n  return [a]\n}\n\nexport default chunk\n",
        "array.default.js": "import chunk from './chunk.js'\n\nexport default {\n  chunk,\n}\n",
        "array.js": (
            "export { default as chunk } from './chunk.js'\n"
            "export { default } from './array.default.js'\n"
        ),
        "main.js": (
            "import array from './array.js'\n\n"
            "function lodash() {}\nlodash.chunk = array.chunk;\n\nexport default lodash\n"
        ),
        "package.json": '{"name": "x", "type": "module"}\n',
        "jsconfig.json": (
            '{"compilerOptions": {"module": "nodenext", "moduleResolution": "nodenext", '
            '"allowJs": true, "checkJs": false}, "include": ["**/*.js"]}\n'
        ),
    }
    served_tree(tmp_path, files, "tsgo")
    key = "lsai javascript . chunk.js chunk()."
    found = {(p, line, col) for p, line, col, _ in sites_of(tmp_path, key)}
    server = asyncio.run(live(tmp_path, {"chunk": ("chunk.js", 1, 10)}))["chunk"]
    assert ("main.js", 4, 22) not in found
    assert found - {("chunk.js", 1, 10)} == server


def _usages_beside_server(
    root: Path, files: dict[str, str] | None, at: tuple[str, int, int]
) -> tuple[set[tuple[str, int, int]], set[tuple[str, int, int]]]:
    """lsai's usages of the symbol at ``at`` (``files`` indexed with tsgo first, unless
    ``None``: already indexed) and the live server's references there."""
    import asyncio

    from lsai.query.usages import UsagesInput, usages
    from tests.test_references_match_server import live

    if files is not None:
        served_tree(root, files, "tsgo")
    path, line, col = at
    ws = open_workspace(root)
    try:
        result = usages(ws, UsagesInput(file=path, line=line, col=col))
    finally:
        ws.close()
    found = {(f.file, u.line, u.col) for f in result.files for u in f.usages}
    return found, asyncio.run(live(root, {"symbol": at}))["symbol"]


def test_a_type_declared_later_holds_no_uses_of_an_earlier_local_of_its_name(
    tmp_path: Path,
) -> None:
    """zod's tests: ``const a = z.bigint()`` in one test, ``type a = z.output<typeof a>`` in a
    later one. The type is declared, not assigned to the earlier binding (``var make; make =
    function () {}``): tsgo's references of the type list its own test's ``a`` alone; the
    reads of the earlier local were keyed to it (110 extra usages in zod's v4 tests)."""
    files = {
        "tsconfig.json": '{"compilerOptions": {"strict": true}}\n',
        "t.ts": (
            "declare function test(name: string, f: () => void): void;\n"  # 1
            "declare function make(): { value: number };\n"  # 2
            "test('one', () => {\n"  # 3
            "  const a = make();\n"  # 4
            "  console.log(a.value);\n"  # 5
            "});\n"  # 6
            "test('two', () => {\n"  # 7
            "  const a = make();\n"  # 8
            "  type a = typeof a;\n"  # 9
            "  const b: a = a;\n"  # 10
            "  console.log(b);\n"  # 11
            "});\n"
        ),
    }
    served_tree(tmp_path, files, "tsgo")
    found = rows(
        tmp_path,
        "SELECT o.start_line, o.start_col FROM occurrences o "
        "JOIN symbols s ON s.key = o.symbol_key "
        "WHERE s.name = 'a' AND s.kind = 'type' AND o.role <> 'definition' ORDER BY 1, 2",
    )
    assert (4, 9) not in found and (5, 15) not in found, found
    assert (10, 12) in found, found  # its own: ``const b: a``
