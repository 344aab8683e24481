"""A C or C++ macro named in the conditional that guards its definition (``#ifndef LIMIT`` then
``#define LIMIT 3``; a header's include guard): the macro is not defined there yet, so clangd's
index ties the name to nothing, but its references there are the macro's (the ``#define`` and
its uses after it, not the ``#ifndef``), as at the ``#define``."""

from __future__ import annotations

import re

from lsai.query.libraries import file_lines, line_of
from lsai.query.unindexed import Answer
from lsai.query.usage_contracts import UsagesInput, UsagesResult
from lsai.query.workspace import Workspace
from lsai.storage import navigation, queries
from lsai.storage.engine import Reader

_CONDITIONAL = re.compile(r"\s*#\s*(?:if|ifdef|ifndef|elif)\b")


def guarded_usages(
    conn: Reader,
    ws: Workspace,
    params: UsagesInput,
    site: tuple[str, int, int, str] | None,
    answer: Answer,
) -> UsagesResult | None:
    """The usages of the macro the untied name ``site`` names in the conditional guarding its
    definition (``guarded_definition``), as asked at the definition, said so; None: ``site``
    is no such name."""
    defined = guarded_definition(conn, ws, site)
    if defined is None or site is None:
        return None
    path, line, col = defined
    found = answer(ws, params.model_copy(update={"file": path, "line": line, "col": col}))
    note = (
        f"{site[3]} at {site[0]}:{site[1]} guards its definition (line {line}), where it is "
        "not defined yet: the usages are the macro's, as clangd's references there"
    )
    prov = found.provenance.model_copy(update={"notes": [note, *found.provenance.notes]})
    return found.model_copy(update={"provenance": prov})


def guarded_definition(
    conn: Reader, ws: Workspace, site: tuple[str, int, int, str] | None
) -> tuple[str, int, int] | None:
    """Where the macro that the untied name ``site`` (file, line, column, name) names in a
    preprocessor conditional is defined next in its file (file, line, column); None: ``site``
    is no such name (another directive, code, a macro defined before or elsewhere, which
    clangd ties where it is defined)."""
    if site is None:
        return None
    path, line, _, name = site
    row = queries.file_row(conn, path)
    if row is None or str(row["language"]) not in ("c", "cpp"):
        return None
    if _CONDITIONAL.match(line_of(file_lines(ws, path), line)) is None:
        return None
    for symbol in navigation.symbols_named_in(conn, name, path):
        if symbol["kind"] == "macro" and int(symbol["line"]) > line:
            return path, int(symbol["line"]), int(symbol["col"])
    return None
