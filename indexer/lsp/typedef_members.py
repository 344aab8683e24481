"""The members a JSDoc ``@typedef`` declares with its ``@property`` tags, which tsgo leaves out
of its outline.

``/** @typedef {Object} Entry`` followed by `` * @property {number} count`` declares a type with
a member ``count``: tsgo's outline lists ``Entry`` (a class) but not ``count``, though its
definition of ``entry.count`` leads to the tag's name and its references of ``count`` list the
tag, every ``.count`` read through the type and the keys of literals typed so. Without a symbol
there, lsai answered NO_SYMBOL_AT_POSITION at those reads (undici's ``snapshot.callCount``) and
took a position on the tag for the typedef's.

TypeScript reads the tags as its JSDoc parser does (``parseTypedefTag``): only a typedef of no
type or of ``Object``/``object`` (or an array of it) has members; they are the ``@property`` or
``@prop`` tags that follow it in the comment, up to the first other tag (a ``@type`` tag among
them is allowed); a name may be optional (``[name]``, ``[name=1]``); a dotted name
(``options.mode``) is a member of the earlier property ``options``, whose type is an ``Object``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lsai.indexer.lsp.documents import Documents, plain_range
from lsai.indexer.lsp.symbols import Node

_TYPEDEF = re.compile(r"@typedef\b\s*(?:\{(?P<type>[^{}]*)\})?")
_OBJECT = re.compile(r"\s*[Oo]bject\s*(?:\[\s*\])?\s*")
_TAG = re.compile(r"(?:^|(?<=\s))@(?P<tag>\w+)")
_PROPERTY = re.compile(
    r"@(?:property|prop)\b\s*(?:\{(?:[^{}]|\{[^{}]*\})*\})?\s*\[?\s*"
    r"(?P<name>[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)"
)


def typedef_members(node: Node, documents: Documents, path: str) -> Node:
    """``node`` (tsgo's outline node of a ``@typedef``) with the members its ``@property`` tags
    declare, nested as their dotted names say; ``node`` itself when it declares none."""
    lines = documents.lines(path)
    line, col = documents.column(path, node.selection.start)
    if not 0 < line <= len(lines):
        return node
    typedef = _typedef_at(lines[line - 1], col)
    if typedef is None or not _has_members(typedef):
        return node
    members: dict[str, Node] = {}
    top: list[Node] = []
    for number, start, name in _properties(lines, line):
        parent, _, last = name.rpartition(".")
        begin = documents.position(path, number, start + len(name) - len(last))
        end = documents.position(path, number, start + len(name))
        member = Node(last, "property", plain_range(begin, end), plain_range(begin, end), None, [])
        if parent:
            if parent not in members:
                continue  # ``a.b`` without ``a``: TypeScript declares no member there
            members[parent].children.append(member)
        else:
            top.append(member)
        members[name] = member
    return Node(node.name, node.kind, node.range, node.selection, node.detail, node.children + top)


def _typedef_at(text: str, col: int) -> re.Match[str] | None:
    """The ``@typedef`` tag whose name is at ``col`` of ``text`` (1-based)."""
    for found in _TYPEDEF.finditer(text):
        if found.end() <= col - 1 and text[found.end() : col - 1].strip() == "":
            return found
    return None


def _has_members(typedef: re.Match[str]) -> bool:
    """Whether TypeScript reads the property tags after ``typedef`` as its members: it has no
    type, or ``Object``/``object`` (or an array of it)."""
    declared = typedef["type"]
    return declared is None or _OBJECT.fullmatch(declared) is not None


def _properties(lines: list[str], line: int) -> Iterator[tuple[int, int, str]]:
    """(line, 1-based column, dotted name) of each ``@property`` tag after the typedef on
    ``line``, up to the first other tag or the comment's end."""
    for number in range(line + 1, len(lines) + 1):
        text = lines[number - 1]
        if "*/" in text:
            text = text[: text.index("*/")]
        tag = _TAG.search(text)
        if tag is not None and tag["tag"] in ("property", "prop"):
            found = _PROPERTY.match(text, tag.start())
            if found is not None:
                yield number, found.start("name") + 1, found["name"]
        elif tag is not None and tag["tag"] != "type":
            return
        if "*/" in lines[number - 1]:
            return
