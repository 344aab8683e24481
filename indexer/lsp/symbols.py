"""``textDocument/documentSymbol`` answers turned into lsai symbols with stable keys.

Keys are built exactly as the tree-sitter backend builds them (``storage.keys``: the container
chain of descriptors, the n-th later definition of a name in a container gets ``+n``), so a
definition has the same key whichever backend indexed it. Locals of functions (variables a server
lists inside a function body) are not symbols of the index, as in tree-sitter's outline; a
function a local holds is, the function's (``var got = list.map(function each(x) {...})``: tsgo's
call hierarchy credits the calls in its body to ``each``).

The answer is first a tree of ``Node``s (``symbol_tree``), which ``aliases.refine`` may correct
with more questions to the server, then keyed symbols (``keyed_symbols``).
"""

from __future__ import annotations

import bisect
import contextlib
import itertools
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from lsprotocol import types as lsp

from lsai.indexer.lsp.documents import Documents, Position, Range, lsp_position, wire_range
from lsai.indexer.lsp.errors import ServerRequestFailed
from lsai.storage import keys
from lsai.storage.records import Span, SymbolRecord, adjacent

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
FUNCTION_KEYWORD = r"function\s*\*?\s*"
"""What is written between ``=`` (or ``:``) and the name of a named function expression."""
_TARGET = r"((?:[^\W\d]|\$)[\w$]*)\s*[=:]\s*(?:async\s+)?"
ASSIGNED = re.compile(_TARGET + "$")
"""A property or variable assigned what follows (``exports.f = ``, ``f: async ``)."""
ASSIGNED_FUNCTION = re.compile(_TARGET + FUNCTION_KEYWORD + "$")
"""The same, with the ``function`` of a named function expression written between."""
CALLABLE_KINDS = frozenset({"function", "method", "constructor"})
_MODULE_EXPORTS = "module.exports"
_ASSIGNED_VALUE = re.compile(r"\s*=\s*")  # ``= `` before the value ``module.exports`` is given
_EXPORT_DEFAULT = re.compile(r"export\s+default\b")
_EXPORTED_NAME = re.compile(
    r"\s*=\s*([A-Za-z_$][\w$]*)\s*;?\s*$"
)  # ``= X;``, after ``module.exports``
_OVERLOAD = re.compile(r"\(\+(\d+)\)\.$")
_MEMBER_SUFFIXES = frozenset((*keys.SUFFIX_BY_KIND.values(), "."))
_MEMBER_ORDER = (".", *sorted(_MEMBER_SUFFIXES - {"."}))  # a field first, then the rest
"""The descriptor suffix of the second and later callables of one name in one container."""


LOCAL_KINDS = frozenset({"variable", "constant", "field", "property", "type"})
VALUE_KINDS = frozenset({"variable", "constant", "field", "property"})
_MEMBER_KINDS = frozenset({"field", "property", "method", "constructor", "enumMember"})
"""A value's outline children that are variables are locals of a function it holds: a
property ``run: (k) => { const n = k }``, whose call hierarchy tsgo does not prepare, or
``const f = memo(() => { const n = 1 })``; an object literal's members are properties."""


@dataclass
class FileSymbols:
    """The symbols of one file, with the server position of each name for follow-up requests."""

    path: str
    symbols: list[SymbolRecord] = field(default_factory=list)
    positions: dict[str, lsp.Position] = field(default_factory=dict)
    """Where to ask about each symbol's uses (key -> its name's start)."""
    selections: dict[str, lsp.Position] = field(default_factory=dict)
    """Where the server selects each symbol (key -> selection start): its call hierarchy item.
    Differs from ``positions`` for a function assigned to a property (``exports.f =
    function f() {}``), which tsgo prepares at the function, not at the property."""
    aliases: list[Alias] = field(default_factory=list)


@dataclass(frozen=True)
class Alias:
    """A name the server lists that stands for another symbol (an import, a re-export)."""

    path: str
    name: str
    span: Span
    position: lsp.Position
    targets: tuple[tuple[str, lsp.Range], ...]  # where its definition points


@dataclass
class Node:
    name: str
    kind: str
    range: Range  # a raw answer's stay plain tuples (``WireRange``): a tree holds thousands
    selection: Range
    detail: str | None
    children: list[Node]
    scope: tuple[str, ...] = ()
    """The types an out-of-line member belongs to (C++ ``Shape::area``, Go ``(*Circle).Area``),
    outermost first: its key nests under them, as tree-sitter's does."""
    returned: bool = False
    """A key of an object literal its function returns (``returned_keys``), or a member its
    JSDoc ``@param`` tags declare for a parameter's type (``typedef_members``): a member callers
    read, not one of the function's locals."""


def file_symbols(
    result: Sequence[lsp.DocumentSymbol | lsp.SymbolInformation] | None,
    documents: Documents,
    path: str,
    prefix: str,
) -> FileSymbols:
    """The symbols of ``path`` from a documentSymbol answer (hierarchical or flat)."""
    return keyed_symbols(symbol_tree(result), documents, path, prefix)


def symbol_tree(result: object) -> list[Node]:
    """A documentSymbol answer as a tree of nodes, not yet keyed: ``DocumentSymbol[]`` or
    ``SymbolInformation[]``, lsprotocol's objects or the JSON of a raw answer."""
    return _tree(list(result) if isinstance(result, list | tuple) else [])


def keyed_symbols(nodes: list[Node], documents: Documents, path: str, prefix: str) -> FileSymbols:
    """The keyed symbols of ``path`` from its node tree."""
    found = FileSymbols(path)
    _walk(nodes, None, [], "", found, documents, prefix)
    return found


def _tree(items: list[object]) -> list[Node]:
    """Hierarchical symbols as they are; flat ``SymbolInformation`` nested by range containment."""
    roots: list[Node] = []
    stack: list[Node] = []
    flat: list[Node] = []
    for item in items:
        if isinstance(item, dict) and "location" not in item:
            roots.append(_json_node(item))
        elif isinstance(item, dict):
            loc: Range = wire_range((item.get("location") or {}).get("range"))
            flat.append(Node(_json_name(item), _json_kind(item), loc, loc, None, []))
        elif isinstance(item, lsp.DocumentSymbol):
            roots.append(_node(item))
        elif isinstance(item, lsp.SymbolInformation):
            loc = item.location.range
            flat.append(Node(item.name, KIND_NAMES.get(item.kind, "variable"), loc, loc, None, []))
    for node in sorted(flat, key=lambda n: (_pos(n.range.start), _neg(n.range.end))):
        while stack and not _contains(stack[-1].range, node.range):
            stack.pop()
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)
    return roots


def _node(item: lsp.DocumentSymbol) -> Node:
    kind = KIND_NAMES.get(item.kind, "variable")
    children = [_node(child) for child in item.children or []]
    return Node(item.name, kind, item.range, item.selection_range, item.detail, children)


def _json_node(item: dict[str, Any]) -> Node:
    """A ``DocumentSymbol`` of a raw answer (``_node``)."""
    children = [_json_node(child) for child in item.get("children") or ()]
    detail = item.get("detail")
    return Node(
        _json_name(item),
        _json_kind(item),
        wire_range(item.get("range")),
        wire_range(item.get("selectionRange")),
        detail if isinstance(detail, str) else None,
        children,
    )


def _json_name(item: dict[str, Any]) -> str:
    name = item.get("name")
    if not isinstance(name, str):
        raise ServerRequestFailed(
            f"the server answered a symbol without a name: {item!r}",
            resolution="see the server's log; the file is indexed partially",
        )
    return name


def _json_kind(item: dict[str, Any]) -> str:
    kind = item.get("kind")
    return KIND_NUMBERS.get(kind, "variable") if isinstance(kind, int) else "variable"


KIND_NUMBERS: dict[int, str] = {int(kind): name for kind, name in KIND_NAMES.items()}
"""lsai's kind of an LSP ``SymbolKind`` as a raw answer numbers it."""


def _walk(
    nodes: list[Node],
    parent: SymbolRecord | None,
    base: list[str],
    owner: str,
    found: FileSymbols,
    documents: Documents,
    prefix: str,
    seen: dict[str, int] | None = None,
) -> None:
    """Emit ``nodes`` under ``parent``, numbering repeated names like tree-sitter's keys do (one
    count per container and name in the file, shared by out-of-line members of a type)."""
    seen = {} if seen is None else seen
    in_callable = parent is not None and parent.kind in CALLABLE_KINDS
    in_value = parent is not None and parent.kind in VALUE_KINDS
    typed = found.path.endswith(TYPED_SUFFIXES)
    ordered = sorted(nodes, key=lambda n: (_pos(n.range.start), _neg(n.range.end)))
    for node in ordered:
        if in_callable and node.kind in LOCAL_KINDS and not node.returned:
            held = [
                child for child in node.children if child.kind in CALLABLE_KINDS
            ]  # calls in it are its
            _walk(held, parent, base, owner, found, documents, prefix, seen)
            continue
        if in_value and node.kind in ("variable", "constant"):
            continue
        name_span = _name_span(documents, found.path, node)
        if parent is not None and (node.name, name_span) == (parent.name, parent.name_span):
            continue  # the function a property is assigned (``F.prototype.m = function``)
        if typed and _assigned_use(documents, found.path, name_span, parent, found, node.name):
            continue
        scope = [*base, *(keys.descriptor(name, "type") for name in node.scope)]
        probe = "".join(scope) + " " + keys.descriptor(node.name, node.kind)
        count = seen.get(probe, 0)
        seen[probe] = count + 1
        descriptors = [*scope, keys.descriptor(node.name, node.kind, count)]
        qualified = ".".join(part for part in (owner, *node.scope, node.name) if part)
        record = SymbolRecord(
            key=keys.symbol_key(prefix, descriptors),
            name=node.name,
            qualified_name=qualified,
            kind=node.kind,
            span=documents.span(found.path, node.range),
            name_span=name_span,
            container_key=parent.key if parent is not None else None,
            signature=node.detail or None,
            modifiers=_defined_static(documents, found.path, name_span, parent),
        )
        found.symbols.append(record)
        found.positions[record.key] = _name_position(documents, found.path, node, record)
        found.selections[record.key] = lsp_position(node.selection.start)
        _walk(node.children, record, descriptors, qualified, found, documents, prefix, seen)


TYPED_SUFFIXES = (".ts", ".tsx", ".mts", ".cts")
"""TypeScript files: a property assigned on an object (``p.reject = ...``) is one its type
declares, where in JavaScript the assignment may be the only declaration it has."""


def _declared(found: FileSymbols, parent: SymbolRecord | None, name: str) -> bool:
    """Whether ``parent`` (a type) already has a member ``name`` in ``found``."""
    if parent is None or parent.kind in CALLABLE_KINDS:
        return False
    return any(s.container_key == parent.key and s.name == name for s in found.symbols)


_RECEIVER = re.compile(r"([\w$]+)\s*\.$")


def _assigned_use(
    documents: Documents,
    path: str,
    span: Span,
    parent: SymbolRecord | None,
    found: FileSymbols,
    name: str,
) -> bool:
    """Whether the name at ``span``, the property of a member expression in a TypeScript file,
    is a use of a declared member rather than a symbol of its own: ``p.reject = ...`` in a
    function; ``column.getSize = () => ...`` in a function held by a property or a variable
    (``createColumn: (column) => {}``; ``f.displayName = ...`` beside ``const f`` declares an
    expando property of ``f``); ``Box.prototype.notify = function`` beside ``declare class
    Box { notify(): void }``."""
    if not _member_assigned(documents, path, span):
        return False
    if parent is None:
        return False
    if parent.kind in CALLABLE_KINDS:
        return True
    if parent.kind in VALUE_KINDS:
        before = documents.lines(path)[span.start_line - 1][: span.start_col - 1].rstrip()
        receiver = _RECEIVER.search(before)
        if receiver is not None and receiver.group(1) not in (parent.name, "prototype"):
            return True
    return _declared(found, parent, name)


_DEFINED_ON = re.compile(r"\bdefineProperty\s*\(\s*([\w$.]+)\s*,\s*[\"'`]$")


def _defined_static(
    documents: Documents, path: str, span: Span, parent: SymbolRecord | None
) -> tuple[str, ...]:
    """``("static",)`` for the name of ``Object.defineProperty(Sock, 'OPEN', ...)`` of the class
    ``parent``: a property of the class itself, where ``Object.defineProperty(Sock.prototype,
    'OPEN', ...)`` defines one of its instances' (ws's ready states: two members, not the
    overloads of one)."""
    lines = documents.lines(path)
    if parent is None or parent.kind != "class" or not 0 < span.start_line <= len(lines):
        return ()
    before = lines[span.start_line - 1][: span.start_col - 1]
    found = _DEFINED_ON.search(before) if "defineProperty" in before else None
    return ("static",) if found is not None and found.group(1) == parent.name else ()


def _member_assigned(documents: Documents, path: str, span: Span) -> bool:
    """Whether the name at ``span`` is the property of a member expression (``p.reject``)."""
    lines = documents.lines(path)
    if not 0 < span.start_line <= len(lines):
        return False
    before = lines[span.start_line - 1][: span.start_col - 1].rstrip()
    return before.endswith(".") and not before.endswith("..")


def _name_span(documents: Documents, path: str, node: Node) -> Span:
    """The span of the node's name. An empty selection (tsgo gives one for constructors) or one
    shorter than the name (clangd selects the "~" of a destructor) is widened to the name when
    the name is written there, as tree-sitter's name span is."""
    span = documents.span(path, node.selection)
    written = documents.text_at(path, span)
    if quoted(written) and unquoted(written) == unquoted(node.name):
        # a quoted key (``'a-b': 1``, tsgo's name ``"a-b"``): tsgo selects the quotes, its
        # references start inside
        return Span(span.start_line, span.start_col + 1, span.end_line, span.end_col - 1)
    computed = computed_string(written) if span.start_line == span.end_line else None
    if computed is not None and computed[2] == unquoted(node.name):
        # a computed string (``get ['~standard']()``, tsgo's name ``"~standard"``): tsgo selects
        # the brackets, its references start inside the quotes (and it answers none at ``[``)
        start, end, _ = computed
        return Span(span.start_line, span.start_col + start, span.end_line, span.start_col + end)
    if written == node.name:
        return assigned_name(documents, path, span, node.name, ASSIGNED_FUNCTION) or span
    end = span.start_col + len(node.name)
    widened = Span(span.start_line, span.start_col, span.start_line, end)
    if documents.text_at(path, widened) == node.name:
        return widened
    return (
        assigned_name(documents, path, span, node.name)
        or _default_keyword(documents.lines(path), span, node.name)
        or span
    )


def _default_keyword(lines: Sequence[str], at: Span, name: str) -> Span | None:
    """The ``default`` of ``export default function () {}`` starting at ``at``: tsgo selects
    the statement's start (an empty selection) for the function it names ``default``, its
    call hierarchy item the keyword, where tree-sitter names the function too (so that the
    calls in it are its)."""
    line = lines[at.start_line - 1] if 0 < at.start_line <= len(lines) else ""
    found = _EXPORT_DEFAULT.match(line, at.start_col - 1) if name == "default" else None
    if found is None:
        return None
    col = found.end() - len(name) + 1
    return Span(at.start_line, col, at.start_line, col + len(name))


def quoted(text: str) -> bool:
    return len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'`"


_COMPUTED_STRING = re.compile(r"\[\s*(\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'|`[^`$\\]*`)\s*\]")


def computed_string(text: str) -> tuple[int, int, str] | None:
    """A computed name holding one string (``['~standard']``, tree-sitter's name of ``get
    ['~standard']()``, tsgo's ``"~standard"``): where the string's value starts and ends in
    ``text`` (0-based, inside its quotes) and the value; ``None`` for any other name."""
    found = _COMPUTED_STRING.fullmatch(text)
    if found is None:
        return None
    return found.start(1) + 1, found.end(1) - 1, unquoted(found.group(1))


def name_value(text: str) -> str:
    """A member's name as the key it stands for: a quoted name's or a computed string's value
    (``'a-b'``, ``['a-b']`` and tsgo's ``"a-b"`` name one member)."""
    computed = computed_string(text)
    return computed[2] if computed is not None else unquoted(text)


def unquoted(text: str) -> str:
    """A key as its value: tsgo names ``'"': 1`` as ``"\\""`` (a JSON string)."""
    if not quoted(text):
        return text
    if text[0] == '"':
        with contextlib.suppress(ValueError):
            value = json.loads(text)
            if isinstance(value, str):
                return value
    return text[1:-1].replace("\\" + text[0], text[0])


def assigned_name(
    documents: Documents, path: str, span: Span, name: str, pattern: re.Pattern[str] = ASSIGNED
) -> Span | None:
    """The name a function is assigned to, written before it on its line: tsgo selects the
    function itself (an empty selection) for ``exports.f = function () {}``,
    ``module.exports.f = () => ...`` and ``obj.f = function g() {}``, and the function's own
    name for ``exports.f = function f() {}`` (``ASSIGNED_FUNCTION``);
    the references of that position are the function expression's (its recursive calls), not
    the property's (its uses)."""
    lines = documents.lines(path)
    if not 0 < span.start_line <= len(lines):
        return None
    before = lines[span.start_line - 1][: span.start_col - 1]
    found = pattern.search(before) if name in before else None  # one compiled pattern for all
    if found is None or found.group(1) != name:
        return None
    col = found.start() + 1
    return Span(span.start_line, col, span.start_line, col + len(name))


def _name_position(
    documents: Documents, path: str, node: Node, record: SymbolRecord
) -> lsp.Position:
    """Where to ask about the symbol: its selection, unless its name was found elsewhere."""
    selection = documents.span(path, node.selection)
    if selection == record.name_span:
        return lsp_position(node.selection.start)
    if computed_string(documents.text_at(path, selection)) is not None:  # tsgo answers no
        # references at the ``[`` of ``get ['~standard']()``, only inside the string
        return documents.position(path, record.name_span.start_line, record.name_span.start_col)
    if documents.text_at(path, record.name_span) != record.name:
        return lsp_position(node.selection.start)
    return documents.position(path, record.name_span.start_line, record.name_span.start_col)


def _pos(p: Position) -> tuple[int, int]:
    return (p.line, p.character)


def _neg(p: Position) -> tuple[int, int]:
    return (-p.line, -p.character)


def _contains(outer: Range, inner: Range) -> bool:
    return _pos(outer.start) <= _pos(inner.start) and _pos(inner.end) <= _pos(outer.end)


def _holders(spans: Sequence[tuple[tuple[int, int], SymbolRecord]]) -> list[int]:
    """For each symbol of a file's list sorted by start, the index of the last one before it
    whose span ends no sooner (-1: none): the only earlier symbols that can contain a position
    after its end. One between them ends before it does, so before any such position."""
    holders: list[int] = []
    ending: list[tuple[tuple[int, int], int]] = []  # ends not yet passed, decreasing
    for index, (_, symbol) in enumerate(spans):
        end = (symbol.span.end_line, symbol.span.end_col)
        while ending and ending[-1][0] < end:
            ending.pop()
        holders.append(ending[-1][1] if ending else -1)
        ending.append((end, index))
    return holders


class SymbolIndex:
    """Every symbol of the session by position: who encloses a location, whose name is at it."""

    def __init__(self, files: Iterable[FileSymbols]) -> None:
        self._names: dict[tuple[str, int, int], SymbolRecord] = {}
        self._keys: dict[str, SymbolRecord] = {}
        self._spans: dict[str, list[tuple[tuple[int, int], SymbolRecord]]] = {}
        self._by_name: dict[str, dict[str, list[SymbolRecord]]] = {}  # by assigned_later
        self._holders: dict[str, list[int]] = {}  # by enclosing, made at a file's first use
        for f in files:
            for s in f.symbols:
                self._names[(f.path, s.name_span.start_line, s.name_span.start_col)] = s
                self._keys[s.key] = s
                self._spans.setdefault(f.path, []).append(
                    ((s.span.start_line, s.span.start_col), s)
                )
        for spans in self._spans.values():
            spans.sort(key=lambda item: item[0])

    def first_overload(
        self, symbol: SymbolRecord, lines: Sequence[str] | None = None
    ) -> SymbolRecord:
        """The first of the overloads of a callable's name in its container (``f().`` for
        ``f(+2).``), which stands for all of them; ``symbol`` itself otherwise. With the file's
        ``lines``, only declarations one after the other are overloads (comments between them
        allowed): ``const f = () => ...`` in each of a file's test callbacks are one key apart
        (their callbacks have no name of their own) but are not one function."""
        found = _OVERLOAD.search(symbol.key)
        if found is None:
            return symbol
        stem = symbol.key[: found.start()]
        first = self._keys.get(stem + "().")
        if first is None or lines is None:
            return first or symbol
        chain = [first]
        for n in range(1, int(found.group(1))):
            between = self._keys.get(f"{stem}(+{n}).")
            if between is None:
                return symbol
            chain.append(between)
        chain.append(symbol)
        static = "static" in symbol.modifiers
        for before, after in itertools.pairwise(chain):
            if not adjacent(lines, before.span.end_line, after.span.start_line):
                return symbol
            if ("static" in before.modifiers) != static:
                return symbol  # ``static tick()`` and ``tick()``: two members
        return first

    def declares(self, container: SymbolRecord, name: str) -> bool:
        """Whether ``container`` declares a member named ``name`` (of any kind)."""
        stem = container.key + keys.escape_name(name)
        return any(stem + suffix in self._keys for suffix in _MEMBER_SUFFIXES)

    def member(self, container_key: str, name: str) -> SymbolRecord | None:
        """The member named ``name`` of the symbol keyed ``container_key`` (the first of its
        kinds, a field before a method), if it declares one."""
        stem = container_key + keys.escape_name(name)
        return next((self._keys[stem + s] for s in _MEMBER_ORDER if stem + s in self._keys), None)

    def symbol(self, key: str) -> SymbolRecord | None:
        """The symbol keyed ``key``, of a file whose symbols the index holds."""
        return self._keys.get(key)

    def named_at(self, path: str, span: Span) -> SymbolRecord | None:
        """The symbol whose name starts where ``span`` starts (a definition site), if any."""
        return self._names.get((path, span.start_line, span.start_col))

    def default_export(self, path: str, at: Span, lines: Sequence[str]) -> SymbolRecord | None:
        """The symbol of the statement exporting a module whole, starting at ``at`` of
        ``path`` (``lines``: its text), which is tsgo's definition of an importer's binding of
        the module (``var f = require('./m')``, ``import f from './m'``) and of its uses:
        ``module.exports = function () {}``, named ``exports`` there, or the function or class
        the statement assigns when it has a name of its own (``module.exports = function
        make() {}``); ``export default function () {}``, named ``default`` where the statement
        starts, or where its function starts (``export default (config) => {}``)."""
        if not 0 < at.start_line <= len(lines):
            return None
        line = lines[at.start_line - 1]
        if line.startswith(_MODULE_EXPORTS, at.start_col - 1):
            col = at.start_col + len("module.")
            found = self.named_at(path, Span(at.start_line, col, at.start_line, col))
            value = _ASSIGNED_VALUE.match(line, at.start_col - 1 + len(_MODULE_EXPORTS))
            if found is None and value is not None:
                found = self.starting_at(path, at.start_line, value.end() + 1)
            return found
        exported = _EXPORT_DEFAULT.match(line, at.start_col - 1)
        if exported is not None:
            keyword = _default_keyword(lines, at, "default")
            found = self.named_at(path, at)
            if found is None and keyword is not None:
                found = self.named_at(path, keyword)
            if found is None:  # `export default (config) => {}`: named where the function starts
                col = len(line) - len(line[exported.end() :].lstrip()) + 1
                found = self.named_at(path, Span(at.start_line, col, at.start_line, col))
            return found
        return None

    @staticmethod
    def exported_name(at: Span, lines: Sequence[str]) -> Span | None:
        """Where ``X`` starts in a statement ``module.exports = X;`` starting at ``at``: tsgo's
        definition of an importer's binding of the module (``const X = require('./x')``) stops
        at the statement, not at ``X``, when the module declares a JSDoc ``@typedef`` too (the
        module's exports merge the types with ``X``: chokidar's ``NodeFsHandler``)."""
        if not 0 < at.start_line <= len(lines):
            return None
        line = lines[at.start_line - 1]
        if not line.startswith(_MODULE_EXPORTS, at.start_col - 1):
            return None
        name = _EXPORTED_NAME.match(line, at.start_col - 1 + len(_MODULE_EXPORTS))
        if name is None:
            return None
        col = name.start(1) + 1
        return Span(at.start_line, col, at.start_line, col + len(name.group(1)))

    def assigned_later(self, path: str, at: Span, name: str) -> SymbolRecord | None:
        """The symbol named ``name`` declared after ``at`` directly in the scope of ``at``:
        the function a local binding holds (``var make; ... make = function () {}``: the
        binding, a function's local, is no symbol). A type binds no local: a name in it that
        is no symbol is a type literal's (``class Event<Data extends { request: Request }>``),
        not the member of its name the type declares later. Nor is a member a binding: the
        ``static success = options.success`` of a class expression a function returns (effect's
        ``TaggedRequest``; the class, a local, is no symbol, its members are) is not what the
        parameter's ``success`` holds."""
        scope = self.enclosing(path, at.start_line, at.start_col)  # (loads a file's symbols)
        if scope is not None and keys.SUFFIX_BY_KIND.get(scope.kind) == "#":
            return None
        for symbol in self._named(path).get(name, ()):
            if symbol.kind in _MEMBER_KINDS:
                continue  # a class body's, not the binding's
            later = (symbol.span.start_line, symbol.span.start_col) > (at.start_line, at.start_col)
            if later and self._parent(path, symbol) is scope:
                return symbol
        return None

    def module_binding(self, path: str, name: str) -> SymbolRecord | None:
        """The first symbol named ``name`` declared in the module scope of ``path`` (in no
        other symbol; not a class body's member)."""
        return next(
            (
                s
                for s in self._named(path).get(name, ())
                if s.kind not in _MEMBER_KINDS and self._parent(path, s) is None
            ),
            None,
        )

    def in_file(self, path: str, symbol: SymbolRecord) -> bool:
        """Whether ``symbol`` is one of ``path``'s."""
        return symbol in self._named(path).get(symbol.name, ())

    def _named(self, path: str) -> dict[str, list[SymbolRecord]]:
        """The symbols of ``path`` by name, in the order they start (made at first use)."""
        by_name = self._by_name.get(path)
        if by_name is None:
            by_name = self._by_name[path] = {}
            for _, symbol in self._spans.get(path, []):
                by_name.setdefault(symbol.name, []).append(symbol)
        return by_name

    def _parent(self, path: str, symbol: SymbolRecord) -> SymbolRecord | None:
        """The innermost other symbol of ``path`` whose span holds ``symbol``'s."""
        spans = self._spans.get(path, [])
        start = (symbol.span.start_line, symbol.span.start_col)
        upto = bisect.bisect_right(spans, start, key=lambda item: item[0])
        for _, other in reversed(spans[:upto]):
            if other is not symbol and other.span.holds(symbol.span):
                return other
        return None

    def starting_at(self, path: str, line: int, col: int) -> SymbolRecord | None:
        """The outermost symbol of ``path`` whose full span starts at ``line:col``."""
        spans = self._spans.get(path, [])
        at = bisect.bisect_left(spans, (line, col), key=lambda item: item[0])
        there = itertools.takewhile(
            lambda item: item[0] == (line, col), itertools.islice(spans, at, None)
        )
        return max(
            (s for _, s in there), key=lambda s: (s.span.end_line, s.span.end_col), default=None
        )

    def enclosing(self, path: str, line: int, col: int) -> SymbolRecord | None:
        """The innermost symbol of ``path`` whose full span contains ``line:col``: the last one
        starting before it that does, found through ``_holders`` rather than by looking at
        every symbol between (tens of thousands of sites of a file of thousands of symbols)."""
        spans = self._spans.get(path)
        if not spans:
            return None
        holders = self._holders.get(path)
        if holders is None or len(holders) != len(spans):  # (a live index loads files late)
            holders = self._holders[path] = _holders(spans)
        at = bisect.bisect_right(spans, (line, col), key=lambda item: item[0]) - 1
        while at >= 0:
            s = spans[at][1].span
            if (line, col) <= (s.end_line, s.end_col):
                return spans[at][1]
            at = holders[at]
        return None
