"""Usages at ``prototype`` of a JavaScript or TypeScript function of the workspace (send's
``SendStream.prototype.root = function root(...)``, 26 of them in one file).

tsgo's references there are ``Function.prototype``'s: the ``prototype`` of every workspace
function a file reads it on, whichever function (``Other.prototype`` too) and whichever file
(``F.prototype`` through ``require``), not ``Object.prototype`` (its constructor's own member)
nor a class's. The index ties no ``prototype`` to a symbol (a member of a library type), and
the by-name listing answers no member of a value tsgo cannot type, so lsai refused them all.
Here they are the untied ``prototype`` read on a name the index keys to a function.
"""

from __future__ import annotations

import re

from lsai.query.contracts import SymbolRef
from lsai.query.libraries import file_lines, line_of
from lsai.query.library_calls import code_of
from lsai.query.provenance import provenance
from lsai.query.reach import TSGO_LANGUAGES
from lsai.query.resolve import language_family
from lsai.query.unindexed import UNTIED_LISTED, Site, page
from lsai.query.usage_contracts import UsagesInput, UsagesResult
from lsai.query.workspace import Workspace
from lsai.storage import navigation, queries
from lsai.storage.engine import Reader

NAME = "prototype"
_DOT = re.compile(r"\s*\.\s*$")


def prototype_usages(
    conn: Reader, ws: Workspace, params: UsagesInput, site: tuple[str, int, int, str] | None
) -> UsagesResult | None:
    """The usages at ``site`` (file, line, column, name), the ``prototype`` of a function of
    the workspace: every untied ``prototype`` read on one; None: no such site."""
    if site is None or site[3] != NAME:
        return None
    path, line, col, _ = site
    row = queries.file_row(conn, path)
    if row is None or row["language"] not in TSGO_LANGUAGES:
        return None
    files: dict[str, list[str]] = {}
    if not _on_a_function(conn, ws, files, path, line, col):
        return None
    family = language_family(str(row["language"]))
    rows: list[Site] = [
        (file, at, start, str(s["role"]), code_of(files[file], at))
        for s in navigation.untied_sites(conn, NAME, family, UNTIED_LISTED)
        for file, at, start in [(str(s["file"]), int(s["line"]), int(s["col"]))]
        if _on_a_function(conn, ws, files, file, at, start)
    ]
    prov = provenance(conn, ["lsp"], sorted({r[0] for r in rows}))
    note = (
        "prototype of a function of the workspace: the prototype read on each of its functions "
        "(Function.prototype, as tsgo's references list it), not Object.prototype nor a class's"
    )
    ref = SymbolRef(
        name=NAME, kind="external", qualified_name="Function.prototype", file=path, line=line,
        col=col, backend="lsp",
    )  # fmt: skip
    return page(rows, params, ref, "name-based", prov.model_copy(update={"notes": [note]}))


def _on_a_function(
    conn: Reader, ws: Workspace, files: dict[str, list[str]], path: str, line: int, col: int
) -> bool:
    """Whether the ``prototype`` at ``line:col`` of ``path`` is read on a name the index keys to
    a function (``F.prototype``); ``files`` caches the files read."""
    if path not in files:
        files[path] = file_lines(ws, path)
    before = line_of(files[path], line)[: col - 1]
    dot = _DOT.search(before)
    row = queries.file_row(conn, path)
    if dot is None or row is None:
        return False
    receiver = next(
        (
            o
            for o in navigation.occurrences_on_lines(conn, int(row["id"]), line, line)
            if o["end_line"] == line and o["end_col"] == dot.start() + 1
        ),
        None,
    )
    if receiver is None or receiver["symbol_key"] is None:
        return False
    symbols = navigation.symbols_by_keys(conn, [str(receiver["symbol_key"])])
    return bool(symbols) and symbols[0]["kind"] == "function"
