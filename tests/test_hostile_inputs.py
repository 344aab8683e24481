"""Workspaces and inputs real users have that are hostile to a tool: file names with colons and
spaces, positions off by one in odd ways, folders the walk cannot look into. Each answers, or
fails with a code and a remedy, never with a traceback (INTERNAL_ERROR)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from lsai.cli.check import EXIT_CLEAN, check
from lsai.cli.progress import print_summary
from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.pipeline import run_index
from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.contracts import OutlineInput, OutlineResult
from lsai.query.diagnostics import DiagnosticsInput, diagnostics, diagnostics_of_files
from lsai.query.info import InfoInput, InfoResult, info
from lsai.query.outline import outline
from lsai.query.rename import RenameInput, rename
from lsai.query.workspace import open_workspace
from tests.renames import live_rename
from tests.test_mcp import connected, text
from tests.trees import served_tree, served_workspace


def _info(root: Path, **target: object) -> InfoResult:
    ws = open_workspace(root)
    try:
        return info(ws, InfoInput.model_validate(target))
    finally:
        ws.close()


def _too_deep(root: Path) -> str:
    """Folders nested under ``root`` past PATH_MAX (20 x 251 characters > 4,096); the workspace
    path of the first one the walk cannot look into (ENAMETOOLONG)."""
    here = os.open(root, os.O_RDONLY)
    try:
        for _ in range(20):
            os.mkdir("d" * 250, dir_fd=here)
            inner = os.open("d" * 250, os.O_RDONLY, dir_fd=here)
            os.close(here)
            here = inner
    finally:
        os.close(here)
    depth = next(n for n in range(1, 21) if len(str(root)) + 251 * n >= 4096)
    return "/".join(["d" * 250] * depth) + "/"


def test_a_folder_too_deep_to_look_into_is_left_out_and_the_rest_is_indexed(
    tmp_path: Path,
) -> None:
    """A folder whose path is longer than the system allows (``.gitignore`` in it cannot even be
    looked at: ENAMETOOLONG; a folder a user may not read fails the same way, EACCES) failed
    the whole walk with INTERNAL_ERROR."""
    (tmp_path / "top.py").write_text("def top():\n    return 1\n")
    _too_deep(tmp_path)
    summary = run_index(tmp_path, backend="tree-sitter")
    assert summary.complete
    assert _info(tmp_path, symbol="top").symbol.file == "top.py"


def test_a_folder_the_walk_cannot_look_into_is_named_in_the_index_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It was left out silently: the summary said nothing of the files under it."""
    (tmp_path / "top.py").write_text("def top():\n    return 1\n")
    folder = _too_deep(tmp_path)
    summary = run_index(tmp_path, backend="tree-sitter")
    assert summary.unreadable == [(folder, "cannot be read (File name too long)")]
    print_summary(summary)
    shown = capsys.readouterr().out
    assert f"skipped: {folder}: cannot be read (File name too long)" in shown
    assert "1 folder unreadable" in shown


@pytest.mark.anyio
async def test_workspace_open_names_a_folder_it_cannot_look_into(tmp_path: Path) -> None:
    (tmp_path / "top.py").write_text("def top():\n    return 1\n")
    folder = _too_deep(tmp_path)
    async with connected(None, backend="tree-sitter") as client:
        opened = await client.call_tool("workspace_open", {"path": str(tmp_path)})
    assert f"skipped: {folder}: cannot be read" in text(opened)


@pytest.mark.parametrize("name", ["c:d.py", "my app.py", "a#b.py"])
def test_a_position_written_as_file_line_col_names_a_file_with_a_colon_or_a_space(
    tmp_path: Path, name: str
) -> None:
    """``c:d.py:1:5`` (as compilers and grep print a position) was read as no position at all
    when the file's name holds a colon or a space, and failed SYMBOL_NOT_FOUND."""
    (tmp_path / name).write_text("def colon():\n    return 1\n")
    assert run_index(tmp_path, backend="tree-sitter").complete
    found = _info(tmp_path, symbol=f"{name}:1:5").symbol
    assert (found.name, found.file, found.line) == ("colon", name, 1)


def test_a_negative_line_written_as_file_line_col_is_an_invalid_position(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("def f():\n    return 1\n")
    assert run_index(tmp_path, backend="tree-sitter").complete
    with pytest.raises(LsaiError) as caught:
        _info(tmp_path, symbol="m.py:-1:3")
    assert caught.value.code == ErrorCode.INVALID_POSITION


def test_column_0_on_a_definitions_header_is_that_definition_not_the_line_above(
    tmp_path: Path,
) -> None:
    """Column 0 can only be 0-based: the ``d`` of ``def``. It was read as before the header, so
    the 0-based reading of the line above (``x`` at 2:1) answered instead."""
    (tmp_path / "m.py").write_text("import os\nx = 1\ndef caller():\n    return os.sep\n")
    assert run_index(tmp_path, backend="tree-sitter").complete
    found = _info(tmp_path, file="m.py", line=3, col=0).symbol
    assert (found.name, found.line) == ("caller", 3)


def test_the_filesystem_root_is_refused_as_a_workspace() -> None:
    """``workspace_open /`` (MCP) or ``lsai index /`` indexed every file of the machine and
    wrote ``/.lsai/index.db`` (2.3 GB before it was stopped), which every later ``lsai check``
    without an index of its own then found "from . upwards"."""
    with pytest.raises(LsaiError) as refused:
        run_index(Path("/"))
    assert refused.value.code == ErrorCode.INVALID_ARGUMENT
    assert not Path("/.lsai").exists()


def _outline(root: Path, file: str) -> OutlineResult:
    ws = open_workspace(root)
    try:
        return outline(ws, OutlineInput(file=file))
    finally:
        ws.close()


@pytest.mark.parametrize("given", ["../other/x.py", "pkg/../../other/x.py"])
def test_a_relative_path_that_leaves_the_workspace_is_said_to_be_outside_it(
    tmp_path: Path, given: str
) -> None:
    """``../other/x.py`` was read as a workspace path and answered "is not in the index", as if
    it might be indexed one day; its absolute form said "outside the workspace"."""
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "m.py").write_text("def f():\n    return 1\n")
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "x.py").write_text("def x():\n    return 1\n")
    assert run_index(tmp_path / "ws", backend="tree-sitter").complete
    with pytest.raises(LsaiError) as caught:
        _outline(tmp_path / "ws", given)
    assert caught.value.code == ErrorCode.FILE_NOT_FOUND
    assert "outside the workspace" in caught.value.message
    assert _outline(tmp_path / "ws", "pkg/../m.py").target == "m.py"


@pytest.mark.parametrize("given", [".", "", "./"])
def test_an_outline_of_the_workspace_folder_is_an_invalid_argument(
    tmp_path: Path, given: str
) -> None:
    """``outline .`` answered "' ' is not in the index" (FILE_NOT_FOUND, an empty name): the
    outline of a folder is no file the index could hold."""
    (tmp_path / "m.py").write_text("def f():\n    return 1\n")
    assert run_index(tmp_path, backend="tree-sitter").complete
    with pytest.raises(LsaiError) as caught:
        _outline(tmp_path, given)
    assert caught.value.code == ErrorCode.INVALID_ARGUMENT
    assert "typeName" in caught.value.resolution


def test_a_position_in_the_workspace_folder_is_an_invalid_argument(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("def f():\n    return 1\n")
    assert run_index(tmp_path, backend="tree-sitter").complete
    with pytest.raises(LsaiError) as caught:
        _info(tmp_path, file=".", line=1, col=5)
    assert caught.value.code == ErrorCode.INVALID_ARGUMENT


def test_diagnostics_of_a_workspace_without_source_files_say_the_index_holds_none(
    tmp_path: Path,
) -> None:
    """A workspace with no source file answered "scope '*' matches no indexed file", with the
    remedy to pass ``*``, which the user had done."""
    (tmp_path / "README.md").write_text("# notes\n")
    assert run_index(tmp_path, backend="tree-sitter").complete
    ws = open_workspace(tmp_path)
    try:
        with pytest.raises(LsaiError) as tool:
            diagnostics(ws, DiagnosticsInput())
        with pytest.raises(LsaiError) as gate:  # what ``lsai check`` asks
            diagnostics_of_files(ws, None, ["error"])
        for caught in (tool, gate):
            assert caught.value.code == ErrorCode.FILE_NOT_FOUND
            assert "lsai index" in caught.value.resolution
            assert "*" not in caught.value.resolution
    finally:
        ws.close()


SKIPPED = {
    "src/m.py": "def f() -> int:\n    return 'not an int'\n",
    "src/lib.min.js": "var a=1;\n",  # minified by its name: skipped, never served
}


def test_diagnostics_of_a_skipped_file_say_why_it_was_not_indexed(tmp_path: Path) -> None:
    """Diagnostics of a minified (binary, too large) file answered "none served this scope" and
    0 results; outline of it says it was not indexed and why, and so do they now."""
    ws = served_workspace(tmp_path, SKIPPED, "ty")
    try:
        with pytest.raises(LsaiError) as caught:
            diagnostics(ws, DiagnosticsInput(scope="src/lib.min.js"))
        assert caught.value.code == ErrorCode.FILE_NOT_FOUND
        assert "minified" in caught.value.message
        folder = diagnostics(ws, DiagnosticsInput(scope="src"))
        assert folder.served and folder.total == 1
        assert any("src/lib.min.js" in note for note in folder.provenance.notes)
    finally:
        ws.close()


def test_check_of_a_skipped_file_says_why_and_passes(tmp_path: Path) -> None:
    served_tree(tmp_path, SKIPPED, "ty")
    outcome = check(tmp_path, [Path("src/lib.min.js")], cwd=tmp_path)
    assert outcome.exit_code == EXIT_CLEAN
    assert any("minified" in line for line in outcome.lines)
    assert not any("no language server" in line for line in outcome.lines)


NAMESAKES = {
    "a.py": "x = 1\n\n\ndef use():\n    return x\n",
    "b.py": "from a import x as y\n\n\ndef f(x):\n    return x + y\n\n\n"
    "def g():\n    x = 2\n    return x\n",
}


def test_a_rename_preview_labels_a_namesake_parameter_in_another_file_as_another_symbol(
    tmp_path: Path,
) -> None:
    """Renaming the module variable ``x`` listed the parameter ``x`` of ``f`` and the local
    ``x`` of ``g`` in another file as "unresolved reference", as if they might be ``x``; ty's
    rename leaves them, and the preview says why: they are another function's."""
    served_tree(tmp_path, NAMESAKES, "ty")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        found = rename(ws, RenameInput(file="a.py", line=1, col=1, new_name="z"))
    finally:
        ws.close()
    server = asyncio.run(live_rename(tmp_path, "ty", ("a.py", 1, 1), "z"))
    assert {(c.file, c.line, c.new_text) for c in found.changes} == server
    untouched = {(m.file, m.line, m.reason) for m in found.untouched}
    assert untouched == {
        ("b.py", 4, "different symbol"),
        ("b.py", 5, "different symbol"),
        ("b.py", 9, "different symbol"),
        ("b.py", 10, "different symbol"),
    }
