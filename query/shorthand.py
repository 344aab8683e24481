"""Shorthand properties in JavaScript and TypeScript, for rename.

``{ canStart }`` (an object literal) and ``const { canStart } = r`` (a destructuring pattern) name
a property and a variable at once. Renaming one of them there must spell the other out: renaming
the property gives ``{ mayStart: canStart }``, renaming the variable ``{ canStart: mayStart }``.
Replacing the name alone would silently rebind the site to another name and break the code.

The index keeps no syntax tree, so a site is judged from the text around it: the name stands
alone between ``{`` or ``,`` and ``,``, ``}`` or ``=`` (a default), and the nearest bracket
enclosing it is an object's ``{`` (not an import or export list, an enum, a class body or a block).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

Position = tuple[int, int]  # 1-based line, 1-based column in code points

SUFFIXES = (".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts")
_SCAN = 4000  # characters looked back for the enclosing bracket
_LIST_HEAD = re.compile(
    r"(?:\bimport\b[\w$\s,*]*|\bexport(?:\s+type)?\s*|\b(?:enum|namespace|module)\s+[\w$.]+\s*"
    r"|\bclass\b[^{};]*)$"
)
_BLOCK_HEAD = re.compile(r"(?:=>|\)|\b(?:else|try|finally|do))\s*$")


def expansions(
    path: str, lines: Sequence[str], positions: Iterable[Position], old: str, new: str, *,
    member: bool,
) -> dict[Position, str]:  # fmt: skip
    """The replacement of each position of ``old`` that is a shorthand property: ``new: old``
    when the property is renamed (``member``), ``old: new`` when the variable is."""
    if not path.endswith(SUFFIXES):
        return {}
    text = "\n".join(lines)
    starts = [0]
    for each in lines:
        starts.append(starts[-1] + len(each) + 1)
    spelled = f"{new}: {old}" if member else f"{old}: {new}"
    out: dict[Position, str] = {}
    for line, col in set(positions):
        if 0 < line <= len(lines) and _is_shorthand(text, starts[line - 1] + col - 1, old):
            out[line, col] = spelled
    return out


_OPENS_COMMENT = re.compile(r"(?:^|(?<=[\s(,=:;{}]))/\*", re.MULTILINE)
"""A block comment's start (not ``/*`` inside a glob such as ``"src/**/*.js"``)."""


def _in_comment(text: str, at: int) -> bool:
    """Whether ``at`` is inside a block comment: a JSDoc type ``@param {Foo}`` names ``Foo`` (a
    usage), and is no shorthand property."""
    window = max(0, at - _SCAN)
    opened = [m.start() for m in _OPENS_COMMENT.finditer(text, window, at)]
    return bool(opened) and text.find("*/", opened[-1] + 2, at) < 0


def _is_shorthand(text: str, at: int, name: str) -> bool:
    if text[at : at + len(name)] != name or _in_comment(text, at):
        return False
    after = text[at + len(name) : at + len(name) + 200].lstrip()
    if not after or after[0] not in ",}=" or after[:2] in ("==", "=>"):
        return False
    before = text[max(0, at - _SCAN) : at].rstrip()
    if not before or before[-1] not in "{,":
        return False
    depth = 0
    for i in range(len(before) - 1, -1, -1):
        c = before[i]
        if c in ")]}":
            depth += 1
        elif c in "([{":
            if depth:
                depth -= 1
                continue
            head = before[max(0, i - 80) : i]
            return c == "{" and not _LIST_HEAD.search(head) and not _BLOCK_HEAD.search(head)
    return False
