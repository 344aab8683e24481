"""The index is portable: paths are relative, so it answers the same for a moved workspace or
next to another copy of the sources (an index built in CI, queried on another machine)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from lsai.cli.main import cli
from lsai.indexer.pipeline import run_index

Workspace = Callable[[str], Path]
FIXTURE = Path(__file__).parent / "fixtures" / "python"
QUERIES = (
    ("search", "Ca*"),
    ("search", "get", "--format", "json"),
    ("usages", "format_price"),
    ("callers", "format_price"),
    ("outline", "src/shop/models.py"),
    ("diagnostics",),
    ("sql", "SELECT path, backend, status FROM files ORDER BY path"),
)


def answers(root: Path, db: Path | None = None) -> list[str]:
    where = ["--root", str(root)] + (["--db", str(db)] if db is not None else [])
    outputs: list[str] = []
    for query in QUERIES:
        done = CliRunner().invoke(cli, [*query, *where], catch_exceptions=False)
        outputs.append(f"{done.exit_code} {done.stdout}")
    return outputs


@pytest.fixture
def indexed(workspace: Workspace) -> Path:
    root = workspace("python")
    assert run_index(root).complete
    return root


def test_a_moved_workspace_answers_the_same(indexed: Path, tmp_path: Path) -> None:
    before = answers(indexed)
    moved = shutil.move(indexed, tmp_path / "elsewhere" / "checkout")
    assert answers(Path(moved)) == before


FRESH_MTIMES = pytest.param(shutil.copy, id="fresh-mtimes")  # same content: hashed, not stale


@pytest.mark.parametrize("copy", [pytest.param(shutil.copy2, id="same-mtimes"), FRESH_MTIMES])
def test_an_index_copied_next_to_another_copy_of_the_sources_answers_the_same(
    indexed: Path, tmp_path: Path, copy: Callable[[str, str], object]
) -> None:
    before = answers(indexed)
    artifact = tmp_path / "artifact" / "index.db"
    artifact.parent.mkdir()
    shutil.copy(indexed / ".lsai" / "index.db", artifact)  # what CI uploads: the db alone
    checkout = tmp_path / "other-machine" / "checkout"
    shutil.copytree(FIXTURE, checkout, ignore=shutil.ignore_patterns(".lsai"), copy_function=copy)
    assert not (checkout / ".lsai").exists()
    assert answers(checkout, artifact) == before
