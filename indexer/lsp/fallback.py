"""References by definition for a symbol whose references request the server fails.

gopls fails ``textDocument/references`` of a field embedded by a predeclared type (``struct {
error }``: "invalid start position", wherever it is asked), though its definition requests
answer. One such field made its whole file partial. Instead, each spelling of the symbol's name
in the session's files asks where it is defined; those that land on the symbol's name are its
references, as the references request would have answered. When the server cannot answer a
definition at another symbol of the file either (a file it does not build), or the name is
spelled more often than ``MAX_SPELLINGS``, the original failure stands.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable

from lsprotocol import types as lsp

from lsai.indexer.lsp import passes, resolve
from lsai.indexer.lsp.documents import Range
from lsai.indexer.lsp.errors import ServerRequestFailed
from lsai.storage.records import Span, SymbolRecord

MAX_SPELLINGS = 5000
Site = tuple[str, int, int]  # path, line, column (1-based, code points)


async def references(
    context: passes.Context, home: str, symbol: SymbolRecord
) -> list[lsp.Location] | None:
    """The references of ``symbol`` (defined in ``home``), its definition first, from the
    definitions of its name's spellings; ``None`` where they cannot stand for them."""
    others = [s for s in context.symbols[home].symbols if s.key != symbol.key]
    if others:  # a file the server does not build fails every request: no spelling answers
        probe = others[0].name_span
        try:
            await _defined(context, (home, probe.start_line, probe.start_col))
        except ServerRequestFailed:
            return None
    sites = _spellings(context, symbol.name)
    if len(sites) > MAX_SPELLINGS:
        return None
    found: list[lsp.Location] = []
    for start in range(0, len(sites), resolve.WINDOW):
        chunk = sites[start : start + resolve.WINDOW]
        answers = await asyncio.gather(*(_lands(context, site, home, symbol) for site in chunk))
        found.extend(_location(context, site, symbol.name) for site, hit in answers if hit)
    return found


def _spellings(context: passes.Context, name: str) -> list[Site]:
    word = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
    documents = context.documents
    return [
        (path, number, match.start() + 1)
        for path in documents.files
        for number, line in enumerate(documents.lines(path), start=1)
        for match in word.finditer(line)
    ]


def _defined(context: passes.Context, site: Site) -> Awaitable[list[tuple[str, Range]]]:
    path, line, col = site
    document = {"uri": context.documents.uri(path)}
    return resolve.ask_definition(context, path, document, Span(line, col, line, col))


async def _lands(
    context: passes.Context, site: Site, home: str, symbol: SymbolRecord
) -> tuple[Site, bool]:
    """Whether the definition at ``site`` is ``symbol``'s name (a comment, a string, another
    symbol's name: the server answers nothing there, or fails, or names another place)."""
    try:
        defined = await _defined(context, site)
    except ServerRequestFailed:
        return site, False
    documents = context.documents
    for uri, range_ in defined:
        if documents.path_of(uri) == home and documents.span(home, range_) == symbol.name_span:
            return site, True
    return site, False


def _location(context: passes.Context, site: Site, name: str) -> lsp.Location:
    documents = context.documents
    path, line, col = site
    return lsp.Location(
        uri=documents.uri(path),
        range=lsp.Range(
            start=documents.position(path, line, col),
            end=documents.position(path, line, col + len(name)),
        ),
    )
