"""A live session's answer to a few changed files, without asking about the rest of its group.

The server already has every file of the group open. For the changed files it is told the new
text (``didChange``/``didOpen``; deleted files ``didClose``), then asked:

- ``documentSymbol`` of each changed file: its symbols and their keys;
- ``definition`` at every identifier tree-sitter saw in the changed files (pipelined): the
  file's own outgoing references, and references to its own symbols;
- ``references`` of the symbols whose keys *appeared* (a new or renamed function): where other,
  unchanged files now name them;
- ``definition`` at each place in an unchanged file that named a symbol whose key *disappeared*:
  what it names now (or nothing);
- the references of every symbol named like a name whose *binding* changed (an import switched
  to another module, a definition shadowing an import, a method moved to another class:
  ``rebind``), which decide where those names resolve now, in changed and unchanged files;
- outgoing calls of the changed files' callables, their diagnostics, and the types of their
  nested object literals (``contextual``).

References into a changed file from unchanged files whose keys and bindings stayed are still
right: keys do not hold positions. The result is the server's records for the changed files
(merged with tree-sitter by the caller, as in a full run) and a ``Patch`` for the other files'
rows.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from lsprotocol import types as lsp

from lsai.indexer.lsp import (
    adopt,
    assigned,
    bases,
    carry,
    contextual,
    lambdas,
    library_fixtures,
    passes,
    rebind,
    resolve,
    sweep,
    untied,
)
from lsai.indexer.lsp.adapters import ReferencesCost, ServerAdapter
from lsai.indexer.lsp.documents import Documents, Range, SourceText, locations
from lsai.indexer.lsp.errors import LspError
from lsai.indexer.lsp.outcome import FileStatus, Guard, ServerRun
from lsai.indexer.lsp.session import LspSession
from lsai.indexer.lsp.symbols import CALLABLE_KINDS, FileSymbols, SymbolIndex
from lsai.sourcetext import imports_modules
from lsai.storage import keys
from lsai.storage.patches import Patch, Site
from lsai.storage.records import (
    CallRecord,
    DiagnosticRecord,
    FileIndex,
    OccurrenceRecord,
    Span,
    SymbolRecord,
)

WINDOW = 256  # definition requests in flight at once (measured: 16 -> 256 saves a third)
StoredSymbol = tuple[str, str, Span, Span]  # key, name, span, name span
Identifier = tuple[Span, str, str]  # where, name, tree-sitter role


@dataclass
class Prior:
    """What the index held before the change, for the files the update touches."""

    old_keys: set[str]
    """Symbol keys of the changed and deleted files."""
    sites: Callable[[set[str]], list[tuple[str, Span, str, str]]]
    """(path, span, name, key) of each occurrence of these keys (of ``old_keys``) in an
    unchanged file: read only when a key disappeared."""
    symbols_of: Callable[[str], list[StoredSymbol]]
    """The indexed symbols of an unchanged file."""
    ts_sites: Callable[[str], set[tuple[int, int]]]
    """Where tree-sitter sees an identifier in an unchanged file (line, col)."""
    group: frozenset[str] = frozenset()
    """The files of the session's group: a definition elsewhere is no symbol of this index run,
    as in a full run (whose symbols are the group's)."""
    names: frozenset[str] | None = None
    """Every symbol name of the group (or a superset); ``None``: unknown. An identifier named
    otherwise (``self``, a builtin, a local) cannot name one of its symbols unless an import
    renamed it: no definition is asked for it."""
    bindings: dict[str, dict[str, list[rebind.Binding]]] | None = None
    """Each changed file's bindings as indexed (``rebind.bindings``); ``None``: no rebinding."""
    gone_names: set[str] = field(default_factory=set)
    """Names whose binding went with a deleted file (imported from it elsewhere)."""
    gone_imported: Callable[[], bool] = lambda: True
    """Whether an unchanged file of the group may name a deleted file as a module (an import,
    a ``require``, a re-export, an import for its effects alone); read when a file was
    deleted."""
    symbols_named: Callable[[set[str]], list[rebind.Candidate]] = lambda names: []
    """The indexed symbols of the group's unchanged files with one of these names."""
    places: Callable[[set[str], set[str]], list[rebind.Place]] = lambda names, keys: []
    """The occurrences of unchanged files of the group named one of ``names`` or naming one of
    ``keys``."""
    order: dict[str, int] = field(default_factory=dict)
    """Each file's place in the group: the order in which a full run asks its symbols."""
    texts: dict[str, str] = field(default_factory=dict)
    """The text each changed file had when its rows were indexed, where known (``carry``)."""
    rows: dict[str, list[carry.Row]] = field(default_factory=dict)
    """Each changed file's occurrences as indexed, in reading order."""
    calls: dict[str, list[CallRecord]] = field(default_factory=dict)
    """Each changed file's outgoing calls as the server last answered them, where known."""
    carrying: Callable[[list[str]], str | None] = lambda keys: None
    """Of the keys of one overload set, the one the index keys their references to (a full
    run keys every site of the set to one member); ``None``: none has any."""


@dataclass
class Delta:
    run: ServerRun
    patch: Patch = field(default_factory=Patch)
    appeared: set[str] = field(default_factory=set)
    disappeared: set[str] = field(default_factory=set)
    declined: bool = False
    """Nothing asked past the outlines: a symbol of the changed files is gone, a file was
    deleted or a line binding exports changed (``_module_shape``), and the adapter asks its
    whole group then (``ServerAdapter.group_after_removals``)."""


def _named_elsewhere(prior: Prior, delta: Delta) -> bool:
    """Whether a symbol of the changed or deleted files is gone that an unchanged file names
    (an import, a call, a base): a rebuild may key those sites anew (an overload set's carrier,
    a merged declaration, a re-export). A symbol gone with no site outside (a helper renamed in
    its own file, an unused export deleted, a deleted test file's) leaves every other file's
    rows as they were: the changed files are asked alone, as a body's edit."""
    return bool(delta.disappeared) and bool(prior.sites(delta.disappeared))


class LiveSymbols(SymbolIndex):
    """The changed files' symbols from the server, every other file's from the index."""

    def __init__(self, changed: Iterable[FileSymbols], prior: Prior, skip: set[str]) -> None:
        files = list(changed)
        super().__init__(files)
        self._prior = prior
        self._loaded = {f.path for f in files} | skip

    def _load(self, path: str) -> None:
        if path in self._loaded:
            return
        self._loaded.add(path)
        if self._prior.group and path not in self._prior.group:
            return
        spans = self._spans.setdefault(path, [])
        for key, name, span, name_span in self._prior.symbols_of(path):
            record = SymbolRecord(key, name, name, "symbol", span, name_span)
            self._names[(path, name_span.start_line, name_span.start_col)] = record
            spans.append(((span.start_line, span.start_col), record))
        spans.sort(key=lambda item: item[0])

    def named_at(self, path: str, span: Span) -> SymbolRecord | None:
        self._load(path)
        return super().named_at(path, span)

    def enclosing(self, path: str, line: int, col: int) -> SymbolRecord | None:
        self._load(path)
        return super().enclosing(path, line, col)

    def carrier(self, path: str, symbol: SymbolRecord) -> SymbolRecord:
        """The declaration of ``symbol``'s name in its container (overloads, redefinitions, a
        ``def f`` bound again by ``f = wrap(f)``; declared in ``path``) a full run keys their
        sites to: the one the index keys them to, else the last (a full run asks the
        references of each in turn, and every answer reaches every site)."""
        self._load(path)
        family = keys.declared_name(symbol.key)
        members = [r for _, r in self._spans.get(path, []) if keys.declared_name(r.key) == family]
        if len(members) < 2:
            return symbol
        kept = self._prior.carrying([r.key for r in members])
        return next((r for r in members if r.key == kept), members[-1])


async def update(
    session: LspSession,
    changed: Sequence[SourceText],
    removed: Sequence[str],
    identifiers: dict[str, list[Identifier]],
    prior: Prior,
    outline: adopt.Outline | None = None,
    headers: Mapping[str, Sequence[bases.Base]] | None = None,
    parameters: library_fixtures.Parameters | None = None,
    sites: resolve.Sites | None = None,
) -> Delta:
    """Tell the server about the change and ask only what it can have changed (module doc);
    ``outline``: tree-sitter's symbols of the changed files, of which those of the adapter's
    ``adopted_kinds`` join the server's (``adopt``), as in a full run; ``headers``: the bases
    their class headers name, where a library's is asked as in a full run (``bases``);
    ``parameters``: those pytest fills in the changed test files, keyed to the library's fixture
    they name as in a full run (``library_fixtures``); ``sites``: the changed files' identifiers
    with their bindings, whose library calls no outgoing call lists are asked as in a full run
    (``untied``: tsgo)."""
    client = session.lsp
    documents = Documents(session.workspace_root, list(changed), client.encoding)
    run = session.new_run()
    for f in changed:
        run.files[f.path] = FileIndex(lines=documents.lines(f.path))
    session.close_files(removed)
    session.open(changed, documents)
    problems: dict[str, list[str]] = {f.path: [] for f in changed}
    delta = Delta(run)
    try:
        adapter = session.adapter
        adopted = adopt.joining(outline or {}, adapter)  # as a full run's (``session_options``)
        asked = (set(removed), identifiers, prior, delta, problems, adopted)
        await _ask(
            session, documents, changed, *asked, headers or {}, parameters or {}, sites or {}
        )
    except LspError as exc:  # a crash or a hung server: every changed file is partial
        for messages in problems.values():
            messages.append(str(exc))
    for f in changed:
        reasons = problems[f.path]
        run.status[f.path] = (
            FileStatus("partial", "; ".join(reasons)) if reasons else FileStatus("complete")
        )
    return delta


async def _ask(
    session: LspSession,
    documents: Documents,
    changed: Sequence[SourceText],
    removed: set[str],
    identifiers: dict[str, list[Identifier]],
    prior: Prior,
    delta: Delta,
    problems: dict[str, list[str]],
    adopted: adopt.Outline,
    headers: Mapping[str, Sequence[bases.Base]],
    parameters: library_fixtures.Parameters,
    sites: resolve.Sites,
) -> None:
    guard = Guard(problems)
    client, run = session.lsp, delta.run
    symbols = await _outlines(session, documents, changed, adopted, guard)
    adopt.adopt(symbols, adopted, documents)
    for path, found in symbols.items():
        run.files[path].symbols = found.symbols
    context = passes.Context(client, documents, run, symbols)
    context.naming = session.adapter.naming_method
    context.index = LiveSymbols(symbols.values(), prior, removed)
    new_keys = {s.key for found in symbols.values() for s in found.symbols}
    delta.appeared = new_keys - prior.old_keys
    delta.disappeared = prior.old_keys - new_keys
    if session.adapter.group_after_removals and (
        (removed and prior.gone_imported())
        or _named_elsewhere(prior, delta)
        or _module_shape(context, changed, prior)
    ):
        delta.declined = True  # the caller asks the group (a rebuild's rows are not certain)
        return
    for found in symbols.values():
        _definitions(context, found)
    kept = _splits(context, changed, identifiers, prior)
    calls = session.adapter.call_hierarchy and client.capabilities.call_hierarchy_provider
    early = _early(session, context, guard, changed, symbols.values())
    if calls:  # one callable at a time, all in flight: the order of call records is immaterial
        early.extend(_outgoing(context, guard, prior, delta, kept, None))
    started = [asyncio.ensure_future(work) for work in early]
    try:
        shared = bool(session.options.shared_answers)
        await _identifiers(context, guard, identifiers, prior, delta, kept, shared)
        await _appeared_references(session, context, guard, symbols.values(), delta)
        for found in symbols.values():  # as a full run does after its references pass
            bound = resolve.bindings(sites.get(found.path, ()))
            await guard.run(found.path, passes.alias_references(context, found, bound))
        names = _rebound(context, prior, identifiers)
        switched = names | _renamed_anew(context, identifiers, kept, prior)
        late = _outgoing(context, guard, prior, delta, kept, switched) if calls else []
        for start in range(0, len(late), WINDOW):
            await asyncio.gather(*late[start : start + WINDOW])
        await asyncio.gather(*started)
    finally:
        for task in started:
            if not task.done():
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
    # after the references that resolve bases and calls
    await _library_bases(context, guard, headers)
    await library_fixtures.library_fixtures(context, parameters)  # the changed files' sites
    await _lambda_calls(session.adapter, context, guard, identifiers if calls else {})
    await _untied_calls(session.adapter, context, guard, sites if calls else {})
    delta.patch = await _patch(context, prior, delta, set(symbols) | removed)
    if prior.bindings is not None:
        defining = _defining(session.options.references_cost)
        rebinding = _rebind(context, prior, delta, names, symbols, removed, identifiers, defining)
        await (guard.run(changed[0].path, rebinding) if changed else rebinding)
    for path in symbols:  # after the rebinding, which asks these sites' definitions again
        await guard.run(path, assigned.assigned_properties(context, path))


async def _library_bases(
    context: passes.Context, guard: Guard, headers: Mapping[str, Sequence[bases.Base]]
) -> None:
    """Where the changed files' class headers name a library's base (``bases``)."""
    for path in sorted(context.symbols.keys() & headers.keys()):
        await guard.run(path, bases.library_bases(context, path, headers[path]))


async def _lambda_calls(
    adapter: ServerAdapter,
    context: passes.Context,
    guard: Guard,
    identifiers: Mapping[str, list[Identifier]],
) -> None:
    """Where the changed files' calls in lambdas lead, for a server whose outgoing calls list
    none (``lambdas``), as in a full run."""
    if not adapter.calls_in_lambdas:
        return
    for path in sorted(context.symbols.keys() & identifiers.keys()):
        sites = [(span, name) for span, name, role in identifiers[path] if role == "call"]
        await guard.run(path, lambdas.lambda_calls(context, path, sites))


_MODULE_SHAPE = re.compile(r"\brequire\s*\(|\bexport\s+default\b|\bmodule\.exports\b|^\s*exports\.")
"""What binds a module's exports or another module's: CommonJS ``require`` and ``exports``,
``export default``."""


def _module_shape(context: passes.Context, changed: Sequence[SourceText], prior: Prior) -> bool:
    """Whether a changed file's lines that bind a module's exports or another module's
    (``_MODULE_SHAPE``) differ from its indexed text's (any such line, where that text is not
    known): which symbol the importers' names stand for may change with them (lodash's
    ``export default chunk`` made ``baseSlice``: its default imports kept ``chunk``; ``var
    twice = require('./utils').twice``: its calls no key), which the update of the changed
    files alone does not follow."""
    for f in changed:
        now = _shape_lines(context.documents.lines(f.path))
        old = prior.texts.get(f.path)
        if now if old is None else sorted(now) != sorted(_shape_lines(old.split("\n"))):
            return True
    return False


def _shape_lines(lines: Sequence[str]) -> list[str]:
    return [line.strip() for line in lines if _MODULE_SHAPE.search(line)]


async def _appeared_references(
    session: LspSession,
    context: passes.Context,
    guard: Guard,
    symbols: Iterable[FileSymbols],
    delta: Delta,
) -> None:
    """The references of the symbols that appeared (a new or renamed declaration): where
    unchanged files name them now."""
    defining = _defining(session.options.references_cost)
    for found in symbols:
        for symbol in found.symbols:
            if symbol.key in delta.appeared:
                await guard.run(found.path, _references(context, found, symbol, defining))


async def _untied_calls(
    adapter: ServerAdapter, context: passes.Context, guard: Guard, sites: resolve.Sites
) -> None:
    """The changed files' library calls no outgoing call lists (an object literal's method in a
    curried arrow function), asked at their sites as a full run asks them (``untied``)."""
    if not adapter.prepares_library_calls:
        return
    for path in sorted(context.symbols.keys() & sites.keys()):
        await guard.run(path, untied.library_calls(context, path, sites[path]))


def _early(
    session: LspSession,
    context: passes.Context,
    guard: Guard,
    changed: Sequence[SourceText],
    symbols: Iterable[FileSymbols],
) -> list[Awaitable[None]]:
    """What does not depend on the identifiers' answers, asked while they are: diagnostics, the
    types of nested object literals (``contextual``)."""
    adapter, client = session.adapter, session.lsp
    pull = bool(adapter.pull_diagnostics and client.capabilities.diagnostic_provider)
    early: list[Awaitable[None]] = [
        guard.run(f.path, passes.diagnostics(context, f.path, pull=pull)) for f in changed
    ]
    if adapter.nested_objects:
        early += [guard.run(f.path, contextual.nested_objects(context, f)) for f in symbols]
    return early


def _splits(
    context: passes.Context,
    changed: Sequence[SourceText],
    identifiers: dict[str, list[Identifier]],
    prior: Prior,
) -> dict[str, carry.Carried]:
    """Each changed file whose indexed text is known, split into dirty and kept lines."""
    texts = {f.path: f.content for f in changed}
    kept: dict[str, carry.Carried] = {}
    for path, seen in identifiers.items():
        if path in prior.texts and path in prior.rows and path in context.symbols:
            found = context.symbols[path].symbols
            kept[path] = carry.split(prior.texts[path], texts[path], prior.rows[path], found, seen)
    return kept


async def _outlines(
    session: LspSession,
    documents: Documents,
    changed: Sequence[SourceText],
    adopted: adopt.Outline,
    guard: Guard,
) -> dict[str, FileSymbols]:
    """The server's symbols of each changed file, checked against tree-sitter's as a full run
    checks them (``adopt.hints``)."""
    symbols: dict[str, FileSymbols] = {}
    for f in changed:
        prefix = keys.key_prefix(f.language, f.project or session.project_root, f.path)
        declared, callables = adopt.hints(adopted.get(f.path, ()))
        outlined = passes.document_symbols(
            session.lsp, documents, f.path, prefix, session.adapter, declared, callables
        )
        found = await guard.run(f.path, outlined)
        symbols[f.path] = found if found is not None else FileSymbols(f.path)
    return symbols


async def _identifiers(
    context: passes.Context,
    guard: Guard,
    identifiers: dict[str, list[Identifier]],
    prior: Prior,
    delta: Delta,
    kept: dict[str, carry.Carried],
    shared: bool = False,
) -> None:
    """What each identifier of the changed files names: kept from unchanged lines where the
    old text is known (``carry``), else asked (``shared``: ``_resolve``)."""
    named = new_names(context.symbols.values())
    for path, seen in identifiers.items():
        renamed = _renamed(context.documents.lines(path), seen)
        spans = _worth_asking([i for i in seen if i[1] not in renamed], prior.names, named)
        if path in kept:
            spans = _carry(context, delta, path, kept[path], spans)
        found = _resolve(context, path, spans, _imports(seen), _uses(seen), shared)
        await guard.run(path, found)


def _uses(seen: Iterable[Identifier]) -> set[tuple[int, int]]:
    """Where tree-sitter sees a file use a name, not define it (line, col)."""
    return {(s.start_line, s.start_col) for s, _, role in seen if role != "definition"}


def _imports(seen: Iterable[Identifier]) -> set[tuple[int, int]]:
    """Where tree-sitter sees a file import a name (line, col)."""
    return {(s.start_line, s.start_col) for s, _, role in seen if role == "import"}


def _rebound(
    context: passes.Context, prior: Prior, identifiers: dict[str, list[Identifier]]
) -> set[str]:
    """The names whose bindings changed (``rebind``): in the changed files, and those the
    deleted files exported; and the names a changed file shares with another file's symbol
    (``rebind.shared``)."""
    if prior.bindings is None:
        return set()
    names = set(prior.gone_names)
    for path, seen in identifiers.items():
        old = prior.bindings.get(path, {})
        names |= rebind.rebound(old, _bindings(context, path, seen))
        found = context.symbols.get(path)
        lines = context.documents.lines(path)
        modules = {  # ``import pwd``, not ``from fast import slow`` (then ``slow = wrap(slow)``)
            name
            for span, name, role in seen
            if role == "import" and 0 < span.start_line <= len(lines)
            and imports_modules(lines[span.start_line - 1])
        }  # fmt: skip
        if found is not None and modules:
            symbols = ((s.name, s.key) for s in found.symbols)
            names |= rebind.shared(old, symbols) & modules
    return names


def _outgoing(
    context: passes.Context,
    guard: Guard,
    prior: Prior,
    delta: Delta,
    kept: dict[str, carry.Carried],
    names: set[str] | None,
) -> list[Awaitable[None]]:
    """The outgoing-calls requests of the changed files' callables: with ``names`` None, of
    those on dirty lines (asked whatever the identifiers answer); else a callable on kept lines
    keeps its calls, unless they name a rebound name (``names``) or a vanished key."""
    work: list[Awaitable[None]] = []
    for path, found in context.symbols.items():
        split, old = kept.get(path), prior.calls.get(path)
        for symbol in found.symbols:
            if symbol.kind not in CALLABLE_KINDS:
                continue
            clean = (
                split is not None
                and old is not None
                and symbol.key not in delta.appeared  # its calls were recorded under another key
                and not split.touches(symbol)
            )
            if clean == (names is None):
                continue  # asked (or kept) in the other phase
            same = None
            if split is not None and old is not None and names is not None:
                same = split.calls(symbol, old, names, delta.disappeared)
            if same is not None:
                context.file(path).calls.extend(same)
            else:
                work.append(guard.run(path, passes.outgoing_calls(context, _alone(found, symbol))))
    return work


def _carry(
    context: passes.Context, delta: Delta, path: str, split: carry.Carried, spans: list[Span]
) -> list[Span]:
    """Record the occurrences kept from the unchanged lines of ``path`` (``carry``); the spans
    still to ask: those on dirty lines, and kept ones whose symbol disappeared."""
    data = context.file(path)
    again: list[Span] = []
    for span, name, key in split.kept:
        if key in delta.disappeared:
            again.append(span)
            continue
        recorded = context.recorded.setdefault(key, set())
        if (path, span) in recorded:
            continue
        recorded.add((path, span))
        inner = context.index.enclosing(path, span.start_line, span.start_col)
        enclosing = inner.key if inner is not None else None
        data.occurrences.append(OccurrenceRecord(name, "reference", span, key, enclosing))
    return [s for s in spans if s.start_line in split.dirty] + again


def _bindings(
    context: passes.Context, path: str, seen: list[Identifier]
) -> dict[str, list[rebind.Binding]]:
    """A changed file's bindings now: its definitions and imports with the keys the server
    gave them. A site naming several symbols (an import of a name a module binds twice:
    ``wrap = None`` then ``def wrap``) binds each, in the order the index reads them
    (``patches.occurrences_of``). Every symbol's definition is one, as the index holds them,
    but where tree-sitter sees a use and the server names a symbol too (``export { double }``:
    a full run keeps a use of what it exports): the keys of an object literal, which
    tree-sitter's identifiers leave out, were a rebinding at each edit of the file (tsgo: most
    names of zod's util.ts asked again, other files' sites re-keyed otherwise than a rebuild)."""
    keyed: dict[tuple[int, int], set[str | None]] = {}
    defined: dict[tuple[int, int], str] = {}
    naming: set[tuple[int, int]] = set()  # where the server names a symbol used there
    for o in context.file(path).occurrences:
        at = (o.span.start_line, o.span.start_col)
        keyed.setdefault(at, set()).add(o.symbol_key)
        if o.role == "definition":
            defined.setdefault(at, o.name)
        elif o.symbol_key is not None:
            naming.add(at)
    for at in naming & _uses(s for s in seen if s[2] not in rebind.BINDING_ROLES):
        defined.pop(at, None)  # a use of the symbol it names, as a full run keeps it (merge)
    found = [
        (at, name, role)
        for span, name, role in seen
        if (at := (span.start_line, span.start_col)) not in defined
    ]
    found += [(at, name, "definition") for at, name in defined.items()]
    found.sort(key=lambda f: f[0])
    return rebind.bindings(
        (name, role, key)
        for at, name, role in found
        for key in sorted(keyed.get(at, {None}), key=_null_first)
    )


def _null_first(key: str | None) -> tuple[bool, str]:
    """SQLite's order of symbol keys: NULL first."""
    return key is not None, key or ""


async def _rebind(
    context: passes.Context,
    prior: Prior,
    delta: Delta,
    names: set[str],
    symbols: dict[str, FileSymbols],
    removed: set[str],
    identifiers: dict[str, list[Identifier]],
    defining: bool = False,
) -> None:
    """Where the rebound ``names`` resolve now (``rebind``): the changed files' occurrences are
    rewritten, the unchanged files' places patched. ``defining``: a server whose full run
    resolves names by definition (``ReferencesCost``: tsgo): the unchanged files' places of a
    member's name are asked their definition, as that run asks them (tsgo's references of
    ``Circle``'s ``area`` reach every ``area`` of ``Shape`` and its implementations: ``s.area()``
    on a ``Shape`` was keyed to ``Circle``'s), but a constructor's (``sweep.always_asked``: its
    references find ``new Vector``). A place whose definition names nothing keeps a key that is
    still there: ``export default { flatten }``'s definition is the property, where a full run
    follows it through the import to the function (``resolve``)."""
    if not names:
        return
    skip = set(symbols) | removed
    asked, by_definition = _candidates(prior, names, symbols, skip)
    if defining:
        by_definition |= names - {"constructor"}
        asked = [c for c in asked if c.name not in by_definition]
    resolution = rebind.Resolution(asked)
    await resolution.ask(context)
    for path in symbols:
        data = context.file(path)
        data.occurrences = resolution.rewrite(
            path,
            data.occurrences,
            _enclosing_key(context),
            context.documents.text_at,
            _imports(identifiers.get(path, [])),
        )
    sites = _Sites(context, prior, delta.patch.sites)
    decided = names - by_definition
    places = [p for p in prior.places(names, set(resolution.keys)) if p.path not in skip]
    for place in places:
        if _through_alias(place, delta):
            continue
        if place.name in decided or resolution.claims(place.key):
            key = resolution.key_at(place.path, place.span, place.role)
            sites.set(place, key, resolution.callees_at(place.path, place.span))
    known = {(p.path, p.span.start_line, p.span.start_col) for p in places}
    for at, key in resolution.named.items():
        path = at[0]
        if path not in skip and path in prior.group and at not in known:
            span = resolution.spans[at]
            key = resolution.key_at(path, span) or key
            sites.set(rebind.Place(path, span, context.documents.text_at(path, span), None), key)
    late = [p for p in places if p.name in by_definition and not resolution.claims(p.key)]
    for path in sorted({p.path for p in late}):
        mine = [p for p in late if p.path == path]
        imports = {(p.span.start_line, p.span.start_col) for p in mine if p.role == "import"}
        named = await definitions(context, path, [p.span for p in mine], imports)
        for place, symbol in zip(mine, named, strict=True):
            if symbol is None and defining and place.key not in delta.disappeared:
                continue
            sites.set(place, symbol.key if symbol is not None else None)
    delta.patch = Patch(cleared=delta.patch.cleared, sites=list(sites.found.values()))


def _through_alias(place: rebind.Place, delta: Delta) -> bool:
    """Whether an unchanged file's site names a symbol of another name that is still there
    (``export { nullableType as nullable }``: the alias spells ``nullable``, names
    ``nullableType``): a full run resolves it through the alias, whatever binds its spelling."""
    key = place.key
    return key is not None and key not in delta.disappeared and not keys.names(key, place.name)


def _candidates(
    prior: Prior, names: set[str], symbols: dict[str, FileSymbols], skip: set[str]
) -> tuple[list[rebind.Candidate], set[str]]:
    """The symbols of the rebound ``names`` to ask by references, in a full run's order, and
    the names left to ``definition`` (over ``rebind.MAX_SYMBOLS``, the most common first)."""
    found = [
        rebind.Candidate(path, s.key, s.name, s.name_span)
        for path, f in symbols.items()
        for s in f.symbols
        if s.name in names
    ]
    found += [c for c in prior.symbols_named(names) if c.path not in skip]
    per_name: dict[str, list[rebind.Candidate]] = {}
    for c in found:
        per_name.setdefault(c.name, []).append(c)
    asked: list[rebind.Candidate] = []
    by_definition: set[str] = set()
    for name in sorted(names, key=lambda n: (len(per_name.get(n, [])), n)):
        more = per_name.get(name, [])
        if len(asked) + len(more) > rebind.MAX_SYMBOLS:
            by_definition.add(name)
        else:
            asked.extend(more)
    last = len(prior.order)
    asked.sort(key=lambda c: (prior.order.get(c.path, last), c.name_span.start_line))
    return asked, by_definition


class _Sites:
    """The patch's sites by place; a place of an unchanged file is set when what it names
    changed."""

    def __init__(self, context: passes.Context, prior: Prior, sites: Iterable[Site]) -> None:
        self.context, self.prior = context, prior
        self.found = {(s.path, s.span.start_line, s.span.start_col): s for s in sites}
        self._tree_sitter: dict[str, set[tuple[int, int]]] = {}

    def set(
        self, place: rebind.Place, key: str | None, callees: tuple[str, ...] | None = None
    ) -> None:
        """``callees``: the other callees of a call there, when known (``Site.callees``). A
        place keeps its key for another declaration of the same name in the same container (an
        overload: a full run keys the sites of an overload set to one of them, the rebinding's
        references reach each from all of them). A construction (``new Vector``, reached by the
        references of ``Vector``'s constructor) names the class, as ``merge`` keys it."""
        at = (place.path, place.span.start_line, place.span.start_col)
        key = keys.class_of_construction(key, place.name)  # ``new Vector``, as ``merge`` keys it
        if key and place.key and keys.declared_name(key) == keys.declared_name(place.key):
            key = place.key
        if key == place.key and not callees and at not in self.found:
            return
        if place.path not in self._tree_sitter:
            self._tree_sitter[place.path] = self.prior.ts_sites(place.path)
        span = place.span
        self.found[at] = Site(
            place.path,
            span,
            place.name,
            key,
            _enclosing_key(self.context)(place.path, span),
            _context(self.context.documents, place.path, span.start_line),
            drop=key is None
            and (span.start_line, span.start_col) not in self._tree_sitter[place.path],
            callees=callees,
        )


def _enclosing_key(context: passes.Context) -> Callable[[str, Span], str | None]:
    def key(path: str, span: Span) -> str | None:
        inner = context.index.enclosing(path, span.start_line, span.start_col)
        return inner.key if inner is not None else None

    return key


def _alone(found: FileSymbols, symbol: SymbolRecord) -> FileSymbols:
    return FileSymbols(found.path, [symbol], {symbol.key: found.positions[symbol.key]})


def new_names(files: Iterable[FileSymbols]) -> set[str]:
    return {s.name for found in files for s in found.symbols}


def new_names_of(files: Iterable[FileIndex]) -> set[str]:
    return {s.name for data in files for s in data.symbols}


def _renamed(lines: Sequence[str], found: list[Identifier]) -> set[str]:
    """The names an import binds to another symbol's (``from a import pager as echo``) and the
    file does not define: ty's references of ``pager`` reach neither the alias nor its uses, so
    a full run keys none of them, where a definition would answer ``pager``."""
    defined = {name for _, name, role in found if role == "definition"}
    out: set[str] = set()
    for span, name, role in found:
        if role != "import" or name in defined:
            continue
        before = lines[span.start_line - 1][: span.start_col - 1].split()
        if len(before) >= 2 and before[-1] == "as" and before[-2].split(".")[-1] != name:
            out.add(name)
    return out


def _renamed_anew(
    context: passes.Context,
    identifiers: dict[str, list[Identifier]],
    kept: dict[str, carry.Carried],
    prior: Prior,
) -> set[str]:
    """The callee names of the kept calls through a name a changed import renames
    (``_renamed``: keyed to nothing, so no rebinding shows ``asdict as _asdict`` becoming
    ``astuple as _asdict``; a call record holds the server's name, ``asdict``): asked again."""
    out: set[str] = set()
    for path, seen in identifiers.items():
        split = kept.get(path)
        if split is None:
            continue
        lines = context.documents.lines(path)
        aliases = _renamed(lines, seen)
        changed = {
            name
            for span, name, role in seen
            if role == "import" and name in aliases and span.start_line in split.dirty
        }
        at = {(span.start_line, span.start_col): name for span, name, _ in seen}
        for c in prior.calls.get(path, []):
            line = split.moved.get(c.line)
            if line is not None and at.get((line, c.col)) in changed:
                out.add(c.callee_name)
    return out


def _worth_asking(
    found: list[Identifier], names: frozenset[str] | None, more: set[str]
) -> list[Span]:
    """The identifiers whose definition may be a symbol: named like one, or bound by an import
    of the file (``Item as Product``)."""
    if names is None:
        return [span for span, _, _ in found]
    imported = {name for _, name, role in found if role == "import"}
    return [span for span, name, _ in found if name in names or name in more or name in imported]


def _definitions(context: passes.Context, found: FileSymbols) -> None:
    """Each symbol's definition occurrence, as a full run records it."""
    for symbol in found.symbols:
        seen = context.recorded.setdefault(symbol.key, set())
        seen.add((found.path, symbol.name_span))
        context.file(found.path).occurrences.append(
            OccurrenceRecord(
                name=context.documents.text_at(found.path, symbol.name_span) or symbol.name,
                role="definition",
                span=symbol.name_span,
                symbol_key=symbol.key,
                enclosing_key=symbol.container_key,
            )
        )


def _named(context: passes.Context, path: str, span: Span) -> SymbolRecord | None:
    """The symbol whose name starts where a definition's range does, or ends it: ty's range of
    an instance attribute is the assignment's target, ``self.items``, whose symbol is named at
    ``items`` (a full run reaches its uses through the attribute's references)."""
    named = context.index.named_at(path, span)
    if named is not None or span.start_line != span.end_line:
        return named
    text = context.documents.text_at(path, span) or ""
    dot = text.rfind(".")
    if dot < 0:
        return None
    col = span.start_col + dot + 1
    return context.index.named_at(path, Span(span.start_line, col, span.end_line, span.end_col))


async def definitions(
    context: passes.Context,
    path: str,
    spans: Sequence[Span],
    imports: Collection[tuple[int, int]] = (),
    others: dict[tuple[int, int], list[SymbolRecord]] | None = None,
) -> list[SymbolRecord | None]:
    """The symbol ``definition`` names at each of ``spans`` of ``path`` (pipelined): of
    several, one of ``path`` (``try: from fast import helper`` / ``except ImportError: def
    helper()``: a call of ``helper`` names both; a full run keeps the file's own,
    ``merge.merge``; ``imports``: where the file imports a name), as ``rebind.choose``
    says, else the first; ``others``: where given, the other symbols named at each import
    (line, col) of ``imports`` (``_others``)."""
    documents = context.documents
    document = lsp.TextDocumentIdentifier(uri=documents.uri(path))
    paths: dict[str, str | None] = {}  # uri -> path, outside the workspace too (typeshed)

    async def one(span: Span) -> SymbolRecord | None:
        params = lsp.DefinitionParams(
            text_document=document,
            position=documents.position(path, span.start_line, span.start_col),
        )
        result = await context.client.request(context.naming, params)
        found: list[tuple[Span | None, SymbolRecord]] = []
        raw: list[SymbolRecord] = []  # before ``carrier``
        for uri, range_ in locations(result):
            if uri not in paths:
                paths[uri] = documents.path_of(uri)
            target = paths[uri]
            if target is not None and range_.start != range_.end:  # empty: a module, a file
                named = _named(context, target, documents.span(target, range_))
                if named is not None:
                    raw.append(named)
                if named is not None and isinstance(context.index, LiveSymbols):
                    named = context.index.carrier(target, named)
                if named is not None:
                    found.append((named.name_span if target == path else None, named))
        if not found:
            return None
        found.reverse()  # of equals, the first
        importing = (span.start_line, span.start_col) in imports
        keys = [named.key for _, named in found]
        heres = [here for here, _ in found]
        at = (span.start_line, span.start_col)
        chosen = found[rebind.choose(keys, heres, *at, importing)][1]
        if others is not None and importing:
            others[at] = _others(chosen, raw)
        return chosen

    out: list[SymbolRecord | None] = []
    for start in range(0, len(spans), WINDOW):
        out.extend(await asyncio.gather(*(one(s) for s in spans[start : start + WINDOW])))
    return out


def _others(chosen: SymbolRecord, named: Sequence[SymbolRecord]) -> list[SymbolRecord]:
    """Of the symbols the definition of an import names, those other than ``chosen`` a full run
    with shared answers keys the import to as well (their references reach it, not the uses of
    the name after it): of another name, or of the same name and another kind
    (``export const double`` and the ``double`` of ``export { double }``, a variable); not an
    overload of it (``carrier``: a full run keys an overload set's sites to one)."""
    out: dict[str, SymbolRecord] = {}
    mine = keys.declared_name(chosen.key)
    for n in named:
        same = keys.declared_name(n.key) == mine and keys.is_term(n.key) == keys.is_term(chosen.key)
        if n.key != chosen.key and not same:
            out.setdefault(n.key, n)
    return list(out.values())


async def _resolve(
    context: passes.Context,
    path: str,
    spans: list[Span],
    imports: set[tuple[int, int]],
    uses: set[tuple[int, int]],
    shared: bool = False,
) -> None:
    """References of the changed file ``path``: the symbol each identifier names (``imports``:
    where the file imports a name). A server's symbol where tree-sitter sees a use (``uses``:
    tsgo lists ``export { double }`` as a variable) is asked too: it names the symbol it
    exports, as a full run's references of that symbol say (``merge``). With ``shared``
    answers (``sweep.Options``) an import is a reference of every symbol its definition names,
    as each one's references reach it in a full run (``import { double }`` of ``export const
    double`` exported again by ``export { double }``: both; ``merge`` keeps one, the others
    beside it)."""
    own = {(o.span.start_line, o.span.start_col) for o in context.file(path).occurrences} - uses
    todo = [s for s in spans if (s.start_line, s.start_col) not in own]
    others: dict[tuple[int, int], list[SymbolRecord]] | None = {} if shared else None
    named = await definitions(context, path, todo, imports, others)
    for span, symbol in zip(todo, named, strict=True):
        if symbol is not None:
            passes.record_reference(context, path, span, symbol)
            for other in (others or {}).get((span.start_line, span.start_col), []):
                passes.record_reference(context, path, span, other)


def _member(key: str, name: str) -> bool:
    """Whether ``key`` is of a type's member named ``name`` (``Shape#area().``): not of a
    function or a variable, whose references are its own (and whose definition at a shorthand
    property, ``export default { flatten }``, is the property, where a full run follows it
    through the import)."""
    return keys.declared_name(key).endswith("#" + name)


def _defining(cost: ReferencesCost | None) -> bool:
    """Whether a full run resolves the names of members by definition, where the server's
    references of one member reach its namesakes of related types (tsgo's ``ReferencesCost``:
    the references of ``Circle``'s ``area`` list every ``area`` of ``Shape`` and its
    implementations, and their uses); ty's (``other_names`` False) are a name's own."""
    return cost is not None and cost.other_names


async def _references(
    context: passes.Context, found: FileSymbols, symbol: SymbolRecord, defining: bool = False
) -> None:
    """Where an appeared symbol is named. ``defining`` (``_defining``), of a member
    (``_member``): as a full run that asks the definition at each site: the answer's places in
    unchanged files are asked their definition, a place naming another symbol left out, and
    those in changed files, whose identifiers are asked anyway, are left to that (a new
    ``Tri.area`` was a declaration of ``Shape.area`` and ``Circle.area``, and a second key of
    ``s.area()``); a constructor's answer is kept whole, as a full run asks it
    (``sweep.always_asked``: ``new Vector``)."""
    params = passes.reference_params(context.documents, found.path, found.positions[symbol.key])
    result = await context.client.request(lsp.TEXT_DOCUMENT_REFERENCES, params)
    answered = locations(result)
    if defining and not sweep.always_asked(symbol) and _member(symbol.key, symbol.name):
        answered = await _naming(context, symbol, answered)
    passes.record_references(context, found.path, symbol, answered)


async def _naming(
    context: passes.Context, symbol: SymbolRecord, answered: list[tuple[str, Range]]
) -> list[tuple[str, Range]]:
    """Of a references answer, the places of unchanged files whose definition is ``symbol``."""
    documents = context.documents
    by_path: dict[str, list[tuple[str, Range]]] = {}
    for uri, range_ in answered:
        path = documents.path_of(uri)
        if path is not None and path not in context.symbols:
            by_path.setdefault(path, []).append((uri, range_))
    out: list[tuple[str, Range]] = []
    for path, found in by_path.items():
        named = await definitions(context, path, [documents.span(path, r) for _, r in found])
        out += [
            f for f, n in zip(found, named, strict=True) if n is not None and n.key == symbol.key
        ]
    return out


async def _patch(context: passes.Context, prior: Prior, delta: Delta, changed: set[str]) -> Patch:
    """The other files' rows: new keys where the server found the appeared symbols, and what
    each place that named a disappeared symbol names now."""
    documents = context.documents
    sites: dict[tuple[str, int, int], Site] = {}
    for path, data in context.run.outside.items():
        for o in data.occurrences:
            sites[(path, o.span.start_line, o.span.start_col)] = _site(documents, path, o)
    named_gone = prior.sites(delta.disappeared) if delta.disappeared else []
    gone = [s for s in named_gone if s[3] in delta.disappeared and s[0] not in changed]
    by_path: dict[str, list[tuple[Span, str]]] = {}
    for path, span, name, _ in gone:
        if (path, span.start_line, span.start_col) not in sites:
            by_path.setdefault(path, []).append((span, name))
    for path, found in by_path.items():
        named = await definitions(context, path, [span for span, _ in found])
        tree_sitter = prior.ts_sites(path)
        for (span, name), symbol in zip(found, named, strict=True):
            key = keys.class_of_construction(symbol.key, name) if symbol is not None else None
            inner = context.index.enclosing(path, span.start_line, span.start_col)
            sites[(path, span.start_line, span.start_col)] = Site(
                path,
                span,
                name,
                key,
                inner.key if inner is not None else None,
                _context(documents, path, span.start_line),
                drop=(span.start_line, span.start_col) not in tree_sitter,
            )
    return Patch(cleared=frozenset(delta.disappeared), sites=list(sites.values()))


def _site(documents: Documents, path: str, o: OccurrenceRecord) -> Site:
    return Site(
        path,
        o.span,
        o.name,
        o.symbol_key,
        o.enclosing_key,
        _context(documents, path, o.span.start_line),
    )


def _context(documents: Documents, path: str, line: int) -> str | None:
    lines = documents.lines(path)
    return lines[line - 1].strip()[:400] if 0 < line <= len(lines) else None


async def diagnostics(
    session: LspSession, paths: Sequence[str]
) -> dict[str, list[DiagnosticRecord]]:
    """The current diagnostics of unchanged ``paths`` (files that depend on changed ones)."""
    client = session.lsp
    documents = Documents(session.workspace_root, [], client.encoding)
    run = ServerRun(server="", server_version=None, position_encoding=client.encoding)
    context = passes.Context(client, documents, run, {})
    pull = bool(session.adapter.pull_diagnostics and client.capabilities.diagnostic_provider)

    async def one(path: str) -> None:
        with contextlib.suppress(LspError):
            await passes.diagnostics(context, path, pull=pull)

    for start in range(0, len(paths), WINDOW):  # all in flight: each file's own records
        await asyncio.gather(*(one(path) for path in paths[start : start + WINDOW]))
    return {path: run.outside[path].diagnostics if path in run.outside else [] for path in paths}
