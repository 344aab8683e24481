"""Which TypeScript type literals hold symbols: those a symbol of the file declares its type with.

A type literal's member (``host`` of ``connect(opts: { host: string })``) is a property tsgo's
references tie together: the literal's member, ``opts.host`` in the function, and the key
``host`` of an object passed to it (``connect({ host: "a" })``) in another file. tsgo's outline
does not list it, so without a symbol of the index its uses stay unresolved. A member is a
symbol where the literal is the type of something that is one, which then holds it: a
function's (or a method's) parameter or return type (``connect().host.``, qualified
``connect.host``), a property's or a class field's type (``type T = { inner: { x: number } }``:
``T#inner.x.``), a variable's declared without a value (``declare const S: { OK: 200 }``:
``S.OK``), through unions, intersections, parentheses and arrays (``{ a: 1 }[]``), and
through the type arguments of generic types (``load(): Promise<{ w: number }>``: ``load.w``,
which tsgo's references tie to the returned object's key and to ``(await load()).w``). A
literal anywhere else (a call's type argument, a type parameter's constraint, a local's or a
valued variable's annotation, a function local to another, an argument's arrow function)
holds no symbol: it has no holder of the index to name it by; but for a type argument of the
type a variable declares for the
function it holds (a component's props: ``const Badge: React.FC<{ text: string }> = ({ text
}) => ...``: ``Badge.text``), and for the one literal of a type alias of generic types (``type
Options = Readonly<Partial<{ max: number }>>``: ``Options.max``).
"""

from __future__ import annotations

from tree_sitter import Node

_WRAPPERS = frozenset({"union_type", "intersection_type", "parenthesized_type", "array_type"})
_PARAMETERS = frozenset({"required_parameter", "optional_parameter"})
_DECLARED_FUNCTIONS = frozenset(
    {
        "function_declaration",
        "generator_function_declaration",
        "function_signature",
        "method_definition",
        "method_signature",
        "abstract_method_signature",
    }
)
_FUNCTION_VALUES = frozenset({"arrow_function", "function_expression", "generator_function"})
_VALUE_HOLDERS = frozenset({"variable_declarator", "public_field_definition", "pair"})
_BODIES = frozenset({"statement_block", "arrow_function", "function_expression"})
"""Nodes whose inside is a function's body or a function: what is declared there is local."""


def held(literals: list[Node] | None) -> bool:
    """Whether the type literal of a pattern's ``@typed`` capture is the type of a symbol
    (``None``: the pattern has no such capture)."""
    return literals is None or _held(literals[0])


def _held(literal: Node) -> bool:
    annotation = _outer(literal)
    if annotation is not None and annotation.type == "type_arguments":
        if _typing_a_function(annotation) or _aliased_argument(literal, annotation):
            return True
        annotation = _above_arguments(annotation)  # `(): Promise<{ w: number }>`
        if annotation is None or annotation.type != "type_annotation":
            return False
    if annotation is None or annotation.type != "type_annotation" or annotation.parent is None:
        return _aliased(annotation)
    holder = annotation.parent
    if holder.type == "property_signature":
        body = holder.parent
        if body is not None and body.type == "interface_body":
            return not _in_function(body)
        return body is not None and body.type == "object_type" and _held(body)
    if holder.type == "public_field_definition":
        return not _in_function(holder)
    if holder.type == "variable_declarator":
        return _declared_without_value(holder)
    if holder.type in _PARAMETERS:
        parameters = holder.parent
        function = parameters.parent if parameters is not None else None
        return function is not None and _declared(function)
    return _declared(holder)  # a return type


def _declared_without_value(variable: Node) -> bool:
    """Whether ``variable`` is declared outside functions without a value: a declaration
    file's ``export declare const STATUSES: { readonly OK: 200 }`` (msw interceptors' llhttp
    constants.d.cts), whose members tsgo's references tie to ``STATUSES.OK`` in the importers.
    A variable with a value (``const c: { a: number } = { a: 1 }``) has its value's keys, which
    tsgo's outline lists under it; the literal would hold them again."""
    return variable.child_by_field_name("value") is None and not _in_function(variable)


def _typing_a_function(arguments: Node) -> bool:
    """Whether the type arguments ``arguments`` (of a literal) are of the type a variable
    outside functions declares for the function it holds: a component's props (``const Badge:
    React.FC<{ text: string }> = ({ text }) => ...``), which tsgo's outline lists no member of;
    the keys of an object the variable holds are its outline's (``rows: Array<{ id: number }>
    = [{ id: 1 }]``)."""
    generic = arguments.parent
    annotation = _outer(generic) if generic is not None and generic.type == "generic_type" else None
    holder = annotation.parent if annotation is not None else None
    if annotation is None or annotation.type != "type_annotation" or holder is None:
        return False
    value = holder.child_by_field_name("value")
    return (
        holder.type == "variable_declarator"
        and value is not None
        and value.type in _FUNCTION_VALUES
        and not _in_function(holder)
    )


def _aliased_argument(literal: Node, arguments: Node) -> bool:
    """Whether ``literal``, a type argument (``arguments``), is the one literal of a type alias
    made of generic types around it (an options type: msgpack's ``type DecoderOptions =
    Readonly<Partial<{ maxBinLength: number }>>``): tsgo's references at its member list the
    reads through the alias (``options?.maxBinLength``) and the keys of the objects given for
    it, so the alias holds it (``DecoderOptions.maxBinLength``). Two literals (``Record<string,
    { a: number }> | Array<{ a: string }>``) would be two members of one name: neither is."""
    above = _above_arguments(arguments)
    if above is None or not _aliased(above):
        return False
    value = above.child_by_field_name("value")
    return value is not None and [n.id for n in _literals(value)] == [literal.id]


def _above_arguments(arguments: Node) -> Node | None:
    """The node above the generic types whose type arguments ``arguments`` are (``Readonly<
    Partial<{...}>>``: what holds the outer one); None: they are a call's or an expression's
    (``f<{ a: 1 }>()``), no type's."""
    above: Node | None = arguments
    while above is not None and above.type == "type_arguments":
        generic = above.parent
        above = _outer(generic) if generic is not None and generic.type == "generic_type" else None
    return above


def _literals(node: Node) -> list[Node]:
    """The type literals in ``node``, not those nested in one."""
    if node.type == "object_type":
        return [node]
    return [found for child in node.named_children for found in _literals(child)]


def _outer(node: Node) -> Node | None:
    """The node above the wrapping types around ``node``."""
    parent = node.parent
    while parent is not None and parent.type in _WRAPPERS:
        parent = parent.parent
    return parent


def _aliased(node: Node | None) -> bool:
    """Whether ``node`` (what lies above a literal) is a type alias declared outside functions."""
    return node is not None and node.type == "type_alias_declaration" and not _in_function(node)


def _declared(function: Node) -> bool:
    """Whether ``function`` is a symbol: a declaration, a method, or a function a variable, a
    class field or an object's key holds, outside any function."""
    if function.type == "method_signature" and function.parent is not None:
        body = function.parent
        if body.type == "object_type":
            return _held(body)
    if function.type in _DECLARED_FUNCTIONS:
        return not _in_function(function)
    if function.type == "function_type":
        return _typed_member(function)
    holder = function.parent
    if function.type not in _FUNCTION_VALUES or holder is None:
        return False
    return holder.type in _VALUE_HOLDERS and not _in_function(holder)


def _typed_member(function: Node) -> bool:
    """Whether the function type ``function`` is the type of a symbol that is a type's member
    or alias: a hook of an interface (tiptap's ``onBlur?: ((this: { parent: ... }) => void) |
    null``), a callback type (``type Handler = (ctx: { req: string }) => void``). tsgo's
    references at its parameter's literal's member list ``this.parent`` in the objects given
    for the interface, ``ctx.req`` in a Handler; the property or the alias names it
    (``Config.onBlur.parent``, ``Handler.req``). A function type typing a parameter
    (``run(f: (o: { a: number }) => number)``) names none: its members would be the
    function's."""
    above = _outer(function)
    if above is None or above.type == "type_alias_declaration":
        return _aliased(above)
    holder = above.parent if above.type == "type_annotation" else None
    typed = holder is not None and holder.type in ("property_signature", "public_field_definition")
    return typed and _held(function)


def _in_function(node: Node) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.type in _BODIES or parent.type in _DECLARED_FUNCTIONS:
            return True
        parent = parent.parent
    return False
