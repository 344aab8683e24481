"""The FS-001 MCP-LSP bridge: ``find_references``, ``go_to_definition``, ``rename_symbol`` and
``get_diagnostics``, each given its ``workspaceRoot``.

Paths are relative to ``workspaceRoot`` (a library's definition absolute, ``isExternal``);
positions 1-based; code snippets are whole lines with their indentation. ``rename_symbol``
writes the files (FS-001 has no preview): atomically, refusing when a file changed since it was
indexed, never outside the workspace, then re-indexes them. An error is ``{success: false,
error: {code, message, resolution}}``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from lsai.errors import LsaiError
from lsai.query.compat import core, files
from lsai.query.compat.core import Place
from lsai.query.compat.files import Lines
from lsai.query.compat.profile import CompatTool, Profile
from lsai.query.contracts import Contract
from lsai.query.diagnostics import Severity
from lsai.query.workspace import Workspace

MAX_REFERENCES = 500


class _At(Contract):
    workspace_root: str = Field(description="Absolute path to the project root directory")
    file_path: str = Field(description="File holding the symbol, relative to workspaceRoot")
    line: int = Field(ge=1, description="Line of the symbol (1-based)")
    column: int = Field(ge=1, description="Column of the symbol (1-based)")


class FindReferencesInput(_At):
    include_node_modules: bool = Field(
        False, description="Also references in dependencies (the index holds none: no effect)"
    )


class Reference(Contract):
    file_path: str
    line: int
    column: int
    code_snippet: str
    reference_type: Literal["declaration", "usage"]


class Failure(Contract):
    file_path: str
    reason: str


class FindReferencesResult(Contract):
    success: bool = True
    references: list[Reference]
    total_count: int
    truncated: bool
    failures: list[Failure] | None = Field(None, exclude_if=lambda v: not v)


class Definition(Contract):
    file_path: str
    line: int
    column: int
    code_snippet: str
    is_external: bool


class GoToDefinitionResult(Contract):
    success: bool = True
    definitions: list[Definition]


class RenameSymbolInput(_At):
    new_name: str = Field(min_length=1, description="The new name for the symbol")


class LineChange(Contract):
    line: int
    old_text: str
    new_text: str


class FileModified(Contract):
    file_path: str
    change_count: int
    changes: list[LineChange]


class RenameSymbolResult(Contract):
    success: bool = True
    files_modified: list[FileModified]
    total_changes: int


class GetDiagnosticsInput(Contract):
    workspace_root: str = Field(description="Absolute path to the project root directory")
    file_path: str | None = Field(
        None, description="One file, relative to workspaceRoot (omitted: the whole project)"
    )


class Diagnostic(Contract):
    file_path: str
    line: int
    column: int
    end_line: int
    end_column: int
    severity: Severity
    code: str
    message: str
    code_snippet: str


class GetDiagnosticsResult(Contract):
    success: bool = True
    diagnostics: list[Diagnostic]
    error_count: int
    warning_count: int
    info_count: int
    hint_count: int


def _failures(ws: Workspace, files: set[str]) -> list[Failure]:
    """The files among ``files`` the language server could not fully serve, with why."""
    return [Failure(file_path=f, reason=r) for f, r in core.problems(ws, files)]


def find_references(ws: Workspace, params: FindReferencesInput) -> FindReferencesResult:
    file = files.source_file(ws, params.file_path)
    _, places, total = core.references(ws, file, params.line, params.column, most=MAX_REFERENCES)
    lines = Lines(ws)
    refs = [
        Reference(
            file_path=p.file,
            line=p.line,
            column=p.col,
            code_snippet=lines.line(p.file, p.line),
            reference_type="declaration" if p.role == "declaration" else "usage",
        )
        for p in places
    ]
    return FindReferencesResult(
        references=refs,
        total_count=total,
        truncated=total > len(places),
        failures=_failures(ws, {p.file for p in places}),
    )


def go_to_definition(ws: Workspace, params: _At) -> GoToDefinitionResult:
    file = files.source_file(ws, params.file_path)
    found = core.symbol_at(ws, file, params.line, params.column)
    lines = Lines(ws)
    return GoToDefinitionResult(
        definitions=[_definition(p, lines) for p in core.definitions(ws, found, lines)]
    )


def _definition(p: Place, lines: Lines) -> Definition:
    return Definition(
        file_path=p.file,
        line=p.line,
        column=p.col,
        code_snippet=lines.line(p.file, p.line),
        is_external=p.external or p.file.endswith(".d.ts"),
    )


def rename_symbol(ws: Workspace, params: RenameSymbolInput) -> RenameSymbolResult:
    file = files.source_file(ws, params.file_path)
    done = core.renamed(ws, file, params.line, params.column, params.new_name, apply=True)
    after = Lines(ws)  # read once written
    by_file: dict[str, list[tuple[int, LineChange]]] = {}
    for change in done.changes:
        line = LineChange(
            line=change.line,
            old_text=core.line_before(change, after),
            new_text=after.line(change.file, change.line),
        )
        by_file.setdefault(change.file, []).append((len(change.cols), line))
    return RenameSymbolResult(
        files_modified=[
            FileModified(
                file_path=path,
                change_count=sum(n for n, _ in entries),
                changes=[c for _, c in entries],
            )
            for path, entries in by_file.items()
        ],
        total_changes=done.change_count,
    )


def get_diagnostics(ws: Workspace, params: GetDiagnosticsInput) -> GetDiagnosticsResult:
    scope = files.source_file(ws, params.file_path) if params.file_path else "*"
    found = core.file_diagnostics(ws, scope)
    lines = Lines(ws)
    items = [
        Diagnostic(
            file_path=d.file,
            line=d.line,
            column=d.col,
            end_line=d.end_line,
            end_column=d.end_col,
            severity=d.severity,  # type: ignore[arg-type]  # one of the four
            code=d.code or "",
            message=d.message,
            code_snippet=lines.line(d.file, d.line),
        )
        for d in found.diagnostics
    ]
    counts = found.counts
    return GetDiagnosticsResult(
        diagnostics=items,
        error_count=counts.get("error", 0),
        warning_count=counts.get("warning", 0),
        info_count=counts.get("info", 0),
        hint_count=counts.get("hint", 0),
    )


def _root(params: Any) -> str | None:
    return str(params.workspace_root)


def _error(error: LsaiError) -> dict[str, Any]:
    return {"success": False, "error": error.to_dict()}


def _error_text(error: LsaiError) -> str:
    return f"{error.code}: {error.message}" + (
        f"\nresolution: {error.resolution}" if error.resolution else ""
    )


_POSITION = " Positions are 1-based; paths relative to workspaceRoot."
PROFILE = Profile(
    name="fs001",
    title="the FS-001 MCP-LSP bridge",
    tools=(
        CompatTool(
            "find_references",
            FindReferencesInput,
            FindReferencesResult,
            find_references,
            "Locate every reference to the symbol at a position: the declaration first, then "
            "the usages by file path, each with its line of code; at most 500 (truncated says "
            "when there are more)." + _POSITION,
            workspace=_root,
        ),
        CompatTool(
            "go_to_definition",
            _At,
            GoToDefinitionResult,
            go_to_definition,
            "Where the symbol at a position is defined (every declaration of an overloaded or "
            "merged one), with its line of code; isExternal for a library's." + _POSITION,
            workspace=_root,
        ),
        CompatTool(
            "rename_symbol",
            RenameSymbolInput,
            RenameSymbolResult,
            rename_symbol,
            "Rename the symbol at a position and every reference to it, writing the files "
            "(atomically; refused when a file changed since indexing or the new name "
            "conflicts); lists every line changed." + _POSITION,
            read_only=False,
            destructive=True,
            workspace=_root,
        ),
        CompatTool(
            "get_diagnostics",
            GetDiagnosticsInput,
            GetDiagnosticsResult,
            get_diagnostics,
            "Compiler errors, warnings, infos and hints of one file, or of the whole project "
            "when filePath is omitted, with counts by severity." + _POSITION,
            workspace=_root,
        ),
    ),
    error=_error,
    error_text=_error_text,
)
