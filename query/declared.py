"""A declaration's header as its file writes it, read from the line its name is on: what the
index does not keep of a library's function or class (it stores where it is), read there when
asked (``info`` at a library's name, the compatibility profiles' hover)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from lsai.query import libraries

MOST = 30  # lines a header is read over at most


def header(lines: Sequence[str], line: int, most: int = MOST) -> str | None:
    """The declaration starting at ``line`` (1-based) of ``lines``, up to where its header ends
    (a ``:``, ``{``, ``;`` or ``=>`` outside brackets at a line's end, or a first line opening
    no bracket), without its body's opening ``:`` or ``{``, on one line."""
    taken: list[str] = []
    depth = 0
    for number in range(line, min(line + most, len(lines) + 1)):
        text = lines[number - 1].rstrip("\r")
        taken.append(text.strip())
        depth += sum(text.count(c) for c in "([") - sum(text.count(c) for c in ")]")
        end = text.rstrip()
        if depth <= 0 and (
            end.endswith((":", "{", ";", "=>")) or (number == line and "(" not in end)
        ):
            break
    head = re.sub(r"\(\s+", "(", " ".join(t for t in taken if t))
    head = re.sub(r",?\s+\)", ")", head)
    for closer in (":", "{"):
        head = head.removesuffix(closer).rstrip()
    return head or None


def in_file(path: str, line: int) -> str | None:
    """``header`` of the library file at the absolute ``path``; None when it cannot be read."""
    return header(libraries.library_lines(path), line)
