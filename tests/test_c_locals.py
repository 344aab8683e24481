"""Usages, info and rename at a C or C++ parameter or local variable (no symbol of the index:
``query/local_rename`` over ``treesitter.cscopes``), beside clangd's ``textDocument/references``,
``definition`` and ``rename`` at the same position. Before, lsai had no C scope analysis: a
local was an untied name, listed by name in every file (the field ``count``, the other
functions' ``count``) and refused for rename."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from lsai.errors import ErrorCode
from lsai.indexer.lsp.errors import ServerRequestFailed
from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.errors import QueryError
from lsai.query.info import InfoInput, info
from lsai.query.rename import RenameInput, rename
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.renames import (
    Location,
    live_definition,
    live_references,
    live_rename,
    renamed_beside_server,
)
from tests.trees import needs, served_tree

FILES = {
    "compile_commands.json": json.dumps(
        [
            {"directory": ".", "file": "sum.c", "command": "cc -std=c11 -c sum.c"},
            {"directory": ".", "file": "walk.cpp", "command": "c++ -std=c++17 -c walk.cpp"},
            {"directory": ".", "file": "decode.c", "command": "cc -std=c11 -c decode.c"},
            {"directory": ".", "file": "make.cpp", "command": "c++ -std=c++17 -c make.cpp"},
            {"directory": ".", "file": "box.cpp", "command": "c++ -std=c++17 -c box.cpp"},
        ]
    ),
    "sum.h": "int sum(const int *values, int count);\n",
    "sum.c": (
        '#include "sum.h"\n'  # 1
        "int total;\n"  # 2
        "struct pair { int count; int total; };\n"  # 3
        "int sum(const int *values, int count) {\n"  # 4
        "  int total = 0, i;\n"  # 5
        "  for (i = 0; i < count; i++) {\n"  # 6
        "    int count = values[i];\n"  # 7
        "    total += count;\n"  # 8
        "  }\n"  # 9
        "  for (int i = 0; i < 2; i++) total += i;\n"  # 10
        "  return total;\n"  # 11
        "}\n"  # 12
        "int scale(struct pair *p, int (*op)(int count)) {\n"  # 13
        "  int n = p->count + p->total;\n"  # 14
        "  static int calls;\n"  # 15
        "  calls++;\n"  # 16
        "  return op(n) + total + calls;\n"  # 17
        "}\n"  # 18
        "#define TWICE(count) ((count) * 2)\n"  # 19
        "int twice(int count) {\n"  # 20
        "  int helper(int count);\n"  # 21
        "  if (count < 0) goto done;\n"  # 22
        "  count = TWICE(count) + helper(count);\n"  # 23
        "done:\n"  # 24
        "  return count;\n"  # 25
        "}\n"  # 26
        "#define RESTRICT __restrict\n"  # 27
        "int first(const int* RESTRICT values, int n) {\n"  # 28
        "  return n ? values[0] : 0;\n"  # 29
        "}\n"  # 30
    ),
    "decode.c": (  # a heading tree-sitter fails (a macro before the type, labels in `#if`)
        "#define FORCE_INLINE static inline\n"
        "#define FAST 1\n"
        "FORCE_INLINE int\n"
        "decode(const char* const src, int n)\n"  # 4
        "{\n"
        "    {   const char* ip = src;\n"  # 6
        "#if FAST\n"
        "        if (n < 0) {\n"
        "            goto safe;\n"
        "        }\n"
        "    safe:\n"
        "#endif\n"
        "        while (n > 0) {\n"
        "#if FAST\n"
        "        again:\n"
        "#endif\n"
        "            if (ip[n] == 0) {\n"
        "                n--;\n"
        "            }\n"
        "#if FAST\n"
        "        last:\n"
        "#endif\n"
        "            if (n == 1) {\n"
        "                return n + *src;\n"  # 24
        "            }\n"
        "        }\n"
        "    }\n"
        "    return *src;\n"  # 28
        "}\n"
        'int use(void) { return decode("a", 1); }\n'
    ),
    "walk.cpp": (
        "#include <vector>\n"  # 1
        "int walk(const std::vector<int>& items, int base) {\n"  # 2
        "  int seen = 0;\n"  # 3
        "  for (const auto& item : items) {\n"  # 4
        "    seen += item;\n"  # 5
        "  }\n"  # 6
        "  auto add = [&seen, step = base](int x) { seen += x + step; return seen; };\n"  # 7
        "  if (int extra = add(base); extra > 0) seen += extra;\n"  # 8
        "  struct P { int a, b; } p{1, 2};\n"  # 9
        "  auto [a, b] = p;\n"  # 10
        "  try { throw a; } catch (int e) { seen += e + b; }\n"  # 11
        "  return seen;\n"  # 12
        "}\n"  # 13
    ),
    "make.cpp": (  # clangd keys a construction to the constructor at the variable's name
        "struct Big {\n"  # 1
        "  explicit Big(unsigned long u) : v(u) {}\n"  # 2
        "  unsigned long v;\n"  # 3
        "};\n"  # 4
        "unsigned long twice(unsigned long n) {\n"  # 5
        "  const unsigned long m = n * 2;\n"  # 6
        "  Big b(m);\n"  # 7
        "  Big c(1);\n"  # 8
        "  return b.v + c.v + m;\n"  # 9
        "}\n"  # 10
    ),
    "box.cpp": (  # template parameters: names of their template alone
        "template <class> struct Base {};\n"  # 1
        "struct Item { typedef int value_type; static Item make(int) { return {}; } };\n"  # 2
        "template <typename T, typename A = T, unsigned N = 4,\n"  # 3
        "          template <class> class C = Base>\n"  # 4
        "struct Box : C<T> {\n"  # 5
        "  typedef typename T::value_type V;\n"  # 6
        "  T items[N];\n"  # 7
        "  T get(A a) const { return T::make(a + N); }\n"  # 8
        "  template <typename... Ts> int count(Ts... rest, const Ts&... more) const;\n"  # 9
        "  T put(T x);\n"  # 10
        "};\n"  # 11
        "template <typename T, typename A, unsigned N, template <class> class C>\n"  # 12
        "T Box<T, A, N, C>::put(T x) { return x; }\n"  # 13
        "template <typename T> T first(T* values, int n) { T found = values[n]; return found; }\n"
        "int use() { Box<Item> b; int T = 2; return b.count<int>(T, 1) + first(&T, 0); }\n"  # 15
    ),
}


def at(path: str, line: int, word: str, nth: int = 1) -> Location:
    """The ``nth`` ``word`` of ``path``'s ``line``."""
    text = FILES[path].split("\n")[line - 1]
    found = list(re.finditer(rf"\b{word}\b", text))[nth - 1]
    return path, line, found.start() + 1


def _usages_beside_server(root: Path, asked: Location) -> tuple[set[Location], set[Location]]:
    """lsai's usages at ``asked``, and clangd's references there (declarations left out)."""
    served_tree(root, FILES, "clangd")
    ws = open_workspace(root, scopes=lambda: SCOPES)
    try:
        found = usages(ws, UsagesInput(file=asked[0], line=asked[1], col=asked[2]))
    finally:
        ws.close()
    sites = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    return sites, asyncio.run(live_references(root, "clangd", asked))


@needs("clangd")
@pytest.mark.parametrize(
    ("asked", "lines"),
    [
        (at("sum.c", 4, "count"), {6}),  # the parameter: not the field, nor the inner count
        (at("sum.c", 8, "count"), {8}),  # the inner count shadowing the parameter
        (at("sum.c", 5, "total"), {8, 10, 11}),  # a block local shadowing a global
        (at("sum.c", 10, "i", 2), {10}),  # the for loop's own i, not the function's
        (at("sum.c", 6, "i"), {6, 7}),  # the function's i, not the loop's
        (at("sum.c", 17, "op"), {17}),  # a function pointer parameter
        (at("sum.c", 16, "calls"), {16, 17}),  # a static local
        (at("sum.c", 20, "count"), {22, 23, 25}),  # not a macro's nor a prototype's parameter
        (at("sum.c", 28, "values"), {29}),  # after a macro tree-sitter reads as its name
    ],
    ids=[
        "parameter",
        "shadowing",
        "local",
        "for",
        "outer",
        "function pointer",
        "static",
        "macro",
        "restrict macro",
    ],
)
def test_a_c_locals_usages_are_the_names_its_scope_binds_to_it(
    tmp_path: Path, asked: Location, lines: set[int]
) -> None:
    sites, server = _usages_beside_server(tmp_path, asked)
    assert {line for _, line, _ in server} == lines
    assert sites == server


@needs("clangd")
@pytest.mark.parametrize(
    "asked",
    [
        at("walk.cpp", 5, "item"),  # a range-for's variable
        at("walk.cpp", 7, "seen"),  # a lambda's capture reads the outer seen
        at("walk.cpp", 7, "seen", 3),  # ... and so does its body
        at("walk.cpp", 7, "base"),  # an init capture's value, the parameter
        at("walk.cpp", 8, "extra", 2),  # an if's init statement
        at("walk.cpp", 11, "b"),  # a structured binding
        at("walk.cpp", 11, "e", 2),  # a catch clause's parameter
    ],
    ids=["range-for", "capture", "captured", "init capture", "if init", "binding", "catch"],
)
def test_a_cpp_locals_usages_follow_lambdas_range_fors_and_bindings(
    tmp_path: Path, asked: Location
) -> None:
    sites, server = _usages_beside_server(tmp_path, asked)
    assert server
    assert sites == server


@needs("clangd")
@pytest.mark.parametrize(
    "asked",
    [at("make.cpp", 7, "b"), at("make.cpp", 8, "c"), at("make.cpp", 9, "b")],
    ids=["from a local", "from a literal", "its use"],
)
def test_a_cpp_variable_constructed_where_it_is_declared_is_a_local_not_the_constructor(
    tmp_path: Path, asked: Location
) -> None:
    """``BigInteger bS(bInt);`` (rapidjson strtod.h): clangd keys the name ``bS`` to the
    constructor it calls; asked there, its references are the variable's (before: lsai listed
    the constructor's usages, every construction of the class)."""
    sites, server = _usages_beside_server(tmp_path, asked)
    assert {line for _, line, _ in server} == {9}
    assert sites == server


@needs("clangd")
@pytest.mark.parametrize(
    "asked",
    [
        at("box.cpp", 3, "T"),  # a class template's parameter, in its members
        at("box.cpp", 7, "N"),  # a value parameter
        at("box.cpp", 8, "A"),  # a parameter whose default names another
        at("box.cpp", 5, "C"),  # a template template parameter
        at("box.cpp", 9, "Ts", 2),  # a member template's pack
        at("box.cpp", 13, "T", 2),  # an out-of-line member's own parameter list
        at("box.cpp", 14, "T", 3),  # a function template's, not the local named T
    ],
    ids=["class", "value", "default", "template template", "pack", "out of line", "function"],
)
def test_a_cpp_template_parameters_usages_are_the_names_its_template_binds_to_it(
    tmp_path: Path, asked: Location
) -> None:
    """rapidjson's ``template <typename Encoding, typename Allocator>`` headers: a template
    parameter was an untied name, its usages every ``Encoding`` of the workspace by name (358
    ``T`` of rapidjson where clangd lists those of one template)."""
    sites, server = _usages_beside_server(tmp_path, asked)
    assert server
    assert sites == server


@needs("clangd")
@pytest.mark.parametrize(
    ("asked", "new_name", "lines"),
    [
        (at("sum.c", 6, "count"), "limit", {4, 6}),
        (at("sum.c", 7, "count"), "n", {7, 8}),
        (at("sum.c", 11, "total"), "acc", {5, 8, 10, 11}),
        (at("sum.c", 10, "i", 3), "j", {10}),
        (at("sum.c", 15, "calls"), "count", {15, 16, 17}),
        (at("walk.cpp", 4, "item"), "it", {4, 5}),
        (at("walk.cpp", 3, "seen"), "sum", {3, 5, 7, 8, 11, 12}),
        (at("walk.cpp", 2, "base"), "start", {2, 7, 8}),
        (at("box.cpp", 14, "T", 2), "U", {14}),
        (at("box.cpp", 7, "N"), "M", {3, 7, 8}),
    ],
    ids=[
        *("parameter", "shadowing", "local", "for", "static", "range-for", "captured", "base"),
        *("template", "template value"),
    ],
)
def test_a_c_local_is_renamed_where_clangd_renames_it(
    tmp_path: Path, asked: Location, new_name: str, lines: set[int]
) -> None:
    stored, server = renamed_beside_server(tmp_path, FILES, "clangd", asked, new_name)
    assert {line for _, line, _ in server} == lines
    assert stored == server


@needs("clangd")
@pytest.mark.parametrize(
    ("asked", "new_name"),
    [
        (at("sum.c", 4, "count"), "total"),  # the body binds total
        (at("sum.c", 15, "calls"), "n"),  # n is bound in the same block
        (at("walk.cpp", 3, "seen"), "base"),  # would shadow the parameter the lambda reads
    ],
    ids=["same function", "same block", "shadowing"],
)
def test_a_c_local_renamed_to_a_name_bound_in_its_scope_conflicts(
    tmp_path: Path, asked: Location, new_name: str
) -> None:
    served_tree(tmp_path, FILES, "clangd")
    with pytest.raises(ServerRequestFailed):
        asyncio.run(live_rename(tmp_path, "clangd", asked, new_name))
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        request = RenameInput(file=asked[0], line=asked[1], col=asked[2], new_name=new_name)
        assert rename(ws, request).conflicts
        with pytest.raises(QueryError) as refused:
            rename(ws, request.model_copy(update={"preview": False}))
        assert refused.value.code == ErrorCode.RENAME_CONFLICT
    finally:
        ws.close()


@needs("clangd")
def test_a_parameter_of_a_function_tree_sitter_fails_to_parse_is_read_in_its_body(
    tmp_path: Path,
) -> None:
    """lz4's ``LZ4_FORCE_INLINE int`` then ``LZ4_decompress_generic(const char* const src,
    ...)``, with labels in ``#if`` before ``#endif``: tree-sitter-c recovers the file as one
    error, the body's braces and statements siblings of the declarator (before: ``src`` named
    itself only, 3 uses missing)."""
    sites, server = _usages_beside_server(tmp_path, at("decode.c", 4, "src"))
    assert {line for _, line, _ in server} == {6, 24, 28}
    assert sites == server
    stored, renamed = renamed_beside_server(tmp_path, FILES, "clangd", at("decode.c", 24, "n"), "k")
    assert {line for _, line, _ in renamed} == {4, 8, 13, 17, 18, 23, 24}
    assert stored == renamed


@needs("clangd")
@pytest.mark.parametrize(
    "asked",
    [at("sum.c", 8, "count"), at("sum.c", 6, "i"), at("walk.cpp", 7, "seen", 2)],
    ids=["shadowing", "block", "capture"],
)
def test_info_at_a_c_local_is_its_binding_where_clangds_definition_leads(
    tmp_path: Path, asked: Location
) -> None:
    served_tree(tmp_path, FILES, "clangd")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        found = info(ws, InfoInput(file=asked[0], line=asked[1], col=asked[2]))
    finally:
        ws.close()
    binding = (found.symbol.file, found.symbol.line, found.symbol.col)
    assert {binding} == asyncio.run(live_definition(tmp_path, "clangd", asked))
    assert found.symbol.kind == "local"
