"""One file's rows from tree-sitter's and a language server's (``merge``).

The server is authoritative where it answered: its occurrences resolve tree-sitter's at the same
positions (keeping tree-sitter's finer roles: call, import), one symbol a site unless the server
re-asks its whole group on a change (then a site it answered for several symbols holds each);
its outgoing calls resolve tree-sitter's call sites; its symbols are added where tree-sitter saw
none. Tree-sitter keeps what servers lack: signatures, documentation, decorators, the callers of
a ``def``'s header.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace

from lsai.indexer.lsp import chains, rebind, returned_keys
from lsai.indexer.lsp.adapters import ReadsCall
from lsai.indexer.treesitter.details import parameter_names
from lsai.indexer.treesitter.jsdoc import LINKED, before_name, jsdoc_names
from lsai.indexer.treesitter.rules import CALLABLE_KINDS, CALLER_KINDS, TYPE_KINDS
from lsai.storage.keys import (
    CONSTRUCTOR_KEY,
    SUFFIX_BY_KIND,
    class_of_construction,
    declared_name,
    key_prefix,
    template_of,
)
from lsai.storage.keys import names as _names
from lsai.storage.records import (
    CallRecord,
    FileIndex,
    OccurrenceRecord,
    Span,
    SymbolRecord,
    TypeEdgeRecord,
)


def merge(
    ts: FileIndex,
    lsp: FileIndex,
    *,
    shared: bool = False,
    reads_call: ReadsCall | None = None,
    read_everywhere: frozenset[str] = frozenset(),
) -> FileIndex:
    """One file's rows: tree-sitter's, resolved and completed by the server's (a symbol's name
    is its definition where tree-sitter saw a use, unless the server also names another symbol
    there: ``export { double }`` is listed as a symbol and is a use of ``double``).

    A symbol the server made a declaration of another (``declarations``: a C function declared
    in a header, defined in a source file) is not stored: its name is a ``declaration`` of the
    other, and what named it names the other.

    A server "symbol" where tree-sitter sees an import is that import (tsgo lists imports it
    cannot resolve, such as a package that is not installed, as variables): not kept.

    Tree-sitter's keys take the server's numbers where both define a name (``numbered_alike``):
    other files' sites hold the server's.

    With ``reads_call`` (``ServerAdapter.reads_call``), reading a function without calling it
    (``export const f = api.make.bind(api)``, Go's ``apply(target)``) is a call of it, as the
    server's call hierarchy counts it; a member read of one of ``read_everywhere``
    (``held_functions``: a class field holding a function) is a call from any caller."""
    numbered = numbered_alike(ts.symbols, lsp.symbols)
    if numbered:
        ts = rekeyed(ts, numbered)
    symbols = {s.key: s for s in ts.symbols}
    imports = {(o.span.start_line, o.span.start_col) for o in ts.occurrences if o.role == "import"}
    dropped = {
        s.key
        for s in lsp.symbols
        if s.key not in symbols and (s.name_span.start_line, s.name_span.start_col) in imports
    }
    names = {s.key: s.name_span for s in (*lsp.symbols, *ts.symbols)}
    used = _used(lsp.occurrences)
    # the name of a member tree-sitter lacks defines it even where the server also lists it as
    # a use of the member it implements (``self.$_TSR = { buffer: [] }`` of ``TsrSsrGlobal``),
    # unless it is a shorthand property (``{ pid }`` reads the binding ``pid``)
    members = [s for s in lsp.symbols if s.kind in _MEMBERS]
    named = {(s.name_span.start_line, s.name_span.start_col): s.key for s in members}
    shorthands = _shorthands(members, used, ts.lines)
    resolved = _one_key_a_site(lsp.occurrences, dropped, imports, names, shorthands)
    folded = declared_elsewhere(ts.symbols, resolved)
    if folded:
        ts = _fold(ts, folded)
    # a server whose changes re-ask the whole group: the sites it answered for several
    # symbols hold each (a server answered file by file keeps one key a site, as its live
    # updates, which patch a file's sites, do)
    sites, merged = _other_keys(lsp.occurrences, resolved, dropped, shorthands)
    if not shared:
        sites = {}
    defined = {
        at: o
        for at, o in resolved.items()
        if o.role == "definition"
        and (
            at not in used
            or (o.symbol_key not in symbols and named.get(at) == o.symbol_key != shorthands.get(at))
        )
    }
    declared = _declared_calls(ts.calls, lsp.symbols)
    occurrences: list[OccurrenceRecord] = []
    seen: set[tuple[int, int]] = set()
    own = {*symbols, *(s.key for s in lsp.symbols)}
    last = (
        {
            (o.span.start_line, o.span.start_col): o
            for o in lsp.occurrences
            if o.symbol_key and o.symbol_key not in dropped
        }
        if shared
        else {}
    )
    for o in ts.occurrences:
        at = (o.span.start_line, o.span.start_col)
        server = resolved.get(at)
        o = _resolved(o, server, merged.get(at, ()), defined.get(at))
        o, itself = _use_of_others(o, server, sites.get(at, ()))
        occurrences.extend(itself)
        o = _prototype(o, declared.get(at))
        occurrences.append(o)
        if at in sites and o.role not in ("definition", "declaration"):
            occurrences.extend(_also(o, sites[at]))
        occurrences.extend(_all_meanings(o, server, merged.get(at, ()), ts.lines))
        # the server's last answer there, before ``rebind.choose``; of a server whose changes
        # re-ask the whole group (a live update of ty patches a file's own sites alone)
        answer = last.get(at) if shared else None
        if o.role == "definition" and answer is not None and answer.role == "reference":
            occurrences.extend(_declares(o, [answer.symbol_key, *merged.get(at, ())], own))
            occurrences.extend(_specialized(o, [answer.symbol_key, *sites.get(at, ())]))
        seen.add(at)
    for at, o in resolved.items():
        if at not in seen:
            if (made := class_of_construction(o.symbol_key, o.name)) != o.symbol_key:
                o = replace(o, symbol_key=made)
            occurrences.append(o)
            if at in sites and o.role != "definition":
                occurrences.extend(_also(o, sites[at]))
            # `{@link Maybe}`, which tree-sitter does not see
            occurrences.extend(_all_meanings(o, o, merged.get(at, ()), ts.lines))
    # tsgo's: TypeScript and JavaScript, with their JSDoc (read once for the file)
    docs = jsdoc_names("\n".join(ts.lines)) if reads_call == "members" else []
    occurrences.extend(_untied_docs(docs, resolved.keys() | seen))
    dropped.update(declared_elsewhere(lsp.symbols, resolved))
    extra = [s for s in lsp.symbols if s.key not in symbols and s.key not in dropped]
    fields = {s.key for s in (*ts.symbols, *extra) if s.kind == "field"}
    occurrences.extend(_embedded_types(lsp.occurrences, fields, occurrences))
    occurrences.extend(_embedded_library_types(occurrences, fields, ts.lines))
    kept = [c for c in ts.calls if (c.line, c.col) not in declared]
    unseen = [s for s in extra if s.kind in CALLER_KINDS] if reads_call == "members" else []
    calls = _merge_calls(
        kept, lsp.calls, resolved, {s.key: s for s in ts.symbols}, ts.lines, unseen
    )
    calls += _expanded_calls(calls, lsp.occurrences, dropped)
    reads = (
        _reads(occurrences, ts.lines, (*ts.symbols, *extra), reads_call, read_everywhere, docs)
        if reads_call
        else []
    )
    return FileIndex(
        symbols=[*ts.symbols, *extra],
        occurrences=occurrences,
        calls=calls + reads,
        type_edges=_typed(_resolve_bases(ts.type_edges, occurrences, ts.lines), lsp.type_edges),
        diagnostics=lsp.diagnostics,
        lines=ts.lines,
    )


def _declared_calls(
    calls: Iterable[CallRecord], declared: Iterable[SymbolRecord]
) -> dict[tuple[int, int], str]:
    """The call sites of tree-sitter's that are the name of a symbol the server declares there,
    by site, with that symbol's key: a C prototype after an export macro returning a pointer
    (lz4.h's ``LZ4LIB_API LZ4_stream_t* LZ4_createStream(void);``) reads to tree-sitter-c as a
    multiplication by a call, which clangd's outline lists as the function's declaration."""
    named = {(s.name_span.start_line, s.name_span.start_col, s.name): s.key for s in declared}
    return {
        (c.line, c.col): named[(c.line, c.col, c.callee_name)]
        for c in calls
        if (c.line, c.col, c.callee_name) in named
    }


def _prototype(o: OccurrenceRecord, declared: str | None) -> OccurrenceRecord:
    """A call site tree-sitter misread at the name of ``declared`` (``_declared_calls``): that
    symbol's definition, or a declaration of the symbol it was merged into."""
    if o.role != "call" or declared is None:
        return o
    return replace(o, role="definition" if o.symbol_key == declared else "declaration")


_MEMBERS = frozenset(("property", "method", "field"))  # an object literal's, in tsgo's outline
_NUMBERED = re.compile(r"\[\+\d+\]|(?<=\()\+\d+(?=\))")
"""The numbers of a key's descriptors (``OPEN[+1].``, ``f(+1).``)."""


def _resolved(
    o: OccurrenceRecord,
    server: OccurrenceRecord | None,
    merged: Sequence[str],
    defined: OccurrenceRecord | None,
) -> OccurrenceRecord:
    """Tree-sitter's occurrence ``o`` as the server's occurrence at its site says (``merge``):
    ``merged``, the other declarations of the name there; ``defined``, the server's definition
    there when no symbol is used there."""
    if server is not None and server.role == "declaration" and o.role == "definition":
        o = replace(o, role="declaration")
    if server is not None and o.symbol_key is None:
        o = replace(o, symbol_key=_meaning(server.symbol_key, merged, o.role))
        if o.symbol_key == server.symbol_key and server.external is not None:
            o = replace(o, external=server.external)  # a library's fixture (``library_fixtures``)
    if o.symbol_key and (made := class_of_construction(o.symbol_key, o.name)) != o.symbol_key:
        o = replace(o, symbol_key=made)
    if o.role in ("reference", "type") and defined is not None:
        # a name tree-sitter does not see defined: ``{ run: function () {} }``, or a type
        # alias after a part of the file it misreads (redux toolkit's `export type
        # SliceCaseReducers<State> =` after an interface's call signature opening with `<`)
        o = replace(o, role="definition", enclosing_key=defined.enclosing_key)
    return o


def _use_of_others(
    o: OccurrenceRecord, server: OccurrenceRecord | None, others: Sequence[str]
) -> tuple[OccurrenceRecord, list[OccurrenceRecord]]:
    """Tree-sitter's use ``o`` keyed to the symbol the server defines there, which the server
    answers as a use of ``others`` too (tsgo: ``export { type Encoder }`` of an import it cannot
    resolve), as a use of those and the symbol's definition: a name is no use of itself."""
    if (
        not others
        or server is None
        or server.role != "definition"
        or o.role in ("definition", "declaration")
        or o.symbol_key != server.symbol_key
    ):
        return o, []
    itself = replace(o, role="definition", enclosing_key=server.enclosing_key)
    return replace(o, symbol_key=others[0]), [itself]


def _one_key_a_site(
    found: Iterable[OccurrenceRecord],
    dropped: set[str],
    imports: set[tuple[int, int]],
    own: Mapping[str, Span],
    shorthands: Mapping[tuple[int, int], str],
) -> dict[tuple[int, int], OccurrenceRecord]:
    """The server's occurrence kept at each site it answered for several symbols, some of this
    file and some of another (``try: from fast import helper`` / ``except ImportError: def
    helper()``: both are references of each), as ``rebind.choose`` says (as a live update's
    ``incremental.definitions`` and ``rebind`` choose), of equals the last. A reference of
    another declaration of the name and kind a definition there declares is left out: tsgo
    answers the references of ``Object.defineProperty(Sock.prototype, 'OPEN', ...)`` with the
    name of ``Object.defineProperty(Sock, 'OPEN', ...)``, whose definition it stays. The name of
    a declaration of another file's symbol (``declarations``) is that declaration: clangd's
    references of a class list its constructors' names too, so a constructor declared in the
    class and defined out of line was kept as a symbol of its own. The definition of a member
    that also reads another symbol (``shorthands``: ``{ pid }`` defines the object's ``pid`` and
    reads the variable) gives way to the uses, in whatever order the answers came (the
    variable's references answered after the property was settled by definition: pino's
    ``base: { pid, hostname }`` lost the use of ``pid``)."""
    answered: dict[tuple[int, int], list[OccurrenceRecord]] = {}
    for o in found:
        if o.symbol_key and o.symbol_key not in dropped:
            at = (o.span.start_line, o.span.start_col)
            held = answered.setdefault(at, [])
            if not held or not (o.role == "reference" and _defines_namesake(held, o.symbol_key)):
                held.append(o)
    resolved: dict[tuple[int, int], OccurrenceRecord] = {}
    for at, those in answered.items():
        if len(those) > 1:
            shorthand = shorthands.get(at)
            those = [o for o in those if o.role != "definition" or o.symbol_key != shorthand]
            those = those or answered[at]
        declares = [o for o in those if o.role == "declaration"]
        if len(those) == 1 or len(declares) == 1:  # the common case: one answer
            resolved[at] = (declares or those)[0]
            continue
        last = {o.symbol_key or "": o for o in those}
        keys = list(dict.fromkeys(o.symbol_key or "" for o in reversed(those)))[::-1]  # by last
        heres = [own.get(key) for key in keys]
        resolved[at] = last[keys[rebind.choose(keys, heres, *at, at in imports)]]
    return resolved


def _shorthands(
    members: Iterable[SymbolRecord], used: set[tuple[int, int]], lines: Sequence[str]
) -> dict[tuple[int, int], str]:
    """The members (by the site of their name) whose name is a shorthand property the server
    also answered as a use of another symbol: the binding it reads."""
    out: dict[tuple[int, int], str] = {}
    for s in members:
        at = (s.name_span.start_line, s.name_span.start_col)
        if at in used and _shorthand(lines, s.name_span):
            out[at] = s.key
    return out


def _shorthand(lines: Sequence[str], span: Span) -> bool:
    """Whether the name at ``span`` stands alone as a property of an object literal (``{ a,
    b }``), a shorthand reading the binding of its name."""
    if not 0 < span.start_line <= len(lines) or span.start_line != span.end_line:
        return False
    return returned_keys.stands_alone(lines, span.start_line, span.start_col - 1, span.end_col - 1)


def _used(found: Sequence[OccurrenceRecord]) -> set[tuple[int, int]]:
    """The sites the server answered as a use of something, but a namesake's: ty's references
    of ``depth = int(depth)`` list the name of ``(depth,) = argv``, which stays a definition."""
    defined = {
        (o.span.start_line, o.span.start_col): _unnumbered(o.symbol_key)
        for o in found
        if o.role == "definition" and o.symbol_key
    }
    return {
        at
        for o in found
        if o.role != "definition"
        and (
            (at := (o.span.start_line, o.span.start_col)) not in defined
            or defined[at] != _unnumbered(o.symbol_key or "")
        )
    }


def _defines_namesake(held: Sequence[OccurrenceRecord], key: str) -> bool:
    """Whether ``held`` has a definition of ``key``'s name and kind, by another number."""
    plain = _unnumbered(key)
    return any(
        h.role == "definition" and h.symbol_key and _unnumbered(h.symbol_key) == plain for h in held
    )


def _embedded_types(
    found: Iterable[OccurrenceRecord], fields: set[str], kept: Iterable[OccurrenceRecord]
) -> list[OccurrenceRecord]:
    """The server's references of a type at the definition of a field among ``fields``: a
    field declared by its type alone (Go's embedded ``struct { error; *stack }``, named after
    its type) is a use of that type too, beside its own definition (one key a site would keep
    the field's alone, and the type's usages would miss it)."""
    found = list(found)
    defined = {
        (o.span.start_line, o.span.start_col)
        for o in found
        if o.role == "definition" and o.symbol_key in fields
    }
    if not defined:  # (no field of a type: the common case)
        return []
    have = {(o.span.start_line, o.span.start_col, o.symbol_key) for o in kept}
    out: list[OccurrenceRecord] = []
    for o in found:
        site = (o.span.start_line, o.span.start_col, o.symbol_key)
        typed = o.symbol_key is not None and o.symbol_key.endswith("#")
        if o.role == "reference" and typed and site[:2] in defined and site not in have:
            have.add(site)
            out.append(o)
    return out


_QUALIFIED = re.compile(r"(?<![\w.])[^\W\d]\w*\s*\.\s*$")  # ``bytes.`` before ``Buffer``
_GO = key_prefix("go", None, "").split(" ")[:2]


def _embedded_library_types(
    kept: Sequence[OccurrenceRecord], fields: set[str], lines: Sequence[str]
) -> list[OccurrenceRecord]:
    """A Go field embedded by a qualified type no symbol of the workspace is (go-cmp's
    ``struct{ bytes.Buffer }``): its name is a use of the library's type too, untied as the
    library's names are (gopls's references of ``bytes.Buffer`` list it; the field's definition
    alone was kept, so lsai's usages of the library's ``Buffer`` left it out). A workspace
    type's is ``_embedded_types``'s."""
    typed = {
        (o.span.start_line, o.span.start_col)
        for o in kept
        if o.role == "reference" and o.symbol_key is not None
    }
    out: list[OccurrenceRecord] = []
    for o in kept:
        key, at = o.symbol_key, (o.span.start_line, o.span.start_col)
        if o.role != "definition" or key is None or key not in fields or at in typed:
            continue
        if key.split(" ")[:2] != _GO or not 0 < at[0] <= len(lines):
            continue
        if _QUALIFIED.search(lines[at[0] - 1][: at[1] - 1]):
            out.append(replace(o, role="reference", symbol_key=None))
    return out


def declared_elsewhere(
    symbols: Iterable[SymbolRecord], resolved: Mapping[tuple[int, int], OccurrenceRecord]
) -> dict[str, str]:
    """Tree-sitter's symbols the server made declarations of another (``declarations``: a
    function declared in a header and defined in a source file is one entity, keyed to its
    definition): their key -> that entity's key."""
    found: dict[str, str] = {}
    for s in symbols:
        server = resolved.get((s.name_span.start_line, s.name_span.start_col))
        key = server.symbol_key if server is not None and server.role == "declaration" else None
        if key is not None and key != s.key:
            found[s.key] = key
    return found


def _fold(ts: FileIndex, folded: Mapping[str, str]) -> FileIndex:
    """``ts`` without the symbols of ``folded``, and every key of them renamed as it says (an
    occurrence, a call, a member: the declaration's name itself is rekeyed by ``merge``)."""
    kept = replace(ts, symbols=[s for s in ts.symbols if s.key not in folded])
    return rekeyed(kept, folded)


def _other_keys(
    found: Iterable[OccurrenceRecord],
    resolved: Mapping[tuple[int, int], OccurrenceRecord],
    dropped: set[str],
    shorthands: Mapping[tuple[int, int], str],
) -> tuple[dict[tuple[int, int], list[str]], dict[tuple[int, int], list[str]]]:
    """The keys of each reference site the server answered for several symbols, beyond the one
    ``resolved`` keeps, in two kinds (by ``declared_name``):

    - shared: other symbols, each holding the site as in its references in the server: a
      property reached through a union of types (``state.base_`` with ``state: MapState |
      SetState``), a shorthand property (``{ canStart }`` is the local ``canStart`` and the
      property of the object's type), and a shorthand member whose definition gave way to
      the use (``_one_key_a_site``: store's ``return { link, unlink }``, the object's
      ``link`` and the function it reads; tsgo's references at the key are both's);
    - merged: other declarations of the kept one's name, of which the site means one
      (``_meaning``): a definition of ``Mode`` names both ``interface Mode`` and ``const
      Mode``. Overloads are merged too, and keep the kept key (``first_overload``)."""
    shared: dict[tuple[int, int], list[str]] = {}
    merged: dict[tuple[int, int], list[str]] = {}
    for o in found:
        at = (o.span.start_line, o.span.start_col)
        gave_way = o.role == "definition" and o.symbol_key == shorthands.get(at)
        if not (o.role == "reference" or gave_way) or not o.symbol_key or o.symbol_key in dropped:
            continue
        kept = resolved.get(at)
        if kept is None or not kept.symbol_key or o.symbol_key == kept.symbol_key:
            continue
        same = not gave_way and declared_name(o.symbol_key) == declared_name(kept.symbol_key)
        others = (merged if same else shared).setdefault(at, [])
        if o.symbol_key not in others:
            others.append(o.symbol_key)
    return shared, merged


def _meaning(kept: str | None, others: Sequence[str], role: str) -> str | None:
    """Of merged declarations, the one a site means: a type (its key ends with ``#``) where
    tree-sitter saw a type position (role ``type``: ``m: Mode``), else a value (``Mode.a``)."""
    if not others or kept is None:
        return kept
    for key in (kept, *others):
        if key.endswith("#") == (role == "type"):
            return key
    return kept


_EXPORTED = re.compile(r"\bexport\s+(?:default\s+|(?:type\s+)?\{[^}]*)$|" + LINKED.pattern)
"""What precedes a name that stands for every meaning it has: ``export default X``, ``export {
X }``, ``export { default as X }``, ``{@link X}``."""


def _means_all(o: OccurrenceRecord, lines: Sequence[str]) -> bool:
    """Whether ``o`` names every declaration of its name (``_declarations``), as TypeScript
    reads an import, an export and a JSDoc link: each is in tsgo's references of all of them.
    Elsewhere a site means one (``_meaning``), though tsgo's definition lists them all."""
    if o.role == "import":
        return True
    if o.role in ("definition", "declaration"):
        return False
    # the text before the name, the line before where it starts a line (`{@linkcode` ending it)
    before = before_name(lines, o.span.start_line, o.span.start_col)
    return _EXPORTED.search(before) is not None


def _all_meanings(
    o: OccurrenceRecord,
    server: OccurrenceRecord | None,
    merged: Sequence[str],
    lines: Sequence[str],
) -> list[OccurrenceRecord]:
    """``o`` again for each of the ``merged`` declarations of its name it means as well as the
    server's (``_means_all``), none elsewhere."""
    if server is None or not merged or not _means_all(o, lines):
        return []
    return _also(o, _declarations(server.symbol_key, merged))


def _declarations(kept: str | None, others: Sequence[str]) -> list[str]:
    """The merged declarations a site of their name means together, each once (not the other
    overloads of one): ``import { Files }`` of ``class Files`` and ``namespace Files`` is in
    the server's references of both, as ``export default Maybe`` of ``const Maybe`` and
    ``type Maybe`` is in tsgo's references of each."""
    out: list[str] = []
    for key in (kept, *others):
        if key is not None and all(_NUMBERED.sub("", key) != _NUMBERED.sub("", k) for k in out):
            out.append(key)
    return out


def _also(o: OccurrenceRecord, keys: list[str]) -> list[OccurrenceRecord]:
    """``o`` again for each other key of its site (``_other_keys``), constructions keyed to
    their class as ``o`` is."""
    out: list[OccurrenceRecord] = []
    have: set[str | None] = {o.symbol_key}
    for key in keys:
        made = class_of_construction(key, o.name)
        if made not in have:
            have.add(made)
            out.append(replace(o, symbol_key=made))
    return out


def _specialized(o: OccurrenceRecord, keys: Sequence[str | None]) -> list[OccurrenceRecord]:
    """The definition ``o`` of a C++ class template's specialization (``struct simd<int>``) as
    a reference of the template among ``keys``, the other symbols the server answered there:
    clangd's references of ``simd`` list it."""
    template = template_of(o.name)
    if template == o.name:
        return []
    return [
        replace(o, name=template, symbol_key=k, role="reference")
        for k in dict.fromkeys(keys)
        if k is not None and k != o.symbol_key and _names(k, template)
    ]


def _declares(
    o: OccurrenceRecord, others: Sequence[str | None], own: set[str]
) -> list[OccurrenceRecord]:
    """A definition the server also answered as a reference of a declaration of the same name in
    another file is a declaration of that one too: an interface that a module augmentation
    merges into (``declare module './a' { interface Options {} }``), a namespace merged with a
    function. The file's own declarations of the name (overloads) are left as they are. A C++
    constructor defined out of line (``Shape::Shape() {}``) declares no class: clangd answers
    its name among the class's references (the class named it), and the class, a declaration in
    the file, took the file's out-of-line members under it in the outline, which had them
    under the constructor in turn (pyclipper's clipper.cpp lost 90 members)."""
    made = CONSTRUCTOR_KEY.fullmatch(o.symbol_key or "")
    named = made is not None and made["cls"] == made["name"]
    return [
        replace(o, symbol_key=k, role="declaration")
        for k in dict.fromkeys(others)
        if k is not None and k not in own and _names(k, o.name) and not (named and k.endswith("#"))
    ]


def _resolve_bases(
    edges: list[TypeEdgeRecord], occurrences: list[OccurrenceRecord], lines: Sequence[str]
) -> list[TypeEdgeRecord]:
    """Each base of a class header, resolved to the symbol the server says its name refers to
    (two classes named ``Base`` in two modules stay apart), or, where the server keyed no
    symbol there, to what the file imports under that name (``_aliased``); a base resolved
    neither way keeps its name only, and the hierarchy matches it by name. A Python base the
    server resolved to a function is no base lsai can name: a class cannot derive from a
    function, so the name is a value's (a test's pytest fixture parameter, ``class
    Csh(activation_tester_class)``, whose definition ty leads to the fixture): no edge, as ty's
    supertypes list none."""
    if not edges:
        return []
    keys: dict[tuple[int, str], set[str]] = {}
    for o in occurrences:
        if o.symbol_key and o.role != "definition":
            keys.setdefault((o.span.start_line, o.name), set()).add(o.symbol_key)
    aliased = _aliased(occurrences, lines) if edges else {}
    out: list[TypeEdgeRecord] = []
    for e in edges:
        found = keys.get((e.line, e.target_name), set())
        if not found and e.target_name in aliased:
            found = {aliased[e.target_name]}
        if len(found) != 1:
            out.append(e)
        elif not _python_function(key := next(iter(found))):
            out.append(replace(e, target_key=key))
    return out


def _python_function(key: str) -> bool:
    return key.startswith("lsai python ") and key.endswith(").")


def _typed(ts: list[TypeEdgeRecord], lsp: list[TypeEdgeRecord]) -> list[TypeEdgeRecord]:
    """Tree-sitter's edges, a base left unresolved with the external symbol where the server
    located a library's (``bases``), then the edges only the server saw."""
    located = {e: e.external for e in lsp if e.external is not None}
    out = [
        replace(e, external=located[e]) if e.target_key is None and e in located else e for e in ts
    ]
    return out + [e for e in lsp if e.external is None]


_AS_ALIAS = re.compile(r"\s+as\s+")


def _aliased(occurrences: Sequence[OccurrenceRecord], lines: Sequence[str]) -> dict[str, str]:
    """The names a file imports under another name (``from m import HTTPError as
    BaseHTTPError``; ``import { A as B }``) -> the key of the name imported. ty's references of
    the imported symbol stop at its own name: the alias and its uses are keyed to nothing, yet
    a class deriving from the alias derives from the symbol (ty's subtypes say so; pip's
    vendored requests ``ContentDecodingError(RequestException, BaseHTTPError)``)."""
    keyed: dict[int, list[OccurrenceRecord]] = {}
    for o in occurrences:
        if o.symbol_key and o.role != "definition":
            keyed.setdefault(o.span.start_line, []).append(o)
    out: dict[str, str] = {}
    for o in occurrences:
        line = o.span.start_line
        if o.role != "import" or o.symbol_key or not 0 < line <= len(lines):
            continue
        for imported in keyed.get(line, ()):
            between = lines[line - 1][imported.span.end_col - 1 : o.span.start_col - 1]
            if imported.span.end_line == line and _AS_ALIAS.fullmatch(between):
                out[o.name] = str(imported.symbol_key)
    return out


def _merge_calls(
    ts: list[CallRecord],
    lsp: list[CallRecord],
    resolved: dict[tuple[int, int], OccurrenceRecord],
    symbols: Mapping[str, SymbolRecord],
    lines: Sequence[str],
    unseen: Sequence[SymbolRecord] = (),
) -> list[CallRecord]:
    """Tree-sitter's call sites with the server's callees, then the calls only the server saw.
    The server's site of a member call may be where its object starts (tsgo: ``obj.go()`` from
    ``obj``): a server call at no site of tree-sitter's is the first call of its name after it,
    on its line or a line below continuing its chain, that no server call matched (else two
    edges would stand for one call: ``_chained``). A site
    the server names no callee at is a call of the symbol its name is a use of, unless the name
    is a parameter (``_parameter_call``).

    The caller of a site is tree-sitter's unless it is in a function only the server sees: a
    server that credits the calls of a ``def``'s header (decorators, default values) to the
    function itself (ty's outgoing calls) is not followed, they run in the enclosing scope.
    A site tree-sitter reads at the module that the server credits to no caller is the
    innermost of the ``unseen`` functions' (tsgo's, tree-sitter sees none) around it: chai's
    ``module.exports = function proxify(obj) {... getProperties(target) ...}``, whose
    outgoing calls tsgo lists without the calls of a required ``module.exports = function``
    (its incoming calls name the caller all the same); the call was ``<module>``'s."""
    by_site, more = _server_sites(ts, lsp, lines)
    out: list[CallRecord] = []
    for c in ts:
        server = by_site.pop((c.line, c.col), None)
        others = more.pop((c.line, c.col), [])
        if server is not None and server.callee_key is None:  # ``alt = len`` / ``def alt``:
            named = [m for m in others if m.callee_key and m.callee_name == c.callee_name]
            if named:  # ty calls both; the workspace's is the site's, ``len`` another callee
                others = [server if m is named[0] else m for m in others]
                server = named[0]
        key = server.callee_key if server is not None else None
        if key is None and (c.line, c.col) in resolved and not _parameter_call(c, symbols, lines):
            key = resolved[(c.line, c.col)].symbol_key
        if key:
            c = replace(c, callee_key=key)
            if server is not None and server.callee_key is None and server.external is not None:
                others = [server, *others]  # `cls.exc(...)` of a `type[Exception]` field: ty
                # calls the library's `__new__` and `__init__` there, the field is the site's
        elif server is not None and server.external is not None:
            c = replace(c, external=server.external)  # a library's, where the server found it
        if server is not None and _unseen_caller(c.caller_key, server.caller_key, symbols):
            c = replace(c, caller_key=server.caller_key)  # in a function tree-sitter does not see
        elif c.caller_key is None and (server is None or server.caller_key is None):
            c = replace(c, caller_key=_around(c, unseen))
        out.append(c)
        out.extend(replace(m, caller_key=c.caller_key) for m in others)
    for at, alone in by_site.items():
        out.append(call := _outside_header(alone, symbols))
        out.extend(replace(m, caller_key=call.caller_key) for m in more.pop(at, ()))
    return out


Site = tuple[int, int]


def _expanded_calls(
    calls: Iterable[CallRecord], found: Iterable[OccurrenceRecord], dropped: set[str]
) -> list[CallRecord]:
    """The calls a use of a function-like macro makes besides the macro's own (``LOG("x")``
    expanding to ``log_msg("x")``): clangd's references of ``log_msg`` list the macro's site,
    and its incoming calls the function around it. A call site where the server names a macro
    calls the macro and every function the server names there; one callee a site left the
    callers of ``log_msg`` short of the macro's users (the site kept one of them, not always
    the same)."""
    named: dict[Site, list[str]] = {}
    macros = False
    for o in found:
        if o.symbol_key and o.symbol_key not in dropped and o.role == "reference":
            named.setdefault((o.span.start_line, o.span.start_col), []).append(o.symbol_key)
            macros = macros or o.symbol_key.endswith(_MACRO)
    out: list[CallRecord] = []
    for c in calls if macros else ():
        keys = list(dict.fromkeys(named.get((c.line, c.col), ())))
        if not any(k.endswith(_MACRO) for k in keys):
            continue
        out.extend(
            replace(c, callee_key=k)
            for k in keys
            if k != c.callee_key and k.endswith((_MACRO, _CALLABLE))
        )
    return out


_MACRO, _CALLABLE = SUFFIX_BY_KIND["macro"], SUFFIX_BY_KIND["function"]


def _reads(
    occurrences: Iterable[OccurrenceRecord],
    lines: Sequence[str],
    symbols: Iterable[SymbolRecord],
    kind: ReadsCall,
    everywhere: frozenset[str] = frozenset(),
    docs: Sequence[OccurrenceRecord] = (),
) -> list[CallRecord]:
    """Calls of the functions and methods read, not called (``ServerAdapter.reads_call``),
    from the innermost function, method or type around the read (the module outside any).

    ``values``: every read. ``members``: member reads (``export const f = lib.f.bind(lib)``,
    ``{ val: lib.f }``, in a callback passed at module level) outside the functions, methods
    and constructors whose outgoing calls were asked: in the module or a type (a field's
    initializer); of a class field holding a function (``everywhere``: React's
    ``reset = () => {...}``, read as ``reset: this.reset`` in ``render``), from any function:
    tsgo's incoming calls of the field list every member read, its outgoing calls none.
    ``docs``: the names the file's JSDoc comments bind (``jsdoc_names``), no reads."""
    owner = {s.key: s for s in symbols}
    out: list[CallRecord] = []
    documented = {(d.span.start_line, d.span.start_col) for d in docs}
    for o in occurrences:
        key = o.symbol_key
        if o.role != "reference" or not key or not key.endswith(")."):
            continue
        caller = _innermost(o, owner)
        if kind == "members":  # tsgo's: TypeScript and JavaScript, with their JSDoc
            asked = key not in everywhere and not _unasked(caller, owner)
            if asked or not _member_read(lines, o.span):
                continue
            if (o.span.start_line, o.span.start_col) in documented:
                continue  # `{@link Merged.add}`, `@see lib.f`: named in a doc comment, not read
        out.append(CallRecord(caller, o.name, o.span.start_line, o.span.start_col, key))
    return out


def _untied_docs(
    docs: Sequence[OccurrenceRecord], tied: Iterable[tuple[int, int]]
) -> Iterator[OccurrenceRecord]:
    """The names a JSDoc comment binds (``jsdoc_names``) that the server tied to no symbol of
    the workspace (``@see ReadableStream``: a library's), kept as tree-sitter's untied names are:
    tsgo's references of the library's name list them, as they list the code's uses."""
    done = set(tied)
    for named in docs:
        if (named.span.start_line, named.span.start_col) not in done:
            yield named


_MEMBER_OF = re.compile(r"(?:\?|\b|\))\.\s*$")
"""What precedes the right side of a property access on its line: ``obj.``, ``a?.``,
``f().`` (not a spread's ``...``; a name starting its line is no member read here, as the line
above may be a comment ending with a period)."""
_ASSIGNED = re.compile(r"\s*=(?![=>])")
"""What follows an assignment's target: ``= value`` (not ``==``, ``=>``)."""


def held_functions(symbols: Iterable[SymbolRecord]) -> frozenset[str]:
    """The keys of the class fields holding a function (tree-sitter's methods declared as
    ``reset = () => {...}``, ``private onClick?: Handler = function () {...}``) among
    ``symbols``: in its signature, before the parameters, the name is followed by ``=`` or a
    type (a method's by its parameters or type parameters)."""
    out: set[str] = set()
    for s in symbols:
        if s.kind != "method" or not s.signature:
            continue
        heading = s.signature.split("(", 1)[0]
        if re.search(rf"(?<![\w$.]){re.escape(s.name)}\s*[?!]?\s*[:=]", heading):
            out.add(s.key)
    return frozenset(out)


def _member_read(lines: Sequence[str], span: Span) -> bool:
    """Whether ``span`` is the right side of a property access that reads it: not the target
    of an assignment (js-yaml's ``module.exports.isObject = isObject``, which the property's
    alias of the function keys to it, is no call at module level: tsgo's incoming calls leave
    it out)."""
    line = lines[span.start_line - 1] if 0 < span.start_line <= len(lines) else ""
    if _MEMBER_OF.search(line[: span.start_col - 1]) is None:
        return False
    return span.start_line != span.end_line or not _ASSIGNED.match(line, span.end_col - 1)


def _innermost(o: OccurrenceRecord, owner: Mapping[str, SymbolRecord]) -> str | None:
    """The innermost function, method or type holding ``o``, up the chain of containers from its
    enclosing symbol (a constant's initializer is the module's code: ``None``); a symbol of
    another file is taken as one."""
    key = o.enclosing_key
    while key is not None:
        symbol = owner.get(key)
        if symbol is None or symbol.kind in CALLER_KINDS:
            return key
        key = symbol.container_key
    return None


def _unasked(caller: str | None, owner: Mapping[str, SymbolRecord]) -> bool:
    """Whether no outgoing calls were asked of ``caller``: the module, a type (a constructor's
    are, of its class's item: ``passes._class_item``)."""
    if caller is None:
        return True
    symbol = owner.get(caller)
    return symbol is not None and symbol.kind in TYPE_KINDS


def _server_sites(
    ts: list[CallRecord], lsp: list[CallRecord], lines: Sequence[str]
) -> tuple[dict[Site, CallRecord], dict[Site, list[CallRecord]]]:
    """The server's calls by site: one at each, and the other callees at that site, of other
    names (ty: ``self.__class__(v)`` calls ``__class__`` and ``__init__``) or of the same name
    in other types (ty: ``shape.area()`` with ``shape: Circle | Square`` calls both ``area``s,
    ``cls()`` of a variable holding either class both ``__init__``s); a call sited where its
    object starts moved to tree-sitter's site of it (``_chained``), also where that object is
    itself a call tree-sitter sites there, of another name (tsgo: ``String(n).padStart(2)``
    and ``make(1).run()`` from ``String``, ``make``; the site kept the member's callee, and
    the member's own site none)."""
    by_site = {(c.line, c.col): c for c in lsp}  # the last: two callers may answer one site
    more: dict[Site, list[CallRecord]] = {}
    for c in lsp:
        last, others = by_site[(c.line, c.col)], more.setdefault((c.line, c.col), [])
        if all(_other_callee(c, o) for o in (last, *others)):
            others.append(c)
    free = sorted((c.line, c.col, c.callee_name) for c in ts if (c.line, c.col) not in by_site)
    named = {(c.line, c.col): c.callee_name for c in ts}
    for at in sorted(by_site):
        calls = [by_site.pop(at), *more.pop(at, ())]
        moved: dict[str, Site] = {}  # one name's callees at one site go to one site
        for call in calls:
            if named.get(at) == call.callee_name:
                moved[call.callee_name] = at  # tree-sitter's call of that name there
            elif call.callee_name not in moved:
                moved[call.callee_name] = _chained(free, at, call.callee_name, lines)
            to = moved[call.callee_name]
            if to not in by_site:
                by_site[to] = call
            else:
                more.setdefault(to, []).append(call)
    return by_site, more


def _chained(free: list[tuple[int, int, str]], at: Site, name: str, lines: Sequence[str]) -> Site:
    """Tree-sitter's site of a member call the server sites where its object starts (tsgo:
    ``obj.go()`` from ``obj``, ``s.split('-').reduce(f)`` both from ``s``, a chain's calls on
    the lines below from its first line): the first call of that name after ``at`` on its line,
    or on a line the chain goes on to (``chains.chain_lines``), that no server call matched
    (taken from ``free``); else ``at`` itself."""
    reach = set(chains.chain_lines(lines, at))
    for site in free:
        line, col, called = site
        if called == name and (line, col) > at and line in reach:
            free.remove(site)
            return line, col
    return at


def _other_callee(call: CallRecord, other: CallRecord) -> bool:
    """Whether ``call`` and ``other`` at one site are calls of two callees: of other names, or
    of one name declared apart (two keys, not two declarations of one name: the overloads of
    a function, a property's getter and setter, stay one edge)."""
    if call.callee_name != other.callee_name:
        return True
    mine, theirs = call.callee_key, other.callee_key
    return mine is not None and theirs is not None and declared_name(mine) != declared_name(theirs)


def _parameter_call(
    call: CallRecord, symbols: Mapping[str, SymbolRecord], lines: Sequence[str]
) -> bool:
    """Whether ``call`` calls a parameter of its caller, or of a function around it (not a
    member: ``self.make()``): it calls the argument passed. ty's references of a pytest fixture
    list the parameters of its name and their uses (cattrs' ``converter_cls()`` in a test taking
    the fixture ``converter_cls``): usages of the fixture, not calls, which pytest makes."""
    span = Span(call.line, call.col, call.line, call.col + len(call.callee_name))
    if _member_read(lines, span):
        return False
    key = call.caller_key
    while key is not None and (symbol := symbols.get(key)) is not None:
        if symbol.kind not in CALLABLE_KINDS:
            return False
        if call.callee_name in parameter_names(symbol.parameters):
            return True
        key = symbol.container_key
    return False


def _unseen_caller(ts: str | None, server: str | None, symbols: Mapping[str, SymbolRecord]) -> bool:
    """Whether the server's caller of a site is a function tree-sitter does not see, at the
    module (``ts`` None) or inside tree-sitter's caller: a named function expression a function
    returns (async's ``return function next() {...}``, tsgo's outline lists it, its call
    hierarchy credits the body's calls to it), its key the key of tree-sitter's caller and more."""
    if server in symbols:
        return False
    return ts is None or (server is not None and server != ts and server.startswith(ts))


def _around(call: CallRecord, functions: Sequence[SymbolRecord]) -> str | None:
    """The key of the innermost of ``functions`` whose span holds ``call``'s site; None: none."""
    site = Span(call.line, call.col, call.line, call.col + len(call.callee_name))
    holding = [f for f in functions if f.span.holds(site)]
    inner = max(holding, key=lambda f: (f.span.start_line, f.span.start_col), default=None)
    return inner.key if inner is not None else None


def _outside_header(call: CallRecord, symbols: Mapping[str, SymbolRecord]) -> CallRecord:
    """A call only the server saw, sited before its caller's name (a decorator without
    arguments, ``@app.route``): the caller is the scope around the definition."""
    caller = symbols.get(call.caller_key) if call.caller_key else None
    if caller is None or (call.line, call.col) >= (
        caller.name_span.start_line,
        caller.name_span.start_col,
    ):
        return call
    outer = symbols.get(caller.container_key) if caller.container_key else None
    while outer is not None and outer.kind not in CALLER_KINDS:
        outer = symbols.get(outer.container_key) if outer.container_key else None
    return replace(call, caller_key=outer.key if outer is not None else None)


def numbered_as_written(
    trees: Mapping[str, FileIndex], answers: Mapping[str, FileIndex]
) -> dict[str, str]:
    """The server's keys that number a definition otherwise than tree-sitter does -> tree-
    sitter's key of the definition at the same place (``numbered_alike``). Keys count the
    definitions of a name in its container (``pick().``, ``pick(+1).``); a server that skips an
    inactive branch (clangd: ``#if A`` / ``#else``, each defining ``pick``) gives the active one
    the first number, which tree-sitter gave the inactive one: every use would land on the
    wrong one."""
    renamed: dict[str, str] = {}
    for path, answered in answers.items():
        tree = trees.get(path)
        if tree is not None:
            renamed.update(numbered_alike(answered.symbols, tree.symbols))
    return renamed


def numbered_alike(own: Sequence[SymbolRecord], other: Sequence[SymbolRecord]) -> dict[str, str]:
    """``own``'s keys that number a definition otherwise than ``other`` does -> ``other``'s key
    of the definition at the same place; and a key this leaves on another definition (one that
    ``other`` lacks) -> a number of the same name that the renaming left free. ty numbers
    ``(depth,) = argv`` ``depth.`` and the ``depth = int(depth)`` after it ``depth[+1].``, which
    tree-sitter, blind to the unpacking, numbers ``depth.``: one key held both."""
    at = {(s.name_span.start_line, s.name_span.start_col): s.key for s in other}
    moved: dict[str, str] = {}
    for s in own:
        theirs = at.get((s.name_span.start_line, s.name_span.start_col))
        if theirs and theirs != s.key and _unnumbered(theirs) == _unnumbered(s.key):
            moved[s.key] = theirs
    taken, others = set(moved.values()), set(at.values())
    free: dict[str, list[str]] = {}
    for k in moved:
        if k not in taken and k not in others:
            free.setdefault(_unnumbered(k), []).append(k)
    for s in own if free else ():
        left = free.get(_unnumbered(s.key))
        if left and s.key in taken and s.key not in moved:
            moved[s.key] = left.pop(0)
    return moved


def rekeyed(data: FileIndex, renamed: Mapping[str, str]) -> FileIndex:
    """``data`` with every key ``renamed`` says renamed (``numbered_as_written``, ``_fold``)."""

    def key(k: str | None) -> str | None:
        return renamed.get(k, k) if k is not None else None

    return replace(
        data,
        symbols=[
            replace(s, key=renamed.get(s.key, s.key), container_key=key(s.container_key))
            for s in data.symbols
        ],
        occurrences=[
            replace(o, symbol_key=key(o.symbol_key), enclosing_key=key(o.enclosing_key))
            for o in data.occurrences
        ],
        calls=[
            replace(c, caller_key=key(c.caller_key), callee_key=key(c.callee_key))
            for c in data.calls
        ],
        type_edges=[
            replace(
                e, source_key=renamed.get(e.source_key, e.source_key), target_key=key(e.target_key)
            )
            for e in data.type_edges
        ],
    )


def _unnumbered(key: str) -> str:
    return _NUMBERED.sub("", key) if "+" in key else key  # (most keys have no number)
