"""Local variables holding a constructor's prototype, for the methods assigned through them.

Babel compiles a class in loose mode to ``var _proto = Environment.prototype; _proto.handle =
function handle(err) {...};`` (nunjucks 3.2.4): ``_proto.handle`` is the method ``handle`` of
``Environment`` as ``Environment.prototype.handle = function`` is. An alias is a ``var``, ``let``
or ``const`` whose value is ``X.prototype``, declared by a statement before the assignment in the
same block; a later assignment to the variable itself (``_proto = other``) ends it.
"""

from __future__ import annotations

from bisect import bisect_right

from tree_sitter import Node

from lsai.indexer.treesitter.source import Text

_DECLARATIONS = frozenset({"variable_declaration", "lexical_declaration"})


class PrototypeAliases:
    """The constructor an alias names at an assignment, the blocks of one file read once each."""

    def __init__(self, text: Text) -> None:
        self._text = text
        self._blocks: dict[tuple[int, int], dict[str, tuple[list[int], list[str | None]]]] = {}

    def receiver(self, alias: Node) -> str | None:
        """``X`` when ``alias``, the object of ``alias.m = function`` in an expression
        statement, holds ``X.prototype`` there; ``None`` otherwise."""
        statement = _statement(alias)
        block = statement.parent if statement is not None else None
        if statement is None or block is None:
            return None
        key = (block.start_byte, block.end_byte)
        if key not in self._blocks:
            self._blocks[key] = self._read(block)
        found = self._blocks[key].get(self._text.of(alias))
        if found is None:
            return None
        starts, receivers = found
        before = bisect_right(starts, statement.start_byte)
        return receivers[before - 1] if before else None

    def _read(self, block: Node) -> dict[str, tuple[list[int], list[str | None]]]:
        """Each name a statement of ``block`` binds: where, and to which prototype's
        constructor (``None``: to something else)."""
        bound: dict[str, tuple[list[int], list[str | None]]] = {}
        for statement in block.named_children:
            for name, receiver in self._bindings(statement):
                starts, receivers = bound.setdefault(name, ([], []))
                starts.append(statement.start_byte)
                receivers.append(receiver)
        return bound

    def _bindings(self, statement: Node) -> list[tuple[str, str | None]]:
        text = self._text
        if statement.type in _DECLARATIONS:
            out: list[tuple[str, str | None]] = []
            for declarator in statement.named_children:
                name = declarator.child_by_field_name("name")
                if name is not None and name.type == "identifier":
                    value = declarator.child_by_field_name("value")
                    out.append((text.of(name), self._prototype_of(value)))
            return out
        if statement.type != "expression_statement" or statement.named_child_count != 1:
            return []
        assigned = statement.named_children[0]
        left = assigned.child_by_field_name("left")
        if assigned.type != "assignment_expression" or left is None or left.type != "identifier":
            return []
        return [(text.of(left), self._prototype_of(assigned.child_by_field_name("right")))]

    def _prototype_of(self, value: Node | None) -> str | None:
        """``X`` when ``value`` is ``X.prototype``."""
        if value is None or value.type != "member_expression":
            return None
        target = value.child_by_field_name("object")
        prop = value.child_by_field_name("property")
        if target is None or prop is None or target.type != "identifier":
            return None
        return self._text.of(target) if self._text.of(prop) == "prototype" else None


def _statement(alias: Node) -> Node | None:
    """The expression statement of ``alias.m = function`` (``alias`` its object)."""
    member = alias.parent
    assignment = member.parent if member is not None else None
    statement = assignment.parent if assignment is not None else None
    if statement is None or statement.type != "expression_statement":
        return None
    return statement
