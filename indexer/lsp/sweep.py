"""The references pass over every symbol of a session: what to ask, what to skip, how many
requests to keep in flight, and what to do when the server crashes on one symbol.

**Skipped: names nobody uses.** The pipeline hands the session the names tree-sitter saw used
somewhere in the group (a reference, a call, an import: every identifier that is not a
definition's name). A symbol whose name is not among them has no reference a server could find:
its only occurrence is its definition, recorded without a request. Names a server can find
under other text are always asked: constructors (``new C()``, ``C()``), dunder methods
(``a + b``, ``a[i]``), names that are not identifiers (C++ ``operator+``, ``~C``). Adapters that
merge declarations (clangd) are always asked: the merge needs every answer. A pytest fixture
declared under another name (``@pytest.fixture(name="cl") def _cl()``) is asked at that name,
in its quotes, never skipped: no identifier spells ``_cl``, the tests' ``cl`` parameters use it.

**Shared answers.** For a server whose adapter says ``shared_answers`` (verified against the
server on real trees: ty, TypeScript), two symbols of one container with one name (overloads,
merged declarations, a redefinition) share their references: when the answer for one includes
the definition of the other, the other's answer is that answer, replayed without a request.

**In flight.** ``window`` requests are sent before the first answer is awaited; answers are
processed in order, so the records do not depend on the window.

**By definition.** For an adapter with ``references_cost`` and the identifiers tree-sitter saw
(``sites``), the names whose identifiers cost the server less than their symbols' references
requests are resolved the other way round: each of their identifiers asks its definition
(``resolve``), and their symbols ask nothing.

**Crashes.** A server that crashes on one symbol (gopls on some methods that implement an
interface of another package) is restarted and asked again once; when it crashes on that symbol
again, the fresh server answers its references by definition (``fallback``: the spellings of its
name whose definition is its name, as for a request the server fails) and the rest is asked
without it. Only when that fails too does its file say which references are missing (pflag's
``boolValue.Set``, go-toml's ``MarshalText`` methods: each made its file partial). The run stops
asking after ``MAX_RESTARTS`` crashes with nothing answered between them (a server that crashes
on everything), or ``MAX_CRASHES`` in all; not after a few symbols that crash: gopls panics on
each of go-toml's seven ``MarshalText`` methods in about half of the requests (by Go's map
order), and where three of them crashed, every file of the run was partial (1 run in 3).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections import deque
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass

from lsprotocol import types as lsp

from lsai.indexer.lsp import adopt, bases, fallback, passes, resolve
from lsai.indexer.lsp.adapters import ReferencesCost
from lsai.indexer.lsp.documents import Range, locations
from lsai.indexer.lsp.errors import ServerCrashed, ServerRequestFailed
from lsai.indexer.lsp.outcome import Guard, Report, no_report
from lsai.indexer.lsp.symbols import FileSymbols, SymbolIndex
from lsai.storage.records import Span, SymbolRecord

MAX_RESTARTS = 3  # crashes in a row, nothing answered between them, after which the run stops
MAX_CRASHES = 24  # crashes in one references pass after which the run stops (a restart: ~1-3 s)
_IDENTIFIER = re.compile(r"[^\W\d][\w$]*|\$[\w$]*")
Locations = list[tuple[str, Range]]
_VARIABLES = frozenset(("variable", "constant"))


@dataclass(frozen=True)
class Options:
    """How a session chooses its requests."""

    names: frozenset[str] | None = None
    """Names used other than as a definition somewhere in the group; ``None``: ask every symbol."""
    window: int | None = None
    """References requests in flight at once; ``None``: the adapter's ``in_flight``."""
    shared_answers: bool | None = None
    """Symbols of one container and name share the answer that reaches both definitions;
    ``None``: the adapter's ``shared_answers``."""
    callers: frozenset[str] | None = None
    """Keys of the callables whose outgoing calls are asked: those with a call site or a
    decorator (measured on the Python benchmark tree: ty attributes a decorator's call to the
    function it decorates); ``None``: every callable."""
    sites: resolve.Sites | None = None
    """The identifiers tree-sitter saw in each file; ``None``: every name asks references."""
    outline: adopt.Outline | None = None
    """Tree-sitter's symbols of each file: those the server does not list join the session
    (``adopt``); ``None``: the server's symbols only."""
    references_cost: ReferencesCost | None = None
    """What a references request costs in definition requests: the names cheaper to resolve
    by definition are (``resolve.plan``); ``None``: none is."""
    spelled: Mapping[str, int] | None = None
    """How often each name is spelled in the session's files (``resolve.spellings``)."""
    asked_by_references: frozenset[str] = frozenset()
    """Names whose references a server finds where no definition leads to them (a pytest
    fixture's: the parameters of its name), so never resolved by definition."""
    named_fixtures: Mapping[str, Mapping[tuple[int, int], Span]] | None = None
    """The pytest fixtures each file declares under another name (``@pytest.fixture(name="cl")
    def _cl()``, ``treesitter.fixtures``): the position of the function's name and the span of
    the name inside the quotes, where its references are asked (``References.named``)."""
    aliased: frozenset[str] = frozenset()
    """Files a symlinked folder of the workspace also names (``crawler.Workspace.linked``): the
    names they declare are resolved by definition, whatever it costs. ty takes a module imported
    through the link (``lsai.storage.graph`` for ``lsai/storage -> ../storage``) for another
    than the file lsai asks about at its real path, so a references request there lists none of
    the importers' sites, while a definition request at each site lands on the link's path,
    which ``Documents.path_of`` reads as the real one (lsai's own tree: ``run_index`` had 1
    usage and 83 callers)."""
    bases: Mapping[str, Sequence[bases.Base]] | None = None
    """Tree-sitter's bases of each file's class headers, where they are written: those no
    workspace symbol resolves ask the server where they are defined (``bases``)."""
    fixture_parameters: Mapping[str, Sequence[tuple[Span, str]]] | None = None
    """The parameters pytest fills with fixtures in each test file (``treesitter.fixtures.
    test_parameters``): those naming a library's fixture (``tmp_path``) are keyed to it
    (``library_fixtures``)."""
    report: Report = no_report


def always_asked(symbol: SymbolRecord) -> bool:
    """Whether a server may find references of ``symbol`` under text other than its name."""
    name = symbol.name
    return (
        symbol.kind == "constructor"
        or (name.startswith("__") and name.endswith("__"))
        or _IDENTIFIER.fullmatch(name) is None
    )


def _unreached(items: list[_Item], sites: resolve.Sites) -> frozenset[str]:
    """The keys of the top-level variables the server lists where tree-sitter sees a use, not
    a declaration or an import: a re-export of what the server cannot resolve (``export { produce as
    createNextState } from "immer"``, the package not installed), which it keeps as a symbol
    (``aliases``: its definition is itself). No definition leads to it: at an import of it,
    the server's definition stops at the import; its references reach the importers. And the
    keys of a CommonJS export object (``module.exports = { parse: parse }``, the module's
    properties): tsgo's definition of a requirer's call ``qs.parse()`` goes on to the function
    the key's value names, whose references list no ``qs.parse``; the key's list them all."""
    out: set[str] = set()
    used: dict[str, set[tuple[int, int]]] = {}
    for item in items:
        symbol = item.symbol
        if symbol.container_key is None and symbol.kind == "property":
            out.add(symbol.key)
            continue
        if symbol.container_key is not None or symbol.kind not in _VARIABLES:
            continue
        if item.path not in used:
            found = sites.get(item.path, ())
            used[item.path] = {
                (s.span.start_line, s.span.start_col) for s in found if s.role == "reference"
            }
        if (symbol.name_span.start_line, symbol.name_span.start_col) in used[item.path]:
            out.add(symbol.key)
    return frozenset(out)


def _named(
    items: list[_Item], named: Mapping[str, Mapping[tuple[int, int], Span]]
) -> dict[str, Span]:
    """The keys of the fixtures declared under another name (``Options.named_fixtures``), each
    with the span of that name inside its quotes: ty's references at the function's name list
    the function alone, at the quoted name every test parameter of that name and their uses
    (and its definition at such a parameter leads to the function). Never skipped as unused:
    no identifier spells the function's name."""
    out: dict[str, Span] = {}
    for item in items:
        span = item.symbol.name_span
        quoted = named.get(item.path, {}).get((span.start_line, span.start_col))
        if quoted is not None and item.symbol.kind in ("function", "method"):
            out[item.symbol.key] = quoted
    return out


@dataclass(frozen=True)
class _Item:
    path: str
    found: FileSymbols
    symbol: SymbolRecord


class References:
    """The references pass of one session; ``run`` again after a restart resumes it."""

    def __init__(self, context: passes.Context, options: Options) -> None:
        self.context, self.options = context, options
        self.window = max(1, options.window or 1)
        self.items = [
            _Item(path, found, symbol)
            for path, found in context.symbols.items()
            for symbol in found.symbols
        ]
        self.homes = {item.symbol.key: item.path for item in self.items}
        self.shared: dict[str, Locations] = {}
        self.counts = {"references": 0, "references skipped": 0, "references shared": 0}
        self.by_definition = frozenset[str]()
        self.unreached = _unreached(self.items, options.sites or {})
        self.named = _named(self.items, options.named_fixtures or {})
        cost = options.references_cost
        if options.sites is not None and cost is not None:
            asked = [
                item.symbol
                for item in self.items
                if not self._unused(item.symbol)
                and not always_asked(item.symbol)
                and item.symbol.name not in options.asked_by_references
                and item.symbol.key not in self.unreached  # asked by references anyway
                and item.symbol.key not in self.named
            ]
            self.by_definition = resolve.plan(asked, options.sites, cost, options.spelled)
            self.by_definition |= {s.name for s in asked if self.homes[s.key] in options.aliased}
            self.counts["references by definition"] = 0

    def _unused(self, symbol: SymbolRecord) -> bool:
        names = self.options.names
        return (
            names is not None
            and symbol.name not in names
            and not always_asked(symbol)
            and symbol.key not in self.named  # used by the name in its quotes
        )

    def _resolved(self, symbol: SymbolRecord) -> bool:
        return (
            symbol.name in self.by_definition
            and not always_asked(symbol)
            and symbol.key not in self.unreached
            and symbol.key not in self.named
        )

    async def run(self, guard: Guard) -> None:
        """Ask (or settle without asking) every symbol not asked yet, ``window`` at a time."""
        context, report = self.context, self.options.report
        todo = [item for item in self.items if item.symbol.key not in context.asked]
        total = len(self.items)
        done = total - len(todo)
        pending: deque[tuple[_Item, asyncio.Task[object]]] = deque()
        queue = deque(todo)
        try:
            while queue or pending:
                while queue and len(pending) < self.window:
                    item = queue.popleft()
                    if self._settle(item):
                        done += 1
                        continue
                    context.asked[item.symbol.key] = item.symbol.name
                    request = self._request(item)
                    pending.append((item, asyncio.ensure_future(guard.run(item.path, request))))
                if not pending:
                    continue
                item, task = pending[0]
                try:
                    result = await task
                except ServerCrashed:
                    for later, _ in list(pending)[1:]:  # not answered: asked again after restart
                        context.asked.pop(later.symbol.key, None)
                    key = item.symbol.key  # the culprit is the last asked
                    context.asked[key] = context.asked.pop(key, item.symbol.name)
                    raise
                pending.popleft()
                self.counts["references"] += 1
                if result is not None:
                    self._record(item, locations(result))
                done += 1
                report("references", done, total)
        finally:
            for _, task in pending:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
        report("references", total, total)

    def _settle(self, item: _Item) -> bool:
        """Record ``item`` without a request when its answer is known; whether it was."""
        key = item.symbol.key
        if key in self.shared:
            self.context.asked[key] = item.symbol.name
            self.counts["references shared"] += 1
            passes.record_references(self.context, item.path, item.symbol, self.shared.pop(key))
            return True
        unused, resolved = self._unused(item.symbol), self._resolved(item.symbol)
        if unused or resolved:  # its definition now; its references from ``resolve``
            self.context.asked[key] = item.symbol.name
            self.counts["references skipped" if unused else "references by definition"] += 1
            passes.record_references(self.context, item.path, item.symbol, [])
            return True
        return False

    async def resolve(self, guard: Guard) -> None:
        """The references of the names resolved by definition (``resolve``)."""
        sites = self.options.sites
        if sites is None or not self.by_definition:
            return
        cost = self.options.references_cost
        self.counts["definitions"] = await resolve.references(
            self.context,
            guard,
            sites,
            self.by_definition,
            self.options.report,
            same_name=cost is not None and not cost.other_names,
        )

    async def _request(self, item: _Item) -> object:
        """The references of ``item``; where the server fails them, the definitions of its
        name's spellings that land on it (``fallback``), else the failure."""
        documents, named = self.context.documents, self.named.get(item.symbol.key)
        position = item.found.positions[item.symbol.key]
        if named is not None:  # a fixture's other name: the test parameters'
            position = documents.position(item.path, named.start_line, named.start_col)
        params = passes.reference_params(documents, item.path, position)
        try:
            return await self.context.client.request(lsp.TEXT_DOCUMENT_REFERENCES, params)
        except ServerRequestFailed:
            found = await fallback.references(self.context, item.path, item.symbol)
            if found is None:
                raise
            self.counts["references by definition after a failure"] = (
                self.counts.get("references by definition after a failure", 0) + 1
            )
            return found

    async def after_crash(self, key: str, guard: Guard) -> bool:
        """Record the references of the symbol the server crashed on twice by definition
        (``fallback``); whether they were."""
        item = next((item for item in self.items if item.symbol.key == key), None)
        if item is None:
            return False
        found = await guard.run(
            item.path, fallback.references(self.context, item.path, item.symbol)
        )
        if found is None:
            return False
        name = "references by definition after a crash"
        self.counts[name] = self.counts.get(name, 0) + 1
        self._record(item, locations(found))
        return True

    def _record(self, item: _Item, found: Locations) -> None:
        named = self.named.get(item.symbol.key)
        if named is not None:  # the name in the quotes is no use of the function: its definition
            documents = self.context.documents
            found = [
                (uri, range_)
                for uri, range_ in found
                if documents.path_of(uri) != item.path or documents.span(item.path, range_) != named
            ]
        passes.record_references(self.context, item.path, item.symbol, found)
        if not self.options.shared_answers:
            return
        context, symbol = self.context, item.symbol
        for uri, range_ in found:
            path = context.documents.path_of(uri)
            other = context.named_at(path, range_) if path is not None else None
            if (
                other is not None
                and other.key != symbol.key
                and other.name == symbol.name
                and other.container_key == symbol.container_key
                and other.key not in context.asked
                and other.key in self.homes
            ):
                self.shared[other.key] = found


async def references(
    context: passes.Context,
    guard: Guard,
    options: Options,
    problems: dict[str, list[str]],
    restart: Callable[[], Awaitable[None]],
) -> dict[str, int]:
    """The references pass, restarting the server after a crash (``MAX_RESTARTS`` in a row,
    ``MAX_CRASHES`` in all); the requests asked, skipped and shared."""
    adopted = 0
    if options.outline:
        adopted = adopt.adopt(context.symbols, options.outline, context.documents)
        context.index = SymbolIndex(context.symbols.values())
    sweep = References(context, options)
    if options.outline:
        sweep.counts["symbols from tree-sitter"] = adopted
    retried: set[str] = set()
    crashes = in_a_row = 0
    answered = sweep.counts["references"]
    while True:
        try:
            await sweep.run(guard)
            break
        except ServerCrashed as exc:
            crashes += 1
            in_a_row = 1 if sweep.counts["references"] > answered else in_a_row + 1
            if in_a_row > MAX_RESTARTS or crashes > MAX_CRASHES or not context.asked:
                raise
            key, name = list(context.asked.items())[-1]
            again = key in retried
            if not again:
                del context.asked[key]  # ask it again
            retried.add(key)
            sweep.window = 1  # after a crash, one at a time: the last asked is the culprit
            await restart()
            if again and await _after_crash(sweep, key, guard, restart):
                in_a_row = 0  # answered, by definition
            elif again and (path := sweep.homes.get(key)) is not None:
                problems[path].append(f"{exc.message}; restarted, without {name}")
            answered = sweep.counts["references"]
    try:
        await sweep.resolve(guard)
    except ServerCrashed:  # once more on a fresh server: what was recorded is not recorded twice
        await restart()
        await sweep.resolve(guard)
    return sweep.counts


async def _after_crash(
    sweep: References, key: str, guard: Guard, restart: Callable[[], Awaitable[None]]
) -> bool:
    """Whether the references of ``key`` were recorded by definition on the fresh server (when
    that crashes it too, the server is restarted once more and they were not)."""
    try:
        return await sweep.after_crash(key, guard)
    except ServerCrashed:
        await restart()
        return False
