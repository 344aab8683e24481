"""JavaScript's ``require`` where nothing declares it (no @types/node installed): TypeScript binds
a call of it with one argument (``require('./m')``, ``require(name)``; its checker's
``isRequireCall``) to a ``require`` symbol of its own, whose references are those calls, in
JavaScript files alone; any other ``require`` (``require.main``, ``require.resolve(...)``, a
call with two arguments) it binds to nothing and lists none at. By name, lsai listed
``require.main`` among the calls (shelljs's ``if (require.main === module)``: 1 extra at 4
positions of 80; mocha's ``require.resolve``: 10 extra at 2)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from lsai.query.libraries import line_of
from lsai.storage import tool_queries
from lsai.storage.engine import Reader

JAVASCRIPT = frozenset({"javascript", "jsx"})
NAME = "require"
DESCRIBED = (
    "no library declares it: TypeScript's own require, whose uses are its calls with one "
    "argument in JavaScript files"
)
_LINES = 20
"""Lines a call's arguments are read over at most (``require(\\n  './m'\\n)``)."""
_STRING = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`(?:[^`\\]|\\.)*`")
_OPENERS, _CLOSERS = "([{", ")]}"


def undeclared(conn: Reader, language: str, name: str, member: bool) -> bool:
    """Whether ``name`` is JavaScript's ``require`` read bare where no library declares it (no
    external symbol of that name: @types/node's ``require`` would be one, whose references list
    ``require.main`` too)."""
    return (
        language in JAVASCRIPT
        and name == NAME
        and not member
        and not tool_queries.externals_named(conn, NAME)
    )


def calls(
    asked: tuple[str, int, int],
    rows: Sequence[tuple[str, int, int, str, str]],
    lines: Mapping[str, Sequence[str]],
    languages: Mapping[str, str],
) -> list[tuple[str, int, int, str, str]] | None:
    """Of ``rows`` (file, line, column, role, code), the calls of ``require`` with one argument
    in JavaScript files, where the ``require`` ``asked`` (file, line, column) is one; None: it
    is not, and TypeScript binds it to nothing."""
    path, line, col = asked
    if not one_argument(lines[path], line, col):
        return None
    return [
        r
        for r in rows
        if languages.get(r[0]) in JAVASCRIPT and one_argument(lines[r[0]], r[1], r[2])
    ]


def one_argument(lines: Sequence[str], line: int, col: int) -> bool:
    """Whether the ``require`` at ``line:col`` is called with exactly one argument (a trailing
    comma allowed), read over brackets and strings."""
    text = line_of(lines, line)[col - 1 + len(NAME) :]
    stripped = text.lstrip()
    if not stripped.startswith("("):
        return False
    return _arguments(lines, line, stripped[1:]) == 1


def _arguments(lines: Sequence[str], line: int, text: str) -> int | None:
    """How many arguments the call whose ``(`` ends before ``text`` (the rest of ``line``)
    passes, its strings read as one character; None: its ``)`` is not within ``_LINES``
    lines."""
    following = (line_of(lines, n) for n in range(line + 1, line + _LINES))
    code = _STRING.sub("0", "\n".join([text, *following]))
    depth, count, pending = 0, 0, False
    for char in code:
        if char in _OPENERS:
            depth, pending = depth + 1, True
        elif char in _CLOSERS and depth:
            depth -= 1
        elif char == ")":
            return count + pending
        elif char == "," and not depth:
            count, pending = count + pending, False
        elif not char.isspace():
            pending = True
    return None
