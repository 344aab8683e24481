"""Which identifiers of a JavaScript or TypeScript file name a binding local to a function.

A parameter, a ``let``/``const``/``var`` inside a function, a ``catch`` parameter, a function
declared inside a function: a name bound there and used in its scope names that binding, and
nothing a language server could index at module or class level. The semantic pass uses this to
leave out the definition requests whose answer it already knows (``lsai.indexer.lsp.resolve``):
about a quarter of a TypeScript tree's identifiers name a parameter or a local variable.

Only plain identifiers (``identifier`` nodes: values, ``typeof x``) are resolved; a property
name, a type name, a shorthand property (``{ a }`` is also a property of the object's type) and
a destructured property (``const { a } = o`` also names ``o``'s property) are not. Module-level
bindings are never local: they are the file's symbols. The scopes follow the language: a
parameter and a ``var`` belong to the function, a ``let``, ``const``, class or function
declaration to the block, a ``catch`` parameter to its clause, a ``for (const x of ...)`` binding
to its loop. An assignment to a pattern (``({ a: b } = o)``) binds nothing.
"""

from __future__ import annotations

from functools import cache

from tree_sitter import Node, Query, QueryCursor

from lsai.indexer.treesitter import grammars
from lsai.indexer.treesitter.source import Text

LANGUAGES = frozenset(("javascript", "typescript", "tsx"))

Position = tuple[int, int]
"""1-based line and column (code points), as the occurrences of ``extract``."""

_FUNCTIONS = frozenset(
    (
        "function_declaration",
        "function_expression",
        "function",
        "generator_function_declaration",
        "generator_function",
        "arrow_function",
        "method_definition",
        "class_static_block",
        # signatures bind their parameters too (TypeScript: overloads, interfaces, types)
        "function_signature",
        "method_signature",
        "abstract_method_signature",
        "call_signature",
        "construct_signature",
        "function_type",
        "constructor_type",
    )
)
_BLOCKS = _FUNCTIONS | {"statement_block", "for_statement", "for_in_statement", "switch_body"}
_PARAMETER_OWNERS = frozenset(("formal_parameters", "arrow_function"))
_PATTERNS = frozenset(
    (
        "object_pattern",
        "array_pattern",
        "pair_pattern",
        "rest_pattern",
        "assignment_pattern",
        "object_assignment_pattern",
        "required_parameter",
        "optional_parameter",
    )
)

_QUERY = """
(identifier) @use
(arrow_function parameter: (identifier) @bound)
(variable_declarator name: (identifier) @bound)
(shorthand_property_identifier_pattern) @bound
(pair_pattern value: (identifier) @bound)
(array_pattern (identifier) @bound)
(rest_pattern (identifier) @bound)
(assignment_pattern left: (identifier) @bound)
(catch_clause parameter: (identifier) @bound)
(for_in_statement left: (identifier) @bound)
(function_declaration name: (identifier) @declared)
(generator_function_declaration name: (identifier) @declared)
(class_declaration name: (_) @declared)
"""
_JAVASCRIPT_QUERY = """
(formal_parameters (identifier) @bound)
"""
_TYPESCRIPT_QUERY = """
(required_parameter pattern: (identifier) @bound)
(optional_parameter pattern: (identifier) @bound)
(type_alias_declaration name: (_) @typed)
(interface_declaration name: (_) @typed)
(enum_declaration name: (_) @typed)
"""


@cache
def _query(language_id: str) -> Query:
    own = _JAVASCRIPT_QUERY if language_id == "javascript" else _TYPESCRIPT_QUERY
    return Query(grammars.grammar(language_id), _QUERY + own)


def local_bindings(language_id: str, source: bytes) -> dict[Position, Position]:
    """For each plain identifier of the file that names a function-local binding, where that
    binding is (the binding's own name maps to itself); empty for other languages."""
    if language_id not in LANGUAGES:
        return {}
    tree = grammars.parser(language_id).parse(source)
    captures = QueryCursor(_query(language_id)).captures(tree.root_node)
    scoped: dict[str, list[tuple[int, int, Node]]] = {}  # name -> (scope start, end, binding)
    text = Text(source)
    for kind in ("bound", "declared"):
        for node in captures.get(kind, ()):
            declaration = node.parent  # a declared name belongs to the block around it
            scope = _scope(node) if kind == "bound" else _block(declaration and declaration.parent)
            if scope is not None and _in_function(scope):
                name = text.of(node)
                scoped.setdefault(name, []).append((scope.start_byte, scope.end_byte, node))
    merged = {  # const t = ...; type t = ...: one symbol, the server answers for both
        (text.of(node), scope.start_byte)
        for node in captures.get("typed", ())
        for scope in [_block(node.parent and node.parent.parent)]
        if scope is not None
    }
    out: dict[Position, Position] = {}
    for node in captures.get("use", ()):
        bindings = scoped.get(text.of(node))
        if not bindings:
            continue
        start = node.start_byte
        inner = None
        for scope_start, scope_end, binding in bindings:
            if scope_start <= start < scope_end and (inner is None or scope_start >= inner[0]):
                inner = (scope_start, binding)
        if inner is not None and (text.of(node), inner[0]) not in merged:
            out[text.point(node)] = text.point(inner[1])
    return out


def _scope(node: Node) -> Node | None:
    """The scope a bound name belongs to, or ``None`` when it binds nothing (an assignment)."""
    child, parent = node, node.parent
    while parent is not None and parent.type in _PATTERNS:
        child, parent = parent, parent.parent
    if parent is None:
        return None
    kind = parent.type
    if kind in _PARAMETER_OWNERS:
        return _function(parent)
    if kind == "variable_declarator":
        declaration = parent.parent
        if declaration is None:
            return None
        if declaration.type == "variable_declaration":  # var: the whole function
            return _function(declaration)
        return _block(declaration.parent)
    if kind == "catch_clause":
        return parent
    if kind == "for_in_statement":  # for (const x of xs): a binding only with a keyword
        declared = parent.child_by_field_name("kind") is not None
        return parent if declared and child == parent.child_by_field_name("left") else None
    return None


def _function(node: Node | None) -> Node | None:
    while node is not None and node.type not in _FUNCTIONS:
        node = node.parent
    return node


def _block(node: Node | None) -> Node | None:
    while node is not None and node.type not in _BLOCKS:
        node = node.parent
    return node


def _in_function(scope: Node) -> bool:
    """Whether ``scope`` is inside a function (or is one): a module's top-level blocks bind the
    file's symbols."""
    return _function(scope) is not None
