"""The references `lsai index` stores with TypeScript 7 agree with what the live server answers.

The index resolves most names by a definition request at each identifier (``lsp.resolve``) and
the others by a references request per symbol (``lsp.sweep``); this test asks the live server
``textDocument/references`` for every symbol of the fixture workspaces and compares:

- every stored reference of a symbol is among the server's references of that symbol;
- every location the server gives for a symbol, where tree-sitter sees that identifier in code
  (not in a comment), is stored, keyed to a symbol whose server references hold it too: to the
  symbol itself when no other symbol claims the location (one key per location is stored: an
  overriding method's call site is a reference of the method and of the one it overrides).
"""

from __future__ import annotations

import asyncio
import re
import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types as lsp
from tree_sitter import Tree

from lsai.indexer.lsp import resolve
from lsai.indexer.lsp.adapters import ADAPTERS, ReferencesCost
from lsai.indexer.lsp.documents import Documents, locations
from lsai.indexer.lsp.session import LspSession
from lsai.indexer.pipeline import run_index
from lsai.indexer.treesitter import scopes
from lsai.storage.records import Span, SymbolRecord
from tests.test_lsp_typescript import CONSUMER, USE_CJS, sources
from tests.trees import needs

pytestmark = needs("tsgo")
FIXTURES = Path(__file__).parent / "fixtures"
ALIASES = """import { makeCircle as circle, Circle as Round } from "./util";
import Shapes = require("./shapes");

export function twice(): Round[] {
  const a = circle(1);
  return [a, new Round(2)].filter((r) => r instanceof Shapes.Circle);
}
"""
OBJECTS = """export const api = {
  fetch(id: number) { return id; },
  save: function save(x: string) { return x.length ? x : api.save("y"); },
  drop: (n: number) => n,
};
api.fetch(1); api.save("a"); api.drop(2);
"""
USE_OBJECTS = """import { api } from "./objects";

export const sum = () => api.fetch(2) + api.save("b").length + api.drop(3);
"""
PATTERNS = """exports.walk = function walk(n) {
  return n ? walk(n.next) + exports.walk(n.next) : 0;
};
const obj = { run: function run() { return run.length; }, go() { return 2; }, fly: () => 3 };
obj.run(); obj.go(); obj.fly();
module.exports.obj = obj;
const o = {};
o.init = function init() { return o.init.length; };
o.init();
class Widget {
  constructor() {
    this.onClick = function () { return 3; };
    this.onKey = function onKey() { return onKey.length; };
  }
  fire() { return this.onClick() + this.onKey(); }
}
module.exports.Widget = Widget;
function Router() {
  this.stack = [];
}
Router.prototype.route = function route(path) { return this.stack.length + path; };
new Router().route("/");
var app = exports.app = {};
app.listen = function listen() { return app.listen; };
const counter = { down: function down(n) {
  if (n > 0) {
    // one less, down to zero.
    down(n - 1);
  }
  return n;
} };
counter.down(2);
"""
USE_PATTERNS = """const lib = require("./patterns.cjs");
lib.walk(1);
lib.obj.run(); lib.obj.go(); lib.obj.fly();
new lib.Widget().fire(); new lib.Widget().onClick();
"""
"""Object literal methods (``{ run: function run() {} }``), functions assigned to properties
(``exports.walk = function walk``, ``o.init = function init``, ``this.onClick = function``):
the server's definition of a use is the function (its name), its references are asked at the
property; the function's own name, used inside it, is a name of its own. Prototype assignments
(``Router.prototype.route = function``) and ``var app = exports.app = {}`` expandos: tsgo 7.0.2
answers neither definitions nor references there (it dropped TypeScript 5's JavaScript
constructor functions): nothing is stored. A recursive call on the line after a comment that ends
with a period (``counter.down``) is still the function's own name, no property access."""
SCOPED = """import { double, parse, MAX_SIZE } from "./util";
import { Circle } from "./shapes";

export function step(n: number): number { return double(n) + MAX_SIZE; }
step(1); step(parse("2")); double(step(3));
if (MAX_SIZE > 1) {
  const step = (x: string) => parse(x);
  step("a");
}
export const again = function step(k: number): number { return k ? step(k - 1) : double(k); };
export namespace Inner { export const MAX_SIZE = 4; export const twice = double(MAX_SIZE); }
export type Boxed<Circle> = { value: Circle; size: typeof MAX_SIZE };
export function area(c: Circle): Circle { return parse(String(c)) ? c : new Circle(step(2)); }
import * as all from "./util";
export const viaAll = all.double(all.MAX_SIZE) + all.parse(all.parse("1")) + all.double(2);
export function shapeOf(s: all.Shape, p: all.Point): all.Shape { return all.double(p.x) ? s : s; }
export function shadowed(all: { double(n: number): number }): number { return all.double(1); }
"""
"""Names the module scope binds, used again and again in one file (one definition answer for
all: ``scopes.Scopes.module``), beside the same names bound elsewhere in the file: in a block
at module level, as a function expression's own name, in a namespace, as a type parameter;
and the members of a namespace import (``all.double``), beside a parameter of that name."""
Location = tuple[str, int, int]
DOUBLE = "lsai typescript . src/util.ts double"
NAME_BASED = {("src/util.ts", 2, 13), ("src/aliases.ts", 2, 8), ("src/aliases.ts", 6, 55)}
"""Namespace imports (``import * as shapes``, ``import Shapes = require``) keyed by tree-sitter's
name-based pass, which the server does not answer for: the same with or without ``resolve``."""


def stored(
    root: Path, database: Path | None = None
) -> tuple[dict[str, tuple[str, int, int]], dict[Location, str]]:
    """The lsp-served symbols (key -> path, name line, name col) and each stored reference
    location with its key."""
    with sqlite3.connect(database or root / ".lsai" / "index.db") as conn:
        symbols = {
            key: (path, line, col)
            for key, path, line, col in conn.execute(
                "SELECT s.key, f.path, s.name_line, s.name_col FROM symbols s "
                "JOIN files f ON f.id = s.file_id WHERE f.backend = 'lsp'"
            )
        }
        references = {
            (path, line, col): key
            for path, line, col, key in conn.execute(
                "SELECT f.path, o.start_line, o.start_col, o.symbol_key FROM occurrences o "
                "JOIN files f ON f.id = o.file_id "
                "WHERE o.symbol_key IS NOT NULL AND o.role <> 'definition'"
            )
        }
        identifiers = {
            (path, line, col)
            for path, line, col in conn.execute(
                "SELECT f.path, o.start_line, o.start_col FROM occurrences o "
                "JOIN files f ON f.id = o.file_id WHERE o.role <> 'definition'"
            )
        }
    return symbols, {at: key for at, key in references.items() if at in identifiers}


async def live(
    root: Path, symbols: dict[str, tuple[str, int, int]], server: str = "tsgo"
) -> dict[str, set[Location]]:
    """The server's references of every symbol, as the index asks them (with declarations:
    an import or export specifier is one), without the symbol's own name; asked again until
    two rounds agree (a server still loading answers partially)."""
    files = sources(root)
    async with LspSession(server, root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)  # opens the files and waits as an index run does
        previous: dict[str, set[Location]] | None = None
        for _ in range(10):
            answers = {
                key: await _references(session, documents, at) for key, at in symbols.items()
            }
            if answers == previous:
                break
            previous = answers
        return answers


async def named_by(root: Path, sites: dict[Location, Location]) -> set[Location]:
    """The sites whose own references, asked of the live server, hold the name they are keyed
    to (``sites``: site -> that name): the other side of a ``require`` (TypeScript's references
    of an exported function do not follow ``require`` back to its importers:
    microsoft/TypeScript#22205; the importer's references reach the export)."""
    files = sources(root)
    async with LspSession("tsgo", root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        return {
            at
            for at, name in sites.items()
            if name in await _references(session, documents, at) | {at}
            or name in await _definitions(session, documents, at)
        }


async def _definitions(
    session: LspSession, documents: Documents, at: Location, hops: int = 3
) -> set[Location]:
    """Where the definition at ``at`` leads, followed ``hops`` times (an import of a
    re-export, a property holding a required value: ``aliases``)."""
    found: set[Location] = set()
    todo = [at]
    for _ in range(hops):
        following: list[Location] = []
        for path, line, col in todo:
            params = lsp.DefinitionParams(
                text_document=lsp.TextDocumentIdentifier(uri=documents.uri(path)),
                position=documents.position(path, line, col),
            )
            result = await session.lsp.request(lsp.TEXT_DOCUMENT_DEFINITION, params)
            for uri, range_ in locations(result):
                where = documents.path_of(uri)
                if where is not None:
                    span = documents.span(where, range_)
                    here = (where, span.start_line, span.start_col)
                    if here not in found:
                        found.add(here)
                        following.append(here)
        todo = following
    return found


async def _references(
    session: LspSession, documents: Documents, at: tuple[str, int, int]
) -> set[Location]:
    path, line, col = at
    params = lsp.ReferenceParams(
        text_document=lsp.TextDocumentIdentifier(uri=documents.uri(path)),
        position=documents.position(path, line, col),
        context=lsp.ReferenceContext(include_declaration=True),
    )
    result = await session.lsp.request(lsp.TEXT_DOCUMENT_REFERENCES, params)
    found: set[Location] = set()
    for uri, range_ in locations(result):
        where = documents.path_of(uri)
        if where is not None:
            span = documents.span(where, range_)
            found.add((where, span.start_line, span.start_col))
    return found - {at}


def indexed(
    tmp_path: Path, fixture: str, extra: dict[str, str], database: str | None = None
) -> Path:
    root = tmp_path / fixture
    if not root.exists():
        shutil.copytree(FIXTURES / fixture, root, ignore=shutil.ignore_patterns(".lsai"))
        for path, text in extra.items():
            (root / path).write_text(text, encoding="utf-8")
    summary = run_index(root, database=database)
    assert summary.complete, summary.failed
    return root


UNTYPED = """import * as pkg from "not-installed-package";
import { expect } from "also-missing";
import { double, MAX_SIZE } from "./util";
import * as all from "./util";

export const made = pkg.parse({ size: MAX_SIZE }).double(double(2)).get;
expect(all.double(1)).parse(double(MAX_SIZE));
export function usesLocal(pkg: { double(n: number): number }): number { return pkg.double(2); }
export type Made = pkg.Circle<typeof MAX_SIZE>;
const built = pkg.parse({ size: MAX_SIZE });
export const again = built.double(double(1)).get;
export function inside(): number { const local = again.scale(2); return local.length(); }
const geometry = all.Geometry;
export const len = geometry.Inner.origin().length();
"""
"""Imports of packages that are not installed: what they bind has no type, nor has any member
of a chain starting there (``pkg.make(...).scale``, ``expect(...).toBe``), nor of a chain
starting at a constant made from one (``built``, ``again``, ``local``), nor has a key of a
literal given to a call of the chain (``size``); the arguments' names, a resolved import's
members (``geometry.Inner.origin().length``) and a parameter named like the import are asked."""

DOCUMENTED = """import { double, MAX_SIZE } from "./util";
import { Circle, type Shape } from "./shapes";

/**
 * Twice {@link double} of {@linkcode MAX_SIZE}; see {@link Circle.area} and {@link Shape}.
 * @see double
 * @param {Circle} c a circle
 * @returns {Promise<Array<Shape | Circle>>} later
 */
export async function documented(c: Circle): Promise<Array<Shape | Circle>> {
  return double(MAX_SIZE) ? [c] : [];
}
// {@link double} in a line comment, and "@see double" in a string, are no references
"""
"""JSDoc names the compiler binds (``treesitter.jsdoc``): links, ``@see``, a tag's type."""

BOUND = """import { double, MAX_SIZE } from "./util";
import { api } from "./objects";

export function pick(flag: boolean): number {
  const chosen = flag ? double : Math.abs;
  const { fetch } = api;
  const twice = double;
  return chosen(1) + fetch(2) + twice(MAX_SIZE);
}
"""
"""Calls of local bindings made from a symbol (``const { fetch } = api``): the server's
references of the symbol end at the binding, though a definition at the call adds it."""

TYPESCRIPT = {
    "src/bound.ts": BOUND,
    "src/documented.ts": DOCUMENTED,
    "src/untyped.ts": UNTYPED,
    "src/consumer.ts": CONSUMER,
    "src/aliases.ts": ALIASES,
    "src/objects.ts": OBJECTS,
    "src/use_objects.ts": USE_OBJECTS,
    "src/scoped.ts": SCOPED,
}
JAVASCRIPT = {"src/patterns.cjs": PATTERNS, "src/use_patterns.cjs": USE_PATTERNS}


@pytest.mark.parametrize(
    ("fixture", "extra"),
    [("typescript", TYPESCRIPT), ("javascript", JAVASCRIPT), ("ts_solution", {})],
)
def test_stored_references_agree_with_the_live_server(
    tmp_path: Path, fixture: str, extra: dict[str, str]
) -> None:
    """Every stored reference is among the server's references of its symbol, or (across a
    ``require``) the server's references at the reference hold the symbol's name."""
    root = indexed(tmp_path, fixture, extra)
    symbols, references = stored(root)
    answers = asyncio.run(live(root, symbols))
    claimed: dict[Location, set[str]] = {}
    for key, found in answers.items():  # tree-sitter's symbols too (``adopt``)
        for at in found:
            claimed.setdefault(at, set()).add(key)
    unsound = {
        at: key
        for at, key in references.items()
        if key in answers and at not in answers[key] and at != symbols[key] and at not in NAME_BASED
    }
    named = asyncio.run(named_by(root, {at: symbols[key] for at, key in unsound.items()}))
    assert {at: key for at, key in unsound.items() if at not in named} == {}
    identifiers = _identifiers(root)
    missing = [
        (at, keys)
        for at, keys in claimed.items()
        if at in identifiers and references.get(at) not in keys
    ]
    assert missing == []
    assert len(references) > 5  # the comparison compared something
    assert len(answers) == len(symbols)


@pytest.mark.parametrize(
    ("fixture", "extra"),
    [
        ("typescript", TYPESCRIPT),
        ("javascript", {"src/use.cjs": USE_CJS}),
        ("ts_solution", {}),
    ],
)
def test_resolving_by_definition_stores_what_references_requests_store(
    tmp_path: Path, fixture: str, extra: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same references as a run that asks references for every symbol (CommonJS ``require``
    and renamed imports included, which the server's references of the symbol do not reach:
    lsai follows them through the aliases). Where several symbols' references claim one site, a
    references run keeps the last answer's; a definition keeps the one the site names: the
    class, not its constructor, at ``new C()`` and ``import { C }``; the declared method, not an
    override, at a call through a base type; the overload or function the site resolves to.
    (``JAVASCRIPT`` is left out: there definitions also follow ``lib.obj`` through a
    ``module.exports.obj = obj`` to ``obj``, which no references request of ``obj`` reaches.)"""
    root = indexed(tmp_path, fixture, extra)
    _, by_definition = stored(root)
    references_only = replace(ADAPTERS["tsgo"], references_cost=None)
    monkeypatch.setitem(ADAPTERS, "tsgo", references_only)
    indexed(tmp_path, fixture, extra, database=str(tmp_path / "references.db"))
    _, by_references = stored(root, tmp_path / "references.db")
    differ = {
        at: (by_references.get(at), by_definition.get(at))
        for at in by_references.keys() | by_definition.keys()
        if by_references.get(at) != by_definition.get(at)
    }
    assert by_definition.keys() == by_references.keys()
    assert {at: pair for at, pair in differ.items() if _name(pair[0]) != _name(pair[1])} == {}


def test_sites_naming_the_module_scope_share_one_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file's uses of what its module scope binds ask one definition per name (and role):
    the same references as asking at every use, with fewer requests."""
    root = indexed(tmp_path, "typescript", TYPESCRIPT)
    shared = run_index(root, database=str(tmp_path / "shared.db")).servers["tsgo"]
    _, by_shared = stored(root, tmp_path / "shared.db")

    every = scopes.scopes

    def unshared(language: str, source: bytes, tree: Tree | None = None) -> scopes.Scopes:
        return scopes.Scopes(every(language, source, tree).local, {}, {})

    monkeypatch.setattr(scopes, "scopes", unshared)
    each = run_index(root, database=str(tmp_path / "each.db")).servers["tsgo"]
    _, by_each = stored(root, tmp_path / "each.db")
    assert by_shared == by_each
    assert shared.requests["definitions"] < each.requests["definitions"] - 10
    scoped = {at: key for at, key in by_shared.items() if at[0] == "src/scoped.ts"}
    assert sum(1 for key in scoped.values() if key.endswith(" step().")) == 4  # not the shadows
    doubles = {at[1:] for at, key in scoped.items() if key.startswith(DOUBLE)}
    assert {(15, 27), (15, 82), (16, 77)} <= doubles  # all.double: one answer for the file
    assert (17, 83) not in doubles  # the parameter's all.double


def test_members_of_an_import_the_server_cannot_resolve_are_not_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same references as asking every member of a chain starting at an unresolved import,
    with fewer definition requests (``Site.root``)."""
    root = indexed(tmp_path, "typescript", TYPESCRIPT)
    skipping = run_index(root, database=str(tmp_path / "skipping.db")).servers["tsgo"]
    _, by_skipping = stored(root, tmp_path / "skipping.db")

    every = scopes.scopes

    def rootless(language: str, source: bytes, tree: Tree | None = None) -> scopes.Scopes:
        found = every(language, source, tree)
        return scopes.Scopes(found.local, found.module, {})

    monkeypatch.setattr(scopes, "scopes", rootless)
    each = run_index(root, database=str(tmp_path / "each.db")).servers["tsgo"]
    _, by_each = stored(root, tmp_path / "each.db")
    assert by_skipping == by_each
    # pkg.parse (one answer for both), .double, .get, expect(...).parse, pkg.Circle; then
    # built.double, .get, again.scale, local.length: names of the fixture's symbols; and the
    # key size of the literals given to pkg.parse (twice), which a call of no type leaves untyped
    assert skipping.requests["definitions"] == each.requests["definitions"] - 11
    untyped = {at[1:] for at, key in by_skipping.items() if key.startswith(DOUBLE)}
    # double(2), all.double(1), double(MAX_SIZE), double(1)
    assert {(6, 58), (7, 12), (7, 29), (11, 35)} <= untyped
    assert by_skipping[("src/untyped.ts", 14, 44)].endswith("Vector#length().")


def test_names_in_jsdoc_are_the_references_the_server_answers(tmp_path: Path) -> None:
    """Whether a name is resolved by definition or by references requests, its usages hold
    the places a JSDoc comment names it (``{@link double}``, ``@param {Circle}``) as the
    server's references do, and no name in a line comment or a string."""
    root = indexed(tmp_path, "typescript", TYPESCRIPT)
    symbols, stored_references = stored(root)
    references = {at: key for at, key in stored_references.items() if at[0] == "src/documented.ts"}
    named = {"double", "MAX_SIZE", "Circle", "Shape", "area"}
    wanted = {key: at for key, at in symbols.items() if _name(key) in named}
    answers = asyncio.run(live(root, wanted))
    in_comments: dict[Location, set[str]] = {}  # an override's call site: several claim it
    for key, found in answers.items():
        for at in found:
            if at[0] == "src/documented.ts" and 4 <= at[1] <= 9:
                in_comments.setdefault(at, set()).add(key)
    assert {at[1] for at in in_comments} == {5, 6, 7, 8}  # the server binds them all
    assert len(in_comments) == 9
    assert [at for at, keys in in_comments.items() if references.get(at) not in keys] == []
    assert not any(line >= 13 for _, line, _ in references)  # line comment, string
    assert any(line == 11 for _, line, _ in references)  # the code's own uses, to compare


def _name(key: str | None) -> str | None:
    """The name a key ends with: ``Circle`` for ``...Circle#`` and ``...Circle#constructor().``
    (a class and its constructor), ``parse`` for ``parse(+2).``, ``get`` for ``Store#get().``."""
    if key is None:
        return None
    descriptor = key.rsplit(" ", 1)[1]
    if descriptor.endswith("#constructor()."):
        descriptor = descriptor.removesuffix("constructor().")
    return re.sub(r"\(\+?\d*\)|[#./]", " ", descriptor).split()[-1]


def _identifiers(root: Path) -> set[Location]:
    with sqlite3.connect(root / ".lsai" / "index.db") as conn:
        return {
            (path, line, col)
            for path, line, col in conn.execute(
                "SELECT f.path, o.start_line, o.start_col FROM occurrences o "
                "JOIN files f ON f.id = o.file_id WHERE o.role <> 'definition'"
            )
        }


def _symbol(name: str, line: int) -> SymbolRecord:
    span = Span(line, 1, line, 1 + len(name))
    return SymbolRecord(f"k {name} {line}", name, name, "function", span, span)


def test_names_whose_definitions_cost_less_than_their_references_are_resolved_by_definition() -> (
    None
):
    at = Span(1, 1, 1, 2)
    sites = {
        "a.ts": [resolve.Site(at, "rare", "call")] * 3 + [resolve.Site(at, "common", "call")] * 9
    }
    asked = [_symbol("rare", 1), _symbol("common", 2), _symbol("unused", 3)]
    flat = ReferencesCost(base=4, per_spelling=0)
    assert resolve.plan(asked, sites, flat) == {"rare", "unused"}
    assert resolve.plan(asked, sites, ReferencesCost(base=9, per_spelling=0)) == {
        "rare",
        "common",
        "unused",
    }
    # a name spelled often (in comments, strings, as a keyword) costs its references more
    spelled = {"rare": 3, "common": 100}
    assert resolve.plan(asked, sites, ReferencesCost(4, 0.05), spelled) == {
        "rare",
        "common",
        "unused",
    }


def test_definitions_counted_for_a_name_leave_out_local_bindings_and_share_module_ones() -> None:
    def site(line: int, name: str, role: str = "reference", **kw: Any) -> resolve.Site:
        return resolve.Site(Span(line, 1, line, 1 + len(name)), name, role, **kw)

    sites = {
        "a.ts": [site(n, "local", binding=(1, 1)) for n in range(2, 12)]
        + [site(n, "top", module="value") for n in range(2, 12)]
        + [site(12, "top", "call", module="value"), site(13, "local", "call", binding=(1, 1))],
        "b.ts": [site(2, "top", module="value"), site(3, "top", module="type")],
    }
    asked = [_symbol("local", 1), _symbol("top", 1)]
    # local: its call only; top: a.ts value reference + value call, b.ts value + type = 4
    assert resolve.plan(asked, sites, ReferencesCost(base=1, per_spelling=0)) == {"local"}
    assert resolve.plan(asked, sites, ReferencesCost(base=4, per_spelling=0)) == {"local", "top"}


def test_sites_are_the_names_identifiers_quoted_names_and_renamed_imports() -> None:
    lines = [
        'import { a as b } from "./m";',
        'type T = X["a"] | X["other"]; // a',
        "b(a); f('a');",
        "function g(a) { a(); return a; }",
        "function h(a) { return a; }",
        "export { default as main, x } from './m';",
    ]
    found = [
        resolve.Site(Span(1, 10, 1, 11), "a", "import"),
        resolve.Site(Span(1, 15, 1, 16), "b", "import"),
        resolve.Site(Span(3, 1, 3, 2), "b", "call"),
        resolve.Site(Span(3, 3, 3, 4), "a", "reference"),
        resolve.Site(Span(4, 12, 4, 13), "a", "reference", (4, 12)),  # a parameter
        resolve.Site(Span(4, 17, 4, 18), "a", "call", (4, 12)),  # called: may be assigned
        resolve.Site(Span(4, 29, 4, 30), "a", "reference", (4, 12)),
        resolve.Site(Span(5, 24, 5, 25), "a", "reference", (5, 12)),  # a listed local
    ]
    asked = resolve._asked_sites(lines, found, frozenset({"a"}), {"a"}, {(5, 12)}.__contains__)
    assert [(s.span.start_line, s.span.start_col) for s in asked] == [
        (1, 10),
        (1, 15),
        (3, 1),
        (3, 3),
        (4, 17),
        (5, 24),
        (2, 13),  # X["a"], not the string 'a' of line 3
        (6, 10),  # the default export of ./m, re-exported as main
    ]


def test_a_served_file_is_parsed_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The scopes of the files a server resolves by definition are read while the tree-sitter
    pass has their tree (``extract``'s ``scoped``): the semantic pass parses none again, and
    stores the same references as when it does."""
    root = indexed(tmp_path, "typescript", TYPESCRIPT)
    every = scopes.scopes
    parsed_again: list[str] = []

    def counting(language: str, source: bytes, tree: Tree | None = None) -> scopes.Scopes:
        if tree is None:
            parsed_again.append(language)
        return every(language, source, tree)

    monkeypatch.setattr(scopes, "scopes", counting)
    run_index(root, database=str(tmp_path / "once.db"))
    assert parsed_again == []
    _, once = stored(root, tmp_path / "once.db")
    monkeypatch.setattr(
        scopes, "scopes", lambda language, source, tree=None: every(language, source)
    )
    run_index(root, database=str(tmp_path / "twice.db"))
    _, twice = stored(root, tmp_path / "twice.db")
    assert once == twice and len(once) > 50
