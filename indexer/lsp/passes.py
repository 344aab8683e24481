"""The requests of an index run, one file at a time, and their answers as lsai records.

Each pass asks the server one kind of question about one file (its symbols, the references of
each symbol, the outgoing calls of each callable, its diagnostics) and appends what it learns to
the ``FileIndex`` of the file each answer lands in. Locations outside the workspace are dropped.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from lsprotocol import types as lsp

from lsai.indexer.lsp import aliases
from lsai.indexer.lsp.adapters import ServerAdapter
from lsai.indexer.lsp.client import LspClient
from lsai.indexer.lsp.documents import (
    Documents,
    Position,
    Range,
    WireRange,
    locations,
    wire_range,
)
from lsai.indexer.lsp.errors import LspError, ServerRequestFailed
from lsai.indexer.lsp.symbols import (
    CALLABLE_KINDS,
    KIND_NUMBERS,
    FileSymbols,
    SymbolIndex,
    computed_string,
    keyed_symbols,
    quoted,
    symbol_tree,
)
from lsai.indexer.lsp.written import Written
from lsai.storage.records import (
    CallRecord,
    DiagnosticRecord,
    ExternalSymbol,
    FileIndex,
    OccurrenceRecord,
    Span,
    SymbolRecord,
    TypeEdgeRecord,
)

SEVERITIES = {  # the words of the index's ``diagnostics.severity`` (schemas/index-schema.md)
    lsp.DiagnosticSeverity.Error: "error",
    lsp.DiagnosticSeverity.Warning: "warning",
    lsp.DiagnosticSeverity.Information: "info",
    lsp.DiagnosticSeverity.Hint: "hint",
}
PROBES = 3
_EXPRESSION_CALLED = re.compile(r"(?:async\s+)?function\b")
"""A call site at an anonymous function expression: ``(function () {...}())``, which tsgo's
outgoing calls list as a call of the named function around it (its incoming calls do not)."""
CALLS_IN_FLIGHT = 8  # callables whose outgoing calls are asked at once (overlaps lsai and server)


class _Run(Protocol):
    """What passes write into (``session.ServerRun`` has this shape)."""

    files: dict[str, FileIndex]
    outside: dict[str, FileIndex]


@dataclass
class Context:
    """The state every pass shares: the server, the documents, the output, all symbols."""

    client: LspClient
    documents: Documents
    run: _Run
    symbols: dict[str, FileSymbols]
    index: SymbolIndex = field(init=False)
    recorded: dict[str, set[tuple[str, Span]]] = field(default_factory=dict)
    """Where each symbol key already occurs: a location is recorded once per symbol."""
    through_aliases: dict[str, set[tuple[str, Span]]] = field(default_factory=dict)
    """The sites of ``recorded`` an alias's own references added (``alias_references``): an
    alias among them was reached by another alias's, not by its symbol's references."""
    derived_calls: int = 0
    """Callables whose outgoing calls the server failed: their call edges are tree-sitter's
    call sites, resolved by the references pass (``_outgoing``)."""
    asked: dict[str, str] = field(default_factory=dict)
    """The symbols whose references were asked (key -> name), in order: a pass resumed after a
    server restart skips them."""
    naming: str = lsp.TEXT_DOCUMENT_DEFINITION
    """The request asked at a site for what it names (``ServerAdapter.naming``)."""
    written: Written | None = None
    """The calls pass's watch on the library files the server writes (``written``)."""

    def __post_init__(self) -> None:
        self.index = SymbolIndex(self.symbols.values())

    def named_at(self, path: str, range_: Range) -> SymbolRecord | None:
        return self.index.named_at(path, self.documents.span(path, range_))

    def file(self, path: str) -> FileIndex:
        """The index of ``path``: a batch file, or a workspace file outside the batch."""
        found = self.run.files.get(path)
        if found is None:
            found = self.run.outside.setdefault(path, FileIndex())
        return found


def keyed_positions(context: Context, path: str) -> set[tuple[int, int]]:
    """Where the passes so far keyed a site of ``path`` to a symbol (line, column): what the
    later passes (library bases and callees, fixtures) leave alone."""
    return {
        (o.span.start_line, o.span.start_col)
        for o in context.file(path).occurrences
        if o.symbol_key is not None
    }


def _doc(documents: Documents, path: str) -> lsp.TextDocumentIdentifier:
    return lsp.TextDocumentIdentifier(uri=documents.uri(path))


async def document_symbols(
    client: LspClient,
    documents: Documents,
    path: str,
    prefix: str,
    adapter: ServerAdapter | None = None,
    declared: Collection[tuple[int, int]] = (),
    callables: Collection[tuple[int, int]] = (),
    asked: Awaitable[object] | None = None,
) -> FileSymbols:
    """``textDocument/documentSymbol`` of one file, as keyed symbols, corrected by the adapter's
    outline checks (``aliases.Refiner``; ``declared``: where tree-sitter's top-level symbols of
    the file start their names, which are no imports; ``callables``: where its functions and
    methods do); ``asked``: the request, sent already."""
    if asked is None:
        params = lsp.DocumentSymbolParams(text_document=_doc(documents, path))
        asked = client.request(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL, params)
    result = await asked
    nodes = symbol_tree(result)
    if adapter is not None:
        nodes = adapter.outline(nodes, documents, path)
    if adapter is None or not aliases.Refiner.needed(adapter):
        return keyed_symbols(nodes, documents, path, prefix)
    refiner = aliases.Refiner(adapter, client, documents, path, declared, callables)
    await refiner.refine(nodes)
    found = keyed_symbols(nodes, documents, path, prefix)
    found.aliases = refiner.aliases
    return found


# -- readiness -----------------------------------------------------------------------------------
def probes(files: list[FileSymbols]) -> list[tuple[str, lsp.Position]]:
    """Up to ``PROBES`` top-level symbols from different files, callables and types first: the
    names most likely used from other files, whose references show a loaded project."""
    ranked: list[tuple[int, str, lsp.Position]] = []
    for f in files:
        top = [s for s in f.symbols if s.container_key is None]
        top.sort(key=lambda s: s.kind not in CALLABLE_KINDS and s.kind != "class")
        if top:
            rank = 0 if top[0].kind in CALLABLE_KINDS or top[0].kind == "class" else 1
            ranked.append((rank, f.path, f.positions[top[0].key]))
    ranked.sort(key=lambda item: item[0])
    return [(path, position) for _, path, position in ranked[:PROBES]]


async def stable_references(
    client: LspClient, documents: Documents, targets: list[tuple[str, lsp.Position]]
) -> int:
    """Ask the references of ``targets`` until two answers in a row agree; return the polls.

    The caller bounds the wait; there is no sleep, each poll waits for the server's answer.
    """
    previous: list[tuple[str, int, int]] | None = None
    polls = 0
    while True:
        answer: list[tuple[str, int, int]] = []
        for path, position in targets:
            result = await client.request(
                lsp.TEXT_DOCUMENT_REFERENCES, reference_params(documents, path, position)
            )
            answer.extend((u, r.start.line, r.start.character) for u, r in locations(result))
        polls += 1
        answer.sort()
        if answer == previous:
            return polls
        previous = answer


def reference_params(
    documents: Documents, path: str, position: lsp.Position
) -> lsp.ReferenceParams:
    return lsp.ReferenceParams(
        text_document=_doc(documents, path),
        position=position,
        context=lsp.ReferenceContext(include_declaration=True),
    )


# -- references ----------------------------------------------------------------------------------
def record_references(
    context: Context, home: str, symbol: SymbolRecord, found: list[tuple[str, Range]]
) -> None:
    """A ``textDocument/references`` answer for ``symbol`` (defined in ``home``) as occurrences
    with its key; its definition is recorded even when the server left it out (``sweep`` asks)."""
    _occurrences(context, home, symbol, found)


def record_reference(context: Context, path: str, span: Span, symbol: SymbolRecord) -> None:
    """One site a ``definition`` request resolved to ``symbol`` (``resolve``, ``incremental``),
    as a reference, recorded once."""
    seen = context.recorded.setdefault(symbol.key, set())
    if (path, span) not in seen:
        seen.add((path, span))
        context.file(path).occurrences.append(_occurrence(context, path, span, symbol, False))


async def alias_references(
    context: Context,
    found: FileSymbols,
    bound: Mapping[tuple[int, int], tuple[int, int]] | None = None,
) -> None:
    """The references of each alias of one file, keyed to the symbol it names, where that
    symbol's own references did not reach the alias (``aliases``): another alias's reaching it
    does not count (tsgo's references at one requirer's ``const { X } = require(...)`` list the
    other requirers' bindings, not their uses). ``bound``: the binding each
    name of the file tree-sitter's scopes read as a local names (``resolve.Site.binding``):
    where that is the alias (a module-level destructuring, ``const { link } =
    createSystem()``), the name is the file's local, which tsgo's references of the symbol
    leave out (they end at the binding), so only the alias itself is keyed to it.

    Whether an alias is asked does not depend on the others' answers (those reach only
    ``through_aliases``), so a file's requests are all in flight at once, their answers
    recorded in the aliases' order."""
    documents = context.documents
    targets = await asyncio.gather(
        *(aliases.resolve(context.client, documents, context.index, a) for a in found.aliases)
    )
    asked = []
    for alias, found_target in zip(found.aliases, targets, strict=True):
        if found_target is None:
            continue
        target = found_target[1]
        site = (alias.path, alias.span)
        through = context.through_aliases.setdefault(target.key, set())
        if site in context.recorded.get(target.key, ()) and site not in through:
            continue  # the symbol's references reached it, and with it the alias's uses
        asked.append((alias, found_target))
    answers = await asyncio.gather(
        *(
            context.client.request(
                lsp.TEXT_DOCUMENT_REFERENCES,
                reference_params(documents, alias.path, alias.position),
            )
            for alias, _ in asked
        )
    )
    for (alias, (home, target)), result in zip(asked, answers, strict=True):
        own = (alias.span.start_line, alias.span.start_col)
        places = [
            (uri, range_)
            for uri, range_ in locations(result)
            if bound is None
            or documents.path_of(uri) != alias.path
            or (at := documents.column(alias.path, range_.start)) == own
            or bound.get(at) != own
        ]
        before = set(context.recorded.get(target.key, ()))
        _occurrences(context, home, target, places, declare=False)
        context.through_aliases[target.key].update(context.recorded[target.key] - before)


def _occurrences(
    context: Context,
    home: str,
    symbol: SymbolRecord,
    found: list[tuple[str, Range]],
    *,
    declare: bool = True,
) -> None:
    documents = context.documents
    seen = context.recorded.setdefault(symbol.key, set())
    defined = not declare
    for uri, range_ in found:
        path = documents.path_of(uri)
        if path is None:
            continue  # outside the workspace: site-packages, typeshed
        span = _named_span(context, path, documents.span(path, range_))
        if (path, span) in seen or _spelled_otherwise(context, path, span, symbol):
            continue
        seen.add((path, span))
        definition = path == home and span == symbol.name_span
        defined = defined or definition
        if path == home and span == _inside_quotes(symbol):
            continue  # its quoted name: the definition is recorded at the name, quotes and all
        context.file(path).occurrences.append(_occurrence(context, path, span, symbol, definition))
    if not defined and (home, symbol.name_span) not in seen:  # the server left it out
        seen.add((home, symbol.name_span))
        context.file(home).occurrences.append(
            _occurrence(context, home, symbol.name_span, symbol, True)
        )


def _spelled_otherwise(context: Context, path: str, span: Span, symbol: SymbolRecord) -> bool:
    """Whether a Go site is spelled other than ``symbol``'s name: Go renames no field, type or
    function at a use, so such a site is another's. gopls's references of a field embedded by a
    qualified type (go-cmp's ``struct{ time.Time }``) list every use of the package name in the
    file (``time.Now()``), which made each ``time`` a usage of the field ``Time``."""
    if not path.endswith(".go"):
        return False
    spelled = context.documents.text_at(path, span)
    return spelled is not None and spelled != symbol.name


def _named_span(context: Context, path: str, span: Span) -> Span:
    """``span``, or the name of the symbol declared where it starts: clangd's range of an
    operator's name is ``operator`` alone (``Vec operator+(...)``), which left the name of a
    declaration an unmerged reference of its definition."""
    named = context.index.named_at(path, span)
    if named is None or named.name_span == span or not named.name_span.holds(span):
        return span
    return named.name_span


def _inside_quotes(symbol: SymbolRecord) -> Span | None:
    """The name of a symbol whose name is quoted (tree-sitter's ``'request:end': [...]`` of a
    type literal, which tsgo's outline leaves out) without its quotes, where the server's
    references list it (msw's ``HttpNetworkFrameEventMap``: the declaration was among its own
    usages); ``None`` for any other name."""
    span = symbol.name_span
    if span.start_line != span.end_line:
        return None
    computed = computed_string(symbol.name)
    if computed is not None:  # ``get ['~standard']()``, as tree-sitter names it
        start, end, _ = computed
        return Span(span.start_line, span.start_col + start, span.end_line, span.start_col + end)
    if not quoted(symbol.name):
        return None
    return Span(span.start_line, span.start_col + 1, span.end_line, span.end_col - 1)


def _occurrence(
    context: Context, path: str, span: Span, symbol: SymbolRecord, definition: bool
) -> OccurrenceRecord:
    if definition:
        enclosing = symbol.container_key
    else:
        inner = context.index.enclosing(path, span.start_line, span.start_col)
        enclosing = inner.key if inner is not None else None
    return OccurrenceRecord(
        name=context.documents.text_at(path, span) or symbol.name,
        role="definition" if definition else "reference",
        span=span,
        symbol_key=symbol.key,
        enclosing_key=enclosing,
    )


# -- calls ---------------------------------------------------------------------------------------
def calling(found: FileSymbols, callers: frozenset[str] | None) -> list[SymbolRecord]:
    """The functions, methods and constructors of one file that may call something: all of them,
    or those among ``callers`` (keys with a call site or a decorator, as tree-sitter saw)."""
    return [
        s
        for s in found.symbols
        if s.kind in CALLABLE_KINDS and (callers is None or s.key in callers)
    ]


async def outgoing_calls(
    context: Context, found: FileSymbols, callers: frozenset[str] | None = None
) -> None:
    """``callHierarchy/outgoingCalls`` of every callable of one file (of ``callers`` only),
    ``CALLS_IN_FLIGHT`` callables at a time; answers are recorded in the callables' order."""
    symbols = calling(found, callers)
    for start in range(0, len(symbols), CALLS_IN_FLIGHT):
        chunk = symbols[start : start + CALLS_IN_FLIGHT]
        answers = await asyncio.gather(*(_outgoing(context, found, s) for s in chunk))
        for symbol, outgoing in zip(chunk, answers, strict=True):
            seen: set[CallRecord] = set()  # overloads of one callee answer once each per site
            for call in outgoing:
                _calls(context, found.path, symbol, call, seen)


async def _outgoing(
    context: Context, found: FileSymbols, symbol: SymbolRecord
) -> list[dict[str, Any]]:
    """The outgoing calls of ``symbol``, as the server's plain JSON (``wire.RAW_RESULTS``)."""
    client, documents, written = context.client, context.documents, context.written
    sent = Written.now()
    prepare = lsp.CallHierarchyPrepareParams(
        text_document=_doc(documents, found.path),
        position=found.selections.get(symbol.key, found.positions[symbol.key]),
    )
    items = await client.request(lsp.TEXT_DOCUMENT_PREPARE_CALL_HIERARCHY, prepare)
    item = _item_of(documents, found.path, symbol, items or [])
    whole = (
        item is None and (item := _class_item(documents, found, symbol, items or [])) is not None
    )
    if item is None:
        return []
    try:
        outgoing = await client.request(
            lsp.CALL_HIERARCHY_OUTGOING_CALLS, lsp.CallHierarchyOutgoingCallsParams(item=item)
        )
    except ServerRequestFailed:
        # gopls fails a function converting to unsafe.Pointer ("invalid start position"): its
        # call sites are tree-sitter's, their callees the references pass resolved, as the
        # calls of a server without a call hierarchy are (nothing of the workspace is missing)
        context.derived_calls += 1
        return []
    answer = list(outgoing or [])
    if whole:  # the class's: the calls its constructor's body makes
        answer = [c for c in (_sited_in(documents, found.path, symbol, c) for c in answer) if c]
    if written is not None:
        written.answered(sent, found.path, symbol, answer)
    return answer


def _item_of(
    documents: Documents, path: str, symbol: SymbolRecord, items: list[lsp.CallHierarchyItem]
) -> lsp.CallHierarchyItem | None:
    """The prepared item that is ``symbol`` itself: its name lies inside the symbol. A server
    may prepare the enclosing module instead (tsgo for ``exports.f = function``): not a caller."""
    span = symbol.span
    first, last = (span.start_line, span.start_col), (span.end_line, span.end_col)
    for item in items:
        if documents.path_of(item.uri) != path:
            continue
        name = documents.span(path, item.selection_range)
        if first <= (name.start_line, name.start_col) <= last:
            return item
    return None


def _class_item(
    documents: Documents,
    found: FileSymbols,
    symbol: SymbolRecord,
    items: list[lsp.CallHierarchyItem],
) -> lsp.CallHierarchyItem | None:
    """The prepared item that is the class of the constructor ``symbol``: tsgo prepares no item
    for a constructor, its class's instead, whose outgoing calls hold the constructor's (the
    body's calls tree-sitter does not site, ``Object.prototype.hasOwnProperty.call(o, k)``'s
    ``hasOwnProperty``, were left out: prosemirror-model ``Attribute.constructor``)."""
    owner = next((s for s in found.symbols if s.key == symbol.container_key), None)
    if symbol.kind != "constructor" or owner is None:
        return None
    at = (owner.name_span.start_line, owner.name_span.start_col)
    for item in items:
        name = documents.span(found.path, item.selection_range)
        if documents.path_of(item.uri) == found.path and (name.start_line, name.start_col) == at:
            return item
    return None


def _sited_in(
    documents: Documents, path: str, symbol: SymbolRecord, call: dict[str, Any]
) -> dict[str, Any] | None:
    """``call`` with only its sites inside ``symbol`` (a class's outgoing call, kept for its
    constructor); ``None`` when none is."""
    span = symbol.span
    first, last = (span.start_line, span.start_col), (span.end_line, span.end_col)
    sites = [
        site
        for site in call.get("fromRanges") or ()
        if first <= _start(documents.span(path, wire_range(site, call))) <= last
    ]
    return {**call, "fromRanges": sites} if sites else None


def _start(span: Span) -> tuple[int, int]:
    return span.start_line, span.start_col


def _calls(
    context: Context,
    path: str,
    caller: SymbolRecord,
    call: dict[str, Any],
    seen: set[CallRecord],
) -> None:
    documents = context.documents
    uri, name, selection, sites = wire_call(call)
    callee_path = documents.path_of(uri)
    target, external = None, None
    if callee_path is not None:
        target = context.index.named_at(callee_path, documents.span(callee_path, selection))
    elif uri.startswith("file:"):  # a library's: stored, not walked
        external = _external(uri, name, call, selection)
    for site in sites:
        line, col = documents.column(path, site.start)
        if _EXPRESSION_CALLED.match("".join(documents.lines(path)[line - 1 : line]), col - 1):
            continue  # js-yaml foldString's `var result = (function () {...}());`
        record = CallRecord(
            caller_key=caller.key,
            callee_name=name,
            line=line,
            col=col,
            callee_key=target.key if target is not None else None,
            external=external,
        )
        if record not in seen:
            seen.add(record)
            context.file(path).calls.append(record)


def _external(uri: str, name: str, call: dict[str, Any], selection: WireRange) -> ExternalSymbol:
    """The definition outside the workspace an outgoing call's callee item names."""
    callee = call["to"]
    return external_of(uri, name, callee.get("kind"), callee.get("detail"), selection.start)


def external_of(
    uri: str, name: str, kind: object, detail: object, start: Position
) -> ExternalSymbol:
    """The definition outside the workspace a call hierarchy item names, ``start`` its name's
    position (ty: a typeshed stub or a site-packages file, ``detail`` its module; tsgo: a
    ``.d.ts``; gopls: a file of GOROOT or the module cache, ``detail`` its package and file,
    ``fmt \u2022 print.go``)."""
    module = detail.split(" \u2022 ")[0] if isinstance(detail, str) and detail else None
    number = kind if isinstance(kind, int) else -1
    line, col = start.line + 1, start.character + 1
    return ExternalSymbol.at(uri, name, KIND_NUMBERS.get(number, "function"), module, line, col)


def wire_call(call: object) -> tuple[str, str, WireRange, list[WireRange]]:
    """The callee's uri, name and selection range, and the call sites, of one outgoing call of
    a raw answer; a malformed one fails the request, as lsprotocol's converter would have."""
    callee = call.get("to") if isinstance(call, dict) else None
    if not isinstance(callee, dict) or not isinstance(callee.get("uri"), str):
        raise ServerRequestFailed(
            f"the server answered an outgoing call lsai cannot read: {call!r}",
            resolution="see the server's log; the file is indexed partially",
        )
    assert isinstance(call, dict)
    selection = wire_range(callee.get("selectionRange"), call)
    sites = [wire_range(site, call) for site in call.get("fromRanges") or ()]
    return callee["uri"], str(callee.get("name", "")), selection, sites


# -- implementations -----------------------------------------------------------------------------
async def implementations(context: Context, found: FileSymbols) -> None:
    """``textDocument/implementation`` of each interface of one file: every type of the
    workspace the server says implements it gets an ``implements`` edge to it, in the type's
    file (Go's implementations are implicit: no clause names the interface). Interfaces that
    the server also lists (one whose method set holds the other's) are left out: an embedded
    interface is tree-sitter's ``extends`` edge."""
    documents = context.documents
    for symbol in found.symbols:
        if symbol.kind != "interface":
            continue
        params = lsp.ImplementationParams(
            text_document=_doc(documents, found.path), position=found.positions[symbol.key]
        )
        result = await context.client.request(lsp.TEXT_DOCUMENT_IMPLEMENTATION, params)
        for uri, range_ in locations(result):
            path = documents.path_of(uri)
            named = context.named_at(path, range_) if path is not None else None
            if path is None or named is None or named.kind in ("interface", *CALLABLE_KINDS):
                continue
            edge = TypeEdgeRecord(
                named.key, "implements", symbol.name, named.name_span.start_line, symbol.key
            )
            edges = context.file(path).type_edges
            if edge not in edges:
                edges.append(edge)


# -- diagnostics ---------------------------------------------------------------------------------
async def pull_diagnostics(client: LspClient, documents: Documents, path: str) -> object:
    """``textDocument/diagnostic`` of one file: the server's report."""
    params = lsp.DocumentDiagnosticParams(text_document=_doc(documents, path))
    return await client.request(lsp.TEXT_DOCUMENT_DIAGNOSTIC, params)


async def diagnostics(
    context: Context, path: str, *, pull: bool, asked: Awaitable[object] | None = None
) -> None:
    """The file's diagnostics: pulled when the server offers it (``asked``: already pulled from
    the server, asked again if that failed), else those it pushed."""
    documents = context.documents
    if pull:
        report: object = None
        if asked is not None:
            try:
                report = await asked
            except LspError:  # a server since restarted, a timeout: ask the server there is now
                asked = None
        if asked is None:
            report = await pull_diagnostics(context.client, documents, path)
        items = list(getattr(report, "items", None) or [])
    else:
        items = context.client.diagnostics.get(documents.uri(path), [])
    context.file(path).diagnostics.extend(
        DiagnosticRecord(
            span=documents.span(path, d.range),
            severity=SEVERITIES.get(d.severity, "error") if d.severity else "error",
            message=d.message,
            code=str(d.code) if d.code is not None else None,
            source=d.source,
        )
        for d in items
    )
