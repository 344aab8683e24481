"""Tree-sitter extraction for Rust: impl blocks, traits, enums, macros, modules."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsai.indexer.treesitter.extract import extract
from lsai.storage.records import FileIndex, SymbolRecord
from tests.snapshots import assert_snapshot, render_extraction

ROOT = Path(__file__).parent / "fixtures" / "rust"
FILES = ["src/lib.rs", "src/shapes.rs"]


def load(path: str) -> FileIndex:
    return extract("rust", path, ".", (ROOT / path).read_bytes())


def symbols(path: str) -> dict[str, SymbolRecord]:
    return {s.qualified_name: s for s in load(path).symbols}


def short(key: str | None) -> str:
    return key.rsplit(" ", 1)[-1] if key else ""


@pytest.mark.parametrize("path", FILES)
def test_extraction_matches_snapshot(path: str) -> None:
    assert_snapshot(f"extract/rust/{path.replace('/', '__')}.txt", render_extraction(load(path)))


def test_two_get_methods_in_different_impl_blocks_get_different_keys() -> None:
    gets = [s for s in load("src/shapes.rs").symbols if s.name == "get"]
    assert [s.qualified_name for s in gets] == ["Circle.get", "Square.get"]
    assert [s.key for s in gets] == [
        "lsai rust . src/shapes.rs Circle#get().",
        "lsai rust . src/shapes.rs Square#get().",
    ]
    assert gets[0].signature == "pub fn get(&self) -> f64"


def test_impl_block_functions_are_members_of_their_type() -> None:
    by_name = symbols("src/shapes.rs")
    circle = by_name["Circle"]
    new = by_name["Circle.new"]
    assert new.kind == "method"
    assert new.container_key == circle.key
    assert new.signature == "pub fn new(radius: f64) -> Self"
    assert new.parameters == "(radius: f64)"
    assert new.return_type == "Self"
    assert new.doc == "Make a circle."
    assert new.accessibility == "public"
    fmt = by_name["Circle.fmt"]  # from `impl fmt::Display for Circle`
    assert fmt.container_key == circle.key
    assert fmt.parameters == "(&self, f: &mut fmt::Formatter<'_>)"
    assert fmt.return_type == "fmt::Result"
    assert by_name["Meters.from"].container_key == by_name["Meters"].key  # generic impl


def test_trait_impls_are_implements_edges_and_supertraits_extend() -> None:
    edges = [(short(e.source_key), e.relation, e.target_name)
             for e in load("src/shapes.rs").type_edges]  # fmt: skip
    assert edges == [
        ("Shape#", "extends", "Debug"),
        ("Circle#", "implements", "Shape"),
        ("Square#", "implements", "Shape"),
        ("Circle#", "implements", "Display"),
        ("Meters#", "implements", "From"),
    ]


def test_traits_structs_enums_and_fields() -> None:
    by_name = symbols("src/shapes.rs")
    shape = by_name["Shape"]
    assert shape.kind == "trait"
    assert shape.signature == "pub trait Shape: fmt::Debug"
    assert shape.doc == "Anything with an area."
    area = by_name["Shape.area"]
    assert area.kind == "method"
    assert area.signature == "fn area(&self) -> f64"
    assert area.doc == "The area of the shape."
    assert area.accessibility == "public"  # trait items are as visible as the trait
    assert by_name["Shape.SIDES"].kind == "constant"
    assert by_name["Shape.Unit"].kind == "type"
    circle = by_name["Circle"]
    assert circle.kind == "struct"
    assert circle.attributes == ("#[derive(Debug, Clone, PartialEq)]",)
    assert circle.doc == "A round shape."
    assert by_name["Circle.radius"].kind == "field"
    assert by_name["Circle.radius"].modifiers == ("pub",)
    assert by_name["Circle.radius"].doc == "Distance from the center."
    assert by_name["Circle.center"].accessibility == "private"
    color = by_name["Color"]
    assert color.kind == "enum"
    variants = [s for s in load("src/shapes.rs").symbols if s.container_key == color.key]
    assert [(s.name, s.kind) for s in variants] == [
        ("Red", "enumMember"),
        ("Rgb", "enumMember"),
        ("Named", "enumMember"),
    ]
    assert by_name["IntOrFloat"].kind == "union"


def test_modules_macros_constants_and_statics() -> None:
    by_name = symbols("src/lib.rs")
    assert by_name["shapes"].kind == "module"
    assert by_name["shapes"].doc is None  # the crate's `//!` doc is separated by a blank line
    deep = by_name["internal.deep"]
    assert deep.kind == "module"
    helper = by_name["internal.deep.helper"]
    assert helper.namespace == "internal.deep"
    assert helper.key == "lsai rust . src/lib.rs internal/deep/helper()."
    square = by_name["square"]
    assert square.kind == "macro"
    assert square.signature == "macro_rules! square"
    assert square.attributes == ("#[macro_export]",)
    assert square.key.endswith(" square!")
    assert by_name["MAX_SHAPES"].kind == "constant"
    assert by_name["MAX_SHAPES"].modifiers == ("pub", "const")
    assert by_name["MAX_SHAPES"].doc == "Maximum number of shapes."
    assert by_name["COUNTER"].kind == "variable"
    assert by_name["COUNTER"].modifiers == ("static", "mut")
    assert by_name["Callback"].kind == "type"


def test_function_signatures_keep_generics_lifetimes_and_async() -> None:
    fetch = symbols("src/lib.rs")["fetch"]
    assert fetch.signature == (
        "pub async fn fetch<'a, T: Clone + Send>(name: &'a str, fallback: Option<T>)"
        " -> Result<T, String>"
    )
    assert fetch.modifiers == ("pub", "async")
    assert fetch.parameters == "(name: &'a str, fallback: Option<T>)"
    assert fetch.return_type == "Result<T, String>"


def test_nested_function_after_emoji_has_code_point_columns() -> None:
    by_name = symbols("src/lib.rs")
    inner = by_name["fetch.inner"]
    assert inner.container_key == by_name["fetch"].key
    # '    let label = "😀 é"; fn inner()' -> `inner` starts at code point 27
    assert (inner.name_span.start_line, inner.name_span.start_col) == (26, 27)


def test_method_path_and_macro_calls() -> None:
    found = [(short(c.caller_key), c.callee_name) for c in load("src/lib.rs").calls]
    assert ("total_area().", "area") in found  # s.area()
    assert ("Registry#add().", "new") in found  # shapes::Circle::new(radius), cross-file
    assert ("Registry#add().", "insert") in found
    assert ("fetch().", "format") in found  # macro invocation
    assert ("Registry#new().", "new") in found  # HashMap::new()


def test_use_declarations_are_import_occurrences() -> None:
    imports = [o.name for o in load("src/lib.rs").occurrences if o.role == "import"]
    assert imports == ["HashMap", "Circle", "ShapeTrait"]
