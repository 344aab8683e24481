"""Every output profile of search and outline, snapshotted on the Python fixture."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.pipeline import run_index
from lsai.query.contracts import PROFILES, OutlineInput, SearchInput
from lsai.query.diagnostics import DiagnosticItem, DiagnosticsResult
from lsai.query.outline import outline
from lsai.query.render import render
from lsai.query.search import search
from lsai.query.workspace import Workspace, open_workspace
from tests.snapshots import assert_snapshot


@pytest.fixture
def ws(workspace: Callable[[str], Path]) -> Iterator[Workspace]:
    root = workspace("python")
    run_index(root, backend="tree-sitter")
    opened = open_workspace(root)
    yield opened
    opened.close()


@pytest.mark.parametrize("profile", PROFILES)
def test_outline_of_a_file_in_every_profile(ws: Workspace, profile: str) -> None:
    result = outline(ws, OutlineInput(file="src/shop/models.py"))
    assert_snapshot(f"profiles/outline_models.{profile}", render(result, profile))


@pytest.mark.parametrize("profile", PROFILES)
def test_outline_of_a_type_in_every_profile(ws: Workspace, profile: str) -> None:
    result = outline(ws, OutlineInput(type_name="Cart", depth=1))
    assert_snapshot(f"profiles/outline_type_cart.{profile}", render(result, profile))


@pytest.mark.parametrize("profile", PROFILES)
def test_search_in_every_profile(ws: Workspace, profile: str) -> None:
    result = search(ws, SearchInput(query="*e*", kind=["function", "method"], limit=5))
    assert_snapshot(f"profiles/search_e.{profile}", render(result, profile))


def test_outline_depth_one_shows_only_the_type(ws: Workspace) -> None:
    result = outline(ws, OutlineInput(type_name="Cart", depth=1))
    assert [m.name for m in result.sections[0].members] == ["Cart"]
    assert result.sections[0].members[0].members == []


def test_an_unknown_profile_is_an_error_naming_the_available_ones(ws: Workspace) -> None:
    result = search(ws, SearchInput(query="get"))
    with pytest.raises(LsaiError) as caught:
        render(result, "xml")
    assert caught.value.code == ErrorCode.INVALID_ARGUMENT
    assert "compact" in caught.value.resolution


def test_a_brace_language_outline_renders_as_its_own_syntax(
    workspace: Callable[[str], Path],
) -> None:
    root = workspace("typescript")
    run_index(root, backend="tree-sitter")
    opened = open_workspace(root)
    try:
        result = outline(opened, OutlineInput(file="src/shapes.ts"))
    finally:
        opened.close()
    assert_snapshot("profiles/outline_shapes_ts.syntax", render(result, "syntax"))


def test_a_diagnostic_of_several_lines_prints_its_first_line_lean_and_all_in_verbose() -> None:
    """ty adds ``info:`` lines after a blank one: the lean profiles keep one line a diagnostic,
    verbose indents the rest under it, and no line escapes its file's block."""
    message = "Cannot resolve imported module `h2`\n\ninfo: Searched in these paths:\ninfo:   1. ."
    item = DiagnosticItem(
        file="a.py", line=3, col=8, end_line=3, end_col=10, severity="error",
        code="import-not-found", message=message, source="ty", context="import h2",
    )  # fmt: skip
    result = DiagnosticsResult(
        scope=".", severities=["error"], diagnostics=[item], counts={"error": 1}, total=1,
        truncated=False, served=True,
    )  # fmt: skip
    for profile in ("compact", "compiler", "grep", "syntax", "turbo"):
        assert "info:" not in render(result, profile), profile
    verbose = render(result, "verbose").splitlines()
    assert verbose[1].endswith("Cannot resolve imported module `h2`")
    assert verbose[2:4] == ["    info: Searched in these paths:", "    info:   1. ."]
