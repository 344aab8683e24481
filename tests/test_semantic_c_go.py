"""`lsai index` over C, C++ and Go: clangd and gopls answer, and the user's tree stays as it was."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.pipeline import run_index
from lsai.query.info import InfoInput, info
from lsai.query.rename import RenameInput, rename
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.conftest import FIXTURES
from tests.test_references_match_server import live
from tests.trees import served_tree

Workspace = Callable[[str], Path]
CLANGD = pytest.mark.skipif(
    resolve_command(ADAPTERS["clangd"]) is None, reason="install clangd: apt-get install clangd"
)
GOPLS = pytest.mark.skipif(
    resolve_command(ADAPTERS["gopls"]) is None,
    reason="install gopls: apt-get install gopls golang-go",
)


def tree(root: Path) -> list[tuple[str, int]]:
    return sorted((p.relative_to(root).as_posix(), p.stat().st_mtime_ns) for p in root.rglob("*"))


def rows(database: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(database) as conn:
        return conn.execute(sql).fetchall()


@pytest.fixture(scope="module")
def indexed(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """The index database of a committed fixture workspace, indexed once for the module's
    tests that only read it (on a copy; the run must be complete)."""
    done: dict[str, Path] = {}

    def index(name: str) -> Path:
        if name not in done:
            root = tmp_path_factory.mktemp(name) / name
            shutil.copytree(FIXTURES / name, root, ignore=shutil.ignore_patterns(".lsai"))
            database = root.parent / "index.db"
            assert run_index(root, database=str(database)).complete
            done[name] = database
        return done[name]

    return index


@pytest.mark.parametrize(
    ("fixture", "server"),
    [
        pytest.param("c", "clangd", marks=CLANGD),
        pytest.param("cpp", "clangd", marks=CLANGD),
        pytest.param("go", "gopls", marks=GOPLS),
    ],
)
def test_files_are_answered_by_the_server_and_the_tree_gets_no_new_file(
    workspace: Workspace, tmp_path: Path, fixture: str, server: str
) -> None:
    root = workspace(fixture)
    before = tree(root)
    database = tmp_path / "index.db"
    summary = run_index(root, database=str(database))
    assert tree(root) == before
    assert summary.servers[server].files == len(
        rows(database, "SELECT path FROM files WHERE language IN ('c', 'cpp', 'go')")
    )
    found = rows(
        database,
        "SELECT DISTINCT backend, backend_version FROM files WHERE language IN ('c', 'cpp', 'go')",
    )
    assert len(found) == 1 and found[0][0] == "lsp" and str(found[0][1]).startswith(server + " ")
    callees = rows(database, "SELECT count(*) > 0 FROM call_edges WHERE callee_key IS NOT NULL")
    assert callees == [(1,)]


@CLANGD
def test_cpp_callers_come_from_derived_call_edges(indexed: Callable[[str], Path]) -> None:
    database = indexed("cpp")
    # the construction in main, and the delegating constructor `Circle(r, "circle")` (clangd's
    # incoming calls list both)
    assert set(
        rows(
            database,
            "SELECT caller_key, line, col FROM call_edges "
            "WHERE callee_key = 'lsai cpp . src/shape.cpp geo/Circle#Circle(+1).'",
        )
    ) == {
        ("lsai cpp . src/main.cpp main().", 17, 26),
        ("lsai cpp . src/shape.cpp geo/Circle#Circle().", 18, 28),
    }


@CLANGD
def test_c_without_a_compilation_database_keeps_tree_sitter_and_says_how_to_make_one(
    workspace: Workspace, tmp_path: Path
) -> None:
    root = workspace("c")
    (root / "compile_commands.json").unlink()
    before = tree(root)
    database = tmp_path / "index.db"
    summary = run_index(root, database=str(database))
    assert summary.complete
    assert "cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON" in summary.fallbacks["c"]
    assert summary.languages["c"].backends == {"tree-sitter"}
    assert "clangd" not in summary.servers
    assert tree(root) == before


@CLANGD
def test_projects_in_one_letter_folders_are_each_served_from_their_own_database(
    tmp_path: Path,
) -> None:
    """A monorepo's ``c/`` and ``cpp/``: the file of ``c/`` belongs to project ``c`` (it was
    taken for the workspace root's: "." and "c" are as long), whose compile_commands.json
    clangd reads."""
    root = tmp_path / "mono"
    for name, language in (("c", "c"), ("cpp", "cpp")):
        shutil.copytree(FIXTURES / name, root / name)
        assert (root / name / "compile_commands.json").is_file(), language
    summary = run_index(root, database=str(tmp_path / "index.db"))
    assert summary.complete
    assert summary.fallbacks == {}
    assert summary.languages["c"].backends == {"lsp"}
    assert summary.languages["cpp"].backends == {"lsp"}
    with sqlite3.connect(tmp_path / "index.db") as db:
        projects = dict(
            db.execute(
                "SELECT f.path, p.root FROM files f JOIN projects p ON p.id = f.project_id"
            ).fetchall()
        )
    assert projects["c/src/ring.c"] == "c"
    assert projects["cpp/src/shape.cpp"] == "cpp"


def test_a_go_file_build_constraints_leave_out_is_complete(tmp_path: Path) -> None:
    """gopls builds no package for a file its build tags exclude and fails every request
    about it ("no package metadata"): the file keeps what it answered, and the run is complete
    (not partial, which would fail ``lsai index`` in CI for every repository with such files)."""
    files = {
        "go.mod": "module example.com/tags\n\ngo 1.19\n",
        "off.go": "//go:build !debug\n\npackage main\n\nfunc debugOn() bool { return false }\n",
        "on.go": (
            "//go:build debug\n\npackage main\n\nfunc debugOn() bool { return helper() }\n\n"
            "func helper() bool { return true }\n"
        ),
        "main.go": "package main\n\nfunc main() { println(debugOn()) }\n",
    }
    summary = served_tree(tmp_path, files, "gopls")
    assert summary.servers["gopls"].files == 3
    with sqlite3.connect(tmp_path / ".lsai" / "index.db") as conn:
        found = conn.execute("SELECT path, status, error FROM files ORDER BY path").fetchall()
    assert found == [
        ("main.go", "complete", None),
        ("off.go", "complete", None),
        ("on.go", "complete", None),
    ]


@CLANGD
def test_a_c_function_declared_in_a_header_is_one_symbol_with_its_definition(
    indexed: Callable[[str], Path],
) -> None:
    """clangd answers one entity for ``int ring_put(...);`` in ring.h and its definition in
    ring.c: the index stores one symbol (the definition, not the ``extern`` declaration of a
    variable), documented as its header says, and the header's name is its declaration."""
    database = indexed("c")
    found = rows(
        database,
        "SELECT s.name, f.path, s.start_line, s.doc FROM symbols s "
        "JOIN files f ON f.id = s.file_id "
        "WHERE s.name IN ('ring_put', 'ring_debug') ORDER BY s.name",
    )
    assert found == [
        ("ring_debug", "src/ring.c", 4, None),
        ("ring_put", "src/ring.c", 10, "Puts one byte; returns 0 when the ring is full."),
    ]
    sites = rows(
        database,
        "SELECT f.path, o.start_line, o.role, o.symbol_key FROM occurrences o "
        "JOIN files f ON f.id = o.file_id WHERE o.name = 'ring_put' ORDER BY f.path",
    )
    ring_put = "lsai c . src/ring.c ring_put()."
    assert sites == [
        ("src/main.c", 14, "call", ring_put),
        ("src/ring.c", 10, "definition", ring_put),
        ("src/ring.h", 35, "declaration", ring_put),
    ]


@CLANGD
def test_a_cpp_method_defined_out_of_line_is_one_symbol_with_its_declaration(
    indexed: Callable[[str], Path],
) -> None:
    database = indexed("cpp")
    found = rows(
        database,
        "SELECT s.key, o.role, f.path, o.start_line FROM symbols s "
        "JOIN occurrences o ON o.symbol_key = s.key JOIN files f ON f.id = o.file_id "
        "WHERE s.name = 'rename' ORDER BY f.path",
    )
    rename = "lsai cpp . src/shape.cpp geo/Shape#rename()."
    assert found == [
        (rename, "declaration", "include/geo/shape.hpp", 21),
        (rename, "definition", "src/shape.cpp", 13),
    ]


@CLANGD
def test_an_override_defined_out_of_line_is_one_symbol_apart_from_what_it_overrides(
    indexed: Callable[[str], Path],
) -> None:
    """clangd's references of ``Circle::area`` list ``Shape::area``'s declaration and back
    (greenlet ``BrokenGreenlet::force_slp_switch_error``): each was read as a declaration of
    the other, and ``Circle::area``'s header declaration stayed a symbol apart."""
    database = indexed("cpp")
    found = rows(
        database,
        "SELECT o.symbol_key, o.role, f.path, o.start_line FROM occurrences o "
        "JOIN files f ON f.id = o.file_id WHERE o.name = 'area' ORDER BY f.path, o.start_line",
    )
    shape, circle = (
        "lsai cpp . include/geo/shape.hpp geo/Shape#area().",
        "lsai cpp . src/shape.cpp geo/Circle#area().",
    )
    assert found == [
        (shape, "definition", "include/geo/shape.hpp", 17),
        (circle, "declaration", "include/geo/shape.hpp", 32),
        (shape, "call", "src/main.cpp", 9),
        (circle, "definition", "src/shape.cpp", 23),
    ]
    assert rows(database, "SELECT count(*) FROM symbols WHERE name = 'area'") == [(2,)]


@CLANGD
def test_a_constructor_defined_out_of_line_is_one_symbol_with_its_declaration(
    indexed: Callable[[str], Path],
) -> None:
    """clangd's references of a class list its constructors' names: at ``Circle(double r);``
    in the class the class's reference was kept over the constructor's declaration, and the
    declaration stayed a symbol of its own (greenlet: every constructor, 2 symbols each)."""
    database = indexed("cpp")
    found = rows(
        database,
        "SELECT s.key, o.role, f.path, o.start_line FROM symbols s "
        "JOIN occurrences o ON o.symbol_key = s.key JOIN files f ON f.id = o.file_id "
        "WHERE s.kind = 'constructor' AND o.role IN ('definition', 'declaration') "
        "ORDER BY s.key, f.path",
    )
    circle, circle2, shape = (
        "lsai cpp . src/shape.cpp geo/Circle#Circle().",
        "lsai cpp . src/shape.cpp geo/Circle#Circle(+1).",
        "lsai cpp . src/shape.cpp geo/Shape#Shape().",
    )
    assert found == [
        (circle, "declaration", "include/geo/shape.hpp", 30),
        (circle, "definition", "src/shape.cpp", 18),
        (circle2, "declaration", "include/geo/shape.hpp", 31),
        (circle2, "definition", "src/shape.cpp", 20),
        (shape, "declaration", "include/geo/shape.hpp", 13),
        (shape, "definition", "src/shape.cpp", 11),
    ]


@CLANGD
def test_a_class_holds_its_out_of_line_members_and_renames_and_uses_its_constructors(
    indexed: Callable[[str], Path],
) -> None:
    """``double Circle::area() const {...}`` in shape.cpp is stored there, whose rows do not
    hold the class: it had no container, ``Circle`` counted none of those members, and a
    rename of ``Circle`` left its constructors (``Circle(double r);``, ``Circle::Circle``,
    ``new geo::Circle(...)``) under the old name, and its usages left its constructions
    (greenlet: ``throw AttributeError(...)``, 0 usages of 9)."""
    database = indexed("cpp")
    ws = open_workspace(database.parent / "cpp", str(database), read_only=True)
    try:
        counts = info(ws, InfoInput(file="include/geo/shape.hpp", line=28, col=7)).member_counts
        assert counts == {"constructor": 2, "field": 1, "method": 2}
        plan = rename(ws, RenameInput(file="include/geo/shape.hpp", line=28, col=7, new_name="D"))
        changed = {(c.file, c.line, col) for c in plan.changes for col in c.cols}
        used = usages(ws, UsagesInput(file="include/geo/shape.hpp", line=28, col=7))
    finally:
        ws.close()
    assert changed == {
        ("include/geo/shape.hpp", 28, 7), ("include/geo/shape.hpp", 30, 5),
        ("include/geo/shape.hpp", 31, 5), ("src/main.cpp", 14, 41), ("src/main.cpp", 17, 26),
        ("src/shape.cpp", 18, 1), ("src/shape.cpp", 18, 9), ("src/shape.cpp", 18, 28),
        ("src/shape.cpp", 20, 1), ("src/shape.cpp", 20, 9), ("src/shape.cpp", 23, 8),
        ("src/shape.cpp", 25, 18),
    }  # fmt: skip
    # clangd's references of the class: its constructors' names too (``new geo::Circle(...)``)
    lines = {(f.file, u.line) for f in used.files for u in f.usages}
    assert lines == {(file, line) for file, line, _ in changed} - {("include/geo/shape.hpp", 28)}


@CLANGD
def test_a_macro_has_the_usages_clangd_finds(indexed: Callable[[str], Path]) -> None:
    """clangd's outline lists no ``#define``; its references of a macro are its expansions."""
    database = indexed("c")
    found = rows(
        database,
        "SELECT f.path, o.start_line, o.start_col, o.role FROM occurrences o "
        "JOIN files f ON f.id = o.file_id "
        "WHERE o.symbol_key = 'lsai c . src/ring.h RING_CAPACITY!' ORDER BY 1, 2, 3",
    )
    assert found == [
        ("src/ring.c", 32, 65, "reference"),
        ("src/ring.c", 32, 92, "reference"),
        ("src/ring.h", 6, 9, "definition"),
        ("src/ring.h", 11, 24, "reference"),
    ]
    calls = rows(
        database,
        "SELECT count(*), min(caller_key) FROM call_edges "
        "WHERE callee_key = 'lsai c . src/ring.h RING_NEXT!'",
    )
    assert calls == [(4, "lsai c . src/ring.c ring_each().")]


TYPEDEFS = {
    "compile_commands.json": (
        '[{"directory": ".", "file": "mem.c", "command": "cc -std=c11 -I. -c mem.c"}]\n'
    ),
    "mem.h": (
        "typedef struct point {\n  int x;\n  int y;\n} point;\n\n"
        "typedef struct pair_s {\n  int a;\n} pair_t;\n\n"
        "struct holder {\n  struct point *p;\n};\n"
    ),
    "mem.c": (
        '#include "mem.h"\n'
        "int getx(struct holder *h) { struct point *q = h->p; return q->x; }\n"
        "int gety(point *p) { return p->y; }\n"
        "int geta(pair_t *p, struct pair_s *s) { return p->a + s->a; }\n"
        "static struct chunk { struct chunk *prev; } *head;\n"
        "int deep(void) { return head->prev != 0; }\n"
    ),
}


@CLANGD
def test_a_struct_typedef_named_like_it_is_one_type_with_the_usages_of_both(
    tmp_path: Path,
) -> None:
    """``typedef struct point {...} point;``: one type ``point`` holding the fields, used as
    ``struct point`` and as ``point``; the typedef's name is a declaration of it. A typedef
    named otherwise (``pair_t``) is a type of its own beside the struct, and so is a struct
    defined in a variable's declaration (``chunk``, beside ``head``)."""
    served_tree(tmp_path, TYPEDEFS, "clangd")
    database = tmp_path / ".lsai" / "index.db"
    found = rows(database, "SELECT qualified_name, kind, start_line FROM symbols ORDER BY 1, 2")
    assert [f for f in found if not str(f[0]).startswith(("get", "holder", "deep"))] == [
        ("chunk", "struct", 5),
        ("chunk.prev", "field", 5),
        ("head", "variable", 5),
        ("pair_s", "struct", 6),
        ("pair_s.a", "field", 7),
        ("pair_t", "type", 6),
        ("point", "struct", 1),
        ("point.x", "field", 2),
        ("point.y", "field", 3),
    ]
    point = rows(database, "SELECT key FROM symbols WHERE qualified_name = 'point'")[0][0]
    sites = rows(
        database,
        "SELECT f.path, o.start_line, o.start_col, o.role FROM occurrences o "
        f"JOIN files f ON f.id = o.file_id WHERE o.symbol_key = '{point}' ORDER BY 1, 2, 3",
    )
    assert sites == [
        ("mem.c", 2, 37, "reference"),
        ("mem.c", 3, 10, "reference"),
        ("mem.h", 1, 16, "definition"),
        ("mem.h", 4, 3, "declaration"),
        ("mem.h", 11, 10, "reference"),
    ]
    for name, line in (("pair_s", 4), ("pair_t", 4), ("prev", 6)):
        used = rows(
            database,
            "SELECT count(*) FROM occurrences o JOIN symbols s ON s.key = o.symbol_key "
            f"WHERE s.name = '{name}' AND o.role = 'reference' AND o.start_line = {line}",
        )
        assert used == [(1,)], name


MEM = "#include <stdlib.h>\ntypedef struct mem { void *(*calloc)(size_t, size_t); } mem;\n"
EXTERNS = {
    "compile_commands.json": json.dumps(
        [
            {"directory": ".", "file": f, "command": f"cc -std=c11 -c {f}"}
            for f in ("alloc.c", "plugin.c", "third.c")
        ]
    ),
    "alloc.c": MEM
    + "mem DEFAULT_MEM = {calloc};\nmem *get_default(void) { return &DEFAULT_MEM; }\n",
    "plugin.c": MEM + "extern mem DEFAULT_MEM;\n\n"
    "void *plugin_new(void) { return DEFAULT_MEM.calloc(1, 8); }\n",
    "third.c": MEM + "extern mem DEFAULT_MEM;\n\n"
    "void *third_new(void) { return DEFAULT_MEM.calloc(2, 8); }\n",
}


@CLANGD
def test_extern_declarations_in_other_files_are_declarations_of_the_one_variable(
    tmp_path: Path,
) -> None:
    """``extern mem DEFAULT_MEM;`` in two source files, defined in a third: one variable (clangd
    answers one), its externs declarations of it; the struct each file defines alike is one
    type too (clangd: one tag across translation units), its typedefs declarations of it."""
    served_tree(tmp_path, EXTERNS, "clangd")
    database = tmp_path / ".lsai" / "index.db"
    found = rows(
        database,
        "SELECT s.name, s.kind, f.path FROM symbols s JOIN files f ON f.id = s.file_id "
        "WHERE s.name IN ('DEFAULT_MEM', 'mem') ORDER BY 1",
    )
    assert found == [("DEFAULT_MEM", "variable", "alloc.c"), ("mem", "struct", "alloc.c")]
    sites = rows(
        database,
        "SELECT o.name, f.path, o.start_line, o.role FROM occurrences o "
        "JOIN files f ON f.id = o.file_id "
        "WHERE o.name IN ('DEFAULT_MEM', 'mem') AND o.symbol_key IN (SELECT key FROM symbols) "
        "ORDER BY 1, 2, 3, 4",
    )
    assert [s for s in sites if s[0] == "DEFAULT_MEM"] == [
        ("DEFAULT_MEM", "alloc.c", 3, "definition"),
        ("DEFAULT_MEM", "alloc.c", 4, "reference"),
        ("DEFAULT_MEM", "plugin.c", 3, "declaration"),
        ("DEFAULT_MEM", "plugin.c", 5, "reference"),
        ("DEFAULT_MEM", "third.c", 3, "declaration"),
        ("DEFAULT_MEM", "third.c", 5, "reference"),
    ]
    assert len([s for s in sites if s[0] == "mem"]) == 10
    assert rows(
        database,
        "SELECT count(*) FROM occurrences WHERE symbol_key IS NULL "
        "AND name IN ('DEFAULT_MEM', 'mem')",
    ) == [(0,)]


BIG = {
    "compile_commands.json": (
        '[{"directory": ".", "file": "big.cc", "command": "c++ -std=c++17 -c big.cc"}]\n'
    ),
    "big.cc": (
        "namespace conv {\nnamespace {\n"
        "inline bool IsDigit(char c) { return c >= '0' && c <= '9'; }\n"
        "}  // namespace\n\n"
        "class Big {\n public:\n  void Clear(int n);\n\n private:\n"
        "  int& RawBigit(int index) { return bigits_[index]; }\n  int bigits_[16];\n};\n\n"
        "void Big::Clear(int n) {\n  for (int i = 0; i < n; ++i) {\n"
        "    RawBigit(i) = IsDigit('1');\n  }\n}\n}  // namespace conv\n"
    ),
}


@CLANGD
def test_cpp_anonymous_namespace_members_and_an_assigned_call_are_read_once(
    tmp_path: Path,
) -> None:
    """A function in ``namespace {`` is one symbol of the enclosing namespace (clangd lists it
    in an ``(anonymous namespace)``, tree-sitter in the scope C++ looks it up in), and
    ``RawBigit(i) = ...;`` in a body is a call of the method, not a function defined there."""
    served_tree(tmp_path, BIG, "clangd")
    database = tmp_path / ".lsai" / "index.db"
    found = rows(database, "SELECT qualified_name, kind FROM symbols ORDER BY 1")
    assert found == [
        ("conv", "namespace"),
        ("conv.Big", "class"),
        ("conv.Big.Clear", "method"),
        ("conv.Big.RawBigit", "method"),
        ("conv.Big.bigits_", "field"),
        ("conv.IsDigit", "function"),
    ]
    calls = rows(
        database,
        "SELECT s.name, e.line FROM call_edges e JOIN symbols s ON s.key = e.callee_key ORDER BY 1",
    )
    assert calls == [("IsDigit", 17), ("RawBigit", 17)]


SHAPE = {
    "compile_commands.json": (
        '[{"directory": ".", "file": "shape.cc", "command": "c++ -std=c++17 -I. -c shape.cc"}]\n'
    ),
    "shape.h": (
        "namespace geo {\nclass Shape {\n public:\n  explicit Shape(int sides) : sides_(sides) {}\n"
        "  int Sides() const { return sides_; }\n  void Grow();\n\n private:\n  int sides_;\n};\n"
        "}  // namespace geo\n"
    ),
    "shape.cc": (
        '#include "shape.h"\nnamespace geo {\nvoid Shape::Grow() { sides_ += Sides(); }\n}\n'
    ),
}


@CLANGD
def test_a_header_outline_lists_what_it_declares_and_another_file_defines(
    tmp_path: Path,
) -> None:
    """A method declared in its class in a header and defined in a source file is stored once
    (the definition), and the header's outline lists it in its class, at its declaration."""
    from lsai.query.contracts import OutlineInput
    from lsai.query.outline import outline
    from lsai.query.workspace import open_workspace

    served_tree(tmp_path, SHAPE, "clangd")
    ws = open_workspace(tmp_path)
    try:
        found = outline(ws, OutlineInput(file="shape.h"))
    finally:
        ws.close()
    (geo,) = found.sections[0].members
    (shape,) = geo.members or []
    assert [(m.name, m.kind, m.line) for m in shape.members or []] == [
        ("Shape", "constructor", 4),
        ("Sides", "method", 5),
        ("Grow", "method", 6),
        ("sides_", "field", 9),
    ]


UNLOCKED = {
    "compile_commands.json": (
        '[{"directory": ".", "file": "work.c", "command": "cc -std=c11 -c work.c"}]\n'
    ),
    "work.c": (
        "int unlock(void);\nvoid relock(int);\n"
        "#define BEGIN_UNLOCKED { int saved_ = unlock();\n"
        "#define END_UNLOCKED relock(saved_); }\n\n"
        "static int release(int *p) { return *p; }\n\n"
        "int work(int *p) {\n  int n = 0;\n"
        "  BEGIN_UNLOCKED\n  if (p) {\n    n = release(p);\n  }\n  END_UNLOCKED\n"
        "  BEGIN_UNLOCKED\n  release (p);\n  END_UNLOCKED\n"
        "  return n;\n}\n"
    ),
}


@CLANGD
def test_a_c_macro_statement_before_a_block_defines_no_function_in_a_function(
    tmp_path: Path,
) -> None:
    """``Py_BEGIN_ALLOW_THREADS`` then ``if (x) {...}`` or ``f (x);`` in a body: tree-sitter-c
    reads a function ``if`` or ``f`` defined there (the macro its return type). C has no
    function in a function (clang rejects GNU C's nested ones), so none is defined, and a call
    read so is a call: search listed a bogus ``work.if`` or ``work.release`` per such statement,
    and callers of ``release`` missed ``work`` (lz4's Python extension: 26 bogus functions)."""
    served_tree(tmp_path, UNLOCKED, "clangd")
    database = tmp_path / ".lsai" / "index.db"
    found = rows(database, "SELECT qualified_name FROM symbols WHERE kind = 'function' ORDER BY 1")
    assert found == [("release",), ("relock",), ("unlock",), ("work",)]
    calls = rows(
        database,
        "SELECT e.caller_key, e.line FROM call_edges e JOIN symbols s ON s.key = e.callee_key "
        "WHERE s.name = 'release' ORDER BY 2",
    )
    # the second, `release (p);` after the macro, is read as a call (clangd's incoming calls
    # are its references by the function they are in: ``ServerAdapter.reads_call``)
    assert calls == [("lsai c . work.c work().", 12), ("lsai c . work.c work().", 16)]


FORWARD = {
    "compile_commands.json": (
        '[{"directory": ".", "file": "ctx.c", "command": "cc -std=c11 -c ctx.c"}]\n'
    ),
    "ctx.c": (
        "typedef struct ctx_s ctx_s;\nstruct node;\n\n"
        "struct ctx_s {\n  int n;\n};\n\n"
        "struct node {\n  struct node *next;\n};\n\n"
        "static int get(ctx_s *c) { return c->n; }\n"
        "int put(struct ctx_s *c, struct node *at) { c->n = at != 0; return get(c); }\n"
    ),
}


@CLANGD
def test_a_forward_declared_struct_is_one_type_with_its_typedef_and_all_its_usages(
    tmp_path: Path,
) -> None:
    """``typedef struct ctx_s ctx_s;`` or ``struct node;`` before ``struct ctx_s {...}``: clangd
    lists the forward declaration as a symbol of its own, tree-sitter does not, so the keys of
    the two backends parted and the struct was stored twice (ctx_s[+1] and ctx_s[+2], the
    fields twice), its definition on one and its usages on the other (lz4's stream_context_t,
    LZ4_stream_t_internal). Now one struct, the forward names and the typedef declarations of
    it, every use of either spelling a usage."""
    served_tree(tmp_path, FORWARD, "clangd")
    database = tmp_path / ".lsai" / "index.db"
    found = rows(database, "SELECT qualified_name, start_line FROM symbols ORDER BY 1")
    assert found == [
        ("ctx_s", 4),
        ("ctx_s.n", 5),
        ("get", 12),
        ("node", 8),
        ("node.next", 9),
        ("put", 13),
    ]
    for name, expected in (
        ("ctx_s", [(1, 16), (1, 22), (4, 8), (12, 16), (13, 16)]),
        ("node", [(2, 8), (8, 8), (9, 10), (13, 33)]),
    ):
        key = rows(database, f"SELECT key FROM symbols WHERE qualified_name = '{name}'")[0][0]
        sites = rows(
            database,
            "SELECT start_line, start_col FROM occurrences "
            f"WHERE symbol_key = '{key}' ORDER BY 1, 2",
        )
        assert sites == expected, name


GENERIC = {
    "go.mod": "module example.com/gen\n\ngo 1.19\n",
    "gen.go": (
        "package gen\n\ntype Number interface {\n\t~int | ~float64\n}\n\n"
        "func Sum[N Number](xs ...N) N {\n\tvar t N\n\tfor _, x := range xs {\n\t\tt += x\n\t}\n"
        "\treturn t\n}\n\n"
        "func Pair[A, B any](a A, b B) A { return a }\n\n"
        'func demo() float64 {\n\t_ = Sum(1, 2)\n\t_ = Pair[int, string](1, "")\n'
        "\treturn Sum[float64](1.5)\n}\n"
    ),
}


@GOPLS
def test_a_go_call_with_explicit_type_arguments_and_one_argument_is_a_call(
    tmp_path: Path,
) -> None:
    """``Sum[float64](1.5)``: tree-sitter-go reads a conversion to the generic type
    ``Sum[float64]``, so the site was a reference and callers and callees missed it (gopls's
    incoming calls of ``Sum`` list it)."""
    served_tree(tmp_path, GENERIC, "gopls")
    database = tmp_path / ".lsai" / "index.db"
    calls = rows(
        database,
        "SELECT s.name, e.line FROM call_edges e JOIN symbols s ON s.key = e.callee_key "
        "WHERE e.caller_key = 'lsai go . gen.go demo().' ORDER BY 2",
    )
    assert calls == [("Sum", 18), ("Pair", 19), ("Sum", 20)]


@CLANGD
def test_a_function_defined_in_each_branch_of_an_if_is_used_where_it_is_active(
    tmp_path: Path,
) -> None:
    """``#if defined(USE_A)`` / ``#else``, each defining ``pick`` (lz4's ``LZ4_write16``):
    clangd lists the active definition only, tree-sitter both; a key numbers the definitions
    of a name, so the two numbered the active one apart, and its uses landed on the inactive
    one. Now the call is a use of the ``#else`` branch's, which the build compiles."""
    files = {
        "compile_commands.json": (
            '[{"directory": ".", "file": "m.c", "command": "cc -std=c11 -c m.c"}]\n'
        ),
        "m.c": (
            "#if defined(USE_A)\nstatic int pick(int x) { return x; }\n#else\n"
            "static int pick(int x) { return -x; }\n#endif\n"
            "int run(void) { return pick(1); }\n"
        ),
    }
    served_tree(tmp_path, files, "clangd")
    database = tmp_path / ".lsai" / "index.db"
    found = rows(
        database,
        "SELECT s.name_line, o.role, o.start_line FROM symbols s "
        "JOIN occurrences o ON o.symbol_key = s.key WHERE s.name = 'pick' ORDER BY 1, 3",
    )
    assert found == [(2, "definition", 2), (4, "definition", 4), (4, "call", 6)]
    calls = rows(
        database,
        "SELECT s.name_line FROM call_edges c JOIN symbols s ON s.key = c.callee_key "
        "WHERE c.callee_name = 'pick'",
    )
    assert calls == [(4,)]


@CLANGD
def test_what_a_macro_expansion_declares_is_a_symbol_where_its_name_is_written(
    tmp_path: Path,
) -> None:
    """clangd 14 lists a macro expansion's declarations under a node named after the macro
    (python-rapidjson, regex: ``PyDoc_STRVAR(doc, "...")``, ``PyObject_HEAD``): that node was
    a constant holding them, ``counter`` and ``doc`` were its members and their uses
    unresolved; ``HEAD``'s field, spelled nowhere, took the macro's other expansions as its
    references. Now ``doc`` and ``counter`` are variables at their names, with their uses."""
    files = {
        "compile_commands.json": (
            '[{"directory": ".", "file": "m.c", "command": "cc -std=c11 -c m.c"}]\n'
        ),
        "m.c": (
            "#define HEAD int ob_base;\n"
            "#define DOCVAR(name, s) static const char name[] = s\n"
            "#define DECL_INT(n) static int n = 0\n"
            "struct a { HEAD int x; };\n"
            "struct b { HEAD int y; };\n"
            'DOCVAR(doc, "Doc.");\n'
            "DECL_INT(counter);\n"
            "int bump(struct a *p) { counter += p->x; return counter; }\n"
            "const char *text(void) { return doc; }\n"
        ),
    }
    served_tree(tmp_path, files, "clangd")
    database = tmp_path / ".lsai" / "index.db"
    found = rows(
        database,
        "SELECT s.name, s.kind, s.container_key IS NULL, o.role, o.start_line, o.start_col "
        "FROM symbols s JOIN occurrences o ON o.symbol_key = s.key "
        "WHERE s.name IN ('doc', 'counter', 'ob_base', 'HEAD', 'DOCVAR') ORDER BY 1, 5, 6",
    )
    assert found == [
        ("DOCVAR", "macro", 1, "definition", 2, 9),
        ("DOCVAR", "macro", 1, "call", 6, 1),
        ("HEAD", "macro", 1, "definition", 1, 9),
        ("HEAD", "macro", 1, "reference", 4, 12),
        ("HEAD", "macro", 1, "reference", 5, 12),
        ("counter", "variable", 1, "definition", 7, 10),
        ("counter", "variable", 1, "reference", 8, 25),
        ("counter", "variable", 1, "reference", 8, 49),
        ("doc", "variable", 1, "definition", 6, 8),
        ("doc", "variable", 1, "reference", 9, 33),
    ]


@CLANGD
def test_a_use_of_a_macro_naming_a_type_is_a_use_of_the_macro_and_of_the_type(
    tmp_path: Path,
) -> None:
    """``#define State StateInternal`` (brotli ``BrotliDecoderState``): clangd's references of
    ``StateInternal`` list every ``State`` written, as the macro's do; the site kept the macro
    alone, and the type's usages missed them all (brotli: 76 in decode.c)."""
    files = {
        "compile_commands.json": (
            '[{"directory": ".", "file": "s.c", "command": "cc -std=c11 -c s.c"}]\n'
        ),
        "s.h": (
            "typedef struct StateStruct { int n; } StateInternal;\n#define State StateInternal\n"
        ),
        "s.c": (
            '#include "s.h"\n'
            "int get(State* s) { return s->n; }\n"
            "int put(StateInternal* s, int n) { s->n = n; return n; }\n"
        ),
    }
    served_tree(tmp_path, files, "clangd")
    found = rows(
        tmp_path / ".lsai" / "index.db",
        "SELECT o.symbol_key, o.start_line, o.start_col FROM occurrences o "
        "JOIN files f ON f.id = o.file_id WHERE f.path = 's.c' AND o.role = 'reference' "
        "AND o.symbol_key NOT LIKE '%n.' ORDER BY 2, 3, 1",
    )
    assert found == [
        ("lsai c . s.h State!", 2, 9),
        ("lsai c . s.h StateInternal#", 2, 9),
        ("lsai c . s.h StateInternal#", 3, 9),
    ]


@CLANGD
def test_an_opaque_typedef_in_a_header_is_one_type_with_the_struct_a_source_file_defines(
    tmp_path: Path,
) -> None:
    """``typedef struct ctx_s ctx_s;`` in ctx.h, ``struct ctx_s {...}`` in ctx.c: two symbols
    ``ctx_s``, each with half the usages (the same-file case was one). A typedef of another
    name (``other_t``) stays a type of its own."""
    files = {
        "compile_commands.json": (
            '[{"directory": ".", "file": "ctx.c", "command": "cc -std=c11 -I. -c ctx.c"},\n'
            ' {"directory": ".", "file": "main.c", "command": "cc -std=c11 -I. -c main.c"}]\n'
        ),
        "ctx.h": (
            "typedef struct ctx_s ctx_s;\ntypedef struct other other_t;\n"
            "ctx_s *ctx_new(void);\nint ctx_get(const ctx_s *c);\n"
        ),
        "ctx.c": (
            '#include <stdlib.h>\n#include "ctx.h"\nstruct ctx_s { int n; };\n'
            "struct other { int z; };\n"
            "ctx_s *ctx_new(void) { return calloc(1, sizeof(struct ctx_s)); }\n"
            "int ctx_get(const ctx_s *c) { return c->n; }\n"
        ),
        "main.c": '#include "ctx.h"\nint main(void) { ctx_s *c = ctx_new(); return ctx_get(c); }\n',
    }
    served_tree(tmp_path, files, "clangd")
    database = tmp_path / ".lsai" / "index.db"
    types = rows(
        database, "SELECT key FROM symbols WHERE name IN ('ctx_s', 'other', 'other_t') ORDER BY 1"
    )
    assert types == [
        ("lsai c . ctx.c ctx_s#",), ("lsai c . ctx.c other#",), ("lsai c . ctx.h other_t#",),
    ]  # fmt: skip
    found = rows(
        database,
        "SELECT f.path, o.start_line, o.role FROM occurrences o JOIN files f ON f.id = o.file_id "
        "WHERE o.symbol_key = 'lsai c . ctx.c ctx_s#' ORDER BY 1, 2, o.start_col",
    )
    assert found == [
        ("ctx.c", 3, "definition"), ("ctx.c", 5, "reference"), ("ctx.c", 5, "reference"),
        ("ctx.c", 6, "reference"), ("ctx.h", 1, "reference"), ("ctx.h", 1, "declaration"),
        ("ctx.h", 3, "reference"), ("ctx.h", 4, "reference"), ("main.c", 2, "reference"),
    ]  # fmt: skip


LOCAL_TYPES = {
    "compile_commands.json": '[{"directory": ".", "file": "m.c", "command": "cc -c m.c"}]\n',
    "m.c": (
        "struct outer { int a; };\n"
        "static int run(int n) {\n"
        "  struct local { int x; int y; } p = {1, 2};\n"
        "  typedef int myint;\n"
        "  enum color { RED, GREEN };\n"
        "  union u { int i; float f; } w;\n"
        "  myint k = n;\n"
        "  w.i = p.x;\n"
        "  return w.i + p.y + k == RED ? GREEN : RED;\n"
        "}\n"
        "int main(void) { struct outer o = {3}; return run(o.a); }\n"
    ),
}


@CLANGD
def test_a_type_declared_in_a_function_has_the_usages_clangd_finds(tmp_path: Path) -> None:
    """clangd's outline leaves out a struct, typedef, enum or union declared in a function's
    body and their members; its references of them are their uses (before: 0 usages)."""
    summary = served_tree(tmp_path, LOCAL_TYPES, "clangd")
    assert summary.servers["clangd"].calls == 1  # main -> run, stored (clangd answers none)
    with sqlite3.connect(tmp_path / ".lsai" / "index.db") as conn:
        symbols = {
            str(key): ("m.c", int(line), int(col))
            for key, line, col in conn.execute(
                "SELECT key, name_line, name_col FROM symbols WHERE key LIKE '%run().%_'"
            )
        }
        used: dict[str, set[tuple[str, int, int]]] = {key: set() for key in symbols}
        for key, line, col in conn.execute(
            "SELECT symbol_key, start_line, start_col FROM occurrences "
            "WHERE role <> 'definition' AND symbol_key LIKE '%run().%_'"
        ):
            used[str(key)].add(("m.c", int(line), int(col)))
    assert len(symbols) == 10  # local, x, y, myint, color, RED, GREEN, u, i, f
    server = asyncio.run(live(tmp_path, symbols, "clangd"))
    assert used == server
    assert used["lsai c . m.c run().color#RED."] == {("m.c", 9, 27), ("m.c", 9, 41)}


# gopls in front of the real one, which dies as Debian's gopls panics on the references of a
# method such as pflag's boolValue.Set (nil pointer in source.interfaceReferences; measured: in
# about half of the requests, by Go's map order, so a test cannot count on the panic itself):
# every time it is asked the references at one of the LINES of FILE
CRASHING_GOPLS = """#!{python}
import json, os, subprocess, sys, threading
REAL, FILE, LINES = {real!r}, {file!r}, {lines!r}
if sys.argv[1:]:
    os.execv(REAL, [REAL, *sys.argv[1:]])
server = subprocess.Popen([REAL], stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def answer():
    while chunk := server.stdout.read1(65536):
        sys.stdout.buffer.write(chunk)
        sys.stdout.buffer.flush()
    os._exit(server.wait())


threading.Thread(target=answer, daemon=True).start()
source = sys.stdin.buffer
while True:
    head = b""
    while not head.endswith(b"\\r\\n\\r\\n"):
        byte = source.read(1)
        if not byte:
            server.stdin.close()
            os._exit(server.wait())
        head += byte
    length = int(head.split(b"Content-Length:")[1].split(b"\\r\\n")[0])
    body = source.read(length)
    message = json.loads(body)
    params = message.get("params") or {{}}
    if (
        message.get("method") == "textDocument/references"
        and params["textDocument"]["uri"].endswith("/" + FILE)
        and params["position"]["line"] in LINES
    ):
        server.kill()
        sys.stderr.write("panic: runtime error: invalid memory address or nil pointer\\n")
        sys.stderr.flush()
        os._exit(2)
    server.stdin.write(head + body)
    server.stdin.flush()
"""


@GOPLS
def crashing_gopls(folder: Path, monkeypatch: pytest.MonkeyPatch, lines: tuple[int, ...]) -> None:
    """``gopls`` first on PATH: CRASHING_GOPLS, dying at ``lines`` (0-based) of value.go."""
    real = shutil.which("gopls")
    assert real is not None
    folder.mkdir()
    script = folder / "gopls"
    text = CRASHING_GOPLS.format(python=sys.executable, real=real, file="value.go", lines=lines)
    script.write_text(text, encoding="utf-8")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}:{os.environ['PATH']}")
    assert resolve_command(ADAPTERS["gopls"]) == [str(script)]


def go_flags_usages(
    workspace: Workspace, tmp_path: Path, at: list[tuple[int, int]]
) -> tuple[list[tuple[object, ...]], list[set[tuple[str, int]]]]:
    """Index go_flags: the status of each file and the usages (file, line) at each of ``at``."""
    root = workspace("go_flags")
    database = tmp_path / "index.db"
    run_index(root, database=str(database))
    found = rows(database, "SELECT path, status, error FROM files ORDER BY path")
    ws = open_workspace(root, str(database), read_only=True)
    try:
        answers = [usages(ws, UsagesInput(file="value.go", line=ln, col=col)) for ln, col in at]
    finally:
        ws.close()
    return found, [{(f.file, u.line) for f in a.files for u in f.usages} for a in answers]


GO_FLAGS_COMPLETE = [
    ("text.go", "complete", None),
    ("value.go", "complete", None),
    ("wrapped.go", "complete", None),
]


@GOPLS
def test_a_method_gopls_crashes_on_is_answered_by_definition_and_its_file_is_complete(
    workspace: Workspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """gopls panics on the references of some methods (pflag's ``boolValue.Set``: go_flags
    without the interface that sets it off; here every time it is asked). lsai restarted it,
    asked once more, and went on without the method: its file was partial (pflag's bool.go,
    go-toml's encode_test.go in accuracy_bench), and every answer in scope said so. The fresh
    server answers its references by definition."""
    crashing_gopls(tmp_path / "bin", monkeypatch, (16,))
    found, (sets,) = go_flags_usages(workspace, tmp_path, [(17, 21)])
    assert found == GO_FLAGS_COMPLETE
    assert sets == {
        ("value.go", 41),  # v.Set("true"): Value.Set's, which boolValue.Set implements
        ("value.go", 52),  # b.Set("false")
    }


@GOPLS
def test_a_run_where_gopls_crashes_on_several_methods_completes(
    workspace: Workspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """gopls panics on each of go-toml's seven ``MarshalText`` methods in about half of the
    requests: where it had crashed on three symbols, lsai stopped asking and every file of the
    run was partial (1 run in 3). A server that answers between its crashes is asked on; here it
    crashes on four methods, every time."""
    crashing_gopls(tmp_path / "bin", monkeypatch, (16, 21, 28, 30))
    found, (sets, strings) = go_flags_usages(workspace, tmp_path, [(17, 21), (22, 21)])
    assert found == GO_FLAGS_COMPLETE
    assert sets == {("value.go", 41), ("value.go", 52)}
    assert strings == {("value.go", 57)}  # b.String()
