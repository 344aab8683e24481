"""lsai's rename beside the live server's ``textDocument/rename`` on a small workspace: the lines
each would change, each as it reads after the rename (trimmed, as lsai's preview shows it)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import pytest
from lsprotocol import types as lsp

from lsai.errors import ErrorCode
from lsai.indexer.lsp.documents import Documents, Range, locations
from lsai.indexer.lsp.session import LspSession
from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.contracts import SymbolRef
from lsai.query.errors import QueryError
from lsai.query.info import InfoInput, info
from lsai.query.libraries import library_location
from lsai.query.rename import RenameInput, rename
from lsai.query.usages import UsagesInput, UsagesResult, usages
from lsai.query.workspace import Workspace, open_workspace
from tests.test_lsp_typescript import sources
from tests.trees import served_tree

Location = tuple[str, int, int]
Changed = set[tuple[str, int, str]]  # (file, line, the line after the rename, trimmed)
T = TypeVar("T")
P = TypeVar("P")


def renamed_beside_server(
    root: Path, files: dict[str, str], server: str, at: Location, new_name: str
) -> tuple[Changed, Changed]:
    """``files`` indexed with ``server``: the lines lsai's rename preview of the symbol at
    ``at`` changes, and the lines the live server's rename there changes."""
    served_tree(root, files, server)
    ws = open_workspace(root, scopes=lambda: SCOPES)
    try:
        found = rename(ws, RenameInput(file=at[0], line=at[1], col=at[2], new_name=new_name))
    finally:
        ws.close()
    stored = {(c.file, c.line, c.new_text) for c in found.changes}
    return stored, asyncio.run(live_rename(root, server, at, new_name))


def refusal(root: Path, tool: Callable[[Workspace, P], object], params: P) -> ErrorCode:
    """The code of the error ``tool`` raises for ``params`` on the workspace at ``root`` (it
    must raise one)."""
    ws = open_workspace(root, scopes=lambda: SCOPES)
    try:
        with pytest.raises(QueryError) as refused:
            tool(ws, params)
    finally:
        ws.close()
    return refused.value.code


def stored_usages(root: Path, asked: Sequence[Location]) -> dict[Location, set[Location]]:
    """lsai's usages at each place ``asked`` (declarations included), as their sites."""
    ws = open_workspace(root, scopes=lambda: SCOPES)
    try:
        return {
            at: {
                (f.file, u.line, u.col)
                for f in usages(
                    ws, UsagesInput(file=at[0], line=at[1], col=at[2], include_definition=True)
                ).files
                for u in f.usages
            }
            for at in asked
        }
    finally:
        ws.close()


def usages_beside_server(
    root: Path, files: dict[str, str], server: str, at: Location, declarations: bool = False
) -> tuple[UsagesResult, set[Location], set[Location]]:
    """``files`` indexed with ``server``: lsai's usages at ``at`` (the answer, and its sites),
    and the live server's references there (``declarations``: both with the declaration)."""
    served_tree(root, files, server)
    ws = open_workspace(root, scopes=lambda: SCOPES)
    try:
        asked = UsagesInput(file=at[0], line=at[1], col=at[2], include_definition=declarations)
        found = usages(ws, asked)
    finally:
        ws.close()
    sites = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    theirs = asyncio.run(live_references(root, server, at, declarations=declarations))
    return found, sites, theirs


def library_info_beside_server(
    root: Path, files: dict[str, str], server: str, at: Location
) -> tuple[SymbolRef, set[str], set[str]]:
    """``files`` indexed with ``server``: lsai's info at ``at`` (the symbol, and its place as
    ``library_location`` names a library's), and where the live server's definition there
    leads outside the workspace."""
    served_tree(root, files, server)
    ws = open_workspace(root, scopes=lambda: SCOPES)
    try:
        found = info(ws, InfoInput(file=at[0], line=at[1], col=at[2])).symbol
    finally:
        ws.close()
    place = {library_location(Path(found.file).as_uri(), found.line)}
    return found, place, asyncio.run(live_library_definition(root, server, at))


async def live_rename(root: Path, server: str, at: Location, new_name: str) -> Changed:
    """The lines the server's rename at ``at`` changes, asked until two answers agree (a server
    still loading answers partially)."""
    files = sources(root)
    async with LspSession(server, root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        params = lsp.RenameParams(
            text_document=lsp.TextDocumentIdentifier(uri=documents.uri(at[0])),
            position=documents.position(*at),
            new_name=new_name,
        )
        previous: Changed | None = None
        for _ in range(10):
            edit = await session.lsp.request(lsp.TEXT_DOCUMENT_RENAME, params)
            answer = _changed(documents, edit)
            if answer and answer == previous:
                break
            previous = answer
        return answer


async def live_references(
    root: Path, server: str, at: Location, declarations: bool = False
) -> set[Location]:
    """The server's references of the name at ``at``, its declaration left out unless
    ``declarations``, asked until two answers agree (a server still loading answers
    partially)."""
    params = lsp.ReferenceParams(
        text_document=lsp.TextDocumentIdentifier(uri=""),
        position=lsp.Position(line=0, character=0),
        context=lsp.ReferenceContext(include_declaration=declarations),
    )
    return await _live_locations(root, server, at, lsp.TEXT_DOCUMENT_REFERENCES, params)


async def live_definition(root: Path, server: str, at: Location) -> set[Location]:
    """Where the server's definition of the name at ``at`` leads, asked as references are."""
    return await _live_locations(root, server, at, lsp.TEXT_DOCUMENT_DEFINITION, _definition())


async def live_implementations(root: Path, server: str, at: Location) -> set[Location]:
    """Where the server's implementations of the name at ``at`` are, asked as references are."""
    params = lsp.ImplementationParams(
        text_document=lsp.TextDocumentIdentifier(uri=""), position=lsp.Position(line=0, character=0)
    )
    return await _live_locations(root, server, at, lsp.TEXT_DOCUMENT_IMPLEMENTATION, params)


async def live_library_definition(root: Path, server: str, at: Location) -> set[str]:
    """Where outside the workspace the server's definition of the name at ``at`` leads, as
    ``library_location`` names a library's place (``json/__init__.pyi:109``)."""
    return await _live_locations(
        root, server, at, lsp.TEXT_DOCUMENT_DEFINITION, _definition(), _in_a_library
    )


def _definition() -> lsp.DefinitionParams:
    return lsp.DefinitionParams(
        text_document=lsp.TextDocumentIdentifier(uri=""), position=lsp.Position(line=0, character=0)
    )


def _in_the_workspace(documents: Documents, uri: str, range_: Range) -> Location | None:
    path = documents.path_of(uri)
    if path is None:
        return None  # a library's declaration (lib.es5.d.ts)
    span = documents.span(path, range_)
    return (path, span.start_line, span.start_col)


def _in_a_library(documents: Documents, uri: str, range_: Range) -> str | None:
    if documents.path_of(uri) is not None:
        return None
    return library_location(uri, range_.start.line + 1)


async def _live_locations(
    root: Path,
    server: str,
    at: Location,
    method: str,
    params: lsp.ReferenceParams | lsp.DefinitionParams | lsp.ImplementationParams,
    read: Callable[[Documents, str, Range], T | None] = _in_the_workspace,  # type: ignore[assignment]
) -> set[T]:
    """The server's answer at ``at``, each place as ``read`` gives it (None: left out), asked
    until two answers agree (a server still loading answers partially)."""
    files = sources(root)
    async with LspSession(server, root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        params.text_document = lsp.TextDocumentIdentifier(uri=documents.uri(at[0]))
        params.position = documents.position(*at)
        previous: set[T] | None = None
        for _ in range(10):
            answer: set[T] = set()
            result = await session.lsp.request(method, params)
            for uri, range_ in locations(result):
                found = read(documents, uri, range_)
                if found is not None:
                    answer.add(found)
            if answer and answer == previous:
                break
            previous = answer
        return answer


def _changed(documents: Documents, edit: lsp.WorkspaceEdit | None) -> Changed:
    by_uri: dict[str, list[lsp.TextEdit]] = {}
    for uri, edits in ((edit and edit.changes) or {}).items():
        by_uri.setdefault(uri, []).extend(edits)
    for change in (edit and edit.document_changes) or []:
        assert isinstance(change, lsp.TextDocumentEdit), change  # no file operation
        by_uri.setdefault(change.text_document.uri, []).extend(
            e for e in change.edits if isinstance(e, lsp.TextEdit)
        )
    out: Changed = set()
    for uri, edits in by_uri.items():
        path = documents.path_of(uri)
        assert path is not None, uri  # every edit in the workspace
        out |= _lines_after(documents, path, edits)
    return out


def _lines_after(documents: Documents, path: str, edits: Sequence[lsp.TextEdit]) -> Changed:
    lines = documents.lines(path)
    after = list(lines)
    spans = sorted(
        (documents.column(path, e.range.start), documents.column(path, e.range.end), e.new_text)
        for e in edits
    )
    for start, end, text in reversed(spans):
        assert start[0] == end[0], "an edit over several lines"
        line = after[start[0] - 1]
        after[start[0] - 1] = line[: start[1] - 1] + text + line[end[1] - 1 :]
    return {
        (path, n, new.strip())
        for n, (old, new) in enumerate(zip(lines, after, strict=True), start=1)
        if old != new
    }
