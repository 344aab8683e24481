"""A file's source text for the tree-sitter backend, with byte -> code point columns."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from tree_sitter import Node

from lsai.storage.records import Span


class Text:
    """The file's text, with byte -> code point column conversion."""

    def __init__(self, source: bytes) -> None:
        self.source = source
        self.text = source.decode("utf-8")
        self.lines = self.text.split("\n")
        if source.isascii():  # most files: no line needs its bytes
            self._raw: list[bytes] = []
            self.ascii_rows = [True] * len(self.lines)
        else:
            self._raw = source.split(b"\n")
            self.ascii_rows = [raw.isascii() for raw in self._raw]  # column = byte offset + 1

    def col(self, row: int, byte_col: int) -> int:
        if row >= len(self.ascii_rows) or self.ascii_rows[row]:
            return byte_col + 1
        return len(self._raw[row][:byte_col].decode("utf-8", "replace")) + 1

    def point(self, node: Node) -> tuple[int, int]:
        """The 1-based line and column where ``node`` starts."""
        row, byte_col = node.start_point
        return row + 1, self.col(row, byte_col)

    def span(self, node: Node) -> Span:
        (sr, sc), (er, ec) = node.start_point, node.end_point
        return Span(sr + 1, self.col(sr, sc), er + 1, self.col(er, ec))

    def of(self, node: Node) -> str:
        return self.source[node.start_byte : node.end_byte].decode("utf-8", "replace")

    def between(self, start: int, end: int) -> str:
        return self.source[start:end].decode("utf-8", "replace")


class Offsets:
    """1-based lines and columns (code points) of character offsets into a text."""

    def __init__(self, text: str) -> None:
        self._starts = [0, *(found.end() for found in re.finditer("\n", text))]

    def position(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self._starts, offset)  # the starts at or before ``offset``
        return line, offset - self._starts[line - 1] + 1


def nodes(root: Node) -> Iterator[Node]:
    """Every node under ``root`` (``root`` first), depth first."""
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children)
