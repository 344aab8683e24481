"""How a rename spells the shorthand properties among its edits (``shorthand``): a property
renamed in ``{ f }`` becomes ``{ g: f }``, a variable ``{ f: g }``, and a destructuring's
shorthand binding of a module's function (``const { first } = ns``) renames the property it
reads, as tsgo's rename does."""

from __future__ import annotations

from lsai.query import shorthand
from lsai.query.rename_plan import MEMBER_KINDS, Plan
from lsai.query.workspace import Workspace


def destructured(
    ws: Workspace, plan: Plan, scripts: dict[str, list[str]], languages: dict[str, str]
) -> dict[str, set[tuple[int, int]]]:
    """Per file, the edits of a symbol that is no member (a function, a variable) that are a
    destructuring's shorthand binding other than its own declaration: ``const { first } = ns``
    of ``import * as ns``, ``({ first }) => ...`` of a parameter typed ``typeof
    import('./m')``. There the name reads the property the module exports the symbol as and
    binds a local of its own (tree-sitter's scopes: a binding of itself), so a rename spells
    out the property (``{ firstZq: first }``), as tsgo's does; ``{ first: firstZq }`` read a
    property the module no longer has and left the local's uses unbound. The local keeps its
    name, so the edits that read it (``export const o = { first }`` after a module-level
    ``const { first } = ns``, a shorthand the index ties to the function) are dropped from the
    plan's edits, as tsgo's rename leaves them; ``{ first: firstZq }`` named nothing."""
    if plan.target.kind in MEMBER_KINDS or ws.scopes is None:
        return {}
    t = plan.target
    own = {*plan.definitions, *plan.imports, (t.file, t.line, t.col)}  # a local's: its binding
    scopes = None
    out: dict[str, set[tuple[int, int]]] = {}
    for path, positions in plan.edits.items():
        lines, language = scripts.get(path), languages.get(path)
        asked = [p for p in positions if (path, *p) not in own]
        if (
            lines is None
            or language is None
            or not any(shorthand.is_shorthand(lines, *p, plan.target.name) for p in asked)
        ):
            continue
        scopes = scopes or ws.scopes()  # the parser: only for a file with such a shorthand
        bindings = scopes.renamable(language, "\n".join(lines).encode("utf-8"))
        found = {p for p in asked if bindings.get(p) == p}
        if found:
            out[path] = found
            plan.edits[path] = [p for p in positions if p in found or bindings.get(p) not in found]
    return out


def spelled(
    plan: Plan,
    lines_of: dict[str, list[str]],
    new_name: str,
    destructured: dict[str, set[tuple[int, int]]],
) -> dict[str, dict[tuple[int, int], str]]:
    """Per file, the shorthand properties among the edits, spelled out (``shorthand``); a
    ``destructured`` binding (``destructured``) as the property renamed. A destructuring
    that imports the symbol (``const { f } = require('./m')``) reads the property the module
    exports it as: when the rename renames a property of that name too (``exports.f = f``,
    ``m.f()``, ``module.exports = { f }``), the export is renamed, and so is the import, as a
    whole (``const { f: g } = require(...)`` read a property the module no longer has)."""
    member = plan.target.kind in MEMBER_KINDS
    renamed_property = member or any(
        shorthand.is_member_access(lines_of[path], line, col)
        or shorthand.is_exported(lines_of[path], line, col, plan.target.name)
        for path, positions in plan.edits.items()
        if path in lines_of
        for line, col in positions
    )
    out: dict[str, dict[tuple[int, int], str]] = {}
    for path, positions in plan.edits.items():
        if path not in lines_of:
            continue
        if renamed_property:
            positions = [p for p in positions if (path, *p) not in plan.imports]
        found = shorthand.expansions(
            path, lines_of[path], positions, plan.target.name, new_name, member=member,
            properties=destructured.get(path, set()),
        )  # fmt: skip
        if found:
            out[path] = found
    return out
