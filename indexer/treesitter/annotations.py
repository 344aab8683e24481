"""The names written inside Python's string annotations.

``def f(console: "Console") -> "t.List[Row]":`` names ``Console``, ``t``, ``List`` and ``Row``,
as a type checker reads them (a forward reference), though tree-sitter sees only strings there,
so they are no identifiers of the file. A language server answers for them: ty's references
of ``Console`` list the one inside the quotes. The semantic pass asks the definition at each of
them where it resolves a name by definition (``lsai.indexer.lsp.resolve``), so those answers
are not lost. A string counts when it is, or is inside, an annotation (a parameter's, a return
type's, a variable's), or is the type of ``cast("Row", x)`` or the ``bound="Row"`` of a
``TypeVar``, the value of an explicit type alias (``Rows: TypeAlias = "list[Row]"``), or an
index of a generic's subscript anywhere (``Maps = dict["Row", int]``, ``Optional["Row"]``,
``class Rows(List["Row"])``, the parameter list of ``Callable[["Row", int], "Row"]``: a
subscript of a builtin collection or of a capitalised name, not
``data["key"]``, a key, whose quoted name is a site of its own where it may name a property,
``lsp.resolve``);
its names are the dotted words of a one-line string, not ``typing``'s string-quoted literal
values (``Literal["a"]``, ``"Literal['a']"``): the names around them (``"Union[Any,
Literal[NOTHING]]"``: ``Union``, ``Any``, ``Literal``, ``NOTHING``) are read, as ty reads them.
ty reports no name in a plain string assignment (``Alias = "Row"``): not asked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from tree_sitter import Node, Query, QueryCursor

from lsai.indexer.treesitter import grammars
from lsai.storage.records import OccurrenceRecord, Span

_NAME = re.compile(r"(?<![\w.])[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
_LITERAL = re.compile(r"(?<![\w])Literal\s*\[")
_QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")
_TYPES = "(type) @type"
_TYPED_STRINGS = """
(call function: [(identifier) @f (attribute attribute: (identifier) @f)]
  arguments: (argument_list . (string) @typed) (#eq? @f "cast"))
(keyword_argument name: (identifier) @k value: (string) @typed (#eq? @k "bound"))
(assignment type: (type) @alias right: (string) @typed (#match? @alias "(^|[.])TypeAlias$"))
(subscript value: [(identifier) (attribute)] @generic subscript: (string) @typed
  (#match? @generic "(^|[.])([A-Z][A-Za-z0-9_]*|dict|list|tuple|set|frozenset|type)$")
  (#not-match? @generic "(^|[.])Literal$"))
(subscript value: [(identifier) (attribute)] @generic subscript: (list (string) @typed)
  (#match? @generic "(^|[.])[A-Z][A-Za-z0-9_]*$") (#not-match? @generic "(^|[.])Literal$"))
"""


@cache
def _query(text: str) -> Query:
    return Query(grammars.grammar("python"), text)


def string_annotation_names(source: bytes, root: Node | None = None) -> list[OccurrenceRecord]:
    """Each name inside a string annotation of the Python ``source`` (its tree's ``root``, else
    parsed), as a reference whose span is the name's (1-based line and column, in code
    points); the parts of a dotted name (``t.List``) each."""
    return [o for _, o in annotation_sites(source, root)]


def annotation_sites(source: bytes, root: Node | None = None) -> list[tuple[int, OccurrenceRecord]]:
    """``string_annotation_names`` with the byte each name starts at, in reading order."""
    if root is None:
        root = grammars.parser("python").parse(source).root_node
    out: list[tuple[int, OccurrenceRecord]] = []
    for annotation in _quoted_annotations(source, root):
        for string in _outermost(annotation, "string"):
            if not _literal_value(source, string, annotation):
                out.extend(_names(source, string))
    for string in QueryCursor(_query(_TYPED_STRINGS)).captures(root).get("typed", ()):
        out.extend(_names(source, string))
    # a string of an annotation's subscript is also a subscript's: once each
    once = {start: (start, o) for start, o in out}
    return sorted(once.values(), key=lambda site: site[0])


def _quoted_annotations(source: bytes, root: Node) -> Iterator[Node]:
    """The outermost annotations of the file that hold a quote: few, so only they are walked
    for their strings (a walk of every node of every file cost seconds on a large tree)."""
    end = -1
    types = QueryCursor(_query(_TYPES)).captures(root).get("type", ())
    for node in sorted(types, key=lambda n: (n.start_byte, -n.end_byte)):
        if node.start_byte < end:  # inside the last outermost one
            continue
        end = node.end_byte
        written = source[node.start_byte : end]
        if b'"' in written or b"'" in written:
            yield node


def _outermost(node: Node, kind: str) -> Iterator[Node]:
    """The nodes of type ``kind`` under ``node`` (itself included), not those inside one: an
    annotation's strings, nested ones included (``Optional["Row"]``)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == kind:
            yield current
            continue
        stack.extend(reversed(current.named_children))


def _literal_value(source: bytes, string: Node, annotation: Node) -> bool:
    """Whether ``string`` is a value of a ``Literal[...]`` subscript of ``annotation``."""
    node = string.parent
    while node is not None and node.start_byte >= annotation.start_byte:
        if node.type == "subscript":  # t.Literal["a"]
            generic = node.child_by_field_name("value")
        else:  # Literal["a"], a generic_type in an annotation
            generic = node.named_children[0] if node.type == "generic_type" else None
        if generic is not None:
            name = source[generic.start_byte : generic.end_byte].decode("utf-8", "replace")
            if name.rpartition(".")[2] == "Literal":
                return True
        if node == annotation:
            break
        node = node.parent
    return False


def _unquoted(text: str) -> str:
    """``text`` with the quoted values of its ``Literal[...]`` subscripts blanked (same length:
    the offsets of the names around them hold)."""
    out = list(text)
    for found in _LITERAL.finditer(text):
        depth, at = 1, found.end()
        while at < len(text) and depth:
            quoted = _QUOTED.match(text, at)
            if quoted:
                out[at : quoted.end()] = " " * (quoted.end() - at)
                at = quoted.end()
                continue
            depth += {"[": 1, "]": -1}.get(text[at], 0)
            at += 1
    return "".join(out)


def _names(source: bytes, string: Node) -> Iterator[tuple[int, OccurrenceRecord]]:
    """The names of a one-line string literal, each with the byte it starts at and its span."""
    content = next((c for c in string.named_children if c.type == "string_content"), None)
    if content is None or content.start_point[0] != content.end_point[0]:
        return
    line = content.start_point[0] + 1
    row_start = content.start_byte - content.start_point[1]
    start = len(source[row_start : content.start_byte].decode("utf-8", "replace")) + 1
    text = source[content.start_byte : content.end_byte].decode("utf-8", "replace")
    for found in _NAME.finditer(_unquoted(text)):
        offset = found.start()
        for part in found.group().split("."):
            col = start + offset
            byte = content.start_byte + len(text[:offset].encode("utf-8"))
            yield byte, OccurrenceRecord(part, "reference", Span(line, col, line, col + len(part)))
            offset += len(part) + 1
