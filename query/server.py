"""The ``server`` meta tool: what this lsai serves, per language, and how fresh its index is.

A language gets tier 2 when a verified language server served its files (references, calls and
diagnostics are exact); otherwise tier 1: tree-sitter outlines and name-based answers.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import Field

from lsai import PROTOCOL, __version__
from lsai.gitinfo import head_commit
from lsai.query.contracts import Contract, OutputFormat
from lsai.query.freshness import pending_files
from lsai.query.workspace import Workspace
from lsai.storage import queries, tool_queries
from lsai.storage.engine import Row
from lsai.storage.freshness import last_updated

LSP = "lsp"
# What each tool gives per tier; tools missing here are served the same way at both tiers.
TIER1_LIMITS: dict[str, str] = {
    "info": "basic",
    "usages": "name-based",
    "callers": "name-based",
    "callees": "name-based",
    "hierarchy": "name-based",
    "impact": "degraded",
    "rename": "preview only (name-based)",
    "diagnostics": "unavailable",
}


class ServerInput(Contract):
    """Capabilities: version, protocol, tier and tools per language, workspace, index freshness."""

    output_format: OutputFormat = Field("compact", description="Output profile")


class LanguageCapability(Contract):
    language: str
    tier: int
    backend: str  # the language server and version, or "tree-sitter"
    files: int
    files_by_backend: dict[str, int]
    tools: dict[str, str]  # tool -> "full" or its limit at this tier


class WorkspaceInfo(Contract):
    id: str
    path: str
    languages: list[str]
    files: int
    projects: int


class Freshness(Contract):
    status: str  # of the last index run, or "never indexed"
    started_at: str | None = None
    finished_at: str | None = None
    lsai_version: str | None = None
    indexed_commit: str | None = None
    head_commit: str | None = None
    commit_matches: bool | None = None  # None when the workspace is not a git checkout
    files_by_status: dict[str, int] = Field(default_factory=dict)
    last_updated: str | None = Field(None, description="When the index last changed (UTC)")
    pending: list[str] = Field(
        default_factory=list, description="Files changed on disk but not indexed yet"
    )
    watching: bool = Field(False, description="A file watcher keeps the index current")
    notes: list[str] = Field(default_factory=list)


class ServerResult(Contract):
    version: str
    protocol: str
    languages: list[LanguageCapability]
    workspaces: list[WorkspaceInfo]
    freshness: Freshness


def server(ws: Workspace, params: ServerInput) -> ServerResult:
    del params
    from lsai.query.tools import TOOLS  # the registry imports this module

    tool_names = [t.name for t in TOOLS if t.name != "server"]
    with ws.index.connect() as conn:
        groups = tool_queries.language_backends(conn)
        statuses = tool_queries.file_status_counts(conn)
        project_count = tool_queries.project_count(conn)
        run = queries.last_run(conn)
        run_notes = queries.run_notes(conn)
        updated = last_updated(conn)
    languages = language_capabilities(groups, tool_names)
    workspace = WorkspaceInfo(
        id=ws.id,
        path=str(ws.root),
        languages=[lang.language for lang in languages],
        files=sum(statuses.values()),
        projects=project_count,
    )
    return ServerResult(
        version=__version__,
        protocol=PROTOCOL,
        languages=languages,
        workspaces=[workspace],
        freshness=_current(ws, freshness(ws, run, statuses, run_notes), updated),
    )


def _current(ws: Workspace, fresh: Freshness, updated: str | None) -> Freshness:
    """``fresh`` with when the index last changed and which files are pending."""
    pending, capped = pending_files(ws)
    notes = list(fresh.notes)
    if pending:
        notes.append(f"{len(pending)} file(s) changed since indexing: run `lsai index`")
    if capped:
        notes.append("pending files: only the first files of the index were compared")
    return fresh.model_copy(
        update={
            "last_updated": updated,
            "pending": pending,
            "watching": ws.freshener is not None,
            "notes": notes,
        }
    )


def language_capabilities(groups: list[Row], tool_names: list[str]) -> list[LanguageCapability]:
    """Tier, backend and tools of each language, from ``tool_queries.language_backends``."""
    by_language: dict[str, list[Row]] = {}
    for g in groups:
        by_language.setdefault(str(g["language"]), []).append(g)
    out: list[LanguageCapability] = []
    for language, rows in sorted(by_language.items()):
        served = [r for r in rows if r["backend"] == LSP]
        tier = 2 if served else 1
        versions = sorted({str(r["backend_version"] or LSP) for r in served})
        counts: dict[str, int] = {}
        for r in rows:
            counts[str(r["backend"])] = counts.get(str(r["backend"]), 0) + int(r["files"])
        tools = {
            name: "full" if tier == 2 else TIER1_LIMITS.get(name, "full") for name in tool_names
        }
        out.append(
            LanguageCapability(
                language=language,
                tier=tier,
                backend=", ".join(versions) if served else "tree-sitter",
                files=sum(counts.values()),
                files_by_backend=counts,
                tools=tools,
            )
        )
    return out


def freshness(
    ws: Workspace, run: Row | None, statuses: dict[str, int], run_notes: Sequence[str] = ()
) -> Freshness:
    """How the last index run went, what it noted (``run_notes``: what may keep answers short,
    with the remedy) and whether git HEAD moved since."""
    head = head_commit(ws.root)
    if run is None:
        return Freshness(
            status="never indexed",
            head_commit=head,
            files_by_status=statuses,
            notes=["run `lsai index` to build the index"],
        )
    indexed = run["git_commit"]
    matches = None if head is None or indexed is None else head == indexed
    notes: list[str] = []
    if matches is False:
        notes.append("HEAD moved since the last index run: run `lsai index` to refresh")
    if run["status"] not in ("complete",):
        notes.append(f"the last index run is {run['status']}: run `lsai index` to complete it")
    notes += [f"the last index run noted: {note}" for note in run_notes]
    return Freshness(
        status=str(run["status"]),
        started_at=run["started_at"],
        finished_at=run["finished_at"],
        lsai_version=run["lsai_version"],
        indexed_commit=indexed,
        head_commit=head,
        commit_matches=matches,
        files_by_status=statuses,
        notes=notes,
    )
