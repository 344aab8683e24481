"""``textDocument/documentSymbol`` answers turned into lsai symbols with stable keys.

Keys are built exactly as the tree-sitter backend builds them (``storage.keys``: the container
chain of descriptors, the n-th later definition of a name in a container gets ``+n``), so a
definition has the same key whichever backend indexed it. Locals of functions (variables a server
lists inside a function body) are not symbols of the index, as in tree-sitter's outline.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from lsprotocol import types as lsp

from lsai.indexer.lsp.documents import Documents
from lsai.storage import keys
from lsai.storage.records import Span, SymbolRecord

K = lsp.SymbolKind
KIND_NAMES: dict[lsp.SymbolKind, str] = {
    K.File: "module",
    K.Module: "module",
    K.Namespace: "namespace",
    K.Package: "package",
    K.Class: "class",
    K.Method: "method",
    K.Property: "property",
    K.Field: "field",
    K.Constructor: "constructor",
    K.Enum: "enum",
    K.Interface: "interface",
    K.Function: "function",
    K.Variable: "variable",
    K.Constant: "constant",
    K.String: "constant",
    K.Number: "constant",
    K.Boolean: "constant",
    K.Array: "variable",
    K.Object: "variable",
    K.Key: "field",
    K.Null: "constant",
    K.EnumMember: "enumMember",
    K.Struct: "struct",
    K.Event: "event",
    K.Operator: "function",
    K.TypeParameter: "type",
}
CALLABLE_KINDS = frozenset({"function", "method", "constructor"})
LOCAL_KINDS = frozenset({"variable", "constant", "field", "property", "type"})


@dataclass
class FileSymbols:
    """The symbols of one file, with the server position of each name for follow-up requests."""

    path: str
    symbols: list[SymbolRecord] = field(default_factory=list)
    positions: dict[str, lsp.Position] = field(default_factory=dict)  # key -> selection start


@dataclass
class _Node:
    name: str
    kind: str
    range: lsp.Range
    selection: lsp.Range
    detail: str | None
    children: list[_Node]


def file_symbols(
    result: Sequence[lsp.DocumentSymbol | lsp.SymbolInformation] | None,
    documents: Documents,
    path: str,
    prefix: str,
) -> FileSymbols:
    """The symbols of ``path`` from a documentSymbol answer (hierarchical or flat)."""
    nodes = _tree(list(result or []))
    found = FileSymbols(path)
    _walk(nodes, None, [], "", found, documents, prefix)
    return found


def _tree(items: list[lsp.DocumentSymbol | lsp.SymbolInformation]) -> list[_Node]:
    """Hierarchical symbols as they are; flat ``SymbolInformation`` nested by range containment."""
    roots: list[_Node] = []
    stack: list[_Node] = []
    flat: list[_Node] = []
    for item in items:
        kind = KIND_NAMES.get(item.kind, "variable")
        if isinstance(item, lsp.DocumentSymbol):
            roots.append(_node(item))
        else:
            loc = item.location.range
            flat.append(_Node(item.name, kind, loc, loc, None, []))
    for node in sorted(flat, key=lambda n: (_pos(n.range.start), _neg(n.range.end))):
        while stack and not _contains(stack[-1].range, node.range):
            stack.pop()
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)
    return roots


def _node(item: lsp.DocumentSymbol) -> _Node:
    kind = KIND_NAMES.get(item.kind, "variable")
    children = [_node(child) for child in item.children or []]
    return _Node(item.name, kind, item.range, item.selection_range, item.detail, children)


def _walk(
    nodes: list[_Node],
    parent: SymbolRecord | None,
    base: list[str],
    owner: str,
    found: FileSymbols,
    documents: Documents,
    prefix: str,
) -> None:
    """Emit ``nodes`` under ``parent``, numbering repeated names like tree-sitter's keys do."""
    seen: dict[str, int] = {}
    in_callable = parent is not None and parent.kind in CALLABLE_KINDS
    ordered = sorted(nodes, key=lambda n: (_pos(n.range.start), _neg(n.range.end)))
    for node in ordered:
        if in_callable and node.kind in LOCAL_KINDS:
            continue
        probe = keys.descriptor(node.name, node.kind)
        count = seen.get(probe, 0)
        seen[probe] = count + 1
        descriptors = [*base, keys.descriptor(node.name, node.kind, count)]
        qualified = f"{owner}.{node.name}" if owner else node.name
        record = SymbolRecord(
            key=keys.symbol_key(prefix, descriptors),
            name=node.name,
            qualified_name=qualified,
            kind=node.kind,
            span=documents.span(found.path, node.range),
            name_span=documents.span(found.path, node.selection),
            container_key=parent.key if parent is not None else None,
            signature=node.detail or None,
        )
        found.symbols.append(record)
        found.positions[record.key] = node.selection.start
        _walk(node.children, record, descriptors, qualified, found, documents, prefix)


def _pos(p: lsp.Position) -> tuple[int, int]:
    return (p.line, p.character)


def _neg(p: lsp.Position) -> tuple[int, int]:
    return (-p.line, -p.character)


def _contains(outer: lsp.Range, inner: lsp.Range) -> bool:
    return _pos(outer.start) <= _pos(inner.start) and _pos(inner.end) <= _pos(outer.end)


class SymbolIndex:
    """Every symbol of the session by position: who encloses a location, whose name is at it."""

    def __init__(self, files: Iterable[FileSymbols]) -> None:
        self._names: dict[tuple[str, int, int], SymbolRecord] = {}
        self._spans: dict[str, list[tuple[tuple[int, int], SymbolRecord]]] = {}
        for f in files:
            for s in f.symbols:
                self._names[(f.path, s.name_span.start_line, s.name_span.start_col)] = s
                self._spans.setdefault(f.path, []).append(
                    ((s.span.start_line, s.span.start_col), s)
                )
        for spans in self._spans.values():
            spans.sort(key=lambda item: item[0])

    def named_at(self, path: str, span: Span) -> SymbolRecord | None:
        """The symbol whose name starts where ``span`` starts (a definition site), if any."""
        return self._names.get((path, span.start_line, span.start_col))

    def enclosing(self, path: str, line: int, col: int) -> SymbolRecord | None:
        """The innermost symbol of ``path`` whose full span contains ``line:col``."""
        spans = self._spans.get(path, [])
        upto = bisect.bisect_right(spans, (line, col), key=lambda item: item[0])
        for _, symbol in reversed(spans[:upto]):
            s = symbol.span
            if (s.start_line, s.start_col) <= (line, col) <= (s.end_line, s.end_col):
                return symbol
        return None
