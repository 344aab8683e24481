"""Tree-sitter extraction for Go: packages, receivers, structs, interfaces, generics."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsai.indexer.treesitter.extract import extract
from lsai.storage.records import FileIndex, SymbolRecord
from tests.snapshots import assert_snapshot, render_extraction

ROOT = Path(__file__).parent / "fixtures" / "go"
FILES = ["shapes/shapes.go", "main.go"]


def load(path: str) -> FileIndex:
    return extract("go", path, ".", (ROOT / path).read_bytes())


def symbols(path: str) -> dict[str, SymbolRecord]:
    return {s.qualified_name: s for s in load(path).symbols}


@pytest.mark.parametrize("path", FILES)
def test_extraction_matches_snapshot(path: str) -> None:
    assert_snapshot(f"extract/go/{path.replace('/', '__')}.txt", render_extraction(load(path)))


def test_two_get_methods_on_different_receivers_get_different_keys() -> None:
    gets = [s for s in load("shapes/shapes.go").symbols if s.name == "Get"]
    assert [s.qualified_name for s in gets] == ["Circle.Get", "Square.Get"]
    assert [s.key for s in gets] == [
        "lsai go . shapes/shapes.go Circle#Get().",
        "lsai go . shapes/shapes.go Square#Get().",
    ]
    assert gets[0].signature == "func (c *Circle) Get(key string) (float64, error)"
    assert gets[0].return_type == "(float64, error)"
    assert gets[1].return_type == "(value float64, err error)"


def test_methods_join_their_receiver_type_pointer_or_not() -> None:
    by_name = symbols("shapes/shapes.go")
    circle = by_name["Circle"]
    for method in ("Circle.Area", "Circle.String", "Circle.Scale"):
        assert by_name[method].kind == "method"
        assert by_name[method].container_key == circle.key
    assert by_name["Circle.String"].signature == "func (c Circle) String() string"
    assert by_name["Circle.Area"].doc == "Area of the circle."
    swap = by_name["Pair.Swap"]  # generic receiver `*Pair[K, V]`
    assert swap.container_key == by_name["Pair"].key


def test_package_is_the_namespace_of_every_symbol() -> None:
    assert {s.namespace for s in load("shapes/shapes.go").symbols} == {"shapes"}
    assert {s.namespace for s in load("main.go").symbols} == {"main"}


def test_structs_interfaces_and_their_members() -> None:
    by_name = symbols("shapes/shapes.go")
    circle = by_name["Circle"]
    assert circle.kind == "struct"
    assert circle.signature == "Circle struct"
    assert circle.doc == "Circle is a round shape."
    assert by_name["Circle.Radius"].kind == "field"
    assert by_name["Circle.Radius"].accessibility == "public"
    assert by_name["Circle.name"].accessibility == "private"
    assert by_name["Circle.Point"].kind == "field"  # embedded struct
    assert [by_name["Point.X"].kind, by_name["Point.Y"].kind] == ["field", "field"]
    shape = by_name["Shape"]
    assert shape.kind == "interface"
    assert shape.signature == "Shape interface"
    assert by_name["Shape.Area"].kind == "method"
    assert by_name["Shape.Area"].doc == "Area returns the area."
    assert by_name["Shape.Scale"].parameters == "(factor float64)"
    assert by_name["Shape.Scale"].return_type == "Shape"
    assert by_name["Size"].kind == "type"
    assert by_name["Handler"].signature == "Handler func(name string) error"
    assert by_name["Pair"].signature == "Pair[K comparable, V any] struct"
    edges = [(e.source_key.rsplit(" ", 1)[-1], e.relation, e.target_name)
             for e in load("shapes/shapes.go").type_edges]  # fmt: skip
    assert edges == [("Shape#", "extends", "Stringer")]


def test_top_level_constants_and_variables() -> None:
    by_name = symbols("shapes/shapes.go")
    assert by_name["Pi"].kind == "constant"
    assert by_name["Pi"].doc == "Pi is a rounded constant."
    assert by_name["Small"].kind == "constant"
    assert by_name["Small"].doc == "Small is the smallest size."  # inside a const ( ... ) group
    assert by_name["Large"].kind == "constant"
    assert by_name["registry"].kind == "variable"
    assert by_name["registry"].accessibility == "private"


def test_generic_function_signature() -> None:
    fn = symbols("shapes/shapes.go")["Map"]
    assert fn.signature == "func Map[T any, U any](items []T, f func(T) U) []U"
    assert fn.parameters == "(items []T, f func(T) U)"
    assert fn.return_type == "[]U"


def test_calls_including_selector_and_cross_package_calls() -> None:
    data = load("main.go")
    found = [(c.caller_key.rsplit(" ", 1)[-1] if c.caller_key else "", c.callee_name)
             for c in data.calls]  # fmt: skip
    assert found == [
        ("main().", "NewCircle"),
        ("main().", "Println"),
        ("main().", "greet"),
        ("main().", "Area"),
        ("main().", "helper"),
    ]
    scale = [c for c in load("shapes/shapes.go").calls if c.callee_name == "NewCircle"]
    assert [c.caller_key for c in scale] == ["lsai go . shapes/shapes.go Circle#Scale()."]


def test_columns_count_code_points_after_emoji_on_the_same_line() -> None:
    greet = symbols("main.go")["greet"]
    # 'var greeting = "😀 é"; func greet()' -> `greet` starts at code point 28 (byte 32)
    assert (greet.name_span.start_line, greet.name_span.start_col) == (9, 28)
    assert greet.accessibility == "private"


def test_import_alias_is_an_import_occurrence() -> None:
    imports = [o.name for o in load("main.go").occurrences if o.role == "import"]
    assert imports == ["geo"]
