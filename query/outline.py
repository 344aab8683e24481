"""The ``outline`` tool: a file's or a type's structure, members nested, full signatures."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import PurePosixPath
from typing import Any

from lsai.query.contracts import OutlineInput, OutlineMember, OutlineResult, OutlineSection
from lsai.query.errors import QueryError, SymbolNotFound
from lsai.query.provenance import provenance
from lsai.query.resolve import indexed_file
from lsai.query.workspace import Workspace
from lsai.storage import navigation, queries
from lsai.storage.engine import Reader

Row = Mapping[Any, Any]
"""A symbol's outline columns (``queries.file_symbols``), or one placed at a declaration."""

_STATIC = frozenset({"static"})
_ABSTRACT = frozenset({"abstract"})
_VIRTUAL = frozenset({"virtual", "override"})


def outline(ws: Workspace, params: OutlineInput) -> OutlineResult:
    with ws.index.connect() as conn:
        if params.file is not None:
            whole = _file_outline(conn, _file(ws, params.file), params.depth)
        else:
            assert params.type_name is not None  # the input model guarantees one of the two
            whole = _type_outline(conn, params.type_name, params.depth)
    return _page(whole, params.offset, params.limit)


def _file(ws: Workspace, given: str) -> str:
    """The workspace path of the file ``given`` names; INVALID_ARGUMENT when it names the
    workspace's folder (``.``, an empty path), which has no outline of its own."""
    path = ws.relative(given)
    if not path:
        raise QueryError(
            f"outline takes a file or a type: {given!r} names the workspace's folder",
            resolution="give a source file, relative to the workspace (src/app.py), or a type "
            "instead (typeName; `lsai outline --type NAME`)",
        )
    return path


def _page(whole: OutlineResult, offset: int, limit: int) -> OutlineResult:
    """The symbols ``offset`` to ``offset + limit`` of ``whole`` in outline order, each under
    the containers it has (shown again on a later page, so the nesting reads)."""
    total = sum(whole.counts.values())  # every symbol of the outline, by kind
    if offset == 0 and total <= limit:
        return whole.model_copy(update={"total": total})
    end = min(total, offset + limit)
    sections: list[OutlineSection] = []
    seen = 0
    for section in whole.sections:
        members, seen = _slice(section.members, seen, offset, end)
        if members:
            sections.append(section.model_copy(update={"members": members}))
    return whole.model_copy(
        update={
            "sections": sections,
            "total": total,
            "offset": offset,
            "truncated": end < total,
            "next_offset": end if end < total else None,
        }
    )


def _slice(
    members: Sequence[OutlineMember], seen: int, start: int, end: int
) -> tuple[list[OutlineMember], int]:
    """The members numbered ``start`` to ``end`` (outline order, from ``seen``), and the number
    after them: a member outside the range is kept as the container of one inside it."""
    kept: list[OutlineMember] = []
    for m in members:
        number, seen = seen, seen + 1
        inner, seen = _slice(m.members, seen, start, end)
        if start <= number < end or inner:
            kept.append(m.model_copy(update={"members": inner}))
        if seen >= end:
            break
    return kept, seen


_HUBS = frozenset({"__init__", "index", "mod", "lib"})
"""The stems of the files that gather a package's API (``__init__.py``, ``index.ts``)."""


def _reexported(conn: Reader, row: Row, defined: int) -> str | None:
    """A note for a file that imports more names than it defines at its top level (a package's
    ``__init__.py``, an ``index.ts``): what it imports may be its API, re-exported, which an
    outline of what it defines leaves out."""
    if PurePosixPath(str(row["path"])).stem not in _HUBS:
        return None
    lines = int(row["line_count"] or 0)
    sites = navigation.occurrences_on_lines(conn, int(row["id"]), 1, max(1, lines))
    names = sorted({str(o["name"]) for o in sites if o["role"] == "import"})
    if len(names) <= max(defined, 2):
        return None
    shown = ", ".join(names[:5]) + (", ..." if len(names) > 5 else "")
    return (
        f"it imports {len(names)} names it may re-export ({shown}), which an outline of what "
        "it defines leaves out: lsai usages or info on one leads to its definition"
    )


def _file_outline(conn: Reader, path: str, depth: int) -> OutlineResult:
    row = indexed_file(conn, path)
    found = _placed(queries.file_symbols(conn, int(row["id"])))
    rows = _with_declarations(found, queries.declared_symbols(conn, int(row["id"])))
    members = _tree(rows, None, depth)
    section = OutlineSection(
        file=path,
        language=row["language"],
        namespace=_common_namespace(rows),
        backend=row["backend"],
        members=members,
    )
    prov = provenance(conn, [str(row["backend"])], [path])
    hub = _reexported(conn, row, len(members))
    if hub:
        prov = prov.model_copy(update={"notes": [*prov.notes, hub]})
    if row["status"] in ("skipped",):
        prov = prov.model_copy(
            update={"complete": False, "notes": [f"{path} was not indexed: {row['error']}"]}
        )
    return OutlineResult(
        target=path, sections=[section], counts=_counts([section]), provenance=prov
    )


def _type_outline(conn: Reader, name: str, depth: int) -> OutlineResult:
    types = queries.types_named(conn, name)
    if not types:
        rows, _ = queries.search_symbols(conn, f"*{name}*", kinds=queries.TYPE_KINDS, limit=5)
        hint = ", ".join(f"{r['qualified_name']} ({r['file']})" for r in rows)
        raise SymbolNotFound(
            f"no type named {name} in the index" + (f"; similar: {hint}" if hint else ""),
            resolution="check the name with `lsai search` (kinds: class, interface, struct, ...)",
        )
    sections: list[OutlineSection] = []
    for t in types:
        rows = [t, *queries.members_of(conn, str(t["key"]))]
        sections.append(
            OutlineSection(
                file=t["file"],
                namespace=t["namespace"],
                backend=t["backend"],
                members=_tree(rows, None, depth, root_key=str(t["key"])),
            )
        )
    prov = provenance(conn, {s.backend for s in sections}, [s.file for s in sections])
    return OutlineResult(target=name, sections=sections, counts=_counts(sections), provenance=prov)


def _placed(rows: Sequence[Row]) -> list[Row]:
    """The file's symbols, each whose container another file holds (a C++ method defined out
    of line, ``void Clipper::Execute() {...}`` in ``namespace ClipperLib``) in the innermost of
    the file's symbols around it, as clangd's outline has it (else at the top)."""
    keys = {r["key"] for r in rows}
    homed = [r for r in rows if r["container_key"] is None or r["container_key"] in keys]
    placed: list[Row] = []
    for r in rows:
        if r["container_key"] is not None and r["container_key"] not in keys:
            placed.append({**r, "container_key": _around(homed, r)})
        else:
            placed.append(r)
    return placed


def _around(rows: Sequence[Row], r: Row) -> str | None:
    """The innermost of ``rows`` (none of them placed: no cycle) around ``r``."""
    line, end = int(r["line"]), int(r["end_line"] or r["line"])
    around = [o for o in rows if int(o["line"]) <= line and end <= int(o["end_line"] or 0)]
    inner = max(around, key=lambda o: int(o["line"]), default=None)
    return str(inner["key"]) if inner is not None else None


def _with_declarations(rows: Sequence[Row], declared: Sequence[Row]) -> list[Row]:
    """The file's symbols and, at their declaration, those it declares and another file
    defines (C's prototypes in a header, C++ methods defined out of line), each in the
    innermost of the file's symbols around it (a class), in the order of the file. A
    declaration where the file defines a symbol of that name is the file's own (Babel's
    ``Object.defineProperty(exports, "__esModule", { value: true })`` in each module: tsgo's
    references of one file's ``value`` are every file's), not a second one."""
    if not declared:
        return list(rows)
    own = {(int(r["line"]), int(r["col"] or 0), r["name"]) for r in rows}
    placed: list[Row] = []
    for d in declared:
        if (int(d["line"]), int(d["col"] or 0), d["name"]) in own:
            continue
        line = int(d["line"])
        around = [r for r in rows if int(r["line"]) <= line <= int(r["end_line"] or r["line"])]
        inner = max(around, key=lambda r: int(r["line"]), default=None)
        container = inner["key"] if inner is not None else None
        placed.append({**d, "container_key": container})
    return sorted([*rows, *placed], key=lambda r: (int(r["line"]), int(r["col"] or 0)))


def _member(r: Row) -> OutlineMember:
    get = r.__getitem__
    modifiers = str(get("modifiers") or "").split()
    return OutlineMember(
        name=get("name"),
        kind=get("kind"),
        signature=get("signature") or get("name"),
        accessibility=get("accessibility"),
        line=get("line"),
        end_line=get("end_line"),
        modifiers=modifiers,
        attributes=[a for a in str(get("attributes") or "").split("\n") if a],
        return_type=get("return_type"),
        parameters=get("parameters"),
        is_static=bool(_STATIC & set(modifiers)),
        is_abstract=bool(_ABSTRACT & set(modifiers)),
        is_virtual=bool(_VIRTUAL & set(modifiers)),
        doc=(get("doc") or "").split("\n", 1)[0] or None,
    )


def _tree(
    rows: Sequence[Row], parent: str | None, depth: int, root_key: str | None = None
) -> list[OutlineMember]:
    """Nest rows under their containers, ``depth`` levels deep."""
    by_parent: dict[str | None, list[Row]] = {}
    keys = {r["key"] for r in rows}
    for r in rows:
        container = r["container_key"]
        if (root_key is not None and r["key"] == root_key) or container not in keys:
            container = None
        by_parent.setdefault(container, []).append(r)

    def build(key: str | None, level: int) -> list[OutlineMember]:
        if level > depth:
            return []
        out: list[OutlineMember] = []
        for r in by_parent.get(key, []):
            member = _member(r)
            children = build(str(r["key"]), level + 1)
            out.append(member.model_copy(update={"members": children}) if children else member)
        return out

    return build(parent, 1)


def _common_namespace(rows: Sequence[Row]) -> str | None:
    spaces = {r["namespace"] for r in rows}
    return spaces.pop() if len(spaces) == 1 else None


def _counts(sections: Sequence[OutlineSection]) -> dict[str, int]:
    counter: Counter[str] = Counter()

    def walk(members: Sequence[OutlineMember]) -> None:
        for m in members:
            counter[m.kind] += 1
            walk(m.members)

    for s in sections:
        walk(s.members)
    return dict(counter)
