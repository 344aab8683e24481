"""Call walks on SQLite run on the driver directly: same rows, same errors as through SQLAlchemy."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from lsai.errors import ErrorCode, LsaiError
from lsai.storage import graph
from lsai.storage.engine import open_index


def test_a_driver_error_in_a_call_walk_is_translated_like_any_query_error(tmp_path: Path) -> None:
    index = open_index(tmp_path / "index.db", create=True)
    try:
        with index.transaction() as conn:
            conn.execute(text("DROP TABLE call_edges"))
        with pytest.raises(LsaiError) as caught, index.connect() as conn:
            graph.callers_walk(conn, "k", "f", depth=2, languages=["python"], by_name=True)
        assert caught.value.code == ErrorCode.INDEX_CORRUPT
    finally:
        index.dispose()


def test_list_parameters_are_expanded_for_the_driver(tmp_path: Path) -> None:
    index = open_index(tmp_path / "index.db", create=True)
    try:
        with index.connect() as conn:
            assert graph.callers_of(conn, ["a", "b"], ["f", "g"], ["python", "typescript"]) == []
            walk = graph.callees_walk(conn, "k", depth=3, languages=["python"], by_name=True)
            assert walk == []
    finally:
        index.dispose()
