"""The workspace tools: contracts, answers and their text profiles.

``workspace_open``, ``workspace_list`` and ``workspace_close`` are not semantic tools: they act on
the server's set of open workspaces, so they live here rather than in ``query/``. (The ``server``
meta tool is a query ToolSpec: it describes one workspace's index.)
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from lsai.errors import LsaiError
from lsai.indexer.pipeline import IndexSummary
from lsai.mcp_server.workspaces import Entry, Workspaces
from lsai.query.contracts import Contract
from lsai.query.render import renders
from lsai.words import plural

MetaFormat = Literal["compact", "json"]


# -- contracts -----------------------------------------------------------------------------------
class WorkspaceOpenInput(Contract):
    """Open a project directory for the other tools; indexes it first when it has no index."""

    path: str = Field(min_length=1, description="Project directory, absolute or relative to --root")
    language: str | None = Field(
        None, description="The project's main language (informational: every language is indexed)"
    )
    output_format: MetaFormat = Field("compact", description="Output profile")


class WorkspaceListInput(Contract):
    """List the open workspaces."""

    output_format: MetaFormat = Field("compact", description="Output profile")


class WorkspaceCloseInput(Contract):
    """Close an open workspace and free what it holds."""

    workspace_id: str = Field(min_length=1, description="Workspace id from workspace_open/list")
    output_format: MetaFormat = Field("compact", description="Output profile")


class LanguageFiles(Contract):
    language: str
    files: int
    symbols: int
    backends: list[str]


class WorkspaceInfo(Contract):
    workspace_id: str
    path: str
    default: bool
    language: str | None = None
    files: int
    languages: list[LanguageFiles]


class WorkspaceOpenResult(Contract):
    workspace: WorkspaceInfo
    indexed: bool = Field(description="True when this call built the index")
    message: str


class WorkspaceListResult(Contract):
    workspaces: list[WorkspaceInfo]
    notes: list[str] = Field(default_factory=list)


class WorkspaceCloseResult(Contract):
    workspace_id: str
    path: str
    message: str


# -- answers -------------------------------------------------------------------------------------
def info(entry: Entry) -> WorkspaceInfo:
    langs = [
        LanguageFiles(
            language=c.language, files=c.files, symbols=c.symbols, backends=list(c.backends)
        )
        for c in entry.counts()
    ]
    return WorkspaceInfo(
        workspace_id=entry.id,
        path=str(entry.root),
        default=entry.default,
        language=entry.language,
        files=sum(lang.files for lang in langs),
        languages=langs,
    )


def workspace_open(spaces: Workspaces, params: WorkspaceOpenInput) -> WorkspaceOpenResult:
    entry, summary = spaces.open(params.path, params.language)
    return WorkspaceOpenResult(
        workspace=info(entry), indexed=summary is not None, message=_opened(entry, summary)
    )


def _opened(entry: Entry, summary: IndexSummary | None) -> str:
    if summary is None:
        return f"opened {entry.root} as {entry.id} (existing index)"
    state = "complete" if summary.complete else f"{summary.status}: {len(summary.failed)} failed"
    folders = "".join(
        f"; skipped: {path}: {why}" for path, why in summary.unreadable[:_MAX_FOLDERS]
    )
    more = len(summary.unreadable) - _MAX_FOLDERS
    return (
        f"indexed {entry.root} ({summary.files_seen} files, {summary.symbols} symbols, "
        f"{summary.seconds:.1f} s, {state}) and opened it as {entry.id}{folders}"
        + (f"; and {more} more folders that cannot be read" if more > 0 else "")
    )


_MAX_FOLDERS = 5  # unreadable folders named in an answer


def workspace_list(spaces: Workspaces, _params: WorkspaceListInput) -> WorkspaceListResult:
    notes = _open_default(spaces)
    return WorkspaceListResult(workspaces=[info(e) for e in spaces.entries()], notes=notes)


def workspace_close(spaces: Workspaces, params: WorkspaceCloseInput) -> WorkspaceCloseResult:
    entry = spaces.close(params.workspace_id)
    message = f"closed {entry.id} ({entry.root})"
    if entry.default:
        message += "; tools called without workspaceId reopen it"
    return WorkspaceCloseResult(workspace_id=entry.id, path=str(entry.root), message=message)


def _open_default(spaces: Workspaces) -> list[str]:
    """Open the default workspace if it can be; say why not if it cannot."""
    try:
        spaces.default()
    except LsaiError as exc:
        where = spaces.root or "the current directory"
        return [f"default workspace {where}: error[{exc.code}]: {exc.message} ({exc.resolution})"]
    return []


# -- text profiles -------------------------------------------------------------------------------
def _line(ws: WorkspaceInfo) -> str:
    langs = ", ".join(f"{lang.language} {lang.files}" for lang in ws.languages) or "no files"
    tag = "  (default)" if ws.default else ""
    return f"{ws.workspace_id} | {ws.path} | {ws.files} {plural('file', ws.files)} ({langs}){tag}"


@renders(WorkspaceOpenResult, "compact")
def _open_text(r: WorkspaceOpenResult) -> str:
    return f"{r.message}\n{_line(r.workspace)}"


@renders(WorkspaceListResult, "compact")
def _list_text(r: WorkspaceListResult) -> str:
    lines = [_line(ws) for ws in r.workspaces]
    lines.append(f"[{len(r.workspaces)} {plural('workspace', len(r.workspaces))}]")
    lines.extend(f"! {note}" for note in r.notes)
    return "\n".join(lines)


@renders(WorkspaceCloseResult, "compact")
def _close_text(r: WorkspaceCloseResult) -> str:
    return r.message
