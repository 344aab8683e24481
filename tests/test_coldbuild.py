"""A cold build writes a scratch file and renames it into place, complete, with every index."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lsai.indexer.pipeline import run_index
from lsai.storage.coldbuild import cold_build, end_bulk_load, open_for_run
from lsai.storage.models import Base
from lsai.storage.writer import IndexWriter

Workspace = Callable[[str], Path]
EXPECTED_INDEXES = {ix.name for t in Base.metadata.tables.values() for ix in t.indexes}


def indexes(db: Path) -> set[str]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'").fetchall()
    return {name for (name,) in rows if not name.startswith("sqlite_autoindex")}


def test_a_cold_build_leaves_only_the_index_with_every_secondary_index(
    workspace: Workspace,
) -> None:
    root = workspace("python")
    assert run_index(root, backend="tree-sitter").complete
    lsai = root / ".lsai"
    assert sorted(p.name for p in lsai.iterdir()) == ["index.db"]
    assert indexes(lsai / "index.db") == EXPECTED_INDEXES
    with sqlite3.connect(lsai / "index.db") as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("SELECT count(*) FROM occurrences").fetchone()[0] > 0


def test_only_a_missing_sqlite_file_is_built_cold(tmp_path: Path) -> None:
    db = tmp_path / "index.db"
    with open_for_run(str(db)) as (_, cold):
        assert cold and not db.exists()  # written under another name until complete
    with open_for_run(str(db)) as (_, cold):
        assert not cold


def test_an_interrupted_cold_build_publishes_what_it_wrote(
    workspace: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = workspace("python")
    real = IndexWriter.write_files

    def write_then_stop(self: IndexWriter, *args: Any, **kwargs: Any) -> None:
        real(self, *args, **kwargs)
        raise KeyboardInterrupt

    monkeypatch.setattr(IndexWriter, "write_files", write_then_stop)
    with pytest.raises(KeyboardInterrupt):
        run_index(root, backend="tree-sitter")
    db = root / ".lsai" / "index.db"
    assert indexes(db) == EXPECTED_INDEXES
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT status FROM index_runs").fetchall() == [("interrupted",)]
    monkeypatch.undo()
    assert run_index(root, backend="tree-sitter").complete  # the next run completes it


def test_scratch_files_of_dead_processes_are_removed(tmp_path: Path) -> None:
    target = tmp_path / "index.db"
    stale = tmp_path / "index.db.999999999.building"  # no such process
    stale.write_bytes(b"half a build")
    Path(f"{stale}-wal").write_bytes(b"")
    with cold_build(target):
        pass
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.db"]


def test_the_bulk_load_ends_with_the_usual_connection_settings(tmp_path: Path) -> None:
    def settings() -> tuple[int, int, set[str]]:
        with index.connect() as conn:
            sync = conn.exec_driver_sql("PRAGMA synchronous").scalar()
            keys = conn.exec_driver_sql("PRAGMA foreign_keys").scalar()
        assert index.path is not None
        return int(sync or 0), int(keys or 0), indexes(index.path)

    with cold_build(tmp_path / "index.db") as index:
        assert settings() == (0, 0, set())  # no fsync, no foreign key checks, no indexes
        end_bulk_load(index)
        assert settings() == (1, 1, EXPECTED_INDEXES)  # NORMAL, on, every index
        end_bulk_load(index)  # a second call changes nothing
