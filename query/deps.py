"""The ``deps`` tool: the project-to-project dependency graph of the workspace.

The graph is derived at index time from the projects' manifests (``indexer/deps.py``); third-party
packages are not in it. With ``includeFiles`` each project lists its source files by folder.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import Field

from lsai.query.contracts import Contract, OutputFormat, Provenance
from lsai.query.errors import QueryError
from lsai.query.workspace import Workspace
from lsai.storage import deps as store
from lsai.storage.engine import Row


class ProjectNotFound(QueryError):
    pass


MAX_FILES = 2000
"""File names ``include_files`` lists at most; beyond, each folder shows its count."""


class DepsInput(Contract):
    """Project-to-project dependencies (not third-party packages), optionally with files."""

    project: str | None = Field(None, description="Only this project (name or root folder)")
    include_files: bool = Field(False, description="List each project's source files by folder")
    output_format: OutputFormat = Field("compact", description="Output profile")


class DepRef(Contract):
    name: str
    root: str
    kind: str  # how it was declared: package-json, tsconfig-reference, workspace, go-mod ...


class FileGroup(Contract):
    directory: str  # relative to the project root; "." for the root itself
    files: list[str]  # file names in that folder (none when the listing is cut to counts)
    count: int = 0  # files in that folder


class ProjectDeps(Contract):
    name: str
    root: str
    markers: list[str]
    manifest: str | None = None  # workspace-relative path of the first marker file
    file_count: int
    depends_on: list[DepRef]
    used_by: list[str]  # names of the projects that depend on this one
    files: list[FileGroup] | None = None


class DepsResult(Contract):
    workspace: str
    projects: list[ProjectDeps]
    project_count: int
    edge_count: int
    include_files: bool
    provenance: Provenance = Field(default_factory=Provenance)


def deps(ws: Workspace, params: DepsInput) -> DepsResult:
    with ws.index.connect() as conn:
        rows = store.projects(conn)
        counts = store.file_counts(conn)
        edges = store.edges(conn)
        notes = store.notes(conn)
        selected = _select(rows, params.project)
        files = (
            store.project_files(conn, [int(r["id"]) for r in selected])
            if params.include_files
            else []
        )
    labels = _labels(rows)
    by_id = {int(r["id"]): r for r in rows}
    projects = [
        _project(r, labels, by_id, edges, counts, files if params.include_files else None)
        for r in selected
        if not _empty_root(r, counts, edges)
    ]
    said = list(notes)
    if len(files) > MAX_FILES:  # per-folder counts: the listing would not fit an answer
        projects = [_counted(p) for p in projects]
        said.append(
            f"{len(files):,} files would print more than {MAX_FILES:,} names: shown as file "
            "counts per folder; ask for one project (project=...) to list its files"
        )
    return DepsResult(
        workspace=ws.root.name,
        projects=projects,
        project_count=len(projects),
        edge_count=sum(len(p.depends_on) for p in projects),
        include_files=params.include_files,
        provenance=Provenance(backends=["manifests"], complete=not notes, notes=said),
    )


def _select(rows: Sequence[Row], wanted: str | None) -> list[Row]:
    if wanted is None:
        return list(rows)
    key = wanted.strip().rstrip("/") or "."
    chosen = [r for r in rows if key in (r["name"], r["root"])]
    if not chosen:
        known = ", ".join(sorted({str(r["name"]) for r in rows}))
        raise ProjectNotFound(
            f"no project named {wanted!r} in the index",
            resolution=f"use one of: {known}" if known else "run `lsai index` first",
        )
    return chosen


def _labels(rows: Sequence[Row]) -> dict[int, str]:
    """Project names, or roots where two projects share a folder name."""
    names = [str(r["name"]) for r in rows]
    return {
        int(r["id"]): str(r["name"]) if names.count(str(r["name"])) == 1 else str(r["root"])
        for r in rows
    }


def _empty_root(row: Row, counts: dict[int, int], edges: Sequence[Row]) -> bool:
    """The implicit workspace-root project with no manifest, no files and no edges."""
    pid = int(row["id"])
    involved = any(pid in (e["project_id"], e["target_id"]) for e in edges)
    return row["root"] == "." and not row["markers"] and not counts.get(pid) and not involved


def _project(
    row: Row,
    labels: dict[int, str],
    by_id: dict[int, Row],
    edges: Sequence[Row],
    counts: dict[int, int],
    files: Sequence[Row] | None,
) -> ProjectDeps:
    pid = int(row["id"])
    root = str(row["root"])
    markers = str(row["markers"] or "").split()
    depends_on = [
        _ref(by_id[int(e["target_id"])], labels, str(e["kind"]))
        for e in edges
        if int(e["project_id"]) == pid
    ]
    own = [str(f["path"]) for f in files or () if int(f["project_id"]) == pid]
    used_by = sorted(labels[int(e["project_id"])] for e in edges if int(e["target_id"]) == pid)
    return ProjectDeps(
        name=labels[pid],
        root=root,
        markers=markers,
        manifest=(markers[0] if root == "." else f"{root}/{markers[0]}") if markers else None,
        file_count=counts.get(pid, 0),
        depends_on=sorted(depends_on, key=lambda d: d.name),
        used_by=used_by,
        files=None if files is None else _groups(root, own),
    )


def _counted(project: ProjectDeps) -> ProjectDeps:
    groups = [g.model_copy(update={"files": []}) for g in project.files or ()]
    return project.model_copy(update={"files": groups})


def _ref(target: Row, labels: dict[int, str], kind: str) -> DepRef:
    return DepRef(name=labels[int(target["id"])], root=str(target["root"]), kind=kind)


def _groups(root: str, paths: Sequence[str]) -> list[FileGroup]:
    grouped: dict[str, list[str]] = {}
    for path in paths:
        rel = path if root == "." else path[len(root) + 1 :]
        directory, _, name = rel.rpartition("/")
        grouped.setdefault(directory or ".", []).append(name)
    return [
        FileGroup(directory=d, files=sorted(f), count=len(f)) for d, f in sorted(grouped.items())
    ]
