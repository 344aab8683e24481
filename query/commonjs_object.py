"""Usages at ``module`` or ``exports`` of a CommonJS module exporting an object literal
(iconv-lite's encodings/dbcs-data.js ``module.exports = { ... }``).

tsgo's references there are the statement's word and each requirer's binding
(``var data = require('./data')``) with its uses in the requirer's file; none of the object's
members, no requirer that binds nothing (``[require('./dbcs-data'), ...]``). No symbol holds the
object, so lsai refused at ``exports`` (NO_SYMBOL_AT_POSITION) and listed every file's
``module`` by name; ``commonjs_export`` answers a statement exporting one name.

At ``module`` of any other ``module.exports`` (multer's ``module.exports.diskStorage =
diskStorage``, passport's ``module.exports = function initialize(...)``, ``exports =
module.exports = function () {...}``) tsgo's references are the same export's: each ``module``
of ``module.exports`` in the file and the requirers' bindings with their uses (lsai listed
every file's ``module``: multer 7 extra, passport 8 extra and 2 missing). At ``exports`` of
``module.exports = ...`` (sinon's ``module.exports = extend.nonEnum({}, proto)``) they are the
same, each ``exports`` listed for each ``module`` (lsai refused: NO_SYMBOL_AT_POSITION, 11).
"""

from __future__ import annotations

import posixpath
import re

from lsai.query.commonjs_export import Answer, every_page
from lsai.query.commonjs_required import EXTENSIONS
from lsai.query.contracts import SymbolRef
from lsai.query.errors import QueryError
from lsai.query.libraries import file_lines, line_of
from lsai.query.library_calls import code_of
from lsai.query.provenance import provenance
from lsai.query.resolve import asked_position
from lsai.query.unindexed import UNTIED_LISTED, Site, page, tsgo_family
from lsai.query.usage_contracts import UsagesInput, UsagesResult
from lsai.query.workspace import Workspace
from lsai.storage import navigation
from lsai.storage.engine import Reader

_OBJECT = re.compile(r"\s*(?P<module>module)\s*\.\s*(?P<exports>exports)\s*=\s*\{")
"""``module.exports = {`` at the start of a line."""
_MODULE = re.compile(
    r"(?<![\w$.])(?P<module>module)\s*\.\s*(?P<exports>exports)(?![\w$])(?P<assigned>\s*=(?![=>]))?"
)
"""``module`` of ``module.exports`` anywhere in a line (``assigned``: ``module.exports = ...``)."""
_COMMENT = re.compile(r"\s*(?://|/?\*)")
_REQUIRED = re.compile(
    r"\s*(?:(?:const|let|var)\s+)?(?P<name>[A-Za-z_$][\w$]*)\s*=\s*"
    r"require\s*\(\s*(?P<quote>['\"])(?P<source>[^'\"]+)(?P=quote)\s*\)\s*[;,]?\s*$"
)
"""A requirer's binding of the whole module: ``var data = require('./data');``."""


def object_export_usages(
    conn: Reader, ws: Workspace, params: UsagesInput, answer: Answer
) -> UsagesResult | None:
    """The usages at ``module`` or ``exports`` of ``module.exports = {`` (that word), or at
    ``module`` of another ``module.exports`` (each of the file's), then each requirer's binding
    of the module and its uses (``answer`` asked at the binding), paged as ``params`` asks;
    None: no such position."""
    at = asked_position(params)
    if at is None or at[2] is None:
        return None
    path, line, col = ws.relative(at[0]), at[1], at[2]
    family = tsgo_family(conn, path)
    lines = file_lines(ws, path) if family is not None else []
    text = line_of(lines, line) if family is not None else ""
    found = _OBJECT.match(text)
    word = next(
        (w for w in ("module", "exports") if found and found.start(w) < col <= found.end(w)),
        None,
    )
    module = next((m for m in _MODULE.finditer(text) if _at_module(m, col)), None)
    if family is None or (word is None and (module is None or _COMMENT.match(text))):
        return None
    if found is not None and word is not None:
        here = found.start(word) + 1
        rows: list[Site] = [(path, line, here, "reference", code_of(lines, line))]
    else:  # `module` of another `module.exports` (`exports` of `module.exports =`): the file's
        word = "module" if module is None or col <= module.end("module") else "exports"
        here = module.start(word) + 1 if module is not None else col
        rows = [
            (path, n, m.start(word) + 1, "reference", code_of(lines, n))
            for n, each in enumerate(lines, 1)
            if not _COMMENT.match(each)
            for m in _MODULE.finditer(each)
        ]
    for binding in _bindings(conn, ws, family, path):
        try:
            pages = every_page(ws, params, binding, answer)
        except QueryError:
            continue
        rows += [
            (f.file, u.line, u.col, u.role, u.context or "")
            for one in pages
            for f in one.files
            if f.file != path  # the export's own sites, as the binding leads to them
            for u in f.usages
        ]
    prov = provenance(conn, ["lsp", "tree-sitter"], sorted({r[0] for r in rows}))
    note = (
        f"asked at `{word}` of a CommonJS module's exports: its `module.exports` and the "
        "requirers' bindings of the module and their uses, as TypeScript's server lists them"
    )
    ref = SymbolRef(
        name=word, kind="module", qualified_name=f"{path}:module.exports", file=path, line=line,
        col=here, backend="lsp",
    )  # fmt: skip
    return page(rows, params, ref, "name-based", prov.model_copy(update={"notes": [note]}))


def _at_module(found: re.Match[str], col: int) -> bool:
    """Whether ``col`` is on ``module`` of ``found`` or on ``exports`` of an assignment
    ``module.exports = ...`` (sinon's ``module.exports = extend.nonEnum({}, proto)``: tsgo's
    references there are those at ``module``; at ``exports`` of ``module.exports.X = ...``
    they vary with the session, the sweep43 note)."""
    if found.start() < col <= found.end("module"):
        return True
    return found["assigned"] is not None and found.start("exports") < col <= found.end("exports")


def _bindings(
    conn: Reader, ws: Workspace, family: tuple[str, ...], path: str
) -> list[tuple[str, int, int]]:
    """Where a requirer binds the module at ``path`` whole (file, line, column of the name)."""
    out: list[tuple[str, int, int]] = []
    texts: dict[str, list[str]] = {}
    for call in navigation.untied_sites(conn, "require", family, UNTIED_LISTED):
        file, line = str(call["file"]), int(call["line"])
        if file not in texts:
            texts[file] = file_lines(ws, file)
        found = _REQUIRED.match(line_of(texts[file], line))
        if found is None or not found["source"].startswith("."):
            continue
        base = posixpath.normpath(posixpath.join(posixpath.dirname(file), found["source"]))
        if any(base + extension == path for extension in EXTENSIONS):
            out.append((file, line, found.start("name") + 1))
    return out
