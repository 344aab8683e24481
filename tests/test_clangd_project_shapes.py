"""C and C++ projects as CMake lays them out: ``compile_commands.json`` in ``build/`` only,
sources in ``src/``, headers in ``include/<name>/``. lsai's usages and callers are compared with
the live clangd's ``textDocument/references`` and ``callHierarchy/incomingCalls``.

- An operator declared in a header and defined in a source file: clangd's range of its name is
  ``operator`` alone, so the header's name stayed a reference of the definition, the two were
  two symbols, and the header's had no usage and no caller.
- C++ overloads are functions apart to clangd: the callers of one that nobody calls were
  another's, and a name shared by overloads answered for the first one holding references
  (now: ambiguous, each listed with the line that picks it).
- A function a macro calls (``#define LOG(m) log_msg(m)``): each ``LOG(...)`` is a call of
  ``log_msg`` in clangd's incoming calls; the site kept one callee, the macro or the function.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from lsai.errors import ErrorCode
from lsai.query.calls import CallsInput, callers
from lsai.query.errors import AmbiguousSymbol
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.test_clangd_cpp_members import beside_clangd, stored_usages
from tests.test_ty_union_calls import live_callers, stored_callers
from tests.trees import index_rows, served_tree

VEC_H = (
    "#pragma once\n"
    "namespace geo {\n"
    "struct Vec {\n"  # 3
    "  double x, y;\n"
    "  Vec operator+(const Vec& o) const;\n"  # 5
    "  Vec& operator+=(const Vec& o);\n"  # 6
    "};\n"
    "Vec operator*(double k, const Vec& v);\n"  # 8
    "int conv(int x);\n"  # 9
    "double conv(double x);\n"  # 10
    "int conv(const char* s);\n"  # 11
    "}  // namespace geo\n"
)
OPS_CPP = (
    '#include "geo/vec.h"\n'
    "namespace geo {\n"
    "Vec Vec::operator+(const Vec& o) const { return {x + o.x, y + o.y}; }\n"  # 3
    "Vec& Vec::operator+=(const Vec& o) { *this = *this + o; return *this; }\n"  # 4
    "Vec operator*(double k, const Vec& v) { return {k * v.x, k * v.y}; }\n"  # 5
    "int conv(int x) { return x; }\n"  # 6
    "double conv(double x) { return x * 2; }\n"  # 7
    "int conv(const char* s) { return s[0]; }\n"  # 8
    "}  // namespace geo\n"
)
MAIN_CPP = (
    '#include "geo/vec.h"\n'
    "using namespace geo;\n"
    "int main() {\n"
    "  Vec v{1, 2}, w{3, 4};\n"
    "  v += w;\n"  # 5
    "  Vec z = 2.0 * (v + w);\n"  # 6
    "  return (int)z.x + conv(1) + (int)conv(2.0);\n"  # 7
    "}\n"
)
LOG_H = "#pragma once\nvoid log_msg(const char *m);\n#define LOG(m) log_msg(m)\n"
LOG_C = (
    '#include "log.h"\n'
    "#include <stdio.h>\n"
    "void log_msg(const char *m) { puts(m); }\n"  # 3
    'static int opened(void) { LOG("open"); return 0; }\n'  # 4
    'int run(void) { log_msg("run"); return opened(); }\n'  # 5
)
USE_C = '#include "log.h"\nint start(void) { LOG("start"); return 0; }\n'
CPP = {
    "CMakeLists.txt": "project(geo CXX)\nadd_library(geo src/ops.cpp src/main.cpp)\n",
    "include/geo/vec.h": VEC_H,
    "src/ops.cpp": OPS_CPP,
    "src/main.cpp": MAIN_CPP,
}
C = {
    "CMakeLists.txt": "project(log C)\nadd_library(log src/log.c src/use.c)\n",
    "include/log.h": LOG_H,
    "src/log.c": LOG_C,
    "src/use.c": USE_C,
}
PLUS, PLUS_EQUALS, TIMES = (
    ("geo/src/ops.cpp", 3, 10),
    ("geo/src/ops.cpp", 4, 11),
    ("geo/src/ops.cpp", 5, 5),
)
PLUS_DECLARED = ("geo/include/geo/vec.h", 5, 7)
CONV_INT, CONV_DOUBLE, CONV_TEXT = (
    ("geo/src/ops.cpp", 6, 5),
    ("geo/src/ops.cpp", 7, 8),
    ("geo/src/ops.cpp", 8, 5),
)
LOG_MSG = ("log/src/log.c", 3, 6)


def cmake_project(root: Path, files: dict[str, str], command: str) -> dict[str, str]:
    """``files`` under ``root`` with the ``build/compile_commands.json`` CMake writes there:
    absolute paths, run from the build folder, ``command`` compiling each source."""
    entries = [
        {
            "directory": str(root / "build"),
            "file": str(root / path),
            "command": f"{command} -I{root / 'include'} -o {path}.o -c {root / path}",
        }
        for path in files
        if path.startswith("src/")
    ]
    found = {f"{root.name}/{path}": text for path, text in files.items()}
    return {**found, f"{root.name}/build/compile_commands.json": json.dumps(entries)}


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cmake")
    files = {
        **cmake_project(root / "geo", CPP, "/usr/bin/c++ -std=c++17"),
        **cmake_project(root / "log", C, "/usr/bin/cc -std=c11"),
    }
    served_tree(root, files, "clangd")
    return root


def test_an_operator_declared_in_a_header_has_clangds_usages_and_callers(tree: Path) -> None:
    asked = [PLUS, PLUS_EQUALS, TIMES]
    live, calls, stored, found = beside_clangd(tree, asked, asked)
    assert stored == live and found == calls
    assert stored[PLUS] == {PLUS_DECLARED, ("geo/src/main.cpp", 6, 20), ("geo/src/ops.cpp", 4, 52)}
    assert found[PLUS] == {("main", "geo/src/main.cpp"), ("operator+=", "geo/src/ops.cpp")}
    ws = open_workspace(tree)
    try:
        # one symbol: the header's name answers as its definition does
        assert stored_usages(ws, PLUS_DECLARED) == stored[PLUS]
    finally:
        ws.close()


def test_the_overloads_of_a_cpp_function_have_their_own_usages_and_callers(tree: Path) -> None:
    asked = [CONV_INT, CONV_DOUBLE, CONV_TEXT]
    live, calls, stored, found = beside_clangd(tree, asked, asked)
    assert stored == live and found == calls
    assert found[CONV_TEXT] == set()  # nobody calls it: not conv(int)'s callers
    assert stored[CONV_DOUBLE] == {("geo/include/geo/vec.h", 10, 8), ("geo/src/main.cpp", 7, 36)}


def test_a_name_of_several_cpp_overloads_lists_each_with_the_line_that_picks_it(
    tree: Path,
) -> None:
    """Overloads defined on adjacent lines: the line names one (a line away matched both)."""
    ws = open_workspace(tree)
    try:
        with pytest.raises(AmbiguousSymbol) as raised:
            usages(ws, UsagesInput(symbol="conv"))
        found = raised.value
        picked = usages(ws, UsagesInput(symbol="conv", file=CONV_DOUBLE[0], line=7))
    finally:
        ws.close()
    assert found.code == ErrorCode.AMBIGUOUS_SYMBOL
    assert [c.rpartition("  ")[2] for c in found.candidates] == [
        f"symbol=conv file={path} line={line}"
        for path, line, _ in (CONV_INT, CONV_DOUBLE, CONV_TEXT)
    ]
    assert picked.symbol.line == 7
    assert {(f.file, u.line) for f in picked.files for u in f.usages} == {
        ("geo/include/geo/vec.h", 10),
        ("geo/src/main.cpp", 7),
    }


def test_a_function_a_macro_calls_is_called_where_the_macro_is_used(tree: Path) -> None:
    live = asyncio.run(live_callers(tree, [LOG_MSG], server="clangd"))
    ws = open_workspace(tree)
    try:
        stored = stored_callers(ws, LOG_MSG)
        by_macro = callers(ws, CallsInput(symbol="LOG"))
    finally:
        ws.close()
    assert stored == live[LOG_MSG]
    assert stored == {
        ("opened", "log/src/log.c"),
        ("run", "log/src/log.c"),
        ("start", "log/src/use.c"),
    }
    # the macro's uses stay calls of the macro
    assert {h.method for lv in by_macro.levels for h in lv.calls} == {"opened", "start"}


def _shared_header_tree(root: Path) -> dict[str, str]:
    def database(app: str, source: str) -> str:
        command = f"c++ -I{root}/common/include -std=c++17 -c {root}/{app}/src/{source}"
        entry = {"directory": f"{root}/{app}/build", "file": f"{root}/{app}/src/{source}"}
        return json.dumps([{**entry, "command": command}])

    return {
        "common/include/common.h": (
            "#pragma once\nnamespace common {\ninline int twice(int x) { return 2 * x; }\n}\n"
        ),
        "app1/CMakeLists.txt": "project(app1)\n",
        "app1/build/compile_commands.json": database("app1", "a.cpp"),
        "app1/src/a.cpp": '#include "common.h"\nint run1() { return common::twice(1); }\n',
        "app2/CMakeLists.txt": "project(app2)\n",
        "app2/build/compile_commands.json": database("app2", "b.cpp"),
        "app2/src/b.cpp": '#include "common.h"\nint run2() { return common::twice(2); }\n',
    }


def test_a_header_no_project_serves_has_its_uses_matched_by_name_in_the_served_files(
    tmp_path: Path,
) -> None:
    """``common/include`` is in no project with a compilation database: its header is
    tree-sitter's, and clangd, serving app1 and app2, could tie no call of ``twice`` to it. Its
    usages and callers were empty (and said nothing); they are its name's uses everywhere."""
    served_tree(tmp_path, _shared_header_tree(tmp_path), "clangd")
    ws = open_workspace(tmp_path)
    try:
        found = usages(ws, UsagesInput(symbol="twice"))
        assert [(f.file, u.line) for f in found.files for u in f.usages] == [
            ("app1/src/a.cpp", 2),
            ("app2/src/b.cpp", 2),
        ]
        assert "common/include/common.h is indexed by tree-sitter" in found.provenance.notes[0]
        called = callers(ws, CallsInput(symbol="twice"))
        assert [c.method for level in called.levels for c in level.calls] == ["run1", "run2"]
    finally:
        ws.close()


def test_a_database_in_a_build_folder_of_another_name_is_handed_to_clangd(tmp_path: Path) -> None:
    """CLion writes the database to ``cmake-build-debug/``, a CMake preset to
    ``out/build/<preset>/``, Meson to ``builddir/``; clangd looks only in ``build/`` by itself.
    lsai hands it a build folder's database (one holding ``CMakeCache.txt``: not a vendored
    project's, written later), so the project is clangd's, not tree-sitter's: the macro's uses
    are calls of ``log_msg``, as clangd's incoming calls say."""
    build = tmp_path / "cmake-build-debug"
    entries = [
        {
            "directory": str(build),
            "file": str(tmp_path / path),
            "command": f"/usr/bin/cc -std=c11 -I{tmp_path / 'include'} -c {tmp_path / path}",
        }
        for path in C
        if path.startswith("src/")
    ]
    vendored = [{"directory": str(tmp_path / "third_party"), "file": "z.c", "command": "cc -c z.c"}]
    files = {
        **C,
        "cmake-build-debug/CMakeCache.txt": "",
        "cmake-build-debug/compile_commands.json": json.dumps(entries),
        "third_party/z.c": "int z(void) { return 0; }\n",
        "third_party/compile_commands.json": json.dumps(vendored),
    }
    served_tree(tmp_path, files, "clangd")
    served = "SELECT path, backend FROM files WHERE path LIKE 'src/%' ORDER BY path"
    assert index_rows(tmp_path, served) == [("src/log.c", "lsp"), ("src/use.c", "lsp")]
    log_msg = ("src/log.c", *LOG_MSG[1:])
    live = asyncio.run(live_callers(tmp_path, [log_msg], server="clangd"))
    ws = open_workspace(tmp_path)
    try:
        stored = stored_callers(ws, log_msg)
    finally:
        ws.close()
    assert (
        stored
        == live[log_msg]
        == {
            ("opened", "src/log.c"),
            ("run", "src/log.c"),
            ("start", "src/use.c"),
        }
    )
