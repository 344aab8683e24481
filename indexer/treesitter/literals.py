"""The keys of the object literal a function's variable holds, and the member names that read
or write them through that variable: one property each to TypeScript's server, no symbol of the
index (the outline keeps the keys of a module's literals, not of a function's locals).

    function send(mail) {
      var data = { text: mail.body, html: null };
      if (data.text) { data.html = render(data.text); }
    }

The variable's type is its initializer's (no annotation, no JSDoc ``@type``, no cast but ``as
const``), so tsgo's references at the key ``text`` or at ``data.text`` list the key and every
``data.text`` (a write, a call ``data.open()``, a read after ``data = other``, ``data['text']``,
a key of ``const { text } = data``), and the key of the same name of a literal assigned to the
variable again (``data = { text: '' }``: typed by the declared type); a nested literal's keys
through ``data.a.b`` likewise. A JavaScript variable initialized with ``{}`` takes the members
its assignments declare (``var r = {}; r.k = 1``: tsgo's expando properties). A namesake in
another function, or a member its literal does not declare, is no part of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

from tree_sitter import Node, Query, QueryCursor

from lsai.indexer.treesitter import grammars
from lsai.indexer.treesitter.scopes import LANGUAGES, renamable
from lsai.indexer.treesitter.source import Text

Position = tuple[int, int]
Member = tuple[Position, bool, Position | None]
"""The property a site names (where its first key is), whether the site declares it (a key of
the initializer, an expando's assignment: what tsgo's references leave out without the
declarations), and where the variable first hands its literal on, if it does (returned,
passed, stored or aliased: ``return data``, ``f(data)``, ``{ data }``, ``x = data``): its
readers there (a caller reading what the function returns) are the property's too, and not
read here."""

_QUERY = """
(variable_declarator name: (identifier) @name value: (_) @value) @declarator
(assignment_expression left: (identifier) @reassigned right: (_) @literal)
(assignment_expression left: (member_expression) @written)
(member_expression) @member
(subscript_expression index: (string (string_fragment) @indexed)) @subscript
(variable_declarator name: (object_pattern) @pattern value: (identifier) @destructured)
(return_statement (identifier) @escapes)
(arguments (identifier) @escapes)
(shorthand_property_identifier) @escapes
(pair value: (identifier) @escapes)
(array (identifier) @escapes)
(assignment_expression right: (identifier) @escapes)
(variable_declarator name: (identifier) value: (identifier) @escapes)
(arrow_function body: (identifier) @escapes)
"""
_WRAPPERS = frozenset(("parenthesized_expression", "as_expression"))


@dataclass
class _Shape:
    """The keys of one variable's literal: each name -> its property, and the shape of the
    literal it holds (``{ nest: { deep: 1 } }``)."""

    binding: Position  # the variable's
    keys: dict[str, Position] = field(default_factory=dict)
    nested: dict[str, _Shape] = field(default_factory=dict)
    expando: bool = False  # JavaScript's ``{}``: its assignments declare its members


@cache
def _query(language_id: str) -> Query:
    return Query(grammars.grammar(language_id), _QUERY)


def literal_members(
    language_id: str,
    source: bytes,
    locals_of: Callable[[str, bytes], dict[Position, Position]] = renamable,
) -> dict[Position, Member]:
    """Each key and member name of the file naming a property of a function-local variable's
    object literal (module doc) -> that property, and whether the site declares it.
    ``locals_of``: the file's names of function-local bindings (``scopes.renamable``; the
    query server's cached one)."""
    if language_id not in LANGUAGES or b"{" not in source:
        return {}
    tree = grammars.parser(language_id).parse(grammars.parsed_source(language_id, source))
    captures = QueryCursor(_query(language_id)).captures(tree.root_node)
    if not captures.get("declarator"):
        return {}
    found = _Members(Text(source), locals_of(language_id, source), language_id)
    for declarator in captures.get("declarator", ()):
        found.declare(declarator)
    if not found.shapes:
        return {}
    for name in sorted(captures.get("reassigned", ()), key=lambda n: n.start_byte):
        found.reassign(name)
    for written in sorted(captures.get("written", ()), key=lambda n: n.start_byte):
        found.expand(written)
    for member in captures.get("member", ()):
        found.read(member, member.child_by_field_name("property"))
    for fragment in captures.get("indexed", ()):
        subscript = fragment.parent.parent if fragment.parent is not None else None
        if subscript is not None and subscript.child_by_field_name("index") == fragment.parent:
            found.read(subscript, fragment)
    for pattern in captures.get("pattern", ()):
        found.destructure(pattern)
    return found.handed_on(captures.get("escapes", ()))


class _Members:
    def __init__(self, text: Text, names: dict[Position, Position], language_id: str) -> None:
        self.text, self.names, self.language = text, names, language_id
        self.shapes: dict[Position, _Shape] = {}  # a variable's binding -> its literal's keys
        self.out: dict[Position, tuple[Position, bool]] = {}
        self.keys_of: dict[Position, Position] = {}  # a property (its key) -> its variable

    def handed_on(self, uses: Sequence[Node]) -> dict[Position, Member]:
        """``out`` with where each property's variable hands its literal on (``Member``)."""
        first: dict[Position, Position] = {}
        for use in sorted(uses, key=lambda n: n.start_byte):
            bound = self.names.get(self.text.point(use))
            if bound is not None and bound in self.shapes:
                first.setdefault(bound, self.text.point(use))
        return {
            at: (key, declares, first.get(self.keys_of.get(key, (0, 0))))
            for at, (key, declares) in self.out.items()
        }

    def declare(self, declarator: Node) -> None:
        name = declarator.child_by_field_name("name")
        literal = _literal(declarator.child_by_field_name("value"))
        if name is None or literal is None or _typed(declarator, self.text):
            return
        binding = self.text.point(name)
        if self.names.get(binding) != binding or binding in self.shapes:
            return  # not a function's local (the module's: the index's), or declared again
        shape = self._shape(literal, binding)
        shape.expando = self.language == "javascript" and literal.named_child_count == 0
        self.shapes[binding] = shape

    def _shape(self, literal: Node, binding: Position) -> _Shape:
        shape = _Shape(binding=binding)
        for key, value in _keys(literal):
            name, at = self._key(key)
            if not name or name in shape.keys:
                continue
            shape.keys[name] = at
            self.out[at] = (at, True)
            self.keys_of[at] = binding
            inner = _literal(value)
            if inner is not None:
                shape.nested[name] = self._shape(inner, binding)
        return shape

    def _key(self, key: Node) -> tuple[str, Position]:
        """A key's name and where tsgo places it (a quoted key: inside its quotes)."""
        if key.type == "string":
            fragments = [c for c in key.named_children if c.type == "string_fragment"]
            if len(fragments) != 1:
                return "", (0, 0)
            key = fragments[0]
        return self.text.of(key), self.text.point(key)

    def _merge(self, shape: _Shape, literal: Node) -> None:
        """The keys of a literal assigned to the variable again, where its literal declares
        them (typed by the declared type; a key it does not declare is its own)."""
        for key, value in _keys(literal):
            name, at = self._key(key)
            if name in shape.keys:
                self.out.setdefault(at, (shape.keys[name], False))
                inner = _literal(value)
                if inner is not None and name in shape.nested:
                    self._merge(shape.nested[name], inner)

    def _shape_of(self, node: Node | None) -> _Shape | None:
        """The literal the expression ``node`` holds: a variable's, or a key's of one."""
        while node is not None and node.type == "parenthesized_expression":
            node = node.named_child(0)
        if node is None:
            return None
        if node.type == "identifier":
            bound = self.names.get(self.text.point(node))
            return self.shapes.get(bound) if bound is not None else None
        if node.type != "member_expression":
            return None
        outer = self._shape_of(node.child_by_field_name("object"))
        member = node.child_by_field_name("property")
        return outer.nested.get(self.text.of(member)) if outer and member else None

    def reassign(self, name: Node) -> None:
        bound = self.names.get(self.text.point(name))
        shape = self.shapes.get(bound) if bound is not None else None
        literal = _literal(name.parent.child_by_field_name("right") if name.parent else None)
        if shape is not None and literal is not None:
            self._merge(shape, literal)

    def expand(self, written: Node) -> None:
        """``r.k = v`` of a JavaScript ``var r = {}``: declares ``k`` (its first one the
        property's place)."""
        shape = self._shape_of(written.child_by_field_name("object"))
        member = written.child_by_field_name("property")
        if shape is None or not shape.expando or member is None:
            return
        if member.type != "property_identifier":
            return
        at = self.text.point(member)
        name = self.text.of(member)
        self.out[at] = (shape.keys.setdefault(name, at), True)
        self.keys_of.setdefault(at, shape.binding)

    def read(self, access: Node, member: Node | None) -> None:
        if member is None or self.text.point(member) in self.out:
            return
        if member.type not in ("property_identifier", "string_fragment"):
            return
        shape = self._shape_of(access.child_by_field_name("object"))
        key = shape.keys.get(self.text.of(member)) if shape is not None else None
        if key is not None:
            self.out[self.text.point(member)] = (key, False)

    def destructure(self, pattern: Node) -> None:
        """``const { text, html: h } = data``: each key names the property it reads."""
        declarator = pattern.parent
        value = declarator.child_by_field_name("value") if declarator is not None else None
        shape = self._shape_of(value)
        if shape is None:
            return
        for child in pattern.named_children:
            if child.type == "pair_pattern":
                key = child.child_by_field_name("key")
            elif child.type == "shorthand_property_identifier_pattern":
                key = child
            elif child.type == "object_assignment_pattern":
                key = child.child_by_field_name("left")
            else:
                continue
            if key is None or key.type not in (
                "property_identifier",
                "shorthand_property_identifier_pattern",
            ):
                continue
            found = shape.keys.get(self.text.of(key))
            if found is not None:
                self.out.setdefault(self.text.point(key), (found, False))


def _literal(value: Node | None) -> Node | None:
    """The object literal ``value`` is: itself, parenthesized, or ``as const`` (no other cast:
    a type's members, not the literal's)."""
    while value is not None and value.type in _WRAPPERS:
        if value.type == "as_expression" and not _as_const(value):
            return None
        value = value.named_child(0)
    return value if value is not None and value.type == "object" else None


def _as_const(cast: Node) -> bool:
    return cast.child_count == 3 and cast.children[2].type == "const"


def _keys(literal: Node) -> list[tuple[Node, Node | None]]:
    """Each key of ``literal`` that names a property (a plain or quoted name, a shorthand, a
    method) with its value."""
    out: list[tuple[Node, Node | None]] = []
    for child in literal.named_children:
        if child.type == "pair":
            key = child.child_by_field_name("key")
            if key is not None and key.type in ("property_identifier", "string"):
                out.append((key, child.child_by_field_name("value")))
        elif child.type == "shorthand_property_identifier":
            out.append((child, None))
        elif child.type == "method_definition":
            key = child.child_by_field_name("name")
            if key is not None and key.type == "property_identifier":
                out.append((key, None))
    return out


def _typed(declarator: Node, text: Text) -> bool:
    """Whether the variable has a type of its own: an annotation, or a JSDoc ``@type`` in the
    comment before its declaration (the type's members are then its properties)."""
    if declarator.child_by_field_name("type") is not None:
        return True
    declaration = declarator.parent
    comment = declaration.prev_sibling if declaration is not None else None
    return comment is not None and comment.type == "comment" and "@type" in text.of(comment)
