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
from collections.abc import Collection, Iterable, Sequence

Position = tuple[int, int]  # 1-based line, 1-based column in code points

SUFFIXES = (".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts")
_SCAN = 4000  # characters looked back for the enclosing bracket
_HEAD = 400  # characters before it read as its head: a class's type parameters, one a line
_LIST_HEAD = re.compile(
    r"(?:\bimport\b[\w$\s,*]*|\bexport(?:\s+type)?\s*|\b(?:enum|namespace|module)\s+[\w$.]+\s*"
    r"|\bclass\b[^{};]*)$"
)
_EXPORTS = re.compile(r"(?:\b(?:module\.)?exports\s*=|\bexport\s+default)\s*$")
"""The head of a module's export object (``module.exports = { f }``): its shorthand names the
export after the symbol, renamed with it as ``export { f }`` and ``exports.f = f`` are (so its
importers' ``const { f } = require(...)`` and ``m.f()`` stay right), not spelled out."""
_BLOCK_HEAD = re.compile(r"(?:=>|\)|\b(?:else|try|finally|do))\s*$")
_STATEMENT = re.compile(r";|(?<![\w$.])(?:let|const|var)\s")
"""Between a ``{`` and the name, what makes the ``{`` a block's: a statement's end, or the
declaration list the name is in (``let Bl = a, Bh = b`` in a function whose return type the
block head ends with, ``function mix(): number {``, which ``_BLOCK_HEAD`` does not read)."""
_STRING = re.compile(r""""(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`[^`]*`""")
"""A string literal (an object's ``{ sep: ";", a }`` is no block)."""


def expansions(
    path: str, lines: Sequence[str], positions: Iterable[Position], old: str, new: str, *,
    member: bool, properties: Collection[Position] = (),
) -> dict[Position, str]:  # fmt: skip
    """The replacement of each position of ``old`` that is a shorthand property: ``new: old``
    when the property is renamed (``member``, or the position is one of ``properties``),
    ``old: new`` when the variable is."""
    if not path.endswith(SUFFIXES):
        return {}
    text = "\n".join(lines)
    starts = [0]
    for each in lines:
        starts.append(starts[-1] + len(each) + 1)
    out: dict[Position, str] = {}
    for line, col in set(positions):
        head = (
            _shorthand_head(text, starts[line - 1] + col - 1, old)
            if 0 < line <= len(lines)
            else None
        )
        property_renamed = member or (line, col) in properties
        if head is not None and (property_renamed or not _EXPORTS.search(head)):
            out[line, col] = f"{new}: {old}" if property_renamed else f"{old}: {new}"
    return out


def is_shorthand(lines: Sequence[str], line: int, col: int, name: str) -> bool:
    """Whether ``name`` at ``line``, ``col`` is a shorthand property of an object literal
    (``create({ make_ })``) or a destructuring pattern, not of an import or export list."""
    if not 0 < line <= len(lines):
        return False
    at = sum(len(each) + 1 for each in lines[: line - 1]) + col - 1
    return _shorthand_head("\n".join(lines), at, name) is not None


def is_exported(lines: Sequence[str], line: int, col: int, name: str) -> bool:
    """Whether ``name`` at ``line``, ``col`` is a shorthand of a module's export object
    (``module.exports = { f }``), which a rename of the symbol renames as the export."""
    if not 0 < line <= len(lines):
        return False
    at = sum(len(each) + 1 for each in lines[: line - 1]) + col - 1
    head = _shorthand_head("\n".join(lines), at, name)
    return head is not None and _EXPORTS.search(head) is not None


def is_member_access(lines: Sequence[str], line: int, col: int) -> bool:
    """Whether the name at ``line``, ``col`` follows a ``.`` (``exports.f``, ``m.f()``)."""
    text = lines[line - 1][: col - 1] if 0 < line <= len(lines) else ""
    return text.rstrip().endswith(".") and not text.rstrip().endswith("..")


_RECEIVER = re.compile(r"([\w$]+(?:\s*\.\s*[\w$]+)*)\s*\.\s*$")


def receiver(lines: Sequence[str], line: int, col: int) -> str | None:
    """The object a member access at ``line``, ``col`` reads the name of (``createDebug`` in
    ``createDebug.enable``, spaces dropped); None when the name follows no ``.``."""
    text = lines[line - 1][: col - 1] if 0 < line <= len(lines) else ""
    found = _RECEIVER.search(text) if is_member_access(lines, line, col) else None
    return re.sub(r"\s+", "", found.group(1)) if found else None


def is_assigned(lines: Sequence[str], line: int, col: int, name: str) -> bool:
    """Whether ``name`` at ``line``, ``col`` is assigned (``o.name = value``, not ``==``)."""
    text = lines[line - 1][col - 1 + len(name) :] if 0 < line <= len(lines) else ""
    after = text.lstrip()
    return after.startswith("=") and not after.startswith(("==", "=>"))


_OPENS_COMMENT = re.compile(r"(?:^|(?<=[\s(,=:;{}]))/\*", re.MULTILINE)
"""A block comment's start (not ``/*`` inside a glob such as ``"src/**/*.js"``)."""


def _in_comment(text: str, at: int) -> bool:
    """Whether ``at`` is inside a block comment: a JSDoc type ``@param {Foo}`` names ``Foo`` (a
    usage), and is no shorthand property."""
    window = max(0, at - _SCAN)
    opened = [m.start() for m in _OPENS_COMMENT.finditer(text, window, at)]
    return bool(opened) and text.find("*/", opened[-1] + 2, at) < 0


_CODE_OR_COMMENT = re.compile(
    r"(" + _STRING.pattern + r")|/\*.*?\*/|(?<![:\w$])//[^\n]*", re.DOTALL
)


def _uncommented(text: str) -> str:
    """``text`` with its comments blanked (their length kept), strings left as they are: a
    key's doc comment (query-core's ``return { /** Schedules ... {@link flush} */ schedule
    }``) stands between the ``,`` or ``{`` and the key, its braces no brackets of the code."""
    return _CODE_OR_COMMENT.sub(
        lambda m: m.group() if m.group(1) else re.sub(r"[^\n]", " ", m.group()), text
    )


def _shorthand_head(text: str, at: int, name: str) -> str | None:
    """What precedes the ``{`` of the object ``name`` at ``at`` is a shorthand property of;
    None when it is none."""
    if text[at : at + len(name)] != name or _in_comment(text, at):
        return None
    after = text[at + len(name) : at + len(name) + 200].lstrip()
    if not after or after[0] not in ",}=" or after[:2] in ("==", "=>"):
        return None
    before = _uncommented(text[max(0, at - _SCAN) : at]).rstrip()
    if not before or before[-1] not in "{," or before.endswith("${"):  # `${x}`: a template
        return None
    depth, level = 0, list[str]()  # level: the text from the bracket to the name, nested left out
    for i in range(len(before) - 1, -1, -1):
        c = before[i]
        if c in ")]}":
            depth += 1
        elif c in "([{":
            if depth:
                depth -= 1
                continue
            head = before[max(0, i - _HEAD) : i]
            plain = c == "{" and not _LIST_HEAD.search(head) and not _BLOCK_HEAD.search(head)
            between = _STRING.sub("", "".join(reversed(level)))
            return head if plain and not _STATEMENT.search(between) else None
        elif not depth:
            level.append(c)
    return None
