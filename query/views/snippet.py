"""A usage's code line cut to a window around the identifier.

The index keeps each line stripped of its indentation. A line longer than ``WIDTH`` characters
keeps the identifier whole with up to ``BEFORE`` characters before it and the rest of the width
after it; a cut never splits a word, each cut end shows ``…``, and an end of at most ``SLACK``
characters is kept rather than cut. The window shows how the name is used (the call and its
first arguments, the type annotated). On the token benchmark, 48 characters instead of 60 took
7% off the TypeScript sample's usages (6,217 -> 5,802 tokens; against grep 80.5 -> 81.8%
saved, Python 89.1 -> 89.5%, JavaScript 74.9 -> 75.6%).
"""

from __future__ import annotations

import re

WIDTH = 48  # characters of a code line kept, the identifier always whole
BEFORE = 16  # at most this many of them before the identifier
SLACK = 8  # an end at most this long is kept: its cut would save little more than its "…"
ELLIPSIS = "…"
_WORD = re.compile(r"[\w$]")


def _inside_word(text: str, at: int) -> bool:
    """Whether a cut at ``at`` would split a word (a name or a number)."""
    return 0 < at < len(text) and bool(_WORD.match(text[at - 1]) and _WORD.match(text[at]))


def _find(text: str, name: str) -> tuple[int, int]:
    """The span of the first whole-word ``name`` in ``text`` (of its first occurrence when it
    is only part of a word; the start of the line when it is not there)."""
    if name:
        found = re.search(rf"(?<![\w$]){re.escape(name)}(?![\w$])", text)
        if found is not None:
            return found.span()
        at = text.find(name)
        if at >= 0:
            return at, at + len(name)
    return 0, 0


def snippet(text: str | None, name: str, width: int = WIDTH, before: int = BEFORE) -> str:
    """``text`` when it fits ``width``, else the window of ``width`` characters around ``name``
    with ``…`` where it was cut."""
    line = text or ""
    if len(line) <= width:
        return line
    start, end = _find(line, name)
    lo = max(0, start - before)
    hi = max(end, min(len(line), lo + width))
    lo = max(0, min(lo, start, hi - width))  # a short tail gives its room to the head
    while _inside_word(line, lo) and lo < start:
        lo += 1
    while _inside_word(line, hi) and hi > end:
        hi -= 1
    lo = 0 if lo <= SLACK else lo  # ``def `` of ``def checkout(cart: Cart, ...) -> str:``
    hi = len(line) if len(line) - hi <= SLACK else hi  # and its `` -> str:``
    head = ELLIPSIS if lo > 0 else ""
    tail = ELLIPSIS if hi < len(line) else ""
    return head + line[lo:hi].strip() + tail
