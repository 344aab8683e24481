"""Renaming an importer's binding of a JavaScript or TypeScript module's default export.

``import utils from './utils.js'`` binds the module's default export (``export default {
isArray }``, ``export default (config) => {}``, ``export default function make() {}``) under a
name of the importing file's own. The index keys the binding and its reads to the exported
symbol, so a rename asked there would rename the export (or refuse one that has no name);
tsgo's rename there changes the file's binding and reads only: each importer names the export
as it likes. They are the file's occurrences of the symbol spelled as the binding.

Usages there are the same sites (underscore's ``import _has from './_has.js'`` of ``export
default function has``: tsgo's references at ``_has`` are the file's binding and reads; lsai
listed every importer's, 15 extra). A binding spelled as the export (``import keys from
'./keys.js'`` of ``export default function keys``) is the export's for tsgo: every importer's.
"""

from __future__ import annotations

import re

from lsai.query.contracts import SymbolRef, SymbolTarget
from lsai.query.libraries import file_lines
from lsai.query.library_calls import code_of
from lsai.query.provenance import provenance
from lsai.query.reach import TSGO_LANGUAGES
from lsai.query.rename_plan import Plan, Target
from lsai.query.resolve import Resolved, asked_position
from lsai.query.unindexed import Site, page
from lsai.query.usage_contracts import UsagesInput, UsagesResult
from lsai.query.workspace import Workspace
from lsai.storage import tool_queries
from lsai.storage.engine import Reader, Row

_DEFAULT_IMPORT = re.compile(r"\s*import\s+([\w$]+)\s*(?:,|from\b)")
"""An import statement's default binding: ``import utils from``, ``import React, {``."""


def plan(
    conn: Reader, ws: Workspace, target: Target, asked_for: SymbolTarget, new_name: str
) -> Plan | None:
    """The rename to ``new_name`` of the binding ``asked_for``'s position names, when it is
    its file's default import of ``target`` under another name; else None."""
    bound = bound_sites(conn, ws, target.key, target.name, target.language, asked_for)
    if bound is None:
        return None
    path, binding, sites = bound
    name = str(binding["name"])
    spelled = [(int(o["line"]), int(o["col"])) for o in sites]
    found = Target(
        key=f"local:{path}:{binding['line']}:{binding['col']}", name=name, qualified_name=name,
        kind="variable", container_key=None, language=target.language,
        family=(str(target.language),), file=path, line=int(binding["line"]),
        col=int(binding["col"]), backend="lsp",
    )  # fmt: skip
    out = Plan(target=found, semantic=True, edits={path: spelled})
    out.code_positions = {(path, *each) for each in spelled}
    taken = tool_queries.occurrences_named(conn, new_name, found.family)
    if any(o["file"] == path for o in taken):
        out.conflicts.append(f"{new_name}, a name {path} reads already")
    return out


def bound_sites(
    conn: Reader, ws: Workspace, key: str, name: str, language: str | None, asked_for: SymbolTarget
) -> tuple[str, Row, list[Row]] | None:
    """The file ``asked_for``'s position is in, the default import binding there of the
    symbol ``key`` (named ``name``) under another name, and that file's occurrences of the
    symbol spelled as the binding (the binding's among them), when the position is one of
    them; else None."""
    asked_at = asked_position(asked_for)
    if language not in TSGO_LANGUAGES or asked_at is None or asked_at[2] is None:
        return None
    path, line, col = ws.relative(asked_at[0]), asked_at[1], asked_at[2]
    sites = [o for o in tool_queries.occurrences_of_key(conn, key) if o["file"] == path]
    asked = next((o for o in sites if o["line"] == line and o["col"] <= col <= o["end_col"]), None)
    if asked is None or asked["name"] == name:
        return None
    spelled = asked["name"]
    lines = ws.lines(path) or []
    binding = next((o for o in sites if o["name"] == spelled and _binds(lines, o)), None)
    if binding is None:
        return None
    return path, binding, [o for o in sites if o["name"] == spelled]


def _binds(lines: list[str], occurrence: Row) -> bool:
    """Whether ``occurrence`` is the default binding of an import statement."""
    line, col = int(occurrence["line"]), int(occurrence["col"])
    found = _DEFAULT_IMPORT.match(lines[line - 1]) if 0 < line <= len(lines) else None
    return found is not None and found.start(1) + 1 == col


def bound_usages(
    conn: Reader, ws: Workspace, params: UsagesInput, asked: Resolved
) -> UsagesResult | None:
    """The usages at a file's default import binding of ``asked`` under another name, or at
    its reads: that file's binding and reads (module doc); None: no such position, or an
    export of no name (``export default { isArray }``: tsgo's references at any importer's
    binding are every importer's, as lsai's index keys them)."""
    if asked.name == "default":
        return None
    bound = bound_sites(conn, ws, asked.key, asked.name, asked.language, params)
    if bound is None:
        return None
    path, binding, sites = bound
    lines = file_lines(ws, path)
    rows: list[Site] = [
        (path, int(o["line"]), int(o["col"]), str(o["role"]), code_of(lines, int(o["line"])))
        for o in sites
    ]
    ref = SymbolRef(
        name=str(binding["name"]), kind="variable", qualified_name=str(binding["name"]),
        file=path, line=int(binding["line"]), col=int(binding["col"]), backend="lsp",
    )  # fmt: skip
    note = (
        f"{ref.name} binds {asked.ref.file}'s default export under another name: its file's "
        "binding and reads, as TypeScript's references list them"
    )
    prov = provenance(conn, ["lsp"], [path])
    return page(rows, params, ref, "semantic", prov.model_copy(update={"notes": [note]}))
