"""Tree-sitter extraction for TypeScript, TSX and JavaScript (ES modules, CommonJS, JSX)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsai.indexer.treesitter.extract import extract
from lsai.storage.records import FileIndex, SymbolRecord
from tests.snapshots import assert_snapshot, render_extraction

FIXTURES = Path(__file__).parent / "fixtures"
TS_FILES = [("typescript", "src/shapes.ts"), ("typescript", "src/util.ts"), ("tsx", "src/view.tsx")]
JS_FILES = [("javascript", "src/lib.cjs"), ("javascript", "src/index.mjs")]
JS_FILES += [("javascript", "src/app.jsx")]


def load(language: str, path: str) -> FileIndex:
    workspace = "javascript" if language == "javascript" else "typescript"
    return extract(language, path, ".", (FIXTURES / workspace / path).read_bytes())


def symbols(language: str, path: str) -> dict[str, SymbolRecord]:
    """Symbols by qualified name; the last one wins for overloads."""
    return {s.qualified_name: s for s in load(language, path).symbols}


def calls(data: FileIndex) -> set[tuple[str, str]]:
    return {
        (c.caller_key.rsplit(" ", 1)[-1] if c.caller_key else "", c.callee_name) for c in data.calls
    }


@pytest.mark.parametrize(("language", "path"), TS_FILES + JS_FILES)
def test_extraction_matches_snapshot(language: str, path: str) -> None:
    name = f"extract/{language}/{path.replace('/', '__')}.txt"
    assert_snapshot(name, render_extraction(load(language, path)))


# ---- TypeScript


def test_two_get_methods_in_different_classes_get_different_keys() -> None:
    gets = [s for s in load("typescript", "src/shapes.ts").symbols if s.name == "get"]
    assert [s.qualified_name for s in gets] == ["Circle.get", "Base.get"]
    assert [s.key for s in gets] == [
        "lsai typescript . src/shapes.ts Circle#get().",
        "lsai typescript . src/shapes.ts Base#get().",
    ]
    assert gets[0].signature == "get(key: string): number | undefined"
    assert gets[1].return_type == "T | undefined"


def test_class_members_carry_modifiers_accessibility_and_kinds() -> None:
    by_name = symbols("typescript", "src/shapes.ts")
    circle = by_name["Circle"]
    assert circle.kind == "class"
    assert circle.modifiers == ("export",)
    assert circle.attributes == ("@sealed",)
    assert circle.doc == "A circle.\nSecond line of the doc."
    load_ = by_name["Circle.load"]
    assert load_.kind == "method"
    assert load_.signature == (
        "protected static async load<T extends Shape>(url: string, retries = 3): Promise<T[]>"
    )
    assert load_.modifiers == ("protected", "static", "async")
    assert load_.accessibility == "protected"
    assert load_.parameters == "(url: string, retries = 3)"
    assert load_.return_type == "Promise<T[]>"
    assert load_.container_key == circle.key
    ctor = by_name["Circle.constructor"]
    assert ctor.kind == "constructor"
    assert ctor.parameters == "(public radius: number, protected center: Point = {x: 0, y: 0})"
    assert by_name["Circle.count"].kind == "field"
    assert by_name["Circle.count"].modifiers == ("static",)
    assert by_name["Circle.cache"].accessibility == "private"
    assert by_name["Circle.#secret"].accessibility == "private"
    assert by_name["Circle.name"].modifiers == ("readonly",)
    base = by_name["Base"]
    assert base.modifiers == ("export", "abstract")
    assert base.signature == "abstract class Base<T>"
    assert by_name["Base.describe"].modifiers == ("abstract",)
    assert by_name["Base.describe"].kind == "method"


def test_getter_and_setter_are_properties_with_distinct_keys() -> None:
    diameters = [s for s in load("typescript", "src/shapes.ts").symbols if s.name == "diameter"]
    assert [(s.kind, s.modifiers, s.signature) for s in diameters] == [
        ("property", ("get",), "get diameter(): number"),
        ("property", ("set",), "set diameter(value: number)"),
    ]
    assert diameters[0].key.endswith("Circle#diameter.")
    assert diameters[1].key.endswith("Circle#diameter[+1].")


def test_interfaces_type_aliases_and_enums_have_members() -> None:
    by_name = symbols("typescript", "src/shapes.ts")
    assert by_name["Shape"].kind == "interface"
    assert by_name["Shape"].doc == "Something with an area."
    assert by_name["Shape.area"].kind == "method"
    assert by_name["Shape.scale"].signature == "scale?(factor: number): Shape"
    assert by_name["Shape.name"].kind == "property"
    assert by_name["Shape.name"].modifiers == ("readonly",)
    assert by_name["Point"].kind == "type"
    assert by_name["Point.x"].kind == "property"
    assert by_name["Color"].kind == "enum"
    assert by_name["Color.Red"].kind == "enumMember"
    assert by_name["Color.Green"].signature == 'Green = "green"'


@pytest.mark.parametrize("language", ["typescript", "tsx"])
def test_members_of_object_types_an_intersection_or_union_joins(language: str) -> None:
    source = (
        "type Base = { id: number };\n"
        "export type Opts = Base & { path: string; run(): void };\n"
        "export type Three = Base & Opts & { deep: number };\n"
        'export type U = { kind: "a"; x: number } | { kind: "b"; y: string };\n'
        "type G = Partial<{ no: number }>;\n"
        "type C = | { a: 1 } | { b: 2 } | { c: 3 } | { d: 4 };\n"
        "type P = ({ e: 1 } | { f: 2 }) & { g: 3 };\n"
        "function h(x: { i: 1 } | { j: 2 }) {}\n"
    )
    found = extract(language, "a.ts", ".", source.encode())
    assert [(s.qualified_name, s.kind, s.span.start_line) for s in found.symbols] == [
        ("Base", "type", 1), ("Base.id", "property", 1),
        ("Opts", "type", 2), ("Opts.path", "property", 2), ("Opts.run", "method", 2),
        ("Three", "type", 3), ("Three.deep", "property", 3),
        ("U", "type", 4), ("U.kind", "property", 4), ("U.x", "property", 4),
        ("U.kind", "property", 4), ("U.y", "property", 4),
        ("G", "type", 5), ("G.no", "property", 5),
        ("C", "type", 6), ("C.a", "property", 6), ("C.b", "property", 6),
        ("C.c", "property", 6), ("C.d", "property", 6),
        ("P", "type", 7), ("P.e", "property", 7), ("P.f", "property", 7), ("P.g", "property", 7),
        ("h", "function", 8), ("h.i", "property", 8), ("h.j", "property", 8),
    ]  # fmt: skip


def test_extends_and_implements_edges() -> None:
    edges = {(e.source_key.rsplit(" ", 1)[-1], e.relation, e.target_name) for e in
             load("typescript", "src/shapes.ts").type_edges}  # fmt: skip
    assert edges == {
        ("Circle#", "implements", "Shape"),
        ("Square#", "extends", "Base"),
        ("Square#", "implements", "Shape"),
        ("Square#", "implements", "Iterable"),
    }


def test_an_alias_extends_the_type_it_names_and_a_typed_object_implements_its_type() -> None:
    """``type A = B<T>`` stands for B (an interface extending A extends B); ``const p: P = {...}``
    is an object implementing P (its members implement P's). A local so declared, or a typed
    variable that holds no object literal, is no edge."""
    source = (
        b"export interface P { now(): number }\n"
        b"export const p: P = { now() { return 1 } }\n"
        b"export const q: P | null = null\n"
        b"export const r: P = make()\n"
        b"type A = Base<string>\n"
        b"type U = P | Base<string>\n"
        b"function f() { const local: P = { now() { return 2 } } }\n"
    )
    found = extract("typescript", "a.ts", ".", source)
    edges = {(e.source_key.rsplit(" ", 1)[-1], e.relation, e.target_name) for e in found.type_edges}
    assert edges == {("p.", "implements", "P"), ("A#", "extends", "Base")}


def test_an_alias_of_its_own_type_parameter_extends_nothing() -> None:
    source = b"type identity<T> = T\ntype Box<T> = Wrapper<T>\ninterface I<T> extends Base<T> {}\n"
    found = extract("typescript", "a.ts", ".", source)
    edges = {(e.source_key.rsplit(" ", 1)[-1], e.target_name) for e in found.type_edges}
    assert edges == {("Box#", "Wrapper"), ("I#", "Base")}  # not identity -> T


def test_overload_signatures_are_separate_functions_with_numbered_keys() -> None:
    data = load("typescript", "src/util.ts")
    parses = [s for s in data.symbols if s.name == "parse"]
    assert [s.signature for s in parses] == [
        "function parse(input: string): number",
        "function parse(input: number): string",
        "function parse(input: string | number): string | number",
    ]
    assert [s.key.rsplit(" ", 1)[-1] for s in parses] == ["parse().", "parse(+1).", "parse(+2)."]
    scales = [s for s in data.symbols if s.qualified_name == "Geometry.Vector.scale"]
    assert [s.key.rsplit(" ", 1)[-1] for s in scales] == [
        "Geometry/Vector#scale().",
        "Geometry/Vector#scale(+1).",
        "Geometry/Vector#scale(+2).",
    ]


def test_arrow_functions_and_constants_assigned_to_exported_consts() -> None:
    by_name = symbols("typescript", "src/util.ts")
    double = by_name["double"]
    assert double.kind == "function"
    assert double.signature == "const double = (n: number): number"
    assert double.modifiers == ("export", "const")
    assert double.parameters == "(n: number)"
    assert double.return_type == "number"
    assert double.doc == "Doubles a number."
    assert by_name["triple"].return_type == "Promise<number>"
    assert by_name["MAX_SIZE"].kind == "constant"
    assert by_name["MAX_SIZE"].signature == "const MAX_SIZE = 100"
    assert by_name["counter"].kind == "variable"
    assert by_name["counter"].modifiers == ("let",)


def test_each_declarator_of_a_shared_declaration_has_its_own_signature() -> None:
    source = b"var nativeMax = Math.max,\n    nativeMin = Math.min;\n"
    source += b"export const f = (a: number) => a, g = function (b: number) { return b; };\n"
    found = {s.name: s.signature for s in extract("typescript", "a.ts", ".", source).symbols}
    assert found == {
        "nativeMax": "var nativeMax = Math.max",
        "nativeMin": "var nativeMin = Math.min",
        "f": "const f = (a: number)",
        "g": "const g = function (b: number)",
    }


def test_export_default_and_nested_function() -> None:
    by_name = symbols("typescript", "src/util.ts")
    total = by_name["totalArea"]
    assert total.modifiers == ("export", "default")
    assert total.doc == "Sum of all areas."
    inner = by_name["totalArea.inner"]
    assert inner.kind == "function"
    assert inner.container_key == total.key


def test_classes_inside_namespaces_are_qualified_and_namespaced() -> None:
    by_name = symbols("typescript", "src/util.ts")
    assert by_name["Geometry"].kind == "namespace"
    vector = by_name["Geometry.Vector"]
    assert vector.kind == "class"
    assert vector.namespace == "Geometry"
    assert vector.key == "lsai typescript . src/util.ts Geometry/Vector#"
    origin = by_name["Geometry.Inner.origin"]
    assert origin.namespace == "Geometry.Inner"
    assert origin.return_type == "Vector"
    assert by_name['"ambient".hello'].modifiers == ("export",)


def test_columns_count_code_points_after_emoji_on_the_same_line() -> None:
    inner = symbols("typescript", "src/util.ts")["totalArea.inner"]
    # '  const label = "😀 é"; function inner()' -> `inner` starts at code point 33
    assert (inner.name_span.start_line, inner.name_span.start_col) == (23, 33)


def test_calls_include_methods_new_and_cross_file_functions() -> None:
    found = calls(load("typescript", "src/util.ts"))
    assert ("totalArea().", "area") in found
    assert ("totalArea().", "inner") in found
    assert ("makeCircle().", "Circle") in found  # new Circle(r)
    assert ("Geometry/Inner/origin().", "Vector") in found
    view = calls(load("tsx", "src/view.tsx"))
    assert ("CircleView().", "makeCircle") in view  # defined in util.ts
    assert ("Panel#render().", "CircleView") in view  # <CircleView /> renders a component


def test_imports_and_re_exports_are_import_occurrences() -> None:
    data = load("typescript", "src/util.ts")
    imports = [o.name for o in data.occurrences if o.role == "import"]
    assert imports == ["Circle", "Shape", "shapes", "Color", "Point"]
    names = {s.name for s in data.symbols}
    assert "parseValue" not in names and "Colour" not in names


def test_tsx_component_signatures() -> None:
    by_name = symbols("tsx", "src/view.tsx")
    view = by_name["CircleView"]
    assert view.signature == 'function CircleView({radius, label = "circle"}: Props): JSX.Element'
    assert view.return_type == "JSX.Element"
    assert by_name["Badge"].kind == "function"
    assert by_name["Panel"].modifiers == ("export", "default")
    edges = [(e.relation, e.target_name) for e in load("tsx", "src/view.tsx").type_edges]
    assert edges == [("extends", "Component")]


# ---- JavaScript


def test_commonjs_exports_and_require() -> None:
    data = load("javascript", "src/lib.cjs")
    by_name = {s.qualified_name: s for s in data.symbols}
    resolve = by_name["resolve"]
    assert resolve.kind == "function"
    assert resolve.signature == 'exports.resolve = function (base, rel = ".")'
    assert resolve.parameters == '(base, rel = ".")'
    assert resolve.doc == "Exported by assignment."
    assert by_name["twice"].kind == "function"
    assert by_name["create"].kind == "function"  # module.exports = { create: () => ... }
    assert by_name["describe"].kind == "function"
    assert by_name["join"].doc == "Join parts with slashes.\n@param {string[]} parts"
    assert "path" not in by_name  # const path = require("path") is an import, not a constant
    imports = [o.name for o in data.occurrences if o.role == "import"]
    assert imports == ["path", "helper", "renamed"]


def test_javascript_classes_fields_getters_and_collisions() -> None:
    data = load("javascript", "src/lib.cjs")
    by_name = {s.qualified_name: s for s in data.symbols}
    assert by_name["Store.constructor"].kind == "constructor"
    assert by_name["Store.instances"].modifiers == ("static",)
    assert by_name["Store.#items"].accessibility == "private"
    assert by_name["Store.size"].kind == "property"
    assert by_name["Store.entries"].modifiers == ("async",)
    assert by_name["Store.get"].doc == "Look up one item."
    assert by_name["Store.get"].key != by_name["Cache.get"].key
    edges = [(e.source_key.rsplit(" ", 1)[-1], e.relation, e.target_name) for e in data.type_edges]
    assert edges == [("Cache#", "extends", "Store")]
    assert ("Cache#get().", "renamed") in calls(data)
    assert ("create().", "Store") in calls(data)


def test_es_module_exports_and_emoji_columns() -> None:
    data = load("javascript", "src/index.mjs")
    by_name = {s.qualified_name: s for s in data.symbols}
    main = by_name["main"]
    assert main.modifiers == ("export", "default", "async")
    assert main.signature == "async function main(argv = [])"
    assert main.doc == "Entry point."
    assert by_name["VERSION"].kind == "constant"
    assert by_name["VERSION"].modifiers == ("export", "const")
    assert by_name["legacy"].kind == "variable"
    assert by_name["range"].signature == "function* range(n)"
    assert by_name["Counter.increment"].kind == "method"
    start = by_name["main.start"]
    # '  const banner = "🚀 démarrage"; const start' -> `start` starts at code point 39
    assert (start.name_span.start_line, start.name_span.start_col) == (11, 39)
    assert ("main().start().", "joinPath") in calls(data)
    assert ("main().", "Store") in calls(data)


def test_jsx_components_count_as_calls() -> None:
    found = calls(load("javascript", "src/app.jsx"))
    assert found == {("App().", "Counter"), ("App().", "Button")}


def test_prototype_methods_belong_to_their_constructor_or_a_type_of_that_name() -> None:
    source = (
        b"function P() {}\n"
        b"P.prototype.a = function () { return 1; };\n"
        b"P.prototype = { b: function () {}, c() {} };\n"
        b"Other.prototype.d = function () {};\n"
    )
    found = extract("javascript", "p.js", ".", source)
    named = {s.qualified_name: s for s in found.symbols}
    assert {q: s.kind for q, s in named.items()} == {
        "P": "function",
        "P.a": "method",
        "P.b": "method",
        "P.c": "method",
        "Other.d": "method",
    }
    assert named["P.a"].container_key == named["P"].key
    assert named["Other.d"].container_key is None  # Other is declared elsewhere: no symbol here
