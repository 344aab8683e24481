"""Which identifiers of a Python file name a binding local to a function, for rename.

Python's scopes, as the language defines them: a name bound anywhere in a function (a parameter,
an assignment's target, a ``for``/``with``/``except ... as`` target, an import, a nested ``def``
or ``class``, a ``match`` capture, a walrus) is local to the whole function unless declared
``global`` or ``nonlocal``; a nested function reads its enclosing functions' locals (not a class
body's: a class body binds the class's attributes, symbols of the index); a lambda and a
comprehension are functions too (a comprehension's first iterable is read outside it, a walrus in
it binds in the function around it). A parameter's default value and annotation, a decorator and a
class's bases are read in the scope around the ``def``. A PEP 695 type parameter (``def f[T]``,
``class Box[T]``, ``type Pair[K, V] = ...``) is bound in an annotation scope of its own around
its declaration: a function's annotations and body, a class's bases, body and methods, an alias's
value read it; that scope, unlike a function, sees the class body it sits in. Module-level and
class-level names are the file's symbols and never local here; an attribute (``o.name``) and a
keyword argument's name (``f(name=1)``) name no binding of the file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from tree_sitter import Node, Tree

from lsai.indexer.treesitter import grammars
from lsai.indexer.treesitter.source import Text, nodes

Position = tuple[int, int]
"""1-based line and column (code points)."""

_COMPREHENSIONS = frozenset(
    ("list_comprehension", "set_comprehension", "dictionary_comprehension", "generator_expression")
)
_TARGETS = frozenset(  # nodes a binding target's names sit in
    (
        "pattern_list",
        "tuple_pattern",
        "list_pattern",
        "tuple",
        "list",
        "parenthesized_expression",
        "list_splat_pattern",
        "as_pattern_target",
        "expression_list",
    )
)
_PARAMETERS = frozenset(("identifier", "list_splat_pattern", "dictionary_splat_pattern"))
_NAMED_PARAMETERS = frozenset(("default_parameter", "typed_parameter", "typed_default_parameter"))


@dataclass(eq=False)
class _Scope:
    kind: str  # "module", "class", "function" (a def, a lambda), "comprehension", "annotation"
    parent: _Scope | None
    bound: dict[str, Node] = field(default_factory=dict)  # each name's first binding
    named: set[str] = field(default_factory=set)  # bound (too) by an import, a def or a class
    times: dict[str, int] = field(default_factory=dict)  # how often each name is bound here
    star: bool = False  # a ``from m import *`` binds names unseen
    declared: dict[str, str] = field(default_factory=dict)  # name -> "global" or "nonlocal"
    uses: list[Node] = field(default_factory=list)

    def bind(self, name: str, node: Node) -> None:
        self.bound.setdefault(name, node)
        self.times[name] = self.times.get(name, 0) + 1

    def function(self) -> _Scope:
        """Where a walrus binds: the nearest scope that is no comprehension."""
        scope: _Scope = self
        while scope.kind == "comprehension" and scope.parent is not None:
            scope = scope.parent
        return scope


def local_names(source: bytes) -> dict[Position, Position]:
    """Each identifier naming a function-local binding (the binding included) -> where that
    binding is first bound in its function (module doc)."""
    return _locals(walk(source), plain=False)


@dataclass(frozen=True)
class Walk:
    """One walk of a file's scopes, which ``plain_locals`` and ``module_names`` both read."""

    scopes: list[_Scope]  # the module's first
    text: Text


def walk(source: bytes, tree: Tree | None = None) -> Walk:
    """Every scope of ``source`` (``tree``: ``source`` already parsed)."""
    if tree is None:
        tree = grammars.parser("python").parse(source)
    text = Text(source)
    module = _Scope("module", None)
    scopes = [module]
    _walk(tree.root_node, module, text, scopes)
    return Walk(scopes, text)


def plain_locals(walked: Walk) -> dict[Position, Position]:
    """``local_names``, less the names a function binds (also) with an import, a ``def`` or a
    ``class``: each of the others names a variable of its function (a parameter, an assignment's
    target...), whatever binding of it a server's definition picks, never a symbol an import or
    a declaration would lead to."""
    return _locals(walked, plain=True)


def module_names(walked: Walk) -> dict[Position, str]:
    """Each identifier naming what the module binds once (an import, a ``def``, a ``class``, an
    assignment: no other binding, no ``global`` statement rebinding it) or a builtin (a name the
    module never binds, without a ``from m import *``) -> ``"value"``: the same definition for
    each of them in the file, one request for all (``scopes.Scopes.module``)."""
    scopes, text = walked.scopes, walked.text
    module = scopes[0]
    rebound = {n for scope in scopes for n, how in scope.declared.items() if how == "global"}
    out: dict[Position, str] = {}
    for scope in scopes:
        for node in scope.uses:
            name = text.of(node)
            bound = module.bound.get(name)
            if bound is not None and bound.start_byte == node.start_byte:
                continue  # the binding itself
            once = module.times.get(name) == 1 or (bound is None and not module.star)
            if once and name not in rebound and _of_module(scope, name):
                out[text.point(node)] = "value"
    return out


def _of_module(scope: _Scope, name: str) -> bool:
    """Whether ``name`` seen from ``scope`` is the module's (or a builtin): no function, no
    comprehension and no class body around it binds it (``_lookup``)."""
    here: _Scope | None = scope
    first = True
    while here is not None and here.kind != "module":
        declared = here.declared.get(name)
        if declared == "global":
            return True
        skipped = here.kind == "class" and not first
        if not skipped and declared is None and name in here.bound:
            return False
        first = here.kind == "annotation"  # an annotation scope sees the class body around
        here = here.parent
    return True


def _locals(walked: Walk, *, plain: bool) -> dict[Position, Position]:
    scopes, text = walked.scopes, walked.text
    out: dict[Position, Position] = {}
    for scope in scopes:
        for node in scope.uses:
            name = text.of(node)
            found = _lookup(scope, name)
            if found is not None and not (plain and name in found[0].named):
                out[text.point(node)] = text.point(found[1])
    return out


def _lookup(scope: _Scope, name: str) -> tuple[_Scope, Node] | None:
    """The function (or comprehension) scope binding ``name`` as seen from ``scope``, and the
    name's first binding there; ``None``: a module's or a class's name."""
    here: _Scope | None = scope
    first = True
    while here is not None:
        if here.kind == "class" and not first:  # a class body is not seen from its methods
            here = here.parent
            continue
        declared = here.declared.get(name)
        if declared == "global":
            return None
        if declared is None and name in here.bound:
            local = here.kind in ("function", "comprehension", "annotation")
            return (here, here.bound[name]) if local else None
        first = here.kind == "annotation"  # an annotation scope sees the class body around
        here = here.parent
    return None


def _walk(node: Node, scope: _Scope, text: Text, scopes: list[_Scope]) -> None:
    kind = node.type
    if kind == "identifier":
        scope.uses.append(node)
    elif kind in _OPENS:
        _OPENS[kind](node, scope, text, scopes)
    elif kind in ("global_statement", "nonlocal_statement"):
        for name in node.named_children:
            scope.declared[text.of(name)] = kind.removesuffix("_statement")
            scope.uses.append(name)
    elif kind in ("import_statement", "import_from_statement"):
        _import(node, scope, text)
    elif kind == "attribute":
        _walk_field(node, "object", scope, text, scopes)
    elif kind == "keyword_argument":
        _walk_field(node, "value", scope, text, scopes)
    elif kind == "keyword_pattern":  # case Point(x=xx): ``x`` is an attribute
        for child in node.named_children[1:]:
            _walk(child, scope, text, scopes)
    else:
        _bind_targets(node, scope, text)
        for child in node.children:
            _walk(child, scope, text, scopes)


def _walk_field(node: Node, name: str, scope: _Scope, text: Text, scopes: list[_Scope]) -> None:
    child = node.child_by_field_name(name)
    if child is not None:
        _walk(child, scope, text, scopes)


def _bind_targets(node: Node, scope: _Scope, text: Text) -> None:
    """The names ``node`` binds in ``scope`` when it is an assignment, a loop, a ``with``,
    an ``except``, a walrus or a ``match`` capture."""
    kind = node.type
    if kind in ("assignment", "augmented_assignment", "for_statement", "for_in_clause"):
        target = node.child_by_field_name("left")
        if target is not None and kind != "for_in_clause":
            _bind_pattern(target, scope, text)
    elif kind == "as_pattern":
        for child in node.named_children[1:]:
            _bind_pattern(child, scope, text)
    elif kind == "named_expression":
        name = node.child_by_field_name("name")
        if name is not None:
            scope.function().bind(text.of(name), name)
    elif kind in ("case_pattern", "splat_pattern") and node.named_child_count == 1:
        only = node.named_children[0]
        if only.type == "identifier" and text.of(only) != "_":
            scope.bind(text.of(only), only)
        elif only.type == "dotted_name" and only.named_child_count == 1 and kind == "case_pattern":
            name = only.named_children[0]
            if text.of(name) != "_" and not _in_class_pattern_head(node):
                scope.bind(text.of(name), name)


def _in_class_pattern_head(node: Node) -> bool:
    return node.parent is not None and node.parent.type == "keyword_pattern"


def _bind_pattern(node: Node, scope: _Scope, text: Text) -> None:
    if node.type == "identifier":
        scope.bind(text.of(node), node)
    elif node.type in _TARGETS:
        for child in node.named_children:
            _bind_pattern(child, scope, text)


def _function(node: Node, scope: _Scope, text: Text, scopes: list[_Scope]) -> None:
    name = node.child_by_field_name("name")
    if name is not None:
        scope.bind(text.of(name), name)
        scope.named.add(text.of(name))
        scope.uses.append(name)
    typed = _type_parameters(node.child_by_field_name("type_parameters"), scope, text, scopes)
    inner = _Scope("function", typed)
    scopes.append(inner)
    for parameter in _parameters(node):
        binding = _parameter_name(parameter)
        if binding is not None:
            inner.bind(text.of(binding), binding)
            inner.uses.append(binding)
        _walk_field(parameter, "type", typed, text, scopes)  # read around the function, seeing
        _walk_field(parameter, "value", scope, text, scopes)  # its [T] (a default: not)
    _walk_field(node, "return_type", typed, text, scopes)
    _walk_field(node, "body", inner, text, scopes)


def _parameters(node: Node) -> list[Node]:
    listed = node.child_by_field_name("parameters")
    return listed.named_children if listed is not None else []


def _parameter_name(parameter: Node) -> Node | None:
    if parameter.type == "identifier":
        return parameter
    if parameter.type in _PARAMETERS or parameter.type == "typed_parameter":
        found = next((c for c in parameter.named_children if c.type == "identifier"), None)
        if found is None and parameter.named_children:  # typed_parameter holding a splat
            return _parameter_name(parameter.named_children[0])
        return found
    if parameter.type in _NAMED_PARAMETERS:
        return parameter.child_by_field_name("name")
    return None


def _class(node: Node, scope: _Scope, text: Text, scopes: list[_Scope]) -> None:
    name = node.child_by_field_name("name")
    if name is not None:
        scope.bind(text.of(name), name)
        scope.named.add(text.of(name))
        scope.uses.append(name)
    typed = _type_parameters(node.child_by_field_name("type_parameters"), scope, text, scopes)
    _walk_field(node, "superclasses", typed, text, scopes)
    body = _Scope("class", typed)
    scopes.append(body)
    _walk_field(node, "body", body, text, scopes)


def _type_alias(node: Node, scope: _Scope, text: Text, scopes: list[_Scope]) -> None:
    """``type Pair[K, V] = tuple[K, V]`` binds ``Pair`` where it is, ``K`` and ``V`` for its
    value alone."""
    left = node.child_by_field_name("left")
    named = left.named_children[0] if left is not None and left.named_children else None
    listed = None
    if named is not None and named.type == "generic_type":
        listed = next((c for c in named.named_children if c.type == "type_parameter"), None)
        named = named.named_children[0]
    if named is not None and named.type == "identifier":
        scope.bind(text.of(named), named)
        scope.named.add(text.of(named))
        scope.uses.append(named)
    _walk_field(node, "right", _type_parameters(listed, scope, text, scopes), text, scopes)


def _type_parameters(
    listed: Node | None, scope: _Scope, text: Text, scopes: list[_Scope]
) -> _Scope:
    """The annotation scope binding the type parameters ``listed`` (``[T: int, *Ts, **P]``) in
    ``scope``, their bounds read in it; ``scope`` itself when there are none. A PEP 696 default
    (``[T = int]``, which the grammar reads as an error before a type) is read, not bound."""
    if listed is None:
        return scope
    typed = _Scope("annotation", scope)
    scopes.append(typed)
    defaulted = False
    for parameter in listed.named_children:
        if defaulted:
            _walk(parameter, typed, text, scopes)
            defaulted = False
            continue
        declared = parameter.named_children[0] if parameter.named_children else parameter
        bounds: list[Node] = []
        if declared.type == "constrained_type" and declared.named_children:
            declared, *bounds = declared.named_children
        name = next((n for n in nodes(declared) if n.type == "identifier"), None)
        if name is not None:
            typed.bind(text.of(name), name)
            typed.uses.append(name)
        for bound in bounds:  # ``T: int``, ``T: (int, str)``
            _walk(bound, typed, text, scopes)
        defaulted = parameter.type == "ERROR" and b"=" in (parameter.text or b"")
    return typed


def _comprehension(node: Node, scope: _Scope, text: Text, scopes: list[_Scope]) -> None:
    inner = _Scope("comprehension", scope)
    scopes.append(inner)
    first = True
    for child in node.named_children:
        if child.type == "for_in_clause":
            target = child.child_by_field_name("left")
            if target is not None:
                _bind_pattern(target, inner, text)
                _walk(target, inner, text, scopes)
            for iterable in child.children_by_field_name("right"):
                _walk(iterable, scope if first else inner, text, scopes)
            first = False
        else:
            _walk(child, inner, text, scopes)


_OPENS: dict[str, Callable[[Node, _Scope, Text, list[_Scope]], None]] = {
    "function_definition": _function,
    "lambda": _function,
    "class_definition": _class,
    "type_alias_statement": _type_alias,
    **dict.fromkeys(_COMPREHENSIONS, _comprehension),
}
"""The nodes that open a scope, and how each is walked."""


def _import(node: Node, scope: _Scope, text: Text) -> None:
    """``import a.b`` binds ``a``; ``import a as b``, ``from m import a as b`` bind ``b``;
    ``from m import a`` binds ``a``. The module's own names are no uses."""
    if any(child.type == "wildcard_import" for child in node.named_children):
        scope.star = True
    for name in node.children_by_field_name("name"):
        if name.type == "aliased_import":
            alias = name.child_by_field_name("alias")
            if alias is not None:
                scope.bind(text.of(alias), alias)
                scope.named.add(text.of(alias))
                scope.uses.append(alias)
        elif name.type == "dotted_name" and name.named_children:
            first = name.named_children[0]
            if node.type == "import_from_statement" or name.named_child_count == 1:
                scope.bind(text.of(first), first)
                scope.named.add(text.of(first))
                scope.uses.append(first)


def keyword_parameter(source: bytes, at: Position) -> Position | None:
    """Where the name of the function is whose parameter ``at`` names, when a call can pass that
    parameter by keyword (not ``*args``, ``**kwargs``, nor one before ``/``); else None."""
    text = Text(source)
    tree = grammars.parser("python").parse(source)
    for function in _functions(tree.root_node):
        positional_only = any(p.type == "positional_separator" for p in _parameters(function))
        for parameter in _parameters(function):
            if parameter.type == "positional_separator":
                positional_only = False
            name = _parameter_name(parameter)
            if name is not None and text.point(name) == at:
                plain = parameter.type in ("identifier", *_NAMED_PARAMETERS) and not (
                    parameter.type == "typed_parameter"
                    and parameter.named_children[0].type != "identifier"
                )
                named = function.child_by_field_name("name")
                if positional_only or not plain or named is None:
                    return None
                return text.point(named)
    return None


def _functions(root: Node) -> Iterator[Node]:
    return (node for node in nodes(root) if node.type == "function_definition")


def keyword_arguments(source: bytes, calls: list[Position]) -> dict[Position, dict[str, Position]]:
    """The keyword arguments of each call whose callee's name starts at one of ``calls`` (``f``
    in ``f(...)``, ``m`` in ``o.m(...)``, ``Box`` in ``Box[int](...)``): call -> keyword ->
    where its name is."""
    text = Text(source)
    tree = grammars.parser("python").parse(source)
    wanted = set(calls)
    out: dict[Position, dict[str, Position]] = {}
    for node in nodes(tree.root_node):
        called = node.child_by_field_name("function") if node.type == "call" else None
        if called is not None and called.type == "subscript":  # a generic's `Box[int](...)`
            called = called.child_by_field_name("value")
        if called is not None and called.type == "attribute":
            called = called.child_by_field_name("attribute")
        arguments = node.child_by_field_name("arguments")
        if called is None or arguments is None or text.point(called) not in wanted:
            continue
        keywords = out.setdefault(text.point(called), {})
        for argument in arguments.named_children:
            key = argument.child_by_field_name("name")
            if argument.type == "keyword_argument" and key is not None:
                keywords[text.of(key)] = text.point(key)
    return out
