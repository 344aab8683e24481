from __future__ import annotations

import threading
from pathlib import Path

import pytest

from lsai.indexer.treesitter import grammars
from lsai.indexer.treesitter.extract import extract
from lsai.storage.records import FileIndex, SymbolRecord
from tests.snapshots import assert_snapshot, render_extraction

FIXTURES = Path(__file__).parent / "fixtures"
C_FILES = ["src/ring.h", "src/ring.c", "src/main.c"]
CPP_FILES = ["include/geo/shape.hpp", "src/shape.cpp", "src/main.cpp"]
HEADER = "include/geo/shape.hpp"
SOURCE = "src/shape.cpp"


def load(language: str, path: str) -> FileIndex:
    return extract(language, path, ".", (FIXTURES / language / path).read_bytes())


def symbols(language: str, path: str) -> dict[str, list[SymbolRecord]]:
    found: dict[str, list[SymbolRecord]] = {}
    for s in load(language, path).symbols:
        found.setdefault(s.qualified_name, []).append(s)
    return found


def one(language: str, path: str, qualified: str) -> SymbolRecord:
    (found,) = symbols(language, path)[qualified]
    return found


def calls(language: str, path: str) -> set[tuple[str | None, str]]:
    return {
        (c.caller_key.rsplit(" ", 1)[-1] if c.caller_key else None, c.callee_name)
        for c in load(language, path).calls
    }


@pytest.mark.parametrize(
    ("language", "path"), [("c", p) for p in C_FILES] + [("cpp", p) for p in CPP_FILES]
)
def test_extraction_matches_snapshot(language: str, path: str) -> None:
    name = f"extract/{language}/{path.replace('/', '__')}.txt"
    assert_snapshot(name, render_extraction(load(language, path)))


# C


def test_c_macros_are_macros_with_their_definition_line() -> None:
    capacity = one("c", "src/ring.h", "RING_CAPACITY")
    assert (capacity.kind, capacity.signature) == ("macro", "#define RING_CAPACITY 64")
    assert capacity.key == "lsai c . src/ring.h RING_CAPACITY!"
    next_ = one("c", "src/ring.h", "RING_NEXT")
    assert next_.signature == "#define RING_NEXT(i) (((i) + 1) % RING_CAPACITY)"


def test_c_prototypes_and_definitions_are_functions_with_types() -> None:
    proto = one("c", "src/ring.h", "ring_put")
    assert proto.kind == "function"
    assert proto.signature == "int ring_put(ring_t *r, unsigned char byte)"
    assert proto.parameters == "(ring_t *r, unsigned char byte)"
    assert proto.return_type == "int"
    assert proto.doc == "Puts one byte; returns 0 when the ring is full."
    new = one("c", "src/ring.c", "ring_new")
    assert (new.signature, new.return_type) == ("ring_t *ring_new(void)", "ring_t *")
    assert one("c", "src/ring.c", "ring_put").key == "lsai c . src/ring.c ring_put()."


def test_c_static_functions_and_globals_are_file_private() -> None:
    count = one("c", "src/ring.c", "count")
    assert count.modifiers == ("static", "inline")
    assert count.accessibility == "private"
    assert count.doc == "Count one operation."
    puts, gets = one("c", "src/ring.c", "puts_total"), one("c", "src/ring.c", "gets_total")
    assert (puts.kind, gets.kind) == ("variable", "variable")
    assert puts.accessibility == gets.accessibility == "private"
    assert one("c", "src/ring.c", "ring_debug").accessibility == "public"
    debug = one("c", "src/ring.h", "ring_debug")
    assert (debug.kind, debug.modifiers) == ("variable", ("extern",))


def test_c_structs_unions_enums_and_typedefs() -> None:
    found = symbols("c", "src/ring.h")
    kinds = {name: found[name][0].kind for name in (
        "ring", "ring.head", "ring.tail", "ring.next", "ring_t", "ring_error",
        "ring_error.message", "ring_visit_fn", "ring_word", "ring_word.bytes", "ring_state",
        "ring_state.RING_FULL",
    )}  # fmt: skip
    assert kinds == {
        "ring": "struct",
        "ring.head": "field",
        "ring.tail": "field",
        "ring.next": "field",
        "ring_t": "type",
        "ring_error": "type",
        "ring_error.message": "field",
        "ring_visit_fn": "type",
        "ring_word": "union",
        "ring_word.bytes": "field",
        "ring_state": "enum",
        "ring_state.RING_FULL": "enumMember",
    }
    assert found["ring"][0].doc == "A fixed-size ring buffer of bytes."
    assert found["ring_t"][0].signature == "typedef struct ring ring_t"
    assert found["ring_error"][0].modifiers == ()
    assert found["ring_visit_fn"][0].signature == (
        "typedef int (*ring_visit_fn)(unsigned char byte, void *ctx)"
    )


def test_c_calls_and_cross_file_calls() -> None:
    assert calls("c", "src/main.c") == {
        ("print_byte().", "printf"),
        ("main().", "ring_new"),
        ("main().", "ring_put"),
        ("main().", "ring_each"),
    }
    assert ("ring_get().", "ring_size") in calls("c", "src/ring.c")
    assert ("ring_each().", "visit") in calls("c", "src/ring.c")


def test_c_columns_count_code_points_after_emoji() -> None:
    size = one("c", "src/ring.c", "ring_size")
    assert (size.name_span.start_line, size.name_span.start_col) == (32, 18)
    assert size.name_span.end_col == 27


# C++


def test_cpp_namespaces_and_nested_namespaces() -> None:
    found = symbols("cpp", HEADER)
    assert found["geo"][0].kind == "namespace"
    square = found["geo.detail::math.square"][0]
    assert square.namespace == "geo.detail::math"
    assert square.key == f"lsai cpp . {HEADER} geo/`detail::math`/square()."
    assert found["geo.Shape"][0].namespace == "geo"


def test_cpp_access_sections_decide_accessibility() -> None:
    found = symbols("cpp", HEADER)
    access = {name: found[f"geo.{name}"][0].accessibility for name in (
        "Shape.Shape", "Shape.area", "Shape.rename", "Shape.name_", "Shape.id_", "Shape.revision_",
        "Circle.radius_", "Point.x", "Point.get", "Stack.push", "Stack.items_",
    )}  # fmt: skip
    assert access == {
        "Shape.Shape": "public",
        "Shape.area": "public",
        "Shape.rename": "protected",
        "Shape.name_": "private",
        "Shape.id_": "private",
        "Shape.revision_": "private",
        "Circle.radius_": "private",
        "Point.x": "public",
        "Point.get": "public",
        "Stack.push": "public",
        "Stack.items_": "private",
    }


def test_cpp_constructors_destructors_and_overloads() -> None:
    found = symbols("cpp", HEADER)
    ctor = found["geo.Shape.Shape"][0]
    assert ctor.kind == "constructor"
    assert ctor.signature == "explicit Shape(std::string name)"
    assert ctor.modifiers == ("explicit", "public")
    dtor = found["geo.Shape.~Shape"][0]
    assert (dtor.kind, dtor.key) == ("method", f"lsai cpp . {HEADER} geo/Shape#`~Shape`().")
    circles = found["geo.Circle.Circle"]
    assert [c.key.rsplit(" ", 1)[-1] for c in circles] == [
        "geo/Circle#Circle().",
        "geo/Circle#Circle(+1).",
    ]
    area = found["geo.Shape.area"][0]
    assert area.signature == "virtual double area() const = 0"
    assert area.doc == "The area in square units."


def test_cpp_two_get_methods_in_different_types_get_different_keys() -> None:
    found = symbols("cpp", HEADER)
    assert found["geo.Circle.get"][0].key == f"lsai cpp . {HEADER} geo/Circle#get()."
    assert found["geo.Point.get"][0].key == f"lsai cpp . {HEADER} geo/Point#get()."
    assert found["geo.Point.get"][0].parameters == "(int axis)"


def test_cpp_out_of_line_definitions_are_methods_of_their_class() -> None:
    found = symbols("cpp", SOURCE)
    area = found["geo.Circle.area"][0]
    assert area.kind == "method"
    assert area.key == f"lsai cpp . {SOURCE} geo/Circle#area()."
    assert area.namespace == "geo"
    assert area.signature == "double Circle::area() const"
    assert area.doc == "Pi r squared."
    ctors = found["geo.Circle.Circle"]
    assert [c.kind for c in ctors] == ["constructor", "constructor"]
    assert ctors[0].key != ctors[1].key
    assert found["geo.Shape.rename"][0].parameters == "(const std::string& name)"
    pop = found["geo.Stack.pop"][0]
    assert pop.signature == "template <typename T> T Stack<T>::pop()"


def test_cpp_templates_keep_their_template_header() -> None:
    found = symbols("cpp", HEADER)
    assert found["geo.Stack"][0].signature == "template <typename T> class Stack"
    largest = found["geo.largest"][0]
    assert largest.kind == "function"
    assert largest.signature == (
        "template <typename T> T largest(const std::vector<T>& values, T fallback = T{})"
    )
    assert largest.return_type == "T"


def test_cpp_enums_aliases_macros_and_bases() -> None:
    found = symbols("cpp", HEADER)
    assert found["geo.Color"][0].signature == "enum class Color"
    assert found["geo.Color.Green"][0].kind == "enumMember"
    assert found["geo.Points"][0].kind == "type"
    assert found["GEO_VERSION"][0].kind == "macro"
    assert found["geo.Circle"][0].signature == "class Circle : public Shape"
    edges = [
        (e.source_key.rsplit(" ", 1)[-1], e.relation, e.target_name)
        for e in load("cpp", HEADER).type_edges
    ]
    assert edges == [("geo/Circle#", "extends", "Shape")]
    name = found["geo.Shape.name"][0]
    assert name.return_type == "std::string &"


def test_cpp_calls_cover_member_qualified_template_and_new() -> None:
    assert calls("cpp", "src/main.cpp") == {
        ("run().", "name"),
        ("run().", "area"),
        ("main().", "make_unique"),
        ("main().", "push"),
        ("main().", "square"),
        ("main().", "Circle"),
        ("main().", "run"),
    }
    assert ("geo/Circle#area().", "square") in calls("cpp", SOURCE)


def test_cpp_columns_count_code_points_after_emoji() -> None:
    get = one("cpp", SOURCE, "geo.Circle.get")
    assert (get.name_span.start_line, get.name_span.start_col) == (25, 26)


def test_a_header_written_in_cpp_is_read_with_the_cpp_grammar_and_keeps_its_language() -> None:
    """A ``.h`` file is C by its name; one with a namespace or a class in it is C++, which the C
    grammar misreads (``void Grow();`` in a class as a top-level function). Its keys keep the
    file's language, as the server's do."""
    cpp = b"namespace geo {\nclass Shape {\n public:\n  void Grow();\n};\n}\n"
    found = {(s.qualified_name, s.kind, s.key) for s in extract("c", "shape.h", ".", cpp).symbols}
    assert found == {
        ("geo", "namespace", "lsai c . shape.h geo/"),
        ("geo.Shape", "class", "lsai c . shape.h geo/Shape#"),
        ("geo.Shape.Grow", "method", "lsai c . shape.h geo/Shape#Grow()."),
    }
    c = b'#ifdef __cplusplus\nextern "C" {\n#endif\nstruct s { int a; };\nint f(void);\n'
    assert grammars.dialect("c", "c.h", c) == "c"
    assert grammars.dialect("c", "shape.c", cpp) == "c"  # a .c file is C


def test_a_type_written_as_a_functions_return_type_is_beside_it_and_extraction_ends() -> None:
    """``class Ptr {...} Ptr::Append(...) {...}``: how tree-sitter reads a class whose braces a
    macro unbalanced (rapidjson's pointer.h, where ``GenericPointer`` then ``Append`` follow).
    The class was nested in the function, the function joined the class as its receiver, and
    the parent chain looped forever: ``lsai index`` hung on the file. C's ``struct pair {...}
    make(void) {...}`` defines the struct beside the function, not in it."""
    found: dict[str, list[str]] = {}

    def run() -> None:
        found["cpp"] = [s.key for s in extract("cpp", "p.h", ".", CYCLE.encode()).symbols]
        found["c"] = [s.key for s in extract("c", "p.c", ".", PAIR.encode()).symbols]

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout=20)
    assert not worker.is_alive(), "extraction did not end"
    assert sorted(found["cpp"]) == [
        "lsai cpp . p.h Ptr#",
        "lsai cpp . p.h Ptr#Append().",
        "lsai cpp . p.h Ptr#n.",
    ]
    assert sorted(found["c"]) == [
        "lsai c . p.c make().",
        "lsai c . p.c pair#",
        "lsai c . p.c pair#a.",
    ]


CYCLE = "class Ptr {\n  int n;\n} Ptr::Append(int x) { return *this; }\n"
PAIR = "struct pair { int a; } make(void) { struct pair p = {1}; return p; }\n"


def test_a_variable_declared_in_an_if_block_of_a_function_body_is_a_local() -> None:
    """lz4's ``#if (LZ4F_HEAPMODE) ... #else LZ4F_cctx_t cctx; ... #endif`` in a function: the
    patterns for file-level declarations in ``#if`` blocks matched it, so the local was a
    symbol (``LZ4F_compressFrame.cctx``, 37 in lz4) with no usage, listed by search; the ones
    at file level stay."""
    source = (
        "#if MODE\nstatic int table[4];\n#endif\n"
        "int f(void) {\n#if MODE\n  int *p = table;\n#else\n  int q = 0;\n#endif\n  return 0;\n}\n"
    )
    found = sorted(s.key for s in extract("c", "m.c", ".", source.encode()).symbols)
    assert found == ["lsai c . m.c f().", "lsai c . m.c table."]


def test_a_declaration_tree_sitter_completes_with_an_invented_semicolon_defines_nothing() -> None:
    """Macros before a declaration (zstd's ``XXH_PUREF XXH_errorcode XXH32_reset(...)``,
    brotli's ``BROTLI_INTERNAL BROTLI_BOOL f(...)``, rapidjson's ``RAPIDJSON_DIAG_OFF(...)``):
    tree-sitter ends a declaration after the second macro with a missing ``;``, and a variable
    named after that macro was a symbol, found by search and answered at its position."""
    source = b"XXH_PUREF XXH_errorcode XXH32_reset(int* s);\nint kept;\n"
    found = extract("c", "xxhash.h", ".", source)
    assert [(s.name, s.kind) for s in found.symbols] == [("kept", "variable")]


def test_an_operator_declared_in_a_class_returning_a_reference_or_pointer_is_a_method() -> None:
    """marisa's ``scoped_ptr &operator=(const scoped_ptr &);`` and ``T *operator->() const;``
    in a class body: the declarations of operators returning a reference or a pointer were no
    symbols to tree-sitter, so the outline's heading was clangd's detail, without the name
    (``scoped_ptr<T> &(const scoped_ptr<T> &)``)."""
    source = b"class S {\n S &operator=(const S &);\n int *operator->() const;\n};\n"
    found = extract("cpp", "s.h", ".", source)
    methods = [(s.name, s.kind, s.signature) for s in found.symbols if s.kind == "method"]
    assert methods == [
        ("operator=", "method", "S &operator=(const S &)"),
        ("operator->", "method", "int *operator->() const"),
    ]
