"""A JSDoc name TypeScript resolves to nothing, though the workspace declares a symbol of that
name out of the comment's scope (mocha's ``@param {Runnable} test`` of a constructor function,
which TypeScript 7 takes for no type; ``{@link Runner}`` in a file that requires no
``Runner``): tsgo's references at a tag's type list the unresolved tag types of the name, not
its ``{@link}``s or ``@see``s, which bind nothing, and at such a link none. By name, lsai
listed the links among the tag types (mocha Runnable: 6 extra), the untied sites of the name in
code too (passport Strategy: 1 extra), and every untied site of the name at a link (mocha
Runner: tsgo none, lsai 30). A library's name (``{@link Promise}``) binds the links to its
declaration; the workspace declaring the name tells the two apart."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lsai.query.alike import doc_name, qualifies
from lsai.query.library_calls import Site
from lsai.query.reach import TSGO_LANGUAGES
from lsai.storage import navigation
from lsai.storage.engine import Reader


def narrowed(
    conn: Reader,
    language: str,
    asked: tuple[str, int, int, str],
    rows: list[Site],
    lines: Mapping[str, Sequence[str]],
) -> list[Site]:
    """``rows``, the untied sites of the name ``asked`` (file, line, column, name), as tsgo's
    references list them where it is a JSDoc name the workspace declares out of scope: none at
    a link or ``@see``; at a tag's type, the tag types alone: not the links, nor a name in code
    the server tied to nothing (passport's ``Strategy = require('passport-strategy')``, a module
    not installed), which is no JSDoc name."""
    path, line, col, name = asked
    meaning = doc_name(lines[path], line, col) if language in TSGO_LANGUAGES else None
    if meaning is None or qualifies(lines[path], line, col):
        return rows  # no JSDoc name, or a namespace's (`{s.Schema}` of `import * as s`)
    if not navigation.symbols_named(conn, name):
        return rows
    if meaning == "either":
        return []
    return [r for r in rows if doc_name(lines[r[0]], r[1], r[2]) == "type"]
