"""Which names of a C or C++ file name a binding local to a function, for rename and usages.

C's scopes, as the language defines them: a function's parameters belong to its body's block;
every ``{ }`` block is a scope, and so are a ``for`` statement (its init declaration binds there)
and, in C++, an ``if``, ``while`` or ``switch`` statement (a condition's declaration, an init
statement ``if (auto x = f(); x)``), a range-for (``for (auto& x : xs)``: the range is read
before ``x`` is bound) and a ``catch`` clause. A name's scope starts right after its declarator
(``int n = 3, a[n];``; ``int x = x;`` reads the new ``x``), an inner declaration shadows an outer
one. A lambda reads the locals around it (``[&x]`` and its body's ``x`` are the outer ``x``); an
init capture ``[y = x]`` binds ``y`` in the lambda. ``auto [a, b] = p;`` binds ``a`` and ``b``.
A template's parameters (``template <typename T, unsigned N>``) are bound in its declaration,
read as types (``T x``, ``T::f``, ``Box<T>::get``) and values (``N``); clangd's references of
one list those (not ``sizeof...(Ts)``, which lsai lists).

File-scope, namespace and class members are the file's symbols and never local, nor is a
block-scope function prototype or ``extern`` declaration (it names a global). The parameters of
a prototype, or of a function pointer's type, name themselves only. A member (``s.f``,
``p->f``, a designator ``.f = v``, a constructor's ``m(a)``), a type, a label, a qualified name
(``ns::x``), a macro's name and a macro's parameter name no local. Values only: a local typedef
or tag is not followed. K&R parameter declarations are not read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from tree_sitter import Node

from lsai.indexer.treesitter import grammars
from lsai.indexer.treesitter.source import Text

Position = tuple[int, int]
"""1-based line and column (code points)."""

_BLOCKS = frozenset(  # nodes that open a scope of their own
    (
        "compound_statement",
        "for_statement",
        "if_statement",
        "while_statement",
        "switch_statement",
    )
)
_WRAPPERS = frozenset(
    (
        "pointer_declarator",
        "reference_declarator",
        "parenthesized_declarator",
        "attributed_declarator",
        "array_declarator",
        "init_declarator",
        "variadic_declarator",
    )
)
"""Declarators around the declared name, whose other parts (a size, a value) are read."""
_DECLARATORS = frozenset((*_WRAPPERS, "function_declarator", "structured_binding_declarator"))
_PARAMETERS = frozenset(
    ("parameter_declaration", "optional_parameter_declaration", "variadic_parameter_declaration")
)


class _Scope:
    """A scope's value bindings (``names``) and template parameters (``types``, C++); a
    template's own scope binds no value (its class's or function's members are no locals)."""

    def __init__(self, parent: _Scope | None, *, template: bool = False) -> None:
        self.parent = parent
        self.template = template
        self.names: dict[str, Node] = {}
        self.types: dict[str, Node] = {}

    def lookup(self, name: str, *, values: bool = True) -> Node | None:
        """The binding ``name`` reads here: a value's or a template parameter's (``sizeof...(
        Ts)``, ``T(0)``), innermost first; with ``values`` False, a template parameter's."""
        scope: _Scope | None = self
        while scope is not None:
            if values and name in scope.names:
                return scope.names[name]
            if name in scope.types:
                return scope.types[name]
            scope = scope.parent
        return None


class _Walk:
    """Walks a file in source order, each name resolved where it stands (module doc)."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.out: dict[Position, Position] = {}

    def use(self, node: Node, scope: _Scope, *, values: bool = True) -> None:
        binding = scope.lookup(self.text.of(node), values=values)
        if binding is not None:
            self.out[self.text.point(node)] = self.text.point(binding)

    def bind(self, node: Node, scope: _Scope, *, template: bool = False) -> None:
        """``node`` names a binding of ``scope``; at file scope or a template's, nothing (but
        the template's parameters: ``template``)."""
        if template:
            scope.types[self.text.of(node)] = node
            self.out[self.text.point(node)] = self.text.point(node)
        elif scope.parent is not None and not scope.template:
            scope.names[self.text.of(node)] = node
            self.out[self.text.point(node)] = self.text.point(node)

    def walk(self, node: Node | None, scope: _Scope) -> None:
        if node is None:
            return
        handler = _HANDLERS.get(node.type)
        if handler is not None:
            handler(self, node, scope)
        elif node.type == "identifier":
            self.use(node, scope)
        elif node.type == "type_identifier":
            self.use(node, scope, values=False)
        else:
            self.children(node.children, _Scope(scope) if node.type in _BLOCKS else scope)

    def children(self, children: Iterable[Node], scope: _Scope) -> None:
        for child in children:
            self.walk(child, scope)


def c_local_names(source: bytes) -> dict[Position, Position]:
    """Each name of a C file naming a function-local binding (the binding included) -> where
    that binding is declared (module doc); a header written in C++ is read as C++."""
    return _local_names("cpp" if grammars.written_in_cpp(source) else "c", source)


def cpp_local_names(source: bytes) -> dict[Position, Position]:
    """``c_local_names`` of a C++ file."""
    return _local_names("cpp", source)


def _local_names(dialect: str, source: bytes) -> dict[Position, Position]:
    tree = grammars.parser(dialect).parse(grammars.parsed_source(dialect, source))
    walk = _Walk(Text(source))
    walk.walk(tree.root_node, _Scope(None))
    return walk.out


def _function(walk: _Walk, node: Node, scope: _Scope) -> None:
    """A function definition: its return type read outside, its parameters bound in its body's
    block, then what reads them (a trailing return type, a constructor's initializers)."""
    inner = _Scope(scope)
    body = node.child_by_field_name("body")
    for child in node.children:
        if child == body:
            walk.children(body.children, inner)  # the body's block is the function's scope
        elif child.type in ("function_declarator", *_WRAPPERS):
            _named(walk, child, scope, bind=False, parameters=inner)
        elif child == node.child_by_field_name("type"):
            walk.walk(child, scope)
        else:
            walk.walk(child, inner)


def _declaration(walk: _Walk, node: Node, scope: _Scope) -> None:
    """``int i = 0, *p, a[n];``: each name bound after its declarator, before the next; a
    function's prototype or an ``extern`` binds nothing (a global's name)."""
    external = any(
        c.type == "storage_class_specifier" and walk.text.of(c) == "extern" for c in node.children
    )
    declarators = node.children_by_field_name("declarator")
    for child in node.children:
        if child in declarators:
            local = _constructed(walk, child, scope)
            _named(walk, child, scope, bind=not external and (local or not _prototype(child)))
        else:
            walk.walk(child, scope)


def _named(
    walk: _Walk, node: Node, scope: _Scope, *, bind: bool, parameters: _Scope | None = None
) -> None:
    """The declarator ``node``: its name bound in ``scope`` when ``bind``, what else it holds
    read (a size, an initial value); a function declarator's parameters bound in
    ``parameters`` (a definition's body), else in a scope of their own."""
    if node.type == "identifier":
        if bind:
            walk.bind(node, scope)
    elif node.type == "qualified_identifier":  # ``Box<T>::get``: its template arguments
        _qualified(walk, node, scope)
    elif node.type == "structured_binding_declarator":
        for name in node.named_children:
            if name.type == "identifier" and bind:
                walk.bind(name, scope)
    elif node.type == "function_declarator":
        _function_declarator(walk, node, scope, bind=bind, parameters=parameters)
    elif node.type in _WRAPPERS:
        named = node.child_by_field_name("declarator") or next(
            (c for c in node.named_children if c.type == "identifier" or c.type in _DECLARATORS),
            None,
        )  # ``(*f)``, ``&x``: a child of no field
        for child in node.children:
            if child == named:
                _named(walk, child, scope, bind=bind, parameters=parameters)
            else:
                walk.walk(child, scope)


def _function_declarator(
    walk: _Walk, node: Node, scope: _Scope, *, bind: bool, parameters: _Scope | None
) -> None:
    named = node.child_by_field_name("declarator")
    if named is not None:
        _named(walk, named, scope, bind=bind)
    inner = parameters or _Scope(scope)
    _parameters(walk, node.child_by_field_name("parameters"), inner)
    for child in node.named_children[2:]:  # a trailing return type, ``noexcept(...)``
        walk.walk(child, inner)


def _parameters(walk: _Walk, listed: Node | None, scope: _Scope) -> None:
    """A parameter list's names, bound in ``scope``: a definition's body's block; for a
    prototype, a scope of their own. ``int* BROTLI_RESTRICT out`` (a macro before the name)
    reads to tree-sitter as a parameter named by the macro, then an error holding ``out``:
    that is the name."""
    children = listed.named_children if listed is not None else []
    for at, parameter in enumerate(children):
        misnamed = _misnamed(children, at + 1)
        if parameter.type == "ERROR" and _misnamed(children, at) is not None:
            walk.bind(parameter.named_children[0], scope)
        elif parameter.type not in _PARAMETERS:
            walk.walk(parameter, scope)
        else:
            for child in parameter.children:
                if child == parameter.child_by_field_name("declarator"):
                    _named(walk, child, scope, bind=misnamed is None)
                else:
                    walk.walk(child, scope)


def _misnamed(children: list[Node], at: int) -> Node | None:
    """``children[at]`` when it is an error holding one name after a parameter (``_parameters``)."""
    if not 0 < at < len(children) or children[at - 1].type not in _PARAMETERS:
        return None
    error = children[at]
    named = error.named_children
    if error.type != "ERROR" or len(named) != 1 or named[0].type != "identifier":
        return None
    return error


def _prototype(declarator: Node) -> bool:
    """Whether a declaration's declarator declares a function (``int *f(int);``), not a
    pointer to one (``int (*f)(int);``)."""
    while declarator.type in ("pointer_declarator", "attributed_declarator"):
        inner = declarator.child_by_field_name("declarator")
        if inner is None:
            return False
        declarator = inner
    return declarator.type == "function_declarator"


def _constructed(walk: _Walk, declarator: Node, scope: _Scope) -> bool:
    """C++'s ``std::string s(buf, n);`` in a function, read by tree-sitter as a prototype whose
    parameters are types: a variable constructed from locals when one of those names is a
    local (each then read as a use)."""
    if declarator.type != "function_declarator" or scope.parent is None:
        return False
    listed = declarator.child_by_field_name("parameters")
    names = [p.child_by_field_name("type") for p in listed.named_children] if listed else []
    if not names or any(n is None or n.type != "type_identifier" for n in names):
        return False
    if not any(scope.lookup(walk.text.of(n)) is not None for n in names if n is not None):
        return False
    for name in names:
        if name is not None:
            walk.use(name, scope)
    return True


def _prototype_parameters(walk: _Walk, node: Node, scope: _Scope) -> None:
    """A function type's or a prototype's parameters, met anywhere else (a typedef, a cast,
    a field): names of their own."""
    _named(walk, node, scope, bind=False)


def _abstract(walk: _Walk, node: Node, scope: _Scope) -> None:
    inner = _Scope(scope)
    for child in node.children:
        if child == node.child_by_field_name("parameters"):
            _parameters(walk, child, inner)
        else:
            walk.walk(child, inner)


def _lambda(walk: _Walk, node: Node, scope: _Scope) -> None:
    """``[&x, y = x](int p) { ... }``: a capture reads the local around, an init capture binds
    in the lambda, which reads the locals around it."""
    inner = _Scope(scope)
    for capture in _children(node.child_by_field_name("captures")):
        if capture.type == "lambda_capture_initializer":
            walk.walk(capture.child_by_field_name("right"), scope)
            _named(walk, capture.child_by_field_name("left") or capture, inner, bind=True)
        else:
            walk.walk(capture, scope)
    declarator = node.child_by_field_name("declarator")
    if declarator is not None:
        _abstract(walk, declarator, inner)
    body = node.child_by_field_name("body")
    if body is not None:
        walk.children(body.children, inner)


def _range_for(walk: _Walk, node: Node, scope: _Scope) -> None:
    """``for (auto& x : xs)``: the range read before ``x`` is bound."""
    inner = _Scope(scope)
    walk.walk(node.child_by_field_name("initializer"), inner)
    walk.walk(node.child_by_field_name("right"), inner)
    walk.walk(node.child_by_field_name("type"), inner)
    declarator = node.child_by_field_name("declarator")
    if declarator is not None:
        _named(walk, declarator, inner, bind=True)
    walk.walk(node.child_by_field_name("body"), inner)


def _catch(walk: _Walk, node: Node, scope: _Scope) -> None:
    inner = _Scope(scope)
    _parameters(walk, node.child_by_field_name("parameters"), inner)
    body = node.child_by_field_name("body")
    if body is not None:
        walk.children(body.children, inner)


def _enumerator(walk: _Walk, node: Node, scope: _Scope) -> None:
    """An enumerator of an enumeration declared in a function is local to it."""
    name = node.child_by_field_name("name")
    walk.walk(node.child_by_field_name("value"), scope)
    if name is not None:
        walk.bind(name, scope)


def _field(walk: _Walk, node: Node, scope: _Scope) -> None:
    """``s.f``, ``p->f``: the object is read, the field names no local."""
    walk.walk(node.child_by_field_name("argument"), scope)


def _preprocessor(walk: _Walk, node: Node, scope: _Scope) -> None:
    """``#if``, ``#ifdef``: the macros tested name no local; the code in each branch is read."""
    tested = (node.child_by_field_name("condition"), node.child_by_field_name("name"))
    walk.children((c for c in node.children if c not in tested), scope)


def _error(walk: _Walk, node: Node, scope: _Scope) -> None:
    """What tree-sitter could not parse, as it recovered: a function whose body it failed (lz4's
    ``LZ4_FORCE_INLINE int`` heading, labels in ``#if`` before ``#endif``) is a function
    declarator and its body's ``{``, statements and ``}``, siblings (in nested errors too):
    the parameters are bound in a scope up to the matching ``}``, as is each ``{`` in a
    function. A definition or declaration starting its line is at file scope again."""
    stack: list[_Scope] = []
    current, body = scope, None
    children = list(_recovered(node))
    for at, child in enumerate(children):
        if child.type in _FILE_LEVEL and child.start_point[1] == 0:
            stack, current, body = [], scope, None
        if child.type == "function_declarator" and _opens_body(children[at + 1 :]):
            body = _Scope(current)
            _named(walk, child, current, bind=False, parameters=body)
        elif child.type == "{":
            stack.append(current)
            if body is not None or current.parent is not None:
                current = body or _Scope(current)
            body = None
        elif child.type == "}" and stack:
            current = stack.pop()
        else:
            walk.walk(child, current)


_FILE_LEVEL = frozenset(("function_definition", "declaration", "type_definition"))


def _recovered(node: Node) -> Iterable[Node]:
    """The children of an error node, those of the errors in it in their place."""
    for child in node.children:
        if child.type == "ERROR":
            yield from _recovered(child)
        else:
            yield child


def _opens_body(after: list[Node]) -> bool:
    """Whether a function declarator is followed by a ``{`` (past comments): its body's."""
    return next((n.type for n in after if n.type != "comment"), None) == "{"


def _template(walk: _Walk, node: Node, scope: _Scope) -> None:
    """``template <typename T, unsigned N = 4> ...``: the parameters are bound in a scope of
    the declaration (each after its default), which reads them (``T items[N];``,
    ``Box<T>::get``, ``T::make``), as clangd's references of a template parameter list them."""
    inner = _Scope(scope, template=True)
    for child in node.children:
        if child == node.child_by_field_name("parameters"):
            for parameter in child.named_children:
                _template_parameter(walk, parameter, inner)
        else:
            walk.walk(child, inner)


def _template_parameter(walk: _Walk, node: Node, scope: _Scope) -> None:
    if node.type in _PARAMETERS:  # a value: ``unsigned N = 4``
        walk.walk(node.child_by_field_name("type"), scope)
        walk.walk(node.child_by_field_name("default_value"), scope)
        declarator = node.child_by_field_name("declarator")
        while declarator is not None and declarator.type != "identifier":
            declarator = next(
                (c for c in declarator.named_children if c.type in ("identifier", *_DECLARATORS)),
                None,
            )
        if declarator is not None:
            walk.bind(declarator, scope, template=True)
        return
    walk.walk(node.child_by_field_name("default_type"), scope)
    named = node.child_by_field_name("name")
    if node.type == "template_template_parameter_declaration":  # its own parameters' names
        named = next((c for c in reversed(node.named_children) if c.type != "ERROR"), None)
        node = named if named is not None else node
        named = None
    if named is None:
        named = next((c for c in node.named_children if c.type == "type_identifier"), None)
    if named is not None:
        walk.bind(named, scope, template=True)


def _qualified(walk: _Walk, node: Node, scope: _Scope) -> None:
    """``T::make``, ``Box<T>::get``, ``typename T::value_type``: the scope reads a template
    parameter, as may its template arguments; the names after ``::`` name no local."""
    qualifier = node.child_by_field_name("scope")
    if qualifier is not None and qualifier.type == "namespace_identifier":
        walk.use(qualifier, scope, values=False)
    elif qualifier is not None:
        walk.walk(qualifier, scope)
    name = node.child_by_field_name("name")
    if name is not None and name.type == "qualified_identifier":
        _qualified(walk, name, scope)
    elif name is not None:
        walk.walk(name.child_by_field_name("arguments"), scope)


def _skip(walk: _Walk, node: Node, scope: _Scope) -> None:
    """A macro's definition, a qualified name, an attribute: no local."""


def _children(node: Node | None) -> list[Node]:
    return node.named_children if node is not None else []


_HANDLERS: dict[str, Callable[[_Walk, Node, _Scope], None]] = {
    "function_definition": _function,
    "declaration": _declaration,
    "function_declarator": _prototype_parameters,
    "abstract_function_declarator": _abstract,
    "lambda_expression": _lambda,
    "for_range_loop": _range_for,
    "catch_clause": _catch,
    "enumerator": _enumerator,
    "ERROR": _error,
    "field_expression": _field,
    "preproc_if": _preprocessor,
    "preproc_elif": _preprocessor,
    "preproc_ifdef": _preprocessor,
    "preproc_elifdef": _preprocessor,
    "preproc_def": _skip,
    "preproc_function_def": _skip,
    "preproc_call": _skip,
    "qualified_identifier": _qualified,
    "template_declaration": _template,
    "destructor_name": _skip,
    "attribute_specifier": _skip,
    "attribute_declaration": _skip,
}
"""The nodes that bind or scope names, and how each is walked."""
