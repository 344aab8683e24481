"""Usages at a property a CommonJS module assigns to its exports (winston's config/index.js
``exports.cli = logform.levels(configs.cli)``, iconv-lite's ``exports.utf16be = Utf16BECodec``,
``module.exports.syslog = ...``) where the index holds no symbol for it.

tsgo's references there are the module's own sites of that property: the assignment and its
reads on ``exports`` or ``module.exports`` in that file, not a requirer's ``config.cli`` (the
CommonJS boundary the bench notes judge), nor the function assigned. The index ties the name to
nothing, and the by-name listing answers no member of a value tsgo cannot type, so lsai refused
it (NO_SYMBOL_AT_POSITION).

A module that replaces its exports (``module.exports = f``, express-session's and passport's
``exports = module.exports = session``, anywhere in the file) gives them no such property to
tsgo, which types ``exports`` there as ``any`` (or its value's expando) and answers no
references at ``exports.X`` nor ``module.exports.X``: lsai refuses them too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from lsai.query.commonjs_required import ASSIGNED, on_exports
from lsai.query.contracts import SymbolRef
from lsai.query.libraries import file_lines, line_of
from lsai.query.library_calls import code_of
from lsai.query.provenance import provenance
from lsai.query.unindexed import UNTIED_LISTED, Site, page, tsgo_family
from lsai.query.usage_contracts import UsagesInput, UsagesResult
from lsai.query.workspace import Workspace
from lsai.storage import navigation
from lsai.storage.engine import Reader


def property_usages(
    conn: Reader, ws: Workspace, params: UsagesInput, site: tuple[str, int, int, str] | None
) -> UsagesResult | None:
    """The usages at ``site`` (file, line, column, name), a property its module assigns to its
    exports (``exports.X = ...``) or reads there: that file's ``exports.X`` and
    ``module.exports.X``, where one assigns it; None: no such site."""
    if site is None:
        return None
    path, line, col, name = site
    family = tsgo_family(conn, path)
    lines = file_lines(ws, path) if family is not None else []
    if family is None or not on_exports(lines, line, col) or _replaced(lines):
        return None
    rows = _own_sites(conn, lines, family, site, lambda at, start: on_exports(lines, at, start))
    assigned = any(
        ASSIGNED.match(line_of(lines, at), start - 1 + len(name)) for _, at, start, *_ in rows
    )
    if not assigned or not any((at, start) == (line, col) for _, at, start, *_ in rows):
        return None
    note = (
        "a property the module assigns to its exports: its sites on exports and module.exports "
        "in that file, as tsgo's references list them (not a requirer's reads)"
    )
    return _answer(conn, params, site, rows, ("property", f"exports.{name}"), note)


_REPLACED = re.compile(r"^(?!\s*(?://|/?\*))(?:.*[^\w$.])?(?:module\s*\.\s*)?exports\s*=(?![=>])")
"""A line assigning the whole exports: ``module.exports = ...``, ``exports = ...``, ``var req =
exports = module.exports = {}`` (not ``exports.X = ...``, not in a comment)."""


def _replaced(lines: Sequence[str]) -> bool:
    """Whether the module replaces its exports (``_REPLACED``) anywhere."""
    return any(_REPLACED.match(text) for text in lines)


def free_exports_usages(
    conn: Reader, ws: Workspace, params: UsagesInput, site: tuple[str, int, int, str] | None
) -> UsagesResult | None:
    """The usages at ``site`` (file, line, column, name), the free variable ``exports`` of a
    CommonJS module (``exports.X = ...``, passport's ``exports = module.exports = new
    Passport()``): each ``exports`` of that file, not ``module.exports``'s, as tsgo's
    references list them (lsai listed every file's: passport 7 extra); None: no such site."""
    if site is None or site[3] != "exports":
        return None
    path, line, col, _ = site
    family = tsgo_family(conn, path)
    lines = file_lines(ws, path) if family is not None else []
    if family is None or _MEMBER.search(line_of(lines, line)[: col - 1]):
        return None
    rows = _own_sites(
        conn,
        lines,
        family,
        site,
        lambda at, start: not _MEMBER.search(line_of(lines, at)[: start - 1]),
    )
    if not any((at, start) == (line, col) for _, at, start, *_ in rows):
        return None
    note = (
        "the module's free variable exports: its uses in that file, as tsgo's references list them"
    )
    return _answer(conn, params, site, rows, ("variable", f"{path}:exports"), note)


def _own_sites(
    conn: Reader,
    lines: Sequence[str],
    family: tuple[str, ...],
    site: tuple[str, int, int, str],
    keep: Callable[[int, int], bool],
) -> list[Site]:
    """The untied sites of ``site``'s name in its file that ``keep`` (line, column) keeps."""
    path, name = site[0], site[3]
    return [
        (path, at, start, str(s["role"]), code_of(lines, at))
        for s in navigation.untied_sites(conn, name, family, UNTIED_LISTED, path)
        for at, start in [(int(s["line"]), int(s["col"]))]
        if keep(at, start)
    ]


def _answer(
    conn: Reader,
    params: UsagesInput,
    site: tuple[str, int, int, str],
    rows: list[Site],
    kind: tuple[str, str],
    note: str,
) -> UsagesResult:
    """``rows``, the file's own sites of the name at ``site``, as the symbol ``kind`` (its kind
    and qualified name) with ``note``, paged as ``params`` asks."""
    path, line, col, name = site
    prov = provenance(conn, ["lsp"], [path])
    ref = SymbolRef(
        name=name, kind=kind[0], qualified_name=kind[1], file=path, line=line, col=col,
        backend="lsp",
    )  # fmt: skip
    return page(rows, params, ref, "name-based", prov.model_copy(update={"notes": [note]}))


_MEMBER = re.compile(r"\.\s*$")
"""What precedes a member's name: ``module.exports``'s ``exports`` is no free variable."""
