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
from collections.abc import Iterable, Iterator, Sequence

_OPENED_FOR_RETURN = re.compile(r"(?:\breturn\s*\(?|=>\s*\()\s*$")
"""What precedes an object literal's ``{`` that the function returns: ``return {``, ``return
({``, ``=> ({`` (an arrow's ``=> {`` opens its body)."""
_QUOTES = "'\"`"
_NAME = re.compile(r"[^\W\d][\w$]*|\$[\w$]*")


def returned_key_starts(lines: Sequence[str], first: int, last: int) -> set[tuple[int, int]]:
    """The (1-based line, 0-based column) of each name that starts directly inside an object
    literal opened after ``return`` or ``=>`` in lines ``first``..``last`` (1-based,
    inclusive): where a returned object's key may start."""
    inside: set[tuple[int, int]] = set()
    stack: list[bool] = []  # per open bracket: whether it opens a returned object literal
    for number, index, char in _code(lines, first, last):
        if char in "([{":
            opens = char == "{" and _OPENED_FOR_RETURN.search(_before(lines, number, index))
            stack.append(bool(opens))
        elif char in ")]}":
            if stack:
                stack.pop()
        elif stack and stack[-1] and _name_starts(lines[number - 1], index):
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


def _name_starts(text: str, index: int) -> bool:
    char = text[index]
    if not (char.isalpha() or char in "_$"):
        return False
    return index == 0 or not (text[index - 1].isalnum() or text[index - 1] in "_$")


def _code(lines: Sequence[str], first: int, last: int) -> Iterator[tuple[int, int, str]]:
    """(line, column, character) of each character of code in lines ``first``..``last``: not
    in a string, a template literal or a comment."""
    quote = ""  # the string being read, if any
    block_comment = False
    for number in range(first, min(last, len(lines)) + 1):
        text = lines[number - 1]
        index = 0
        while index < len(text):
            char = text[index]
            if block_comment:
                block_comment = not text.startswith("*/", index)
                index += 0 if block_comment else 1
            elif quote:
                index += char == "\\"
                quote = "" if char == quote else quote
            elif char in _QUOTES:
                quote = char
            elif text.startswith("//", index):
                break
            elif text.startswith("/*", index):
                block_comment = True
                index += 1
            else:
                yield number, index, char
            index += 1
        if quote != "`":
            quote = ""  # an unclosed quote ends with its line (a template literal goes on)


def _before(lines: Sequence[str], number: int, index: int) -> str:
    """The text before column ``index`` of line ``number``, with the line above it when the
    bracket opens its line (``return (`` on one line, ``{`` on the next)."""
    head = lines[number - 1][:index]
    if head.strip() or number < 2:
        return head
    return lines[number - 2] + " " + head
