"""References by definition: each identifier asks what it names, instead of each symbol asking
where it is named.

A ``textDocument/references`` request reads every file for the name and checks each place it is
spelled, so its cost grows with how common the name is (measured with TypeScript 7 on the
benchmark tree: 3 ms, plus ~6 us per spelling, one at a time); a ``textDocument/definition``
request at one identifier is cheap and pipelines well (~0.1 ms, 256 in flight). For an adapter
with ``references_cost`` the references pass splits the work by name (``plan``): a name is
resolved by definition when asking its identifiers costs less than asking its symbols; any other
name, and every symbol a server may find under other text (``sweep.always_asked``:
constructors), keeps its references requests.

The sites of a name resolved by definition are the identifiers tree-sitter saw with that name
(never in a comment or a string), the quoted names that may name a property (``T["name"]``,
``obj["name"]``; the server answers nothing for any other string; a type's key only in a file
that spells the name otherwise, as tsgo's references search: ``_quoted_sites``), and the names
an import of the file binds (``import { a as b }``: ``b`` may name ``a``), the ``default`` of
``{ default as X }`` (a module's default export), less the identifiers that name a binding local
to their function (``Site.binding``: a parameter, a local variable), whose definition is that
binding: about 30% of the requests on the TypeScript benchmark tree, the same rows. The
identifiers of a file that name what its module scope binds (``Site.module``: an import, a
top-level declaration, a global) share one request per name, namespace and role (``_Answers``),
and so do the members of a namespace import (``ns.name``): 55,000 -> 30,000 requests on that
tree, the same rows.

With ty, a name many symbols share is resolved so (Django's `Meta`, 1,035 inner classes, and
`name`, 597 symbols: each references request read every spelling, ~100 ms; Django indexed in
240 s instead of 586 s, the same rows but for a property's override): there, a Python string
annotation's names are sites too (``treesitter.annotations``), the names a class's
``__slots__`` spells are its members' references without a request (``_slots``: ty's
definition answers nothing there, its references list them), a pytest fixture keeps its
references request (ty lists the test parameters of its name), and a site is a reference only
of a symbol of its own name (``ReferencesCost.other_names``). In Python the scopes are
``pyscopes``'s: a function's variables (``plain_locals``: parameters, assignments' targets; not
what it imports or binds with ``def`` or ``class``) are local bindings, and what the module
binds once (or a builtin: ``module_names``) is one answer per file: 76,682 -> 37,349 requests
on the Python benchmark tree.

Each site whose definition lands on a symbol of the session is a reference of that symbol: on
its name, or (a property that holds a function, whose definition is the function, or the
function's own name: ``{ run: function run() {} }``) inside a symbol of the same name
(``_holder``), or at the last name of the target it spans (ty's definition of an attribute
assigned by unpacking: ``self.top`` of ``self.top_left, self.top = ...``). A site whose
definition is itself (a declaration) is not a reference.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import NamedTuple

from lsai.indexer.lsp import passes
from lsai.indexer.lsp.adapters import ReferencesCost
from lsai.indexer.lsp.documents import Range, locations
from lsai.indexer.lsp.outcome import Guard, Report, discard, no_report
from lsai.indexer.lsp.symbols import ASSIGNED_FUNCTION, FUNCTION_KEYWORD, assigned_name
from lsai.indexer.treesitter.jsdoc import LINKED, before_name
from lsai.indexer.treesitter.source import Offsets
from lsai.storage.records import OccurrenceRecord, Span, SymbolRecord

_PURE_TYPES = frozenset(("interface", "type"))  # kinds that name no value
_NAMESPACES = frozenset(("namespace", "module"))
_SIGNATURES = frozenset(("()", "new()"))  # tsgo's names of call and construct signatures
_QUALIFIES = re.compile(r"\s*\??\.\s*((?:[^\W\d]|\$)[\w$]*)")  # ``.name`` after a qualifier
_ASSIGNED = re.compile(r"\s*=(?![=>])")  # ``= value`` after an assignment's target
_IN_FUNCTION = re.compile(r"\((?:\+\d+)?\)\.$")  # a function's key (``C#run().``, ``f(+1).``)
WINDOW = 256  # definition requests in flight (as ``incremental``: 16 -> 256 saves a third)
_DEFAULT_AS = re.compile(r"(?:^|[{,])\s*(default)\s+as\s+[^\W\d]")
"""``default`` in ``export { default as X } from ...`` or ``import { default as X }``: the
server counts the keyword among the references of the module's default export (a barrel file
re-exporting each module's default: one site per symbol)."""
_TYPEOF = re.compile(r"[\w$]+\??\s*:\s*typeof\s+([\w$.]+)")
"""A member declared with the type of another symbol (``nothing: typeof MaybeImpl.nothing``)."""
_SPELLED = re.compile(r"[\w$]+")
_TRAILING_NAME = re.compile(r"[\w$]+$")
_ACCESSED = re.compile(r"(?:[\w$)\]>!]|\?\.)$")  # what an element access's ``[`` may follow
_OPENS = re.compile(
    r"(?<![\w$.])(?:return|typeof|keyof|in|of|case|yield|await|void|delete|throw|new|else|do"
    r"|extends|instanceof)$"
)
"""A keyword an expression (an array literal) or a type (a tuple) follows."""
_QUOTED = re.compile(r"""\[\s*(["'`])([^\W\d][\w$]*|\$[\w$]*)\1""")


Position = tuple[int, int]
"""A 1-based line and column (code points), as tree-sitter's occurrences."""


class Site(NamedTuple):
    """One identifier of a file, as tree-sitter saw it (a tuple: ~300,000 of them are made for
    the TypeScript benchmark), with the function-local binding it names when it names one, or
    the namespace in which it names the module scope's binding of its name (``scopes``)."""

    span: Span
    name: str
    role: str
    binding: Position | None = None
    module: str | None = None
    root: Position | None = None
    """Where the file's import binds the name this member's chain starts with (``scopes``)."""


Sites = dict[str, list[Site]]
"""The identifiers of each file of the session (``sites_of``)."""


def sites_of(
    path_occurrences: Iterable[tuple[str, Iterable[OccurrenceRecord]]],
    local: Mapping[Position, Position] | None = None,
    module: Mapping[Position, str] | None = None,
    roots: Mapping[Position, Position] | None = None,
) -> Sites:
    """Every identifier tree-sitter saw, per file, except definitions' own names; ``local``:
    the function-local binding each position names, ``module``: the namespace in which it names
    the module scope's binding, ``roots``: the import a member's chain starts with (one file's
    ``scopes.scopes``)."""
    local, module, roots = local or {}, module or {}, roots or {}
    out: Sites = {}
    for path, found in path_occurrences:
        out[path] = [
            Site(
                o.span,
                o.name,
                o.role,
                local.get(at),
                None if o.role == "import" else module.get(at),
                roots.get(at),
            )
            for o in found
            if o.role != "definition"
            for at in [(o.span.start_line, o.span.start_col)]
        ]
    return out


def bindings(found: Iterable[Site]) -> dict[Position, Position]:
    """Each site of one file that names a binding local to the file (``Site.binding``) ->
    that binding."""
    return {(s.span.start_line, s.span.start_col): s.binding for s in found if s.binding}


def plan(
    asked: Iterable[SymbolRecord],
    sites: Sites,
    cost: ReferencesCost,
    spelled: Mapping[str, int] | None = None,
) -> frozenset[str]:
    """The names cheaper to resolve by definition (``cost``): those whose sites would ask fewer
    definitions than their symbols among ``asked`` (the symbols the references pass would ask)
    cost in references requests, which grows with how often the name is ``spelled`` in the
    session's files (``spellings``; by default, its identifiers)."""
    per_name = Counter(s.name for s in asked)
    requests = _requests(sites)
    if spelled is None:
        spelled = Counter(site.name for found in sites.values() for site in found)
    return frozenset(
        name
        for name, count in per_name.items()
        if cost.by_definition(requests[name], count, spelled.get(name, 0))
    )


def _requests(sites: Sites) -> Counter[str]:
    """About how many definition requests the sites of each name ask (``_asked_sites`` without
    the bindings the server lists): none for a name bound in its function, unless called; one
    per file, namespace and role for the sites that name the module scope's binding."""
    out: Counter[str] = Counter()
    for found in sites.values():
        shared: set[tuple[str, str, str]] = set()
        for site in found:
            if site.binding is not None and site.role != "call":
                continue
            if site.module is not None:
                key = (site.name, site.module, site.role)
                if key in shared:
                    continue
                shared.add(key)
            out[site.name] += 1
    return out


def spellings(texts: Iterable[str]) -> Counter[str]:
    """How often each word is spelled in ``texts``, comments and strings included: where a
    references request looks."""
    out: Counter[str] = Counter()
    for text in texts:
        out.update(_SPELLED.findall(text))
    return out


def _asked_sites(
    documents_lines: Sequence[str],
    found: list[Site],
    names: frozenset[str],
    symbol_names: set[str],
    listed: Callable[[Position], bool] = lambda binding: False,
    declared: frozenset[str] | None = None,
) -> list[Site]:
    """The sites of one file worth a definition request (module doc): not a name bound in its
    function, whose definition is that binding, unless the server lists the binding
    (``listed``) or the name is called (a function may be assigned to it later: ``var make;
    make = function () {}``)."""
    imported = {s.name for s in found if s.role == "import" and s.name not in symbol_names}
    asked = [
        s
        for s in found
        if (s.name in names or s.name in imported)
        and (s.binding is None or s.role == "call" or listed(s.binding))
    ]
    known = {(s.span.start_line, s.span.start_col) for s in asked}
    more: list[Site] = []
    for number, line in enumerate(documents_lines, 1):
        if "default" in line:
            for match in _DEFAULT_AS.finditer(line):
                col = match.start(1) + 1
                if (number, col) not in known:
                    known.add((number, col))
                    span = Span(number, col, number, col + len("default"))
                    more.append(Site(span, "default", "reference"))
    more.extend(_quoted_sites(documents_lines, found, names, known, declared))
    return asked + sorted(more, key=lambda s: (s.span.start_line, s.span.start_col))


def _quoted_sites(
    documents_lines: Sequence[str],
    found: list[Site],
    names: frozenset[str],
    known: set[Position],
    declared: frozenset[str] | None,
) -> Iterator[Site]:
    """The quoted names of one file that may name a property (``T["name"]``, ``obj["name"]``),
    not those of an indexed access type in a file that spells the name nowhere else: tsgo's
    references search reads only the files whose identifiers hold the name (an element
    access's quoted key is one, TypeScript's parser records it), though its definition at the
    key is the member in any file (router-core's ``TRouter['options']['trailingSlash']``).
    ``declared``: the names the file declares (``None``: every key is asked, as for ty)."""
    quoted: list[tuple[Site, bool]] = []
    roles: dict[Position, str] | None = None
    for number, line in enumerate(documents_lines, 1):
        if "'" not in line and '"' not in line and "`" not in line:
            continue
        for match in _QUOTED.finditer(line):
            name, col = match.group(2), match.start(2) + 1
            if name in names and (number, col) not in known and _accessed(line, match.start()):
                known.add((number, col))
                if roles is None:
                    roles = {(s.span.start_line, s.span.start_col): s.role for s in found}
                span = Span(number, col, number, col + len(name))
                typed = _indexes_a_type(line, match.start(), number, roles)
                quoted.append((Site(span, name, "reference"), typed))
    if declared is None:
        yield from (site for site, _ in quoted)
        return
    spelled = {s.name for s in found} | declared | {s.name for s, typed in quoted if not typed}
    yield from (site for site, typed in quoted if not typed or site.name in spelled)


def _accessed(line: str, at: int) -> bool:
    """Whether the ``[`` at index ``at`` of ``line`` indexes what comes before it (``obj["a"]``,
    ``f()["a"]``, ``T["a"]``, ``o?.["a"]``), not an array literal's (``parse(["a", "b"])``,
    ``return ["a"]``) or a tuple type's opening, whose strings name nothing (tsgo answers
    nothing there)."""
    before = line[:at].rstrip()
    return _ACCESSED.search(before) is not None and _OPENS.search(before) is None


def _indexes_a_type(line: str, at: int, number: int, roles: Mapping[Position, str]) -> bool:
    """Whether the ``[`` at index ``at`` of ``line`` indexes a type: what it follows, past a
    chain of indexes (``X['a']['b']``), is a type argument list's ``>`` or a name tree-sitter
    reads as a type (``Core``, ``TRouter``), not a value (``obj``, ``f()``, ``this``)."""
    before = line[:at].rstrip()
    while before.endswith("]"):
        opening = before.rfind("[")
        if opening < 0:
            return False
        before = before[:opening].rstrip()
    if before.endswith(">"):
        return True
    name = _TRAILING_NAME.search(before)
    return name is not None and roles.get((number, name.start() + 1)) == "type"


async def references(
    context: passes.Context,
    guard: Guard,
    sites: Sites,
    names: frozenset[str],
    report: Report = no_report,
    *,
    same_name: bool = False,
) -> int:
    """Resolve the sites of ``names`` in every file by definition and record each one that
    lands on a symbol as its reference (``same_name``: only on a symbol of the site's name, as
    ty's references list no ``cls()`` among ``__init__``'s, no ``b`` of ``import a as b`` among
    ``a``'s); the definition requests sent.

    The imports are asked first: a member of a chain that starts with an import whose
    definition is only itself (a module the server cannot resolve: a package not installed) has
    no type, so no definition, and is not asked (``Site.root``). ``WINDOW`` workers share one
    queue of every file's sites, so that no file waits for the slowest answer of the one
    before. The order answers arrive in does not matter: each names its own site, and a site is
    recorded once per symbol."""
    symbol_names = {s.name for found in context.symbols.values() for s in found.symbols}
    keyed = _module_keyed(context)
    documents = context.documents
    imports = _positions(sites, "import")
    typed = _positions(sites, "type")
    todo = [
        (path, document, site)
        for path, found in sites.items()
        if path in context.symbols
        for document in [{"uri": documents.uri(path)}]
        for site in _asked_sites(
            documents.lines(path),
            found,
            names,
            symbol_names,
            _listed(context, path, found),
            None if path.endswith(_PYTHON) else _declared(context, path),
        )
        if (path, site.span) not in keyed
    ]
    done = 0
    ask = _Answers(context)
    unresolved: set[tuple[str, Position]] = set()  # imports whose definition is only themselves
    noting = _noting_unresolved(context, ask, unresolved)

    async def worker(queue: Iterator[tuple[str, dict[str, str], Site]]) -> None:
        nonlocal done
        for path, document, site in queue:
            span = site.span
            value = (span.start_line, span.start_col) not in typed.get(path, ())
            shared = (path, site.name, site.module, site.role) if site.module else None
            first = noting if site.role == "import" else ask
            asked = _module_binding_called(
                context,
                path,
                site,
                _definition(
                    context, first, path, document, span, imports, value, shared, site.binding
                ),
            )
            found = await guard.run(path, asked)
            for symbol in found or ():
                if not same_name or symbol.name == site.name:
                    passes.record_reference(context, path, span, symbol)
            done += 1
            if done % 1024 == 0:
                report("definitions", done, len(todo))

    async def resolve_all(sites: list[tuple[str, dict[str, str], Site]]) -> None:
        queue = iter(sites)
        try:
            async with asyncio.TaskGroup() as group:  # a crash cancels the other workers
                for _ in range(min(WINDOW, len(sites))):
                    group.create_task(worker(queue))
        except BaseExceptionGroup as failed:  # the first failure, as a sequential pass raises it
            raise failed.exceptions[0] from None

    try:
        await resolve_all([item for item in todo if item[2].role == "import"])
        rest = [item for item in todo if item[2].role != "import"]
        typed_rest = [item for item in rest if (item[0], item[2].root) not in unresolved]
        done += len(rest) - len(typed_rest)
        await resolve_all(typed_rest)
    finally:
        ask.cancel()
    for path in sites:
        if path.endswith(_PYTHON) and path in context.symbols:
            for span, symbol in _slots(context, path, names):
                passes.record_reference(context, path, span, symbol)
    report("definitions", len(todo), len(todo))
    return ask.sent


def _module_keyed(context: passes.Context) -> set[tuple[str, Span]]:
    """The sites the references of a module's property listed (a CommonJS export object's key,
    ``module.exports = { mkdirsSync: makeDirSync }``: ``sweep._unreached``), which are never
    asked by definition: tsgo's definition of a requirer's ``mkdir.mkdirsSync()`` goes on to
    the function the key's value names, whose references list none of them. They were asked
    where another symbol of the name was resolved by definition (fs-extra's ``const mkdirsSync
    = require('../mkdirs').mkdirsSync``), and keyed to the function too."""
    return {
        site
        for found in context.symbols.values()
        for symbol in found.symbols
        if symbol.container_key is None and symbol.kind == "property"
        for site in context.recorded.get(symbol.key, ())
    }


_PYTHON = (".py", ".pyi")
_SLOTS = re.compile(r"^[ \t]+__slots__[ \t]*(?::[^=\n]*)?=[ \t]*", re.MULTILINE)
_SLOT = re.compile(r"""(["'])([^\W\d]\w*)\1""")
_CLOSING = {"(": ")", "[": "]"}


def _slots(
    context: passes.Context, path: str, names: frozenset[str]
) -> Iterator[tuple[Span, SymbolRecord]]:
    """The names of ``names`` a class's ``__slots__`` of the Python file ``path`` spells
    (``__slots__ = ("headers", "reason")``, or a list), each with the member of the class it
    names: ty's references of a member list them (not a lone string's), its definition there
    answers nothing (h11 ``_ResponseBase.headers``)."""
    lines = context.documents.lines(path)
    text = "\n".join(lines)
    if "__slots__" not in text:
        return
    offsets = Offsets(text)
    for found in _SLOTS.finditer(text):
        number, col = offsets.position(found.group().index("__slots__") + found.start())
        at = Span(number, col, number, 0)
        holder = context.index.named_at(path, at)
        if holder is None or holder.container_key is None:
            continue
        value = found.end()
        opening = text[value : value + 1]
        end = text.find(_CLOSING[opening], value) if opening in _CLOSING else -1
        if end < 0:
            continue  # ``__slots__ = "name"``: not among ty's references
        for entry in _SLOT.finditer(text, value, end):
            name = entry.group(2)
            member = context.index.member(holder.container_key, name) if name in names else None
            if member is not None:
                number, col = offsets.position(entry.start(2))
                yield Span(number, col, number, col + len(name)), member


Ask = Callable[[str, dict[str, str], Span, object | None], Awaitable[list[tuple[str, Range]]]]
"""A definition request at a site of a file (``_Answers``): the locations answered."""


def _noting_unresolved(
    context: passes.Context, ask: Ask, unresolved: set[tuple[str, Position]]
) -> Ask:
    """``ask`` at an import site (or the import it leads to), noting the import when its
    definition is only itself: the server found no module there (tsgo answers a resolved
    import with the module, or with the declaration it imports)."""

    async def asked(
        path: str, document: dict[str, str], span: Span, shared: object | None
    ) -> list[tuple[str, Range]]:
        found = await ask(path, document, span, shared)
        at = (span.start_line, span.start_col)
        if all(_starts(context, uri, range_) == (path, at) for uri, range_ in found):
            unresolved.add((path, at))
        return found

    return asked


def _starts(context: passes.Context, uri: str, range_: Range) -> tuple[str | None, Position]:
    """Where an answered location starts: its file (None: outside the workspace) and position."""
    path = context.documents.path_of(uri)
    if path is None:
        return None, (0, 0)
    span = context.documents.span(path, range_)
    return path, (span.start_line, span.start_col)


def _declared(context: passes.Context, path: str) -> frozenset[str]:
    """The names of the symbols ``path`` declares."""
    return frozenset(s.name for s in context.symbols[path].symbols)


def _positions(sites: Sites, role: str) -> dict[str, set[Position]]:
    """Where each file's sites of ``role`` start."""
    return {
        path: {(s.span.start_line, s.span.start_col) for s in found if s.role == role}
        for path, found in sites.items()
    }


def _listed(
    context: passes.Context, path: str, found: Sequence[Site]
) -> Callable[[Position], bool]:
    """Whether the server lists a symbol whose name is at a position of ``path``, or a function
    assigned later to the binding there is one (``var make; ... make = function () {}``: the
    binding's declaration and its reads are that function's sites, as tsgo's references of
    it say; bluebird's call_get.js ``var getMethodCaller;``)."""
    index = context.index
    names: dict[Position, str] = {}  # made at the first binding the server does not list

    def listed(at: Position) -> bool:
        span = Span(*at, *at)
        if index.named_at(path, span) is not None:
            return True
        if not names:
            names.update(((s.span.start_line, s.span.start_col), s.name) for s in found)
        name = names.get(at)
        return name is not None and _assigned_later(context, path, span, name) is not None

    return listed


class _Answers:
    """The definition requests of one pass. A site that names the module scope's binding of its
    name (``Site.module``) shares the answer of the first such site of its file, name,
    namespace and role (a call's answer adds the signature it calls); an import followed
    onward is asked once."""

    def __init__(self, context: passes.Context) -> None:
        self.context = context
        self.sent = 0
        self._shared: dict[object, asyncio.Future[list[tuple[str, Range]]]] = {}

    def __call__(
        self, path: str, document: dict[str, str], span: Span, shared: object | None = None
    ) -> Awaitable[list[tuple[str, Range]]]:
        if shared is None:
            self.sent += 1
            return ask_definition(self.context, path, document, span)
        answer = self._shared.get(shared)
        if answer is None:
            self.sent += 1
            answer = asyncio.ensure_future(ask_definition(self.context, path, document, span))
            self._shared[shared] = answer
        return answer

    def cancel(self) -> None:
        """Stop the shared requests nobody awaits any more (the pass failed)."""
        for answer in self._shared.values():
            discard(answer)  # a failure is reported once, by its sites


async def _definition(
    context: passes.Context,
    ask: Ask,
    path: str,
    document: dict[str, str],
    span: Span,
    imports: Mapping[str, set[tuple[int, int]]],
    value: bool = False,
    shared: object | None = None,
    binding: Position | None = None,
) -> list[SymbolRecord]:
    """The symbols the definition at ``span`` of ``path`` (``document``: its
    ``TextDocumentIdentifier`` as JSON) names (``_named``); ``shared``: the key of the sites
    with one answer (``_Answers``); ``binding``: the function-local binding the site names.

    Where the answer holds that binding, the site names it alone: the definition of ``run()``
    after ``const { run } = lib`` (or ``const f = flag ? a : b``) adds what the binding was
    made from, but the server's references of ``lib.run`` end at the binding.

    The params are written as JSON: the request is sent raw (``wire.RAW_RESULTS``), and there
    are tens of thousands of them.

    A definition that stops at an import naming no symbol is followed once more from there: the
    definition of a shorthand property (``export default { conformsTo }``) is the binding of
    the import, where any other use of the name leads through it to what it imports. One that
    stops at a name leading to an import of its file is followed through both: a CommonJS
    barrel's ``module.exports = { Ctl }`` of ``const { Ctl } = require('./ctl')`` (fastify's
    ``extends LogController``, whose definition ends there); not from a property access
    (``array.chunk`` of ``export default { chunk }`` names the object's property, which tsgo's
    references of the function leave out)."""
    found = await ask(path, document, span, shared)
    if binding is not None:
        mine = [at for at in found if _starts(context, *at) == (path, binding)]
        found = mine or await _binding_itself(context, ask, path, document, binding) or found
    named = _named(context, path, span, found, value)
    if value and (span.start_line, span.start_col) not in imports.get(path, ()):
        named = _value_or_namespace(context, path, span, named)  # an import brings in both
    if named:
        return [*named, *await _imports_besides(context, ask, path, span, found, imports, named)]
    for uri, range_ in found:
        target = context.documents.path_of(uri)
        if target is None or context.documents.is_module(target, range_):
            continue
        at: Span | None = context.documents.span(target, range_)
        if at is None or (target, at) == (path, span):
            continue
        hop = {"uri": context.documents.uri(target)}
        if (at.start_line, at.start_col) not in imports.get(target, ()):
            if _member(context.documents.lines(path), span):
                continue  # ``array.chunk`` of ``export default { chunk }``: the property's
            at = await _import_behind(context, ask, target, hop, at, imports.get(target, set()))
        if at is not None:
            return await _through_import(context, ask, target, hop, at)
    return []


async def _imports_besides(
    context: passes.Context,
    ask: Ask,
    path: str,
    span: Span,
    found: list[tuple[str, Range]],
    imports: Mapping[str, set[tuple[int, int]]],
    named: list[SymbolRecord],
) -> list[SymbolRecord]:
    """What an import of ``path`` the definition at ``span`` lists besides the symbols it
    ``named`` brings in: a shorthand property of an object a parameter's type types (trpc's
    ``fetchHTTPResponse({ getUrl, getBody })`` after ``import { getBody } from
    './internals/httpUtils'``), whose definition is the type's member and the import's
    binding; tsgo's references there are both symbols'."""
    out: list[SymbolRecord] = []
    for uri, range_ in found:
        if context.documents.path_of(uri) != path:
            continue
        at = context.documents.span(path, range_)
        if at != span and (at.start_line, at.start_col) in imports.get(path, ()):
            hop = {"uri": uri}
            out += [s for s in await _through_import(context, ask, path, hop, at) if s not in named]
    return out


async def _module_binding_called(
    context: passes.Context, path: str, site: Site, named: Awaitable[list[SymbolRecord]]
) -> list[SymbolRecord]:
    """The symbols ``site`` is a use of (``named``: its definition's); at a JavaScript or
    TypeScript call of the module scope's binding of its name, the binding, where the
    definition names only a function of another name or of another file.

    TypeScript's definition at a call leads to the signature called alone when that function
    is assigned (``module.exports = function (method, url) {}``, ``exports.f = function``),
    past the binding called (superagent's ``exports = module.exports; const request =
    exports`` then ``request('GET', url)``; sinon's ``const delegateToCalls =
    proxyCallUtil.delegateToCalls`` of ``exports.delegateToCalls = function
    delegateToCalls``, of the same name), whose references list the call all the same. A
    member call is no call of the binding (effect's ``export const withFallbackConfig =
    dual(2, (self, config) => Param.withFallbackConfig(self, config))``: Param's function).
    The rule is TypeScript's: a Python call keeps what ty's definition names.

    The file's own function of the name is kept (overloads, merged declarations), unless it is
    the named function expression the binding is declared with (stylus's ``var BinOp =
    module.exports = function BinOp(op) {...}``, then ``new BinOp(op)`` in a method): outside
    the expression its name is bound to nothing, and tsgo's references at the call are the
    binding's, those of the function's name itself alone. Such a name is asked at each site
    (``scopes``: no ``module`` namespace), the binding a site names when it names no local."""
    found = await named
    if site.role != "call" or not found or path.endswith(_PYTHON):
        return found
    if _member(context.documents.lines(path), site.span):
        return found  # ``Param.f(...)`` in the initializer of ``const f``: Param.ts's f
    mine = [s for s in found if s.name == site.name and context.index.in_file(path, s)]
    if mine:  # the file's own function (overloads, merged declarations)
        own = context.index.module_binding(path, site.name) if site.binding is None else None
        expression = own is not None and any(_named_within(own, s, site.span) for s in mine)
        return [own] if own is not None and expression else found
    if site.module is None:
        return found
    own = context.index.module_binding(path, site.name)
    return [own] if own is not None else found


def _named_within(binding: SymbolRecord, function: SymbolRecord, site: Span) -> bool:
    """Whether ``function`` is another symbol declared in ``binding``'s declaration (the named
    function expression of ``var F = module.exports = function F``) and ``site`` is outside it,
    where its name is bound to nothing."""
    return (
        function is not binding
        and binding.span.holds(function.span)
        and not function.span.holds(site)
    )


async def _binding_itself(
    context: passes.Context, ask: Ask, path: str, document: dict[str, str], binding: Position
) -> list[tuple[str, Range]]:
    """The definition at the function-local ``binding`` a site names, when it is the binding
    itself: a definition at the site that leads past the binding to what it was made from
    (tsgo's at ``invert(y)`` after d3-scale time.js's ``var invert = scale.invert``: the
    function the property held) names the binding all the same, as the server's references
    there say (the binding and its uses). A binding whose own definition leads on (an alias
    of an import) leaves the site's answer as it is (asked once per binding)."""
    at = Span(*binding, *binding)
    own = await ask(path, document, at, ("binding", path, binding))
    if own and all(_starts(context, *place) == (path, binding) for place in own):
        return own
    return []


async def _through_import(
    context: passes.Context, ask: Ask, path: str, document: dict[str, str], span: Span
) -> list[SymbolRecord]:
    """The symbols the import at ``span`` of ``path`` names: where its definition leads, or,
    when that is no symbol but the exporting module's name for it (``module.exports = { Ctl
    }``, ``exports.Ctl = Ctl``), where that name's definition leads (each asked once)."""
    onward = await ask(path, document, span, ("import", path, span))
    named = _named(context, path, span, onward)
    for uri, range_ in onward if not named else ():
        target = context.documents.path_of(uri)
        if target is not None and target != path and range_.start != range_.end:
            at = context.documents.span(target, range_)
            hop = {"uri": uri}
            named = _named(context, target, at, await ask(target, hop, at, ("export", target, at)))
            if named:
                break
    return named


async def _import_behind(
    context: passes.Context,
    ask: Ask,
    path: str,
    document: dict[str, str],
    span: Span,
    imports: set[tuple[int, int]],
) -> Span | None:
    """The import of ``path`` the definition of the name at ``span`` (no symbol, no import)
    leads to, if it leads to one (asked once per name)."""
    for uri, range_ in await ask(path, document, span, ("behind", path, span)):
        if context.documents.path_of(uri) == path:
            at = context.documents.span(path, range_)
            if (at.start_line, at.start_col) in imports and at != span:
                return at
    return None


async def ask_definition(
    context: passes.Context,
    path: str,
    document: dict[str, str],
    span: Span,
    method: str | None = None,
) -> list[tuple[str, Range]]:
    """Where the server says the name at ``span`` of ``path`` is defined (``document``: the
    file's ``TextDocumentIdentifier`` as JSON), asked with ``method`` (by default the
    adapter's ``naming``)."""
    character = context.documents.character(path, span.start_line, span.start_col)
    position = {"line": span.start_line - 1, "character": character}
    params = {"textDocument": document, "position": position}
    return locations(await context.client.request(method or context.naming, params))


def _named(
    context: passes.Context,
    path: str,
    span: Span,
    found: list[tuple[str, Range]],
    value: bool = False,
) -> list[SymbolRecord]:
    """The symbols of the session a definition answer at ``span`` of ``path`` names: those
    spelled like the site when there are (``new C()`` names ``C`` and a construct signature;
    overloads all), else all. At a ``value`` site (not a type position) of a name declared
    both as a value and as a type (``const a = ...; type a = ...``: the answer lists both),
    the site is the value's: not a reference of the type, even when only the type is a
    symbol (tsgo's references of the type leave it out). At a site that is itself the name of
    a listed symbol (``tick`` in ``const wall: Clock = { tick() {} }``), the member of the same
    name its definition leads to (``Clock.tick``, from the object's declared type) is what it
    implements, not what it uses (``type_walks.related_members`` joins the two). A call signature
    the answer of a call adds (``info.sortingFn(a, b)`` of ``sortingFn: SortingFn``, an
    interface with a call signature) is what the call resolves to, not a use: tsgo's
    references of a signature list no call, and a callee that is no symbol (a member of a type
    literal, a parameter) would otherwise leave the signature alone to name."""
    documents = context.documents
    name = documents.text_at(path, span)
    declared = context.index.named_at(path, span)
    out: list[SymbolRecord] = []
    typed: set[str] = set()  # what the listed members are declared with the type of
    for uri, range_ in found:
        target = documents.path_of(uri)
        if target is None or documents.is_module(target, range_):  # outside, or a module
            continue
        at = documents.span(target, range_)
        if target == path and (at.start_line, at.start_col) == (span.start_line, span.start_col):
            # the site itself: a declaration (a parameter property, a binding), of the function
            # assigned to it later when one is (``var make; ... make = function () {}``)
            held = (
                None
                if _member(documents.lines(path), span)
                else _assigned_later(context, path, at, name)
            )  # not an expando (``createDebug.enable = enable``), the function's property
            if held is not None and held not in out:
                out.append(held)
            continue
        symbol = (
            context.index.named_at(target, at)
            or _unpacked_attribute(context, target, at, name)
            or context.index.default_export(target, at, documents.lines(target))
        )
        if symbol is None:
            symbol = _holder(context, path, span, name, target, at)
        if symbol is not None:  # overloads: their calls are keyed to the first, as tsgo's calls
            symbol = context.index.first_overload(symbol, documents.lines(target))
        if (
            declared is not None
            and symbol is not None
            and symbol.name == declared.name
            and symbol.key != declared.key
            and declared.container_key is not None  # members; ``export { f }`` is a use of f
            and symbol.container_key is not None
            and not _IN_FUNCTION.search(declared.container_key)
            and _holds_its_object(context, path, declared)
        ):
            continue  # a declaration implementing its declared type's member; not a function
            # a method assigns (``this._exit = (err) => {}``, in tsgo's outline a function of
            # the method): one more assignment of the instance property
        if symbol is not None and symbol not in out and symbol.name not in _SIGNATURES:
            out.append(symbol)
            line = documents.lines(target)[at.start_line - 1]
            if of := _TYPEOF.match(line, at.start_col - 1):
                typed.add(of.group(1))
    out = [s for s in out if not _typed_with(s, typed)] or out
    out = _keys_over_bindings(out)
    if value and len(found) > 1 and not _linked(documents.lines(path), span):
        out = [s for s in out if s.kind not in _PURE_TYPES]
    spelled = [s for s in out if s.name == name]
    return spelled or out


def _linked(lines: Sequence[str], span: Span) -> bool:
    """Whether ``span`` is a JSDoc link's target (``{@link TimeoutError}``), which means every
    declaration of the name: rxjs's ``interface TimeoutError`` and ``const TimeoutError``,
    whose references in tsgo list the links each (the interface's: 7 "missing")."""
    return LINKED.search(before_name(lines, span.start_line, span.start_col)) is not None


def _keys_over_bindings(named: list[SymbolRecord]) -> list[SymbolRecord]:
    """``named`` less the binding a returned shorthand key of the same function holds: tsgo's
    definition of ``counter.increment()`` (``return { increment }``) lists the key and the
    function; its references of the key list the call, those of the function do not."""
    keys = {
        (s.container_key, s.name)
        for s in named
        if s.kind == "property" and s.container_key and _IN_FUNCTION.search(s.container_key)
    }
    if not keys:
        return named
    return [s for s in named if s.kind == "property" or (s.container_key, s.name) not in keys]


def _typed_with(symbol: SymbolRecord, typed: set[str]) -> bool:
    """Whether another symbol a definition answer lists is declared with ``symbol``'s type
    (``typed``: ``_TYPEOF``): tsgo's definition at ``Maybe.nothing()`` of ``interface
    MaybeConstructor { nothing: typeof MaybeImpl.nothing }`` lists the member and the method
    it is typed with, but the site is in the references of the member alone."""
    return any(t == symbol.qualified_name or t.endswith("." + symbol.qualified_name) for t in typed)


def _holds_its_object(context: passes.Context, path: str, declared: SymbolRecord) -> bool:
    """Whether the object literal ``declared`` is a member of is what its container (in the
    server's outline) holds itself (``const wall: Clock = { tick() {} }``, a nested object's
    ``output: { ... }``), whose members implement its declared type's; not an object passed to
    a call in the container's value (``const n = retry({ retries: 3 })``, which tsgo's outline
    lists as ``n.retries``), whose keys are uses of the members of the parameter's type, as
    tsgo's references list them: a parenthesis left open between the container's name and the
    member's says so."""
    container = context.index.symbol(declared.container_key or "")
    if container is None or container.name_span.start_line > declared.name_span.start_line:
        return True
    lines = context.documents.lines(path)
    first, last = container.name_span, declared.name_span
    if first.start_line == last.start_line:
        between = lines[first.start_line - 1][first.end_col - 1 : last.start_col - 1]
    else:
        between = "\n".join(
            [
                lines[first.start_line - 1][first.end_col - 1 :],
                *lines[first.start_line : last.start_line - 1],
                lines[last.start_line - 1][: last.start_col - 1],
            ]
        )
    return between.count("(") <= between.count(")")


def _unpacked_attribute(
    context: passes.Context, path: str, at: Span, name: str
) -> SymbolRecord | None:
    """The attribute a definition answer spanning ``self.top`` leads to: ty's of an attribute
    assigned by unpacking (``self.top_left, self.top = iter(line)``, rich's ``Box``) spans the
    whole target, receiver included; the attribute's symbol is named at its last name."""
    if not context.documents.text_at(path, at).endswith("." + name):
        return None
    return context.index.named_at(path, replace(at, start_col=at.end_col - len(name)))


def _value_or_namespace(
    context: passes.Context, path: str, span: Span, out: list[SymbolRecord]
) -> list[SymbolRecord]:
    """Of a namespace merged with a value (``export declare namespace Files`` next to ``class
    Files``, as Stainless's SDKs declare every resource), the one a value site means: the
    namespace where the site qualifies a name only the namespace declares (``Files.Params``)
    and is not assigned (``Files.Content = Content``, a value's property), else the value
    (``new Files()``, ``Files.create()``), as tsgo's references of each say."""
    spaces = [s for s in out if s.kind in _NAMESPACES]
    values = [s for s in out if s.kind not in _NAMESPACES]
    if not spaces or not values:
        return out
    line = context.documents.lines(path)[span.start_line - 1]
    found = _QUALIFIES.match(line, span.end_col - 1)
    if found is None or _ASSIGNED.match(line, found.end()):
        return values
    if not any(context.index.declares(v, found[1]) for v in values):
        return spaces
    return values


def _holder(
    context: passes.Context, path: str, span: Span, name: str, target: str, at: Span
) -> SymbolRecord | None:
    """The symbol named ``name`` that holds the function a definition answer lands on (``at``
    of ``target``), for the site ``span`` of ``path``: ``create = () => ...`` (the definition
    is the function), ``{ run: function run() {} }`` and ``o.run = function run() {}`` (the
    definition is the function's own name). The function's name is also a name of its own,
    bound inside it: a recursive call ``run()`` there is not a use of the property (the
    server's references of the property leave it out), ``this.run()`` or ``o.run()`` is.
    Any other definition spelled like the site is a local variable: no symbol, unless a
    function assigned to it later in its scope is one (``var make; make = function () {}``)
    and the site is in that scope. Outside it, the site names the local as a parameter:
    Python's keyword argument (``add_toc_hook(md, heading_id=custom)``, mistune's, of a
    parameter ``heading_id`` its function binds again: ``def heading_id(...)`` under ``if
    heading_id is None``) is no use of that ``def`` (ty's references of it leave it out)."""
    documents = context.documents
    own_name = documents.text_at(target, at) == name
    if own_name and not _function_name(documents.lines(target), at):
        scope = context.index.enclosing(target, at.start_line, at.start_col)
        if scope is not None and (target != path or not _within(scope.span, span)):
            return None
        return _assigned_later(context, target, at, name)
    symbol = context.index.enclosing(target, at.start_line, at.start_col)
    if symbol is None or symbol.name != name:
        return _assigned_to(context, path, span, target, at) if own_name else None
    if (
        own_name
        and path == target
        and _within(symbol.span, span)
        and not _member(documents.lines(path), span)
    ):
        return None
    return symbol


def _assigned_to(
    context: passes.Context, path: str, span: Span, target: str, at: Span
) -> SymbolRecord | None:
    """The property a named function expression is assigned to on its line, when the
    definition ``at`` of a member site ``span`` is the function's own name: a constructor
    function's static (mysql ``ConnectionConfig.getCharsetNumber = function
    getCharsetNumber(charset)``, called as ``ConnectionConfig.getCharsetNumber(...)``), whose
    outline range tsgo ends at the property, so that no symbol encloses the function. A site
    that is no member access is the function's own name, bound inside it alone (a recursive
    call): no use of the property, as tsgo's references of the property say."""
    documents = context.documents
    if not _member(documents.lines(path), span):
        return None
    assigned = assigned_name(
        documents, target, at, documents.text_at(target, at), ASSIGNED_FUNCTION
    )
    return context.index.named_at(target, assigned) if assigned is not None else None


_DECLARES = re.compile(
    r"(?:\b(?:const|let|var|function|class|type|interface|enum|namespace|module)|[*.])\s*$"
)
"""What precedes a declared name (``const f``, ``function* f``, ``type f``: zod's tests declare
``type a = z.output<typeof a>`` after each test's ``const a``) or a property's (``o.f``)."""


def _assigned_later(context: passes.Context, path: str, at: Span, name: str) -> SymbolRecord | None:
    """The function assigned later to the binding declared at ``at`` (``var make; ... make =
    function () {}``: ``index.assigned_later`` whose name is assigned, not declared): a
    namesake declared in a later callback of the scope (``const queryFn = ...`` in each test
    of query-core's query.test.tsx) is another binding."""
    held = context.index.assigned_later(path, at, name)
    if held is None:
        return None
    lines = context.documents.lines(path)
    number, col = held.name_span.start_line, held.name_span.start_col
    line = lines[number - 1] if 0 < number <= len(lines) else ""
    if _DECLARES.search(line[: col - 1]) or not _ASSIGNED.match(line, col - 1 + len(name)):
        return None
    return held


_FUNCTION_NAME = re.compile(rf"(?<![\w$]){FUNCTION_KEYWORD}$")


def _function_name(lines: Sequence[str], at: Span) -> bool:
    """Whether ``at`` is the name of a function expression (``function run(``)."""
    return 0 < at.start_line <= len(lines) and bool(
        _FUNCTION_NAME.search(lines[at.start_line - 1][: at.start_col - 1])
    )


def _within(outer: Span, inner: Span) -> bool:
    start, end = (outer.start_line, outer.start_col), (outer.end_line, outer.end_col)
    return start <= (inner.start_line, inner.start_col) <= end


_COMMENT = re.compile(r"^\s*(?://|/\*|\*|#)|\s+(?://|#\s).*$")
"""A line that is a comment, or a comment at the end of a line (``// ...``, ``# ...``)."""


def _member(lines: Sequence[str], span: Span) -> bool:
    """Whether the identifier at ``span`` is a property access (``x.run``, ``x?.run``, or
    ``.run`` leading a continued line, or ``run`` after a line ending ``x.``; comments between
    do not count: a recursive ``run()`` after ``// down to zero.`` is no access)."""
    number = span.start_line
    before = lines[number - 1][: span.start_col - 1].rstrip() if 0 < number <= len(lines) else ""
    while not before and number > 1:
        number -= 1
        line = lines[number - 1]
        comment = _COMMENT.search(line)
        before = (line[: comment.start()] if comment else line).rstrip()
    return before.endswith(".")
