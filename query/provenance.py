"""What every answer says about its own completeness."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from lsai.query.contracts import Provenance
from lsai.storage import queries
from lsai.storage.engine import Reader


def provenance(
    conn: Reader, backends: Iterable[str], paths: Sequence[str] | None = None
) -> Provenance:
    health = queries.scope_health(conn, paths)
    notes: list[str] = []
    failed = health.get("failed", 0)
    partial = health.get("partial", 0)
    if failed or partial:
        problems = queries.problem_files(conn, limit=3)
        shown = ", ".join(f"{p['path']} ({p['error']})" for p in problems)
        notes.append(f"{failed + partial} file(s) in scope could not be fully indexed: {shown}")
    return Provenance(backends=sorted(set(backends)), complete=not (failed or partial), notes=notes)
