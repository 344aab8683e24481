"""gopls as the index backend for Go, offline, on a copy of ``tests/fixtures/go``.

The copy gets ``lookup.go``, which calls both ``Circle.Get`` and ``Square.Get`` and names
``NewCircle`` in a comment and a string.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lsai.indexer.lsp import ServerRun, SourceText, index_files
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.treesitter.extract import extract

pytestmark = pytest.mark.skipif(
    resolve_command(ADAPTERS["gopls"]) is None,
    reason="install gopls: apt-get install gopls golang-go "
    "(or: go install golang.org/x/tools/gopls@latest)",
)

FIXTURE = Path(__file__).parent / "fixtures" / "go"
LOOKUP = """package main

import geo "example.com/geometry/shapes"

// NewCircle in a comment is not a call
var label = "NewCircle"

func lookup(c *geo.Circle, s geo.Square) float64 {
\ta, _ := c.Get("radius")
\tb, _ := s.Get("side")
\treturn a + b
}
"""
FILES = ["main.go", "lookup.go", "shapes/shapes.go"]
SHAPES = "shapes/shapes.go"


def key(path: str, descriptors: str) -> str:
    return f"lsai go . {path} {descriptors}"


def _copy(tmp: Path) -> tuple[Path, list[SourceText]]:
    root = tmp / "go"
    shutil.copytree(FIXTURE, root)
    (root / "lookup.go").write_text(LOOKUP, encoding="utf-8")
    return root, [SourceText(p, "go", (root / p).read_text(encoding="utf-8")) for p in FILES]


@pytest.fixture(scope="module")
def indexed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ServerRun]:
    root, files = _copy(tmp_path_factory.mktemp("gopls"))
    return root, index_files("gopls", root, ".", files)


def refs(run: ServerRun, symbol_key: str) -> set[tuple[str, int, int, str]]:
    return {
        (path, o.span.start_line, o.span.start_col, o.role)
        for found in (run.files, run.outside)
        for path, data in found.items()
        for o in data.occurrences
        if o.symbol_key == symbol_key
    }


def test_every_file_is_complete_or_says_which_references_gopls_could_not_give(
    indexed: tuple[Path, ServerRun],
) -> None:
    _, run = indexed
    assert run.server == "gopls"
    assert set(run.files) == set(FILES)
    assert run.status["main.go"].status == run.status["lookup.go"].status == "complete"
    # Debian's gopls panics at random (about 6 runs in 10) answering the references of
    # Circle.String, which implements fmt.Stringer; lsai restarts it and asks again once
    shapes = run.status[SHAPES]
    assert shapes.status == "complete" or "without String" in str(shapes.reason)


@pytest.mark.parametrize("path", FILES)
def test_keys_and_name_spans_agree_with_tree_sitter(
    indexed: tuple[Path, ServerRun], path: str
) -> None:
    root, run = indexed
    tree = extract("go", path, ".", (root / path).read_bytes())
    ours = {(s.key, s.name_span) for s in run.files[path].symbols}
    theirs = {(s.key, s.name_span) for s in tree.symbols}
    embedded = {(k, span) for k, span in ours - theirs if k == key(SHAPES, "Shape#Stringer.")}
    assert ours - embedded == theirs  # gopls also lists the interface's embedded fmt.Stringer


def test_columns_after_an_emoji_are_code_points(indexed: tuple[Path, ServerRun]) -> None:
    _, run = indexed
    greet = next(s for s in run.files["main.go"].symbols if s.name == "greet")
    assert (greet.name_span.start_line, greet.name_span.start_col) == (9, 28)


def test_same_named_methods_of_two_types_have_different_references(
    indexed: tuple[Path, ServerRun],
) -> None:
    _, run = indexed
    assert refs(run, key(SHAPES, "Circle#Get().")) == {
        (SHAPES, 59, 18, "definition"),
        ("lookup.go", 9, 12, "reference"),
    }
    assert refs(run, key(SHAPES, "Square#Get().")) == {
        (SHAPES, 66, 17, "definition"),
        ("lookup.go", 10, 12, "reference"),
    }


def test_a_name_in_a_comment_or_a_string_is_not_a_reference(
    indexed: tuple[Path, ServerRun],
) -> None:
    _, run = indexed
    assert refs(run, key(SHAPES, "NewCircle().")) == {
        (SHAPES, 41, 6, "definition"),
        (SHAPES, 55, 9, "reference"),
        ("main.go", 12, 11, "reference"),
    }


def test_a_call_of_a_concrete_method_is_not_a_reference_of_the_interface_method(
    indexed: tuple[Path, ServerRun],
) -> None:
    _, run = indexed
    assert ("main.go", 13, 25, "reference") in refs(run, key(SHAPES, "Circle#Area()."))
    assert ("main.go", 13, 25, "reference") not in refs(run, key(SHAPES, "Shape#Area()."))


def test_outgoing_calls_have_callee_keys_across_packages(indexed: tuple[Path, ServerRun]) -> None:
    _, run = indexed
    calls = {
        (c.callee_name, c.callee_key, c.line, c.col)
        for c in run.files["main.go"].calls
        if c.caller_key == key("main.go", "main().")
    }
    assert {
        ("NewCircle", key(SHAPES, "NewCircle()."), 12, 11),
        ("greet", key("main.go", "greet()."), 13, 14),
        ("Area", key(SHAPES, "Circle#Area()."), 13, 25),
        ("Println", None, 13, 6),
    } <= calls


def test_diagnostics_are_collected_and_the_tree_is_untouched(tmp_path: Path) -> None:
    root, files = _copy(tmp_path)
    broken = SourceText("broken.go", "go", "package main\n\nfunc broken() int { return nope }\n")
    (root / broken.path).write_text(broken.content, encoding="utf-8")
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    run = index_files("gopls", root, ".", [*files, broken])
    found = run.files[broken.path].diagnostics
    assert [(d.severity, d.span.start_line, d.span.start_col) for d in found] == [("error", 3, 28)]
    assert "nope" in found[0].message
    assert run.files["main.go"].diagnostics == []
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before
