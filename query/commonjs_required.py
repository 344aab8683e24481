"""The property a CommonJS module assigns to its exports (``exports.EV_CHANGE = 'change'``) that a
requirer's destructuring binds (chokidar's ``const { EV_CHANGE, ... } = require('./constants')``).

tsgo's references at the binding's uses are its file's uses, the binding and the module's own
sites of the property: the assignment and its reads on ``exports`` (``exports.HANDLER_KEYS =
[exports.KEY_LISTENERS, ...]``), which ``commonjs_property`` answers there. The binding is its
scope's local (``scopes``: a module-level destructuring, or a function's), and the index holds
no symbol for the property (a string assigned), so lsai listed the local's uses alone (chokidar:
5 positions, 1-2 "missing" each). A module exporting an object literal (``module.exports = {
CHAR_DOT: 46 }``) is none: tsgo lists the local's alone there. At the binding itself tsgo lists
every requirer's key and ``c.EV_CHANGE`` reads too, which its references at the property leave
out; lsai answers there as at a use.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from lsai.query.libraries import file_lines, line_of
from lsai.query.resolve import language_family
from lsai.query.workspace import Workspace
from lsai.storage import navigation, queries
from lsai.storage.engine import Reader

ON_EXPORTS = re.compile(r"(?<![\w$.])(?:module\s*\.\s*)?exports\s*\.\s*$")
"""What precedes a property of the module's exports: ``exports.`` or ``module.exports.``."""
ASSIGNED = re.compile(r"\s*=(?![=>])")
_OPENED = re.compile(r"^\s*(?:const|let|var)\s*\{")
"""A destructuring's start (``const {``, at a module's level or in a function)."""
_REQUIRED = re.compile(
    r"^\s*\}\s*=\s*require\s*\(\s*(?P<quote>['\"])(?P<source>\.[^'\"]*)(?P=quote)\s*\)"
)
"""Its end reading a module of the workspace: ``} = require('./constants')``."""
EXTENSIONS = ("", ".js", ".cjs", ".mjs", "/index.js")
"""What a relative ``require`` may leave off its module's path."""
REACH = 80
"""Lines around a binding where its destructuring may start and end."""
_LISTED = 5000
"""The module's sites of the property's name read at most."""


def on_exports(lines: Sequence[str], line: int, col: int) -> bool:
    """Whether the name at ``line:col`` is a property of ``exports`` or ``module.exports``."""
    return ON_EXPORTS.search(line_of(lines, line)[: col - 1]) is not None


def required_export(
    conn: Reader, ws: Workspace, binding: tuple[str, int, int], language: str
) -> tuple[str, int, int] | None:
    """Where the module a shorthand binding of ``const { X } = require('./m')`` (file, line,
    column) requires assigns ``exports.X`` (file, line, column); None: another binding, or a
    module assigning no such property."""
    path, line, col = binding
    lines = file_lines(ws, path)
    source = _required(lines, line, col)
    name = re.match(r"[\w$]+", line_of(lines, line)[col - 1 :])
    if source is None or name is None:
        return None
    base = posixpath.normpath(posixpath.join(posixpath.dirname(path), source))
    module = next(
        (base + e for e in EXTENSIONS if queries.file_row(conn, base + e) is not None), None
    )
    if module is None:
        return None
    texts = file_lines(ws, module)
    family = language_family(language)
    for site in navigation.untied_sites(conn, name[0], family, _LISTED, module):
        at, start = int(site["line"]), int(site["col"])
        text = line_of(texts, at)
        if on_exports(texts, at, start) and ASSIGNED.match(text, start - 1 + len(name[0])):
            return module, at, start
    return None


def _required(lines: Sequence[str], line: int, col: int) -> str | None:
    """The module a shorthand name at ``line:col`` of an object destructuring of
    ``require('./m')`` reads (``./m``); None: another name (``{ X: y }``, a nested pattern)."""
    text = line_of(lines, line)
    before, after = text[: col - 1].rstrip(), text[col - 1 :]
    key = re.match(r"[\w$]+\s*(?:/\*.*?\*/\s*)?(?:[,}=]|$)", after)
    if key is None or (before and not before.endswith(("{", ","))):
        return None
    first = next(
        (n for n in range(line, max(0, line - REACH), -1) if _OPENED.match(line_of(lines, n))),
        None,
    )
    if first is None:
        return None
    for n in range(line, min(len(lines), line + REACH) + 1):
        here = line_of(lines, n)
        start = here.find("}", col - 1 if n == line else 0) if "}" in here else -1
        if start < 0:
            continue
        found = _REQUIRED.match(here[start:])
        inner = "\n".join(line_of(lines, k) for k in range(first, n + 1))
        nested = inner.count("{") + inner.count("}") != 2
        return found["source"] if found is not None and not nested else None
    return None
