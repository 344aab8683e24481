"""Connection policy: the one place that opens an index and sets how every connection behaves.

SQLite is the embedded default (``PATH/.lsai/index.db``); any SQLAlchemy URL may be given instead
(``postgresql://...``) so a team can share one index. SQLite connections run in WAL mode with a busy
timeout and foreign keys on, so one writer and many readers can work at once.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, RowMapping, create_engine, event, inspect, text
from sqlalchemy.exc import DatabaseError, OperationalError, SQLAlchemyError

from lsai.storage.errors import IndexCorrupt, IndexLocked, IndexMissing, SchemaTooNew
from lsai.storage.migrations import migrate
from lsai.storage.models import SCHEMA_VERSION, Base

BUSY_TIMEOUT_MS = 10_000
Reader = Connection  # what query functions receive; the layers above never import sqlalchemy
Row = RowMapping  # what named queries return
_REBUILD = (
    "move the file aside (or delete it: the index holds only derived data) and run `lsai index`"
)


@dataclass(frozen=True)
class Index:
    """An open index: the engine plus where it lives."""

    engine: Engine
    url: str
    path: Path | None  # the SQLite file, None for a server database

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    @contextmanager
    def connect(self) -> Iterator[Connection]:
        with _translate(self), self.engine.connect() as conn:
            yield conn

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        with _translate(self), self.engine.begin() as conn:
            yield conn

    def dispose(self) -> None:
        self.engine.dispose()


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def _on_connect(read_only: bool) -> Any:
    def set_pragmas(dbapi_conn: sqlite3.Connection, _record: object) -> None:
        cur = dbapi_conn.cursor()
        cur.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cur.execute("PRAGMA foreign_keys = ON")
        if read_only:
            cur.execute("PRAGMA query_only = ON")
            # ATTACH creates the file it names, query_only or not: user SQL attaches nothing
            dbapi_conn.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
        else:
            cur.execute("PRAGMA journal_mode = WAL")
            cur.execute("PRAGMA synchronous = NORMAL")
            cur.execute("PRAGMA cache_size = -65536")  # 64 MiB: bulk index inserts stay in memory
        cur.close()

    return set_pragmas


def open_index(url_or_path: str | Path, *, create: bool = False, read_only: bool = False) -> Index:
    """Open an index, creating or migrating its schema when ``create`` is set.

    ``read_only`` connections refuse every write (``PRAGMA query_only``): that is how user SQL
    runs. Raises ``IndexMissing`` when there is no index and ``create`` is false,
    ``IndexCorrupt`` when the file is not an lsai index, ``SchemaTooNew`` when a newer lsai
    wrote it. Never modifies an index it refuses.
    """
    url = str(url_or_path)
    path: Path | None = None
    if "://" not in url:
        path = Path(url)
        if not path.exists() and not create:
            raise IndexMissing(
                f"no index at {path}",
                resolution="run `lsai index` in the workspace first (or pass --root / --db)",
            )
        if create:
            path.parent.mkdir(parents=True, exist_ok=True)
        url = sqlite_url(path)
    try:
        # pooled connections keep SQLite's page cache warm between queries (measured: usages
        # 16 -> 5 ms); WAL lets pooled readers see every commit of the writer
        engine = create_engine(url)
    except (SQLAlchemyError, ImportError) as exc:
        raise IndexMissing(
            f"cannot open database {url}: {exc}",
            resolution="check the --db URL (and that its database driver is installed)",
        ) from exc
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _on_connect(read_only))
    index = Index(engine=engine, url=url, path=path)
    _check_schema(index, create=create and not read_only)
    return index


def _check_schema(index: Index, *, create: bool) -> None:
    with index.connect() as conn:
        tables = set(inspect(conn).get_table_names())
        if "meta" not in tables:
            if tables:
                raise IndexCorrupt(
                    f"{index.path or index.url} is a database but not an lsai index",
                    resolution="point --db at another file, or " + _REBUILD,
                )
            if not create:
                raise IndexMissing(
                    f"{index.path or index.url} holds no index yet",
                    resolution="run `lsai index` in the workspace first",
                )
            conn.commit()
    if "meta" not in tables:
        with index.transaction() as conn:
            Base.metadata.create_all(conn)
            conn.execute(
                text("INSERT INTO meta (key, value) VALUES ('schema_version', :v)"),
                {"v": str(SCHEMA_VERSION)},
            )
        return
    version = schema_version(index)
    if version > SCHEMA_VERSION:
        raise SchemaTooNew(
            f"the index was written by a newer lsai (schema v{version}; "
            f"this lsai reads v{SCHEMA_VERSION})",
            resolution="upgrade lsai (`pip install -U lsai`), or rebuild with this version: "
            + _REBUILD,
        )
    if version < SCHEMA_VERSION and create:
        with index.transaction() as conn:
            migrate(conn, version, SCHEMA_VERSION)


def schema_version(index: Index) -> int:
    with index.connect() as conn:
        row = conn.execute(text("SELECT value FROM meta WHERE key = 'schema_version'")).first()
    if row is None or not str(row[0]).isdigit():
        raise IndexCorrupt(
            f"{index.path or index.url} has no valid schema version", resolution=_REBUILD
        )
    return int(row[0])


@contextmanager
def _translate(index: Index) -> Iterator[None]:
    """Turn driver errors into lsai errors with a remedy."""
    where = index.path or index.url
    try:
        yield
    except OperationalError as exc:
        message = str(exc.orig)
        if "locked" in message or "busy" in message:
            raise IndexLocked(
                f"the index at {where} is locked by another writer",
                resolution="wait for the other `lsai index` or `lsai watch` to finish",
            ) from exc
        if "unable to open" in message or "readonly" in message:
            raise IndexCorrupt(
                f"cannot open the index at {where}: {message}",
                resolution="check the file's permissions, or " + _REBUILD,
            ) from exc
        raise IndexCorrupt(f"the index at {where} failed: {message}", resolution=_REBUILD) from exc
    except DatabaseError as exc:
        raise IndexCorrupt(
            f"{where} is not a readable lsai index ({exc.orig})", resolution=_REBUILD
        ) from exc
