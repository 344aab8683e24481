"""C++ class templates' specializations against the live clangd (found measuring rapidfuzz's
headers, as the levenshtein sdist bundles them: ``struct CharSet<CharT1, 1>``, ``template <>
struct native_simd<uint32_t>``). Each is a class of its own, named as clangd's outline names it,
holding its members; its constructors are named after the template. lsai's stored usages and
callers are compared with clangd's ``textDocument/references`` and
``callHierarchy/incomingCalls``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lsai.query.contracts import OutlineInput
from lsai.query.outline import outline
from lsai.query.workspace import open_workspace
from tests.test_clangd_cpp_members import Site, beside_clangd
from tests.trees import served_tree

FILES = {
    "compile_commands.json": json.dumps(
        [{"directory": ".", "file": "main.cc", "command": "c++ -std=c++17 -c main.cc"}]
    ),
    "set.h": (
        "namespace rf {\n"  # 1
        "template <typename T, int size = sizeof(T)>\n"  # 2
        "struct CharSet;\n"  # 3
        "template <typename T>\n"  # 4
        "struct CharSet<T, 1> {\n"  # 5
        "  CharSet() : m_val(0) {}\n"  # 6
        "  void insert(T ch) { m_val = ch; }\n"  # 7
        "  int m_val;\n"  # 8
        "};\n"  # 9
        "template <typename T, int size>\n"  # 10
        "struct CharSet {\n"  # 11
        "  CharSet() : m_val(0) {}\n"  # 12
        "  void insert(T ch) { m_val = ch; }\n"  # 13
        "  long m_val;\n"  # 14
        "};\n"  # 15
        "template <typename T> struct simd;\n"  # 16
        "template <>\n"  # 17
        "struct simd<int> {\n"  # 18
        "  simd() : xmm(0) {}\n"  # 19
        "  simd(int v) : xmm(v) {}\n"  # 20
        "  int get() const { return xmm; }\n"  # 21
        "  int xmm;\n"  # 22
        "};\n"  # 23
        "}  // namespace rf\n"  # 24
    ),
    "main.cc": (
        '#include "set.h"\n'  # 1
        "using namespace rf;\n"  # 2
        "int use() {\n"  # 3
        "  CharSet<char> small;\n"  # 4
        "  small.insert('a');\n"  # 5
        "  CharSet<int> big;\n"  # 6
        "  big.insert(1);\n"  # 7
        "  simd<int> v(3);\n"  # 8
        "  return small.m_val + v.get() + simd<int>().xmm;\n"  # 9
        "}\n"  # 10
    ),
}
SMALL, SMALL_INIT, SMALL_INSERT, SMALL_VAL = (
    ("set.h", 5, 8),
    ("set.h", 6, 3),
    ("set.h", 7, 8),
    ("set.h", 8, 7),
)
PRIMARY, PRIMARY_INSERT = ("set.h", 11, 8), ("set.h", 13, 8)
SIMD, SIMD_INIT, SIMD_INT, SIMD_GET, XMM = (
    ("set.h", 18, 8),
    ("set.h", 19, 3),
    ("set.h", 20, 3),
    ("set.h", 21, 7),
    ("set.h", 22, 7),
)
ASKED: list[Site] = [
    SMALL, SMALL_INIT, SMALL_INSERT, SMALL_VAL, PRIMARY, PRIMARY_INSERT,
    SIMD, SIMD_INIT, SIMD_INT, SIMD_GET, XMM,
]  # fmt: skip


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cpp_templates")
    served_tree(root, FILES, "clangd")
    return root


def test_a_specializations_members_are_its_own_and_answer_as_clangd(tree: Path) -> None:
    """The members of ``struct CharSet<T, 1>`` and ``struct simd<int>`` were tree-sitter's
    functions of the namespace beside clangd's members of the specialization; their usages
    and callers were split between the two."""
    live, calls, stored, callers = beside_clangd(tree, ASKED, ASKED)
    assert stored == live
    assert callers == calls
    assert ("main.cc", 9, 34) in stored[SIMD_INIT] and ("set.h", 5, 8) in stored[PRIMARY]
    assert callers[SMALL_INSERT] == {("use", "main.cc")}


def test_a_specialization_is_a_class_named_with_its_arguments(tree: Path) -> None:
    ws = open_workspace(tree)
    try:
        found = outline(ws, OutlineInput(file="set.h", depth=3))
    finally:
        ws.close()
    (rf,) = found.sections[0].members
    assert [(m.name, [c.name for c in m.members]) for m in rf.members] == [
        ("CharSet<T, 1>", ["CharSet", "insert", "m_val"]),
        ("CharSet", ["CharSet", "insert", "m_val"]),
        ("simd<int>", ["simd", "simd", "get", "xmm"]),
    ]
    kinds = [c.kind for m in rf.members for c in m.members if c.name in ("CharSet", "simd")]
    assert kinds == ["constructor"] * 4
