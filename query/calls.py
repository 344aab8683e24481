"""The ``callers`` and ``callees`` tools: the call graph around a symbol, level by level.

One recursive query walks ``call_edges`` up (callers) or down (callees) to ``depth`` levels; each
symbol is kept at the first level it appears (so cycles and diamonds print once), and each
indirect entry names the entry of the level above it chains from. Callers are shown at their call
site; callees at their definition, or ``(external)`` when the index does not hold it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from pydantic import Field

from lsai.query.class_aliases import class_aliases
from lsai.query.contracts import Contract, OutputFormat, Provenance, SymbolRef, SymbolTarget
from lsai.query.errors import NoSymbolAtPosition, QueryError, SymbolNotFound
from lsai.query.libraries import (
    external_ref,
    file_lines,
    led_to,
    library_location,
    the_external,
)
from lsai.query.local_calls import local_callees
from lsai.query.provenance import provenance
from lsai.query.reach import (
    FALLBACK_WHY,
    TSGO_LANGUAGES,
    answer_provenance,
    fallbacks,
    implementing_why,
    precision,
    related_members,
    shown_names,
)
from lsai.query.resolve import (
    Precision,
    Resolved,
    implementation,
    overload_siblings,
    resolve,
    sharing_references,
)
from lsai.query.workspace import Workspace
from lsai.storage import graph, navigation, queries, tool_queries, type_walks
from lsai.storage.engine import Reader, Row
from lsai.storage.graph import CallSite

CALLABLE_KINDS = queries.CALLABLE_KINDS
WALK_CAP = 5000
Direction = Literal["callers", "callees"]


class CallsInput(SymbolTarget):
    """The call graph around a function or method: who calls it (callers) or what it calls
    (callees), ``depth`` levels deep, each indirect entry with the entry it chains from."""

    depth: int = Field(1, ge=1, le=5, description="Levels to walk (1 = direct only)")
    limit: int = Field(100, ge=1, le=1000, description="Maximum entries per level")
    output_format: OutputFormat = Field("compact", description="Output profile")


def _absent(value: object) -> bool:
    return value is None


class CallHop(Contract):
    """One entry of a level. Structured content leaves out what it would repeat or what holds
    its default: a null field, ``calls`` 1, ``external`` false, and a callers' ``callFile`` /
    ``callLine`` (the call site is ``file`` / ``line`` there). A client validates every field of
    every entry against the output schema, so each one left out is paid for on every call."""

    depth: int
    method: str = Field(description="Qualified name, the name as written, or <module>")
    kind: str | None = Field(None, exclude_if=_absent)
    file: str | None = Field(
        None,
        description="Callers: the call site; callees: the definition (absent: external)",
        exclude_if=_absent,
    )
    line: int | None = Field(None, exclude_if=_absent)
    via: str | None = Field(
        None, description="The entry of the level above it chains from", exclude_if=_absent
    )
    call_file: str | None = Field(
        None, description="Callees: the call site (callers: it is file)", exclude_if=_absent
    )
    call_line: int | None = Field(
        None, description="Callees: the call site (callers: it is line)", exclude_if=_absent
    )
    call_col: int = Field(description="Column of the call site")
    calls: int = Field(1, description="Call sites between the two", exclude_if=lambda n: n == 1)
    external: bool = Field(
        False,
        description="Callees: outside the workspace (a library's, the language's own)",
        exclude_if=lambda x: not x,
    )
    location: str | None = Field(
        None,
        description="Callees: where an external callee is defined, as its language server "
        "located it (the library's file, from its package folder, and line)",
        exclude_if=_absent,
    )
    unresolved: bool = Field(
        False,
        description="Callees: not resolved to a symbol, though the workspace defines "
        "functions or methods of its name (it may call one of them)",
        exclude_if=lambda x: not x,
    )

    @property
    def site(self) -> tuple[str | None, int | None]:
        """The call site's file and line, in either direction."""
        if self.call_file is None:
            return self.file, self.line
        return self.call_file, self.call_line


class CallLevel(Contract):
    depth: int
    calls: list[CallHop]
    total: int
    truncated: bool


class CallsResult(Contract):
    symbol: SymbolRef
    direction: Direction
    depth: int
    mode: str = Field(description="semantic, name-based or mixed")
    levels: list[CallLevel]
    direct: int
    indirect: int
    truncated: bool
    provenance: Provenance = Field(default_factory=Provenance)


@dataclass(slots=True)
class Node:
    """One symbol reached by a walk, at the first level it appears."""

    identity: str
    key: str | None
    label: str
    depth: int
    via: str | None  # the identity of the node it was reached from (None: the target)
    row: CallSite
    calls: int = 1


def _label(row: CallSite, direction: Direction) -> tuple[str, str]:
    """(identity, label) of a walk row's node."""
    if row.key is not None:
        return row.key, str(row.qualified_name or row.name)
    if direction == "callers":
        return f"<module {row.site_file}>", "<module>"
    return f"<external {row.name}>", str(row.name)


def _constructed_classes(conn: Reader, target: Resolved) -> list[tuple[str, str]]:
    """(key, name) of the classes a constructor builds: its own, and those deriving from it
    that declare no constructor (``class Child(Base): pass``). A construction's call edge may
    point at the class (``new Query(...)``, Python's ``Query(...)``) rather than at the
    constructor, whichever the server's call hierarchy names; both are the constructor's
    callers. A Python class has two, ``__new__`` and ``__init__``, each inherited alone: a
    class declaring ``__init__`` runs its base's ``__new__`` (as ty's incoming calls say); a
    variable holding a Python class constructs it too (``class_aliases``)."""
    return constructed_classes(
        conn, target.ref.kind, target.container_key, target.name, target.language
    )


def constructed_classes(
    conn: Reader, kind: str, container_key: str | None, name: str, language: str | None
) -> list[tuple[str, str]]:
    """``_constructed_classes`` of the symbol ``name`` of ``kind`` in ``container_key``."""
    if kind != "constructor" or container_key is None:
        return []
    rows = navigation.symbols_by_keys(conn, [container_key])
    if not rows or rows[0]["kind"] not in type_walks.TYPE_KINDS:
        return []
    own = (str(rows[0]["key"]), str(rows[0]["name"]))
    if language != "python":
        return [own, *graph.heirs_without_constructor(conn, own[0])]
    built = [own, *graph.heirs_without_constructor(conn, own[0], named=name)]
    return [*built, *class_aliases(conn, built)]


MAX_RELATED = 50  # members walked with a target (zod's ``_zod``: a hundred relatives)


def related_callers(conn: Reader, target: Resolved) -> list[tuple[str, str]]:
    """(key, name) of the members whose callers are the target's too (``related_members``): a
    call through the interface calls each implementation, as tsgo's incoming calls count it."""
    keys = related_members(conn, target.key, target.language, target.container_key)
    keys = keys or fallbacks(conn, target)
    return [(key, target.name) for key in keys[:MAX_RELATED]]


def walk(
    conn: Reader,
    target: Resolved,
    prec: Precision,
    direction: Direction,
    depth: int,
    related: list[tuple[str, str]] | None = None,
    rebound: Sequence[_Rebound] = (),
) -> tuple[list[list[Node]], bool]:
    """Nodes by level (level 1 first) and whether the walk hit its row cap."""
    rows, roots = walk_sites(conn, target, prec, direction, depth, related)
    for other in rebound:
        rows = _with_rebound(conn, target, prec, depth, rows, other)
        roots.add(other.key)
    return levels_of(rows, roots, direction, depth), capped(rows)


class _Rebound(NamedTuple):
    """Another binding of a callable's name in its scope (``_bound_again``)."""

    key: str
    line: int
    aliased: set[tuple[str, int, int]]
    """The sites of its calls through another name (``navigation.calls_named_otherwise``)."""


def _bound_again(conn: Reader, ws: Workspace, target: Resolved) -> list[_Rebound]:
    """The other bindings of a Python callable's name in its scope that are called by that
    name (``def f`` again under ``if PYPY:``): ty's incoming calls of each binding list the
    calls of the name, which the index keys to one of them."""
    if target.language != "python" or target.merged:
        return []
    return [
        rebound
        for r in overload_siblings(conn, target, ws.root)
        if str(r["kind"]) in CALLABLE_KINDS
        for key in [str(r["key"])]
        for rebound in [
            _Rebound(key, int(r["line"]), navigation.calls_named_otherwise(conn, key, target.name))
        ]
        if navigation.calls_into(conn, key) > len(rebound.aliased)
    ]


def _with_rebound(
    conn: Reader,
    target: Resolved,
    prec: Precision,
    depth: int,
    rows: list[CallSite],
    rebound: _Rebound,
) -> list[CallSite]:
    """``rows`` with the callers of ``rebound``, another binding of the target's name, but its
    calls through another name (toolz ``_check_sigspec_orig = _check_sigspec``, then ``def
    _check_sigspec`` calling ``_check_sigspec_orig()``: a call of the first binding alone)."""
    found = graph.callers_walk(
        conn, rebound.key, target.name, depth=depth, languages=target.family,
        by_name=prec.by_name, cap=WALK_CAP,
    )  # fmt: skip
    more = [
        r
        for r in found
        if r.depth > 1 or (r.site_file, r.site_line, r.site_col) not in rebound.aliased
    ]
    merged = list(dict.fromkeys([*rows, *more]))
    merged.sort(key=lambda r: (r.depth, r.site_file, r.site_line, r.site_col))
    return merged


def capped(rows: list[CallSite]) -> bool:
    """Whether a walk stopped at its row cap."""
    return len(rows) >= WALK_CAP


def walk_sites(
    conn: Reader,
    target: Resolved,
    prec: Precision,
    direction: Direction,
    depth: int,
    related: list[tuple[str, str]] | None = None,
) -> tuple[list[CallSite], set[str]]:
    """A walk's call sites (every edge into, or out of, each node at the first level it is
    reached, down to ``depth``) and its roots (the target and the declarations merged with it,
    the class a constructor builds, and the members a TypeScript member shares a declaration
    with: ``related``, else ``related_callers``)."""
    langs = target.family
    roots = {target.key}
    if direction == "callers":
        rows = graph.callers_walk(
            conn, target.key, target.name, depth=depth, languages=langs,
            by_name=prec.by_name, cap=WALK_CAP,
            everywhere=prec.everywhere,
        )  # fmt: skip
        others = list(related_callers(conn, target) if related is None else related)
        others.extend((key, target.name) for key in target.merged)
        # constructions: ``new Query(...)``, ``Query(...)`` call the class
        others.extend(_constructed_classes(conn, target))
        for key, name in others:
            roots.add(key)
            more = graph.callers_walk(
                conn, key, name, depth=depth, languages=langs, by_name=prec.by_name,
                cap=WALK_CAP,
            )  # fmt: skip
            rows = list(dict.fromkeys([*rows, *more]))
        parts, getter = graph.property_parts(conn, target.key)
        if parts:
            rows = _with_reads(conn, parts, getter, rows, depth, langs, prec)
            roots.update(parts)
        if others or parts:  # one walk's order: by level, then call site
            rows.sort(key=lambda r: (r.depth, r.site_file, r.site_line, r.site_col))
    else:
        rows = graph.callees_walk(
            conn, target.key, depth=depth, languages=langs, by_name=prec.by_name, cap=WALK_CAP
        )
    return rows, roots


def _with_reads(
    conn: Reader,
    parts: list[str],
    getter: bool,
    rows: list[CallSite],
    depth: int,
    langs: tuple[str, ...],
    prec: Precision,
) -> list[CallSite]:
    """A property's walk with its uses as calls (``graph.property_reads``; ``parts``: its
    getter, setter, deleter; a ``getter``'s callers read it, the others' also assign it): the
    functions that use it at level 1, their callers above."""
    reads = graph.property_reads(conn, parts, writes=not getter, cap=WALK_CAP)
    found = [*rows, *reads]
    if depth > 1:
        readers = {r.key: r.name or "" for r in reads if r.key is not None}
        for key, name in readers.items():
            above = graph.callers_walk(
                conn, key, name, depth=depth - 1, languages=langs, by_name=prec.by_name,
                cap=WALK_CAP,
            )  # fmt: skip
            found.extend(r._replace(depth=r.depth + 1) for r in above)
    return list(dict.fromkeys(found))


def levels_of(
    rows: list[CallSite], roots: set[str], direction: Direction, depth: int
) -> list[list[Node]]:
    """A walk's nodes by level (level 1 first), each at the first level it appears."""
    by_depth: dict[int, list[CallSite]] = {}
    for row in rows:
        by_depth.setdefault(row.depth, []).append(row)
    levels: list[list[Node]] = []
    seen: set[str] = set()
    previous: set[str] = roots
    for level in range(1, depth + 1):
        current: dict[tuple[str, str], Node] = {}
        for row in by_depth.get(level, ()):
            if row.via not in previous:
                continue
            identity = row.key if row.key is not None else _label(row, direction)[0]
            if identity in seen:
                continue
            via = None if level == 1 else row.via
            slot = (identity, via or "")
            node = current.get(slot)
            if node is not None:
                node.calls += 1
            else:
                label = _label(row, direction)[1]
                current[slot] = Node(identity, row.key, label, level, via, row)
        if not current:
            break
        seen.update(identity for identity, _ in current)
        levels.append(list(current.values()))
        previous = {n.identity for n in current.values() if n.key is not None}
        if not previous:
            break
    return levels


def _defined_for(conn: Reader, levels: list[list[Node]], languages: Sequence[str]) -> set[str]:
    """The identities of the callees the index holds no symbol for that the workspace may
    define (``_hop``): a member call (``adapter.send(...)``, the adapter's type not known to the
    server) of a name a workspace callable has; a bare call (``set(...)``) of a name a workspace
    function outside any type has (Django's ``cache.set`` methods make no builtin ``set()``
    call unresolved)."""
    loose = [n for level in levels for n in level if n.row.def_file is None]
    if not loose:
        return set()
    names = sorted({n.label for n in loose})
    named = navigation.types_named(conn, names, languages, CALLABLE_KINDS)
    anywhere = {str(r["name"]) for r in named}
    containers = navigation.symbols_by_keys(
        conn, sorted({str(r["container_key"]) for r in named if r["container_key"]})
    )
    in_types = {str(r["key"]) for r in containers if r["kind"] in type_walks.TYPE_KINDS}
    functions = {str(r["name"]) for r in named if r["container_key"] not in in_types}
    wanted = [n for n in loose if n.label in anywhere and n.label not in functions]
    contexts = navigation.site_contexts(conn, [(n.row.site_file, n.row.site_line) for n in wanted])
    defined = {n.identity for n in loose if n.label in functions}
    for n in wanted:
        line = contexts.get((n.row.site_file, n.row.site_line))
        if line is None or not _called_bare(n.label, line):
            defined.add(n.identity)
    return defined


def _called_bare(name: str, line: str) -> bool:
    """Whether ``line`` calls ``name`` by itself (``set(x)``), not as a member (``c.set(x)``)."""
    return re.search(rf"(?<![\w.]){re.escape(name)}\s*\(", line) is not None


def _hop(
    node: Node,
    direction: Direction,
    labels: dict[str, str],
    defined: set[str],
    locals_: dict[str, tuple[int, int]],
    externals: dict[str, tuple[str, int]],
) -> CallHop:
    """One entry of a level; a callee the index does not hold is ``external`` where the server
    located it outside the workspace (``externals``), a local where the call's file declares
    it (``local_callees``: ``locals_`` holds its identity), ``unresolved`` when the workspace
    may define it (``_defined_for``: ``defined`` holds its identity), else ``external`` (a
    library's)."""
    row = node.row
    local = locals_.get(node.identity) if direction == "callees" else None
    loose = direction == "callees" and row.def_file is None and local is None
    located = externals.get(node.identity)
    unresolved = loose and node.identity in defined and located is None
    external = loose and not unresolved
    at_definition = direction == "callees"
    def_file, def_line, kind = row.def_file, row.def_line, row.kind
    if local is not None:  # declared in the calling file
        def_file, def_line, kind = row.site_file, local[0], "local"
    return CallHop(
        depth=node.depth,
        method=node.label,
        kind=kind,
        file=def_file if at_definition else row.site_file,
        line=(def_line if located is None else None) if at_definition else row.site_line,
        via=labels.get(node.via) if node.via else None,
        call_file=row.site_file if at_definition else None,
        call_line=row.site_line if at_definition else None,
        call_col=row.site_col,
        calls=node.calls,
        external=external,
        location=library_location(*located) if located is not None else None,
        unresolved=unresolved,
    )


def calls(ws: Workspace, params: CallsInput, direction: Direction) -> CallsResult:
    with ws.index.connect() as conn:
        try:
            target = resolve(conn, ws, params, kinds=CALLABLE_KINDS)
        except (SymbolNotFound, NoSymbolAtPosition) as missing:
            library = _library_target(conn, ws, params, missing)
            if library is None:
                raise
            return _library_calls(conn, params, direction, library)
        if direction == "callers":  # calls into an overload set are keyed to one of its members
            target = sharing_references(conn, target, calls=True, root=ws.root)
        else:  # the calls an overload set makes are in its implementation's body
            target = implementation(conn, target, ws.root)
        prec = precision(conn, target)
        related = related_callers(conn, target) if direction == "callers" else []
        rebound = _bound_again(conn, ws, target) if direction == "callers" else []
        levels, capped = walk(conn, target, prec, direction, params.depth, related, rebound)
        extra = [f"the walk stopped at {WALK_CAP} call sites"] if capped else []
        if rebound:
            extra.append(
                f"includes the calls of {target.name} bound again in its scope "
                f"(line {', '.join(str(r.line) for r in rebound)}): a call may name either"
            )
        if related:
            extra.append(
                f"includes the callers of {shown_names(conn, [k for k, _ in related])}: "
                + _related_why(target.language)
            )
        prov = answer_provenance(conn, target, prec, extra)
        defined = _defined_for(conn, levels, target.family) if direction == "callees" else set()
        externals = (
            tool_queries.external_locations(
                conn, [n.key for level in levels for n in level if n.key and not n.row.def_file]
            )
            if direction == "callees"
            else {}
        )
    loose = [n for level in levels for n in level if n.key is None and n.row.def_file is None]
    locals_ = (
        local_callees(
            ws,
            target.language,
            [(n.identity, n.row.site_file, n.row.site_line, n.row.site_col) for n in loose],
        )
        if direction == "callees"
        else {}
    )
    labels = {n.identity: n.label for level in levels for n in level}
    out: list[CallLevel] = []
    for i, level in enumerate(levels, start=1):
        hops = [_hop(n, direction, labels, defined, locals_, externals) for n in level]
        out.append(
            CallLevel(
                depth=i,
                calls=hops[: params.limit],
                total=len(hops),
                truncated=len(hops) > params.limit,
            )
        )
    distinct = [len({n.identity for n in level}) for level in levels]
    return CallsResult(
        symbol=target.ref,
        direction=direction,
        depth=params.depth,
        mode=prec.mode,
        levels=out,
        direct=distinct[0] if distinct else 0,
        indirect=sum(distinct[1:]),
        truncated=capped or any(level.truncated for level in out),
        provenance=prov,
    )


def _library_target(
    conn: Reader, ws: Workspace, params: CallsInput, missing: QueryError
) -> Row | None:
    """The external symbol (a library's function or method the workspace calls) a name no
    workspace symbol has names (``json.dumps``), or the call at a position was led to; None:
    none. Several libraries' of one name are ambiguous."""
    if isinstance(missing, NoSymbolAtPosition):
        site = missing.site
        key = led_to(conn, site, file_lines(ws, site[0])) if site is not None else None
        return tool_queries.external_symbol(conn, key) if key is not None else None
    return the_external(conn, params.symbol) if params.symbol is not None else None


def _library_calls(
    conn: Reader, params: CallsInput, direction: Direction, library: Row
) -> CallsResult:
    """The calls of a library's function or method: its callers are the calls the servers'
    outgoing calls led to it (``graph.library_calls``) and, up to ``depth``, their callers in
    the workspace; it has no callees the index holds (a library's code is not walked)."""
    ref, where = external_ref(library)
    key = str(library["key"])
    rows: list[CallSite] = []
    if direction == "callers":
        rows = graph.library_calls(conn, key, cap=WALK_CAP)
        callers = {r.key: r.name or "" for r in rows if r.key is not None}
        for caller, name in callers.items() if params.depth > 1 else ():
            above = graph.callers_walk(
                conn, caller, name, depth=params.depth - 1, languages=(), by_name=False,
                cap=WALK_CAP,
            )  # fmt: skip
            rows.extend(r._replace(depth=r.depth + 1) for r in above)
        rows = list(dict.fromkeys(rows))
    levels = levels_of(rows, {key}, direction, params.depth)
    labels = {n.identity: n.label for level in levels for n in level}
    out = [
        CallLevel(
            depth=i,
            calls=[_hop(n, direction, labels, set(), {}, {}) for n in level[: params.limit]],
            total=len(level),
            truncated=len(level) > params.limit,
        )
        for i, level in enumerate(levels, start=1)
    ]
    note = (
        f"{ref.name} is a library's, outside the workspace ({where}): its callers are the calls "
        "the language servers' outgoing calls led there"
        if direction == "callers"
        else f"{ref.name} is a library's, outside the workspace ({where}): its code is not "
        "indexed, so the index holds none of its calls"
    )
    prov = provenance(conn, ["lsp"], sorted({r.site_file for r in rows}))
    distinct = [len({n.identity for n in level}) for level in levels]
    return CallsResult(
        symbol=ref,
        direction=direction,
        depth=params.depth,
        mode="semantic",
        levels=out,
        direct=distinct[0] if distinct else 0,
        indirect=sum(distinct[1:]),
        truncated=capped(rows) or any(level.truncated for level in out),
        provenance=prov.model_copy(update={"notes": [note, *prov.notes]}),
    )


def _related_why(language: str | None) -> str:
    if language in TSGO_LANGUAGES:
        return (
            "members it shares a declaration with up the type hierarchy, whose calls "
            "TypeScript's server counts as its incoming calls"
        )
    if language == "python":
        return FALLBACK_WHY
    return implementing_why("incoming calls")


def callers(ws: Workspace, params: CallsInput) -> CallsResult:
    return calls(ws, params, "callers")


def callees(ws: Workspace, params: CallsInput) -> CallsResult:
    return calls(ws, params, "callees")
