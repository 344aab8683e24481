"""lspi's tools: symbols addressed by name and kind within a file (``find_definition``), or by a
position an agent may have off by one (``*_at``: the correction is reported in ``warnings``),
rename previewed by default and applied safely (``dry_run: false``; ``rename_symbol_strict``
refuses a file whose SHA-256 is not the ``expected_before_sha256`` given), diagnostics, and
``restart_server`` (brings the index up to date: the servers answer again).

Results are ``{ok, results, warnings}``; paths relative to the workspace, 1-based positions.
"""

from __future__ import annotations

import hashlib
from typing import Any

from pydantic import BaseModel, Field

from lsai.errors import ErrorCode, LsaiError
from lsai.query.compat import core, files
from lsai.query.compat.core import Place
from lsai.query.compat.files import Lines
from lsai.query.compat.profile import CompatTool, Profile, Snake
from lsai.query.contracts import SearchInput
from lsai.query.errors import AmbiguousSymbol, SymbolNotFound
from lsai.query.info import InfoResult
from lsai.query.search import search
from lsai.query.workspace import Workspace


class ByName(Snake):
    file_path: str = Field(description="File declaring the symbol (workspace-relative or absolute)")
    symbol_name: str = Field(min_length=1, description="The symbol's name (or Type.member)")
    symbol_kind: str | None = Field(None, description="class, function, method, ... to pick one")


class At(Snake):
    file_path: str = Field(description="File (workspace-relative or absolute)")
    line: int = Field(ge=0, description="Line (1-based; a 0-based one is corrected)")
    character: int = Field(ge=0, description="Column (1-based; 0-based or off by one corrected)")


class ReferencesByName(ByName):
    include_declaration: bool = True
    max_results: int = Field(200, ge=1, le=5000)


class ReferencesAt(At):
    include_declaration: bool = True
    max_results: int = Field(200, ge=1, le=5000)


class RenameByName(ByName):
    new_name: str = Field(min_length=1)
    dry_run: bool = Field(True, description="Preview only (false: apply)")


class RenameAt(At):
    new_name: str = Field(min_length=1)
    dry_run: bool = Field(True, description="Preview only (false: apply)")
    expected_before_sha256: dict[str, str] | None = Field(
        None, description="file -> SHA-256 of its content: apply only if every file matches"
    )


class FileOnly(Snake):
    file_path: str


class Query(Snake):
    query: str = Field(min_length=1)
    limit: int = Field(50, ge=1, le=1000)


class NoInput(Snake):
    pass


class Found(Snake):
    file_path: str
    line: int
    character: int
    name: str | None = None
    kind: str | None = None
    snippet: str | None = None
    detail: str | None = None


class Answer(Snake):
    ok: bool = True
    results: list[Found] = Field(default_factory=list)
    hover: str | None = None
    applied: bool | None = None
    total: int | None = None
    warnings: list[str] = Field(default_factory=list)


def _found(p: Place, lines: Lines, name: str | None = None, kind: str | None = None) -> Found:
    return Found(
        file_path=p.file,
        line=p.line,
        character=p.col,
        name=name,
        kind=kind,
        snippet=lines.line(p.file, p.line).strip()[:200],
    )


def _warnings(found: InfoResult) -> list[str]:
    fixed = found.provenance.corrected
    return [f"position fuzzing applied: {fixed}"] if fixed else []


def _by_name(ws: Workspace, params: ByName) -> tuple[str, int, int]:
    """The position of the symbol ``symbol_name`` (of ``symbol_kind``) declared in the file."""
    file = files.source_file(ws, params.file_path)
    kinds = [params.symbol_kind] if params.symbol_kind else None
    asked = SearchInput(query=params.symbol_name, kind=kinds, scope=file, limit=1000)
    hits = core.fresh(ws, search, asked)
    name = params.symbol_name
    mine = [
        h
        for h in hits.symbols
        if h.file == file
        and (name in (h.name, h.qualified_name) or h.qualified_name.endswith("." + name))
    ]
    if not mine:
        raise SymbolNotFound(
            f"no {params.symbol_kind or 'symbol'} {name} declared in {file}",
            resolution="check the name and kind, or address it by position (*_at tools)",
        )
    if len(mine) > 1:
        shown = tuple(f"{h.kind} {h.qualified_name} {h.file}:{h.line}" for h in mine)
        raise AmbiguousSymbol(
            f"{len(mine)} symbols named {name} in {file}: " + "; ".join(shown),
            resolution="give symbol_kind, a qualified name (Type.member), or use a *_at tool",
            candidates=shown,
        )
    return file, mine[0].line, mine[0].col


def _at(ws: Workspace, params: At) -> tuple[str, int, int]:
    return files.source_file(ws, params.file_path), params.line, params.character


def _definition(ws: Workspace, at: tuple[str, int, int]) -> Answer:
    lines = Lines(ws)
    found = core.symbol_at(ws, *at)
    s = found.symbol
    results = [_found(p, lines, s.name, s.kind) for p in core.definitions(ws, found, lines)]
    return Answer(results=results, warnings=_warnings(found))


def find_definition(ws: Workspace, params: ByName) -> Answer:
    return _definition(ws, _by_name(ws, params))


def find_definition_at(ws: Workspace, params: At) -> Answer:
    return _definition(ws, _at(ws, params))


def _references(ws: Workspace, at: tuple[str, int, int], declaration: bool, most: int) -> Answer:
    lines = Lines(ws)
    found, places, total = core.references(ws, *at, declaration=declaration, most=most)
    results = [_found(p, lines) for p in places]
    warnings = _warnings(found)
    if total > len(places):
        warnings.append(f"{total - len(places)} more references left out (max_results {most})")
    return Answer(results=results, total=total, warnings=warnings)


def find_references(ws: Workspace, params: ReferencesByName) -> Answer:
    return _references(ws, _by_name(ws, params), params.include_declaration, params.max_results)


def find_references_at(ws: Workspace, params: ReferencesAt) -> Answer:
    return _references(ws, _at(ws, params), params.include_declaration, params.max_results)


def hover_at(ws: Workspace, params: At) -> Answer:
    found = core.symbol_at(ws, *_at(ws, params))
    return Answer(hover=core.hover_markdown(found), warnings=_warnings(found))


def find_implementation_at(ws: Workspace, params: At) -> Answer:
    lines = Lines(ws)
    found = core.symbol_at(ws, *_at(ws, params))
    places = core.implementations(ws, found, lines, 1000)
    return Answer(results=[_found(p, lines) for p in places], warnings=_warnings(found))


def find_type_definition_at(ws: Workspace, params: At) -> Answer:
    lines = Lines(ws)
    found = core.symbol_at(ws, *_at(ws, params))
    places = core.type_definitions(ws, found, lines)
    return Answer(results=[_found(p, lines) for p in places], warnings=_warnings(found))


def _calls(ws: Workspace, params: At, incoming: bool) -> Answer:
    """The direct callers (each at its call site) or callees (each where it is defined, a
    library's at its absolute path) of the function at a position."""
    lines = Lines(ws)
    at = _at(ws, params)
    found = core.symbol_at(ws, *at)
    results = []
    for hop in core.calls(ws, found, at, incoming):
        site_file, site_line = hop.site
        to = (site_file, site_line) if incoming else core.callee(ws, hop)
        if to is None:
            continue
        file, line = to
        if file is None or line is None:
            continue
        name = hop.method.rsplit(".", 1)[-1]
        col = hop.call_col if incoming else lines.name_col(file, line, name)
        results.append(_found(Place.named(file, line, col, name), lines, hop.method, hop.kind))
    return Answer(results=results, total=len(results), warnings=_warnings(found))


def find_incoming_calls(ws: Workspace, params: At) -> Answer:
    return _calls(ws, params, incoming=True)


def find_outgoing_calls(ws: Workspace, params: At) -> Answer:
    return _calls(ws, params, incoming=False)


def _rename(
    ws: Workspace,
    at: tuple[str, int, int],
    new_name: str,
    dry_run: bool,
    expected: dict[str, str] | None = None,
) -> Answer:
    plan = core.renamed(ws, *at, new_name, apply=False)
    files = sorted({c.file for c in plan.changes})
    if not dry_run and expected is not None:
        for file in files:
            wanted = expected.get(file)
            actual = hashlib.sha256((ws.root / file).read_bytes()).hexdigest()
            if wanted is None or wanted.lower() != actual:
                raise LsaiError(
                    f"{file}: its SHA-256 is {actual}, not the expected "
                    f"{wanted or '(none given)'}; nothing was written",
                    code=ErrorCode.INDEX_STALE,
                    resolution="preview again (dry_run true), then apply with the hashes of "
                    "every file the preview lists",
                )
    if not dry_run:
        plan = core.renamed(ws, *at, new_name, apply=True)
    results = [
        Found(
            file_path=c.file,
            line=c.line,
            character=col,
            snippet=c.new_text,
            detail=c.old_text,
        )
        for c in plan.changes
        for col in c.cols
    ]
    warnings = list(plan.warnings) + list(plan.conflicts)
    warnings += [f"left untouched: {u.reason} {u.name} {u.file}:{u.line}" for u in plan.untouched]
    return Answer(results=results, applied=plan.applied, total=plan.change_count, warnings=warnings)


def rename_symbol(ws: Workspace, params: RenameByName) -> Answer:
    return _rename(ws, _by_name(ws, params), params.new_name, params.dry_run)


def rename_symbol_strict(ws: Workspace, params: RenameAt) -> Answer:
    at = _at(ws, params)
    return _rename(ws, at, params.new_name, params.dry_run, params.expected_before_sha256)


def get_diagnostics(ws: Workspace, params: FileOnly) -> Answer:
    file = files.source_file(ws, params.file_path)
    found = core.file_diagnostics(ws, file)
    results = [
        Found(
            file_path=d.file,
            line=d.line,
            character=d.col,
            kind=d.severity,
            name=d.code,
            detail=d.message,
            snippet=d.context,
        )
        for d in found.diagnostics
    ]
    return Answer(results=results, total=found.total)


def get_document_symbols(ws: Workspace, params: FileOnly) -> Answer:
    file = files.source_file(ws, params.file_path)
    lines = Lines(ws)
    results = [
        Found(
            file_path=file, line=s.line, character=s.col, name=s.name, kind=s.kind, detail=s.detail
        )
        for top in core.document_symbols(ws, file, lines)
        for s in top.walk()
    ]
    return Answer(results=results, total=len(results))


def search_workspace_symbols(ws: Workspace, params: Query) -> Answer:
    hits, total = core.workspace_symbols(ws, params.query, None, params.limit)
    results = [
        Found(
            file_path=h.file,
            line=h.line,
            character=h.col,
            name=h.qualified_name,
            kind=h.kind,
            detail=h.signature,
        )
        for h in hits
    ]
    return Answer(results=results, total=total)


def restart_server(ws: Workspace, params: NoInput) -> Answer:
    if ws.reindex is not None:
        ws.reindex()
    return Answer(
        warnings=[
            "lsai answers from its index: it was brought up to date (the language "
            "servers answered again)"
        ]
    )


def _error(error: LsaiError) -> dict[str, Any]:
    return {"ok": False, "error": error.to_dict()}


def _error_text(error: LsaiError) -> str:
    return f"{error.code}: {error.message}" + (f"\n{error.resolution}" if error.resolution else "")


def _tool(name: str, inp: type[BaseModel], run: Any, text: str, **kw: Any) -> CompatTool:
    return CompatTool(name, inp, Answer, run, text, **kw)


PROFILE = Profile(
    name="lspi",
    title="lspi's tools",
    tools=(
        _tool(
            "find_definition",
            ByName,
            find_definition,
            "Definition of a symbol named in a file (symbol_kind picks among namesakes).",
        ),
        _tool(
            "find_definition_at",
            At,
            find_definition_at,
            "Definition of the symbol at a position (fuzzy: a position a little off is "
            "corrected, and warnings say so).",
        ),
        _tool(
            "find_references",
            ReferencesByName,
            find_references,
            "References to a symbol named in a file.",
        ),
        _tool(
            "find_references_at",
            ReferencesAt,
            find_references_at,
            "References to the symbol at a position (fuzzy).",
        ),
        _tool("hover_at", At, hover_at, "Signature and documentation at a position (fuzzy)."),
        _tool(
            "find_implementation_at",
            At,
            find_implementation_at,
            "Implementations of the interface, class or method at a position (fuzzy).",
        ),
        _tool(
            "find_type_definition_at",
            At,
            find_type_definition_at,
            "The type of the symbol at a position (fuzzy).",
        ),
        _tool(
            "find_incoming_calls",
            At,
            find_incoming_calls,
            "The functions calling the one at a position, each at its call site (fuzzy).",
        ),
        _tool(
            "find_outgoing_calls",
            At,
            find_outgoing_calls,
            "The functions the one at a position calls, each where it is defined (fuzzy).",
        ),
        _tool(
            "rename_symbol",
            RenameByName,
            rename_symbol,
            "Rename a symbol named in a file: preview by default; dry_run false applies "
            "(atomic writes, never outside the workspace).",
            read_only=False,
            destructive=True,
        ),
        _tool(
            "rename_symbol_strict",
            RenameAt,
            rename_symbol_strict,
            "Rename the symbol at a position; applying with expected_before_sha256 refuses "
            "unless every file changed is as hashed.",
            read_only=False,
            destructive=True,
        ),
        _tool("get_diagnostics", FileOnly, get_diagnostics, "Diagnostics of a file."),
        _tool(
            "get_document_symbols",
            FileOnly,
            get_document_symbols,
            "Every symbol of a file, members included.",
        ),
        _tool(
            "search_workspace_symbols",
            Query,
            search_workspace_symbols,
            "Symbols of the workspace by name (wildcards * and ?).",
        ),
        _tool(
            "restart_server",
            NoInput,
            restart_server,
            "Bring the index up to date now (the language servers answer again).",
            read_only=False,
        ),
    ),
    error=_error,
    error_text=_error_text,
)
