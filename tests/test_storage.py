from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from lsai.errors import ErrorCode, LsaiError
from lsai.storage import keys, queries
from lsai.storage.engine import open_index
from lsai.storage.models import SCHEMA_VERSION, Base

SCHEMA_DOC = Path(__file__).parents[1] / "schemas" / "index-schema.md"


def documented_tables() -> dict[str, list[str]]:
    tables: dict[str, list[str]] = {}
    current: str | None = None
    for line in SCHEMA_DOC.read_text(encoding="utf-8").splitlines():
        heading = re.fullmatch(r"### (\w+)", line)
        if heading:
            current = heading.group(1)
            tables[current] = []
        elif current and line.startswith("| ") and not line.startswith("| column"):
            tables[current].append(line.split("|")[1].strip())
    return tables


def test_schema_document_lists_exactly_the_tables_and_columns_of_the_models() -> None:
    models = {name: [c.name for c in t.columns] for name, t in Base.metadata.tables.items()}
    assert documented_tables() == models


def test_every_documented_column_has_a_description() -> None:
    for line in SCHEMA_DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("| ") and not line.startswith("| column"):
            cells = [c.strip() for c in line.split("|")[1:-1]]
            assert len(cells) == 3 and all(cells), line


def test_new_index_uses_wal_foreign_keys_and_records_its_schema_version(tmp_path: Path) -> None:
    index = open_index(tmp_path / "index.db", create=True)
    with index.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10_000
    index.dispose()
    with sqlite3.connect(tmp_path / "index.db") as raw:
        version = raw.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    assert version == (str(SCHEMA_VERSION),)


def test_index_of_a_newer_schema_is_refused_and_left_intact(tmp_path: Path) -> None:
    db = tmp_path / "index.db"
    open_index(db, create=True).dispose()
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    before = db.read_bytes()
    with pytest.raises(LsaiError) as caught:
        open_index(db, create=True)
    assert caught.value.code == ErrorCode.SCHEMA_TOO_NEW
    assert "upgrade lsai" in caught.value.resolution
    assert db.read_bytes() == before


def test_v1_index_is_migrated_when_written_and_read_as_it_is_until_then(tmp_path: Path) -> None:
    db = tmp_path / "index.db"
    open_index(db, create=True).dispose()
    with sqlite3.connect(db) as raw:  # a v1 index: the name index held only the name
        raw.execute("DROP INDEX ix_occurrences_name")
        raw.execute("CREATE INDEX ix_occurrences_name ON occurrences (name)")
        raw.execute("DROP INDEX ix_call_edges_external_key")  # and call edges named no
        raw.execute("ALTER TABLE call_edges DROP COLUMN external_key")  # external symbol
        raw.execute("DROP INDEX ix_type_edges_external_key")  # nor did type edges
        raw.execute("ALTER TABLE type_edges DROP COLUMN external_key")
        raw.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    raw.close()

    def name_index() -> list[str]:
        with sqlite3.connect(db) as raw:
            rows = raw.execute("PRAGMA index_info(ix_occurrences_name)").fetchall()
        raw.close()
        return [r[2] for r in rows]

    open_index(db).dispose()  # a reader leaves it alone
    assert name_index() == ["name"]
    open_index(db, create=True).dispose()
    assert name_index() == ["name", "symbol_key", "file_id", "start_line", "start_col"]
    with sqlite3.connect(db) as raw:
        version = raw.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
    raw.close()
    assert version == (str(SCHEMA_VERSION),) == ("5",)
    with sqlite3.connect(db) as raw:
        columns = [r[1] for r in raw.execute("PRAGMA table_info(call_edges)")]
    raw.close()
    assert columns[-1] == "external_key"


def test_a_v4_index_gains_the_external_key_of_type_edges_when_written(tmp_path: Path) -> None:
    """v4 -> v5: a type edge names the external symbol of a library's base; a reader leaves a
    v4 index alone, a writer adds the column and its index once."""
    db = tmp_path / "index.db"
    open_index(db, create=True).dispose()
    with sqlite3.connect(db) as raw:
        raw.execute("DROP INDEX ix_type_edges_external_key")
        raw.execute("ALTER TABLE type_edges DROP COLUMN external_key")
        raw.execute("UPDATE meta SET value = '4' WHERE key = 'schema_version'")
    raw.close()

    def shape() -> tuple[list[str], list[str], str]:
        with sqlite3.connect(db) as raw:
            columns = [r[1] for r in raw.execute("PRAGMA table_info(type_edges)")]
            indexes = [r[1] for r in raw.execute("PRAGMA index_list(type_edges)")]
            version = raw.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        raw.close()
        return columns, indexes, str(version[0])

    open_index(db).dispose()
    assert "external_key" not in shape()[0] and shape()[2] == "4"
    open_index(db, create=True).dispose()
    open_index(db, create=True).dispose()  # idempotent
    columns, indexes, version = shape()
    assert columns[-1] == "external_key" and columns.count("external_key") == 1
    assert "ix_type_edges_external_key" in indexes and version == "5"


def test_corrupt_file_is_refused_and_left_intact(tmp_path: Path) -> None:
    db = tmp_path / "index.db"
    db.write_bytes(b"this is not a database" * 100)
    with pytest.raises(LsaiError) as caught:
        open_index(db, create=True)
    assert caught.value.code == ErrorCode.INDEX_CORRUPT
    assert db.read_bytes() == b"this is not a database" * 100


def test_foreign_sqlite_database_is_not_taken_over(tmp_path: Path) -> None:
    db = tmp_path / "other.db"
    with sqlite3.connect(db) as raw:
        raw.execute("CREATE TABLE customers (id INTEGER)")
    with pytest.raises(LsaiError) as caught:
        open_index(db, create=True)
    assert caught.value.code == ErrorCode.INDEX_CORRUPT
    with sqlite3.connect(db) as raw:
        tables = raw.execute("SELECT name FROM sqlite_master").fetchall()
    assert tables == [("customers",)]


def test_missing_index_says_how_to_build_it(tmp_path: Path) -> None:
    with pytest.raises(LsaiError) as caught:
        open_index(tmp_path / "index.db")
    assert caught.value.code == ErrorCode.INDEX_MISSING
    assert "lsai index" in caught.value.resolution
    assert not (tmp_path / "index.db").exists()


def test_read_only_index_refuses_user_writes_with_a_remedy(tmp_path: Path) -> None:
    open_index(tmp_path / "index.db", create=True).dispose()
    index = open_index(tmp_path / "index.db", read_only=True)
    with index.connect() as conn, pytest.raises(LsaiError) as caught:
        queries.run_readonly_sql(conn, "DELETE FROM meta")
    index.dispose()
    assert caught.value.code == ErrorCode.SQL_ERROR
    assert "read-only" in caught.value.resolution
    with sqlite3.connect(tmp_path / "index.db") as raw:
        assert raw.execute("SELECT count(*) FROM meta").fetchone() == (1,)


def test_user_sql_cannot_attach_a_database_nor_create_its_file(tmp_path: Path) -> None:
    """``ATTACH DATABASE 'x.db'`` created an empty file wherever it named, query_only or not."""
    open_index(tmp_path / "index.db", create=True).dispose()
    index = open_index(tmp_path / "index.db", read_only=True)
    with index.connect() as conn, pytest.raises(LsaiError) as caught:
        queries.run_readonly_sql(conn, f"ATTACH DATABASE '{tmp_path / 'other.db'}' AS other")
    index.dispose()
    assert caught.value.code == ErrorCode.SQL_ERROR
    assert "read-only" in caught.value.resolution
    assert not (tmp_path / "other.db").exists()


def test_symbol_keys_follow_the_written_grammar() -> None:
    prefix = keys.key_prefix("python", None, "src/my app.py")
    assert prefix == "lsai python . `src/my app.py`"
    method = keys.symbol_key(
        prefix, [keys.descriptor("Flask", "class"), keys.descriptor("route", "method")]
    )
    assert method == "lsai python . `src/my app.py` Flask#route()."
    assert keys.descriptor("route", "method", 1) == "route(+1)."
    assert keys.descriptor("x", "variable", 2) == "x[+2]."
    assert keys.descriptor("operator+", "function") == "`operator+`()."
    assert keys.descriptor("a`b", "field") == "`a``b`."
