"""lsai's rename beside the live server's ``textDocument/rename``, on the shapes where they
disagreed in ``bench/accuracy_bench.py``'s rename check: the lines each changes, as they read
after the rename."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.errors import ErrorCode
from lsai.indexer.lsp.errors import ServerRequestFailed
from lsai.indexer.pipeline import reindex
from lsai.query.errors import QueryError
from lsai.query.rename import RenameInput, rename
from lsai.query.workspace import open_workspace
from tests.renames import live_rename, renamed_beside_server
from tests.test_tsgo_unseen import JSCONFIG, TSCONFIG
from tests.test_tsgo_unseen_libs import UNRESOLVED_REEXPORT
from tests.trees import needs, served_tree

GO_EMBEDDED = {
    "go.mod": "module example.com/m\n\ngo 1.19\n",
    "shapes.go": (
        "package m\n\n"  # 1-2
        "type Base struct{ Size int }\n\n"  # 3-4
        "func (b *Base) Grow() { b.Size++ }\n\n"  # 5-6
        "type Square struct {\n"  # 7
        "\tBase\n"  # 8
        "\tSide int\n"  # 9
        "}\n"
    ),
    "use.go": (
        "package m\n\n"  # 1-2
        "func Use() int {\n"  # 3
        "\tvar q Square\n"  # 4
        "\tq.Grow()\n"  # 5
        "\tq.Base.Grow()\n"  # 6
        "\treturn q.Base.Size + q.Side\n"  # 7
        "}\n"
    ),
}


@needs("gopls")
def test_renaming_a_go_type_renames_the_fields_that_embed_it(tmp_path: Path) -> None:
    """``struct { Base }`` declares a field named ``Base``: gopls renames ``q.Base`` with the
    type; lsai renamed the field's declaration (a use of the type) and left its selectors
    (``q.Base.Grow()``), which then named no field."""
    stored, server = renamed_beside_server(
        tmp_path, GO_EMBEDDED, "gopls", ("shapes.go", 3, 6), "Plate"
    )
    assert ("use.go", 6, "q.Plate.Grow()") in server
    assert stored == server


@needs("gopls")
def test_an_embedded_go_field_is_not_renamed_apart_from_its_type(tmp_path: Path) -> None:
    """gopls refuses to rename an embedded field (its name is the type's); lsai renamed the
    ``Base`` in ``struct { Base }`` to a type that does not exist. Its preview now says why
    the rename conflicts, and applying it is refused."""
    served_tree(tmp_path, GO_EMBEDDED, "gopls")
    with pytest.raises(ServerRequestFailed, match="embedded"):
        asyncio.run(live_rename(tmp_path, "gopls", ("shapes.go", 8, 2), "Plate"))
    ws = open_workspace(tmp_path)
    try:
        asked = RenameInput(file="use.go", line=6, col=4, new_name="Plate")
        preview = rename(ws, asked)
        assert any("embedded field" in c for c in preview.conflicts)
        with pytest.raises(QueryError) as refused:
            rename(ws, asked.model_copy(update={"preview": False}))
        assert refused.value.code == ErrorCode.RENAME_CONFLICT
    finally:
        ws.close()
    assert "\tBase\n" in (tmp_path / "shapes.go").read_text()


GO_DOC = {
    "go.mod": "module example.com/m\n\ngo 1.19\n",
    "route.go": (
        "package m\n\n"  # 1-2
        "// Route is a route.\n"  # 3
        "type Route struct{ path string }\n\n"  # 4-5
        "// URL builds a URL for the route,\n"  # 6
        '// so that r.URL() == "/" + r.path. URLs are strings.\n'  # 7
        'func (r *Route) URL() string { return "/" + r.path }\n\n'  # 8-9
        "// Use calls URL.\n"  # 10
        "func Use(r *Route) string { return r.URL() }\n"  # 11
    ),
}


@needs("gopls")
def test_a_go_declaration_s_doc_comment_is_renamed_with_it(tmp_path: Path) -> None:
    """gopls renames the name where it is a word in the declaration's doc comment (mux
    ``// URL builds a URL for the route.``, every function of pflag, uuid, semver: the most
    frequent Go disagreement of the rename check); other comments stay."""
    stored, server = renamed_beside_server(tmp_path, GO_DOC, "gopls", ("route.go", 8, 17), "Link")
    assert ("route.go", 6, "// Link builds a Link for the route,") in server
    assert ("route.go", 10, "// Use calls URL.") not in server
    assert stored == server


GO_BLOCK_DOC = {
    "go.mod": "module example.com/m\n\ngo 1.19\n",
    "dump.go": (
        "package m\n\n"  # 1-2
        "/*\n"  # 3
        "Dump prints its arguments. Dump is go-spew's shape.\n"  # 4
        "*/\n"  # 5
        "func Dump(a ...int) {}\n\n"  # 6-7
        "/* Sdump returns what Dump prints. */\n"  # 8
        'func Sdump(a ...int) string { Dump(a...); return "" }\n'  # 9
    ),
}


@needs("gopls")
def test_a_go_block_doc_comment_is_renamed_with_its_declaration(tmp_path: Path) -> None:
    """go-spew's ``/* Dump displays ... */`` above ``func (c *ConfigState) Dump``: gopls renames
    the name in a block doc comment as in ``//`` lines; lsai read only ``//`` lines (rename
    "missing" at the block's line)."""
    stored, server = renamed_beside_server(
        tmp_path, GO_BLOCK_DOC, "gopls", ("dump.go", 6, 6), "Show"
    )
    assert ("dump.go", 4, "Show prints its arguments. Show is go-spew's shape.") in server
    assert ("dump.go", 8, "/* Sdump returns what Show prints. */") not in server
    assert stored == server


SHORTHAND_READ = {
    "jsconfig.json": JSCONFIG,
    "tasks.js": (
        "function start(n) { return n + 1; }\n"  # 1
        "const runner = { start, stop() {} };\n"  # 2
        "runner.start(1);\n"  # 3
        "module.exports = start(2) + runner.start(3);\n"  # 4
    ),
}


@needs("tsgo")
def test_a_property_a_shorthand_defines_keeps_its_reads_when_the_variable_is_renamed(
    tmp_path: Path,
) -> None:
    """koa-like ``const runner = { start }``: renaming the function spells the shorthand out
    (``{ start: begin }``), so the property keeps its name; its reads (``runner.start(1)``,
    keyed to the function too: tsgo's definition there answers both) were renamed with the
    function, to a property that no longer exists. tsgo's rename leaves them."""
    stored, server = renamed_beside_server(
        tmp_path, SHORTHAND_READ, "tsgo", ("tasks.js", 1, 10), "begin"
    )
    assert ("tasks.js", 2, "const runner = { start: begin, stop() {} };") in server
    assert stored == server


CLASS_SHAPES = {
    "tsconfig.json": TSCONFIG,
    "keys.ts": (
        "let keyCount = 0\n"  # 1
        "export class Keys {\n"  # 2
        "  #last = ''\n"  # 3
        "  constructor(public prefix: string) {}\n"  # 4
        "  next(): string {\n"  # 5
        "    keyCount++\n"  # 6
        "    this.#last = `${this.prefix}_${keyCount}`\n"  # 7
        "    return this.#last\n"  # 8
        "  }\n"
        "}\n"
        "export const keys = new Keys('k')\n"  # 11
    ),
}


@needs("tsgo")
def test_a_name_in_a_template_substitution_is_no_shorthand_property(tmp_path: Path) -> None:
    """query-core's ``return [`query_${queryKeyCount}`]``: the ``{`` of ``${`` was taken for an
    object's, so the rename wrote ``${queryKeyCount: queryKeyCountZq}``."""
    stored, server = renamed_beside_server(
        tmp_path, CLASS_SHAPES, "tsgo", ("keys.ts", 1, 5), "keyTotal"
    )
    assert ("keys.ts", 7, "this.#last = `${this.prefix}_${keyTotal}`") in server
    assert stored == server


@needs("tsgo")
def test_a_private_member_is_renamed_to_a_private_name(tmp_path: Path) -> None:
    """query-core's ``#lastResult``: tsgo renames it to ``#lastResultZq``; lsai refused the
    new name as no identifier."""
    stored, server = renamed_beside_server(
        tmp_path, CLASS_SHAPES, "tsgo", ("keys.ts", 3, 3), "#previous"
    )
    assert ("keys.ts", 8, "return this.#previous") in server
    assert stored == server


@needs("tsgo")
def test_a_constructor_is_not_renamed(tmp_path: Path) -> None:
    """tsgo refuses to rename ``constructor`` (koa's Application, query-core's
    CancelledError); lsai renamed it to a method, so the class lost its constructor."""
    served_tree(tmp_path, CLASS_SHAPES, "tsgo")
    assert not asyncio.run(live_rename(tmp_path, "tsgo", ("keys.ts", 4, 3), "build"))
    ws = open_workspace(tmp_path)
    try:
        with pytest.raises(QueryError) as refused:
            rename(ws, RenameInput(file="keys.ts", line=4, col=3, new_name="build"))
        assert refused.value.code == ErrorCode.RENAME_CONFLICT
    finally:
        ws.close()


COMMONJS = {
    "jsconfig.json": JSCONFIG,
    "lib.js": (
        "// @ts-check\n"
        "/** @param {number} n */ function alpha(n) { return n; }\n"  # 2
        "exports.alpha = alpha;\n"  # 3
    ),
    "use.js": (
        "// @ts-check\n"
        "const { alpha } = require('./lib');\n"  # 2
        "const lib = require('./lib');\n"
        "module.exports = alpha(1) + lib.alpha(2);\n"  # 4
    ),
}


EXPORT_OBJECT = {
    **COMMONJS,
    "lib.js": COMMONJS["lib.js"].replace("exports.alpha = alpha;", "module.exports = { alpha };"),
    "use.js": COMMONJS["use.js"].replace(" + lib.alpha(2)", ""),  # no ``m.f``: the object alone
}


@pytest.mark.parametrize("files", [COMMONJS, EXPORT_OBJECT], ids=["assigned", "object"])
@needs("tsgo")
def test_a_require_destructuring_follows_a_renamed_commonjs_export(
    tmp_path: Path, files: dict[str, str]
) -> None:
    """commander's ``exports.Argument = Argument`` and ``const { Argument } = require(...)``:
    lsai renames the export with the class (tsgo keeps ``exports.Argument``: a deliberate
    difference, as for ``export { a }``), so the destructuring must read the new name;
    ``{ Argument: ArgumentZq }`` read a property that no longer existed, an error tsgo
    reports once the rename is applied. Likewise a module's export object (``module.exports =
    { alpha }``, renamed ``{ first }``), whose importer's destructuring was still spelled
    ``{ alpha: first }`` (fix66)."""
    served_tree(tmp_path, files, "tsgo")
    ws = open_workspace(tmp_path, reindex=reindex)
    try:
        done = rename(ws, RenameInput(file="lib.js", line=2, col=35, new_name="first"))
        assert ("use.js", 2, "const { first } = require('./lib');") in {
            (c.file, c.line, c.new_text) for c in done.changes
        }
        applied = rename(ws, RenameInput(file="lib.js", line=2, col=35, new_name="first",
                                         preview=False))  # fmt: skip
    finally:
        ws.close()
    assert applied.compilation_result is not None
    assert "no errors" in applied.compilation_result, applied.compilation_result


EXPANDO = {
    "jsconfig.json": JSCONFIG,
    "debug.js": (
        "function setup() {\n"
        "  function createDebug() {}\n"  # 2
        "  createDebug.enable = enable;\n"  # 3
        "  function enable(names) { return names; }\n"  # 4
        "  function disable() { createDebug.enable(''); }\n"  # 5
        "  createDebug.disable = disable;\n"  # 6
        "  createDebug.enable('x');\n"  # 7
        "  return createDebug;\n"
        "}\n"
        "module.exports = setup;\n"
    ),
}


@needs("tsgo")
def test_renaming_a_function_an_expando_property_holds_leaves_the_property(
    tmp_path: Path,
) -> None:
    """debug's ``createDebug.enable = enable``: the property is no symbol of the index, and
    tsgo's definition of ``createDebug.enable('')`` answers the function too, so the call was
    renamed with it (``createDebug.turnOn('')``) while the property kept its name: a call of a
    property that no longer existed. tsgo's rename leaves the property and its reads."""
    stored, server = renamed_beside_server(tmp_path, EXPANDO, "tsgo", ("debug.js", 4, 12), "turnOn")
    assert ("debug.js", 3, "createDebug.enable = turnOn;") in server
    assert stored == server


CALLBACKS = {
    "jsconfig.json": JSCONFIG,
    "unknown.test.js": (
        "const test = (name, fn) => fn(name);\n"
        "test('boolean', function (t) {\n"  # 2
        "  function unknownFn(arg) { return arg; }\n"  # 3
        "  return unknownFn(t);\n"  # 4
        "});\n"
        "test('string', function (t) {\n"  # 6
        "  function unknownFn(arg) { return arg; }\n"  # 7
        "  return unknownFn(t);\n"  # 8
        "});\n"
    ),
}


@needs("tsgo")
def test_a_namesake_in_another_callback_is_not_renamed_with_a_function(tmp_path: Path) -> None:
    """minimist's test/unknown.js declares ``function unknownFn`` in each test's callback: one
    qualified name in one file, taken for redefinitions of one name, so renaming one renamed
    them all (9 lines where tsgo changes 2). Declarations that do not follow each other are
    namesakes in different scopes (``resolve.overload_siblings``, as usages answer them)."""
    stored, server = renamed_beside_server(
        tmp_path, CALLBACKS, "tsgo", ("unknown.test.js", 3, 12), "onUnknown"
    )
    assert server == {
        ("unknown.test.js", 3, "function onUnknown(arg) { return arg; }"),
        ("unknown.test.js", 4, "return onUnknown(t);"),
    }
    assert stored == server


GENERIC_CLASS = {
    "tsconfig.json": TSCONFIG,
    "store.ts": (
        "export type Listener<T> = (value: T) => void\n"
        "export class Store<\n"  # 2
        "  TState,\n"
        "  TUpdater extends (cb: TState) => TState = (cb: TState) => TState,\n"
        "> {\n"  # 5
        "  listeners = new Set<Listener<TState>>()\n"  # 6
        "  constructor(public state: TState) {}\n"
        "  subscribe(l: Listener<TState>) { this.listeners.add(l) }\n"  # 8
        "}\n"
    ),
}


@needs("tsgo")
def test_a_field_of_a_class_with_type_parameters_one_a_line_is_no_shorthand(
    tmp_path: Path,
) -> None:
    """tanstack store's ``class Store<\\n  TState,\\n  TUpdater ...,\\n> {``: the ``class``
    keyword lay more than 80 characters before the body's ``{``, so the body was read as an
    object literal and the field ``listeners = new Set()`` as a shorthand property with a
    default, renamed ``subscribers: listeners = new Set()`` (not TypeScript)."""
    stored, server = renamed_beside_server(
        tmp_path, GENERIC_CLASS, "tsgo", ("store.ts", 6, 3), "subscribers"
    )
    assert ("store.ts", 6, "subscribers = new Set<Listener<TState>>()") in server
    assert stored == server


REBOUND_IMPORT = {
    "pyproject.toml": '[project]\nname = "bench"\nversion = "0"\n',
    "bench.py": (
        "from functools import partial\n"
        "from timeit import timeit\n"  # 2
        "\n"
        "timeit = partial(timeit, number=5)\n"  # 4
        "\n\n"
        "def lists() -> float:\n"
        "    return timeit('l[9]', 'l = [0] * 10')\n"  # 8
    ),
}


@needs("ty")
def test_renaming_a_rebound_import_keeps_the_name_the_import_reads(tmp_path: Path) -> None:
    """parsimonious's tests: ``from timeit import timeit`` then ``timeit = partial(timeit,
    ...)``, one name of the file (ty refuses to rename it). Renaming it rewrote the import to
    ``from timeit import timed``, a name the module does not define; the import now binds the
    new name (``from timeit import timeit as timed``) and the rename applies with no error."""
    served_tree(tmp_path, REBOUND_IMPORT, "ty")
    ws = open_workspace(tmp_path, reindex=reindex)
    try:
        asked = RenameInput(file="bench.py", line=4, col=1, new_name="timed")
        done = rename(ws, asked)
        assert ("bench.py", 2, "from timeit import timeit as timed") in {
            (c.file, c.line, c.new_text) for c in done.changes
        }
        applied = rename(ws, asked.model_copy(update={"preview": False}))
    finally:
        ws.close()
    assert "timed = partial(timed, number=5)" in (tmp_path / "bench.py").read_text()
    assert applied.compilation_result is not None
    assert "no errors" in applied.compilation_result, applied.compilation_result


MODULE_FALLBACKS = {
    "pyproject.toml": '[project]\nname = "pkg"\nversion = "0"\n',
    "pkg/__init__.py": "",
    "pkg/tarfile.py": (
        "try:\n"  # 1
        "    import pwd\n"  # 2
        "except ImportError:\n"  # 3
        "    pwd = None\n\n\n"  # 4-6
        "def owner(uid):\n"  # 7
        "    if pwd:\n"  # 8
        "        return pwd.getpwuid(uid)\n"  # 9
        "    return None\n"
    ),
    "pkg/unix_compat.py": (
        "try:\n"  # 1
        "    import grp, pwd\n"  # 2
        "except ImportError:\n"  # 3
        "    grp = pwd = None\n\n\n"  # 4-6
        "def check():\n"  # 7
        "    return pwd is not None\n"  # 8
    ),
}


def test_a_module_import_fallback_is_renamed_in_its_own_file_alone(tmp_path: Path) -> None:
    """setuptools: ``import pwd`` / ``except ImportError: pwd = None`` in two files. ty's
    references of each fallback list both files' sites (lsai's usages agree), so each file's
    import was keyed to the other file's variable: renaming tarfile.py's ``pwd`` rewrote
    unix_compat.py's ``import grp, pwd`` to ``pwdZq`` (no such module) and left tarfile.py's
    own import (ty refuses the rename). The other file's module import is now untouched, and
    the file's own binds the new name."""
    served_tree(tmp_path, MODULE_FALLBACKS, "ty")
    ws = open_workspace(tmp_path, reindex=reindex)
    try:
        asked = RenameInput(file="pkg/tarfile.py", line=4, col=5, new_name="pwdZq")
        done = rename(ws, asked)
        changes = {(c.file, c.line, c.new_text) for c in done.changes}
        assert {f for f, _, _ in changes} == {"pkg/tarfile.py"}, changes
        assert ("pkg/tarfile.py", 2, "import pwd as pwdZq") in changes, changes
        assert ("pkg/unix_compat.py", 2) in {(u.file, u.line) for u in done.untouched}
        applied = rename(ws, asked.model_copy(update={"preview": False}))
    finally:
        ws.close()
    assert applied.applied
    assert (tmp_path / "pkg/unix_compat.py").read_text() == MODULE_FALLBACKS["pkg/unix_compat.py"]
    text = (tmp_path / "pkg/tarfile.py").read_text()
    assert "import pwd as pwdZq" in text and "pwdZq = None" in text
    assert "return pwdZq.getpwuid(uid)" in text


ASSIGNED_LATER = {
    "jsconfig.json": JSCONFIG,
    "call_get.js": (
        "module.exports = function (Promise) {\n"  # 1
        "  var getMethodCaller;\n"  # 2
        "  let write;\n"  # 3
        "  if (Promise.ok) {\n"  # 4
        "    getMethodCaller = function (name) { return name; };\n"  # 5
        "  }\n"
        "  write = (text) => text.length;\n"  # 7
        "  Promise.prototype.call = function (name) {\n"  # 8
        "    return write(getMethodCaller(name));\n"  # 9
        "  };\n"
        "  return [getMethodCaller, write];\n"  # 11
        "};\n"
    ),
}


BRANCH_ASSIGNED = {
    "jsconfig.json": JSCONFIG,
    "out.js": (
        "function output(useErr) {\n"  # 1
        "  let write;\n"  # 2
        "  if (useErr) {\n"  # 3
        "    write = (str) => process.stderr.write(str);\n"  # 4
        "  } else {\n"  # 5
        "    write = (str) => process.stdout.write(str);\n"  # 6
        "  }\n"  # 7
        "  write('a');\n"  # 8
        "  return write;\n"  # 9
        "}\n"
        "module.exports = { output };\n"
    ),
}


@pytest.mark.parametrize("at", [("call_get.js", 5, 5), ("call_get.js", 7, 3)])
@needs("tsgo")
def test_a_function_assigned_to_a_declared_variable_is_renamed_with_its_declaration(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    """bluebird's call_get.js ``var getMethodCaller;`` then ``getMethodCaller = function
    (name) {...}`` (commander's ``let write; ... write = (arg) => ...``): the symbol is the
    assignment, and the declaration and the reads that are no calls were sites of no symbol,
    so the rename left ``var getMethodCaller;`` (a variable no longer assigned) and
    ``[getMethodCaller]``. tsgo renames them all."""
    stored, server = renamed_beside_server(tmp_path, ASSIGNED_LATER, "tsgo", at, "renamed")
    assert {line for _, line, _ in server} == {at[1], 2 if at[1] == 5 else 3, 9, 11}
    assert stored == server


@pytest.mark.parametrize("at", [("out.js", 4, 5), ("out.js", 6, 5)])
@needs("tsgo")
def test_functions_assigned_in_turn_to_one_variable_are_renamed_together(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    """commander's ``let write`` assigned an arrow function in each branch of an ``if``: one
    binding to tsgo, which renames the declaration, both assignments and every use; lsai's
    rename of either left the other assignment (two symbols, not declared one after the
    other, so not one overload set)."""
    stored, server = renamed_beside_server(tmp_path, BRANCH_ASSIGNED, "tsgo", at, "emit")
    assert {line for _, line, _ in server} == {2, 4, 6, 8, 9}
    assert stored == server


@needs("tsgo")
def test_an_import_from_a_package_keeps_the_name_the_package_exports(tmp_path: Path) -> None:
    """@trpc/client's createWsClient.ts: ``export { jsonEncoder, type Encoder }`` of an
    ``Encoder`` imported from ``@trpc/server``, not installed. tsgo answers the import as a
    site of the re-export, and renaming the re-export rewrote it to ``import type { Codec }
    from '@missing/pkg'``, a name the package does not export. The import now reads the name
    and binds the new one, as tsgo's rename at the import spells it; the workspace's re-exports
    and importers are renamed with it (lsai's rule for a re-export: tsgo keeps ``type Encoder
    as Codec`` and leaves them)."""
    stored, _ = renamed_beside_server(
        tmp_path, UNRESOLVED_REEXPORT, "tsgo", ("client.ts", 3, 28), "Codec"
    )
    at_import = asyncio.run(live_rename(tmp_path, "tsgo", ("encoder.ts", 1, 15), "Codec"))
    spelled = {change for change in at_import if change[:2] == ("encoder.ts", 1)}
    assert spelled == {("encoder.ts", 1, "import type { Encoder as Codec } from '@missing/pkg';")}
    assert spelled <= stored
    assert ("client.ts", 3, "export { jsonEncoder, type Codec };") in stored


PATHS_ALIAS = {
    "tsconfig.json": (
        '{"compilerOptions": {"strict": true, "noEmit": true, "module": "esnext",'
        ' "moduleResolution": "bundler", "baseUrl": ".", "paths": {"@lib/*": ["./lib/*"]}},'
        ' "include": ["**/*.ts"]}\n'
    ),
    "lib/a.ts": "export interface Encoder { encode(x: unknown): string }\n",
    "client.ts": (
        "import type { Encoder } from '@lib/a';\n"  # 1
        "export type { Encoder };\n"  # 2
        "export const e: Encoder = { encode: String };\n"
    ),
}


@needs("tsgo")
def test_an_import_through_a_paths_alias_is_renamed_with_the_declaration(
    tmp_path: Path,
) -> None:
    """``from '@lib/a'`` is spelled as a package's, but a ``paths`` alias reads the workspace's
    ``interface Encoder``: renamed with it, the import names the new name, as tsgo renames it."""
    stored, server = renamed_beside_server(
        tmp_path, PATHS_ALIAS, "tsgo", ("lib/a.ts", 1, 18), "Codec"
    )
    assert ("client.ts", 1, "import type { Codec } from '@lib/a';") in server
    assert ("client.ts", 1, "import type { Codec } from '@lib/a';") in stored


LOCALS_IN_TESTS = {
    "tsconfig.json": TSCONFIG,
    "query.test.ts": (
        "const test = (name: string, fn: () => unknown) => fn()\n"
        "const fake = (f: () => string) => f\n"
        "test('meta', () => {\n"  # 3
        "  const queryFn = fake(() => 'data')\n"  # 4
        "  return queryFn\n"  # 5
        "})\n"
        "test('fetching', () => {\n"  # 7
        "  const queryFn = async () => 'data'\n"  # 8
        "  return queryFn()\n"  # 9
        "})\n"
    ),
}


@needs("tsgo")
def test_a_namesake_declared_in_an_earlier_callback_is_not_renamed_with_a_function(
    tmp_path: Path,
) -> None:
    """query-core's query.test.tsx: ``const queryFn = vi.fn(...)`` in one test, ``const queryFn
    = async () => ...`` (a function, a symbol) in a later one. The earlier is no declaration of
    the later (as ``var make; make = function () {}`` is): its sites stay."""
    stored, server = renamed_beside_server(
        tmp_path, LOCALS_IN_TESTS, "tsgo", ("query.test.ts", 8, 9), "fetchData"
    )
    assert {line for _, line, _ in server} == {8, 9}
    assert stored == server
