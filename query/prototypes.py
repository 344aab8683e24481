"""Usages at ``prototype`` of a JavaScript or TypeScript function or class of the workspace
(send's ``SendStream.prototype.root = function root(...)``, 26 of them in one file).

tsgo's references there are ``Function.prototype``'s: the ``prototype`` of every workspace
function a file reads it on, whichever function (``Other.prototype`` too) and whichever file
(``F.prototype`` through ``require``), not ``Object.prototype`` (its constructor's own member)
nor a class's. The index ties no ``prototype`` to a symbol (a member of a library type), and
the by-name listing answers no member of a value tsgo cannot type, so lsai refused them all.
Here they are the untied ``prototype`` read on a name the index keys to a function.

A function whose ``prototype`` is assigned (iconv-lite's streams: ``Encoder.prototype =
Object.create(Transform.prototype, {...})``, or ``= { ... }``) is a class to tsgo, the
assignment declaring its own ``prototype``: the references there are that function's
``prototype`` reads alone, and ``Function.prototype``'s leave them out; not a function declared
in a chain of assignments (express-session's ``var Cookie = module.exports = function Cookie``
then ``Cookie.prototype = {...}``), whose ``prototype`` stays ``Function.prototype``. So are a
class's (signal-polyfill's ``Signal.State.prototype``): its own ``prototype`` reads, in every
file.
"""

from __future__ import annotations

import re

from lsai.query.contracts import SymbolRef
from lsai.query.libraries import file_lines, line_of
from lsai.query.library_calls import code_of
from lsai.query.provenance import provenance
from lsai.query.unindexed import UNTIED_LISTED, Site, page, tsgo_family
from lsai.query.usage_contracts import UsagesInput, UsagesResult
from lsai.query.workspace import Workspace
from lsai.storage import navigation, queries
from lsai.storage.engine import Reader

NAME = "prototype"
_DOT = re.compile(r"\s*\.\s*$")
_ASSIGNED = re.compile(r"\s*=(?!=)")
_CHAIN = re.compile(
    r"\s*(?:(?:var|let|const)\s+)?[\w$.]+\s*=(?:\s*[\w$]+(?:\s*\.\s*[\w$]+)*\s*=(?![=>]))+"
    r"\s*(?:async\s+)?function\b"
)
"""A declaration assigning twice or more: ``var F = module.exports = function F() {}``,
``var F = exports = module.exports = function F() {}`` (stylus's HSLA, RGBA)."""


def prototype_usages(
    conn: Reader, ws: Workspace, params: UsagesInput, site: tuple[str, int, int, str] | None
) -> UsagesResult | None:
    """The usages at ``site`` (file, line, column, name), the ``prototype`` of a function of
    the workspace: every untied ``prototype`` read on one; None: no such site."""
    if site is None or site[3] != NAME:
        return None
    path, line, col, _ = site
    family = tsgo_family(conn, path)
    reads = _Receivers(conn, ws)
    asked = reads.owner_of(path, line, col) if family is not None else None
    if family is None or asked is None:
        return None
    found = [
        (key, (file, at, start, str(s["role"]), code_of(reads.lines(file), at)))
        for s in navigation.untied_sites(conn, NAME, family, UNTIED_LISTED)
        for file, at, start in [(str(s["file"]), int(s["line"]), int(s["col"]))]
        if (key := reads.owner_of(file, at, start)) is not None
    ]
    own = {
        key
        for key, (file, at, start, *_) in found
        if reads.assigned(file, at, start) and not reads.chained(key)
    }
    own |= {key for key, _ in found if reads.kind(key) == "class"}
    rows: list[Site] = [
        site for key, site in found if (key == asked if asked in own else key not in own)
    ]
    prov = provenance(conn, ["lsp"], sorted({r[0] for r in rows}))
    note = (
        "prototype of a function of the workspace: the prototype read on each of its functions "
        "(Function.prototype, as tsgo's references list it), not Object.prototype nor a class's"
        if asked not in own
        else "the prototype of a class of the workspace: its own, as tsgo's references list it"
        if reads.kind(asked) == "class"
        else "the prototype a function of the workspace is assigned: its own, as tsgo's "
        "references list it"
    )
    spelled = "Function.prototype" if asked not in own else f"{asked.rsplit('.', 1)[-1]}.prototype"
    ref = SymbolRef(
        name=NAME, kind="external", qualified_name=spelled, file=path, line=line, col=col,
        backend="lsp",
    )  # fmt: skip
    return page(rows, params, ref, "name-based", prov.model_copy(update={"notes": [note]}))


class _Receivers:
    """What a ``prototype`` read is read on, from the index: each file's lines, identifiers and
    the kinds of the symbols they name read once, not once per site."""

    def __init__(self, conn: Reader, ws: Workspace) -> None:
        self.conn, self.ws = conn, ws
        self._lines: dict[str, list[str]] = {}
        self._ends: dict[str, dict[tuple[int, int], str | None]] = {}
        self._kinds: dict[str, str] = {}

    def lines(self, path: str) -> list[str]:
        if path not in self._lines:
            self._lines[path] = file_lines(self.ws, path)
        return self._lines[path]

    def owner_of(self, path: str, line: int, col: int) -> str | None:
        """The key of the function or class the ``prototype`` at ``line:col`` of ``path`` is
        read on (``F.prototype``, F a name the index keys to one, or to the variable of ``var F
        = module.exports = function F``); None: another."""
        dot = _DOT.search(line_of(self.lines(path), line)[: col - 1])
        if dot is None:
            return None
        key = self._ending(path).get((line, dot.start() + 1))
        if key is None or self.kind(key) not in ("function", "class", "variable"):
            return None
        return key if self.kind(key) != "variable" or self.chained(key) else None

    def assigned(self, path: str, line: int, col: int) -> bool:
        """Whether the ``prototype`` at ``line:col`` of ``path`` is assigned (``F.prototype =
        ...``)."""
        return _ASSIGNED.match(line_of(self.lines(path), line), col - 1 + len(NAME)) is not None

    def chained(self, key: str) -> bool:
        """Whether the function ``key`` is declared in a chain of assignments (express-session's
        ``var Cookie = module.exports = function Cookie(...)``): TypeScript takes no prototype
        assigned to it for its own, which stays ``Function.prototype``."""
        symbols = navigation.symbols_by_keys(self.conn, [key])
        if not symbols:
            return False
        text = line_of(self.lines(str(symbols[0]["file"])), int(symbols[0]["start_line"]))
        return _CHAIN.match(text) is not None

    def _ending(self, path: str) -> dict[tuple[int, int], str | None]:
        """The symbol key of each identifier of ``path`` by where it ends (line, column)."""
        if path not in self._ends:
            row = queries.file_row(self.conn, path)
            found = (
                navigation.occurrences_on_lines(self.conn, int(row["id"]), 1, len(self.lines(path)))
                if row is not None
                else []
            )
            ends: dict[tuple[int, int], str | None] = {}
            for o in found:  # the first in reading order where two end together
                if o["end_line"] == o["line"]:
                    ends.setdefault((int(o["end_line"]), int(o["end_col"])), o["symbol_key"])
            self._ends[path] = ends
        return self._ends[path]

    def kind(self, key: str) -> str:
        if key not in self._kinds:
            symbols = navigation.symbols_by_keys(self.conn, [key])
            self._kinds[key] = str(symbols[0]["kind"]) if symbols else ""
        return self._kinds[key]
