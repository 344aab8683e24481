"""A macro invoked in a C++ class body against the live clangd (found measuring ujson's
double-conversion: ``DOUBLE_CONVERSION_DISALLOW_COPY_AND_ASSIGN(Bignum);``, expanding to a
deleted copy constructor and ``operator=``). Tree-sitter reads it as a method without a type,
named after the macro: each class had a member of that name, and the macro's usages missed
those invocations, which clangd's references list. A declaration without a type in a class body
names a constructor; one named otherwise than its class is a macro's invocation."""

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
    "macros.h": (
        "#define DISALLOW_COPY(T) T(const T&) = delete; void operator=(const T&) = delete\n"
    ),
    "bignum.h": (
        '#include "macros.h"\n'  # 1
        "class Bignum {\n"  # 2
        " public:\n"  # 3
        "  Bignum() {}\n"  # 4
        "  int size() const { return 0; }\n"  # 5
        " private:\n"  # 6
        "  DISALLOW_COPY(Bignum);\n"  # 7
        "};\n"  # 8
        "template <typename T>\n"  # 9
        "struct Box {\n"  # 10
        "  Box(T v) : v_(v) {}\n"  # 11
        "  T v_;\n"  # 12
        "  DISALLOW_COPY(Box);\n"  # 13
        "};\n"  # 14
    ),
    "main.cc": (
        '#include "bignum.h"\n'  # 1
        "int run() { Bignum b; Box<int> x(1); return b.size() + x.v_; }\n"  # 2
    ),
}
MACRO, BIGNUM, BOX = ("macros.h", 1, 9), ("bignum.h", 4, 3), ("bignum.h", 11, 3)


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cpp_class_macros")
    served_tree(root, FILES, "clangd")
    return root


def test_a_macro_invoked_in_a_class_body_is_a_usage_of_the_macro(tree: Path) -> None:
    live, _, stored, _ = beside_clangd(tree, [MACRO], [])
    assert {("bignum.h", 7, 3), ("bignum.h", 13, 3)} <= live[MACRO]
    assert stored[MACRO] == live[MACRO]


def test_a_macro_invoked_in_a_class_body_is_no_member_and_constructors_stay(tree: Path) -> None:
    hits = searched(tree, "DISALLOW_COPY").symbols
    assert [(h.kind, h.file, h.line) for h in hits] == [("macro", "macros.h", 1)]
    constructors = searched(tree, "Bignum.Bignum").symbols + searched(tree, "Box.Box").symbols
    assert {(h.kind, h.line) for h in constructors} == {("constructor", 4), ("constructor", 11)}
