"""A cold build: a new SQLite index written into a scratch file, renamed into place when done.

When no index exists yet nobody reads one, so the build may drop what protects readers and crash
recovery while it bulk-loads: no fsync (``synchronous=OFF``), no foreign key checks, and no
secondary indexes until the rows are in (one sort per index instead of a B-tree insert per row).
Only a complete file, synced to disk, is renamed over the target: a crash leaves no index (the
next run starts again) and a scratch file that the next cold build removes. A run that is
interrupted (Ctrl-C) still publishes what it wrote, as an interrupted run on an existing index
keeps its committed batches.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from sqlalchemy import event

from lsai.storage.engine import Index, open_index
from lsai.storage.errors import IndexLocked
from lsai.storage.models import Base

_SCRATCH = ".building"
_SIDE_FILES = ("-wal", "-shm", "-journal")


@contextmanager
def open_for_run(target: str) -> Iterator[tuple[Index, bool]]:
    """The index one run writes, and whether it is a cold build: ``target`` is a SQLite file
    that does not exist yet. Disposed (and, for a cold build, published) when the block ends."""
    path = None if "://" in target else Path(target)
    if path is None or path.exists():
        index = open_index(target, create=True)
        try:
            yield index, False
        finally:
            index.dispose()
        return
    with cold_build(path) as index:
        yield index, True


@contextmanager
def cold_build(target: Path) -> Iterator[Index]:
    """A fresh index in a scratch file next to ``target``, renamed to ``target`` at the end."""
    _remove_stale_scratch(target)
    scratch = target.with_name(f"{target.name}.{os.getpid()}{_SCRATCH}")
    _remove(scratch)
    index = open_index(scratch, create=True)
    try:
        _bulk_mode(index)
        yield index
    except BaseException:
        try:
            _publish(index, scratch, target)
        except Exception:
            index.dispose()
            _remove(scratch)
        raise
    _publish(index, scratch, target)


def end_bulk_load(index: Index) -> None:
    """Create the secondary indexes a cold build left out and go back to the usual connection
    settings (fsync, foreign keys) for the rest of the run. Does nothing the second time."""
    with index.transaction() as conn:
        for table in Base.metadata.sorted_tables:
            for ix in table.indexes:
                ix.create(conn, checkfirst=True)
    if event.contains(index.engine, "connect", _bulk_pragmas):
        event.remove(index.engine, "connect", _bulk_pragmas)
        index.engine.dispose()  # pooled connections still have the bulk pragmas


def _bulk_pragmas(dbapi_conn: sqlite3.Connection, _record: object) -> None:
    """For the bulk load into the scratch file, whose rows the writer makes consistent: no fsync
    (measured: a memory journal saves nothing more) and no foreign key lookup per row."""
    dbapi_conn.execute("PRAGMA synchronous = OFF")
    dbapi_conn.execute("PRAGMA foreign_keys = OFF")


def _bulk_mode(index: Index) -> None:
    """The bulk pragmas and no secondary indexes, until ``end_bulk_load``."""
    event.listen(index.engine, "connect", _bulk_pragmas)  # after the engine's own pragmas
    index.engine.dispose()  # connections made so far ran without them
    with index.transaction() as conn:
        for table in Base.metadata.sorted_tables:
            for ix in table.indexes:
                ix.drop(conn)


def _publish(index: Index, scratch: Path, target: Path) -> None:
    """Complete the scratch index, sync it and rename it over ``target`` atomically."""
    end_bulk_load(index)
    with index.connect() as conn:  # every page into the main file: only that file is renamed
        busy = conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").scalar()
    index.dispose()
    if busy:
        raise IndexLocked(
            f"could not complete the new index at {scratch}: another connection holds it",
            resolution="run `lsai index` again",
        )
    _fsync(scratch)
    if not target.exists():
        for suffix in _SIDE_FILES:  # a WAL left by a deleted index must not replay onto ours
            Path(f"{target}{suffix}").unlink(missing_ok=True)
    scratch.replace(target)
    with suppress(OSError):  # the rename itself, where the platform can sync a folder
        _fsync(target.parent)
    _remove(scratch)  # its emptied -wal and -shm


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _remove(scratch: Path) -> None:
    for suffix in ("", *_SIDE_FILES):
        Path(f"{scratch}{suffix}").unlink(missing_ok=True)


def _remove_stale_scratch(target: Path) -> None:
    """Scratch files of cold builds whose process is gone (crashed or killed)."""
    for found in target.parent.glob(f"{target.name}.*{_SCRATCH}"):
        pid = found.name.removeprefix(f"{target.name}.").removesuffix(_SCRATCH)
        if pid.isdigit() and not _alive(int(pid)):
            _remove(found)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
