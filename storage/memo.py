"""Facts about the whole index, remembered until the index changes.

Every answer asks a few questions of the whole ``files`` table (files per backend, index health,
what the index recorded of a file on disk) whose answers change only when a writer commits. They
are remembered per database connection, under a token SQLite moves at every commit:
``PRAGMA data_version`` (commits by other connections) with the connection's own
``total_changes`` (its own writes). Reading the token costs one trivial statement; the questions
it spares cost a query each (measured on the MCP bench's impact answers: 0.4 of 2.6 ms).
Other databases get no token: there every question is asked again.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from sqlalchemy import Connection

T = TypeVar("T")
_SLOT = "lsai.memo"  # in ``Connection.info``: it follows the pooled DBAPI connection


def _token(conn: Connection) -> tuple[int, int] | None:
    """What changes whenever the database seen through ``conn`` may have changed; ``None``
    when the database cannot tell (not SQLite)."""
    if conn.dialect.name != "sqlite":
        return None
    driver = conn.connection.driver_connection
    if driver is None:
        return None
    version = driver.execute("PRAGMA data_version").fetchone()[0]
    return int(version), int(driver.total_changes)


def memo(conn: Connection) -> dict[Hashable, Any] | None:
    """This connection's store of remembered answers, emptied whenever the database changed
    since it was last looked at; ``None`` where changes cannot be seen (ask every time)."""
    token = _token(conn)
    if token is None:
        return None
    held: tuple[tuple[int, int], dict[Hashable, Any]] | None = conn.info.get(_SLOT)
    if held is None or held[0] != token:
        held = (token, {})
        conn.info[_SLOT] = held
    return held[1]


def remembered(conn: Connection, question: Hashable, ask: Callable[[], T]) -> T:
    """``ask()``, answered once per state of the database (per connection). The answer is
    shared by every later caller: return immutable values, or copies."""
    store = memo(conn)
    if store is None:
        return ask()
    if question not in store:
        store[question] = ask()
    answer: T = store[question]
    return answer
