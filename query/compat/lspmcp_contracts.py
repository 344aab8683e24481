"""lsp-mcp-server's tool inputs and results: snake_case, a ``file_path``, 1-based positions,
absolute paths; inputs refuse unknown parameters, as that server's schemas do (``.strict()``)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from lsai.query.compat.profile import Snake

KindName = Literal[
    "File", "Module", "Namespace", "Package", "Class", "Method", "Property", "Field",
    "Constructor", "Enum", "Interface", "Function", "Variable", "Constant", "String", "Number",
    "Boolean", "Array", "Object", "Key", "Null", "EnumMember", "Struct", "Event", "Operator",
    "TypeParameter",
]  # fmt: skip


class FileInput(Snake):
    file_path: str = Field(description="Path to the source file (absolute, or workspace-relative)")


class PositionInput(FileInput):
    line: int = Field(ge=1, description="Line number (1-indexed)")
    column: int = Field(ge=1, description="Column number (1-indexed)")


class ReferencesInput(PositionInput):
    include_declaration: bool = Field(True, description="Include the declaration")
    limit: int = Field(100, ge=1, le=500, description="Maximum number of results to return")
    offset: int = Field(0, ge=0, description="Number of results to skip (for pagination)")


class ImplementationsInput(PositionInput):
    limit: int = Field(50, ge=1, le=100, description="Maximum number of results")


class WorkspaceSymbolsInput(Snake):
    query: str = Field(min_length=1, description="Symbol name; * and ? are wildcards")
    kinds: list[KindName] | None = Field(None, description="Only these symbol kinds")
    limit: int = Field(50, ge=1, le=100, description="Maximum number of results")


class DiagnosticsInput(FileInput):
    severity_filter: Literal["all", "error", "warning", "info", "hint"] = Field(
        "all", description="Minimum severity"
    )


class CompletionsInput(PositionInput):
    limit: int = Field(20, ge=1, le=50, description="Maximum number of suggestions")


class RenameInput(PositionInput):
    new_name: str = Field(min_length=1, description="New name for the symbol")
    dry_run: bool = Field(True, description="Only preview (false: apply the changes)")


class ServerStatusInput(Snake):
    server_id: str | None = Field(None, description="A language (python, typescript...)")


class StartServerInput(Snake):
    server_id: str = Field(description="A language (python, typescript...)")
    workspace_root: str = Field(description="Absolute path of the workspace root")


class StopServerInput(Snake):
    server_id: str = Field(description="A language (python, typescript...)")
    workspace_root: str | None = Field(None, description="Workspace root")


class Point(Snake):
    line: int
    column: int


class Span(Snake):
    start: Point
    end: Point


class Location(Snake):
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    context: str


class DefinitionsResult(Snake):
    definitions: list[Location]


class ReferencesResult(Snake):
    references: list[Location]
    total_count: int
    returned_count: int
    offset: int
    has_more: bool


class ImplementationsResult(Snake):
    implementations: list[Location]
    total_count: int
    returned_count: int
    has_more: bool


class HoverResult(Snake):
    contents: str
    range: Span


class Parameter(Snake):
    label: str
    documentation: str | None = None


class Signature(Snake):
    label: str
    documentation: str | None = None
    parameters: list[Parameter]


class SignatureHelpResult(Snake):
    signatures: list[Signature]
    active_signature: int
    active_parameter: int


class DocumentSymbol(Snake):
    name: str
    kind: str
    detail: str | None = None
    range: Span
    selection_range: Span
    children: list[DocumentSymbol] = Field(default_factory=list)


class DocumentSymbolsResult(Snake):
    symbols: list[DocumentSymbol]


class WorkspaceSymbol(Snake):
    name: str
    kind: str
    path: str
    line: int
    column: int
    container_name: str | None = None


class WorkspaceSymbolsResult(Snake):
    symbols: list[WorkspaceSymbol]
    total_count: int
    returned_count: int
    has_more: bool


class Diagnostic(Snake):
    range: Span
    severity: str
    code: str | None = None
    source: str | None = None
    message: str
    context: str


class SeveritySummary(Snake):
    errors: int
    warnings: int
    info: int
    hints: int


class DiagnosticsResult(Snake):
    diagnostics: list[Diagnostic]
    summary: SeveritySummary
    note: str


class Completion(Snake):
    label: str
    kind: str
    detail: str | None = None
    documentation: str | None = None
    insert_text: str
    sort_text: str


class CompletionsResult(Snake):
    completions: list[Completion]
    is_incomplete: bool


class Edit(Snake):
    range: Span
    new_text: str
    context: str


class RenameResult(Snake):
    changes: dict[str, list[Edit]]
    files_affected: int
    edits_count: int
    applied: bool
    original_name: str


class ServerState(Snake):
    id: str
    status: str
    server: str
    workspace_root: str
    capabilities: list[str]
    documents_open: int
    restart_count: int = 0
    last_error: str | None = None


class ServerStatusResult(Snake):
    servers: list[ServerState]
    note: str


class StartServerResult(Snake):
    status: str
    server_id: str
    workspace_root: str
    capabilities: list[str]


class StopServerResult(Snake):
    status: str
    server_id: str
    workspace_root: str
    was_running: bool
    note: str
