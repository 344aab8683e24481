"""Extract definitions, call sites, base types and identifier occurrences from one file.

The language's query file marks nodes with captures:

- ``@definition.<kind>`` on a definition node, with ``@name`` on its name (kinds are full words:
  class, interface, struct, enum, enumMember, function, method, constructor, property, field,
  variable, constant, namespace, module, type, trait, macro, event, delegate);
  ``@receiver`` names the type a Go-style method belongs to;
- ``@scope`` with ``@name``: a block that is not a symbol but makes its contents members of the
  named type (a Rust ``impl``);
- ``@alias`` names a local variable holding a constructor's prototype (Babel's ``var _proto =
  F.prototype; _proto.m = function m() {}``): ``F`` is the receiver, and without such a
  variable the match is dropped (``lsai.indexer.treesitter.prototypes``);
- ``@owner`` names the definition a JavaScript member assignment belongs to (``tools.run =
  function () {}`` is ``run`` of ``tools``): without a definition of that name in the file the
  match is dropped;
- ``@literal`` on an object literal whose members a pattern defines: dropped inside a function
  (the members of a local object are not symbols);
- ``@typed`` on a TypeScript type literal whose members a pattern defines: dropped unless it is
  the type of a symbol (``lsai.indexer.treesitter.typeliterals``);
- ``@package`` on the file's package or namespace name (Java, Go);
- ``@reference.call`` / ``.import`` / ``.extends`` / ``.implements`` with ``@name``.

Everything else (signatures, parameters, return types, modifiers, accessibility, documentation,
nesting, stable keys) is read here, driven by the language's ``Rules``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from operator import attrgetter
from pathlib import PurePosixPath

from tree_sitter import Node, QueryCursor

from lsai.indexer.treesitter import details, grammars, scopes, typeliterals
from lsai.indexer.treesitter.annotations import annotation_sites
from lsai.indexer.treesitter.attributes import ATTRIBUTE_KINDS, instance_attributes
from lsai.indexer.treesitter.exports import mark_exports
from lsai.indexer.treesitter.prototypes import PrototypeAliases
from lsai.indexer.treesitter.rules import CALLABLE_KINDS, CALLER_KINDS, TYPE_KINDS, Rules, rules_for
from lsai.indexer.treesitter.source import Text
from lsai.storage import keys
from lsai.storage.keys import template_of
from lsai.storage.records import (
    CallRecord,
    FileIndex,
    OccurrenceRecord,
    Span,
    SymbolRecord,
    TypeEdgeRecord,
)

NAMESPACE_KINDS = frozenset({"namespace", "module", "package"})
_START_BYTE = attrgetter("start_byte")
_FUNCTION_VALUES = frozenset({"arrow_function", "function_expression", "generator_function"})


@dataclass(eq=False)
class _Def:
    node: Node
    kind: str
    name: str
    name_node: Node | None
    emit: bool = True  # False for @scope blocks
    receiver: str | None = None
    owner: str | None = None
    owner_def: _Def | None = None
    parent: _Def | None = None
    descriptors: list[str] = field(default_factory=list)
    qualified: str = ""
    key: str = ""
    scope_end: int | None = None  # set for Rules.open_scope_types
    _body: int | None = None

    def body_start(self, headed: frozenset[str]) -> int:
        """Where the body starts of a definition whose header runs in the enclosing scope
        (``Rules.headed_types``: a Python ``def``'s or ``class``'s); its start for others."""
        if self._body is None:
            body = None
            if self.node.type in headed:
                body = self.node.child_by_field_name("body")
            self._body = body.start_byte if body is not None else self.node.start_byte
        return self._body

    @property
    def calls_from(self) -> bool:
        """Whether a call inside is this definition's: a function, a type, a property that
        holds a function (``{ run: function () { inner() } }``, as tsgo's call hierarchy), or
        an accessor (``get diffValue() { return getFlag(...) }``, mobx's Atom: tsgo's caller
        is the getter, not the class)."""
        if self.kind in CALLER_KINDS or self.node.type == "method_definition":
            return True
        value = self.node.child_by_field_name("value") if self.node.type == "pair" else None
        return value is not None and value.type in _FUNCTION_VALUES

    @property
    def start(self) -> int:
        return self.node.start_byte

    @property
    def end(self) -> int:
        return self.node.end_byte if self.scope_end is None else self.scope_end


def extract(
    language_id: str,
    path: str,
    project_root: str | None,
    source: bytes,
    *,
    scoped: bool = False,
) -> FileIndex:
    """Everything tree-sitter can say about one file. Raises ``UnicodeDecodeError`` on non-UTF-8.
    ``scoped``: with what its identifiers name (``scopes``, for a semantic pass that resolves
    them: the tree is parsed once)."""
    text = Text(source)
    parsed_as = grammars.dialect(language_id, path, source)  # keys keep the file's language
    rules = rules_for(parsed_as)
    tree = grammars.parser(parsed_as).parse(grammars.parsed_source(parsed_as, source))
    root = tree.root_node
    result = FileIndex(lines=text.lines)
    if scoped and parsed_as == language_id:
        result.scopes = scopes.scopes(language_id, source, tree)
    query, ident_pattern = grammars.extraction_query(
        parsed_as, rules.identifier_types, rules.type_identifier_types
    )
    matches = QueryCursor(query).matches(root) if query is not None else []
    defs, refs, package, idents = _read_matches(matches, text, ident_pattern)
    if rules.local_blocks:
        defs = [d for d in defs if not _misread(d, rules.local_blocks)]
    defs = _owned(defs)
    _open_scopes(defs, rules)
    _nest(defs, rules)
    namespace_of = _namespaces(language_id, path, project_root, package, rules)
    prefix = keys.key_prefix(language_id, project_root, path)
    _assign_keys(defs, prefix)
    for d in defs:
        if d.emit:
            result.symbols.append(_symbol(d, text, rules, namespace_of(d)))
    result.symbols.extend(_attributes(language_id, defs, text, rules, namespace_of))
    result.symbols = mark_exports(parsed_as, path, root, text, result.symbols)
    _references(result, defs, refs, text, rules.headed_types)
    _identifiers(result, defs, refs, idents, text)
    if parsed_as == "python":
        _annotation_names(result, defs, source, root)
    return result


def _annotation_names(result: FileIndex, defs: list[_Def], source: bytes, root: Node) -> None:
    """The names inside Python's string annotations (``treesitter.annotations``: ``x:
    "t.Union[str, os.PathLike[str]]"``), references a type checker reads (ty's references list
    them) though no identifier holds them: each a site a server may resolve, and, where it
    ties one to no symbol of the workspace (``typing``, ``os``), a use of a library's name."""
    sites = annotation_sites(source, root)
    if not sites:
        return
    at = _innermost(defs).at
    for start, o in sites:
        owner = at(start)
        result.occurrences.append(
            OccurrenceRecord(o.name, o.role, o.span, None, owner.key if owner else None)
        )
    result.occurrences.sort(key=lambda o: (o.span.start_line, o.span.start_col))


def _read_matches(
    matches: list[tuple[int, dict[str, list[Node]]]], text: Text, ident_pattern: int
) -> tuple[list[_Def], list[tuple[str, Node]], str | None, list[Node]]:
    """Definitions (by position), references, the package name and the identifier nodes."""
    by_node: dict[tuple[int, int, str, int], tuple[int, _Def]] = {}
    refs: list[tuple[str, Node]] = []
    package: str | None = None
    idents: list[Node] = []
    add_ident, ident_capture = idents.append, grammars.IDENT
    aliases = PrototypeAliases(text)
    for pattern, captures in matches:
        if pattern >= ident_pattern >= 0:  # most matches: one identifier each
            node = captures[ident_capture][0]
            add_ident(node)
            if pattern > ident_pattern:  # a name in a type position (``m: Mode``)
                refs.append(("type", node))
            continue
        names = _names(captures.get("name", []), refs)
        if _dropped(captures, names, text, refs):
            continue
        receiver = _receiver(captures, text, aliases)
        if _local(captures.get("literal")) or receiver == "":
            continue
        for capture, nodes in captures.items():
            if capture.startswith("definition.") or capture == "scope":
                node = nodes[0]
                if _guessed(node):
                    continue
                owner = captures.get("owner")
                d = _Def(
                    node=node,
                    kind=capture.removeprefix("definition."),
                    name=_spelled(names[0], text) if names else "",
                    name_node=names[0] if names else None,
                    emit=capture != "scope",
                    receiver=receiver,
                    owner=text.of(owner[0]) if owner else None,
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
    return defs, refs, package, idents


_CLASSES = frozenset(("class_specifier", "struct_specifier", "union_specifier"))


def _dropped(
    captures: dict[str, list[Node]], names: list[Node], text: Text, refs: list[tuple[str, Node]]
) -> bool:
    """Whether a match defines nothing: not at module level where it must be, not joined where
    it must be, or a macro's invocation in a C++ class body (a call of it, added to ``refs``)."""
    if not _module_level(captures.get("holder")) or not _joins(captures.get("joined")):
        return True
    if not typeliterals.held(captures.get("typed")):
        return True
    if "definition.method" in captures and names and _macro_in_class(names[0], text):
        refs.append(("call", names[0]))
        return True
    return False


def _macro_in_class(name: Node, text: Text) -> bool:
    """Whether a C++ "method" without a type in a class body is a macro's invocation
    (``DISALLOW_COPY_AND_ASSIGN(Bignum);``, expanding to members): a declaration without a type
    names a constructor, so one named otherwise than its class is none."""
    declarator = name.parent
    declaration = declarator.parent if declarator is not None else None
    body = declaration.parent if declaration is not None else None
    cls = body.parent if body is not None else None
    if (
        name.type != "identifier"
        or declaration is None
        or declaration.type != "declaration"
        or body is None
        or body.type != "field_declaration_list"
        or cls is None
        or cls.type not in _CLASSES
    ):
        return False
    own = cls.child_by_field_name("name")
    if own is None:
        return False
    if own.type == "template_type":
        own = own.child_by_field_name("name") or own
    return text.of(own) != text.of(name)


def _receiver(captures: dict[str, list[Node]], text: Text, aliases: PrototypeAliases) -> str | None:
    """The name a match's ``@receiver`` or ``@alias`` gives its definition's receiver; ``None``
    without either, ``""`` for an alias of no prototype (the match is dropped)."""
    if "alias" in captures:
        return aliases.receiver(captures["alias"][0]) or ""
    receiver = captures.get("receiver")
    return text.of(receiver[0]) if receiver else None


_OPERATOR_SPACE = re.compile(r"(?<!\w)\s+|\s+(?!\w)")


def _spelled(name: Node, text: Text) -> str:
    """A definition's name; an operator's as clangd spells it, without the spaces the source
    may put before its symbol (``operator ==``: ``operator==``; ``operator new`` keeps its); a
    class template's specialization's with its arguments (``CharSet<CharT1, 1>``)."""
    spelled = text.of(name)
    if name.type == "template_type":
        args = name.child_by_field_name("arguments")
        parts = [" ".join(text.of(a).split()) for a in args.named_children] if args else []
        base = name.child_by_field_name("name")
        return f"{text.of(base) if base else spelled}<{', '.join(parts)}>"
    if name.type != "operator_name":
        return spelled
    return _OPERATOR_SPACE.sub("", " ".join(spelled.split()))


def _names(names: list[Node], refs: list[tuple[str, Node]]) -> list[Node]:
    """A match's ``@name`` nodes, the misread of ``_macro_shifted`` corrected: the return type
    it took for the name is a type reference (added to ``refs``)."""
    if names and (real := _macro_shifted(names[0])) is not None:
        refs.append(("type", names[0]))
        return [real]
    return names


def _macro_shifted(name: Node) -> Node | None:
    """The real name of a C function whose declaration starts with an unknown macro and a
    typedef'd return type (xxhash's ``XXH_PUBLIC_API XXH_errorcode XXH32_update(...)``):
    tree-sitter-c reads the macro as the type, the return type as the name and the name as an
    error before the parameters. ``None`` when ``name`` is no such misread."""
    after = name.next_sibling
    if name.type != "identifier" or after is None or after.type != "ERROR":
        return None
    if name.parent is None or name.parent.type != "function_declarator":
        return None
    inner = after.named_children
    if len(inner) != 1 or inner[0].type != "identifier":
        return None
    return inner[0]


def _guessed(node: Node) -> bool:
    """A C/C++ declaration whose ``;`` tree-sitter invented to recover from what it could not
    parse: macros before a declaration (brotli's ``BROTLI_INTERNAL BROTLI_BOOL f(int x);``
    in an inactive ``#else``) read as a variable named after the second macro, then a call."""
    return node.type == "declaration" and any(c.is_missing for c in node.children)


_SCOPE_HOLDERS = frozenset({"function_definition", "class_definition", "decorated_definition"})


def _module_level(holders: list[Node] | None) -> bool:
    """Whether the statements a definition lies in (a pattern's ``@holder`` captures) leave it
    at module level: none is a function or a class."""
    return holders is None or not any(h.type in _SCOPE_HOLDERS for h in holders)


_FUNCTIONS = frozenset(
    {
        "function_declaration",
        "generator_function_declaration",
        "function_expression",
        "function",
        "generator_function",
        "arrow_function",
        "method_definition",
    }
)


def _local(literals: list[Node] | None) -> bool:
    """Whether the object literal of a pattern's ``@literal`` capture lies in a function."""
    node = literals[0].parent if literals else None
    while node is not None:
        if node.type in _FUNCTIONS:
            return True
        node = node.parent
    return False


_JOINING = frozenset({"union_type", "intersection_type", "parenthesized_type"})


def _joins(nodes: list[Node] | None) -> bool:
    """Whether the types an object type lies in (a pattern's ``@joined`` captures) only join
    types: unions, intersections, parentheses."""
    return nodes is None or all(n.type in _JOINING for n in nodes)


_OWNER_KINDS = frozenset({"variable", "constant", "function", "class"})


def _owned(defs: list[_Def]) -> list[_Def]:
    """``defs`` with each member assignment (an ``@owner``) given the definition it names, and
    without those whose owner the file does not define. A definition of the owner's name inside
    the member's own value is none of its owners (mongoose's ``Model.__subclass = function
    subclass() { const Model = function Model() {...} }``): taken for one, each was the
    other's parent, and every walk up the parents went round without end (the index hung)."""
    owners: dict[str, list[_Def]] = {}
    for d in defs:
        if d.owner is None and d.emit and d.kind in _OWNER_KINDS:
            owners.setdefault(d.name, []).append(d)
    kept: list[_Def] = []
    for d in defs:
        if d.owner is not None:
            outside = [o for o in owners.get(d.owner, ()) if not d.start <= o.start < d.end]
            d.owner_def = outside[-1] if outside else None
            if d.owner_def is None or d.owner_def.node == d.node:
                continue
        kept.append(d)
    return kept


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
    # a receiver may be a constructor function (JavaScript's ``F.prototype.m = function``)
    functions = (d for d in defs if d.kind == "function" and d.emit and d.receiver is None)
    owners = {d.name: d for d in functions} | types_by_name
    # Receiver types defined elsewhere: one stand-in per name and enclosing definition, so that
    # overloads of one type's methods (C++ `Foo::Foo(int)`, `Foo::Foo()`) get distinct keys.
    stand_ins: dict[tuple[int, str], _Def] = {}
    for d in defs:
        while stack and (stack[-1].end <= d.start or stack[-1].node == d.node):
            stack.pop()
        d.parent = stack[-1] if stack else None
        if d.parent is not None and _beside(d, d.parent, rules):
            d.parent = stack[-2] if len(stack) > 1 else None
        if d.owner_def is not None:
            d.parent = d.owner_def
        if d.receiver is not None:
            enclosing = d.parent
            owner = owners.get(d.receiver)
            if owner is not None and d.start <= owner.start < d.end:
                owner = None  # declared inside the member itself: not its owner
            d.parent = owner or stand_ins.setdefault(
                (id(enclosing), d.receiver),
                _Def(d.node, "type", d.receiver, None, emit=False, parent=enclosing),
            )
        if d.kind == "function" and d.parent is not None and _is_type(d.parent):
            d.kind = "method"
        if d.kind == "method" and d.name in rules.constructor_names:
            d.kind = "constructor"
        # a specialization's constructor is named after its template (`S<int>`: `S()`)
        named_after_type = d.parent is not None and d.name == template_of(d.parent.name)
        if d.kind == "method" and rules.constructors_named_after_type and named_after_type:
            d.kind = "constructor"
        stack.append(d)


def _misread(d: _Def, blocks: tuple[str, ...]) -> bool:
    """A function defined directly in a function's body (``Rules.local_blocks``), or a variable
    declared anywhere in one: a local (C's file-level patterns also match a declaration in an
    ``#if`` block, which may be a function's)."""
    if d.kind == "function":
        return d.node.parent is not None and d.node.parent.type in blocks
    if d.kind != "variable":
        return False
    node = d.node.parent
    while node is not None and node.type not in blocks:
        node = node.parent
    return node is not None


def _beside(d: _Def, parent: _Def, rules: Rules) -> bool:
    """Whether ``d`` is a type ``parent`` names without holding (``Rules.beside_types``)."""
    return (
        d.kind in TYPE_KINDS
        and parent.node.type in rules.beside_types
        and d.node.parent is not None
        and d.node.parent == parent.node
    )


def _descends(d: _Def, ancestor: _Def) -> bool:
    """Whether ``ancestor`` holds ``d``: a misread ``class Ptr {...} Ptr::f() {...}`` (tree-sitter's
    function whose return type is the class) must not make the class its own ancestor."""
    parent = d.parent
    while parent is not None:
        if parent is ancestor:
            return True
        parent = parent.parent
    return False


def _is_type(d: _Def) -> bool:
    return d.kind in TYPE_KINDS or not d.emit


def _assign_keys(defs: list[_Def], prefix: str) -> None:
    seen: dict[tuple[int, str], int] = {}
    scope_types = {d.name: d for d in defs if d.kind in TYPE_KINDS and d.emit}
    for d in defs:
        parent = d.parent
        joined = scope_types.get(parent.name) if parent is not None and not parent.emit else None
        if joined is not None and not _descends(joined, d):
            parent = joined  # impl blocks and receivers join their type
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


def _symbol(d: _Def, text: Text, rules: Rules, namespace: str | None) -> SymbolRecord:
    node = d.node
    name_node = d.name_node if d.name_node is not None else node
    modifiers = details.modifiers(d.node, d.name_node, text, rules)
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
        signature=details.signature(node, d.kind, text, rules),
        return_type=details.return_type(node, text, rules) if callable_ else None,
        parameters=details.parameters(node, text, rules) if callable_ else None,
        modifiers=modifiers,
        accessibility=rules.accessibility(d.name, modifiers, parent_kind),
        attributes=details.attributes(node, text, rules),
        doc=details.doc(node, d.kind, text, rules),
    )


def _attributes(
    language: str, defs: list[_Def], text: Text, rules: Rules, namespace_of: _NamespaceOf
) -> list[SymbolRecord]:
    """The instance attributes of each class of ``defs`` (``attributes``), as its fields."""
    kind = ATTRIBUTE_KINDS.get(language)
    if kind is None:
        return []
    declared: dict[int, set[str]] = {}
    for member in defs:
        if member.parent is not None:
            declared.setdefault(id(member.parent), set()).add(member.name)
    out: list[SymbolRecord] = []
    for d in (d for d in defs if d.emit and d.kind == "class"):
        for found in instance_attributes(language, d.node, declared.get(id(d), set())):
            modifiers = details.modifiers(found.node, found.name_node, text, rules)
            out.append(
                SymbolRecord(
                    key=d.key + keys.descriptor(found.name, kind),
                    name=found.name,
                    qualified_name=f"{d.qualified}.{found.name}",
                    kind=kind,
                    span=text.span(found.node),
                    name_span=text.span(found.name_node),
                    container_key=d.key,
                    namespace=namespace_of(d),
                    signature=details.signature(found.node, kind, text, rules),
                    modifiers=modifiers,
                    accessibility=rules.accessibility(found.name, modifiers, d.kind),
                    doc=details.doc(found.node, kind, text, rules),
                )
            )
    return out


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
    result: FileIndex,
    defs: list[_Def],
    refs: list[tuple[str, Node]],
    text: Text,
    headed: frozenset[str] = frozenset(),
) -> None:
    enclosing = _innermost(defs)
    scoped = _Enclosing(defs, scopes=True)
    types = {d.name: d for d in defs if d.kind in TYPE_KINDS and d.emit}
    refs.sort(key=_ref_start)  # stable: equal starts keep their order (``_identifiers`` roles)
    calls = result.calls
    objects: set[TypeEdgeRecord] = set()
    for kind, node in refs:
        start = node.start_byte
        if kind == "call":
            caller = enclosing.at(start)
            while caller is not None and (
                not caller.calls_from or start < caller.body_start(headed)
            ):
                caller = caller.parent
            line, col = text.point(node)
            calls.append(CallRecord(caller.key if caller else None, text.of(node), line, col))
        elif kind in ("typed", "returned"):  # an object declared with a type, or returned
            edge = _object_edge(kind, scoped.at(start), node, text)
            if edge is not None and edge not in objects:  # ``[{...}, {...}]`` (one match per
                objects.add(edge)  # object), a function's returns
                result.type_edges.append(edge)
        elif kind in ("extends", "implements"):
            source = scoped.at(start)
            while source is not None and not _is_type(source):
                source = source.parent
            if source is not None and not source.emit:
                source = types.get(source.name, source)  # `impl Trait for X` speaks for X
            if source is not None and not _type_parameter(node, text):
                name = text.of(node).rsplit(".", 1)[-1]
                span = text.span(node)  # the name's column: the last part of ``ns.Base``
                col = span.end_col - len(name) if span.end_line == span.start_line else 0
                result.type_edges.append(
                    TypeEdgeRecord(source.key, kind, name, span.start_line, col=col)
                )


def _type_parameter(node: Node, text: Text) -> bool:
    """Whether a base's name is a type parameter of the declaration around it (TypeScript's
    ``type identity<T> = T``: no type the alias extends)."""
    around = node.parent
    while around is not None and around.child_by_field_name("type_parameters") is None:
        if around.type.endswith(("_declaration", "_definition")):
            return False
        around = around.parent
    parameters = around.child_by_field_name("type_parameters") if around is not None else None
    if parameters is None:
        return False
    name = text.of(node)
    return any(
        (given := p.child_by_field_name("name")) is not None and text.of(given) == name
        for p in parameters.named_children
    )


_DECLARATORS = frozenset({"variable_declarator", "public_field_definition"})


def _declares(source: _Def, type_name: Node) -> bool:
    """Whether ``source`` is the variable or class field whose declared type ``type_name``
    names (not a function holding a local variable so declared)."""
    declarator = type_name.parent
    while declarator is not None and declarator.type not in _DECLARATORS:
        declarator = declarator.parent
    declared = declarator.child_by_field_name("name") if declarator is not None else None
    return (
        source.emit
        and declared is not None
        and source.name_node is not None
        and source.name_node.start_byte == declared.start_byte
    )


def _object_edge(
    kind: str, source: _Def | None, type_name: Node, text: Text
) -> TypeEdgeRecord | None:
    """The ``implements`` edge of an object literal's holder: the variable declared with the
    type ``type_name`` names (``typed``), or the function returning the object ``type_name``
    for its declared return type (``returned``)."""
    if kind == "returned":
        return _returned(source, type_name, text)
    if source is None or not _declares(source, type_name):
        return None
    return _implements(source, type_name, text)


def _implements(source: _Def, type_name: Node, text: Text) -> TypeEdgeRecord:
    """``source`` implements the type ``type_name`` names (``ns.Api``: ``Api``)."""
    name = text.of(type_name).rsplit(".", 1)[-1]
    return TypeEdgeRecord(source.key, "implements", name, type_name.start_point[0] + 1)


_FUNCTIONS = frozenset(
    {"function_declaration", "function_expression", "method_definition", "arrow_function"}
)
_GENERATORS = frozenset({"generator_function_declaration", "generator_function"})


def _returned(source: _Def | None, returned: Node, text: Text) -> TypeEdgeRecord | None:
    """The ``implements`` edge of the function returning the object literal ``returned``
    (``return { add() {} }`` in its body or in a block of it, or an arrow's ``({ ... })``)
    for its declared return type: the object's members implement the type's (tRPC's
    ``mergeAsyncIterables(): MergedAsyncIterables``). ``source`` is the definition around the
    object, or a scope in the function. ``None`` when the function declares no type name, is
    a generator, or is no symbol (an arrow passed as an argument)."""
    function = returned.parent
    while function is not None and function.type not in _FUNCTIONS | _GENERATORS:
        function = function.parent
    if function is None or function.type in _GENERATORS:
        return None
    type_name = _type_name(function.child_by_field_name("return_type"))
    while source is not None and function not in (
        source.node,
        source.node.child_by_field_name("value"),
    ):
        source = source.parent
    if source is None or not source.emit or type_name is None:
        return None
    return _implements(source, type_name, text)


def _type_name(annotation: Node | None) -> Node | None:
    """The type's name a return type annotation names: ``Api``, ``Api<T>``, ``ns.Api``; none
    for any other type (a union, a literal)."""
    written = annotation.named_children[0] if annotation and annotation.named_children else None
    if written is not None and written.type == "generic_type":
        written = written.child_by_field_name("name")
    if written is not None and written.type == "nested_type_identifier":
        written = written.child_by_field_name("name")
    return written if written is not None and written.type == "type_identifier" else None


def _ref_start(ref: tuple[str, Node]) -> int:
    return ref[1].start_byte


_FINER_ROLES = frozenset(("call", "import", "type"))


def _template_named(d: _Def) -> bool:
    """Whether ``d`` is a class template's specialization, named with its arguments."""
    return d.name_node is not None and d.name_node.type == "template_type"


_SPELLED_NAMES = frozenset(("destructor_name", "operator_name"))
"""Names of C++ definitions no identifier node starts: a destructor's (``~Index``, whose
``Index`` is a use of the class) and an operator's. Their definition occurrence is the whole
name; without it, the server's answer there was a reference: the destructor listed its own
declaration among its usages, and itself among its callers (annoy ``~AnnoyIndex``)."""


def _identifiers(
    result: FileIndex,
    defs: list[_Def],
    refs: list[tuple[str, Node]],
    nodes: list[Node],
    text: Text,
) -> None:
    """One occurrence per identifier node: a definition, a call, an import or a reference."""
    if not nodes:
        return
    roles = {node.start_byte: kind for kind, node in refs if kind in _FINER_ROLES}
    definitions = {d.name_node.start_byte: d for d in defs if d.emit and d.name_node is not None}
    starts = {node.start_byte for node in nodes}
    nodes += [  # `~Index`, `operator==`: no identifier starts at the name
        d.name_node
        for at, d in definitions.items()
        if at not in starts and d.name_node is not None and d.name_node.type in _SPELLED_NAMES
    ]
    nodes.sort(key=_START_BYTE)
    at = _innermost(defs).at
    append = result.occurrences.append
    source, ascii_rows, col_of = text.source, text.ascii_rows, text.col
    # The hot loop of the backend (one pass, a few C calls per node): keep it free of helpers.
    for node in nodes:
        start = node.start_byte
        row, byte_col = node.start_point
        name = source[start : node.end_byte].decode("utf-8", "replace")
        col = byte_col + 1 if ascii_rows[row] else col_of(row, byte_col)
        # identifiers never span lines: the end column follows from the name's length
        span = Span(row + 1, col, row + 1, col + len(name))
        defined = definitions.get(start)
        if defined is not None and (node.type == "operator_name" or _template_named(defined)):
            # `operator ==` as `operator==`, `S<int>` whole at `S`: the span the identifier's
            name = defined.name
        if defined is not None and defined.name == name:
            parent = defined.parent.key if defined.parent and defined.parent.emit else None
            append(OccurrenceRecord(name, "definition", span, defined.key, parent))
            continue
        owner = at(start)
        append(
            OccurrenceRecord(
                name, roles.get(start, "reference"), span, None, owner.key if owner else None
            )
        )
