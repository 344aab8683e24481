"""clangd as the index backend for C and C++, on copies of ``tests/fixtures/c`` and ``cpp``.

The C++ copy gets ``src/lookup.cpp``, which calls both ``Circle::get`` and ``Point::get`` and
names ``square`` in a comment and a string. clangd has no outgoing calls: call edges come from
tree-sitter's call sites resolved by clangd's references (``merge.merge``).
"""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from lsai.indexer import merge
from lsai.indexer.lsp import ServerRun, SourceText, index_files
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.lsp.launch import clangd_requirement
from lsai.indexer.lsp.session import LspSession
from lsai.indexer.treesitter.extract import extract
from lsai.storage.records import FileIndex

pytestmark = pytest.mark.skipif(
    resolve_command(ADAPTERS["clangd"]) is None, reason="install clangd: apt-get install clangd"
)

FIXTURES = Path(__file__).parent / "fixtures"
LOOKUP = """#include "geo/shape.hpp"

// square(2) in a comment is not a call
const char* label = "square";

double lookup(const geo::Circle& circle, const geo::Point& point) {
    return circle.get() + point.get(0);
}
"""
CPP = ["include/geo/shape.hpp", "src/shape.cpp", "src/main.cpp", "src/lookup.cpp"]
C = ["src/ring.h", "src/ring.c", "src/main.c"]
HPP, SHAPE, MAIN = CPP[0], CPP[1], CPP[2]


def key(language: str, path: str, descriptors: str) -> str:
    return f"lsai {language} . {path} {descriptors}"


def _copy(tmp: Path, name: str, paths: list[str], language: str) -> tuple[Path, list[SourceText]]:
    root = tmp / name
    shutil.copytree(FIXTURES / name, root)
    if name == "cpp":
        (root / "src/lookup.cpp").write_text(LOOKUP, encoding="utf-8")
    return root, [SourceText(p, language, (root / p).read_text(encoding="utf-8")) for p in paths]


@pytest.fixture(scope="module")
def cpp(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ServerRun]:
    root, files = _copy(tmp_path_factory.mktemp("clangd"), "cpp", CPP, "cpp")
    return root, index_files("clangd", root, ".", files)


@pytest.fixture(scope="module")
def c(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ServerRun]:
    root, files = _copy(tmp_path_factory.mktemp("clangd"), "c", C, "c")
    return root, index_files("clangd", root, ".", files)


def refs(run: ServerRun, symbol_key: str) -> set[tuple[str, int, int, str]]:
    return {
        (path, o.span.start_line, o.span.start_col, o.role)
        for found in (run.files, run.outside)
        for path, data in found.items()
        for o in data.occurrences
        if o.symbol_key == symbol_key
    }


def merged(root: Path, run: ServerRun, language: str, path: str) -> FileIndex:
    """The rows lsai stores for ``path``: tree-sitter's, resolved by clangd's answers."""
    return merge.merge(extract(language, path, ".", (root / path).read_bytes()), run.files[path])


def test_every_file_is_complete_and_positions_are_utf8(cpp: tuple[Path, ServerRun]) -> None:
    _, run = cpp
    assert run.server == "clangd"
    assert run.position_encoding == "utf-8"  # negotiated with clangd's offsetEncoding extension
    assert {s.status for s in run.status.values()} == {"complete"}


@pytest.mark.parametrize(("language", "path"), [("cpp", p) for p in CPP] + [("c", p) for p in C])
def test_keys_agree_with_tree_sitter_for_every_definition_both_see(
    cpp: tuple[Path, ServerRun], c: tuple[Path, ServerRun], language: str, path: str
) -> None:
    root, run = cpp if language == "cpp" else c
    tree = extract(language, path, ".", (root / path).read_bytes())
    ours = {(s.name_span.start_line, s.name_span.start_col): s.key for s in run.files[path].symbols}
    theirs = {(s.name_span.start_line, s.name_span.start_col): s.key for s in tree.symbols}
    assert {at: ours[at] for at in ours.keys() & theirs.keys()} == {
        at: theirs[at] for at in ours.keys() & theirs.keys()
    }
    macros = {at for at, k in theirs.items() if k.endswith("!")}  # clangd lists no macros
    assert theirs.keys() - macros <= ours.keys()


def test_columns_after_an_emoji_are_code_points(cpp: tuple[Path, ServerRun]) -> None:
    _, run = cpp
    get = next(
        s for s in run.files[SHAPE].symbols if s.key == key("cpp", SHAPE, "geo/Circle#get().")
    )
    assert (get.name_span.start_line, get.name_span.start_col) == (25, 26)


def test_columns_are_code_points_when_clangd_speaks_utf16(tmp_path: Path) -> None:
    root, files = _copy(tmp_path, "c", C, "c")

    async def scenario() -> ServerRun:
        async with LspSession("clangd", root, encodings=("utf-16",)) as session:
            assert session.lsp.encoding == "utf-16"
            return await session.index(files)

    run = asyncio.run(scenario())
    size = next(s for s in run.files["src/ring.c"].symbols if s.name == "ring_size")
    assert (size.name_span.start_line, size.name_span.start_col) == (32, 18)


def test_same_named_methods_of_two_classes_have_different_references(
    cpp: tuple[Path, ServerRun],
) -> None:
    _, run = cpp
    circle_get = refs(run, key("cpp", SHAPE, "geo/Circle#get()."))
    point_get = refs(run, key("cpp", SHAPE, "geo/Point#get()."))
    assert circle_get == {
        (SHAPE, 25, 26, "definition"),
        (HPP, 33, 12, "declaration"),
        ("src/lookup.cpp", 7, 19, "reference"),
    }
    assert point_get == {
        (SHAPE, 27, 15, "definition"),
        (HPP, 41, 12, "declaration"),
        ("src/lookup.cpp", 7, 33, "reference"),
    }


def test_a_name_in_a_comment_or_a_string_is_not_a_reference(cpp: tuple[Path, ServerRun]) -> None:
    _, run = cpp
    found = refs(run, key("cpp", SHAPE, "geo/`detail::math`/square()."))
    assert found == {
        (SHAPE, 8, 8, "definition"),
        (HPP, 50, 8, "declaration"),
        (SHAPE, 23, 71, "reference"),
        (MAIN, 16, 35, "reference"),
    }
    lookup = run.files["src/lookup.cpp"].occurrences
    assert [o.name for o in lookup if o.span.start_line in (3, 4)] == ["label"]  # its definition


def test_a_declaration_and_its_definition_are_one_symbol(c: tuple[Path, ServerRun]) -> None:
    _, run = c
    ring_put = key("c", "src/ring.c", "ring_put().")
    assert refs(run, ring_put) == {
        ("src/ring.c", 10, 5, "definition"),
        ("src/ring.h", 35, 5, "declaration"),
        ("src/main.c", 14, 9, "reference"),
    }
    assert refs(run, key("c", "src/ring.h", "ring_put().")) == set()


def test_c_call_edges_are_derived_with_callee_keys_across_files(
    c: tuple[Path, ServerRun],
) -> None:
    root, run = c
    calls = {(x.callee_name, x.callee_key) for x in merged(root, run, "c", "src/main.c").calls}
    assert calls == {
        ("printf", None),
        ("ring_new", key("c", "src/ring.c", "ring_new().")),
        ("ring_put", key("c", "src/ring.c", "ring_put().")),
        ("ring_each", None),  # ring.h does not declare it: clangd resolves nothing, and says so
    }
    assert any("ring_each" in d.message for d in run.files["src/main.c"].diagnostics)
    inner = {(x.caller_key, x.callee_key) for x in merged(root, run, "c", "src/ring.c").calls}
    assert (key("c", "src/ring.c", "ring_get()."), key("c", "src/ring.c", "ring_size().")) in inner


def test_cpp_call_edges_resolve_methods_out_of_line_definitions_and_overloads(
    cpp: tuple[Path, ServerRun],
) -> None:
    root, run = cpp
    calls = {(x.line, x.col): x.callee_key for x in merged(root, run, "cpp", MAIN).calls}
    assert calls[(9, 43)] == key("cpp", HPP, "geo/Shape#area().")  # virtual, through a Shape&
    assert calls[(16, 11)] == key("cpp", HPP, "geo/Stack#push().")  # a template's method
    assert calls[(16, 35)] == key("cpp", SHAPE, "geo/`detail::math`/square().")
    assert calls[(17, 26)] == key("cpp", SHAPE, "geo/Circle#Circle(+1).")  # (double, string)
    assert calls[(18, 5)] == calls[(20, 12)] == key("cpp", MAIN, "run().")
    assert refs(run, key("cpp", SHAPE, "geo/Circle#Circle(+1).")) == {
        (SHAPE, 20, 9, "definition"),
        (HPP, 31, 5, "declaration"),
        (SHAPE, 18, 28, "reference"),  # the delegating constructor
        (MAIN, 17, 26, "reference"),
    }
    assert refs(run, key("cpp", SHAPE, "geo/Circle#Circle().")) == {
        (SHAPE, 18, 9, "definition"),
        (HPP, 30, 5, "declaration"),
    }


def test_diagnostics_are_collected_after_open(tmp_path: Path) -> None:
    root, files = _copy(tmp_path, "c", C, "c")
    broken = SourceText("src/broken.c", "c", '#include "ring.h"\nint f(void) { return nope; }\n')
    (root / broken.path).write_text(broken.content, encoding="utf-8")
    run = index_files("clangd", root, ".", [*files, broken])
    found = run.files[broken.path].diagnostics
    assert [(d.severity, d.source, d.span.start_line, d.span.start_col) for d in found] == [
        ("error", "clang", 2, 22)
    ]
    assert run.files["src/ring.c"].diagnostics == []


def test_a_project_without_a_compilation_database_is_told_how_to_make_one(tmp_path: Path) -> None:
    root, _ = _copy(tmp_path, "c", C, "c")
    assert clangd_requirement(root, root) is None
    (root / "compile_commands.json").unlink()
    why = clangd_requirement(root, root)
    assert why is not None and "cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON" in why
    assert "bear -- make" in why
