"""Conversion between LSP positions and lsai's 1-based code-point columns.

An LSP ``character`` counts code units of the negotiated position encoding: UTF-8 bytes, UTF-16
code units (the protocol default) or UTF-32 code units (= code points). lsai stores 1-based columns
counted in code points, which is what ``str`` indexing gives in Python. The conversion happens once,
at the edge, so nothing above this package ever sees a server's encoding.
"""

from __future__ import annotations

from typing import Final, Literal

Encoding = Literal["utf-8", "utf-16", "utf-32"]
ENCODINGS: Final[tuple[Encoding, ...]] = ("utf-8", "utf-16", "utf-32")


def _units(char: str, encoding: Encoding) -> int:
    """How many code units of ``encoding`` one code point takes."""
    point = ord(char)
    if encoding == "utf-8":
        return 1 if point < 0x80 else 2 if point < 0x800 else 3 if point < 0x10000 else 4
    if encoding == "utf-16":
        return 2 if point >= 0x10000 else 1
    return 1


def to_column(line: str, character: int, encoding: Encoding) -> int:
    """The 1-based code-point column of LSP ``character`` (code units) on ``line``.

    A position inside a multi-unit character snaps to the start of that character; a position past
    the end of the line clamps to one past its last character (LSP allows that for line ends).
    """
    if character <= 0:
        return 1
    if encoding == "utf-32" or line.isascii():
        return min(character, len(line)) + 1
    used = 0
    for index, char in enumerate(line):
        used += _units(char, encoding)
        if used > character:
            return index + 1
        if used == character:
            return index + 2
    return len(line) + 1


def to_character(line: str, column: int, encoding: Encoding) -> int:
    """The LSP ``character`` (code units of ``encoding``) of 1-based code-point ``column``."""
    prefix = line[: max(column - 1, 0)]
    if encoding == "utf-32" or prefix.isascii():
        return len(prefix)
    return sum(_units(char, encoding) for char in prefix)


def negotiated(value: str | None) -> Encoding:
    """The encoding a server chose; a server that says nothing uses UTF-16, the protocol default."""
    for encoding in ENCODINGS:
        if value == encoding:
            return encoding
    return "utf-16"
