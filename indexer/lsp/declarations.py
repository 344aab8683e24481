"""After the references pass: one entity per declaration group, one symbol per reference site.

**Declarations (C, C++).** A function declared in a header and defined in a source file is one
entity with two names in the outline, each with its own key, and clangd answers the same
references for both. lsai keeps one: two symbols are one entity when the server's definition of
each points at exactly the other (clangd toggles between a declaration and its definition). The
member that defines it is canonical (a body or an initializer after its name, no ``extern``
before it; else the largest span): every occurrence of the group points at its key, and the
other members' names become ``declaration`` occurrences of it (``merge.merge`` stores no
symbol for them, and the entity takes a declaration's documentation when it has none). An
override is not merged with what it overrides: the definition of a virtual method lists its
overrides too, so it never points at exactly one other symbol.

**Sites.** clangd lists a call of an override under the overridden method's references too, and
gopls lists a call of a concrete method under the interface method's. Where the references of
several symbols claim one site, lsai asks the server's definition at that site and keeps the
symbol it names (all of them when it names none of them, or names a macro: a use of
``#define State StateInternal`` is one of ``StateInternal`` too, as clangd's references say).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from typing import TypeVar

from lsprotocol import types as lsp

from lsai.indexer.lsp.documents import Documents, locations
from lsai.indexer.lsp.passes import Context
from lsai.indexer.lsp.symbols import CALLABLE_KINDS
from lsai.storage.keys import template_of
from lsai.storage.records import FileIndex, OccurrenceRecord, Span, SymbolRecord

T = TypeVar("T")
Guarded = Callable[[str, Awaitable[T]], Awaitable[T | None]]
At = tuple[int, int]  # line, column


async def settle(context: Context, guarded: Guarded[None], *, merge: bool) -> None:
    """Merge declaration groups (when ``merge``), then settle sites claimed by several symbols."""
    canonical: dict[str, str] = {}
    if merge:
        _constructor_sites(context)
        canonical = await _groups(context, guarded)
        _rekey(context, canonical)
        _drop_overrides(context)
    await _settle_sites(context, guarded, canonical)


_QUALIFIERS = re.compile(r"(?:\w+(?:<[^<>]*>)?::)+")


def _constructor_sites(context: Context) -> None:
    """clangd puts a constructor's reference at the start of ``geo::Circle(...)``; tree-sitter's
    call site and the class's reference are at ``Circle``: move it there."""
    homes = _homes(context)
    documents = context.documents
    for path, data in _files(context):
        lines = documents.lines(path)
        for index, o in enumerate(data.occurrences):
            home = homes.get(o.symbol_key or "")
            if home is None or home[1].kind != "constructor" or o.name == home[1].name:
                continue
            name, line = home[1].name, o.span.start_line
            text = lines[line - 1] if line <= len(lines) else ""
            qualifiers = _QUALIFIERS.match(text, o.span.start_col - 1)
            col = qualifiers.end() + 1 if qualifiers else o.span.start_col
            if text.startswith(name, col - 1):
                span = Span(line, col, line, col + len(name))
                data.occurrences[index] = replace(o, span=span, name=name)


async def _definitions(context: Context, path: str, line: int, col: int) -> list[SymbolRecord]:
    """The symbols named where the server's definition of ``path:line:col`` points."""
    documents = context.documents
    params = lsp.DefinitionParams(
        text_document=lsp.TextDocumentIdentifier(uri=documents.uri(path)),
        position=documents.position(path, line, col),
    )
    result = await context.client.request(lsp.TEXT_DOCUMENT_DEFINITION, params)
    found: list[SymbolRecord] = []
    for uri, range_ in locations(result):
        target_path = documents.path_of(uri)
        if target_path is not None:
            named = context.index.named_at(target_path, documents.span(target_path, range_))
            if named is not None:
                found.append(named)
    return found


def _files(context: Context) -> Iterable[tuple[str, FileIndex]]:
    yield from context.run.files.items()
    yield from context.run.outside.items()


def _homes(context: Context) -> dict[str, tuple[str, SymbolRecord]]:
    return {s.key: (path, s) for path, f in context.symbols.items() for s in f.symbols}


async def _groups(context: Context, guarded: Guarded[None]) -> dict[str, str]:
    """key -> canonical key, for every symbol of a declaration group of two or more."""
    homes = _homes(context)
    targets: dict[str, set[str]] = {}

    async def ask(key: str) -> None:
        path, symbol = homes[key]
        span = symbol.name_span
        found = await _definitions(context, path, span.start_line, span.start_col)
        targets[key] = {s.key for s in found}

    for key in sorted(_candidates(context) & homes.keys()):
        await guarded(homes[key][0], ask(key))
    canonical = _typedef_groups(context)
    for group in _union(targets):
        best = max(group, key=lambda k: _defining(context, *homes[k]))  # equals: by key
        canonical.update((k, best) for k in group)
    return {key: _last(canonical, key) for key in canonical}


def _last(canonical: dict[str, str], key: str) -> str:
    """Where ``key`` ends following ``canonical``: a typedef's struct may itself be merged
    with the struct of another file (clangd: one entity for one tag across translation units)."""
    seen = {key}
    while canonical.get(key, key) not in seen:
        key = canonical[key]
        seen.add(key)
    return key


def _typedef_groups(context: Context) -> dict[str, str]:
    """``typedef struct point {...} point;``: the typedef names the struct it holds by the
    struct's own name; clangd answers two symbols, a C programmer means one. The struct is
    canonical (it holds the fields), the typedef's name a declaration of it. So is a typedef
    of a struct defined later in the file (``typedef struct ctx_s ctx_s;``), or in another
    file when one struct of the session has that name (an opaque type: the header declares
    it, a source file defines it)."""
    canonical: dict[str, str] = {}
    documents = context.documents
    tags = _tags(context)
    for path, found in context.symbols.items():
        by_name: dict[tuple[str | None, str], list[SymbolRecord]] = {}
        for s in found.symbols:
            by_name.setdefault((s.container_key, s.name), []).append(s)
        for same in by_name.values():
            for outer in same:
                if not _typedef(documents, path, outer):
                    continue
                inner = [s for s in same if s is not outer and outer.span.holds(s.span)]
                if not inner and _TAG.match(documents.text_between(path, outer.span)):
                    # typedef struct ctx_s ctx_s; ... struct ctx_s {
                    inner = [s for s in same if s is not outer and not _typedef(documents, path, s)]
                    if not inner and outer.container_key is None:  # ... in another file
                        inner = tags.get(outer.name, [])
                if len(inner) == 1:
                    canonical[outer.key] = canonical[inner[0].key] = inner[0].key
    return canonical


_TAG = re.compile(r"typedef\s+(?:struct|union|enum)\s+\w+\s+\w+$")
_TAG_KINDS = frozenset({"struct", "class", "enum"})


def _tags(context: Context) -> dict[str, list[SymbolRecord]]:
    """The top-level structs, unions and enums of the session by name, not typedefs: the one
    a header's ``typedef struct ctx_s ctx_s;`` names when a source file defines it."""
    found: dict[str, list[SymbolRecord]] = {}
    for path, symbols in context.symbols.items():
        for s in symbols.symbols:
            top = s.container_key is None and s.kind in _TAG_KINDS
            if top and not _typedef(context.documents, path, s):
                found.setdefault(s.name, []).append(s)
    return found


def _typedef(documents: Documents, path: str, symbol: SymbolRecord) -> bool:
    """Whether ``symbol``'s declaration starts with ``typedef`` (read on its first line)."""
    lines, span = documents.lines(path), symbol.span
    first = lines[span.start_line - 1] if span.start_line <= len(lines) else ""
    return _TYPEDEF.match(first, span.start_col - 1) is not None


_TYPEDEF = re.compile(r"typedef\b")


def _candidates(context: Context) -> set[str]:
    """Symbols whose references reach another symbol's name: maybe one entity."""
    found: set[str] = set()
    for path, data in _files(context):
        for o in data.occurrences:
            named = context.index.named_at(path, o.span)
            if o.symbol_key and named is not None and named.key != o.symbol_key:
                found.update((o.symbol_key, named.key))
    return found


def _union(targets: dict[str, set[str]]) -> list[list[str]]:
    """Groups of symbols whose definitions point at exactly one other symbol of the group."""
    parent: dict[str, str] = {}

    def root(key: str) -> str:
        while parent.get(key, key) != key:
            key = parent[key]
        return key

    for key, found in sorted(targets.items()):
        other = next(iter(found)) if len(found) == 1 else None
        if other is not None and other != key and len(targets.get(other, ())) == 1:
            parent[root(key)] = root(other)
    members: dict[str, set[str]] = {}
    for key in parent:
        members.setdefault(root(key), {root(key)}).add(key)
    return [sorted(group) for group in members.values()]


_EXTERN = re.compile(r"\bextern\b")


def _defining(context: Context, path: str, symbol: SymbolRecord) -> tuple[bool, bool, At]:
    """How surely ``symbol`` is its group's definition: it has a body or an initializer after
    its name (``{``, ``=``), it is not declared ``extern``, its span is larger."""
    text = context.documents.text_between
    span, name = symbol.span, symbol.name_span
    before = text(path, Span(span.start_line, span.start_col, name.start_line, name.start_col))
    after = text(path, Span(name.end_line, name.end_col, span.end_line, span.end_col))
    size = (span.end_line - span.start_line, span.end_col - span.start_col)
    return "{" in after or "=" in after, _EXTERN.search(before) is None, size


def _rekey(context: Context, canonical: dict[str, str]) -> None:
    """Point every occurrence of a group at its canonical key; the other members' names are
    declarations of it. One occurrence per site and key."""
    named = {
        (path, s.name_span): (canonical[s.key], canonical[s.key] == s.key)
        for path, f in context.symbols.items()
        for s in f.symbols
        if s.key in canonical
    }
    for path, data in _files(context):
        kept: list[OccurrenceRecord] = []
        seen: set[tuple[int, int, str | None]] = set()
        for o in data.occurrences:
            key = canonical.get(o.symbol_key or "", o.symbol_key)
            role = o.role
            here = named.get((path, o.span))
            if here is not None and here[0] == key:
                role = "definition" if here[1] else "declaration"
            site = (o.span.start_line, o.span.start_col, key)
            if site in seen:
                continue
            seen.add(site)
            same = (key, role) == (o.symbol_key, o.role)
            kept.append(o if same else replace(o, symbol_key=key, role=role))
        data.occurrences = kept


def _drop_overrides(context: Context) -> None:
    """clangd's references of a virtual method list the names of its overrides and of what it
    overrides (``Circle::area`` at ``Shape::area``'s declaration, and back): a method's name
    declares that method alone. Left in, the merge read each as a declaration of the other and
    kept the override's header declaration as a symbol apart from its definition."""
    homes = _homes(context)
    for _, data in _files(context):
        declared = {
            (o.span.start_line, o.span.start_col): o.symbol_key
            for o in data.occurrences
            if o.role in ("definition", "declaration") and o.symbol_key
        }
        data.occurrences = [o for o in data.occurrences if not _overrides(o, declared, homes)]


def _overrides(
    o: OccurrenceRecord,
    declared: dict[At, str],
    homes: dict[str, tuple[str, SymbolRecord]],
) -> bool:
    """Whether ``o`` is a method's reference at the name of another method of its name."""
    other = declared.get((o.span.start_line, o.span.start_col))
    if o.role != "reference" or other is None or other == o.symbol_key:
        return False
    mine, theirs = homes.get(o.symbol_key or ""), homes.get(other)
    return (
        mine is not None
        and theirs is not None
        and mine[1].name == theirs[1].name
        and mine[1].kind in CALLABLE_KINDS
        and theirs[1].kind in CALLABLE_KINDS
    )


async def _settle_sites(
    context: Context, guarded: Guarded[None], canonical: dict[str, str]
) -> None:
    """Where several keys claim one reference site, keep those the server's definition names
    (a class and one of its constructors: the constructor, it is a construction; a field and a
    constructor: both, a member initializer constructing the field)."""
    homes = _homes(context)
    for path, data in _files(context):
        claims: dict[At, set[str]] = {}
        for o in data.occurrences:
            if o.symbol_key and o.role == "reference":
                claims.setdefault((o.span.start_line, o.span.start_col), set()).add(o.symbol_key)
        disputed = {at: keys for at, keys in claims.items() if len(keys) > 1}
        if not disputed:
            continue
        chosen = {
            at: made
            for at, keys in disputed.items()
            if (made := _construction(keys, homes) or _initialized(keys, homes))
        }

        async def decide(at: At, path: str = path, chosen: dict[At, set[str]] = chosen) -> None:
            named = await _definitions(context, path, *at)
            if any(s.kind == "macro" for s in named):
                return  # the macro is spelled there, the others are what it expands to
            chosen[at] = {canonical.get(s.key, s.key) for s in named}

        for at in sorted(disputed.keys() - chosen.keys()):
            await guarded(path, decide(at))
        data.occurrences = [o for o in data.occurrences if _kept(o, disputed, chosen)]


def _construction(keys: set[str], homes: dict[str, tuple[str, SymbolRecord]]) -> set[str]:
    """Of a class and one constructor of it (named like it, or like the template it specializes:
    ``simd<int>``'s ``simd()``) claiming one site: the constructor."""
    symbols = [homes[k][1] for k in sorted(keys) if k in homes]
    made = {s.key for s in symbols if s.kind == "constructor"}
    names = {template_of(s.name) for s in symbols}
    return made if len(made) == 1 and len(symbols) == 2 and len(names) == 1 else set()


def _initialized(keys: set[str], homes: dict[str, tuple[str, SymbolRecord]]) -> set[str]:
    """Of a field and a constructor claiming one site: both. A member initializer constructing
    the field (annoy HammingWrapper's ``_index((f + 63) / 64)``) is a use of the field and a call
    of the constructor; the server's definition there names the field alone, its references and
    incoming calls of the constructor list the site."""
    symbols = [homes[k][1] for k in sorted(keys) if k in homes]
    kinds = sorted(s.kind for s in symbols)
    return (
        set(keys) if len(symbols) == len(keys) == 2 and kinds == ["constructor", "field"] else set()
    )


def _kept(
    o: OccurrenceRecord,
    disputed: dict[At, set[str]],
    chosen: dict[At, set[str]],
) -> bool:
    at = (o.span.start_line, o.span.start_col)
    if at not in disputed or o.role != "reference":
        return True
    named = chosen.get(at, set()) & disputed[at]
    return not named or o.symbol_key in named
