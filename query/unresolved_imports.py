"""The uses of a name a Python import binds from a module ty cannot resolve (an uninstalled
dependency: ``import marshmallow as ma``, ``from gone import thing``): ty reports
``import-not-found`` at the import and ties the name to that file's binding alone, so its
references there are the file's, not every file's of that spelling, as for a resolved
library's module or member (checked live: ``import json as js`` in two files, references of
either ``js`` list both files').

Measured on a probe: at an alias's use or binding (``import marshmallow as ma``, ``from gone
import other as ot``), ty lists the file's alias and uses; at a use of a name bound as it is
named (``import nothere``, ``from gone import thing``), the file's uses without the import,
and at that import's own name none (as at a name imported under an alias, ``from gone
import Tag as Tag``'s first ``Tag``, which the alias's leave out); never, among the
references of the name, a part of such a module's name that is spelled as the name (the
second ``models`` of autopep8's ``import models.models as models``, ``gone`` of ``import
gone.gone``, which the index holds as references, not imports)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from lsai.query.alike import IMPORT_LIST
from lsai.query.libraries import line_of
from lsai.storage import tool_queries
from lsai.storage.engine import Reader

Site = tuple[str, int, int, str, str]  # file, line, column, role, code line

NOT_FOUND = "import-not-found"
"""ty's diagnostic code at an import of a module it cannot resolve."""
STATEMENT_REACH = 40
"""Lines above an imported name where its ``from`` statement (parenthesized) may start."""
_STATEMENT = re.compile(r"\s*(?:from|import)\s")
_ALIAS = re.compile(r"\bas\s+$")


def in_its_file(
    conn: Reader, asked: tuple[str, int, int], rows: list[Site], lines: Sequence[str]
) -> list[Site] | None:
    """``rows`` (the untied sites of the name at ``asked``) narrowed as ty's references there
    read them where every import binding that name in the asked file is of a module ty could
    not resolve (module doc); ``rows`` where none is, or one is resolved; None at an unaliased
    such import's own name (ty lists none)."""
    path = asked[0]
    imports = [
        r
        for r in rows
        if r[0] == path and (r[3] == "import" or _module_part(lines, r) or _renamed(lines, r))
    ]
    if not imports or not all(_not_found(conn, path, r[1], r[2], lines) for r in imports):
        return rows
    aliased = {(r[1], r[2]) for r in imports if _aliased(lines, r[1], r[2])}
    if any((r[1], r[2]) == asked[1:] and (r[1], r[2]) not in aliased for r in imports):
        return None
    unaliased = {(r[1], r[2]) for r in imports} - aliased
    return [r for r in rows if r[0] == path and (r[1], r[2]) not in unaliased]


def unresolved_part(conn: Reader, asked: tuple[str, int, int], lines: Sequence[str]) -> bool:
    """Whether ``asked`` is a part of the module an ``import`` or ``from`` statement names that
    ty could not resolve (either ``models`` of ``import models.models as models``): ty answers
    no references there."""
    path, line, col = asked
    return _module_part(lines, (path, line, col, "", "")) and _not_found(
        conn, path, line, col, lines
    )


def _module_part(lines: Sequence[str], row: Site) -> bool:
    """Whether ``row`` is a part of the module an ``import`` or ``from`` statement names
    (``models`` of ``import models.models as models``, ``gone`` of ``from gone import x``)."""
    return _PART.search(line_of(lines, row[1])[: row[2] - 1]) is not None


_PART = re.compile(rf"(?:{IMPORT_LIST}|(?:^|[;:])\s*from\s+\.*)(?:\w+\s*\.\s*)*$")
"""What precedes a part of the module a Python ``import`` or ``from`` statement names."""


def _renamed(lines: Sequence[str], row: Site) -> bool:
    """Whether ``row`` is a name a ``from`` statement imports under an alias (``TagDateTime`` of
    quart's ``from flask.json.tag import TagDateTime as TagDateTime``), which the index holds
    as a reference: ty's references of the alias leave it out where the module is not found,
    and at it are none (quart: 1 extra at each of 8 re-exports)."""
    text = line_of(lines, row[1])
    return (
        _RENAMED.match(text, row[2] - 1) is not None
        and _IMPORTED_BEFORE.match(text[: row[2] - 1]) is not None
    )


_RENAMED = re.compile(r"\w+\s+as\s+\w")
_IMPORTED_BEFORE = re.compile(
    r"(?:\s*from\s+\.*[\w.]*\s+import\s+\(?)?\s*(?:\w+(?:\s+as\s+\w+)?\s*,\s*)*$"
)
"""What precedes a name a ``from`` statement imports: the statement's start, the names before
it (on a line of a parenthesized list, those alone)."""


def _aliased(lines: Sequence[str], line: int, col: int) -> bool:
    """Whether the imported name at ``line:col`` is an ``as`` alias (``ma`` of ``import
    marshmallow as ma``), not the name it imports."""
    return _ALIAS.search(line_of(lines, line)[: col - 1]) is not None


def _not_found(conn: Reader, path: str, line: int, col: int, lines: Sequence[str]) -> bool:
    """Whether ty reported ``import-not-found`` on the statement importing at ``line:col``: of
    an ``import`` statement, on the module of the entry holding the column (``import os,
    nothere`` reports ``nothere`` alone, and ``os`` is resolved); of a ``from`` statement, on
    the statement (it reports the module, before the names imported)."""
    for start in range(line, max(0, line - STATEMENT_REACH), -1):
        text = line_of(lines, start)
        if _STATEMENT.match(text):
            cols = _entry_module(text, col) if start == line else None
            return tool_queries.diagnosed_on(conn, path, start, NOT_FOUND, cols)
    return False


_ENTRY = re.compile(r"(?:^\s*import\s+|[;,]\s*(?:import\s+)?)(?P<module>[\w.]+)(?:\s+as\s+\w+)?")
"""An entry of an ``import`` statement (``, ply.lex as lex``), with the module it names."""


def _entry_module(text: str, col: int) -> tuple[int, int] | None:
    """The columns (1-based, ``[start, end)``) of the module named by the entry of the
    ``import`` statement ``text`` that holds column ``col``; None in a ``from`` statement."""
    if not re.match(r"\s*import\s", text):
        return None
    for entry in _ENTRY.finditer(text):
        if entry.start("module") < col <= entry.end():
            return entry.start("module") + 1, entry.end("module") + 1
    return None
