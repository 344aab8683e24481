"""Named queries over the index. The faces never write SQL; they call these.

Every function takes an open connection and returns plain rows (``RowMapping``) or simple values.
Dialect-specific SQL (GLOB, PRAGMAs) stays in this module.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    RowMapping,
    Select,
    String,
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
from lsai.storage.memo import remembered
from lsai.storage.models import File, IndexRun, Meta, Occurrence, Project, Symbol

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


def _pattern(dialect: str, pattern: str) -> str:
    """A user pattern as the dialect matches it: a GLOB for SQLite, else a LIKE."""
    return _glob(pattern) if dialect == "sqlite" else _like(pattern)


def _match(dialect: str, column: Any, pattern: Any) -> ColumnElement[bool]:
    """``column`` against a pattern made by ``_pattern`` (a value or a bound parameter)."""
    if dialect == "sqlite":
        return column.op("GLOB")(pattern)  # type: ignore[no-any-return]
    return column.like(pattern, escape="\\")  # type: ignore[no-any-return]


def search_symbols(
    conn: Connection,
    pattern: str,
    *,
    kinds: Sequence[str] = (),
    scope: str | None = None,
    limit: int = 50,
    offset: int = 0,
    mode: str = "exact",
    overloads_apart: Sequence[str] | None = None,
) -> tuple[list[RowMapping], int]:
    """Symbols whose name matches ``pattern``; returns (one page of rows, total matches).

    With ``overloads_apart`` (the languages whose servers tell a callable's overloads apart),
    the later declarations of a callable's name in one file and container (overload
    signatures and implementation, redefinitions) are left out in the other languages: the
    first stands for them, their number in its ``overloads`` column (``scopes`` tells whether
    they follow each other). Without it, every declaration is a row (``overloads`` 0).

    A pattern with ``*``/``?`` is a wildcard pattern. Without wildcards ``mode`` says how it
    matches: ``exact`` (case-insensitive, by index), ``prefix`` or ``contains``. A pattern with a
    dot matches qualified names (``Session.send``, ``flask.Flask``). Exact matches rank first,
    then prefixes; types before callables before other symbols; then by path and line.

    Names are matched on the name index: an exact qualified name by its dotted suffixes (a
    symbol's qualified name ends with its name), a pattern by a scan of the index. The total is
    counted with the page (a window over the matches), or apart when the page is past the end.
    """
    dialect = conn.dialect.name
    folded = pattern.casefold()
    wild = "*" in pattern or "?" in pattern
    exact = not wild and mode == "exact"
    glob = pattern if wild else (f"{pattern}*" if mode == "prefix" else f"*{pattern}*")
    folded_sets = overloads_apart is not None
    page, count = _search_statements(
        dialect, "." in pattern, exact, bool(kinds), bool(scope), folded_sets
    )
    params: dict[str, Any] = {
        "folded": folded,
        "suffixes": dotted_suffixes(folded),
        "pattern": _pattern(dialect, glob),
        "prefix": _pattern(dialect, f"{pattern}*"),
        "kinds": list(kinds),
        "apart": list(overloads_apart or ()),
        "limit": limit,
        "offset": offset,
        **_scope_params(scope or ""),
    }
    rows = list(conn.execute(page, params).mappings())
    if rows:  # each row carries the number of matches (a window over them, before the page)
        return rows, int(rows[0]["total"])
    return rows, (int(conn.execute(count, params).scalar_one()) if offset else 0)


Statement = Select[*tuple[Any, ...]]


@cache
def _search_statements(
    dialect: str, qualified: bool, exact: bool, kinds: bool, scope: bool, folded_sets: bool
) -> tuple[Statement, Statement]:
    """(page, count) of a search of this shape, built once: building and hashing the statement
    cost more than running it. Parameters as ``search_symbols`` binds them."""
    folded = bindparam("folded", type_=String)
    name_col: Any = func.lower(Symbol.qualified_name) if qualified else Symbol.search_name
    full = func.lower(func.coalesce(Symbol.namespace, "") + "." + Symbol.qualified_name)
    conditions: list[ColumnElement[bool]] = [Symbol.is_external == 0]
    if exact and qualified:
        suffixes = bindparam("suffixes", type_=String, expanding=True)
        conditions.append(
            and_(Symbol.search_name.in_(suffixes), or_(name_col == folded, full == folded))
        )
    elif exact:
        conditions.append(name_col == folded)
    elif qualified:
        pattern = bindparam("pattern", type_=String)
        conditions.append(or_(_match(dialect, name_col, pattern), _match(dialect, full, pattern)))
    else:  # scan the name index, not the table (its rows hold signatures and docs)
        names = aliased(Symbol)
        named = select(names.id).where(_match(dialect, names.search_name, bindparam("pattern")))
        conditions.append(Symbol.id.in_(named))
    if kinds:
        conditions.append(Symbol.kind.in_(bindparam("kinds", expanding=True)))
    if scope:
        conditions.append(_scope_condition())
    if folded_sets:
        earlier = aliased(Symbol)
        before = or_(
            earlier.start_line < Symbol.start_line,
            and_(earlier.start_line == Symbol.start_line, earlier.id < Symbol.id),
        )
        conditions.append(~select(earlier.id).where(_overload(earlier), before).exists())
    is_exact = or_(name_col == folded, func.lower(Symbol.name) == folded)
    rank = case((is_exact, 0), (_match(dialect, name_col, bindparam("prefix")), 1), else_=2)
    matching = (
        select(Symbol.id, rank.label("rank"), _KIND_RANK.label("kind_rank"), File.path)
        .join(File, File.id == Symbol.file_id)
        .where(and_(*conditions))
    )
    top = (
        matching.add_columns(func.count().over().label("total"))
        .order_by(rank, _KIND_RANK, File.path, Symbol.start_line, Symbol.id)
        .limit(bindparam("limit"))
        .offset(bindparam("offset"))
        .subquery()
    )
    page = (  # the columns of the page's rows only: ``overloads`` counts per row
        select(
            Symbol.key, Symbol.name, Symbol.qualified_name, Symbol.kind, Symbol.namespace,
            Symbol.signature, Symbol.name_line.label("line"), Symbol.name_col.label("col"),
            Symbol.container_key, File.path.label("file"), File.backend, File.language,
            Symbol.start_line, Symbol.end_line, Symbol.modifiers,
            _overloads(folded_sets).label("overloads"), top.c.total,
        )
        .join(top, top.c.id == Symbol.id)
        .join(File, File.id == Symbol.file_id)
        .order_by(top.c.rank, top.c.kind_rank, top.c.path, Symbol.start_line, Symbol.id)
    )  # fmt: skip
    return page, select(func.count()).select_from(matching.subquery())


def _overloads(folded_sets: bool) -> Any:
    """How many later declarations of its name a hit stands for (``search_symbols``)."""
    if not folded_sets:
        return literal(0)
    later = aliased(Symbol)
    return (
        select(func.count())
        .where(_overload(later), later.start_line >= Symbol.start_line, later.id != Symbol.id)
        .scalar_subquery()
    )


def renaming_sites(conn: Connection, name: str, limit: int = 50) -> list[RowMapping]:
    """The sites spelling ``name`` (case-sensitive) where the index keys another name's symbol
    outside any function (``export { internalName as publicName }``, ``export { parse as
    parseIt } from``: the second name of each), imports left out; with the symbol's columns
    (``sym_*``) and the site's line as ``context``. The caller tells a renaming from a use by
    its text."""
    defined = aliased(File)
    columns = (
        Occurrence.name, Occurrence.start_line.label("line"),
        Occurrence.start_col.label("col"), Occurrence.context, File.path.label("file"),
        File.backend, File.language, Symbol.key.label("sym_key"), Symbol.name.label("sym_name"),
        Symbol.qualified_name.label("sym_qualified_name"), Symbol.kind.label("sym_kind"),
        Symbol.namespace.label("sym_namespace"), Symbol.signature.label("sym_signature"),
        Symbol.name_line.label("sym_line"), Symbol.name_col.label("sym_col"),
        defined.path.label("sym_file"), defined.backend.label("sym_backend"),
    )  # fmt: skip
    stmt = (
        select(*columns)
        .join(File, File.id == Occurrence.file_id)
        .join(Symbol, Symbol.key == Occurrence.symbol_key)
        .join(defined, defined.id == Symbol.file_id)
        .where(
            Occurrence.name == name,
            Occurrence.role == "reference",
            Occurrence.enclosing_key.is_(None),
            Symbol.name != name,
            Symbol.is_external == 0,
        )
        .order_by(File.path, Occurrence.start_line, Occurrence.start_col)
        .limit(limit)
    )
    return list(conn.execute(stmt).mappings())


CALLABLE_KINDS = ("function", "method", "constructor")


def _static(symbol: Any) -> ColumnElement[bool]:
    return (" " + func.coalesce(symbol.modifiers, "") + " ").like("% static %")


def _overload(other: Any) -> ColumnElement[bool]:
    """Whether ``other`` (an alias of ``Symbol``) declares the same callable's name as the
    symbol searched: one file, container, qualified name and kind, static alike, in a language
    not in ``:apart`` (``search_symbols``)."""
    return and_(
        Symbol.kind.in_(CALLABLE_KINDS),
        func.coalesce(Symbol.language, "").not_in(bindparam("apart", expanding=True)),
        other.file_id == Symbol.file_id,
        other.qualified_name == Symbol.qualified_name,
        other.kind == Symbol.kind,
        other.container_key.is_not_distinct_from(Symbol.container_key),
        _static(other) == _static(Symbol),
    )


def dotted_suffixes(name: str) -> list[str]:
    """``name`` and every part of it after a dot: ``a.b.c`` -> ``a.b.c``, ``b.c``, ``c``."""
    return [name] + [name[i + 1 :] for i, ch in enumerate(name) if ch == "."]


def _scope_params(scope: str) -> dict[str, str]:
    prefix = scope.rstrip("/")
    return {
        "scope": scope,
        "scope_like": _like(scope) + ".%",
        "scope_path": prefix,
        "scope_path_like": _like(prefix) + "/%",
    }


def _scope_condition() -> ColumnElement[bool]:
    """A namespace (prefix), a project name or root, or a path prefix (``_scope_params``)."""
    scope = bindparam("scope", type_=String)
    project_ids = select(Project.id).where(or_(Project.name == scope, Project.root == scope))
    return or_(
        Symbol.namespace == scope,
        Symbol.namespace.like(bindparam("scope_like"), escape="\\"),
        File.project_id.in_(project_ids),
        File.path == bindparam("scope_path"),
        File.path.like(bindparam("scope_path_like"), escape="\\"),
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


def names_of_length(conn: Connection, shortest: int, longest: int) -> list[str]:
    """The distinct casefolded names of workspace symbols ``shortest`` to ``longest`` characters
    long: the names a misspelt one may have meant (read off the name index, not the table)."""
    length = func.length(Symbol.search_name)
    stmt = (
        select(Symbol.search_name)
        .where(length.between(shortest, longest), Symbol.is_external == 0)
        .distinct()
    )

    def ask() -> tuple[str, ...]:  # ~4,500 names on Django's index: fetched at once
        return tuple(str(name) for name in conn.execute(stmt).scalars().all())

    return list(remembered(conn, ("names_of_length", shortest, longest), ask))


def unresolved_uses(conn: Connection, name: str) -> tuple[int, str | None]:
    """How often ``name`` occurs in the workspace as a name no symbol of the index is (a local,
    a parameter, a library's name), and the ``path:line`` of its first such occurrence."""
    unkeyed = (Occurrence.name == name, Occurrence.symbol_key.is_(None))
    count = int(conn.execute(select(func.count()).where(*unkeyed)).scalar_one())
    first = conn.execute(
        select(File.path, Occurrence.start_line)
        .join(File, File.id == Occurrence.file_id)
        .where(*unkeyed)
        .order_by(File.path, Occurrence.start_line)
        .limit(1)
    ).first()
    return count, (f"{first[0]}:{first[1]}" if first else None)


def files_in(conn: Connection, folder: str) -> list[str]:
    """The paths of the indexed files directly in ``folder`` ("" for the workspace root)."""
    prefix = _like(folder.rstrip("/") + "/") if folder else ""
    path = File.path
    stmt = select(path).where(
        path.like(prefix + "%", escape="\\"), ~path.like(prefix + "%/%", escape="\\")
    )
    return [str(r[0]) for r in conn.execute(stmt)]


def files_of(conn: Connection, language: str) -> list[str]:
    """The paths of the indexed files of ``language``, sorted."""
    stmt = select(File.path).where(File.language == language).order_by(File.path)
    return [str(r[0]) for r in conn.execute(stmt)]


def file_symbols(conn: Connection, file_id: int) -> list[RowMapping]:
    return list(
        conn.execute(
            select(*_OUTLINE_COLUMNS)
            .where(Symbol.file_id == file_id)
            .order_by(Symbol.start_line, Symbol.start_col)
        ).mappings()
    )


def declared_symbols(conn: Connection, file_id: int) -> list[RowMapping]:
    """Symbols defined in another file and declared in this one (a C function's prototype in
    its header), at their declaration: ``line``, ``end_line`` and ``col`` are its."""
    columns = [c for c in _OUTLINE_COLUMNS if c.name not in ("line", "end_line", "col")]
    return list(
        conn.execute(
            select(
                *columns,
                Occurrence.start_line.label("line"),
                Occurrence.end_line,
                Occurrence.start_col.label("col"),
            )
            .join(Occurrence, Occurrence.symbol_key == Symbol.key)
            .where(
                Occurrence.file_id == file_id,
                Occurrence.role == "declaration",
                Symbol.file_id != file_id,
            )
            .order_by(Occurrence.start_line, Occurrence.start_col)
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
    """How many files in scope are complete, partial, failed or skipped (the whole index's:
    counted once per state of the index, every answer's provenance asks)."""
    if paths is not None:
        rows = conn.execute(_HEALTH_OF_PATHS, {"paths": list(paths)})
        return {str(status): int(n) for status, n in rows}

    def count() -> tuple[tuple[str, int], ...]:
        return tuple((str(status), int(n)) for status, n in conn.execute(_HEALTH))

    return dict(remembered(conn, "scope_health", count))


def problem_files(conn: Connection, limit: int = 20) -> list[RowMapping]:
    """The first ``limit`` failed or partial files, by path (once per state of the index)."""

    def ask() -> tuple[RowMapping, ...]:
        stmt = (
            select(File.path, File.status, File.error)
            .where(File.status.in_(("failed", "partial")))
            .order_by(File.path)
            .limit(limit)
        )
        return tuple(conn.execute(stmt).mappings())

    return list(remembered(conn, ("problem_files", limit), ask))


def last_run(conn: Connection) -> RowMapping | None:
    return conn.execute(select(IndexRun).order_by(IndexRun.id.desc()).limit(1)).mappings().first()


RUN_NOTES = "last_run_notes"
"""The ``meta`` key of the last index run's notes (a JSON list): what may keep answers short,
with the remedy, for the ``server`` tool to show an agent that never saw the run."""


def run_notes(conn: Connection) -> list[str]:
    """The last index run's notes (none when it recorded none, or an older lsai ran it)."""
    stored = conn.execute(select(Meta.value).where(Meta.key == RUN_NOTES)).scalar()
    try:
        notes = json.loads(stored) if stored else []
    except ValueError:
        return []
    return [str(n) for n in notes] if isinstance(notes, list) else []


def meta_values(conn: Connection, prefix: str = "") -> dict[str, str]:
    """The ``meta`` rows (those whose key starts with ``prefix``)."""
    stmt = select(Meta.key, Meta.value)
    if prefix:
        stmt = stmt.where(Meta.key.startswith(prefix, autoescape=True))
    return {str(k): str(v) for k, v in conn.execute(stmt)}


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
        if any(w in message for w in ("readonly", "read-only", "query_only", "attached")):
            resolution = (
                "`lsai sql` is read-only: use SELECT (the index is rebuilt by `lsai index`)"
            )
        raise SqlError(f"SQL failed: {message}", resolution=resolution) from exc
