"""What a server's outline lists that is not what it declares: aliases, functions in variables,
names the server invents.

TypeScript's server lists every import and re-export (``import { a as b }``, ``export { x } from``,
``const { f } = require(...)``) as a variable of the file, and ``const f = () => ...`` as a
variable where tree-sitter and a reader see a function. Adapters say which checks apply
(``alias_kinds``, ``callable_hint``, ``synthetic_names``); each check asks the server:

- an *alias* is a symbol of an alias kind, top-level or a namespace's (``export { type X as X }``
  in ``declare namespace``, as the OpenAI SDK re-exports every type) or a class's (the SDK's
  ``OpenAI.Files = Files``), whose definition does not include itself: it is taken out of the
  outline and kept as an ``Alias`` with where its definition points;
- a variable whose declaration matches ``callable_hint`` and that the call hierarchy prepares as a
  function is a function (a method in a class), so its key is the one tree-sitter gives it;
- a name matching ``synthetic_names`` (``items.map() callback``) declares nothing: dropped, with
  what it holds.

After the references pass each alias is resolved to the symbol it names, following definitions
at most ``HOPS`` times (CommonJS ``module.exports = { f }``: the importer's definition is the
property, whose definition is the function). When that symbol's references did not reach the
alias (TypeScript does not follow ``require`` from the exporting side: microsoft/TypeScript#22205,
#44832), the alias's own references are asked and keyed to the symbol.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from lsprotocol import types as lsp

from lsai.indexer.lsp.adapters import ServerAdapter
from lsai.indexer.lsp.client import LspClient
from lsai.indexer.lsp.documents import (
    Documents,
    locations,
    lsp_position,
    lsp_range,
    same_position,
)
from lsai.indexer.lsp.symbols import Alias, Node, SymbolIndex
from lsai.storage.records import SymbolRecord

HOPS = 3
HINT_LINES = 8
VARIABLE_KINDS = frozenset({"variable", "constant", "property", "field"})
CLASS_KINDS = frozenset({"class", "interface", "struct"})
NAMESPACE_KINDS = frozenset({"namespace", "module"})
CALLABLE_ITEM_KINDS = frozenset(
    {lsp.SymbolKind.Function, lsp.SymbolKind.Method, lsp.SymbolKind.Constructor}
)
Locations = list[tuple[str, lsp.Range]]


class Refiner:
    """The adapter's outline checks for one file."""

    def __init__(
        self,
        adapter: ServerAdapter,
        client: LspClient,
        documents: Documents,
        path: str,
        declared: Collection[tuple[int, int]] = (),
        callables: Collection[tuple[int, int]] = (),
    ) -> None:
        self.declared = declared
        self.callables = callables
        self.alias_kinds = adapter.alias_kinds
        self.hint = re.compile(adapter.callable_hint) if adapter.callable_hint else None
        self.synthetic = re.compile(adapter.synthetic_names) if adapter.synthetic_names else None
        self.client, self.documents, self.path = client, documents, path
        self.aliases: list[Alias] = []

    @staticmethod
    def needed(adapter: ServerAdapter) -> bool:
        return bool(adapter.alias_kinds or adapter.callable_hint or adapter.synthetic_names)

    async def refine(self, nodes: list[Node], *, top: bool = True, in_class: bool = False) -> None:
        """Correct ``nodes`` in place (and their children); aliases go to ``self.aliases``.
        ``top``: the nodes are the file's or a namespace's, where aliases are; ``in_class``: a
        class's, where an alias is a variable (``OpenAI.Embeddings = Embeddings`` after
        ``class OpenAI``, declared by the re-export ``export { Embeddings as Embeddings }`` of
        ``declare namespace OpenAI``: tsgo lists the property under the class, and its
        definition is the class it is assigned)."""
        kept: list[Node] = []
        for node in nodes:
            if self.synthetic is not None and self.synthetic.search(node.name):
                continue
            if (top or in_class) and node.kind in self.alias_kinds and await self._alias(node):
                continue
            if node.kind in VARIABLE_KINDS and await self._callable(node):
                node.kind = "method" if in_class else "function"
            await self.refine(
                node.children,
                top=node.kind in NAMESPACE_KINDS,
                in_class=node.kind in CLASS_KINDS,
            )
            kept.append(node)
        nodes[:] = kept

    async def _alias(self, node: Node) -> bool:
        span = self.documents.span(self.path, node.selection)
        if (span.start_line, span.start_col) in self.declared:
            return False  # tree-sitter's declaration of the name: not an import or re-export
        start = lsp_position(node.selection.start)
        targets = await definition(self.client, self.documents.uri(self.path), start)
        if not targets or any(_at(u, r, self.documents.uri(self.path), start) for u, r in targets):
            return False
        self.aliases.append(Alias(self.path, node.name, span, start, tuple(targets)))
        return True

    async def _callable(self, node: Node) -> bool:
        if self.hint is None:
            return False
        span = self.documents.span(self.path, node.selection)
        if (span.start_line, span.start_col) in self.callables:
            return True  # tree-sitter's function (``const f = (...) => ...``): no need to ask
        if not self.hint.search(self._declaration(node)):
            return False
        params = lsp.CallHierarchyPrepareParams(
            text_document=lsp.TextDocumentIdentifier(uri=self.documents.uri(self.path)),
            position=lsp_position(node.selection.start),
        )
        items = await self.client.request(lsp.TEXT_DOCUMENT_PREPARE_CALL_HIERARCHY, params)
        return any(
            item.kind in CALLABLE_ITEM_KINDS
            and same_position(item.selection_range.start, node.selection.start)
            for item in items or []
        )

    def _declaration(self, node: Node) -> str:
        """The lines of the node's range, at most the first ``HINT_LINES`` (the head of the
        declaration); a cheap filter only: the call hierarchy decides."""
        lines = self.documents.lines(self.path)
        first = node.range.start.line
        last = min(node.range.end.line, first + HINT_LINES - 1)
        return "\n".join(lines[first : last + 1])


async def definition(client: LspClient, uri: str, position: lsp.Position) -> Locations:
    params = lsp.DefinitionParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri), position=position
    )
    answer = await client.request(lsp.TEXT_DOCUMENT_DEFINITION, params)
    return [(uri, lsp_range(range_)) for uri, range_ in locations(answer)]


def _at(uri: str, range_: lsp.Range, home: str, position: lsp.Position) -> bool:
    return uri == home and range_.start == position


async def resolve(
    client: LspClient,
    documents: Documents,
    index: SymbolIndex,
    alias: Alias,
) -> tuple[str, SymbolRecord] | None:
    """The symbol ``alias`` names and its path: the first of its definitions that is a known
    symbol's name, or the statement exporting a module whole (``var f = require('./m')`` of
    ``module.exports = function () {}``: ``SymbolIndex.default_export``), following
    definitions through other aliases at most ``HOPS`` times; ``None`` when it names nothing
    lsai indexes (a module, a package outside the workspace)."""
    targets: Locations = list(alias.targets)
    visited = {(documents.uri(alias.path), alias.position.line, alias.position.character)}
    for _ in range(HOPS):
        following: Locations = []
        for uri, range_ in targets:
            path = documents.path_of(uri)
            if path is None:
                continue  # outside the workspace
            span = documents.span(path, range_)
            if range_.end.line == range_.start.line:
                symbol = index.named_at(path, span)
            else:  # no name: a whole module (``import * as``), or the statement exporting it
                symbol = index.default_export(path, span, documents.lines(path))
                if symbol is None:
                    continue
            if symbol is not None:
                return path, symbol
            start = range_.start
            exported = index.exported_name(span, documents.lines(path))
            if exported is not None:  # `module.exports = X;`: where X is defined
                start = documents.position(path, exported.start_line, exported.start_col)
            here = (uri, start.line, start.character)
            if here not in visited:
                visited.add(here)
                following.extend(await definition(client, uri, start))
        targets = following
    return None
