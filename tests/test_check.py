"""`lsai check`: update the index, then fail on error diagnostics of the given files."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from lsai.cli.check import NO_SERVER, NOT_INDEXED, severities_up_to
from lsai.cli.main import cli
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.pipeline import run_index
from lsai.query.diagnostics import diagnostics_of_files
from lsai.query.workspace import open_workspace
from lsai.storage.records import DiagnosticRecord, FileIndex, FileMeta, Span
from lsai.storage.writer import IndexWriter

Workspace = Callable[[str], Path]
BROKEN = 'def total() -> int:\n    return "not an int"\n'
FIXED = "def total() -> int:\n    return 1\n"
WARNED = "x = 1  # type: ignore\n"
needs_ty = pytest.mark.skipif(
    resolve_command(ADAPTERS["ty"]) is None, reason="install ty: pip install ty"
)


def lsai(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture
def python(workspace: Workspace) -> Path:
    root = workspace("python")
    (root / "src/shop/broken.py").write_text(BROKEN, encoding="utf-8")
    return root


@needs_ty
def test_a_type_error_fails_with_compiler_output_and_the_fix_passes(python: Path) -> None:
    found = lsai("check", "--root", str(python))
    assert found.exit_code == 1
    first, summary = found.stdout.splitlines()
    assert first.startswith("src/shop/broken.py(2,12): error invalid-")
    assert summary == "[1 error]"
    (python / "src/shop/broken.py").write_text(FIXED, encoding="utf-8")
    fixed = lsai("check", "--root", str(python))  # the index is updated first
    assert fixed.exit_code == 0 and fixed.stdout == "[0 errors]\n"


@needs_ty
def test_files_are_relative_to_the_current_directory_or_absolute(
    python: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(python / "src")
    assert lsai("check", "shop/broken.py").exit_code == 1  # the index is found from . upwards
    assert lsai("check", str(python / "src/shop/broken.py")).exit_code == 1
    clean = lsai("check", "shop/util.py", "./shop/models.py")
    assert clean.exit_code == 0 and clean.stdout == "[0 errors]\n"


@needs_ty
def test_severity_warning_adds_warnings(python: Path) -> None:
    (python / "src/shop/broken.py").write_text(WARNED, encoding="utf-8")
    assert lsai("check", "--root", str(python)).exit_code == 0
    warned = lsai("check", "--root", str(python), "--severity", "warning")
    assert warned.exit_code == 1
    assert warned.stdout.startswith("src/shop/broken.py(1,8): warning ")


def test_without_a_language_server_check_passes_and_says_so(python: Path) -> None:
    found = lsai("check", "--root", str(python), "--backend", "tree-sitter")
    assert found.exit_code == 0
    assert found.stdout.splitlines()[-1] == NO_SERVER


def test_files_the_index_does_not_hold_pass(python: Path) -> None:
    (python / "README.md").write_text("# shop\n", encoding="utf-8")
    args = ("--root", str(python), "--backend", "tree-sitter")
    found = lsai("check", *args, str(python / "README.md"), "/elsewhere/x.py")
    assert found.exit_code == 0 and found.stdout == NOT_INDEXED + "\n"


def test_a_missing_workspace_exits_2(tmp_path: Path) -> None:
    found = lsai("check", "--root", str(tmp_path / "nope"))
    assert found.exit_code == 2 and "WORKSPACE_NOT_FOUND" in found.stderr


def test_severity_is_a_threshold() -> None:
    assert severities_up_to("error") == ["error"]
    assert severities_up_to("warning") == ["error", "warning"]
    assert severities_up_to("hint") == ["error", "warning", "info", "hint"]


def test_many_files_are_checked_in_chunks_without_paging(workspace: Workspace) -> None:
    root = workspace("python")
    run_index(root, backend="tree-sitter")
    ws = open_workspace(root)
    try:
        writer = IndexWriter(ws.index)
        bad = [DiagnosticRecord(Span(1, 1, 1, 2), "error", "bad", "E1", "ty")] * 3
        batch: list[tuple[FileMeta, FileIndex | None]] = [
            (
                FileMeta(f"gen{i:04}.py", "python", 1, 1, "x", ".", 1, backend="lsp"),
                FileIndex(diagnostics=bad),
            )
            for i in range(2000)
        ]
        writer.write_files(batch, {}, 1)
        paths = [meta.path for meta, _ in batch] + ["not/indexed.py"]
        result = diagnostics_of_files(ws, paths, ["error"])
    finally:
        ws.close()
    assert result.total == len(result.diagnostics) == 6000 and not result.truncated
    assert [d.file for d in result.diagnostics[:4]] == ["gen0000.py"] * 3 + ["gen0001.py"]
    assert result.served and result.files_served == 2000
