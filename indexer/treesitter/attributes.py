"""Instance attributes: what a class's methods assign on the instance and no statement of the
class body declares (Python ``self.host = host``, JavaScript ``this._name = name``).

Neither ty nor tsgo lists them in a file's outline, yet both answer their references, from any
receiver they can type (``conn.host``, ``cmd._hidden``), and their definitions lead there. As
fields of their class in tree-sitter's outline they join a server's session (``lsp.adopt``), so
their references are asked as the server's own symbols' are, and an agent asking about
``self.host`` gets the server's answer instead of a guess by name.

One attribute is one symbol, at the assignment the server leads its uses to:

- Python: the first assignment in ``__init__`` (ty's definition of ``self.x`` in another method
  leads there), else the first in the class. The receiver is a method's first parameter
  (``self``; ``cls`` of a ``@classmethod`` assigns the class's own attribute, the same to
  ty); a ``@staticmethod`` has none. Targets are plain, annotated and augmented assignments,
  unpacked ones too (``self.a, *self.rest = items``), a ``for`` loop's and a ``with``'s (``as
  self.fh``); a nested function sees the same receiver unless it binds that name itself.
- JavaScript (not TypeScript, where a class must declare what it assigns): ``this.x = ...`` in
  a method, constructor or arrow function of the class (a ``function`` or a nested class binds
  its own ``this``), a declared class or a class expression (``const Parser = class {...}``).
  The first assignment is the symbol; tsgo's definition lists every one.

Dunder names (``self.__dict__``) are the language's, not the class's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tree_sitter import Node

ATTRIBUTE_KINDS = {"python": "field", "javascript": "property"}
"""The kind of an instance attribute in each language that has them: the kind of a class-level
field in ty's outline, of a property in tsgo's."""
_PY_BINDING = {
    "assignment": "left", "augmented_assignment": "left", "for_statement": "left",
    "as_pattern": "alias",
}  # fmt: skip
"""What binds a name and where its target is: ``self.n += 1``, ``for self.i in ...``, ``with
... as self.fh`` bind the attribute as an assignment does, to ty."""
_PY_TARGETS = frozenset(
    {"pattern_list", "tuple_pattern", "list_pattern", "tuple", "list", "list_splat_pattern",
     "parenthesized_expression", "as_pattern_target"}
)  # fmt: skip
_PY_SCOPES = frozenset({"function_definition", "lambda"})
_JS_OWN_THIS = frozenset(
    {"function_expression", "function_declaration", "generator_function",
     "generator_function_declaration", "class", "class_declaration"}
)  # fmt: skip


@dataclass(frozen=True)
class Assigned:
    """An attribute of a class: its name, the identifier naming it where it is first assigned,
    and the assignment (the node a class-level field's definition is)."""

    name: str
    name_node: Node
    node: Node


def instance_attributes(language: str, cls: Node, declared: set[str]) -> list[Assigned]:
    """The attributes the methods of the class ``cls`` assign on the instance, less the names
    in ``declared`` (what its body declares), in the order of their first assignments."""
    if cls.type == "variable_declarator":  # `const Parser = class {...}`: the class, its value
        cls = cls.child_by_field_name("value") or cls
    body = cls.child_by_field_name("body")
    if body is None:
        return []
    if language == "python":
        found = _python(body)
    elif language == "javascript" and cls.type in ("class_declaration", "class"):
        found = _javascript(body)
    else:
        return []
    kept: dict[str, Assigned] = {}
    for assigned in found:
        name = assigned.name
        if name not in declared and not (name.startswith("__") and name.endswith("__")):
            kept.setdefault(name, assigned)
    return sorted(kept.values(), key=lambda a: a.name_node.start_byte)


# -- Python ----------------------------------------------------------------------------------
def _python(body: Node) -> list[Assigned]:
    """Each attribute assignment of the class's methods, ``__init__``'s first."""
    first: list[Assigned] = []
    rest: list[Assigned] = []
    for method in _methods(body):
        receiver = _receiver(method)
        method_body = method.child_by_field_name("body")
        if receiver is None or method_body is None:
            continue
        name = method.child_by_field_name("name")
        into = first if name is not None and name.text == b"__init__" else rest
        into.extend(_assigned(method_body, receiver))
    return first + rest


def _methods(body: Node) -> Iterator[Node]:
    for child in body.named_children:
        if child.type == "function_definition":
            yield child
        elif child.type == "decorated_definition":
            definition = child.child_by_field_name("definition")
            static = any(_decorator_name(d) == "staticmethod" for d in child.named_children)
            if definition is not None and definition.type == "function_definition" and not static:
                yield definition


def _decorator_name(node: Node) -> str | None:
    if node.type != "decorator" or not node.named_children:
        return None
    expression = node.named_children[0]
    return expression.text.decode() if expression.text is not None else None


def _receiver(method: Node) -> bytes | None:
    """The name of a method's first parameter (``self``), if it has one."""
    parameters = method.child_by_field_name("parameters")
    if parameters is None or not parameters.named_children:
        return None
    first = parameters.named_children[0]
    if first.type in ("typed_parameter", "default_parameter", "typed_default_parameter"):
        first = first.named_children[0] if first.named_children else first
    return first.text if first.type == "identifier" else None


def _assigned(node: Node, receiver: bytes) -> Iterator[Assigned]:
    """The ``receiver.x = ...`` assignments under ``node``, in order."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "class_definition":
            continue
        if current.type in _PY_SCOPES and current is not node and _binds(current, receiver):
            continue
        if current.type in _PY_BINDING:
            left = current.child_by_field_name(_PY_BINDING[current.type])
            for target in _targets(left):
                found = _on(target, receiver)
                if found is not None:
                    yield Assigned(found.text.decode(), found, current)  # type: ignore[union-attr]
        stack.extend(reversed(current.named_children))


def _targets(left: Node | None) -> Iterator[Node]:
    if left is None:
        return
    if left.type in _PY_TARGETS:
        for child in left.named_children:
            yield from _targets(child)
    else:
        yield left


def _on(target: Node, receiver: bytes) -> Node | None:
    """The attribute's name when ``target`` is ``receiver.name``."""
    if target.type != "attribute":
        return None
    obj, name = target.child_by_field_name("object"), target.child_by_field_name("attribute")
    if obj is None or name is None or obj.type != "identifier" or obj.text != receiver:
        return None
    return name


def _binds(scope: Node, receiver: bytes) -> bool:
    """Whether a nested function or lambda has a parameter named ``receiver``."""
    parameters = scope.child_by_field_name("parameters")
    if parameters is None:
        return False
    for parameter in parameters.named_children:
        named = parameter if parameter.type == "identifier" else None
        if named is None and parameter.named_children:
            named = parameter.named_children[0]
        if named is not None and named.type == "identifier" and named.text == receiver:
            return True
    return False


# -- JavaScript ------------------------------------------------------------------------------
def _javascript(body: Node) -> list[Assigned]:
    found: list[Assigned] = []
    for member in body.named_children:
        if member.type in ("method_definition", "field_definition", "class_static_block"):
            found.extend(_this_assigned(member))
    return found


def _this_assigned(node: Node) -> Iterator[Assigned]:
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in _JS_OWN_THIS:
            continue
        if current.type == "assignment_expression":
            left = current.child_by_field_name("left")
            if left is not None and left.type == "member_expression":
                obj = left.child_by_field_name("object")
                name = left.child_by_field_name("property")
                if (
                    obj is not None
                    and obj.type == "this"
                    and name is not None
                    and name.type == "property_identifier"
                    and name.text is not None
                ):
                    yield Assigned(name.text.decode(), name, current)
        stack.extend(reversed(current.named_children))
