"""Extract definitions, call sites, base types and identifier occurrences from one file.

The language's query file marks nodes with captures:

- ``@definition.<kind>`` on a definition node, with ``@name`` on its name (kinds are full words:
  class, interface, struct, enum, enumMember, function, method, constructor, property, field,
  variable, constant, namespace, module, type, trait, macro, event, delegate);
  ``@receiver`` names the type a Go-style method belongs to;
- ``@scope`` with ``@name``: a block that is not a symbol but makes its contents members of the
  named type (a Rust ``impl``);
- ``@package`` on the file's package or namespace name (Java, Go);
- ``@reference.call`` / ``.import`` / ``.extends`` / ``.implements`` with ``@name``.

Everything else (signatures, parameters, return types, modifiers, accessibility, documentation,
nesting, stable keys) is read here, driven by the language's ``Rules``.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from tree_sitter import Node, QueryCursor

from lsai.indexer.treesitter import grammars
from lsai.indexer.treesitter.rules import CALLABLE_KINDS, TYPE_KINDS, Rules, rules_for
from lsai.storage import keys
from lsai.storage.records import (
    CallRecord,
    FileIndex,
    OccurrenceRecord,
    Span,
    SymbolRecord,
    TypeEdgeRecord,
)

MAX_SIGNATURE = 400
MAX_DOC = 4000
NAMESPACE_KINDS = frozenset({"namespace", "module", "package"})


@dataclass(eq=False)
class _Def:
    node: Node
    kind: str
    name: str
    name_node: Node | None
    emit: bool = True  # False for @scope blocks
    receiver: str | None = None
    parent: _Def | None = None
    descriptors: list[str] = field(default_factory=list)
    qualified: str = ""
    key: str = ""
    scope_end: int | None = None  # set for Rules.open_scope_types

    @property
    def start(self) -> int:
        return self.node.start_byte

    @property
    def end(self) -> int:
        return self.node.end_byte if self.scope_end is None else self.scope_end


class _Text:
    """The file's text, with byte -> code point column conversion."""

    def __init__(self, source: bytes) -> None:
        self.source = source
        self.text = source.decode("utf-8")
        self.lines = self.text.split("\n")
        self._raw = source.split(b"\n")
        self._ascii = [raw.isascii() for raw in self._raw]

    def col(self, row: int, byte_col: int) -> int:
        if row >= len(self._raw) or self._ascii[row]:
            return byte_col + 1
        return len(self._raw[row][:byte_col].decode("utf-8", "replace")) + 1

    def span(self, node: Node) -> Span:
        (sr, sc), (er, ec) = node.start_point, node.end_point
        return Span(sr + 1, self.col(sr, sc), er + 1, self.col(er, ec))

    def of(self, node: Node) -> str:
        return self.source[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def between(self, start: int, end: int) -> str:
        return self.source[start:end].decode("utf-8", "replace")


def extract(language_id: str, path: str, project_root: str | None, source: bytes) -> FileIndex:
    """Everything tree-sitter can say about one file. Raises ``UnicodeDecodeError`` on non-UTF-8."""
    text = _Text(source)
    rules = rules_for(language_id)
    tree = grammars.parser(language_id).parse(source)
    root = tree.root_node
    result = FileIndex(lines=text.lines)
    query = grammars.definitions_query(language_id)
    defs: list[_Def] = []
    refs: list[tuple[str, Node]] = []
    package: str | None = None
    if query is not None:
        defs, refs, package = _read_matches(QueryCursor(query).matches(root), text)
    _open_scopes(defs, rules)
    _nest(defs, rules)
    namespace_of = _namespaces(language_id, path, project_root, package, rules)
    prefix = keys.key_prefix(language_id, project_root, path)
    _assign_keys(defs, prefix)
    for d in defs:
        if d.emit:
            result.symbols.append(_symbol(d, text, rules, namespace_of(d)))
    _references(result, defs, refs, text)
    _identifiers(result, language_id, rules, root, defs, refs, text)
    return result


def _read_matches(
    matches: list[tuple[int, dict[str, list[Node]]]], text: _Text
) -> tuple[list[_Def], list[tuple[str, Node]], str | None]:
    by_node: dict[tuple[int, int, str, int], tuple[int, _Def]] = {}
    refs: list[tuple[str, Node]] = []
    package: str | None = None
    for pattern, captures in matches:
        names = captures.get("name", [])
        for capture, nodes in captures.items():
            if capture.startswith("definition.") or capture == "scope":
                node = nodes[0]
                receiver = captures.get("receiver")
                d = _Def(
                    node=node,
                    kind=capture.removeprefix("definition."),
                    name=text.of(names[0]) if names else "",
                    name_node=names[0] if names else None,
                    emit=capture != "scope",
                    receiver=text.of(receiver[0]) if receiver else None,
                )
                # One node may define several names (`int a, b;`): the name is part of identity.
                ident = (
                    node.start_byte,
                    node.end_byte,
                    node.type,
                    d.name_node.start_byte if d.name_node else -1,
                )
                if d.name and (ident not in by_node or by_node[ident][0] > pattern):
                    by_node[ident] = (pattern, d)
            elif capture.startswith("reference."):
                refs.extend((capture.removeprefix("reference."), n) for n in names)
            elif capture == "package":
                package = text.of(nodes[0])
    defs = sorted((d for _, d in by_node.values()), key=lambda d: (d.start, -d.end))
    return defs, refs, package


def _open_scopes(defs: list[_Def], rules: Rules) -> None:
    """Definitions without a body (C# `namespace A;`) scope the rest of their parent."""
    if not rules.open_scope_types:
        return
    for d in defs:
        if d.node.type in rules.open_scope_types and d.node.parent is not None:
            d.scope_end = d.node.parent.end_byte
    defs.sort(key=lambda d: (d.start, -d.end))


def _nest(defs: list[_Def], rules: Rules) -> None:
    """Give every definition its parent and settle method / constructor kinds."""
    stack: list[_Def] = []
    types_by_name = {d.name: d for d in defs if d.kind in TYPE_KINDS and d.emit}
    # Receiver types defined elsewhere: one stand-in per name and enclosing definition, so that
    # overloads of one type's methods (C++ `Foo::Foo(int)`, `Foo::Foo()`) get distinct keys.
    stand_ins: dict[tuple[int, str], _Def] = {}
    for d in defs:
        while stack and (stack[-1].end <= d.start or stack[-1].node == d.node):
            stack.pop()
        d.parent = stack[-1] if stack else None
        if d.receiver is not None:
            enclosing = d.parent
            d.parent = types_by_name.get(d.receiver) or stand_ins.setdefault(
                (id(enclosing), d.receiver),
                _Def(d.node, "type", d.receiver, None, emit=False, parent=enclosing),
            )
        if d.kind == "function" and d.parent is not None and _is_type(d.parent):
            d.kind = "method"
        if d.kind == "method" and d.name in rules.constructor_names:
            d.kind = "constructor"
        named_after_type = d.parent is not None and d.name == d.parent.name
        if d.kind == "method" and rules.constructors_named_after_type and named_after_type:
            d.kind = "constructor"
        stack.append(d)


def _is_type(d: _Def) -> bool:
    return d.kind in TYPE_KINDS or not d.emit


def _assign_keys(defs: list[_Def], prefix: str) -> None:
    seen: dict[tuple[int, str], int] = {}
    scope_types = {d.name: d for d in defs if d.kind in TYPE_KINDS and d.emit}
    for d in defs:
        parent = d.parent
        if parent is not None and not parent.emit and parent.name in scope_types:
            parent = scope_types[parent.name]  # impl blocks and receivers join their type
            d.parent = parent
        if parent is not None and not parent.descriptors:  # a receiver's stand-in type
            outer = parent.parent
            parent.descriptors = [
                *(outer.descriptors if outer is not None else []),
                keys.descriptor(parent.name, "type"),
            ]
            parent.qualified = f"{outer.qualified}.{parent.name}" if outer else parent.name
        base = parent.descriptors if parent is not None else []
        kind = d.kind if d.emit else "type"  # an impl block stands for its type
        probe = keys.descriptor(d.name, kind)
        slot = (id(parent), probe)
        count = seen.get(slot, 0) if d.emit else 0
        if d.emit:
            seen[slot] = count + 1
        d.descriptors = [*base, keys.descriptor(d.name, kind, count)]
        d.key = keys.symbol_key(prefix, d.descriptors)
        owner = parent.qualified or parent.name if parent is not None else ""
        d.qualified = f"{owner}.{d.name}" if owner else d.name


def _namespaces(
    language_id: str, path: str, project_root: str | None, package: str | None, rules: Rules
) -> _NamespaceOf:
    del language_id
    if rules.namespace_style == "python-module":
        return _NamespaceOf(fixed=_python_module(path, project_root))
    if rules.namespace_style == "package":
        return _NamespaceOf(fixed=package)
    return _NamespaceOf(fixed=None)


@dataclass(frozen=True)
class _NamespaceOf:
    fixed: str | None

    def __call__(self, d: _Def) -> str | None:
        if self.fixed is not None:
            return self.fixed
        chain: list[str] = []
        parent = d.parent
        while parent is not None:
            if parent.kind in NAMESPACE_KINDS:
                chain.append(parent.name)
            parent = parent.parent
        return ".".join(reversed(chain)) or None


def _python_module(path: str, project_root: str | None) -> str:
    pure = PurePosixPath(path)
    if project_root and project_root != ".":
        pure = pure.relative_to(project_root) if pure.is_relative_to(project_root) else pure
    parts = list(pure.with_suffix("").parts)
    if parts and parts[0] in ("src", "lib") and len(parts) > 1:
        parts = parts[1:]
    if parts and parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts) or pure.stem


def _symbol(d: _Def, text: _Text, rules: Rules, namespace: str | None) -> SymbolRecord:
    node = d.node
    name_node = d.name_node if d.name_node is not None else node
    modifiers = _modifiers(d, text, rules)
    parent_kind = d.parent.kind if d.parent is not None else None
    if d.parent is not None and not d.parent.emit:
        parent_kind = "type"
    callable_ = d.kind in CALLABLE_KINDS
    return SymbolRecord(
        key=d.key,
        name=d.name,
        qualified_name=d.qualified,
        kind=d.kind,
        span=text.span(node),
        name_span=text.span(name_node),
        container_key=d.parent.key if d.parent is not None and d.parent.emit else None,
        namespace=namespace,
        signature=_signature(node, d.kind, text, rules),
        return_type=_return_type(node, text, rules) if callable_ else None,
        parameters=_parameters(node, text, rules) if callable_ else None,
        modifiers=modifiers,
        accessibility=rules.accessibility(d.name, modifiers, parent_kind),
        attributes=_attributes(node, text, rules),
        doc=_doc(node, text, rules),
    )


def _field(node: Node, names: tuple[str, ...]) -> Node | None:
    for name in names:
        child = node.child_by_field_name(name)
        if child is not None:
            return child
    return None


def _descend(node: Node, rules: Rules, names: tuple[str, ...]) -> Node | None:
    """The first field of ``names`` on the node or on its declarator/value chain."""
    current: Node | None = node
    for _ in range(5):
        if current is None:
            return None
        found = _field(current, names)
        if found is not None:
            return found
        current = _field(current, rules.descend_fields)
    return None


_OPEN_SPACE = re.compile(r"([(\[{])\s+")
_SPACE_CLOSE = re.compile(r",?\s+([)\]}])")
_TRAILING_COMMA = re.compile(r",([)\]])")


def _collapse(value: str) -> str:
    """One line: whitespace runs to one space, none inside brackets, no trailing commas."""
    flat = " ".join(value.split())
    flat = _OPEN_SPACE.sub(r"\1", flat)
    flat = _SPACE_CLOSE.sub(r"\1", flat)
    return _TRAILING_COMMA.sub(r"\1", flat)


def _body(node: Node, rules: Rules) -> Node | None:
    """The body field, else the first child of a ``body_types`` type along the descend chain."""
    body = _descend(node, rules, rules.body_fields)
    current: Node | None = node
    while body is None and rules.body_types and current is not None:
        body = next((c for c in current.children if c.type in rules.body_types), None)
        current = _field(current, rules.descend_fields)
    return body


def _signature(node: Node, kind: str, text: _Text, rules: Rules) -> str:
    body = _body(node, rules)
    outer = (
        node.parent
        if node.parent is not None and node.parent.type in rules.signature_wrappers
        else node
    )
    if body is not None and body.start_byte > node.start_byte:
        raw = _without_comments(outer, body.start_byte, text, rules)
    else:
        raw = text.of(outer).rstrip()
        if kind not in CALLABLE_KINDS and kind not in TYPE_KINDS and "\n" in raw:
            raw = raw.split("\n", 1)[0] + " …"
    signature = _collapse(raw).rstrip(";").rstrip().rstrip("{:").rstrip()
    if signature.endswith("=>"):
        signature = signature[:-2].rstrip()
    if len(signature) > MAX_SIGNATURE:
        signature = signature[: MAX_SIGNATURE - 1] + "…"
    return signature


def _without_comments(node: Node, end: int, text: _Text, rules: Rules) -> str:
    """The text of ``node`` up to ``end``, leaving out the comments inside it."""
    pieces: list[str] = []
    cursor = node.start_byte
    for child in node.children:
        if child.start_byte >= end:
            break
        if child.type in rules.comment_types:
            pieces.append(text.between(cursor, child.start_byte))
            cursor = child.end_byte
    pieces.append(text.between(cursor, end))
    return " ".join(pieces)


def _parameters(node: Node, text: _Text, rules: Rules) -> str | None:
    params = _descend(node, rules, rules.parameter_fields)
    return _collapse(text.of(params)) if params is not None else None


def _return_type(node: Node, text: _Text, rules: Rules) -> str | None:
    found = _descend(node, rules, rules.return_fields)
    if found is None:
        return None
    value = _collapse(text.of(found)).lstrip(":").strip()
    value = value.removeprefix("->").strip()
    declarator = node.child_by_field_name("declarator")
    pointers = ""
    while declarator is not None and declarator.type in rules.pointer_declarators:
        pointers += text.of(declarator.children[0])  # `*`, `&`, `&&` of `char *f()`
        next_ = declarator.child_by_field_name("declarator")
        declarator = next_ if next_ is not None else declarator.named_children[-1]
    return f"{value} {pointers}" if value and pointers else value or None


def _modifiers(d: _Def, text: _Text, rules: Rules) -> tuple[str, ...]:
    if not rules.modifier_words:
        return ()
    end = d.name_node.start_byte if d.name_node is not None else d.node.start_byte
    words: list[str] = []
    outer = d.node.parent
    if outer is not None and outer.type in rules.export_wrappers:
        words.append("export")
        if text.of(outer).lstrip().startswith("export default"):
            words.append("default")
    prefix = " ".join(
        [*_wrapper_keywords(d.node, text, rules), text.between(d.node.start_byte, end)]
    )
    for raw in _outside_braces(prefix).replace("(", " ").replace("\n", " ").split():
        word = raw.strip(";,")
        if word in rules.modifier_words and word not in words:
            words.append(word)
    section = _section(d.node, rules)
    if section is not None and section not in words:
        words.append(section)
    return tuple(words)


def _outside_braces(value: str) -> str:
    """``value`` without the ``{...}`` parts (a body before the name: `typedef struct {...} T`)."""
    if "{" not in value:
        return value
    depth = 0
    kept: list[str] = []
    for char in value:
        depth += char == "{"
        if depth == 0:
            kept.append(char)
        depth -= char == "}" and depth > 0
    return "".join(kept)


def _section(node: Node, rules: Rules) -> str | None:
    """The word of the nearest section label above a member (C++ `public:`), if any."""
    if not rules.section_types:
        return None
    outer = (
        node.parent if node.parent is not None and node.parent.type in rules.wrapper_types else node
    )
    sibling = outer.prev_named_sibling
    while sibling is not None:
        if sibling.type in rules.section_types:
            return (
                sibling.text.decode("utf-8", "replace").rstrip(":").strip()
                if sibling.text
                else None
            )
        sibling = sibling.prev_named_sibling
    return None


def _wrapper_keywords(node: Node, text: _Text, rules: Rules) -> list[str]:
    """Keyword tokens that wrappers put before the definition: ``export const`` in TS."""
    words: list[str] = []
    child, outer = node, node.parent
    while outer is not None and outer.type in rules.wrapper_types:
        before = [c for c in outer.children if c.end_byte <= child.start_byte and not c.is_named]
        words[:0] = [text.of(c) for c in before]
        child, outer = outer, outer.parent
    return words


def _attributes(node: Node, text: _Text, rules: Rules) -> tuple[str, ...]:
    if not rules.attribute_types:
        return ()
    found: list[Node] = []
    holders = [node]
    wrapper = node.parent
    if wrapper is not None and wrapper.type in rules.wrapper_types:
        holders.append(wrapper)
    for holder in holders:
        for child in holder.children:
            if child.type in rules.attribute_types:
                found.append(child)
            elif child.type == "modifiers":
                found.extend(c for c in child.children if c.type in rules.attribute_types)
    sibling = (wrapper if wrapper in holders[1:] else node).prev_named_sibling
    while sibling is not None and sibling.type in rules.attribute_types:
        found.append(sibling)
        sibling = sibling.prev_named_sibling
    found.sort(key=lambda n: n.start_byte)
    return tuple(_collapse(text.of(n)) for n in found)


def _doc(node: Node, text: _Text, rules: Rules) -> str | None:
    if rules.doc_style == "python":
        return _python_doc(node, text)
    outer = node
    comments = _comments_above(outer, text, rules)
    # A wrapper (`export`, a Go `const (...)` group) owns the comment unless the member has its own.
    while not comments and outer.parent is not None and outer.parent.type in rules.wrapper_types:
        outer = outer.parent
        comments = _comments_above(outer, text, rules)
    if not comments:
        return None
    return _clean_comment("\n".join(reversed(comments)))[:MAX_DOC] or None


def _comments_above(outer: Node, text: _Text, rules: Rules) -> list[str]:
    comments: list[str] = []
    line = outer.start_point[0]
    sibling = outer.prev_sibling
    while sibling is not None and sibling.type in rules.attribute_types:
        line = sibling.start_point[0]
        sibling = sibling.prev_sibling
    while sibling is not None and sibling.type in rules.comment_types:
        end_row, end_col = sibling.end_point
        if (end_row - 1 if end_col == 0 else end_row) < line - 1:  # Rust comments own the \n
            break
        comments.append(text.of(sibling))
        line = sibling.start_point[0]
        sibling = sibling.prev_sibling
    return comments


def _python_doc(node: Node, text: _Text) -> str | None:
    body = node.child_by_field_name("body")
    if body is None or body.named_child_count == 0:
        return None
    first = body.named_children[0]
    if first.type != "expression_statement" or first.named_child_count == 0:
        return None
    string = first.named_children[0]
    if string.type != "string":
        return None
    content = [c for c in string.named_children if c.type == "string_content"]
    raw = "".join(text.of(c) for c in content)
    return inspect.cleandoc(raw)[:MAX_DOC] or None


def _clean_comment(raw: str) -> str:
    lines: list[str] = []
    for line in raw.splitlines():
        stripped = line.strip()
        for marker in ("/**", "/*!", "/*", "*/", "///", "//!", "//", "#", "--"):
            if stripped.startswith(marker):
                stripped = stripped[len(marker) :]
                break
        stripped = stripped.removesuffix("*/").strip()
        stripped = stripped.removeprefix("* ").removeprefix("*").strip()
        lines.append(stripped)
    return "\n".join(lines).strip()


def _innermost(defs: list[_Def]) -> _Enclosing:
    return _Enclosing(defs)


_NEVER = 1 << 62


class _Enclosing:
    """Answer "which definition encloses byte b" for non-decreasing b, in linear time overall."""

    def __init__(self, defs: list[_Def], scopes: bool = False) -> None:
        self.defs = [d for d in defs if d.emit or scopes]
        self.starts = [d.start for d in self.defs]  # plain ints: Node properties are C calls
        self.ends = [d.end for d in self.defs]
        self.next = 0
        self.next_start = self.starts[0] if self.starts else _NEVER
        self.stack: list[int] = []  # indexes into defs
        self.top_end = -1

    def at(self, byte: int) -> _Def | None:
        if byte < self.next_start and byte < self.top_end:  # the common case: same scope
            return self.defs[self.stack[-1]]
        stack, ends = self.stack, self.ends
        while byte >= self.next_start:
            start = self.next_start
            while stack and ends[stack[-1]] <= start:
                stack.pop()
            stack.append(self.next)
            self.next += 1
            self.next_start = self.starts[self.next] if self.next < len(self.starts) else _NEVER
        while stack and ends[stack[-1]] <= byte:
            stack.pop()
        self.top_end = ends[stack[-1]] if stack else -1
        return self.defs[stack[-1]] if stack else None


def _references(
    result: FileIndex, defs: list[_Def], refs: list[tuple[str, Node]], text: _Text
) -> None:
    enclosing = _innermost(defs)
    scoped = _Enclosing(defs, scopes=True)
    types = {d.name: d for d in defs if d.kind in TYPE_KINDS and d.emit}
    for kind, node in sorted(refs, key=lambda r: r[1].start_byte):
        owner = enclosing.at(node.start_byte)
        inner = scoped.at(node.start_byte)
        span = text.span(node)
        name = text.of(node)
        if kind == "call":
            caller = owner
            while caller is not None and caller.kind not in CALLABLE_KINDS | TYPE_KINDS:
                caller = caller.parent
            result.calls.append(
                CallRecord(caller.key if caller else None, name, span.start_line, span.start_col)
            )
        elif kind in ("extends", "implements"):
            source = inner
            while source is not None and not _is_type(source):
                source = source.parent
            if source is not None and not source.emit:
                source = types.get(source.name, source)  # `impl Trait for X` speaks for X
            if source is not None:
                result.type_edges.append(
                    TypeEdgeRecord(source.key, kind, name.rsplit(".", 1)[-1], span.start_line)
                )


def _identifiers(
    result: FileIndex,
    language_id: str,
    rules: Rules,
    root: Node,
    defs: list[_Def],
    refs: list[tuple[str, Node]],
    text: _Text,
) -> None:
    roles = {node.start_byte: kind for kind, node in refs if kind in ("call", "import")}
    definitions = {d.name_node.start_byte: d for d in defs if d.emit and d.name_node is not None}
    query = grammars.identifiers_query(language_id, rules.identifier_types)
    if query is None:
        return
    nodes = QueryCursor(query).captures(root).get("ident", [])
    nodes.sort(key=lambda n: n.start_byte)
    enclosing = _innermost(defs)
    append = result.occurrences.append
    source = text.source
    for node in nodes:  # the hot loop of the backend: one pass, no per-node helpers
        start, end = node.start_byte, node.end_byte
        row, byte_col = node.start_point
        name = source[start:end].decode("utf-8", "replace")
        col = text.col(row, byte_col)
        # identifiers never span lines: the end column follows from the name's length
        span = Span(row + 1, col, row + 1, col + len(name))
        defined = definitions.get(start)
        if defined is not None and defined.name == name:
            parent = defined.parent.key if defined.parent and defined.parent.emit else None
            append(OccurrenceRecord(name, "definition", span, defined.key, parent))
            continue
        owner = enclosing.at(start)
        append(
            OccurrenceRecord(
                name, roles.get(start, "reference"), span, None, owner.key if owner else None
            )
        )
