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
to its loop. An assignment to a pattern (``({ a: b } = o)``) binds nothing. A ``const x =
require('./m')`` in a function is no local binding but an import, as at module level: its uses
lead to what the module exports, whose references (tsgo's) hold them.

The other identifiers and type names of a file name what its module scope binds under that name
(a top-level declaration, an import) or a global, the same for each of them: one definition
request answers them all (``Scopes.module``). Not so, and left to be asked one by one, where a
name has another binding in the file that tree-sitter's scopes here do not follow: a
``let``/``const`` in a block at module level, the name of a function or class expression (bound
inside it), an enum or a namespace inside a block, and for type names a type parameter, an
``infer`` or a mapped type's key, or a type declared inside a block; nor inside a namespace, a
``declare`` block or an enum (``B = A``: its member ``A``), where the enclosing declarations come
first; nor the names of an import or export specifier (``export { f as g }``: ``g`` names no
binding of the file), nor a JSX element's lowercase name (``<div>``: an intrinsic element).
The members of a namespace import (``import * as ns``; ``ns.name``, ``ns.Type``) are what that
module exports, the same at every use in the file: one answer per name and namespace too (not a
member's member, ``ns.a.b``, whose answer depends on ``ns.a``'s type).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from typing import NamedTuple

from tree_sitter import Node, Query, QueryCursor, Tree

from lsai.indexer.treesitter import cscopes, goscopes, grammars, pyscopes
from lsai.indexer.treesitter.jsdoc import CLOSURE_FUNCTION
from lsai.indexer.treesitter.source import Text, nodes
from lsai.storage.records import Span

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
_DECLARED_FUNCTIONS = frozenset(("function_declaration", "generator_function_declaration"))
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
(namespace_import (identifier) @namespace)
(namespace_import (identifier) @imported)
(import_clause (identifier) @imported)
(import_specifier alias: (identifier) @imported)
(import_specifier name: (identifier) @imported !alias)
(function_declaration name: (identifier) @declared)
(generator_function_declaration name: (identifier) @declared)
(class_declaration name: (_) @declared)
(function_expression name: (_) @inner)
(generator_function name: (_) @inner)
(class name: (_) @inner)
"""
_JAVASCRIPT_QUERY = """
(formal_parameters (identifier) @bound)
(lexical_declaration "const" (variable_declarator name: (identifier) @constant))
"""
_TYPESCRIPT_QUERY = """
(required_parameter pattern: (identifier) @bound)
(optional_parameter pattern: (identifier) @bound)
(import_require_clause (identifier) @imported)
(type_alias_declaration name: (_) @typed)
(interface_declaration name: (_) @typed)
(enum_declaration name: (_) @typed)
(abstract_class_declaration name: (_) @classed)
(class_declaration name: (_) @classed)
(internal_module name: (identifier) @inner_value) @enclosed
(module) @enclosed
(enum_body) @enclosed
(ambient_declaration (statement_block) @enclosed)
(type_identifier) @type_use
(type_parameter name: (_) @type_bound)
(infer_type . (type_identifier) @type_bound)
(mapped_type_clause name: (_) @type_bound)
(property_signature name: (property_identifier) @declares)
(variable_declarator !type value: [(object) (array)] @untyped)
(lexical_declaration "const" (variable_declarator name: (identifier) @constant !type))
"""
_UNSHARED_PARENTS = frozenset(  # an identifier here is no use of the file's binding of its name
    (
        "import_specifier",
        "export_specifier",
        "namespace_import",
        "namespace_export",
        "import_clause",
        "import_require_clause",
        "import_alias",
        "nested_identifier",
        "nested_type_identifier",
    )
)

_JSX_NAMES = frozenset(("jsx_opening_element", "jsx_closing_element", "jsx_self_closing_element"))
"""An element's lowercase name (``<div>``) is an intrinsic element, not a binding of the file."""

VALUE, TYPE = "value", "type"


class Scopes(NamedTuple):
    """What the identifiers of one file name (module doc)."""

    local: dict[Position, Position]
    """Each plain identifier naming a function-local binding -> where that binding is; so too
    the names whose definition is no symbol of the index: a type parameter's, the namespace of
    an import (``ns`` in ``ns.f()``, ``ns.T``: the ``import * as ns``), a member of a type
    literal (``{ message: string }``, its own definition), an index signature's key (``{ [key:
    string]: unknown }``, its own, not a parameter ``key`` of the function around it)."""
    module: dict[Position, str]
    """Each identifier or type name naming the module scope's binding of its name (or a
    global) -> its namespace (``VALUE`` or ``TYPE``): one answer for all of that name and
    namespace in the file."""
    roots: dict[Position, Position]
    """Each member name of a chain rooted at an identifier naming an import of the file
    (``z.object({}).shape``: ``object``, ``shape``; ``z.infer<T>``: ``infer``) -> where the
    import binds that name. When the server cannot resolve the import (a package not
    installed), the chain has no type and no member of it a definition (``resolve``)."""


@cache
def _query(language_id: str) -> Query:
    own = _JAVASCRIPT_QUERY if language_id == "javascript" else _TYPESCRIPT_QUERY
    return Query(grammars.grammar(language_id), _QUERY + own)


def scopes(language_id: str, source: bytes, tree: Tree | None = None) -> Scopes:
    """What the file's identifiers name (``Scopes``); for Python, the names of a function's
    variables (``pyscopes.plain_locals``: its parameters, its assignments' targets), each local
    to its function: a server's definition of one is a binding of that function, no symbol;
    empty for other languages. ``tree``: the file already parsed with its language's grammar
    (``extract``), else it is parsed here."""
    if language_id == "python":
        walked = pyscopes.walk(source, tree)
        return Scopes(pyscopes.plain_locals(walked), pyscopes.module_names(walked), {})
    if language_id not in LANGUAGES:
        return Scopes({}, {}, {})
    return _scopes(language_id, source, tree)


def _scopes(language_id: str, source: bytes, tree: Tree | None) -> Scopes:
    root = _root(language_id, source, tree)
    captures = QueryCursor(_query(language_id)).captures(root)
    text = Text(source)
    scoped, unshared = _bindings(captures, text)
    _module_destructurings(root, source, captures, scoped, text)
    merged = _merged(captures, text)
    enclosed = [(n.start_byte, n.end_byte) for n in captures.get("enclosed", ())]
    local: dict[Position, Position] = {}
    module: dict[Position, str] = {}
    imported = {text.of(node): text.point(node) for node in captures.get("imported", ())}

    def share(node: Node, name: str, namespace: str) -> None:
        parent = node.parent
        kind = parent.type if parent is not None else ""
        if (
            name not in unshared[namespace]
            and kind not in _UNSHARED_PARENTS
            and not (kind in _JSX_NAMES and name[:1].islower())
            and not _within(node, enclosed)
        ):
            module[text.point(node)] = namespace

    namespaces = {  # import * as ns: its members are what the module exports, one answer each
        text.of(node) for node in captures.get("namespace", ()) if not _within(node, enclosed)
    } - unshared[VALUE]
    origin = _Origins(scoped, unshared[VALUE], enclosed, imported, text)
    for node in sorted(captures.get("constant", ()), key=lambda n: n.start_byte):
        origin.declare(node)  # in source order, whatever order the query found them in
    for node in captures.get("use", ()):
        name = text.of(node)
        inner = _binding_of(node, scoped, name)
        if inner is None:
            share(node, name, VALUE)
            binding = imported.get(name)
            if name in namespaces:
                _share_member(node, name, text, module)
                if binding is not None and node.parent and node.parent.type != "namespace_import":
                    local[text.point(node)] = binding  # the import: no symbol of the index
        elif (name, inner[0]) not in merged:
            local[text.point(node)] = text.point(inner[1])
        origin.follow(node, name, inner)
    local.update(_assigned_locals(captures, scoped, text))
    for node, bound in _unshared_types(captures, text):
        if bound is None:
            share(node, text.of(node), TYPE)
        else:
            local[text.point(node)] = text.point(bound)
    return Scopes(local, module, origin.roots)


def _root(language_id: str, source: bytes, tree: Tree | None) -> Node:
    """The root of ``tree``, or of ``source`` parsed now."""
    if tree is None:
        tree = grammars.parser(language_id).parse(grammars.parsed_source(language_id, source))
    return tree.root_node


def _merged(captures: dict[str, list[Node]], text: Text) -> set[tuple[str, int]]:
    """The names declared as a type in a block, with the block's first byte: ``const t = ...;
    type t = ...`` there is one symbol, the server answers for both."""
    return {
        (text.of(node), scope.start_byte)
        for node in captures.get("typed", ())
        for scope in [_block(node.parent and node.parent.parent)]
        if scope is not None
    }


class _Origins:
    """The import whose value each binding holds: an import's own name, or a ``const`` without
    a type whose value is a chain from one (``const schema = z.object({})``, ``const result =
    schema.parse(x)``; ``Scopes.roots``). Where the server cannot resolve that import, the
    constant has no type either, and no member of a chain from it a definition (zod's tests
    of ``import { z } from "zod/v3"``, a package the tree does not install)."""

    def __init__(
        self,
        scoped: _Scoped,
        unshared: set[str],
        enclosed: list[tuple[int, int]],
        imported: dict[str, Position],
        text: Text,
    ) -> None:
        self.scoped, self.unshared, self.enclosed = scoped, unshared, enclosed
        self.imported, self.text = imported, text
        self.module: dict[str, Position] = {}  # a top-level constant's name -> its import
        self.local: dict[int, Position] = {}  # a function's constant (its byte) -> its import
        self.roots: dict[Position, Position] = {}  # ``Scopes.roots``

    def follow(self, node: Node, name: str, inner: tuple[int, Node] | None) -> None:
        """Note the members of the chain the identifier ``node`` starts (``of``)."""
        imports = self.of(node, name, inner)
        if imports is not None:
            self.roots.update((self.text.point(member), imports) for member in _chain(node))

    def of(self, node: Node, name: str, inner: tuple[int, Node] | None) -> Position | None:
        """The import the identifier ``node`` (bound at ``inner``, ``None``: the module's
        binding of ``name``) holds the value of, if any."""
        if inner is not None:
            return self.local.get(inner[1].start_byte)
        found = self.imported.get(name) or self.module.get(name)
        if found is None or name in self.unshared or _within(node, self.enclosed):
            return None
        return found

    def declare(self, constant: Node) -> None:
        """Note the import ``constant``'s value comes from (in source order: a constant's value
        reads the ones before it)."""
        declarator = constant.parent
        value = declarator.child_by_field_name("value") if declarator is not None else None
        root = _chain_root(value) if value is not None else None
        if declarator is None or root is None:
            return
        spelled = self.text.of(root)
        found = self.of(root, spelled, _binding_of(root, self.scoped, spelled))
        if found is None:
            return
        name = self.text.of(constant)
        inner = _binding_of(constant, self.scoped, name)
        if inner is not None and inner[1].start_byte == constant.start_byte:
            self.local[constant.start_byte] = found
        elif _top_level(declarator) and name not in self.unshared:
            self.module[name] = found


def _chain_root(value: Node) -> Node | None:
    """The identifier a chain starts from (``z`` of ``z.object({}).strict()``), if ``value`` is
    one (``_chain``'s links, awaited or not: what an untyped chain's promise gives is untyped)
    or that identifier."""
    node = value
    if node.type == "await_expression" and node.named_child_count == 1:
        node = node.named_children[0]
    while node.type in _CHAIN:
        holder = _CHAIN[node.type][0]
        inner = node.child_by_field_name(holder) if holder is not None else node.named_child(0)
        if inner is None:
            return None
        node = inner
    return node if node.type == "identifier" else None


def _top_level(declarator: Node) -> bool:
    """Whether a declarator's declaration is a statement of the module (or its export)."""
    declaration = declarator.parent
    holder = declaration.parent if declaration is not None else None
    if holder is not None and holder.type == "export_statement":
        holder = holder.parent
    return holder is not None and holder.type == "program"


def _binding_of(node: Node, scoped: _Scoped, name: str) -> tuple[int, Node] | None:
    """The binding the identifier ``node`` names (``_innermost``); the key of an index
    signature (``{ [key: string]: unknown }``) is a name of its own, not a use of a parameter
    ``key`` of the function around it."""
    if node.parent is not None and node.parent.type == "index_signature":
        return node.start_byte, node
    return _innermost(scoped.get(name, ()), node.start_byte)


def renamable(language_id: str, source: bytes) -> dict[Position, Position]:
    """Each name of the file that a rename of a function-local binding changes -> where that
    binding is (the binding itself included): the plain identifiers ``scopes`` finds local, the
    names of a destructuring (``const { a } = o``) and the shorthand properties of an object
    literal (``{ a }``), which read a local too; also a type parameter's uses. Not a type
    literal's member (a property, the type's) nor a namespace import (the module's). Python's,
    Go's, C's and C++'s locals: ``pyscopes``, ``goscopes``, ``cscopes``."""
    other = _OTHER_LOCALS.get(language_id)
    if other is not None:
        return other(source)
    if language_id not in LANGUAGES:
        return {}
    tree = grammars.parser(language_id).parse(grammars.parsed_source(language_id, source))
    captures = QueryCursor(_query(language_id)).captures(tree.root_node)
    text = Text(source)
    scoped, _ = _bindings(captures, text)
    if _is_module(tree.root_node, source):
        whole = (tree.root_node.start_byte, tree.root_node.end_byte)
        for node in _destructured_at_module(captures):
            scoped.setdefault(text.of(node), []).append((*whole, node))
    named = {(n.start_byte, n.end_byte) for n in captures.get("inner", ())}
    out: dict[Position, Position] = {}
    for node in (*captures.get("use", ()), *_shorthands(tree.root_node), *_assigned(captures)):
        if (node.start_byte, node.end_byte) in named:
            continue  # `function stream() { var stream }`: the expression's name, not the var
        inner = _binding_of(node, scoped, text.of(node))
        if inner is not None and not _declares_around(node, inner[1]):
            out[text.point(node)] = text.point(inner[1])
    for bindings in scoped.values():  # a name declared again in its scope is one binding
        out.update(
            (text.point(node), text.point(_first(bindings, scope))) for *scope, node in bindings
        )
    _expression_names(captures, text, out)
    parameters = _type_parameters(captures, text)
    for node in captures.get("type_use", ()):
        inner = _type_parameter_of(node, parameters, text)
        if inner is not None:
            out[text.point(node)] = text.point(inner[1])
    return out


def _declares_around(name: Node, binding: Node) -> bool:
    """Whether ``name`` is the name of a function declaration holding ``binding``: underscore's
    ``function sample(obj) { var sample = toArray(obj); ... }``, whose name the scope around
    binds, not the ``var`` (tsgo's references at the ``var`` leave it out)."""
    declaration = name.parent
    return (
        declaration is not None
        and declaration.type in _DECLARED_FUNCTIONS
        and declaration.start_byte < binding.start_byte < declaration.end_byte
    )


def _expression_names(
    captures: dict[str, list[Node]], text: Text, out: dict[Position, Position]
) -> None:
    """Add to ``out`` the name of each function or class expression (mustache's
    ``Writer.prototype.render = function render (...) {...}``) and its uses inside the
    expression, which that name binds there unless a binding of the expression's own shadows
    it (a parameter, a ``var``): tsgo's references and rename there are these names alone, not
    the property the expression is assigned to nor a namesake elsewhere."""
    uses: dict[str, list[Node]] = {}
    for node in captures.get("use", ()):
        uses.setdefault(text.of(node), []).append(node)
    for name in captures.get("inner", ()):
        expression = name.parent
        if expression is None or name.type != "identifier":
            continue
        span = (expression.start_byte, expression.end_byte)
        own = text.point(name)
        out[own] = own
        for use in uses.get(text.of(name), ()):
            if use.start_byte <= name.start_byte or not span[0] <= use.start_byte < span[1]:
                continue
            bound = out.get(text.point(use))
            if bound is None or not _point_within(bound, expression, text):
                out[text.point(use)] = own


def _point_within(at: Position, node: Node, text: Text) -> bool:
    """Whether the 1-based ``at`` lies in ``node``'s span."""
    span = text.span(node)
    return (span.start_line, span.start_col) <= at < (span.end_line, span.end_col)


def _type_parameter_of(node: Node, parameters: _Scoped, text: Text) -> tuple[int, Node] | None:
    """The type parameter the type name ``node`` names, innermost first; none for a
    namespace's member (``AST.Members`` in effect/schema's ``<Members extends
    AST.Members<...>>``: the module's type, which tsgo's references of ``Members`` leave
    out)."""
    parent = node.parent
    if parent is not None and parent.type == "nested_type_identifier":
        return None  # `AST.Members`: the member (its name field), no name of the file
    return _innermost(parameters.get(text.of(node), ()), node.start_byte)


def _destructured_at_module(captures: dict[str, list[Node]]) -> list[Node]:
    """The names a module-level destructuring declares, not exported (``const { a, b: c } =
    require('./m')``, ``const [x] = pair``): no symbol of the index, and in a module no name
    another file sees, so a local of the file's, as tsgo's references there list it (the
    binding and its uses in the file; at the binding, with the property it reads where the
    value is typed)."""
    out = []
    for node in captures.get("bound", ()):
        child, parent = node, node.parent
        while parent is not None and parent.type in _PATTERNS:
            child, parent = parent, parent.parent
        if child is node or parent is None or parent.type != "variable_declarator":
            continue  # `const x = ...`, a parameter: the file's symbol, or no module's name
        declaration = parent.parent
        holder = declaration.parent if declaration is not None else None
        if holder is not None and holder.type == "program":
            out.append(node)
    return out


def _module_destructurings(
    root: Node, source: bytes, captures: dict[str, list[Node]], scoped: _Scoped, text: Text
) -> None:
    """Add to ``scoped`` the names a module's top-level destructuring declares from a value
    other than a ``require(...)`` (@tanstack/store's ``const { link, unlink } =
    createReactiveSystem({...})``, TypeScript's ``const { A } = obj``), bound in the whole
    file: the file's locals. tsgo's definition at a use (``link(dep, sub)``) leads past the
    binding to the property it reads and on to what that holds (the function a shorthand
    ``return { link }`` names), but its references there, its call hierarchy and its rename
    end at the binding. A ``require`` destructuring is an import to tsgo (``_required``), whose
    uses its references of the export list."""
    if not _is_module(root, source):
        return
    whole = (root.start_byte, root.end_byte)
    for node in _destructured_at_module(captures):
        if not _destructures_require(node):
            scoped.setdefault(text.of(node), []).append((*whole, node))


def _destructures_require(name: Node) -> bool:
    """Whether the destructuring declaring ``name`` reads ``require(...)`` (or a member of
    it)."""
    node: Node | None = name
    while node is not None and node.type != "variable_declarator":
        node = node.parent
    return node is not None and _required_value(node)


def _is_module(root: Node, source: bytes) -> bool:
    """Whether the file is a module (an import or an export, CommonJS's ``require`` or
    ``exports``), whose top-level names no other file sees unless exported; a script's are
    globals, every file's."""
    if any(child.type in ("import_statement", "export_statement") for child in root.children):
        return True
    return _COMMONJS.search(source) is not None


_COMMONJS = re.compile(rb"\brequire\s*\(|\bmodule\.exports\b|\bexports\.")


def type_names(language_id: str, source: bytes) -> set[Position]:
    """Where a TypeScript file names a type (``Promise<T>``, ``d: Date``), not a value (``new
    Promise(...)``, ``Date.now()``): tsgo's references of a library's name that is both an
    interface and a variable are those of the one asked (``Promise``'s at ``Promise.resolve``
    leave out ``: Promise<T>``). Empty for JavaScript and other languages."""
    if language_id not in LANGUAGES or language_id == "javascript":
        return set()
    tree = grammars.parser(language_id).parse(grammars.parsed_source(language_id, source))
    text = Text(source)
    return {text.point(node) for node in nodes(tree.root_node) if node.type == "type_identifier"}


_OTHER_LOCALS: dict[str, Callable[[bytes], dict[Position, Position]]] = {
    "python": pyscopes.local_names,
    "go": goscopes.local_names,
    "c": cscopes.c_local_names,
    "cpp": cscopes.cpp_local_names,
}
"""The languages whose locals a scope analysis of their own finds (``renamable``)."""


_PARAM_TAG = re.compile(
    rb"@(?:param|arg|argument)\s+(?:\{(?:[^{}\n]|\{[^{}\n]*\})*\}\s*)?\[?([\w$]+)(?![\w$.])"
)
"""A ``@param`` tag's name, after its type (``{{ error: boolean }}``: braces in braces)."""
_CLOSURE_FUNCTION = re.compile(CLOSURE_FUNCTION.pattern.encode())
_DOCUMENTED = frozenset(
    (
        "function_declaration",
        "generator_function_declaration",
        "method_definition",
        "function_signature",
        "method_signature",
        "abstract_method_signature",
    )
)
"""The functions whose ``@param`` tags tsgo ties to their parameters: declarations and methods
(of a class or an object literal), not a function expression or an arrow function a variable,
a property or a chained assignment holds (``const f = (b) => b``, express's ``req.get =
req.header = function header(name)``): its references and rename there leave the tag out."""


def parameter_docs(language_id: str, source: bytes) -> dict[Position, list[Position]]:
    """Each parameter (where it is bound) -> where the JSDoc comment before its function names
    it in a ``@param`` tag (``@param {T} name``, ``@param [name]``, a rest parameter's ``@param
    {...T} name``; not ``name.member``), which tsgo's rename of the parameter renames too."""
    if language_id not in LANGUAGES:
        return {}
    tree = grammars.parser(language_id).parse(grammars.parsed_source(language_id, source))
    text = Text(source)
    out: dict[Position, list[Position]] = {}
    for node in nodes(tree.root_node):
        documented = node.type in _DOCUMENTED or _exported_default(node)
        listed = node.child_by_field_name("parameters") if documented else None
        doc = _doc_comment(node) if listed is not None else None
        if listed is None or doc is None:
            continue
        tags = {  # not a tag whose type TypeScript 7 cannot read (``jsdoc.CLOSURE_FUNCTION``)
            m.group(1): doc.start_byte + m.start(1)
            for m in _PARAM_TAG.finditer(doc.text or b"")
            if not _CLOSURE_FUNCTION.search(m.group())
        }
        for parameter in listed.named_children:
            name = parameter.child_by_field_name("pattern") or parameter
            if name.type == "assignment_pattern":
                name = name.child_by_field_name("left") or name
            if name.type == "rest_pattern" and name.named_children:  # `...rest`
                name = name.named_children[0]
            at = tags.get(name.text or b"") if name.type == "identifier" else None
            if at is not None:
                out[text.point(name)] = [_point(text, at)]
    return out


def _exported_default(function: Node) -> bool:
    """Whether ``function`` is a module's default export (``export default function (a)``),
    which tsgo documents as a declaration."""
    parent = function.parent
    return function.type in _FUNCTIONS and parent is not None and parent.type == "export_statement"


def _doc_comment(function: Node) -> Node | None:
    """The JSDoc comment before ``function`` (or before its ``export``): the last of the
    comments just before it that opens with ``/**``, as TypeScript's JSDoc is (winston's
    ``/* eslint-enable valid-jsdoc */`` or ``// eslint-disable-next-line`` between the JSDoc
    and the method: tsgo ties the ``@param`` tags all the same)."""
    holder = function
    while holder.parent is not None and holder.parent.type == "export_statement":
        holder = holder.parent
    before = holder.prev_named_sibling
    while before is not None and before.type == "comment":
        if (before.text or b"").startswith(b"/**") and before.text != b"/**/":
            return before
        before = before.prev_named_sibling
    return None


def _point(text: Text, offset: int) -> Position:
    row = text.source.count(b"\n", 0, offset)
    line_start = text.source.rfind(b"\n", 0, offset) + 1
    return row + 1, text.col(row, offset - line_start)


def _assigned(captures: dict[str, list[Node]]) -> list[Node]:
    """The shorthand names of a destructuring assignment's pattern (``({ a, b } = o)``, no
    declaration): each writes the variable of its name, a use of that binding, which tsgo's
    references and rename list (noble-hashes' ``({ Bh, Bl } = { Bh: Bh ^ Ch, ... })``)."""
    return [
        node
        for node in captures.get("bound", ())
        if node.type == "shorthand_property_identifier_pattern" and _scope(node) is None
    ]


_ASSIGNS = re.compile(rb"\}\s*=(?![=>])")
"""``} =``: a file without it has no destructuring assignment (``assigned_keys``)."""


def assigned_keys(language_id: str, source: bytes) -> list[Span]:
    """The property names of the file's destructuring assignments' object patterns: the
    shorthand names and the keys (rxjs ``({ count = Infinity, delay, with: w } = config)``).
    Each also names a property of the assigned value's type, whose references tsgo's list
    there, but its definition at a shorthand is the variable written, at a key the key itself."""
    if language_id not in LANGUAGES or not _ASSIGNS.search(source):
        return []
    tree = grammars.parser(language_id).parse(grammars.parsed_source(language_id, source))
    text = Text(source)
    patterns = QueryCursor(_assignments(language_id)).captures(tree.root_node).get("pattern", [])
    found = {
        (node.start_byte, node.end_byte): node
        for pattern in patterns
        for node in nodes(pattern)
        if _assigned_key(node)
    }  # a pattern in another's default value is walked twice
    return [text.span(node) for _, node in sorted(found.items())]


@cache
def _assignments(language_id: str) -> Query:
    """The patterns destructuring assignments assign to: tree-sitter's query finds them in C,
    where walking every node of a file in Python took ~30x longer."""
    source = "(assignment_expression left: [(object_pattern) (array_pattern)] @pattern)"
    return Query(grammars.grammar(language_id), source)


def _assigned_key(node: Node) -> bool:
    parent = node.parent
    if node.type == "property_identifier":
        if parent is None or parent.type != "pair_pattern":
            return False
        if node != parent.child_by_field_name("key"):
            return False
    elif node.type != "shorthand_property_identifier_pattern":
        return False
    while parent is not None and parent.type in _PATTERNS:
        parent = parent.parent
    return parent is not None and parent.type == "assignment_expression"


def _assigned_locals(
    captures: dict[str, list[Node]], scoped: _Scoped, text: Text
) -> dict[Position, Position]:
    """Each shorthand name of a destructuring assignment (``_assigned``) writing a function's
    local -> where that local is bound (the module's variables: the server's references)."""
    return {
        text.point(node): text.point(inner[1])
        for node in _assigned(captures)
        if (inner := _binding_of(node, scoped, text.of(node))) is not None
    }


def _shorthands(root: Node) -> Iterator[Node]:
    """The shorthand properties of the file's object literals (``{ a }``)."""
    return (node for node in nodes(root) if node.type == "shorthand_property_identifier")


def _unshared_types(
    captures: dict[str, list[Node]], text: Text
) -> Iterator[tuple[Node, Node | None]]:
    """Each type name with the binding it names when that is no symbol of the index: a type
    parameter, or a type literal's member (its own definition); ``None``: the module's."""
    parameters = _type_parameters(captures, text)
    for node in captures.get("type_use", ()):
        inner = _type_parameter_of(node, parameters, text)
        yield node, inner[1] if inner is not None else None
    for node in captures.get("declares", ()):
        yield node, node
    for node in captures.get("untyped", ()):
        yield from ((key, key) for key in _untyped_keys(node))


def _untyped_keys(literal: Node) -> Iterator[Node]:
    """The keys of an object literal (or of those an array literal holds) that nothing types
    (TypeScript: ``const x = { a: 1, b: { c: [{ d: 2 }] } }``, no annotation, no ``as`` or
    ``satisfies``), its nested literals' keys too: no contextual type, so each key's definition
    is itself, never another symbol (tsgo answers nothing more; ~1,300 definition requests of
    the TypeScript benchmark tree). Not in JavaScript, where a JSDoc ``@type`` may type the
    variable."""
    for child in literal.named_children:
        if child.type == "pair":
            key, value = child.child_by_field_name("key"), child.child_by_field_name("value")
            if key is not None and key.type == "property_identifier":
                yield key
            if value is not None and value.type in ("object", "array"):
                yield from _untyped_keys(value)
        elif child.type in ("object", "array"):  # an array's elements
            yield from _untyped_keys(child)


def _type_parameters(captures: dict[str, list[Node]], text: Text) -> _Scoped:
    """The type parameters by name, each scoped to the declaration it parameterizes (a function,
    a class, an interface, a type alias, a signature); an ``infer V`` to its conditional type's
    ``extends`` clause and true branch (``T extends Set<infer V> ? V : never``: not the false
    one, where another ``infer V`` may bind it); a mapped type's key to that type (``[K in keyof
    T]: T[K]``)."""
    found: _Scoped = {}
    for node in captures.get("type_bound", ()):
        scope = _type_scope(node)
        if scope is not None:
            found.setdefault(text.of(node), []).append((*scope, node))
    return found


def _type_scope(name: Node) -> tuple[int, int] | None:
    """The bytes where the type parameter, ``infer`` or mapped key ``name`` binds (above)."""
    parameter = name.parent
    if parameter is None:
        return None
    if parameter.type == "type_parameter":
        listed = parameter.parent
        owner = listed.parent if listed is not None else None
        return (owner.start_byte, owner.end_byte) if owner is not None else None
    if parameter.type == "mapped_type_clause":
        owner = parameter.parent
        return (owner.start_byte, owner.end_byte) if owner is not None else None
    child, node = parameter, parameter.parent
    while node is not None and not (
        node.type == "conditional_type" and node.child_by_field_name("right") == child
    ):
        child, node = node, node.parent
    consequence = node.child_by_field_name("consequence") if node is not None else None
    return (child.start_byte, consequence.end_byte) if consequence is not None else None


_MEMBERS = {  # a namespace's member: the node, the field of the namespace, of the member
    "member_expression": ("object", "property", VALUE),
    "nested_type_identifier": ("module", "name", TYPE),
    "nested_identifier": ("object", "property", VALUE),
}


def _share_member(node: Node, namespace: str, text: Text, module: dict[Position, str]) -> None:
    """``ns.name`` for the file's ``import * as ns``: ``ns`` and ``name`` each name the same
    thing wherever the file spells ``ns.name`` (an export of a module: no narrowing, no
    shadowing), one answer for all (keyed ``value:ns``, ``type:ns``; ``ns`` itself
    ``namespace:``)."""
    parent = node.parent
    fields = _MEMBERS.get(parent.type) if parent is not None else None
    if parent is None or fields is None:
        return
    owner, member, kind = fields
    if parent.child_by_field_name(owner) != node:
        return
    if parent.type != "member_expression":  # in a type or a ``typeof``: unshared above
        module[text.point(node)] = "namespace:"
    name = parent.child_by_field_name(member)
    if name is not None:
        module[text.point(name)] = f"{kind}:{namespace}"


_CHAIN = {  # a chain's link: the field that holds the chain so far, the field of the member
    "member_expression": ("object", "property"),
    "call_expression": ("function", None),
    "subscript_expression": ("object", None),
    "non_null_expression": (None, None),
    "nested_identifier": ("object", "property"),
    "nested_type_identifier": ("module", "name"),
}


def _chain(root: Node) -> list[Node]:
    """The member names of the chain that ``root`` starts (``root.a().b!.c[0].d``: ``a``,
    ``b``, ``c``, ``d``): the links that keep the type of what they hold unknown when the root's
    is, not a cast (``as``), an ``await`` or an operator; and the keys of the object literals
    its calls are given (``z.object({ a: z.string() })``: ``a``), which a call of what has no
    type gives no type either (each key is then its own definition)."""
    members: list[Node] = []
    node, parent = root, root.parent
    while parent is not None and parent.type in _CHAIN:
        holder, member = _CHAIN[parent.type]
        if holder is not None and parent.child_by_field_name(holder) != node:
            break
        name = parent.child_by_field_name(member) if member is not None else None
        if name is not None:
            members.append(name)
        elif parent.type == "call_expression":
            given = parent.child_by_field_name("arguments")
            for value in given.named_children if given is not None else ():
                if value.type in ("object", "array"):
                    members.extend(_untyped_keys(value))
        node, parent = parent, parent.parent
    return members


def _within(node: Node, spans: list[tuple[int, int]]) -> bool:
    return any(start <= node.start_byte < end for start, end in spans)


_Scoped = dict[str, list[tuple[int, int, Node]]]
"""Each name's function-local bindings: (scope start byte, end byte, the binding's name)."""


def _bindings(captures: dict[str, list[Node]], text: Text) -> tuple[_Scoped, dict[str, set[str]]]:
    """The function-local bindings by name, and per namespace the names with a binding that
    the module scope's answer would not cover (module doc)."""
    scoped: _Scoped = {}
    unshared: dict[str, set[str]] = {VALUE: set(), TYPE: set()}
    for kind in ("bound", "declared"):
        for node in captures.get(kind, ()):
            declaration = node.parent  # a declared name belongs to the block around it
            scope = _scope(node) if kind == "bound" else _block(declaration and declaration.parent)
            if scope is not None and _required(node):
                unshared[VALUE].add(text.of(node))  # an import: asked, one by one
            elif scope is not None and _in_function(scope):
                name = text.of(node)
                scoped.setdefault(name, []).append((scope.start_byte, scope.end_byte, node))
            elif scope is not None:  # a block at module level
                unshared[VALUE].add(text.of(node))
    for node in captures.get("inner", ()):  # function and class expressions: bound inside
        unshared[VALUE].add(text.of(node))
        unshared[TYPE].add(text.of(node))
    for node in captures.get("inner_value", ()):  # a namespace in a block
        if _block(node.parent and node.parent.parent) is not None:
            unshared[VALUE].add(text.of(node))
    for node in (*captures.get("typed", ()), *captures.get("classed", ())):
        if _block(node.parent and node.parent.parent) is not None:
            unshared[TYPE].add(text.of(node))
            unshared[VALUE].add(text.of(node))  # an enum, a class: values too
    unshared[TYPE].update(text.of(node) for node in captures.get("type_bound", ()))
    return scoped, unshared


def _required(name: Node) -> bool:
    """Whether ``name`` is bound to what a module exports: ``const x = require('./m')``,
    ``const x = require('./m').x``. tsgo's references of the export hold the binding and its
    uses, in a function too (ws's ``const bufferUtil = require('bufferutil')``): the
    definition of a use leads through the binding (an import) to the export, so it is asked."""
    declarator = name.parent
    return (
        declarator is not None
        and declarator.type == "variable_declarator"
        and _required_value(declarator)
    )


def _required_value(declarator: Node) -> bool:
    """Whether the ``variable_declarator``'s value is ``require(...)`` or a member of it."""
    value = declarator.child_by_field_name("value")
    if value is not None and value.type == "member_expression":
        value = value.child_by_field_name("object")
    called = value.child_by_field_name("function") if value is not None else None
    return (
        value is not None
        and value.type == "call_expression"
        and called is not None
        and called.type == "identifier"
        and called.text == b"require"
    )


def _innermost(bindings: Iterable[tuple[int, int, Node]], start: int) -> tuple[int, Node] | None:
    """The innermost of a name's bindings whose scope holds the byte ``start``; of a name
    declared again in one scope (iconv-lite's ``for (var i = 0; ...)`` twice in a function, a
    parameter and a ``var`` of its name), the first: one variable, as tsgo's references list
    it (``_first``)."""
    inner = None
    for scope_start, scope_end, binding in bindings:
        if scope_start <= start < scope_end and (inner is None or scope_start > inner[0]):
            inner = (scope_start, binding)
    return inner


def _first(bindings: Iterable[tuple[int, int, Node]], scope: Sequence[int]) -> Node:
    """The first of a name's bindings in ``scope`` (its start and end bytes)."""
    return next(node for start, end, node in bindings if [start, end] == list(scope))


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
        keyword = parent.child_by_field_name("kind")
        if keyword is None or child != parent.child_by_field_name("left"):
            return None
        # ``for (var x in o)`` binds the function's ``x``: one variable with another ``var
        # x`` there (esbuild's ``__spreadValues``: ``for (var prop in b)``, then ``for (var
        # prop of ...)``), as tsgo's references list it
        return _function(parent) if keyword.type == "var" else parent
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
