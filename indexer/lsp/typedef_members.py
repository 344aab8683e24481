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
The tags are read as ``jsdoc`` reads them for the names they bind (``LINE_TAG``,
``declared_name``: ``list[].name`` is ``list.name``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from lsai.indexer.lsp.documents import Documents, plain_range
from lsai.indexer.lsp.symbols import Node
from lsai.indexer.treesitter.jsdoc import LINE_TAG, PROPERTY_TAGS, declared_name, has_members

_TYPEDEF = re.compile(r"@typedef\b\s*(?:\{(?P<type>[^{}]*)\})?")


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
    for number, end, name in _properties(lines, line):
        parent, _, last = name.rpartition(".")
        begin = documents.position(path, number, end - len(last))
        stop = documents.position(path, number, end)
        member = Node(
            last, "property", plain_range(begin, stop), plain_range(begin, stop), None, []
        )
        if parent:
            if parent not in members:
                continue  # ``a.b`` without ``a``: TypeScript declares no member there
            members[parent].children.append(member)
        else:
            top.append(member)
        members[name] = member
    return replace(node, children=node.children + top)


def _typedef_at(text: str, col: int) -> re.Match[str] | None:
    """The ``@typedef`` tag whose name is at ``col`` of ``text`` (1-based)."""
    for found in _TYPEDEF.finditer(text):
        if found.end() <= col - 1 and text[found.end() : col - 1].strip() == "":
            return found
    return None


def _has_members(typedef: re.Match[str]) -> bool:
    """Whether TypeScript reads the property tags after ``typedef`` as its members."""
    return has_members(typedef["type"])


def _properties(lines: list[str], line: int) -> Iterator[tuple[int, int, str]]:
    """(line, 1-based column after its end, dotted name) of each ``@property`` tag after the
    typedef on ``line``, up to the first other tag (``@type`` aside) or the comment's end, as
    ``jsdoc`` reads a comment's tags."""
    for number in range(line + 1, len(lines) + 1):
        text = lines[number - 1]
        closed = "*/" in text
        tag = LINE_TAG.match(text[: text.index("*/")] if closed else text)
        if tag is not None and tag.group(1) in PROPERTY_TAGS and declared_name(tag):
            end = tag.start(3) + len(tag.group(3).rstrip("]"))  # ``[name]``'s bracket left out
            yield number, end + 1, declared_name(tag)
        elif tag is not None and tag.group(1) != "type":
            return
        if closed:
            return
