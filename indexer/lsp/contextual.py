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
"""

from __future__ import annotations

import asyncio
import re

from lsprotocol import types as lsp

from lsai.indexer.lsp import passes
from lsai.indexer.lsp.documents import locations
from lsai.indexer.lsp.symbols import FileSymbols, unquoted
from lsai.storage import keys
from lsai.storage.records import SymbolRecord, TypeEdgeRecord

_HOLDERS = frozenset({"property", "field"})
_LAST_NAME = re.compile(r"(`(?:[^`]|``)*`|[A-Za-z0-9_$]+)(?:\[\+\d+\])?[#.]$")
"""The name of a key's last descriptor, when it is a type or a term."""


async def nested_objects(context: passes.Context, found: FileSymbols) -> None:
    """The ``implements`` edges of one file's nested object literals: each member of one asks
    its definition, and the container of the namesake member it lands on (not itself) is a
    type the object implements."""
    by_key = {s.key: s for s in found.symbols}
    asked = [(s, by_key[s.container_key or ""]) for s in found.symbols if _nested(s, by_key)]
    answers = await asyncio.gather(*(_typed_by(context, found, s) for s, _ in asked))
    edges = context.file(found.path).type_edges
    for (_, holder), targets in zip(asked, answers, strict=True):
        for target in targets:
            name = _LAST_NAME.search(target)
            if name is None or target == holder.key:
                continue
            written = name.group(1)
            if written.startswith("`"):
                written = written[1:-1].replace("``", "`")
            edge = TypeEdgeRecord(
                holder.key, "implements", written, holder.name_span.start_line, target
            )
            if edge not in edges:
                edges.append(edge)


def _nested(symbol: SymbolRecord, by_key: dict[str, SymbolRecord]) -> bool:
    """Whether ``symbol`` is a member of an object literal a property holds: its container is
    a property of something that is neither a type nor a callable (a property of an interface
    holds a type literal, whose members the server answers as themselves)."""
    holder = by_key.get(symbol.container_key or "")
    if holder is None or holder.kind not in _HOLDERS or holder.container_key is None:
        return False
    outer = by_key.get(holder.container_key)
    return outer is not None and keys.is_term(outer.key)


async def _typed_by(context: passes.Context, found: FileSymbols, symbol: SymbolRecord) -> set[str]:
    """The keys of the containers of the members the server's definition at ``symbol``'s name
    lands on: namesakes, not ``symbol`` itself, held by a type or a term (not a callable)."""
    documents = context.documents
    params = lsp.DefinitionParams(
        text_document=lsp.TextDocumentIdentifier(uri=documents.uri(found.path)),
        position=found.positions[symbol.key],
    )
    result = await context.client.request(lsp.TEXT_DOCUMENT_DEFINITION, params)
    out: set[str] = set()
    for uri, range_ in locations(result):
        path = documents.path_of(uri)
        member = context.named_at(path, range_) if path is not None else None
        if member is None or member.key == symbol.key:
            continue
        if unquoted(member.name) != unquoted(symbol.name):
            continue
        at = member.key.rfind(keys.escape_name(member.name))
        container = member.key[:at] if at > 0 else ""
        if container.endswith("#") or keys.is_term(container):
            out.add(container)
    return out
