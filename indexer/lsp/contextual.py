"""The type an object literal nested in another takes from its context, asked of the server.

Tree-sitter relates an object literal to the type its variable is declared with (``const t:
Combined = { ... }``) or its function returns (``@reference.typed``, ``@reference.returned``),
so that the object's members are relatives of the type's. An object held by a property of that
object (tRPC's ``defaultTransformer: CombinedDataTransformer = { output: { serialize: (o) =>
o } }``) takes the type of the type's property (``CombinedDataTransformer.output:
OutputDataTransformer``), which tree-sitter cannot know; tsgo's references of
``OutputDataTransformer.serialize`` list the nested ``serialize``. A definition request at a
member of a nested object answers the contextual type's member (tsgo), whose container the
nested object then implements: an ``implements`` edge from the property holding the object
(``defaultTransformer.output``) to it, resolved.

So does an object a variable, property or field holds when its declaration names a type
(``const o: T = {...}``): where the type maps another's members (``Omit<Required<Options>,
'key'>``, or an alias of such a type), tree-sitter relates the object to the type written, not
to ``Options``, whose members its keys are (tsgo's references list them). A type named at the
top of the annotation (``T``, ``A & B``, ``T<X>``) is tree-sitter's edge already.
"""

from __future__ import annotations

import asyncio
import re

from lsprotocol import types as lsp

from lsai.indexer.lsp import passes
from lsai.indexer.lsp.documents import locations
from lsai.indexer.lsp.symbols import CALLABLE_KINDS, FileSymbols, unquoted
from lsai.storage import keys
from lsai.storage.records import Span, SymbolRecord, TypeEdgeRecord

_HOLDERS = frozenset({"property", "field"})
_TYPED_HOLDERS = frozenset({"variable", "constant", "property", "field"})
_ANNOTATION = re.compile(r"\s*[!?]?\s*:(?P<type>.*?)=\s*[{\[]", re.DOTALL)
"""A declaration's type annotation, between the name and the object (or array of objects)."""
_ARGUMENTS = re.compile(r"<[^<>]*>")
_NAMES = re.compile(r"[A-Za-z0-9_$]+")
_LAST_NAME = re.compile(r"(`(?:[^`]|``)*`|[A-Za-z0-9_$]+)(?:\[\+\d+\])?[#.]$")
"""The name of a key's last descriptor, when it is a type or a term."""


async def nested_objects(context: passes.Context, found: FileSymbols) -> None:
    """The ``implements`` edges of one file's nested object literals and of those declared with
    a type (but to the type written, tree-sitter's edge): each member of one asks its
    definition, and the container of the namesake member it lands on (not itself) is a type the
    object implements; and the members the methods of a literal passed to a call implement
    (``_argument_methods``)."""
    by_key = {s.key: s for s in found.symbols}
    typed = _annotations(context, found, by_key)
    asked = [
        (s, by_key[s.container_key or ""])
        for s in found.symbols
        if _nested(s, by_key) or s.container_key in typed
    ]
    answers, _ = await asyncio.gather(  # the methods' requests in flight with these
        asyncio.gather(*(_typed_by(context, found, s) for s, _ in asked)),
        _argument_methods(context, found, by_key),
    )
    edges = context.file(found.path).type_edges
    for (_, holder), targets in zip(asked, answers, strict=True):
        for target in targets:
            name = _LAST_NAME.search(target)
            if name is None or target == holder.key:
                continue
            written = name.group(1)
            if written.startswith("`"):
                written = written[1:-1].replace("``", "`")
            if written in typed.get(holder.key, ()):
                continue  # the type written: tree-sitter's edge
            edge = TypeEdgeRecord(
                holder.key, "implements", written, holder.name_span.start_line, target
            )
            if edge not in edges:
                edges.append(edge)


def _annotations(
    context: passes.Context, found: FileSymbols, by_key: dict[str, SymbolRecord]
) -> dict[str, frozenset[str]]:
    """The holders of object literals declared with a type (key -> the names at the top of
    the annotation, tree-sitter's edges): read between the holder's name and its first
    member's."""
    first: dict[str, SymbolRecord] = {}
    for s in found.symbols:
        holder = by_key.get(s.container_key or "")
        if holder is None or holder.kind not in _TYPED_HOLDERS:
            continue
        seen = first.get(holder.key)
        if seen is None or _start(s) < _start(seen):
            first[holder.key] = s
    out: dict[str, frozenset[str]] = {}
    for key, member in first.items():
        name, at = by_key[key].name_span, member.name_span
        between = Span(name.end_line, name.end_col, at.start_line, at.start_col)
        if (name.end_line, name.end_col) <= _start(member):
            annotation = _ANNOTATION.match(context.documents.text_between(found.path, between))
            if annotation is not None:
                out[key] = _top_names(annotation["type"])
    return out


def _start(symbol: SymbolRecord) -> tuple[int, int]:
    return symbol.name_span.start_line, symbol.name_span.start_col


def _top_names(annotation: str) -> frozenset[str]:
    """The names of an annotation outside its type arguments (``Omit<Required<O>, 'k'>``:
    ``Omit``; ``ns.A & B<T>``: ``ns``, ``A``, ``B``)."""
    while True:
        stripped = _ARGUMENTS.sub("", annotation)
        if stripped == annotation:
            return frozenset(_NAMES.findall(stripped))
        annotation = stripped


def _nested(symbol: SymbolRecord, by_key: dict[str, SymbolRecord]) -> bool:
    """Whether ``symbol`` is a member of an object literal a property holds: its container is
    a property of something that is neither a type nor a callable (a property of an interface
    holds a type literal, whose members the server answers as themselves)."""
    holder = by_key.get(symbol.container_key or "")
    if holder is None or holder.kind not in _HOLDERS or holder.container_key is None:
        return False
    outer = by_key.get(holder.container_key)
    return outer is not None and keys.is_term(outer.key)


async def _argument_methods(
    context: passes.Context, found: FileSymbols, by_key: dict[str, SymbolRecord]
) -> None:
    """The members each method of an object literal no symbol holds implements: an object
    passed to a call (@tanstack/store's ``createReactiveSystem({ update(atom) {...} })`` of
    ``function createReactiveSystem({ update }: { update(sub: ReactiveNode): boolean })``),
    whose method tsgo's definition answers as the parameter type's member and its references
    of that member list. The method's name is a reference of that member too."""
    loose = [
        s
        for s in found.symbols
        if s.kind == "method"
        and (s.container_key is None or by_key[s.container_key].kind in CALLABLE_KINDS)
    ]
    answers = await asyncio.gather(*(_members_at(context, found, s) for s in loose))
    for symbol, members in zip(loose, answers, strict=True):
        for member, _ in members:
            passes.record_reference(context, found.path, symbol.name_span, member)


async def _typed_by(context: passes.Context, found: FileSymbols, symbol: SymbolRecord) -> set[str]:
    """The keys of the containers of the members the server's definition at ``symbol``'s name
    lands on (``_members_at``), held by a type or a term (not a callable)."""
    return {
        container
        for _, container in await _members_at(context, found, symbol)
        if container.endswith("#") or keys.is_term(container)
    }


async def _members_at(
    context: passes.Context, found: FileSymbols, symbol: SymbolRecord
) -> list[tuple[SymbolRecord, str]]:
    """The members the server's definition at ``symbol``'s name lands on, with their
    containers' keys: namesakes, not ``symbol`` itself."""
    documents = context.documents
    params = lsp.DefinitionParams(
        text_document=lsp.TextDocumentIdentifier(uri=documents.uri(found.path)),
        position=found.positions[symbol.key],
    )
    result = await context.client.request(lsp.TEXT_DOCUMENT_DEFINITION, params)
    out: list[tuple[SymbolRecord, str]] = []
    for uri, range_ in locations(result):
        path = documents.path_of(uri)
        member = context.named_at(path, range_) if path is not None else None
        if member is None or member.key == symbol.key:
            continue
        if unquoted(member.name) != unquoted(symbol.name):
            continue
        at = member.key.rfind(keys.escape_name(member.name))
        out.append((member, member.key[:at] if at > 0 else ""))
    return out
