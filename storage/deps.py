"""The project dependency graph: its writer (called by the indexer) and its named queries."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlalchemy import Connection, RowMapping, delete, func, insert, select

from lsai.storage.engine import Index
from lsai.storage.models import File, Meta, Project, ProjectDep

NOTES_KEY = "deps_notes"  # meta: why some manifests could not be read, one per line


def write_project_deps(
    index: Index, edges: Iterable[tuple[int, int, str]], notes: Sequence[str] = ()
) -> int:
    """Replace the whole graph with ``(project_id, target_id, kind)`` edges; returns their count.

    An edge declared several ways keeps every kind, space-separated (``pyproject workspace``).
    """
    kinds: dict[tuple[int, int], set[str]] = {}
    for source, target, kind in edges:
        if source != target:
            kinds.setdefault((source, target), set()).add(kind)
    with index.transaction() as conn:
        conn.execute(delete(ProjectDep))
        if kinds:
            conn.execute(
                insert(ProjectDep),
                [
                    {"project_id": s, "target_id": t, "kind": " ".join(sorted(k))}
                    for (s, t), k in sorted(kinds.items())
                ],
            )
        conn.execute(delete(Meta).where(Meta.key == NOTES_KEY))
        if notes:
            conn.execute(insert(Meta).values(key=NOTES_KEY, value="\n".join(notes)))
    return len(kinds)


def projects(conn: Connection) -> list[RowMapping]:
    """Every project, by root."""
    rows = conn.execute(
        select(Project.id, Project.name, Project.root, Project.markers, Project.language)
        .order_by(Project.root)
    ).mappings()  # fmt: skip
    return list(rows)


def file_counts(conn: Connection) -> dict[int, int]:
    """project id -> indexed source files whose innermost project it is."""
    rows = conn.execute(
        select(File.project_id, func.count())
        .where(File.project_id.is_not(None), File.status != "skipped")
        .group_by(File.project_id)
    )
    return {int(pid): int(n) for pid, n in rows if pid is not None}


def edges(conn: Connection) -> list[RowMapping]:
    rows = conn.execute(
        select(ProjectDep.project_id, ProjectDep.target_id, ProjectDep.kind).order_by(
            ProjectDep.project_id, ProjectDep.target_id
        )
    ).mappings()
    return list(rows)


def project_files(conn: Connection, project_ids: Sequence[int]) -> list[RowMapping]:
    """(project_id, path) of the indexed source files of the given projects, by path."""
    rows = conn.execute(
        select(File.project_id, File.path)
        .where(File.project_id.in_(list(project_ids)), File.status != "skipped")
        .order_by(File.path)
    ).mappings()
    return list(rows)


def notes(conn: Connection) -> list[str]:
    value = conn.execute(select(Meta.value).where(Meta.key == NOTES_KEY)).scalar_one_or_none()
    return [line for line in str(value or "").split("\n") if line]
