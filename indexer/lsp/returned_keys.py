"""The keys of an object literal a function returns: members its callers read, not its locals.

tsgo's outline lists the keys of every object literal written in a function's body among the
function's children, flattened: ``function make() { return { run() {}, stop: () => {}, count:
n } }`` lists ``run``, ``stop`` and ``count`` beside the function's local variables. The index
keeps no local of a function, so it kept ``run`` (a callable) and dropped ``stop`` and ``count``,
though tsgo's definition of ``make().stop`` leads to the key and its references list every
``.stop`` read through a call's result (a factory's ``const app = create(); app.listen()``, a
Vue composable's ``return { count, increment }``): lsai answered NO_SYMBOL_AT_POSITION there.

A key is the returned object's when the innermost ``{`` open at it follows ``return`` or an
arrow's ``=>`` (``() => ({ ... })``); a key of an object passed to a call or held by a local
(``helper({ a: 1 })``, ``const o = { a: 1 }``) is not. The function's text is read once, forward,
skipping strings, template literals and comments; a brace in a regular expression literal may
mislead it, which leaves a key out, as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence

_OPENED_FOR_RETURN = re.compile(r"(?:\breturn\s*\(?|=>\s*\()\s*$")
"""What precedes an object literal's ``{`` that the function returns: ``return {``, ``return
({``, ``=> ({`` (an arrow's ``=> {`` opens its body)."""
_NAME = re.compile(r"[^\W\d][\w$]*|\$[\w$]*")


def returned_key_starts(lines: Sequence[str], first: int, last: int) -> set[tuple[int, int]]:
    """The (1-based line, 0-based column) of each name that starts directly inside an object
    literal opened after ``return`` or ``=>`` in lines ``first``..``last`` (1-based,
    inclusive): where a returned object's key may start."""
    inside: set[tuple[int, int]] = set()
    stack: list[bool] = []  # per open bracket: whether it opens a returned object literal
    for number, index, token in _code(lines, first, last, lambda: bool(stack and stack[-1])):
        if token in "([{":
            opens = token == "{" and _OPENED_FOR_RETURN.search(_before(lines, number, index))
            stack.append(bool(opens))
        elif token in ")]}":
            if stack:
                stack.pop()
        elif stack and stack[-1]:
            inside.add((number, index))
    return inside


def shorthand_keys(
    lines: Sequence[str], starts: Iterable[tuple[int, int]]
) -> dict[tuple[int, int], str]:
    """The names among ``starts`` (``returned_key_starts``) that are shorthand keys: ``{ count,
    increment }``, a name between ``{`` or ``,`` and ``,`` or ``}``, each the key of its
    function's own binding. tsgo's outline lists none of them, yet its definition of
    ``counter.count`` (for ``const counter = useCounter()``) leads to the key."""
    found: dict[tuple[int, int], str] = {}
    for number, index in starts:
        text = lines[number - 1]
        name = _NAME.match(text, index)
        if name is not None and stands_alone(lines, number, index, name.end()):
            found[(number, index)] = name.group()
    return found


def stands_alone(lines: Sequence[str], number: int, index: int, end: int) -> bool:
    """Whether the name in columns ``index``..``end`` (0-based) of line ``number`` stands alone
    between ``{`` or ``,`` and ``,`` or ``}``, across line breaks: a shorthand key (``{ a, b }``,
    not ``a: value``, ``a() {}``, ``a = 1`` or a spread's ``...a``)."""
    after = _next_code(lines, number, end)
    before = _before(lines, number, index).rstrip()
    return after in (",", "}") and before.endswith(("{", ","))


def _next_code(lines: Sequence[str], number: int, index: int) -> str:
    """The first character after column ``index`` of line ``number`` that is not a space (on
    the next non-blank line, up to a few), or ``""``."""
    rest = lines[number - 1][index:].strip()
    for following in lines[number : number + 3]:
        if rest:
            break
        rest = following.strip()
    return rest[:1]


_BRACKETS = r"[()\[\]{}]|[\"'`]|//|/\*"
_TOKEN = re.compile(_BRACKETS)
"""What the scan stops at: a bracket, or the start of a string, a template literal or a
comment (skipped whole)."""
_TOKEN_OR_NAME = re.compile(_BRACKETS + r"|(?<![\w$])(?:[^\W\d]|\$)")
"""The same, and the start of a name (inside a returned literal, where keys are read)."""
_STRING_END = {
    q: re.compile(rf"(?:[^{q}\\]|\\.)*{q}") for q in ("'", '"', "`")
}  # fmt: skip
"""The rest of a string or template literal from after its opening quote, through its close."""


def _code(
    lines: Sequence[str], first: int, last: int, names: Callable[[], bool]
) -> Iterator[tuple[int, int, str]]:
    """(line, column, token) of each bracket of code in lines ``first``..``last`` (not in a
    string, a template literal or a comment), and of each name's first character while
    ``names()`` holds. An unclosed string ends with its line; a template literal and a block
    comment go on."""
    carried = ""  # what goes on from the line before: "`" a template literal, "*" a comment
    for number in range(first, min(last, len(lines)) + 1):
        text = lines[number - 1]
        index, carried = _skip(text, carried, 0) if carried else (0, "")
        while index >= 0:
            found = (_TOKEN_OR_NAME if names() else _TOKEN).search(text, index)
            if found is None:
                break
            token, index = found.group(), found.end()
            if token in _SKIPPED:
                index, carried = _skip(text, token, index)
            else:
                yield number, found.start(), token


_SKIPPED = ("'", '"', "`", "//", "/*")


def _skip(text: str, opened: str, index: int) -> tuple[int, str]:
    """Where code starts again in ``text`` after what ``opened`` opens before ``index`` (a
    quote, ``//``, ``/*``; ``*`` a comment from the line before), and what goes on to the next
    line: -1 when nothing on this line, with ``"`"`` or ``"*"`` when it goes on."""
    if opened == "//":
        return -1, ""
    if opened in ("/*", "*"):
        end = text.find("*/", index)
        return (end + 2, "") if end >= 0 else (-1, "*")
    rest = _STRING_END[opened].match(text, index)
    if rest is None:  # unclosed: a string ends with its line, a template literal goes on
        return -1, "`" if opened == "`" else ""
    return rest.end(), ""


def _before(lines: Sequence[str], number: int, index: int) -> str:
    """The text before column ``index`` of line ``number``, with the line above it when the
    bracket opens its line (``return (`` on one line, ``{`` on the next)."""
    head = lines[number - 1][:index]
    if head.strip() or number < 2:
        return head
    return lines[number - 2] + " " + head
