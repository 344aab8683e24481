"""The library calls no outgoing calls answer listed, from the call sites tree-sitter saw.

Some calls are in no callable whose outgoing calls lsai asks, or tsgo's outgoing calls of the
one around leave them out: an object literal's method in a curried arrow function
(``autoBatchEnhancer = (o) => (next) => (...args) => Object.assign({}, store, { subscribe(l) {
listeners.add(l) } })``), an arrow function a property is given in a property holding a function
(table-core's ``createTable: (table) => { table.getTotalSize = () => headers.reduce(f, 0) }``), a
callback. A library callee called there was stored with no external symbol, so usages at it
listed every call of its name by name (``ReadonlyArray.reduce`` with ``Array.reduce``) or were
refused, and usages at another call of that callee left it out. tsgo's ``prepareCallHierarchy``
at the call's name answers the item its outgoing calls would name (the first declaration of an
overload set, where the definition answers the overload chosen), so each such site asks it once:
a callee outside the workspace is the site's external symbol, as an outgoing call's is.

A site asks nothing where the references or definition pass tied it to a workspace symbol, or
where an outgoing call of its name stands for it: at it, or the first such site after it on its
line or a line of its chain below (tsgo sites a member call where its object starts:
``merge._server_sites``; ``_stood_for``). Measured
(router-core 1.171.39, Redux Toolkit 2.14.0's src): 36 and 27 more calls with a library callee,
~0.15 s more of lsai's CPU, wall time within noise.
"""

from __future__ import annotations

import asyncio
import bisect
from collections.abc import Mapping, Sequence

from lsprotocol import types as lsp

from lsai.indexer.lsp import chains
from lsai.indexer.lsp.errors import ServerRequestFailed
from lsai.indexer.lsp.passes import Context, external_of, keyed_positions, outgoing_calls
from lsai.indexer.lsp.resolve import Position, Site, Sites
from lsai.indexer.lsp.symbols import CALLABLE_KINDS, FileSymbols
from lsai.storage.records import CallRecord
from lsai.testfiles import is_test_file

IN_FLIGHT = 64  # prepareCallHierarchy requests sent at once


async def file_calls(
    context: Context,
    found: FileSymbols,
    callers: frozenset[str] | None,
    sites: Sites | None,
    prepares: bool,
) -> None:
    """The outgoing calls of one file's callables (``passes.outgoing_calls``), then, where the
    adapter ``prepares`` library calls, the callees of the call sites they left untied."""
    await outgoing_calls(context, found, callers)
    if prepares and sites and found.path in sites:
        await library_calls(context, found.path, sites[found.path])


async def library_calls(context: Context, path: str, sites: Sequence[Site]) -> None:
    """Record the external callee of each call site of ``path`` no answer tied (the names
    tree-sitter saw called, ``sites``), as tsgo's call hierarchy prepares it there. Not in a
    test file: its calls are mostly the test framework's, in callbacks at module level
    (``test("...", () => expect(x).toEqual(y))``), which no outgoing calls cover; asking each
    cost 14,600 requests on the TypeScript benchmark tree (zod's tests: 0.8 s of a 7.7 s run)
    for 198 edges."""
    if is_test_file(path):
        return
    data = context.file(path)
    tied = keyed_positions(context, path)
    answered: dict[str, list[Position]] = {}
    for c in data.calls:
        answered.setdefault(c.callee_name, []).append((c.line, c.col))
    stood_for = _stood_for(answered, sites, context.documents.lines(path))
    asked = [
        s
        for s in sites
        if s.role == "call"
        and s.binding is None  # a parameter's or a local's call: no library's
        and (s.span.start_line, s.span.start_col) not in tied
        and (s.span.start_line, s.span.start_col) not in stood_for
    ]
    for start in range(0, len(asked), IN_FLIGHT):
        chunk = asked[start : start + IN_FLIGHT]
        answers = await asyncio.gather(*(_prepared(context, path, s) for s in chunk))
        for site, items in zip(chunk, answers, strict=True):
            _record(context, path, site, items)


def _stood_for(
    answered: Mapping[str, Sequence[Position]], sites: Sequence[Site], lines: Sequence[str]
) -> set[Position]:
    """The call sites the outgoing calls answered stand for (by callee name, where each is
    sited): the site at one, else the first site of its name after it on a line of its chain
    (``chains.chain_lines``) that no other stands for, as ``merge._chained`` moves it. The
    server answers a chain's calls of one name (``.pipeThrough(a)\n.pipeThrough(b)``) at
    one place, its object's start: one call, so the other sites of the name ask."""
    called: dict[str, list[Position]] = {}
    for s in sites:
        if s.role == "call":
            called.setdefault(s.name, []).append((s.span.start_line, s.span.start_col))
    out: set[Position] = set()
    for name, ats in answered.items():
        mine, sited = sorted(called.get(name, ())), set(ats)
        out.update(sited.intersection(mine))
        for at in sorted(sited - out):
            reach = set(chains.chain_lines(lines, at))
            last = max(reach)
            first = bisect.bisect_right(mine, at)
            for site in mine[first:]:
                if site[0] not in reach:
                    if site[0] > last:
                        break
                    continue
                if site not in out and site not in sited:
                    out.add(site)
                    break
    return out


async def _prepared(context: Context, path: str, site: Site) -> list[lsp.CallHierarchyItem]:
    documents = context.documents
    params = lsp.CallHierarchyPrepareParams(
        text_document=lsp.TextDocumentIdentifier(uri=documents.uri(path)),
        position=documents.position(path, site.span.start_line, site.span.start_col),
    )
    try:
        items = await context.client.request(lsp.TEXT_DOCUMENT_PREPARE_CALL_HIERARCHY, params)
    except ServerRequestFailed:
        return []
    return list(items or [])


def _record(
    context: Context, path: str, site: Site, items: Sequence[lsp.CallHierarchyItem]
) -> None:
    """The site's call of the first item outside the workspace, from the function around it."""
    for item in items:
        if context.documents.path_of(item.uri) is not None or not item.uri.startswith("file:"):
            continue  # a workspace callee: the references pass ties its calls
        start = item.selection_range.start
        external = external_of(item.uri, item.name, int(item.kind), item.detail, start)
        around = context.index.enclosing(path, site.span.start_line, site.span.start_col)
        caller = around.key if around is not None and around.kind in CALLABLE_KINDS else None
        line, col = site.span.start_line, site.span.start_col
        context.file(path).calls.append(CallRecord(caller, item.name, line, col, external=external))
        return
