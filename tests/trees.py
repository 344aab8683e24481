"""Small workspaces written by a test, indexed with a language server."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.pipeline import IndexSummary, run_index
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace, open_workspace


def needs(server: str) -> pytest.MarkDecorator:
    """Skip a test when ``server`` is not installed, the command that installs it in the reason."""
    adapter = ADAPTERS[server]
    missing = resolve_command(adapter) is None
    return pytest.mark.skipif(missing, reason=f"{server} is not installed: {adapter.install}")


def served_tree(root: Path, files: dict[str, str], server: str) -> IndexSummary:
    """Write ``files`` (path -> text) under ``root`` and index it, the test skipped when
    ``server`` is not installed; the run must be complete."""
    if resolve_command(ADAPTERS[server]) is None:
        pytest.skip(f"{server} is not installed: {ADAPTERS[server].install}")
    return indexed_tree(root, files)


def indexed_tree(root: Path, files: dict[str, str], backend: str = "auto") -> IndexSummary:
    """Write ``files`` (path -> text) under ``root`` and index it with ``backend``; the run
    must be complete."""
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    summary = run_index(root, backend=backend)
    assert summary.complete, summary.failed
    return summary


def served_workspace(root: Path, files: dict[str, str], server: str) -> Workspace:
    """``served_tree``, then the index opened for the tools (close it when done)."""
    served_tree(root, files, server)
    return open_workspace(root)


def usage_lines(root: Path, symbol: str) -> set[tuple[str, int]]:
    """The (file, line) of every usage lsai's usages tool lists for ``symbol`` in the index of
    the tree at ``root``."""
    ws = open_workspace(root)
    try:
        found = usages(ws, UsagesInput(symbol=symbol))
    finally:
        ws.close()
    return {(f.file, u.line) for f in found.files for u in f.usages}


def index_rows(root: Path, sql: str) -> list[tuple[Any, ...]]:
    """The rows ``sql`` reads from the index of the tree at ``root`` (``.lsai/index.db``)."""
    with closing(sqlite3.connect(root / ".lsai" / "index.db")) as conn:
        return conn.execute(sql).fetchall()
