"""What the index recorded about files on disk, for freshness checks at query time."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Connection, bindparam, func, select

from lsai.storage.memo import memo
from lsai.storage.models import File, IndexRun

Recorded = tuple[int, int, str | None]  # size, mtime_ns, content hash
_KNOWN = "recorded_stats"  # in the memo: path -> Recorded, None where the index has no such file
_RECORDED = select(File.path, File.size, File.mtime_ns, File.content_hash).where(
    File.path.in_(bindparam("paths", expanding=True))
)  # built once: every answer runs it


def recorded_stats(conn: Connection, paths: Sequence[str]) -> dict[str, Recorded]:
    """(size, mtime_ns, content hash) the index recorded for each of ``paths`` it holds. Every
    answer asks for the files it lists: each path is read once per state of the index."""
    store = memo(conn)
    known: dict[str, Recorded | None] = {} if store is None else store.setdefault(_KNOWN, {})
    wanted = [p for p in dict.fromkeys(paths) if p not in known]
    for start in range(0, len(wanted), 500):
        chunk = wanted[start : start + 500]
        known.update(dict.fromkeys(chunk))  # None: not a file of the index
        rows = conn.execute(_RECORDED, {"paths": chunk})
        known.update({str(r.path): (int(r.size), int(r.mtime_ns), r.content_hash) for r in rows})
    return {p: rec for p in paths if (rec := known.get(p)) is not None}


def all_stats(conn: Connection, limit: int) -> list[tuple[str, Recorded]]:
    """(path, (size, mtime_ns, content hash)) of up to ``limit`` indexed files, by path."""
    rows = conn.execute(
        select(File.path, File.size, File.mtime_ns, File.content_hash)
        .order_by(File.path)
        .limit(limit)
    )
    return [(str(r.path), (int(r.size), int(r.mtime_ns), r.content_hash)) for r in rows]


def last_commit(conn: Connection) -> tuple[bool, str | None]:
    """Whether the index has a run, and the git commit of its last run."""
    row = conn.execute(select(IndexRun.git_commit).order_by(IndexRun.id.desc()).limit(1)).first()
    return (row is not None, None if row is None else row[0])


def last_updated(conn: Connection) -> str | None:
    """When a run last finished writing the index (ISO 8601, UTC)."""
    return conn.execute(select(func.max(IndexRun.finished_at))).scalar()
