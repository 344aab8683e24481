"""Usages and rename at a key of the object literal a function's variable holds, or at a member
name reading or writing it through that variable (``var data = { text: ... }; data.text``):
no symbol of the index, one property to TypeScript's server, whose references and rename there
are the key's and each ``data.text``'s, as tree-sitter reads them (``Scopes.literal_members``).
At a key that is a shorthand (``{ text }``) or a destructuring's (``const { text } = data``),
also a local's name, the local's uses are listed first (``local_rename``), then these.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from lsai.query import edits, local_rename
from lsai.query.contracts import SymbolRef, SymbolTarget
from lsai.query.library_calls import code_of
from lsai.query.reach import TSGO_LANGUAGES
from lsai.query.rename_plan import Miss, Plan, Target
from lsai.query.resolve import asked_position
from lsai.query.workspace import Scopes, Workspace
from lsai.storage import navigation, queries, tool_queries
from lsai.storage.engine import Reader

Position = tuple[int, int]
_NAME = re.compile(r"[^\W\d][\w$]*|\$[\w$]*")


@dataclass(frozen=True)
class Property:
    """The property a position names: its file, the key declaring it, every site naming it
    (-> whether the site declares it)."""

    path: str
    language: str
    lines: list[str]
    name: str
    key: Position
    sites: dict[Position, bool]
    handed_on: Position | None
    """Where the variable hands its literal on (``return data``): its readers there (a
    caller's ``send().text``), which tsgo lists too, are not read."""


def members(scopes: Scopes, language: str, lines: Sequence[str]) -> dict[Position, Position]:
    """Each site of the file naming a literal's property -> its key (``Scopes.literal_members``)."""
    source = "\n".join(lines).encode("utf-8")
    return {at: member[0] for at, member in scopes.literal_members(language, source).items()}


def at_site(
    ws: Workspace, path: str, language: str, lines: list[str], at: Position
) -> Property | None:
    """The property the name at ``at`` (its first column) names, if a literal's."""
    if ws.scopes is None or language not in TSGO_LANGUAGES:
        return None
    source = "\n".join(lines).encode("utf-8")
    found = ws.scopes().literal_members(language, source)
    member = found.get(at)
    if member is None:
        return None
    key, _, handed_on = member
    sites = {site: declares for site, (k, declares, _) in found.items() if k == key}
    name = _NAME.match(lines[at[0] - 1], at[1] - 1)
    return Property(path, language, lines, name.group(0) if name else "", key, sites, handed_on)


def find(conn: Reader, ws: Workspace, target: SymbolTarget) -> Property | None:
    """The literal's property ``target``'s position names: a name (or a quoted key: the name
    inside its quotes) the index keys to no symbol."""
    asked = asked_position(target)
    if asked is None or asked[2] is None or ws.scopes is None:
        return None
    path, line, col = ws.relative(asked[0]), asked[1], asked[2]
    row = queries.file_row(conn, path)
    if row is None or row["status"] in ("skipped", "failed"):
        return None
    lines = ws.lines(path)
    if lines is None or not 0 < line <= len(lines):
        return None
    words = [w for w in _NAME.finditer(lines[line - 1]) if w.start() <= col <= w.end() + 1]
    word = next((w for w in words if w.start() < col <= w.end()), words[0] if words else None)
    if word is None:
        return None
    at = (line, word.start() + 1)
    here = navigation.occurrences_on_lines(conn, int(row["id"]), line, line)
    if any(o["col"] == at[1] and o["symbol_key"] for o in here):
        return None  # a symbol of the index: its references
    return at_site(ws, path, str(row["language"]), lines, at)


def target(conn: Reader, found: Property) -> Target:
    """The property as a rename or usages target."""
    around = tool_queries.enclosing_callable(conn, found.path, found.key[0])
    qualified = f"{around['qualified_name']}.{found.name}" if around is not None else found.name
    return Target(
        key=f"literal:{found.path}:{found.key[0]}:{found.key[1]}", name=found.name,
        qualified_name=qualified, kind="property", container_key=None,
        language=found.language, family=(found.language,), file=found.path,
        line=found.key[0], col=found.key[1], backend="tree-sitter",
    )  # fmt: skip


def described(found: Property) -> str:
    return (
        f"{found.name} is a key of the object literal a function's variable holds, no symbol "
        "of the index"
    )


def handed_on(found: Property) -> str | None:
    """What an answer says when the variable hands its literal on (``Property.handed_on``)."""
    if found.handed_on is None:
        return None
    line = found.handed_on[0]
    return (
        f"the variable hands the literal on at {found.path}:{line} (returned, passed or "
        f"stored): where it is read from there (a caller's reads of what the function returns), "
        f"{found.name} is not listed"
    )


def symbol_ref(found: Property, conn: Reader) -> SymbolRef:
    t = target(conn, found)
    return SymbolRef(
        name=t.name, kind=t.kind, qualified_name=t.qualified_name, file=t.file, line=t.line,
        col=t.col, backend="tree-sitter",
    )  # fmt: skip


def rows(found: Property, include_definition: bool) -> list[tuple[int, int, str]]:
    """Each site as (line, column, role), the declaring ones only with ``include_definition``."""
    return [
        (line, col, "definition" if declares else "reference")
        for (line, col), declares in sorted(found.sites.items())
        if include_definition or not declares
    ]


def plan(conn: Reader, ws: Workspace, found: Property, new_name: str) -> Plan:
    """The rename of the property to ``new_name``: its sites; a conflict where a site would
    then name another property (the literal has a key ``new_name`` already)."""
    sites = sorted(found.sites)
    out = Plan(target=target(conn, found), semantic=True, edits={found.path: sites})
    out.code_positions = {(found.path, *at) for at in sites}
    for o in tool_queries.occurrences_named(conn, found.name, (found.language,)):
        at = (int(o["line"]), int(o["col"]))
        if str(o["file"]) == found.path and at not in found.sites:
            out.code_positions.add((found.path, *at))
            out.misses.append(
                Miss("different symbol", found.name, found.path, *at, "not this literal's key")
            )
    out.conflicts = _conflicts(ws, found, sites, new_name)
    left = handed_on(found)
    if left is not None:  # its readers elsewhere would keep the old name
        out.conflicts.append(f"{left}, nor renamed")
    return out


def _conflicts(ws: Workspace, found: Property, sites: list[Position], new: str) -> list[str]:
    """What the renamed sites would name, read again from the text as renamed: each still one
    property, and no other site of the file with it."""
    renamed = edits.replace_names("\n".join(found.lines), sites, found.name, new)
    if renamed is None:
        return [f"{found.path} does not hold {found.name} at every site: re-index"]
    delta = len(new) - len(found.name)
    shifted = [
        (line, col + delta * sum(1 for ln, c in sites if ln == line and c < col))
        for line, col in sites
    ]
    after = members(ws.scopes(), found.language, renamed.split("\n")) if ws.scopes else {}
    keys = {after.get(at) for at in shifted}
    if len(keys) == 1 and None not in keys:
        together = sum(1 for key in after.values() if key in keys)
        if together == len(shifted):
            return []
    return [f"the object literal at {found.path}:{found.key[0]} has a key {new} already"]


def usage_rows(found: Property, include_definition: bool) -> list[tuple[str, int, int, str, str]]:
    """The property's sites as usages rows (file, line, column, role, code line)."""
    return [
        (found.path, line, col, role, code_of(found.lines, line))
        for line, col, role in rows(found, include_definition)
    ]


def local_also(ws: Workspace, local: local_rename.Local) -> Property | None:
    """The property the local's asked name names too: a shorthand key ``{ text }``, a
    destructuring's ``const { text } = data`` (module doc)."""
    return at_site(ws, local.path, local.language, local.lines, local.asked)
