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

A function's ``@param {Object} opts`` followed by ``@param {Object} opts.log`` declares the
members of the parameter's type the same way (``parseNestedTypeLiteral``): tsgo's definition of
``opts.log`` leads to the tag's ``log``, its references list the tag, every ``opts.log`` read and
the keys of the literals callers pass; its outline lists none of them. Without a symbol there
lsai refused those reads (restify's ``opts.log``, express-session's ``opts.resave``), unless a
caller's literal key held the answer. They are the function's members (``auditLogger.log``), as
a TypeScript parameter's type literal's are (``typeliterals``): the ``@param`` tags right after
the ``Object`` one whose dotted names extend it, a member of type ``Object`` taking those that
extend it in turn.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from lsai.indexer.lsp.documents import Documents, plain_range
from lsai.indexer.lsp.symbols import TYPED_SUFFIXES, Node
from lsai.indexer.treesitter.jsdoc import (
    LINE_TAG,
    OBJECT_TYPE,
    PARAMETER_TAGS,
    PROPERTY_TAGS,
    declared_name,
    has_members,
)

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


_PARAMETER_OWNERS = frozenset({"function", "method", "constructor", "variable", "constant"})
"""The outline kinds a function's JSDoc comment may sit above: a declaration, a class's method,
a variable holding a function (``var listen = function (options)``), a prototype's member
(``Server.prototype.use = function use(opts)``, listed as a variable)."""
_BEFORE_NAME = re.compile(
    r"\s*(?:(?:export|default|declare|var|let|const|async|static|public|private|protected"
    r"|readonly|override|get|set)\s+)*"
)
_COMMENT_LINES = 300


def parameter_members(node: Node, documents: Documents, path: str) -> Node:
    """``node`` (tsgo's outline node of a function) with the members its JSDoc comment's nested
    ``@param`` tags declare for its parameters' types (``@param {Object} opts``, ``@param
    {string} opts.name``), each marked a member callers read; ``node`` itself when it has none."""
    if node.kind not in _PARAMETER_OWNERS or path.endswith(TYPED_SUFFIXES):
        return node  # TypeScript takes a parameter's type from its annotation, no tag
    lines = documents.lines(path)
    line, col = documents.column(path, node.range.start)
    tags = _comment_tags(lines, line, col)
    members: dict[str, Node] = {}
    top: list[Node] = []
    for number, end, name, parent in _nested_parameters(tags):
        last = name.rpartition(".")[2]
        begin = documents.position(path, number, end - len(last))
        stop = documents.position(path, number, end)
        where = plain_range(begin, stop)
        member = Node(last, "property", where, where, None, [], returned=True)
        (members[parent].children if parent in members else top).append(member)
        members[name] = member
    return replace(node, children=top + node.children) if top else node


def _comment_tags(lines: list[str], line: int, col: int) -> list[tuple[int, int, re.Match[str]]]:
    """The tags of the JSDoc comment right above the declaration starting at ``line:col``
    (1-based; nothing but modifiers before it on its line): (line, the index their text starts
    at on it, the tag)."""
    if not 0 < line <= len(lines) or not _BEFORE_NAME.fullmatch(lines[line - 1][: col - 1]):
        return []
    above = line - 1
    while above > 0 and not lines[above - 1].strip():
        above -= 1
    if above == 0 or not lines[above - 1].rstrip().endswith("*/"):
        return []
    first = above
    while first > max(1, above - _COMMENT_LINES) and "/**" not in lines[first - 1]:
        first -= 1
        if "*/" in lines[first - 1]:
            return []  # the end of another comment: the one above opened with ``/*``
    if "/**" not in lines[first - 1]:
        return []
    out = []
    for number in range(first, above + 1):
        text = lines[number - 1]
        shift = text.find("/**") + 3 if number == first else 0
        tag = LINE_TAG.match(text[shift:].split("*/")[0])
        if tag is not None:
            out.append((number, shift, tag))
    return out


def _nested_parameters(
    tags: list[tuple[int, int, re.Match[str]]],
) -> Iterator[tuple[int, int, str, str]]:
    """(line, 1-based column after its name, dotted name, the name it extends) of each
    ``@param`` tag TypeScript reads as a member of an earlier ``@param {Object}`` tag's type:
    the tags right after it extending its name, or the name of an ``Object`` member among them
    (``parseChildParameterOrPropertyTag``); any other tag ends them."""
    opened: list[str] = []  # the Object-typed names the next tags may extend, outermost first
    for number, shift, tag in tags:
        name = declared_name(tag) if tag.group(1) in PARAMETER_TAGS else ""
        parent = name.rpartition(".")[0]
        while opened and opened[-1] != parent:
            opened.pop()
        if not name or (not opened and parent):
            opened = []  # another tag, or a dotted name extending none: no member
            continue
        if opened:
            end = shift + tag.start(3) + len(tag.group(3).rstrip("]"))
            yield number, end + 1, name, parent
        if tag.group(2) is not None and OBJECT_TYPE.fullmatch(tag.group(2)):
            opened.append(name)
