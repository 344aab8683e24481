"""lsp-mcp-server's fourteen ``lsp_*`` tools: snake_case parameters, a ``file_path`` (absolute,
or relative to the workspace), 1-based ``line`` and ``column``; absolute paths and 1-based
positions in the results, each location with its line of code (``context``).

lsai answers from its index, so the three server tools speak of the servers that built it:
``lsp_server_status`` lists each language's server and what it answered, ``lsp_start_server``
brings the index up to date now (which runs the servers), ``lsp_stop_server`` says whether any
was running (the file watcher keeps them between updates) and that none answers queries.
Completions are the names the index knows (a type's members after ``x.``), not a live buffer's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel

from lsai.errors import ErrorCode, LsaiError
from lsai.query.compat import assist, core, files
from lsai.query.compat.core import Place, Symbol
from lsai.query.compat.files import Lines
from lsai.query.compat.lspmcp_contracts import (
    Completion,
    CompletionsInput,
    CompletionsResult,
    DefinitionsResult,
    Diagnostic,
    DiagnosticsInput,
    DiagnosticsResult,
    DocumentSymbol,
    DocumentSymbolsResult,
    Edit,
    FileInput,
    HoverResult,
    ImplementationsInput,
    ImplementationsResult,
    Location,
    Parameter,
    Point,
    PositionInput,
    ReferencesInput,
    ReferencesResult,
    RenameInput,
    RenameResult,
    ServerState,
    ServerStatusInput,
    ServerStatusResult,
    SeveritySummary,
    Signature,
    SignatureHelpResult,
    Span,
    StartServerInput,
    StartServerResult,
    StopServerInput,
    StopServerResult,
    WorkspaceSymbol,
    WorkspaceSymbolsInput,
    WorkspaceSymbolsResult,
)
from lsai.query.compat.profile import CompatTool, Profile, no_path
from lsai.query.diagnostics import SEVERITIES
from lsai.query.errors import QueryError
from lsai.query.server import LanguageCapability, ServerInput, server
from lsai.query.workspace import Workspace

MIN_SEVERITY = {"all": SEVERITIES} | {s: SEVERITIES[: i + 1] for i, s in enumerate(SEVERITIES)}
CAPABILITIES = [
    "definition", "typeDefinition", "references", "implementation", "hover", "signatureHelp",
    "completion", "rename", "documentSymbol", "workspaceSymbol", "diagnostics", "callHierarchy",
]  # fmt: skip


# -- answers --------------------------------------------------------------------------------------
def _abs(ws: Workspace, file: str) -> str:
    return file if Path(file).is_absolute() else str(ws.root / file)


def _location(ws: Workspace, p: Place, lines: Lines) -> Location:
    return Location(
        path=_abs(ws, p.file),
        line=p.line,
        column=p.col,
        end_line=p.end_line,
        end_column=p.end_col,
        context=lines.line(p.file, p.line),
    )


def _span(line: int, col: int, end_line: int, end_col: int) -> Span:
    return Span(start=Point(line=line, column=col), end=Point(line=end_line, column=end_col))


def _at(ws: Workspace, params: PositionInput) -> tuple[str, int, int]:
    return files.source_file(ws, params.file_path), params.line, params.column


def goto_definition(ws: Workspace, params: PositionInput) -> DefinitionsResult:
    lines = Lines(ws)
    found = core.symbol_at(ws, *_at(ws, params))
    return DefinitionsResult(
        definitions=[_location(ws, p, lines) for p in core.definitions(ws, found, lines)]
    )


def goto_type_definition(ws: Workspace, params: PositionInput) -> DefinitionsResult:
    lines = Lines(ws)
    found = core.symbol_at(ws, *_at(ws, params))
    places = core.type_definitions(ws, found, lines)
    return DefinitionsResult(definitions=[_location(ws, p, lines) for p in places])


def find_references(ws: Workspace, params: ReferencesInput) -> ReferencesResult:
    lines = Lines(ws)
    _, places, total = core.references(
        ws,
        *_at(ws, params),
        declaration=params.include_declaration,
        most=params.offset + params.limit,
    )
    page = places[params.offset : params.offset + params.limit]
    return ReferencesResult(
        references=[_location(ws, p, lines) for p in page],
        total_count=total,
        returned_count=len(page),
        offset=params.offset,
        has_more=params.offset + len(page) < total,
    )


def find_implementations(ws: Workspace, params: ImplementationsInput) -> ImplementationsResult:
    lines = Lines(ws)
    found = core.symbol_at(ws, *_at(ws, params))
    places = core.implementations(ws, found, lines, 10_000)
    page = places[: params.limit]
    return ImplementationsResult(
        implementations=[_location(ws, p, lines) for p in page],
        total_count=len(places),
        returned_count=len(page),
        has_more=len(places) > len(page),
    )


def hover(ws: Workspace, params: PositionInput) -> HoverResult:
    found = core.symbol_at(ws, *_at(ws, params))
    s = found.symbol
    p = Place.named(s.file, s.line, s.col, s.name)
    return HoverResult(
        contents=core.hover_markdown(found),
        range=_span(p.line, p.col, p.end_line, p.end_col),
    )


def signature_help(ws: Workspace, params: PositionInput) -> SignatureHelpResult:
    file, line, col = _at(ws, params)
    call = assist.call_context(Lines(ws), file, line, col)
    if call is None:
        raise QueryError(
            f"{file}:{line}:{col} is not inside a call's parentheses",
            resolution="give the position of an argument, between the ( and the ) of a call",
        )
    found = core.symbol_at(ws, file, call.line, call.col)
    params_ = assist.parameters(found)
    label = found.symbol.signature or f"{found.symbol.name}({', '.join(params_)})"
    return SignatureHelpResult(
        signatures=[
            Signature(
                label=label,
                documentation=found.doc,
                parameters=[Parameter(label=p) for p in params_],
            )
        ],
        active_signature=0,
        active_parameter=min(call.argument, max(len(params_) - 1, 0)),
    )


def _document_symbol(s: Symbol) -> DocumentSymbol:
    return DocumentSymbol(
        name=s.name,
        kind=core.kind_name(s.kind),
        detail=s.detail or None,
        range=_span(s.line, s.start_col, s.end_line, s.end_col),
        selection_range=_span(s.line, s.col, s.line, s.col + len(s.name)),
        children=[_document_symbol(c) for c in s.children],
    )


def document_symbols(ws: Workspace, params: FileInput) -> DocumentSymbolsResult:
    file = files.source_file(ws, params.file_path)
    symbols = core.document_symbols(ws, file, Lines(ws))
    return DocumentSymbolsResult(symbols=[_document_symbol(s) for s in symbols])


def workspace_symbols(ws: Workspace, params: WorkspaceSymbolsInput) -> WorkspaceSymbolsResult:
    kinds = sorted({k for name in params.kinds or () for k in core.kind_of_name(name)})
    if params.kinds and not kinds:
        return WorkspaceSymbolsResult(symbols=[], total_count=0, returned_count=0, has_more=False)
    hits, total = core.workspace_symbols(ws, params.query, kinds or None, params.limit)
    symbols = [
        WorkspaceSymbol(
            name=h.name,
            kind=core.kind_name(h.kind),
            path=_abs(ws, h.file),
            line=h.line,
            column=h.col,
            container_name=h.qualified_name.rsplit(".", 1)[0] if "." in h.qualified_name else None,
        )
        for h in hits
    ]
    return WorkspaceSymbolsResult(
        symbols=symbols,
        total_count=total,
        returned_count=len(symbols),
        has_more=total > len(symbols),
    )


def diagnostics(ws: Workspace, params: DiagnosticsInput) -> DiagnosticsResult:
    file = files.source_file(ws, params.file_path)
    found = core.file_diagnostics(ws, file, MIN_SEVERITY[params.severity_filter])
    lines = Lines(ws)
    counts = found.counts
    return DiagnosticsResult(
        diagnostics=[
            Diagnostic(
                range=_span(d.line, d.col, d.end_line, d.end_col),
                severity=d.severity,
                code=d.code,
                source=d.source,
                message=d.message,
                context=lines.line(d.file, d.line),
            )
            for d in found.diagnostics
        ],
        summary=SeveritySummary(
            errors=counts.get("error", 0),
            warnings=counts.get("warning", 0),
            info=counts.get("info", 0),
            hints=counts.get("hint", 0),
        ),
        note="From lsai's index, built by the language server; a file changed since it was "
        "indexed is indexed again before answering.",
    )


def completions(ws: Workspace, params: CompletionsInput) -> CompletionsResult:
    file, line, col = _at(ws, params)
    found = assist.completions(ws, file, line, col, Lines(ws), params.limit)
    return CompletionsResult(
        completions=[
            Completion(
                label=c.name,
                kind=core.kind_name(c.kind),
                detail=c.detail,
                documentation=c.doc,
                insert_text=c.name,
                sort_text=f"{i:04d}",
            )
            for i, c in enumerate(found)
        ],
        is_incomplete=True,
    )


def rename(ws: Workspace, params: RenameInput) -> RenameResult:
    file, line, col = _at(ws, params)
    lines = Lines(ws)
    done = core.renamed(ws, file, line, col, params.new_name, apply=not params.dry_run)
    changes: dict[str, list[Edit]] = {}
    for change in done.changes:
        context = core.line_before(change, lines)
        for at in change.cols:
            end = at + len(done.old_name)
            changes.setdefault(_abs(ws, change.file), []).append(
                Edit(
                    range=_span(change.line, at, change.line, end),
                    new_text=params.new_name,
                    context=context,
                )
            )
    return RenameResult(
        changes=changes,
        files_affected=len(changes),
        edits_count=sum(len(v) for v in changes.values()),
        applied=done.applied,
        original_name=done.old_name,
    )


def _languages(ws: Workspace, wanted: str | None) -> tuple[list[LanguageCapability], bool]:
    """The index's languages (``wanted`` alone, SERVER_NOT_FOUND when it has none), and
    whether a file watcher keeps their servers running."""
    found = server(ws, ServerInput())
    languages = [c for c in found.languages if wanted is None or c.language == wanted]
    if wanted is not None and not languages:
        known = ", ".join(c.language for c in found.languages) or "none"
        raise LsaiError(
            f"no {wanted} files in the index of {ws.root}",
            code=ErrorCode.SERVER_NOT_FOUND,
            resolution=f"server_id is a language of the workspace: {known}",
        )
    return languages, found.freshness.watching


def server_status(ws: Workspace, params: ServerStatusInput) -> ServerStatusResult:
    languages, watching = _languages(ws, params.server_id)
    servers = [
        ServerState(
            id=c.language,
            status=("running" if watching else "indexed")
            if c.backend != "tree-sitter"
            else "not used",
            server=c.backend,
            workspace_root=str(ws.root),
            capabilities=CAPABILITIES if c.backend != "tree-sitter" else [],
            documents_open=c.files,
        )
        for c in languages
    ]
    return ServerStatusResult(
        servers=servers,
        note="lsai answers from an index its language servers built; they run while it "
        "indexes (and between updates while a file watcher keeps the index current). "
        "tree-sitter: no server served that language (`lsai doctor` says how to install one).",
    )


def start_server(ws: Workspace, params: StartServerInput) -> StartServerResult:
    _languages(ws, params.server_id)
    if ws.reindex is not None:
        ws.reindex()
    return StartServerResult(
        status="started",
        server_id=params.server_id,
        workspace_root=str(ws.root),
        capabilities=CAPABILITIES,
    )


def stop_server(ws: Workspace, params: StopServerInput) -> StopServerResult:
    _, watching = _languages(ws, params.server_id)
    return StopServerResult(
        status="stopped",
        server_id=params.server_id,
        workspace_root=str(ws.root),
        was_running=watching,
        note="no language server answers queries: they run only while lsai updates its index"
        + (" (the file watcher's, which keeps running)" if watching else ""),
    )


# -- the profile ----------------------------------------------------------------------------------
def _file_path(params: Any) -> str | None:
    given = str(params.file_path)
    return given if Path(given).is_absolute() else None


def _workspace_root(params: Any) -> str | None:
    root = getattr(params, "workspace_root", None)
    return None if root is None else str(root)


_SUGGESTIONS = {
    ErrorCode.FILE_NOT_FOUND: "Check the path: absolute, or relative to the workspace root.",
}


def _error(error: LsaiError) -> dict[str, Any]:
    code = "RENAME_NOT_ALLOWED" if error.code is ErrorCode.CAPABILITY_NOT_SUPPORTED else error.code
    suggestion = error.resolution or _SUGGESTIONS.get(error.code, "")
    return {"error": {"code": str(code), "message": error.message, "suggestion": suggestion}}


def _error_text(error: LsaiError) -> str:
    data = _error(error)["error"]
    return f"{data['code']}: {data['message']}" + (
        f"\nsuggestion: {data['suggestion']}" if data["suggestion"] else ""
    )


_ONE = " Lines and columns are 1-indexed."


def _tool(
    name: str, inp: type[BaseModel], out: type[BaseModel], run: Any, text: str, **kw: Any
) -> CompatTool:
    return CompatTool(
        name, inp, out, run, text + _ONE, workspace=kw.pop("workspace", _file_path), **kw
    )


PROFILE = Profile(
    name="lsp-mcp",
    title="lsp-mcp-server's lsp_* tools",
    tools=(
        _tool(
            "lsp_goto_definition",
            PositionInput,
            DefinitionsResult,
            goto_definition,
            "Find where the symbol at a position is defined, with its line of code.",
        ),
        _tool(
            "lsp_goto_type_definition",
            PositionInput,
            DefinitionsResult,
            goto_type_definition,
            "Find the type of the symbol at a position (the class a variable holds, a "
            "function's return type).",
        ),
        _tool(
            "lsp_find_references",
            ReferencesInput,
            ReferencesResult,
            find_references,
            "Find every reference to the symbol at a position, paged (limit, offset).",
        ),
        _tool(
            "lsp_find_implementations",
            ImplementationsInput,
            ImplementationsResult,
            find_implementations,
            "Find the implementations of an interface, class or method at a position.",
        ),
        _tool(
            "lsp_hover",
            PositionInput,
            HoverResult,
            hover,
            "Signature and documentation of the symbol at a position (markdown).",
        ),
        _tool(
            "lsp_signature_help",
            PositionInput,
            SignatureHelpResult,
            signature_help,
            "The signature of the call whose parentheses hold the position, and which "
            "parameter the position is at.",
        ),
        _tool(
            "lsp_document_symbols",
            FileInput,
            DocumentSymbolsResult,
            document_symbols,
            "Every symbol of a file (functions, classes, members), nested.",
        ),
        _tool(
            "lsp_workspace_symbols",
            WorkspaceSymbolsInput,
            WorkspaceSymbolsResult,
            workspace_symbols,
            "Search the workspace's symbols by name (exact, then prefix, then substring; "
            "* and ? wildcards), optionally of some kinds.",
            workspace=no_path,
        ),
        _tool(
            "lsp_diagnostics",
            DiagnosticsInput,
            DiagnosticsResult,
            diagnostics,
            "Errors and warnings of a file, with counts by severity.",
        ),
        _tool(
            "lsp_completions",
            CompletionsInput,
            CompletionsResult,
            completions,
            "Names completing the word at a position: a type's members after `x.`, else the "
            "workspace's symbols starting with it (from the index, not a live buffer).",
        ),
        _tool(
            "lsp_rename",
            RenameInput,
            RenameResult,
            rename,
            "Rename the symbol at a position everywhere it is referenced: a preview by "
            "default (dry_run), applied atomically with dry_run false.",
            read_only=False,
            destructive=True,
        ),
        _tool(
            "lsp_server_status",
            ServerStatusInput,
            ServerStatusResult,
            server_status,
            "The language servers that built the index, per language.",
            workspace=no_path,
        ),
        _tool(
            "lsp_start_server",
            StartServerInput,
            StartServerResult,
            start_server,
            "Bring the workspace's index up to date now (its language servers answer).",
            read_only=False,
            workspace=_workspace_root,
        ),
        _tool(
            "lsp_stop_server",
            StopServerInput,
            StopServerResult,
            stop_server,
            "Whether a language server was running for the workspace; none answers queries.",
            workspace=_workspace_root,
        ),
    ),
    error=_error,
    error_text=_error_text,
)
