"""Renaming an importer's binding of a JavaScript or TypeScript module's default export.

``import utils from './utils.js'`` binds the module's default export (``export default {
isArray }``, ``export default (config) => {}``, ``export default function make() {}``) under a
name of the importing file's own. The index keys the binding and its reads to the exported
symbol, so a rename asked there would rename the export (or refuse one that has no name);
tsgo's rename there changes the file's binding and reads only: each importer names the export
as it likes. They are the file's occurrences of the symbol spelled as the binding.
"""

from __future__ import annotations

import re

from lsai.query.contracts import SymbolTarget
from lsai.query.reach import TSGO_LANGUAGES
from lsai.query.rename_plan import Plan, Target
from lsai.query.resolve import asked_position
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
    asked_at = asked_position(asked_for)
    if target.language not in TSGO_LANGUAGES or asked_at is None or asked_at[2] is None:
        return None
    path, line, col = ws.relative(asked_at[0]), asked_at[1], asked_at[2]
    sites = [o for o in tool_queries.occurrences_of_key(conn, target.key) if o["file"] == path]
    asked = next((o for o in sites if o["line"] == line and o["col"] <= col <= o["end_col"]), None)
    if asked is None or asked["name"] == target.name:
        return None
    name = str(asked["name"])
    lines = ws.lines(path) or []
    binding = next((o for o in sites if o["name"] == name and _binds(lines, o)), None)
    if binding is None:
        return None
    spelled = [(int(o["line"]), int(o["col"])) for o in sites if o["name"] == name]
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


def _binds(lines: list[str], occurrence: Row) -> bool:
    """Whether ``occurrence`` is the default binding of an import statement."""
    line, col = int(occurrence["line"]), int(occurrence["col"])
    found = _DEFAULT_IMPORT.match(lines[line - 1]) if 0 < line <= len(lines) else None
    return found is not None and found.start(1) + 1 == col
