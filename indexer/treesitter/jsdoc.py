"""The type names written in JavaScript's JSDoc comments.

``@param {Sender} sender``, ``@returns {Promise<Sender>}``, ``@type {import('./m').Sender}``:
in a JavaScript file these are the types TypeScript's server reads, and its references of
``Sender`` list the names inside the braces, though tree-sitter sees only a comment there, so
they are no identifiers of the file. The semantic pass asks the definition at each of them
where it resolves a name by definition (``lsai.indexer.lsp.resolve``), as it does for Python's
string annotations (``annotations``), so those answers are not lost. A type is the text between
the braces that follow a block tag (``@param {...}``) on one line; its names are the words
outside quotes (the module of ``import('./m')`` is not one), each part of a dotted name
(``http.IncomingMessage``) alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from tree_sitter import Query, QueryCursor

from lsai.indexer.treesitter import grammars
from lsai.storage.records import OccurrenceRecord, Span

_TAGGED = re.compile(r"@[A-Za-z]+\s*\{")
_WORD = re.compile(
    r"""(["'`])(?:(?!\1).)*\1"""  # a quoted module or literal: no name
    r"|(?<![\w$])(?<![\w$]\.)[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*"  # ``import('./m').X``: X
)
_NOT_NAMES = frozenset(("import", "typeof", "keyof", "function", "new", "this"))


@cache
def _query() -> Query:
    return Query(grammars.grammar("javascript"), "(comment) @comment")


def jsdoc_type_names(source: bytes) -> list[OccurrenceRecord]:
    """Each name of a type in a JSDoc comment (``/** ... */``) of the JavaScript ``source``, as
    a reference whose span is the name's (1-based line and column, in code points)."""
    if b"/**" not in source:
        return []
    tree = grammars.parser("javascript").parse(source)
    out: list[OccurrenceRecord] = []
    for comment in QueryCursor(_query()).captures(tree.root_node).get("comment", ()):
        written = source[comment.start_byte : comment.end_byte]
        if not written.startswith(b"/**") or b"{" not in written:
            continue
        first = comment.start_point[0] + 1
        lead = source[comment.start_byte - comment.start_point[1] : comment.start_byte]
        for number, line in enumerate(written.decode("utf-8", "replace").split("\n")):
            indent = len(lead.decode("utf-8", "replace")) if number == 0 else 0
            out.extend(_names(line, first + number, indent))
    return out


def _names(line: str, number: int, indent: int) -> Iterator[OccurrenceRecord]:
    """The names of the braced types of one line of a comment (``indent``: the code points
    before the line's text in the file)."""
    for tag in _TAGGED.finditer(line):
        start = tag.end()
        end = _closing(line, start)
        if end is None:
            continue
        for word in _WORD.finditer(line, start, end):
            if word.group(1) is not None:  # a quoted module or literal
                continue
            col = indent + word.start() + 1
            for part in word.group().split("."):
                if part not in _NOT_NAMES:
                    yield OccurrenceRecord(
                        part, "reference", Span(number, col, number, col + len(part))
                    )
                col += len(part) + 1


def _closing(line: str, start: int) -> int | None:
    """Where the brace opened before ``start`` closes on ``line`` (nested braces counted)."""
    depth = 1
    for index in range(start, len(line)):
        char = line[index]
        depth += (char == "{") - (char == "}")
        if depth == 0:
            return index
    return None
