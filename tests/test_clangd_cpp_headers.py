"""C++ headers named ``.h`` (Google's, LLVM's and Qt's style) are C++: read as C, a class's
declaration in the header and the constructors a ``.cc`` file defines were keyed as two
languages' symbols, and tree-sitter read the header with the C grammar. The class's name then
answers for the class (its usages hold its constructors' uses), as clangd's references do."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

from lsai.indexer.headers import cpp_text, header_languages
from lsai.indexer.languages import BY_ID
from lsai.query.diagnostics import DiagnosticsInput, diagnostics
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.test_references_match_server import live
from tests.trees import served_tree

CPP = {
    "compile_commands.json": json.dumps(
        [
            {"directory": ".", "file": "shape.cc", "command": "c++ -std=c++17 -c shape.cc"},
            {"directory": ".", "file": "main.cc", "command": "c++ -std=c++17 -c main.cc"},
        ]
    ),
    "shape.h": (
        "#pragma once\n"  # 1
        "namespace geo {\n"  # 2
        "class Circle {\n"  # 3
        " public:\n"  # 4
        "  explicit Circle(double r);\n"  # 5
        "  Circle();\n"  # 6
        "  double area() const;\n"  # 7
        " private:\n"  # 8
        "  double r_;\n"  # 9
        "};\n"  # 10
        "}  // namespace geo\n"  # 11
    ),
    "shape.cc": (
        '#include "shape.h"\n'  # 1
        "namespace geo {\n"  # 2
        "Circle::Circle(double r) : r_(r) {}\n"  # 3
        "Circle::Circle() : Circle(1.0) {}\n"  # 4
        "double Circle::area() const { return 3.14 * r_ * r_; }\n"  # 5
        "}  // namespace geo\n"  # 6
    ),
    "main.cc": (
        '#include "shape.h"\n'  # 1
        "int main() {\n"  # 2
        "  geo::Circle c(2.0);\n"  # 3
        "  geo::Circle* p = new geo::Circle();\n"  # 4
        "  return static_cast<int>(c.area() + p->area());\n"  # 5
        "}\n"  # 6
    ),
}

C = {
    "compile_commands.json": json.dumps(
        [{"directory": ".", "file": "ring.c", "command": "cc -std=c11 -c ring.c"}]
    ),
    "ring.h": "struct ring { int size; };\nint ring_size(const struct ring *r);\n",
    "ring.c": '#include "ring.h"\nint ring_size(const struct ring *r) { return r->size; }\n',
}


def _languages(root: Path) -> dict[str, str]:
    with sqlite3.connect(root / ".lsai" / "index.db") as db:
        return dict(db.execute("SELECT path, language FROM files").fetchall())


def test_a_cpp_projects_h_header_is_cpp_and_its_class_answers_as_clangd(tmp_path: Path) -> None:
    served_tree(tmp_path, CPP, "clangd")
    assert _languages(tmp_path)["shape.h"] == "cpp"
    server = asyncio.run(live(tmp_path, {"Circle": ("shape.h", 3, 7)}, "clangd"))["Circle"]
    assert ("main.cc", 3, 8) in server
    ws = open_workspace(tmp_path)
    try:
        found = usages(ws, UsagesInput(symbol="Circle"))  # the class, not AMBIGUOUS_SYMBOL
        assert (found.symbol.kind, found.symbol.file) == ("class", "shape.h")
        mine = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
        assert mine == server - {("shape.h", 3, 7)}
        by_line = usages(ws, UsagesInput(symbol="Circle", file="shape.cc", line=3))
        assert by_line.symbol.kind == "constructor"  # a constructor: by its file and line
    finally:
        ws.close()


def test_a_c_projects_h_header_stays_c(tmp_path: Path) -> None:
    served_tree(tmp_path, C, "clangd")
    assert _languages(tmp_path) == {"ring.h": "c", "ring.c": "c"}


def test_a_header_of_a_mixed_or_header_only_project_is_read_for_cpp() -> None:
    texts = {
        "a/list.h": b"#include <vector>\nint f(std::vector<int> v);\n",
        "a/point.h": b'struct point { int x; };\n#ifdef __cplusplus\nextern "C" {\n#endif\n',
        "a/view.h": b"@interface View : NSObject\n@end\n",  # Objective-C: read as C
        "b/only.h": b"namespace only {\nint g();\n}\n",
        "c/util.h": b"int h(void);\n",  # a C++ project's: C++ whatever its text
    }
    sources = [("a", BY_ID["c"]), ("a", BY_ID["cpp"]), ("c", BY_ID["cpp"])]
    found = header_languages([(path, path.split("/")[0]) for path in texts], sources, texts.get)
    assert {path: language.id for path, language in found.items()} == {
        "a/list.h": "cpp",
        "b/only.h": "cpp",
        "c/util.h": "cpp",
    }
    assert cpp_text(b"template <typename T>\nT id(T x);\n")
    assert cpp_text(b"class Widget : public Base {\n public:\n};\n")
    assert not cpp_text(b"typedef struct node { struct node *next; } node;\n")


MIXED = {
    # the header's likest source (the same stem) is a C file: clangd would give the header that
    # file's command, as C
    "compile_commands.json": json.dumps(
        [
            {"directory": ".", "file": "src/util.cpp", "command": "c++ -std=c++17 -c src/util.cpp"},
            {"directory": ".", "file": "src/main.cpp", "command": "c++ -std=c++17 -c src/main.cpp"},
            {"directory": ".", "file": "src/counter.c", "command": "cc -std=c11 -c src/counter.c"},
        ]
    ),
    "src/counter.h": (
        "#pragma once\n"  # 1
        "namespace util {\n"  # 2
        "class Counter {\n"  # 3
        " public:\n"  # 4
        "  int bump(int by);\n"  # 5
        " private:\n"  # 6
        "  int n_ = 0;\n"  # 7
        "};\n"  # 8
        "}  // namespace util\n"  # 9
    ),
    "src/util.cpp": (
        '#include "counter.h"\n'  # 1
        "namespace util {\n"  # 2
        "int Counter::bump(int by) { n_ += by; return n_; }\n"  # 3
        "}  // namespace util\n"  # 4
    ),
    "src/main.cpp": (
        '#include "counter.h"\n'  # 1
        "int run() { util::Counter c; return c.bump(2) + c.bump(3); }\n"  # 2
    ),
    "src/counter.c": "int uart_send(int x) { return x + 1; }\n",
}


def _header_answers(root: Path, header: str) -> None:
    """The header is C++ to clangd: no diagnostic of C's, and its method is one symbol with
    its definition, used where ``main.cpp`` calls it."""
    ws = open_workspace(root)
    try:
        errors = DiagnosticsInput(scope=header, severity=["error", "warning"])
        assert diagnostics(ws, errors).total == 0
        found = usages(ws, UsagesInput(symbol="Counter.bump"))  # not AMBIGUOUS_SYMBOL
        mine = {(f.file, u.line) for f in found.files for u in f.usages}
        assert ("src/main.cpp" if "/" in header else "main.cpp", 2) in mine
    finally:
        ws.close()


def test_a_cpp_header_nearest_a_c_source_of_a_mixed_database_is_read_as_cpp(
    tmp_path: Path,
) -> None:
    served_tree(tmp_path, MIXED, "clangd")
    assert _languages(tmp_path)["src/counter.h"] == "cpp"
    _header_answers(tmp_path, "src/counter.h")


def test_a_cpp_header_of_a_project_with_compile_flags_is_read_as_cpp(tmp_path: Path) -> None:
    served_tree(
        tmp_path,
        {
            "compile_flags.txt": "-std=c++17\n-Wall\n",  # clangd reads every .h with it as C
            "counter.h": MIXED["src/counter.h"],
            "util.cpp": MIXED["src/util.cpp"],
            "main.cpp": MIXED["src/main.cpp"],
        },
        "clangd",
    )
    _header_answers(tmp_path, "counter.h")
