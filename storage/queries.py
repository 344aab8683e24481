"""Named queries over the index. The faces never write SQL; they call these.

Every function takes an open connection and returns plain rows (``RowMapping``) or simple values.
Dialect-specific SQL (GLOB, PRAGMAs) stays in this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    RowMapping,
    and_,
    bindparam,
    case,
    func,
    literal,
    or_,
    select,
    text,
)
from sqlalchemy.exc import DBAPIError, StatementError
from sqlalchemy.orm import aliased

from lsai.storage.errors import SqlError
from lsai.storage.models import File, IndexRun, Meta, Project, Symbol

TYPE_KINDS = ("class", "interface", "struct", "enum", "trait", "union", "type")
_KIND_RANK = case(
    (Symbol.kind.in_(TYPE_KINDS), 0),
    (Symbol.kind.in_(("function", "method", "constructor")), 1),
    else_=2,
)


def symbol_counts_by_language(conn: Connection) -> dict[str, tuple[int, int, list[str]]]:
    """language -> (indexed files, symbols, backends used)."""
    indexed = File.status.in_(("complete", "partial"))
    files: dict[str, int] = {}
    backends: dict[str, list[str]] = {}
    for lang, backend, n in conn.execute(
        select(File.language, File.backend, func.count())
        .where(indexed)
        .group_by(File.language, File.backend)
    ):
        files[str(lang)] = files.get(str(lang), 0) + int(n)
        backends.setdefault(str(lang), []).append(str(backend))
    symbols = {
        str(lang): int(n)
        for lang, n in conn.execute(
            select(Symbol.language, func.count())
            .where(Symbol.is_external == 0)
            .group_by(Symbol.language)
        )
    }
    return {lang: (n, symbols.get(lang, 0), sorted(backends[lang])) for lang, n in files.items()}


def _glob(pattern: str) -> str:
    """A user pattern (``*`` and ``?`` wildcards) as a casefolded SQLite GLOB."""
    escaped = "".join("[[]" if ch == "[" else ch for ch in pattern.casefold())
    return escaped


def _like(pattern: str) -> str:
    out = pattern.casefold().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return out.replace("*", "%").replace("?", "_")


def _matches(conn: Connection, column: Any, pattern: str) -> ColumnElement[bool]:
    if conn.dialect.name == "sqlite":
        return column.op("GLOB")(_glob(pattern))  # type: ignore[no-any-return]
    return column.like(_like(pattern), escape="\\")  # type: ignore[no-any-return]


def search_symbols(
    conn: Connection,
    pattern: str,
    *,
    kinds: Sequence[str] = (),
    scope: str | None = None,
    limit: int = 50,
    offset: int = 0,
    mode: str = "exact",
) -> tuple[list[RowMapping], int]:
    """Symbols whose name matches ``pattern``; returns (one page of rows, total matches).

    A pattern with ``*``/``?`` is a wildcard pattern. Without wildcards ``mode`` says how it
    matches: ``exact`` (case-insensitive, by index), ``prefix`` or ``contains``. A pattern with a
    dot matches qualified names (``Session.send``, ``flask.Flask``). Exact matches rank first,
    then prefixes; types before callables before other symbols; then by path and line.

    Names are matched on the name index: an exact qualified name by its dotted suffixes (a
    symbol's qualified name ends with its name), a pattern by a scan of the index. The total is
    counted only when the page is full (a short page is the rest of the matches).
    """
    folded = pattern.casefold()
    wild = "*" in pattern or "?" in pattern
    qualified = "." in pattern
    name_col: Any = func.lower(Symbol.qualified_name) if qualified else Symbol.search_name
    conditions: list[ColumnElement[bool]] = [Symbol.is_external == 0]
    if not wild and mode == "exact":
        match: ColumnElement[bool] = name_col == folded
        if qualified:
            full = func.lower(func.coalesce(Symbol.namespace, "") + "." + Symbol.qualified_name)
            match = and_(
                Symbol.search_name.in_(dotted_suffixes(folded)), or_(match, full == folded)
            )
        conditions.append(match)
    else:
        glob = pattern if wild else (f"{pattern}*" if mode == "prefix" else f"*{pattern}*")
        if qualified:
            full = func.lower(func.coalesce(Symbol.namespace, "") + "." + Symbol.qualified_name)
            match = or_(_matches(conn, name_col, glob), _matches(conn, full, glob))
        else:  # scan the name index, not the table (its rows hold signatures and docs)
            names = aliased(Symbol)
            match = Symbol.id.in_(select(names.id).where(_matches(conn, names.search_name, glob)))
        conditions.append(match)
    if kinds:
        conditions.append(Symbol.kind.in_(list(kinds)))
    if scope:
        conditions.append(_scope_condition(conn, scope))
    exact = or_(name_col == folded, func.lower(Symbol.name) == folded)
    rank = case((exact, 0), (_matches(conn, name_col, f"{pattern}*"), 1), else_=2)
    base = (
        select(
            Symbol.key, Symbol.name, Symbol.qualified_name, Symbol.kind, Symbol.namespace,
            Symbol.signature, Symbol.name_line.label("line"), Symbol.name_col.label("col"),
            Symbol.container_key, File.path.label("file"), File.backend, File.language,
        )
        .join(File, File.id == Symbol.file_id)
        .where(and_(*conditions))
    )  # fmt: skip
    rows = list(
        conn.execute(
            base.order_by(rank, _KIND_RANK, File.path, Symbol.start_line)
            .limit(limit)
            .offset(offset)
        ).mappings()
    )
    if len(rows) < limit and (rows or not offset):
        return rows, offset + len(rows)
    total = conn.execute(select(func.count()).select_from(base.subquery())).scalar_one()
    return rows, int(total)


def dotted_suffixes(name: str) -> list[str]:
    """``name`` and every part of it after a dot: ``a.b.c`` -> ``a.b.c``, ``b.c``, ``c``."""
    return [name] + [name[i + 1 :] for i, ch in enumerate(name) if ch == "."]


def _scope_condition(conn: Connection, scope: str) -> ColumnElement[bool]:
    """A namespace (prefix), a project name or root, or a path prefix."""
    del conn
    project_ids = select(Project.id).where(or_(Project.name == scope, Project.root == scope))
    prefix = scope.rstrip("/")
    return or_(
        Symbol.namespace == scope,
        Symbol.namespace.like(_like(scope) + ".%", escape="\\"),
        File.project_id.in_(project_ids),
        File.path == prefix,
        File.path.like(_like(prefix) + "/%", escape="\\"),
    )


_OUTLINE_COLUMNS = (
    Symbol.key, Symbol.name, Symbol.qualified_name, Symbol.kind, Symbol.namespace,
    Symbol.signature, Symbol.return_type, Symbol.parameters, Symbol.modifiers,
    Symbol.accessibility, Symbol.attributes, Symbol.doc, Symbol.container_key,
    Symbol.start_line.label("line"), Symbol.end_line, Symbol.name_col.label("col"),
)  # fmt: skip


def file_row(conn: Connection, path: str) -> RowMapping | None:
    return conn.execute(select(File).where(File.path == path)).mappings().first()


def similar_paths(conn: Connection, path: str, limit: int = 5) -> list[str]:
    name = path.rsplit("/", 1)[-1]
    rows = conn.execute(
        select(File.path).where(File.path.like("%" + _like(name), escape="\\")).limit(limit)
    )
    return [str(r[0]) for r in rows]


def file_symbols(conn: Connection, file_id: int) -> list[RowMapping]:
    return list(
        conn.execute(
            select(*_OUTLINE_COLUMNS)
            .where(Symbol.file_id == file_id)
            .order_by(Symbol.start_line, Symbol.start_col)
        ).mappings()
    )


def types_named(conn: Connection, name: str) -> list[RowMapping]:
    """Type symbols called ``name`` (or with that qualified name), with their file."""
    folded = name.casefold()
    condition = (
        func.lower(Symbol.qualified_name) == folded if "." in name else Symbol.search_name == folded
    )
    if "." in name:  # by the name index first, as in ``search_symbols``
        full = func.lower(func.coalesce(Symbol.namespace, "") + "." + Symbol.qualified_name)
        condition = and_(
            Symbol.search_name.in_(dotted_suffixes(folded)), or_(condition, full == folded)
        )
    rows = conn.execute(
        select(*_OUTLINE_COLUMNS, File.path.label("file"), File.backend)
        .join(File, File.id == Symbol.file_id)
        .where(condition, Symbol.kind.in_(TYPE_KINDS))
        .order_by(File.path, Symbol.start_line)
    ).mappings()
    return list(rows)


def members_of(conn: Connection, key: str) -> list[RowMapping]:
    """Every symbol nested under ``key`` (by the key grammar, members extend their type's key)."""
    rows = conn.execute(
        select(*_OUTLINE_COLUMNS)
        .where(Symbol.key > key, Symbol.key < key + literal("\U0010ffff"))
        .order_by(Symbol.start_line, Symbol.start_col)
    ).mappings()
    return list(rows)


_HEALTH = select(File.status, func.count()).group_by(File.status)
_HEALTH_OF_PATHS = _HEALTH.where(File.path.in_(bindparam("paths", expanding=True)))


def scope_health(conn: Connection, paths: Sequence[str] | None = None) -> dict[str, int]:
    """How many files in scope are complete, partial, failed or skipped."""
    if paths is None:
        rows = conn.execute(_HEALTH)
    else:
        rows = conn.execute(_HEALTH_OF_PATHS, {"paths": list(paths)})
    return {str(status): int(n) for status, n in rows}


def problem_files(conn: Connection, limit: int = 20) -> list[RowMapping]:
    return list(
        conn.execute(
            select(File.path, File.status, File.error)
            .where(File.status.in_(("failed", "partial")))
            .order_by(File.path)
            .limit(limit)
        ).mappings()
    )


def last_run(conn: Connection) -> RowMapping | None:
    return conn.execute(select(IndexRun).order_by(IndexRun.id.desc()).limit(1)).mappings().first()


def meta_values(conn: Connection) -> dict[str, str]:
    return {str(k): str(v) for k, v in conn.execute(select(Meta.key, Meta.value))}


def run_readonly_sql(conn: Connection, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    """Run one statement of user SQL on a read-only connection."""
    try:
        result = conn.execute(text(sql))
        if not result.returns_rows:
            return [], []
        columns = list(result.keys())
        return columns, [tuple(row) for row in result]
    except (DBAPIError, StatementError) as exc:
        orig = getattr(exc, "orig", None) or exc
        message = str(orig)
        resolution = "see schemas/index-schema.md for the tables and columns"
        if "readonly" in message or "read-only" in message or "query_only" in message:
            resolution = (
                "`lsai sql` is read-only: use SELECT (the index is rebuilt by `lsai index`)"
            )
        raise SqlError(f"SQL failed: {message}", resolution=resolution) from exc
