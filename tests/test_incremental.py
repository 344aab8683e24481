"""Differential test: after every random edit, the incremental index equals a full rebuild.

The incremental index is ``run_index`` on the database of the previous step; the rebuild is
``run_index`` into a fresh database. Both are compared row by row, with integer ids replaced by
the paths and project roots they stand for.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir

from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.pipeline import TREE_SITTER, run_index
from tests.workspace_edits import Edit, Model, edits

FIXTURE = Path(__file__).parent / "fixtures" / "python"
# database=None keeps examples out of .hypothesis/, but hypothesis also caches the constants of
# the source it tests there: keep that out of the repository too.
set_hypothesis_home_dir(Path(tempfile.gettempdir()) / "lsai-hypothesis")
TABLES = {
    "files": "SELECT f.path, f.status, f.backend, p.root "
    "FROM files f LEFT JOIN projects p ON p.id = f.project_id",
    "symbols": "SELECT f.path, s.key, s.kind, s.signature, s.container_key "
    "FROM symbols s LEFT JOIN files f ON f.id = s.file_id",
    "occurrences": "SELECT f.path, o.start_line, o.start_col, o.role, o.symbol_key, o.name "
    "FROM occurrences o JOIN files f ON f.id = o.file_id",
    "call_edges": "SELECT f.path, c.line, c.col, c.caller_key, c.callee_key, c.callee_name "
    "FROM call_edges c JOIN files f ON f.id = c.file_id",
    "type_edges": "SELECT f.path, t.line, t.source_key, t.relation, t.target_key, t.target_name "
    "FROM type_edges t JOIN files f ON f.id = t.file_id",
    "diagnostics": "SELECT f.path, d.start_line, d.start_col, d.end_line, d.end_col, "
    "d.severity, d.code, d.message FROM diagnostics d JOIN files f ON f.id = d.file_id",
}


def snapshot(db: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(db) as conn:
        return {
            table: sorted(conn.execute(sql).fetchall(), key=repr) for table, sql in TABLES.items()
        }


def differences(incremental: Path, rebuilt: Path) -> list[str]:
    """Per table, the rows only one of the two indexes holds."""
    found: list[str] = []
    left, right = snapshot(incremental), snapshot(rebuilt)
    for table in TABLES:
        if left[table] == right[table]:
            continue
        only_left = [r for r in left[table] if r not in right[table]]
        only_right = [r for r in right[table] if r not in left[table]]
        found.append(f"{table}: incremental only {only_left[:5]}, rebuild only {only_right[:5]}")
    return found


def check_sequence(base: Path, steps: list[Edit], backend: str) -> None:
    with tempfile.TemporaryDirectory(dir=base) as scratch:
        root = Path(scratch) / "python"
        shutil.copytree(FIXTURE, root, ignore=shutil.ignore_patterns(".lsai"))
        incremental = Path(scratch) / "incremental.db"
        run_index(root, database=str(incremental), backend=backend)
        model = Model(root)
        done: list[str] = []
        for step, edit in enumerate(steps):
            done.append(model.apply(edit))
            run_index(root, database=str(incremental), backend=backend)
            rebuilt = Path(scratch) / f"rebuilt{step}.db"
            run_index(root, database=str(rebuilt), backend=backend)
            problems = differences(incremental, rebuilt)
            assert not problems, "after " + " / ".join(done) + ":\n" + "\n".join(problems)


@settings(
    max_examples=15,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(steps=st.lists(edits, min_size=1, max_size=6))
@example(steps=[("toggle_project", 0, 1, 0)])  # bug found: files changing project kept old keys
def test_incremental_index_equals_a_rebuild_with_tree_sitter(
    tmp_path: Path, steps: list[Edit]
) -> None:
    check_sequence(tmp_path, steps, TREE_SITTER)


@pytest.mark.slow
@pytest.mark.skipif(resolve_command(ADAPTERS["ty"]) is None, reason="install ty: pip install ty")
@settings(
    max_examples=4,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(steps=st.lists(edits, min_size=1, max_size=3))
@example(steps=[("toggle_project", 0, 1, 0)])
@example(steps=[("break_encoding", 0, 0, 0)])  # bug found: others kept references into it
def test_incremental_index_equals_a_rebuild_with_ty(tmp_path: Path, steps: list[Edit]) -> None:
    check_sequence(tmp_path, steps, "auto")
