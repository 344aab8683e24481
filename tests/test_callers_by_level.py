"""The callers walk of a resolved index runs level by level on SQLite: it answers the recursive
query's rows in the recursive query's order, cycles, module-level callers, calls on one line and
the caps included; and the answers about the whole index that every call asks are asked again
once the index changed."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir
from sqlalchemy import Connection, text

from lsai.storage import graph, navigation
from lsai.storage.engine import Index, open_index
from lsai.storage.freshness import recorded_stats

set_hypothesis_home_dir(Path(tempfile.gettempdir()) / "lsai-hypothesis")
NODES = 6  # symbols k0 (the target) .. k5
Call = tuple[int | None, int, int, int, int]  # caller (None: module level), callee, file, line, col


@pytest.fixture(scope="module")
def index() -> Iterator[Index]:
    with tempfile.TemporaryDirectory() as folder:
        opened = open_index(Path(folder) / "index.db", create=True)
        with opened.transaction() as conn:
            for i in range(3):
                conn.execute(
                    text(
                        "INSERT INTO files (id, path, language, size, mtime_ns, line_count, "
                        "backend, status, indexed_at) VALUES "
                        "(:id, :path, 'python', 1, 1, 99, 'lsp', 'complete', '')"
                    ),
                    {"id": i + 1, "path": f"m{2 - i}.py"},  # ids and paths in opposite orders
                )
            for n in range(NODES - 1):  # k5 is a caller the symbols table does not hold
                conn.execute(
                    text(
                        "INSERT INTO symbols (key, file_id, language, name, search_name, "
                        "qualified_name, kind, start_line, start_col, end_line, end_col, "
                        "name_line, name_col, is_external) VALUES (:key, :file, 'python', :name, "
                        ":name, :name, 'function', :n, 1, :n, 9, :n, 5, 0)"
                    ),
                    {"key": f"k{n}", "file": n % 3 + 1, "name": f"f{n}", "n": n + 1},
                )
        yield opened
        opened.dispose()


def _store(conn: Connection, calls: list[Call]) -> None:
    conn.execute(text("DELETE FROM call_edges"))
    for caller, callee, file, line, col in calls:
        conn.execute(
            text(
                "INSERT INTO call_edges (file_id, caller_key, callee_key, callee_name, line, "
                "col, backend) VALUES (:file, :caller, :callee, :name, :line, :col, 'lsp')"
            ),
            {
                "file": file,
                "caller": None if caller is None else f"k{caller}",
                "callee": f"k{callee}",
                "name": f"f{callee}",
                "line": line,
                "col": col,
            },
        )


calls = st.lists(
    st.tuples(
        st.one_of(st.none(), st.integers(0, NODES - 1)),
        st.integers(0, NODES - 2),
        st.integers(1, 3),
        st.integers(1, 3),  # few lines: several calls share one
        st.integers(1, 4),
    ),
    max_size=25,
)


@settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(calls=calls)
@example(calls=[(0, 0, 1, 1, 1), (1, 0, 1, 2, 1), (0, 1, 2, 1, 1)])  # the target calls itself
@example(calls=[(1, 0, 1, 1, 1), (2, 0, 1, 1, 1), (None, 1, 2, 1, 3), (3, 1, 2, 1, 2)])
@example(  # cycles: at cap 8 the recursive query's node limit cuts its walk short
    calls=[(1, 1, 3, 1, 2), (3, 2, 3, 1, 1), (5, 1, 3, 2, 3), (2, 1, 3, 2, 4), (0, 0, 2, 2, 1),
           (3, 0, 2, 3, 4), (4, 3, 3, 3, 4), (2, 4, 2, 1, 2), (None, 3, 3, 3, 2), (5, 2, 1, 1, 2)]
)  # fmt: skip
def test_the_level_by_level_walk_answers_the_rows_of_the_recursive_query(
    index: Index, monkeypatch: pytest.MonkeyPatch, calls: list[Call]
) -> None:
    with index.transaction() as conn:
        _store(conn, calls)
    with index.connect() as conn:
        for depth in range(1, 6):
            for cap in (3, 8, 5000):  # the row cap, and the node limit of the recursive query
                by_level = _walk(conn, depth, cap)
                with monkeypatch.context() as patched:
                    patched.setattr(graph, "callers_by_level", lambda *_a, **_k: None)
                    recursive = _walk(conn, depth, cap)
                assert by_level == recursive, (depth, cap)


def _walk(conn: Connection, depth: int, cap: int) -> list[graph.CallSite]:
    return graph.callers_walk(
        conn, "k0", "f0", depth=depth, languages=["python"], by_name=False, cap=cap
    )


def test_whole_index_answers_are_asked_again_once_the_index_changed(index: Index) -> None:
    with index.connect() as reader:
        assert navigation.backend_counts(reader, ["python"]) == {"lsp": 3}
        assert set(recorded_stats(reader, ["m0.py", "gone.py"])) == {"m0.py"}
        with index.transaction() as writer:  # another connection of the pool commits
            writer.execute(text("UPDATE files SET backend = 'tree-sitter', size = 7 WHERE id = 1"))
        assert navigation.backend_counts(reader, ["python"]) == {"lsp": 2, "tree-sitter": 1}
        assert recorded_stats(reader, ["m2.py"])["m2.py"][0] == 7
        reader.execute(text("UPDATE files SET backend = 'lsp' WHERE id = 1"))  # its own write
        assert navigation.backend_counts(reader, ["python"]) == {"lsp": 3}
        reader.commit()
    with index.transaction() as writer:
        writer.execute(text("UPDATE files SET size = 1 WHERE id = 1"))
