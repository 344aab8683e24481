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

from lsai.indexer.backends import TREE_SITTER
from lsai.indexer.lsp import carry, rebind
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.pipeline import run_index
from lsai.storage.records import Span, SymbolRecord
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
    derandomize=True,  # the same examples on every run (test_live)
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
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(steps=st.lists(edits, min_size=1, max_size=3))
@example(steps=[("toggle_project", 0, 1, 0)])
@example(steps=[("break_encoding", 0, 0, 0)])  # bug found: others kept references into it
def test_incremental_index_equals_a_rebuild_with_ty(tmp_path: Path, steps: list[Edit]) -> None:
    check_sequence(tmp_path, steps, "auto")


def _symbol(key: str, kind: str, first: int, last: int) -> SymbolRecord:
    name = key.rsplit(" ", 1)[-1].rstrip("().")
    return SymbolRecord(key, name, name, kind, Span(first, 0, last, 0), Span(first, 4, first, 5))


def test_kept_lines_are_those_outside_an_edited_function_and_its_users() -> None:
    """``carry.split``: a one-line edit of ``f`` asks ``f`` and ``g`` (which calls ``f``), and
    keeps ``h``'s resolved occurrence, moved down a line."""
    old = "def f():\n    return 1\n\ndef g():\n    return f()\n\ndef h():\n    return len([])\n"
    new = old.replace("    return 1\n", "    x = 2\n    return x\n")
    symbols = [
        _symbol("m f().", "function", 1, 3),
        _symbol("m g().", "function", 5, 6),
        _symbol("m h().", "function", 8, 9),
    ]
    identifiers = [(Span(6, 11, 6, 12), "f", "call"), (Span(9, 11, 9, 14), "len", "call")]
    rows = [
        ("f", "call", "m f().", Span(5, 11, 5, 12)),
        ("len", "call", "b len()", Span(8, 11, 8, 14)),
    ]
    split = carry.split(old, new, rows, symbols, identifiers)
    assert {1, 2, 3, 5, 6} <= split.dirty and not {8, 9} & split.dirty
    assert split.kept == [(Span(9, 11, 9, 14), "len", "b len()")]


def test_a_name_is_rebound_when_its_bindings_differ() -> None:
    old = rebind.bindings(
        [("f", "import", "x f()."), ("g", "definition", "a g()."), ("y", "reference", None)]
    )
    new = rebind.bindings([("f", "import", "y f()."), ("g", "definition", "a g().")])
    assert rebind.rebound(old, new) == {"f"}
