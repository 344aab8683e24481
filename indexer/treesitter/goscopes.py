"""Which names of a Go file name a binding local to a function, for rename.

Go's scopes, as the language defines them: a function's type parameters, receiver, parameters
and named results belong to its body's block (``a := 1`` at the top of a body whose parameter is
``a`` assigns it); every ``{ }`` block is a scope, and so are an ``if``, ``for`` or ``switch``
statement (its init statement binds there) and each clause of a ``switch`` or ``select``. A
local's scope starts after its declaration (``x := x + 1`` reads the outer ``x``; a type's,
at its name); a ``:=`` binds the names its scope does not bind yet and assigns the others. A
type switch's ``t := v.(type)`` binds ``t`` again in each clause: every one of them is renamed
with it. A function literal reads the locals around it. Values and types share one namespace
(a local type, a type parameter). Package-level names are the file's symbols and never local;
the parameters of a function type or an interface method name themselves only. A field
(``s.f``, a struct literal's key ``T{f: v}``), a label and a package's name name no local.

gopls renames a local's name where it is a word in its declaration's doc comment too: the
comment ending on the line above a ``:=`` name (a trailing one too), the doc comment of a
``var``, ``const`` or ``type`` declaration (of its spec in a group, else of the group); not a
parameter's, a result's or a receiver's, nor a ``range`` variable's (``doc_words``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from tree_sitter import Node

from lsai.indexer.treesitter import grammars
from lsai.indexer.treesitter.source import Text, nodes

Position = tuple[int, int]
"""1-based line and column (code points)."""

_NAMES = frozenset(("identifier", "type_identifier"))
_BLOCKS = frozenset(  # nodes that open a scope of their own
    (
        "block",
        "if_statement",
        "for_statement",
        "expression_switch_statement",
        "select_statement",
        "expression_case",
        "default_case",
        "communication_case",
    )
)
_EXPRESSION_KEYS = frozenset(("map_type", "slice_type", "array_type"))
"""A composite literal of these types is keyed by values (``map[K]V{k: v}``), not fields."""


class _Scope:
    def __init__(self, parent: _Scope | None) -> None:
        self.parent = parent
        self.names: dict[str, Node] = {}

    def lookup(self, name: str) -> Node | None:
        scope: _Scope | None = self
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        return None


class _Walk:
    """Walks a file in source order, each name resolved where it stands (module doc)."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.out: dict[Position, Position] = {}
        self.documented: list[tuple[Node, list[Node]]] = []
        """Each local whose doc comment gopls renames with it, with the nodes whose leading
        comment that may be, the first found (none: a ``:=``, whose comment is any group
        ending on the line above)."""

    def use(self, node: Node, scope: _Scope) -> None:
        binding = scope.lookup(self.text.of(node))
        if binding is not None:
            self.out[self.text.point(node)] = self.text.point(binding)

    def bind(self, node: Node, scope: _Scope, binding: Node | None = None) -> None:
        """``node`` names ``binding`` (itself unless said) in ``scope``; at package level,
        and for ``_``, nothing."""
        name = self.text.of(node)
        if scope.parent is not None and name != "_":
            scope.names[name] = binding or node
            self.out[self.text.point(node)] = self.text.point(binding or node)

    def walk(self, node: Node | None, scope: _Scope) -> None:
        if node is None:
            return
        handler = _HANDLERS.get(node.type)
        if handler is not None:
            handler(self, node, scope)
        elif node.type in _NAMES:
            self.use(node, scope)
        else:
            self.children(node.children, _Scope(scope) if node.type in _BLOCKS else scope)

    def children(self, children: Iterable[Node], scope: _Scope) -> None:
        for child in children:
            self.walk(child, scope)


def local_names(source: bytes) -> dict[Position, Position]:
    """Each name naming a function-local binding (the binding included) -> where that binding
    is declared (module doc)."""
    return _walked(source)[0].out


def doc_words(source: bytes) -> dict[Position, list[Position]]:
    """Each local binding -> where its name is a word in the doc comment a rename of it
    changes too (module doc)."""
    walk, root = _walked(source)
    groups = _comment_groups(walk.text, root)
    out: dict[Position, list[Position]] = {}
    for name, anchors in walk.documented:
        comments = _doc(groups, name, anchors)
        found = _words(walk.text, comments, walk.text.of(name))
        if found:
            out[walk.text.point(name)] = found
    return out


def _doc(groups: dict[int, tuple[bool, list[Node]]], name: Node, anchors: list[Node]) -> list[Node]:
    """The doc comment of ``name``: the first of ``anchors`` a leading group ends right above;
    with none, any group ending on the line above the name (a ``:=``)."""
    if not anchors:
        return groups.get(name.start_point[0] - 1, (False, []))[1]
    for anchor in anchors:
        leads, comments = groups.get(anchor.start_point[0] - 1, (False, []))
        if leads:
            return comments
    return []


def _walked(source: bytes) -> tuple[_Walk, Node]:
    tree = grammars.parser("go").parse(source)
    walk = _Walk(Text(source))
    walk.walk(tree.root_node, _Scope(None))
    return walk, tree.root_node


def _comment_groups(text: Text, root: Node) -> dict[int, tuple[bool, list[Node]]]:
    """The file's comment groups by the row each ends on, as go/parser groups them: comments
    on adjacent lines, each starting its line (a comment after code starts a group of its
    own), and whether the group leads (its first comment starts its line)."""
    groups: dict[int, tuple[bool, list[Node]]] = {}
    last: tuple[bool, list[Node]] | None = None
    comments = sorted((n for n in nodes(root) if n.type == "comment"), key=lambda n: n.start_byte)
    for comment in comments:
        row, col = comment.start_point
        own_line = not text.lines[row][: text.col(row, col) - 1].strip()
        if last is not None and own_line and row == last[1][-1].end_point[0] + 1:
            del groups[last[1][-1].end_point[0]]
            last[1].append(comment)
        else:
            last = (own_line, [comment])
        groups[comment.end_point[0]] = last
    return groups


def _words(text: Text, comments: list[Node], name: str) -> list[Position]:
    """Where ``name`` is a word (ASCII boundaries, as Go's ``\b``) in ``comments``."""
    word = re.compile(rb"\b" + re.escape(name.encode()) + rb"\b")
    found: list[Position] = []
    for comment in comments:
        row, byte_col = comment.start_point
        for offset, line in enumerate((comment.text or b"").split(b"\n")):
            start = byte_col if offset == 0 else 0
            found += [(row + offset + 1, text.col(row + offset, start + m.start()))
                      for m in word.finditer(line)]  # fmt: skip
    return found


def _function(walk: _Walk, node: Node, scope: _Scope) -> None:
    """A function's signature binds in its body's block; the types it names are read before
    its parameters are bound (``func f(int int)``: the type is the outer ``int``)."""
    inner = _Scope(scope)
    parameters = _children(node.child_by_field_name("type_parameters"))
    for parameter in parameters:  # ``[S ~[]E, E any]``: each constraint reads them all
        _bind_all(walk, parameter.children_by_field_name("name"), inner)
    for parameter in parameters:
        walk.walk(parameter.child_by_field_name("type"), inner)
    receiver = node.child_by_field_name("receiver")
    for name in _receiver_type_parameters(receiver):
        walk.bind(name, inner)
    _signature(walk, node, inner)
    body = node.child_by_field_name("body")
    if body is not None:
        walk.children(body.children, inner)  # the body's block is the function's scope


def _signature(walk: _Walk, node: Node, scope: _Scope) -> None:
    """The receiver, parameters and results of ``node``: their types read in ``scope``, then
    their names bound there."""
    declared: list[Node] = []
    for part in ("receiver", "parameters", "result"):
        listed = node.child_by_field_name(part)
        if listed is None or listed.type != "parameter_list":
            walk.walk(listed, scope)  # a result's bare type
            continue
        for parameter in _children(listed):
            walk.walk(parameter.child_by_field_name("type"), scope)
            declared.extend(parameter.children_by_field_name("name"))
    _bind_all(walk, declared, scope)


def _function_type(walk: _Walk, node: Node, scope: _Scope) -> None:
    """A function type's or an interface method's parameters name themselves only."""
    _signature(walk, node, _Scope(scope))


def _receiver_type_parameters(receiver: Node | None) -> list[Node]:
    """``func (p *Pair[K, V]) M()``: ``K`` and ``V`` are declared by the receiver."""
    names: list[Node] = []
    for parameter in _children(receiver):
        kind = parameter.child_by_field_name("type")
        while kind is not None and kind.type == "pointer_type":
            kind = kind.named_children[0] if kind.named_children else None
        arguments = kind.child_by_field_name("type_arguments") if kind is not None else None
        for argument in _children(arguments):
            named = argument.named_children[0] if argument.type == "type_elem" else argument
            if named.type == "type_identifier" and len(argument.named_children) <= 1:
                names.append(named)
    return names


def _short_var(walk: _Walk, node: Node, scope: _Scope) -> None:
    """``a, err := f()``: the right side first; a name the scope binds already is assigned."""
    walk.walk(node.child_by_field_name("right"), scope)
    for name in _children(node.child_by_field_name("left")):
        if walk.text.of(name) in scope.names:
            walk.use(name, scope)
        else:
            walk.bind(name, scope)
            walk.documented.append((name, []))


def _declared_by(walk: _Walk, node: Node, scope: _Scope) -> None:
    """A ``range`` clause or a ``select`` case's receive: with ``:=``, its left side binds."""
    if not any(child.type == ":=" for child in node.children):
        walk.children(node.children, scope)
        return
    walk.walk(node.child_by_field_name("right"), scope)
    declared = _children(node.child_by_field_name("left"))
    _bind_all(walk, declared, scope)
    if node.type == "receive_statement":  # ``case v := <-ch``: a ``:=``; a range is not
        walk.documented.extend((name, []) for name in declared)


def _spec(walk: _Walk, node: Node, scope: _Scope) -> None:
    """``var a, b T = x, y``, ``const c = iota``: the type and values read before the names
    are bound."""
    walk.walk(node.child_by_field_name("type"), scope)
    walk.walk(node.child_by_field_name("value"), scope)
    names = node.children_by_field_name("name")
    _bind_all(walk, names, scope)
    _document(walk, names, node, scope)


def _type_spec(walk: _Walk, node: Node, scope: _Scope) -> None:
    """``type T struct{ next *T }``: a type's scope starts at its name."""
    name = node.child_by_field_name("name")
    if name is not None:
        walk.bind(name, scope)
        _document(walk, [name], node, scope)
    walk.children((c for c in node.named_children if c != name), scope)


def _document(walk: _Walk, names: list[Node], spec: Node, scope: _Scope) -> None:
    """A local ``var``, ``const`` or ``type`` spec's names: their doc comment is the spec's
    in a group (``var ( ... )``), else the declaration's."""
    if scope.parent is None:
        return
    declaration = spec.parent
    while declaration is not None and not declaration.type.endswith("_declaration"):
        declaration = declaration.parent
    anchors = [spec] if declaration is None else [spec, declaration]
    walk.documented.extend((name, anchors) for name in names)


def _type_switch(walk: _Walk, node: Node, scope: _Scope) -> None:
    """``switch t := v.(type) { case A: ... }``: ``t`` bound again in each clause, each the
    one declaration a rename changes."""
    inner = _Scope(scope)
    walk.walk(node.child_by_field_name("initializer"), inner)
    walk.walk(node.child_by_field_name("value"), inner)
    alias = next(iter(_children(node.child_by_field_name("alias"))), None)
    if alias is not None:
        walk.documented.append((alias, []))  # a ``:=``
    for clause in node.named_children:
        if clause.type not in ("type_case", "default_case"):
            continue
        case = _Scope(inner)
        types = clause.children_by_field_name("type")
        walk.children(types, case)
        if alias is not None:
            walk.bind(alias, case)
        walk.children((c for c in clause.children if c not in types), case)


def _keyed_element(walk: _Walk, node: Node, scope: _Scope) -> None:
    """``T{f: v}``: ``f`` is a field of ``T``; ``map[K]V{k: v}``: ``k`` is a value."""
    key = node.child_by_field_name("key")
    literal = node.parent
    bare = key.named_children if key is not None and key.type == "literal_element" else []
    if len(bare) == 1 and bare[0].type == "identifier" and not _keyed_by_values(literal):
        key = None  # a field's name
    walk.walk(key, scope)
    walk.walk(node.child_by_field_name("value"), scope)


def _keyed_by_values(literal: Node | None) -> bool:
    """Whether the literal value ``literal`` is keyed by values, its type a map, a slice or an
    array, written or elided (``[]map[K]V{{k: v}}``)."""
    kind = _literal_type(literal)
    while kind is not None and kind.type in ("pointer_type", "parenthesized_type"):
        kind = kind.named_children[0] if kind.named_children else None
    return kind is not None and kind.type in _EXPRESSION_KEYS


def _literal_type(literal: Node | None) -> Node | None:
    parent = literal.parent if literal is not None else None
    if parent is None:
        return None
    if parent.type == "composite_literal":
        return parent.child_by_field_name("type")
    if parent.type != "literal_element":
        return None
    holder = parent.parent  # the literal around, or a keyed element of it
    keyed = holder is not None and holder.type == "keyed_element"
    outer = holder.parent if keyed and holder is not None else holder
    around = _literal_type(outer)
    while around is not None and around.type in ("pointer_type", "parenthesized_type"):
        around = around.named_children[0] if around.named_children else None
    if around is None or around.type not in _EXPRESSION_KEYS:
        return None
    if around.type != "map_type":
        return around.child_by_field_name("element")
    is_key = keyed and holder is not None and holder.child_by_field_name("key") == parent
    return around.child_by_field_name("key" if is_key else "value")


def _skip(walk: _Walk, node: Node, scope: _Scope) -> None:
    """``pkg.Type``: a package's member, no local."""


def _bind_all(walk: _Walk, names: Iterable[Node], scope: _Scope) -> None:
    for name in names:
        if name.type in _NAMES:
            walk.bind(name, scope)


def _children(node: Node | None) -> list[Node]:
    return node.named_children if node is not None else []


_HANDLERS: dict[str, Callable[[_Walk, Node, _Scope], None]] = {
    "function_declaration": _function,
    "method_declaration": _function,
    "func_literal": _function,
    "function_type": _function_type,
    "method_elem": _function_type,
    "short_var_declaration": _short_var,
    "range_clause": _declared_by,
    "receive_statement": _declared_by,
    "var_spec": _spec,
    "const_spec": _spec,
    "type_spec": _type_spec,
    "type_alias": _type_spec,
    "type_switch_statement": _type_switch,
    "keyed_element": _keyed_element,
    "qualified_type": _skip,
}
"""The nodes that bind or scope names, and how each is walked."""
