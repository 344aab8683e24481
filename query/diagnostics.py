"""The ``diagnostics`` tool: compiler errors and warnings the language servers reported.

Diagnostics come only from language servers: a scope no server served has none recorded, and the
answer says so instead of returning an empty list. Generated folders (``obj/``, ``bin/``,
``node_modules/``, ``dist/``, ``build/``) are left out, as the protocol requires.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from lsai.query.contracts import Contract, OutputFormat, Provenance
from lsai.query.errors import FileNotIndexed
from lsai.query.provenance import provenance
from lsai.query.workspace import Workspace
from lsai.storage import tool_queries
from lsai.storage.engine import Reader

Severity = Literal["error", "warning", "info", "hint"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info", "hint")
GENERATED_DIRS = ("obj", "bin", "node_modules", "dist", "build")
NOT_SERVED = "diagnostics need a language server; none served this scope"


def _default_severities() -> list[Severity]:
    return ["error", "warning"]


class DiagnosticsInput(Contract):
    """Compiler errors and warnings from the index, by file, project or the whole workspace."""

    scope: str = Field("*", description="A file path, a folder, a project name, or * for all")
    severity: list[Severity] = Field(
        default_factory=_default_severities,
        description="Severities to list (error, warning, info, hint)",
    )
    limit: int = Field(100, ge=1, le=5000, description="Maximum diagnostics on this page")
    offset: int = Field(0, ge=0, description="Skip this many diagnostics (next page)")
    output_format: OutputFormat = Field("compact", description="Output profile")


class DiagnosticItem(Contract):
    file: str
    line: int
    col: int
    end_line: int
    end_col: int
    severity: str
    code: str | None = None
    message: str
    source: str | None = None
    language: str | None = None
    context: str | None = None  # the source line, when the file is readable


class DiagnosticsResult(Contract):
    scope: str
    severities: list[str]
    diagnostics: list[DiagnosticItem]
    counts: dict[str, int]  # per severity, over the whole scope (not just this page)
    total: int
    truncated: bool
    next_offset: int | None = None
    hidden: dict[str, int] = Field(
        default_factory=dict, description="Diagnostics in scope of the severities not asked for"
    )
    served: bool  # False: no file in scope was served by a language server
    files_served: int = 0
    files_unserved: int = 0
    provenance: Provenance = Field(default_factory=Provenance)


def diagnostics(ws: Workspace, params: DiagnosticsInput) -> DiagnosticsResult:
    severities = [s for s in SEVERITIES if s in params.severity] or list(SEVERITIES[:2])
    with ws.index.connect() as conn:
        prefixes = _scope_prefixes(conn, ws, params.scope)
        backends = _require(
            tool_queries.files_by_backend(conn, prefixes, GENERATED_DIRS),
            params,
            ws,
            prefixes is None,
        )
        rows = tool_queries.diagnostics_page(
            conn, prefixes, severities, GENERATED_DIRS, limit=params.limit, offset=params.offset
        )
        every = tool_queries.diagnostic_counts(conn, prefixes, GENERATED_DIRS)
        counts: dict[str, int] = {sev: n for sev, n in every.items() if sev in severities}
        hidden = {sev: n for sev, n in every.items() if sev not in severities}
        prov = provenance(conn, [b for b in backends if b != "none"])
        unindexed = _unindexed(conn, prefixes, backends)
    found = _Found([dict(r) for r in rows], counts, backends, prov, unindexed, prefixes is None)
    _require_indexed(found)
    return _result(ws, params, severities, found).model_copy(update={"hidden": hidden})


def diagnostics_of_files(
    ws: Workspace, paths: Sequence[str] | None, severities: Sequence[Severity]
) -> DiagnosticsResult:
    """Every diagnostic (no paging) of the given workspace-relative files, or of the whole
    workspace (None): what ``lsai check`` gates on. Files the index does not hold are left out;
    when it holds none of them, FILE_NOT_FOUND."""
    wanted = sorted(set(paths)) if paths is not None else None
    params = DiagnosticsInput(scope=_label(wanted), severity=list(severities))
    rows: list[dict[str, object]] = []
    counts: dict[str, int] = {}
    backends: dict[str, int] = {}
    unindexed: list[tuple[str, str]] = []
    with ws.index.connect() as conn:
        for chunk in _chunks(wanted):
            _add(backends, tool_queries.files_by_backend(conn, chunk, GENERATED_DIRS))
            offset = 0
            while True:  # the query pages; gather every page
                page = tool_queries.diagnostics_page(
                    conn, chunk, params.severity, GENERATED_DIRS, limit=_PAGE, offset=offset
                )
                rows.extend(dict(r) for r in page)
                offset += len(page)
                if len(page) < _PAGE:
                    break
            every = tool_queries.diagnostic_counts(conn, chunk, GENERATED_DIRS)
            _add(counts, {s: n for s, n in every.items() if s in params.severity})
            unindexed.extend(_unindexed(conn, chunk, backends))
        _require(backends, params, ws, wanted is None)
        prov = provenance(conn, [b for b in backends if b != "none"])
    found = _Found(rows, counts, backends, prov, unindexed[:_SHOWN], wanted is None)
    return _result(ws, params, params.severity, found)


@dataclass(frozen=True)
class _Found:
    rows: list[dict[str, object]]
    counts: dict[str, int]
    backends: dict[str, int]
    prov: Provenance
    unindexed: list[tuple[str, str]]
    """The first few files in scope that were not indexed (``backends['none']`` in all), and
    why: a binary, minified or too large file, an unreadable one."""
    whole: bool = False
    """The scope is the whole workspace: its files not indexed are not noted (the index's
    summary lists them), unless no file was."""

    def not_indexed(self) -> str:
        """Why the scope's files that were not indexed have no diagnostics."""
        n = self.backends.get("none", 0)
        if n == 1 and len(self.unindexed) == 1:
            path, why = self.unindexed[0]
            return f"{path} was not indexed: {why}"
        shown = "; ".join(f"{path}: {why}" for path, why in self.unindexed)
        more = f"; and {n - len(self.unindexed)} more" if n > len(self.unindexed) else ""
        return f"{n} files in scope were not indexed, so have no diagnostics: {shown}{more}"


_SHOWN = 3  # files not indexed named in a note
_CHUNK = 300  # files per query: SQLite caps an expression's depth at 1000
_PAGE = 5000


def _chunks(paths: list[str] | None) -> list[list[str] | None]:
    if paths is None:
        return [None]
    return [paths[i : i + _CHUNK] for i in range(0, len(paths), _CHUNK)]


def _label(paths: list[str] | None) -> str:
    if paths is None:
        return "*"
    return ", ".join(paths[:3]) + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")


def _add(total: dict[str, int], part: dict[str, int]) -> None:
    for key, n in part.items():
        total[key] = total.get(key, 0) + n


def _require(
    backends: dict[str, int], params: DiagnosticsInput, ws: Workspace, whole: bool
) -> dict[str, int]:
    """``backends`` when the scope holds a file; else FILE_NOT_FOUND, which says what to do:
    another scope, or, when the whole workspace was asked (``whole``), another folder."""
    if not backends and whole:
        raise FileNotIndexed(
            f"the index of {ws.root} holds no source files: the walk found no file of a "
            "language lsai reads there",
            resolution="index the folder that holds the source (`lsai index PATH`); a "
            ".gitignore, or a folder lsai always leaves out (node_modules, build, dist, .venv), "
            "may hide it",
        )
    if not backends:
        raise FileNotIndexed(
            f"scope {params.scope!r} matches no indexed file or project",
            resolution="give a workspace-relative file or folder, a project name "
            "(see `lsai deps`), or * for the whole workspace",
        )
    return backends


def _unindexed(
    conn: Reader, prefixes: Sequence[str] | None, backends: dict[str, int]
) -> list[tuple[str, str]]:
    if not backends.get("none"):
        return []
    rows = tool_queries.unindexed_files(conn, prefixes, GENERATED_DIRS, _SHOWN)
    return [(str(r["path"]), str(r["error"] or "not indexed")) for r in rows]


def _require_indexed(found: _Found) -> None:
    """FILE_NOT_FOUND when no file in scope was indexed, saying why (as ``outline`` does)."""
    if found.backends.get("none", 0) == sum(found.backends.values()):
        raise FileNotIndexed(
            found.not_indexed(),
            resolution="diagnostics come from a language server reading the file: fix it (or "
            "its size) and run `lsai index`, or ask for another scope",
        )


def _result(
    ws: Workspace, params: DiagnosticsInput, severities: Sequence[Severity], found: _Found
) -> DiagnosticsResult:
    prov = found.prov
    served = found.backends.get("lsp", 0)
    unserved = sum(n for b, n in found.backends.items() if b == "tree-sitter")
    notes = list(prov.notes)
    if found.unindexed and not found.whole:
        notes.insert(0, found.not_indexed())
    if not served and sum(found.backends.values()) > found.backends.get("none", 0):
        notes.insert(0, NOT_SERVED)
    elif unserved:
        notes.append(
            f"{unserved} file(s) in scope were indexed by tree-sitter only and have no diagnostics"
        )
    items = _items(ws, found.rows)
    total = sum(found.counts.values())
    end = params.offset + len(items)
    return DiagnosticsResult(
        scope=params.scope,
        severities=list(severities),
        diagnostics=items,
        counts=found.counts,
        total=total,
        truncated=end < total,
        next_offset=end if end < total else None,
        served=bool(served),
        files_served=served,
        files_unserved=unserved,
        provenance=prov.model_copy(
            update={"notes": notes, "complete": prov.complete and bool(served) and not unserved}
        ),
    )


def _scope_prefixes(conn: Reader, ws: Workspace, scope: str) -> list[str] | None:
    """The path prefixes a scope stands for; None for the whole workspace."""
    scope = scope.strip()
    if scope in ("*", "", "."):
        return None
    projects = tool_queries.project_roots_named(conn, scope)
    if projects:
        return projects
    return [ws.relative(scope).rstrip("/")]


def _items(ws: Workspace, rows: list[dict[str, object]]) -> list[DiagnosticItem]:
    files: dict[str, list[str] | None] = {}
    items: list[DiagnosticItem] = []
    for row in rows:
        path, line = str(row["file"]), int(str(row["start_line"]))
        if path not in files:
            files[path] = ws.lines(path)
        lines = files[path]
        items.append(
            DiagnosticItem(
                file=path,
                line=line,
                col=int(str(row["start_col"])),
                end_line=int(str(row["end_line"])),
                end_col=int(str(row["end_col"])),
                severity=str(row["severity"]),
                code=_text(row["code"]),
                message=str(row["message"]),
                source=_text(row["source"]),
                language=_text(row["language"]),
                context=lines[line - 1].rstrip("\r") if lines and 0 < line <= len(lines) else None,
            )
        )
    return items


def _text(value: object) -> str | None:
    return None if value is None else str(value)
