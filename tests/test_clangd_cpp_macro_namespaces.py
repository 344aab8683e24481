"""A C++ namespace opened by a macro against the live clangd (found measuring python-rapidjson's
rapidjson headers: ``RAPIDJSON_NAMESPACE_BEGIN``): tree-sitter sees no namespace there, clangd
lists one. lsai's stored usages and callers of its members are compared with clangd's
``textDocument/references`` and ``callHierarchy/incomingCalls``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_clangd_cpp_members import beside_clangd, searched
from tests.trees import served_tree

FILES = {
    "compile_commands.json": json.dumps(
        [{"directory": ".", "file": "main.cc", "command": "c++ -std=c++17 -c main.cc"}]
    ),
    "lib.h": (
        "#define LIB_BEGIN namespace lib {\n"  # 1
        "#define LIB_END }\n"  # 2
        "struct Buf {\n"  # 3
        "  void put(char c) { n += c; }\n"  # 4
        "  int n;\n"  # 5
        "};\n"  # 6
        "LIB_BEGIN\n"  # 7
        "template <typename S>\n"  # 8
        "inline void PutUnsafe(S& s, char c) { s.put(c); }\n"  # 9
        "inline void PutN(Buf& b) { PutUnsafe(b, 'a'); PutUnsafe(b, 'b'); }\n"  # 10
        "LIB_END\n"  # 11
        "LIB_BEGIN\n"  # 12
        "namespace internal {\n"  # 13
        "struct Big {\n"  # 14
        "  void Resize(int n) { n_ = n; }\n"  # 15
        "  void Grow() { Resize(n_ * 2); }\n"  # 16
        "  int n_;\n"  # 17
        "};\n"  # 18
        "}  // namespace internal\n"  # 19
        "LIB_END\n"  # 20
    ),
    "stream.h": (
        "struct Stream {\n"  # 1
        "  Stream(const char* s) : src_(s), end_(s + 4) {}\n"  # 2
        "  char Peek() const { return src_ == end_ ? 0 : *src_; }\n"  # 3
        "  const char* src_;\n"  # 4
        "  const char* end_;\n"  # 5
        "};\n"  # 6
    ),
    "main.cc": (
        '#include "lib.h"\n'  # 1
        "int user() {\n"  # 2
        "  Buf b;\n"  # 3
        "  lib::PutUnsafe(b, 'x');\n"  # 4
        "  lib::PutN(b);\n"  # 5
        "  return b.n;\n"  # 6
        "}\n"  # 7
        "int big() { lib::internal::Big g; g.Grow(); g.Resize(1); return g.n_; }\n"  # 8
        '#include "stream.h"\n'  # 9
        'char peek() { Stream s("abcd"); return s.Peek() + (s.end_ - s.src_); }\n'  # 10
    ),
}
PUT_UNSAFE, PUT_N = ("lib.h", 9, 13), ("lib.h", 10, 13)
BIG, RESIZE, N = ("lib.h", 14, 8), ("lib.h", 15, 8), ("lib.h", 17, 7)
PEEK, END = ("stream.h", 3, 8), ("stream.h", 5, 15)


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cpp_macro_namespaces")
    served_tree(root, FILES, "clangd")
    return root


def test_a_namespace_a_macro_opens_holds_one_symbol_a_name(tree: Path) -> None:
    """clangd's ``lib`` namespace, at ``LIB_BEGIN``, made each member a second symbol beside
    tree-sitter's (which sees no namespace): asked at the name, lsai answered the one without
    the references."""
    asked = [PUT_UNSAFE, PUT_N]
    live, calls, stored, callers = beside_clangd(tree, asked, asked)
    hits = searched(tree, "PutUnsafe")
    assert stored == live
    assert stored[PUT_UNSAFE] == {("lib.h", 10, 28), ("lib.h", 10, 47), ("main.cc", 4, 8)}
    assert callers == calls
    assert callers[PUT_UNSAFE] == {("PutN", "lib.h"), ("user", "main.cc")}
    assert [(h.name, h.file, h.line) for h in hits.symbols] == [("PutUnsafe", "lib.h", 9)]


def test_a_namespace_after_a_macro_line_is_tree_sitters_too(tree: Path) -> None:
    """``RAPIDJSON_NAMESPACE_BEGIN`` then ``namespace internal {``: tree-sitter read the macro's
    name as a type and lost the namespace (its ``Big`` beside clangd's ``internal::Big``: two
    symbols, the references on one)."""
    asked = [BIG, RESIZE, N]
    live, calls, stored, callers_of = beside_clangd(tree, asked, [RESIZE])
    callers = callers_of[RESIZE]
    hits = searched(tree, "Big")
    assert stored == live
    assert stored[RESIZE] == {("lib.h", 16, 17), ("main.cc", 8, 47)}
    assert callers == calls[RESIZE] == {("Grow", "lib.h"), ("big", "main.cc")}
    assert [(h.file, h.line) for h in hits.symbols if h.name == "Big"] == [("lib.h", 14)]


def test_a_header_with_a_const_member_function_is_cpp(tree: Path) -> None:
    """rapidjson's memorystream.h spells no namespace, template, class nor access label, but
    ``Ch Peek() const {``: read as C, its struct's fields were top-level variables beside
    clangd's fields."""
    live, calls, stored, callers_of = beside_clangd(tree, [PEEK, END], [PEEK])
    callers = callers_of[PEEK]
    hits = searched(tree, "end_")
    assert stored == live
    assert stored[END] == {("stream.h", 2, 36), ("stream.h", 3, 38), ("main.cc", 10, 54)}
    assert callers == calls[PEEK] == {("peek", "main.cc")}
    assert [(h.kind, h.file, h.line) for h in hits.symbols] == [("field", "stream.h", 5)]
