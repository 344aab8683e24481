"""Targeted changes to files that were not re-indexed, for a live (incremental) update.

When a few files change, their rows are replaced as usual; rows of *other* files that pointed at
symbols of the changed files are patched in the same transaction: an occurrence whose symbol key
disappeared is re-pointed (or cleared, or dropped when only the server had put it there), an
occurrence that now names a new symbol gets its key, call edges follow their call sites, the bases
of class headers follow the name on their line, and the diagnostics of files that depend on the
changed ones are replaced. The reads here tell the live indexer what the index held before the
change.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from sqlalchemy import Connection, bindparam, delete, func, insert, select, text, update

from lsai.storage.models import CallEdge, Diagnostic, File, Occurrence, Symbol, TypeEdge
from lsai.storage.records import DiagnosticRecord, Span


@dataclass(frozen=True)
class Site:
    """One occurrence of an unchanged file whose symbol changed.

    ``symbol_key`` None clears the key; with ``drop`` the row is deleted instead (a reference only
    the server knew, which no longer resolves). A site with a key and no row is inserted."""

    path: str
    span: Span
    name: str
    symbol_key: str | None
    enclosing_key: str | None = None
    context: str | None = None
    drop: bool = False
    callees: tuple[str, ...] | None = None
    """The other callees of a call at the site, beyond ``symbol_key`` (a method called through
    a union of types: each member's), one call edge each; ``None``: not known (the site was
    asked for one symbol), the edges of other callees there stay."""


@dataclass
class Patch:
    cleared: frozenset[str] = frozenset()
    """Symbol keys that no longer exist: every call edge and occurrence naming one loses it
    (``sites`` then re-point those that resolve to something else)."""
    sites: list[Site] = field(default_factory=list)
    diagnostics: dict[str, list[DiagnosticRecord]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.cleared or self.sites or self.diagnostics)


def apply(conn: Connection, patch: Patch) -> None:
    """Apply ``patch`` inside the caller's transaction."""
    blanked: set[tuple[int, int, int]] = set()
    if patch.cleared:
        cleared = list(patch.cleared)
        for start in range(0, len(cleared), 500):
            chunk = cleared[start : start + 500]
            rows = conn.execute(
                select(CallEdge.file_id, CallEdge.line, CallEdge.col).where(
                    CallEdge.callee_key.in_(chunk)
                )
            )
            blanked.update((int(r.file_id), int(r.line), int(r.col)) for r in rows)
            conn.execute(
                update(CallEdge).where(CallEdge.callee_key.in_(chunk)).values(callee_key=None)
            )
            conn.execute(
                update(Occurrence).where(Occurrence.symbol_key.in_(chunk)).values(symbol_key=None)
            )
            conn.execute(
                update(TypeEdge).where(TypeEdge.target_key.in_(chunk)).values(target_key=None)
            )
    ids = _file_ids(conn, {s.path for s in patch.sites} | set(patch.diagnostics))
    for file_id, line, col in sorted(blanked):
        _drop_blanked(conn, file_id, line, col)
    for site in patch.sites:
        if site.path in ids:
            _apply_site(conn, ids[site.path], site)
    for path, found in patch.diagnostics.items():
        if path in ids:
            _replace_diagnostics(conn, ids[path], found)


def _file_ids(conn: Connection, paths: Iterable[str]) -> dict[str, tuple[int, str]]:
    wanted = list(paths)
    out: dict[str, tuple[int, str]] = {}
    for start in range(0, len(wanted), 500):
        rows = conn.execute(
            select(File.path, File.id, File.backend).where(
                File.path.in_(wanted[start : start + 500])
            )
        )
        out.update({r.path: (int(r.id), str(r.backend)) for r in rows})
    return out


def _apply_site(conn: Connection, file: tuple[int, str], site: Site) -> None:
    file_id, backend = file
    at = (
        (Occurrence.file_id == file_id)
        & (Occurrence.start_line == site.span.start_line)
        & (Occurrence.start_col == site.span.start_col)
    )
    if site.symbol_key is None and site.drop:
        conn.execute(delete(Occurrence).where(at))
    else:
        done = conn.execute(update(Occurrence).where(at).values(symbol_key=site.symbol_key))
        if not done.rowcount and site.symbol_key is not None:
            conn.execute(
                insert(Occurrence).values(
                    file_id=file_id,
                    symbol_key=site.symbol_key,
                    name=site.name,
                    role="reference",
                    start_line=site.span.start_line,
                    start_col=site.span.start_col,
                    end_line=site.span.end_line,
                    end_col=site.span.end_col,
                    enclosing_key=site.enclosing_key,
                    context=site.context,
                    backend=backend,
                )
            )
    _call_edges(conn, file_id, site)
    conn.execute(  # a base in a class header is the name at that site
        update(TypeEdge)
        .where(
            (TypeEdge.file_id == file_id)
            & (TypeEdge.line == site.span.start_line)
            & (TypeEdge.target_name == site.name)
        )
        .values(target_key=site.symbol_key)
    )


def _drop_blanked(conn: Connection, file_id: int, line: int, col: int) -> None:
    """The call edges of a site whose callee vanished (cleared), when the site has other
    edges: a full run stores an edge for each callee the server still names there (a call
    through a union of types, an import with a fallback), and one edge when it names none."""
    at = (CallEdge.file_id == file_id) & (CallEdge.line == line) & (CallEdge.col == col)
    rows = conn.execute(select(CallEdge.id, CallEdge.callee_key).where(at).order_by(CallEdge.id))
    edges = [(int(r.id), r.callee_key) for r in rows]
    kept = [i for i, key in edges if key is not None] or [i for i, _ in edges[:1]]
    gone = [i for i, key in edges if key is None and i not in kept]
    if gone:
        conn.execute(delete(CallEdge).where(CallEdge.id.in_(gone)))


def _call_edges(conn: Connection, file_id: int, site: Site) -> None:
    """The call edges of a patched site: the first of its name of each caller calls
    ``symbol_key``; the others of its name are each of ``callees`` (of the first caller),
    or with ``callees`` unknown, those left calling another symbol stay (one edge a callee).
    The edges of other names the server gave the site (``self.__class__(v)`` calls
    ``__init__`` too) stay."""
    at = (
        (CallEdge.file_id == file_id)
        & (CallEdge.line == site.span.start_line)
        & (CallEdge.col == site.span.start_col)
    )
    rows = conn.execute(
        select(CallEdge.id, CallEdge.caller_key, CallEdge.callee_key, CallEdge.backend)
        .where(at & (CallEdge.callee_name == site.name))
        .order_by(CallEdge.id)
    ).all()
    if not rows:
        return
    callers: dict[str | None, int] = {}
    for r in rows:
        callers.setdefault(r.caller_key, int(r.id))
    conn.execute(
        update(CallEdge)
        .where(CallEdge.id.in_(list(callers.values())))
        .values(callee_key=site.symbol_key)
    )
    firsts = set(callers.values())
    known = site.callees is not None
    extra = [
        int(r.id)
        for r in rows
        if int(r.id) not in firsts
        and (known or r.callee_key is None or r.callee_key == site.symbol_key)
    ]
    if extra:
        conn.execute(delete(CallEdge).where(CallEdge.id.in_(extra)))
    first = rows[0]
    others = [k for k in dict.fromkeys(site.callees or ()) if k != site.symbol_key]
    if site.symbol_key is not None and others:
        conn.execute(
            insert(CallEdge),
            [
                {
                    "file_id": file_id,
                    "caller_key": first.caller_key,
                    "callee_key": key,
                    "callee_name": site.name,
                    "line": site.span.start_line,
                    "col": site.span.start_col,
                    "backend": first.backend,
                }
                for key in others
            ],
        )


def _replace_diagnostics(
    conn: Connection, file: tuple[int, str], found: Sequence[DiagnosticRecord]
) -> None:
    file_id = file[0]
    conn.execute(delete(Diagnostic).where(Diagnostic.file_id == file_id))
    if found:
        conn.execute(
            insert(Diagnostic),
            [
                {
                    "file_id": file_id,
                    "severity": d.severity,
                    "code": d.code,
                    "message": d.message,
                    "source": d.source,
                    "start_line": d.span.start_line,
                    "start_col": d.span.start_col,
                    "end_line": d.span.end_line,
                    "end_col": d.span.end_col,
                }
                for d in found
            ],
        )


# -- what the index held before the change ------------------------------------------------------
def symbol_keys(conn: Connection, paths: Sequence[str]) -> dict[str, set[str]]:
    """The symbol keys of each of ``paths``."""
    out: dict[str, set[str]] = {p: set() for p in paths}
    rows = conn.execute(
        select(File.path, Symbol.key)
        .join(File, File.id == Symbol.file_id)
        .where(File.path.in_(bindparam("paths", expanding=True))),
        {"paths": list(paths)},
    )
    for r in rows:
        out[str(r.path)].add(str(r.key))
    return out


def sites_of(
    conn: Connection, keys: Iterable[str], outside: Iterable[str]
) -> list[tuple[str, Span, str, str]]:
    """(path, span, name, key) of every occurrence of ``keys`` in files not in ``outside``."""
    wanted, skip = list(keys), set(outside)
    out: list[tuple[str, Span, str, str]] = []
    for start in range(0, len(wanted), 500):
        rows = conn.execute(
            select(
                File.path,
                Occurrence.start_line,
                Occurrence.start_col,
                Occurrence.end_line,
                Occurrence.end_col,
                Occurrence.name,
                Occurrence.symbol_key,
            )
            .join(File, File.id == Occurrence.file_id)
            .where(Occurrence.symbol_key.in_(wanted[start : start + 500]))
        )
        for r in rows:
            if r.path not in skip:
                span = Span(r.start_line, r.start_col, r.end_line, r.end_col)
                out.append((str(r.path), span, str(r.name), str(r.symbol_key)))
    return out


def keys_under(conn: Connection, prefixes: Sequence[str]) -> set[str]:
    """The symbol keys starting with one of ``prefixes`` that occurrences or call edges name
    (the keys of a deleted file, whose own rows are gone)."""
    out: set[str] = set()
    for prefix in prefixes:
        for column in (Occurrence.symbol_key, CallEdge.callee_key):
            rows = conn.execute(
                select(column).distinct().where(column.startswith(prefix, autoescape=True))
            )
            out.update(str(r[0]) for r in rows)
    return out


def symbol_names(conn: Connection, paths: Sequence[str]) -> set[str]:
    """Every symbol name of ``paths``, once each."""
    out: set[str] = set()
    for start in range(0, len(paths), 500):
        rows = conn.execute(
            select(Symbol.name)
            .distinct()
            .join(File, File.id == Symbol.file_id)
            .where(File.path.in_(list(paths[start : start + 500])))
        )
        out.update(str(r[0]) for r in rows)
    return out


def files_naming(conn: Connection, keys: Iterable[str], outside: Iterable[str]) -> set[str]:
    """The files (not in ``outside``) with an occurrence of one of ``keys``."""
    return {path for path, _, _, _ in sites_of(conn, keys, outside)}


def most_used(conn: Connection, keys: Sequence[str]) -> str | None:
    """Of ``keys``, the one most occurrences other than definitions carry (None: none has any)."""
    stmt = (
        select(Occurrence.symbol_key, func.count())
        .where(Occurrence.symbol_key.in_(keys), Occurrence.role != "definition")
        .group_by(Occurrence.symbol_key)
        .order_by(func.count().desc(), Occurrence.symbol_key)
        .limit(1)
    )
    row = conn.execute(stmt).first()
    return str(row[0]) if row is not None else None


_OCCURRENCES_OF = text(
    "SELECT o.name, o.role, o.symbol_key, o.start_line, o.start_col, o.end_line, o.end_col "
    "FROM occurrences o JOIN files f ON f.id = o.file_id WHERE f.path = :path "
    "ORDER BY o.start_line, o.start_col, o.symbol_key"
)  # plain rows: a live update reads every occurrence of the changed file (~2x faster)


def occurrences_of(
    conn: Connection, path: str
) -> list[tuple[str, str, str | None, int, int, int, int]]:
    """(name, role, symbol key, line, col, end line, end col) of every occurrence of ``path``,
    in reading order (the symbols one site names: by key)."""
    return [
        (str(r[0]), str(r[1]), r[2], int(r[3]), int(r[4]), int(r[5]), int(r[6]))
        for r in conn.execute(_OCCURRENCES_OF, {"path": path})
    ]


def symbols_of(conn: Connection, path: str) -> list[tuple[str, str, Span, Span]]:
    """(key, name, span, name span) of every symbol of ``path``."""
    rows = conn.execute(
        select(
            Symbol.key,
            Symbol.name,
            Symbol.start_line,
            Symbol.start_col,
            Symbol.end_line,
            Symbol.end_col,
            Symbol.name_line,
            Symbol.name_col,
        )
        .join(File, File.id == Symbol.file_id)
        .where(File.path == path)
    )
    return [
        (
            str(r.key),
            str(r.name),
            Span(r.start_line, r.start_col, r.end_line, r.end_col),
            Span(r.name_line, r.name_col, r.name_line, r.name_col + len(str(r.name))),
        )
        for r in rows
    ]
