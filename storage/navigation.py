"""Named queries of the navigation tools: symbol lookup, positions, usages, type details.

Like ``storage/queries.py``: every function takes an open connection and returns plain rows or
simple values, so the query layer never writes SQL. The recursive walks live in
``storage/graph.py`` (calls) and ``storage/type_walks.py`` (types).

Name-based matching: a file indexed by tree-sitter holds references by name only (``symbol_key``
NULL), so usages of a symbol are its resolved occurrences plus, in tree-sitter files of the same
language family, unresolved occurrences of its name.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from sqlalchemy import (
    BindParameter,
    Boolean,
    ColumnElement,
    Connection,
    RowMapping,
    Select,
    and_,
    bindparam,
    func,
    or_,
    select,
    text,
)
from sqlalchemy.orm import aliased

from lsai.storage.keys import template_of
from lsai.storage.memo import remembered
from lsai.storage.models import CallEdge, File, Occurrence, Symbol, TypeEdge

SYMBOL_COLUMNS = (
    Symbol.key, Symbol.name, Symbol.qualified_name, Symbol.kind, Symbol.namespace,
    Symbol.signature, Symbol.name_line.label("line"), Symbol.name_col.label("col"),
    Symbol.start_line, Symbol.end_line, Symbol.container_key, Symbol.accessibility,
    Symbol.modifiers, Symbol.language, File.path.label("file"), File.backend,
)  # fmt: skip
_DETAIL_COLUMNS = (
    Symbol.return_type, Symbol.parameters, Symbol.attributes, Symbol.doc,
)  # fmt: skip


def _symbols() -> Select[*tuple[Any, ...]]:
    return select(*SYMBOL_COLUMNS).join(File, File.id == Symbol.file_id)


@cache
def _symbols_named(fold: bool) -> Select[*tuple[Any, ...]]:
    cond: ColumnElement[bool] = Symbol.search_name == bindparam("folded")
    if not fold:  # the search_name index serves exact names too
        cond = and_(cond, Symbol.name == bindparam("name"))
    return _symbols().where(cond, Symbol.is_external == 0).order_by(File.path, Symbol.start_line)


def symbols_named(conn: Connection, name: str, *, fold: bool = False) -> list[RowMapping]:
    """Workspace symbols called ``name`` (case-insensitively when ``fold``)."""
    params = {"folded": name.casefold(), "name": name}
    return list(conn.execute(_symbols_named(fold), params).mappings())


@cache
def _symbols_named_in() -> Select[*tuple[Any, ...]]:
    return (
        _symbols()
        .add_columns(Symbol.attributes)
        .where(File.path == bindparam("path"), Symbol.name == bindparam("name"))
        .order_by(Symbol.start_line)
    )


def symbols_named_in(conn: Connection, name: str, path: str) -> list[RowMapping]:
    """The symbols called ``name`` defined in the file ``path``, with their attributes (one
    file's rows looked up, not every namesake of the workspace: ``__init__``, ``constructor``)."""
    return list(conn.execute(_symbols_named_in(), {"name": name, "path": path}).mappings())


@cache
def _symbols_by_keys() -> Select[*tuple[Any, ...]]:
    return _symbols().where(Symbol.key.in_(bindparam("keys", expanding=True)))


def symbols_by_keys(conn: Connection, keys: Sequence[str]) -> list[RowMapping]:
    """The symbols of ``keys`` (one statement built once: building it per call, with its keys
    as literals, cost ~1.5 ms, more than the lookup)."""
    if not keys:
        return []
    return list(conn.execute(_symbols_by_keys(), {"keys": list(keys)}).mappings())


_IN_FUNCTIONS = text(
    "SELECT s.key FROM symbols s JOIN symbols c ON c.key = s.container_key "
    "WHERE s.key IN (SELECT value FROM json_each(:keys)) "
    "AND c.kind IN ('function', 'method', 'constructor')"
)


def declared_in_functions(conn: Connection, keys: Sequence[str]) -> set[str]:
    """Those of ``keys`` declared in a function's or method's body (one statement)."""
    if not keys:
        return set()
    return {str(k) for k in conn.execute(_IN_FUNCTIONS, {"keys": json.dumps(list(keys))}).scalars()}


_IN_CLOSED = text(
    "WITH RECURSIVE up(key, container) AS ("
    " SELECT s.key, s.container_key FROM symbols s"
    " WHERE s.key IN (SELECT value FROM json_each(:keys))"
    " UNION SELECT up.key, c.container_key FROM up JOIN symbols c ON c.key = up.container)"
    " SELECT DISTINCT up.key FROM up WHERE EXISTS (SELECT 1 FROM symbols c"
    " WHERE c.key = up.container AND c.accessibility IS NOT NULL"
    " AND c.accessibility != 'public'"
    " AND ' ' || COALESCE(c.modifiers, '') || ' ' NOT LIKE '% export %')"
)
"""Joined (``up JOIN symbols c``), SQLite built a Bloom filter over every symbol at each call:
4 ms on a 149k-line index for 5 keys, against 0.17 ms for this correlated lookup."""


def inside_closed(conn: Connection, keys: Sequence[str]) -> set[str]:
    """Those of ``keys`` with a container, at any depth, that is not public: a method of a
    Python ``_Helper``, of a class its module does not export (one statement)."""
    if not keys:
        return set()
    return {str(k) for k in conn.execute(_IN_CLOSED, {"keys": json.dumps(list(keys))}).scalars()}


def symbol_details(conn: Connection, key: str) -> RowMapping | None:
    """One symbol with its signature parts, attributes and doc."""
    stmt = (
        select(*SYMBOL_COLUMNS, *_DETAIL_COLUMNS)
        .join(File, File.id == Symbol.file_id)
        .where(Symbol.key == key)
    )
    return conn.execute(stmt).mappings().first()


def symbol_headed_at(conn: Connection, file_id: int, line: int, col: int) -> RowMapping | None:
    """The innermost symbol whose definition starts on ``line`` of a file at or before ``col``
    and names it there or further on that line: ``col`` is in its header (``def``,
    ``function``, ``export class``) or at its name where no identifier is read (``export
    default (config) => {}``'s ``default``, its definition read at the arrow function)."""
    stmt = (
        _symbols()
        .where(
            Symbol.file_id == file_id,
            Symbol.start_line == line,
            Symbol.start_col <= col,
            Symbol.name_line == line,
            Symbol.name_col >= col,
        )
        .order_by(Symbol.start_col.desc())
    )
    return conn.execute(stmt).mappings().first()


def occurrences_on_lines(conn: Connection, file_id: int, first: int, last: int) -> list[RowMapping]:
    """Identifiers starting on lines ``first``..``last`` of a file, in reading order."""
    stmt = (
        select(
            Occurrence.name, Occurrence.symbol_key, Occurrence.role,
            Occurrence.start_line.label("line"), Occurrence.start_col.label("col"),
            Occurrence.end_line, Occurrence.end_col,
        )
        .where(Occurrence.file_id == file_id, Occurrence.start_line.between(first, last))
        .order_by(Occurrence.start_line, Occurrence.start_col)
    )  # fmt: skip
    return list(conn.execute(stmt).mappings())


def imports_named(conn: Connection, file_id: int, name: str) -> list[RowMapping]:
    """The import sites of ``name`` in a file, one row per key a site holds (an import of
    merged declarations holds each: ``indexer.merge``)."""
    stmt = select(
        Occurrence.symbol_key, Occurrence.start_line.label("line"),
        Occurrence.start_col.label("col"),
    ).where(
        Occurrence.file_id == file_id, Occurrence.name == name, Occurrence.role == "import"
    )  # fmt: skip
    return list(conn.execute(stmt).mappings())


@cache
def _backend_counts() -> Select[*tuple[Any, ...]]:
    return (
        select(File.backend, func.count())
        .where(
            File.language.in_(bindparam("langs", expanding=True)),
            File.status.in_(("complete", "partial")),
        )
        .group_by(File.backend)
    )


def backend_counts(conn: Connection, languages: Sequence[str]) -> dict[str, int]:
    """Indexed files of these languages by backend (``lsp``, ``tree-sitter``): asked by every
    symbol tool, counted once per state of the index."""

    def count() -> tuple[tuple[str, int], ...]:
        rows = conn.execute(_backend_counts(), {"langs": list(languages)})
        return tuple((str(backend), int(n)) for backend, n in rows)

    return dict(remembered(conn, ("backend_counts", tuple(languages)), count))


UNTIED_COUNTED = 100
"""``untied_member_uses`` counts up to this many (a common name: ``get``, ``append``; 1,000:
4-5 ms on Django's index, 100: under 1 ms)."""


def _untied_names() -> tuple[ColumnElement[bool], ...]:
    """The occurrences of the name ``:name`` in files of the languages ``:langs`` a server
    indexed, that it tied to no symbol."""
    return (
        Occurrence.name == bindparam("name"),
        Occurrence.symbol_key.is_(None),
        Occurrence.backend == "lsp",
        File.language.in_(bindparam("langs", expanding=True)),
    )


@cache
def _untied_uses(imports: bool) -> Select[*tuple[Any, ...]]:
    """The untied uses of a name that may count (``untied_member_uses``, ``untied_imports``):
    its imports, or those on lines spelling it as a member (``.name``), with each use's file,
    place and line's text."""
    which = (
        Occurrence.role == "import"
        if imports
        else func.instr(Occurrence.context, bindparam("member")) > 0
    )
    return (
        select(
            File.path, Occurrence.file_id, Occurrence.start_line, Occurrence.start_col,
            Occurrence.context,
        )
        .join(File, File.id == Occurrence.file_id)
        .where(*_untied_names(), which)
        .limit(UNTIED_READ)
    )  # fmt: skip


@cache
def _rank_on_line() -> Select[int]:
    """How many occurrences of ``:name`` come before ``:col`` on line ``:line`` of ``:file``."""
    return select(func.count()).where(
        Occurrence.name == bindparam("name"),
        Occurrence.file_id == bindparam("file"),
        Occurrence.start_line == bindparam("line"),
        Occurrence.start_col < bindparam("col"),
    )


UNTIED_READ = 4 * UNTIED_COUNTED
"""The untied uses read to count up to ``UNTIED_COUNTED`` of them as members."""


def _as_member(conn: Connection, name: str, row: Sequence[Any]) -> bool:
    """Whether the untied use ``row`` (``_untied_uses``) of ``name`` is a member's (``x.name``),
    not a local's of that name on a line also spelling ``.name`` (``self.host = host``): where
    the line spells the name both ways, the n-th occurrence on the line is taken as its n-th
    whole-word spelling (where it spells it more or fewer times, in a string, any counts)."""
    file_id, line, col, context = row[1], row[2], row[3], row[4]
    if context is None:
        return False
    spelled = [m.start() for m in re.finditer(rf"(?<![\w$]){re.escape(name)}(?![\w$])", context)]
    members = [context[:at].rstrip().endswith(".") for at in spelled]
    if all(members) or not any(members):
        return bool(members) and members[0]
    params = {"name": name, "file": file_id, "line": line, "col": col}
    rank = int(conn.execute(_rank_on_line(), params).scalar_one())
    return members[rank] if rank < len(members) else True


def untied_member_uses(
    conn: Connection, name: str, languages: Sequence[str]
) -> tuple[int, int, str | None]:
    """Uses of a member named ``name`` (``x.name``) in files a server indexed, that it tied to
    no symbol of the workspace (it could not tell the receiver's type, or found the member in a
    library): how many (up to ``UNTIED_COUNTED`` + 1), in how many files, the first file."""
    return _untied(conn, name, languages, imports=False)


def untied_imports(
    conn: Connection, name: str, languages: Sequence[str]
) -> tuple[int, int, str | None]:
    """Imports of ``name`` in files a server indexed, that it tied to no symbol (``import {
    Vector3 } from 'three'`` where tsgo could not find the module): counted as
    ``untied_member_uses``."""
    return _untied(conn, name, languages, imports=True)


def _untied(
    conn: Connection, name: str, languages: Sequence[str], *, imports: bool
) -> tuple[int, int, str | None]:
    params = {"name": name, "member": f".{name}", "langs": list(languages)}

    def count() -> tuple[int, int, str | None]:
        rows = conn.execute(_untied_uses(imports), params).all()
        paths = [str(r[0]) for r in rows if imports or _as_member(conn, name, r)]
        paths = paths[: UNTIED_COUNTED + 1]
        return len(paths), len(set(paths)), min(paths, default=None)

    return remembered(conn, ("untied", name, tuple(languages), imports), count)


def untied_sites(
    conn: Connection, name: str, languages: Sequence[str], limit: int, path: str | None = None
) -> list[RowMapping]:
    """The occurrences of ``name`` in files a server indexed that it tied to no symbol of the
    workspace (a library's name, a built-in, a member of an untyped value), with their file's
    language, in reading order: at most ``limit``; with ``path``, that file's alone."""
    params = {"name": name, "langs": list(languages), "limit": limit, "path": path}
    return list(conn.execute(_untied_sites(path is not None), params).mappings())


@cache
def _untied_sites(in_file: bool) -> Select[*tuple[Any, ...]]:
    return (
        select(
            File.path.label("file"), File.language, Occurrence.start_line.label("line"),
            Occurrence.start_col.label("col"), Occurrence.role,
        )
        .join(File, File.id == Occurrence.file_id)
        .where(
            *_untied_names(), Occurrence.role != "definition",
            *([File.path == bindparam("path")] if in_file else []),
        )
        .order_by(File.path, Occurrence.start_line, Occurrence.start_col)
        .limit(bindparam("limit"))
    )  # fmt: skip


# -- usages --------------------------------------------------------------------------------------
# Each statement is built once per shape (by name or not, definition or not) with bound
# parameters: building and hashing a statement costs more than running these indexed queries.
@dataclass(frozen=True)
class UsageScope:
    """Which sites are the usages of a symbol (``usages_page``, ``usages_count``,
    ``usages_per_file``): its occurrences (its definition too with ``include_definition``),
    with ``name_languages`` its name in tree-sitter files of those languages, the call sites of
    ``calls_of`` (a constructor's class), and the sites of the ``related`` members that the
    symbol does not hold (with their definitions unless ``related_definitions`` is false;
    only where they spell the name with ``related_spelled``), the ``declared`` ones' names too;
    of the ``fallen`` among them (``import_fallbacks``), only the sites of a file importing the
    symbol, not their imports."""

    key: str
    name: str
    name_languages: Sequence[str] = ()
    include_definition: bool = False
    calls_of: str | None = None
    related: Sequence[str] = ()
    related_definitions: bool = True
    declared: Sequence[str] = ()
    related_spelled: bool = False
    fallen: Sequence[str] = ()
    through: Sequence[str] = ()
    """Of the ``related``, members the symbol holds (``assigned_members``): only their sites
    spelled its name, not imports, in a file importing the symbol at module scope."""
    name_everywhere: bool = False
    """By name in every file of ``name_languages``, not only tree-sitter's: the symbol's own file
    is tree-sitter's, so a server indexing the others could not tie their uses of the name to
    it (a header no project's compilation database covers)."""

    @property
    def shape(self) -> tuple[bool, bool, bool, bool]:
        """What the statement of this scope is built for (one statement per shape)."""
        by_name = bool(self.name_languages)
        return by_name, self.include_definition, self.calls_of is not None, bool(self.related)

    def params(self) -> dict[str, Any]:
        return {
            "related_spelled": self.related_spelled,
            "key": self.key,
            "name": self.name,
            "spelled": template_of(self.name),
            "langs": list(self.name_languages),
            "calls_of": self.calls_of,
            "related": list(self.related),
            "related_definitions": self.related_definitions,
            "declared": list(self.declared),
            "fallen": list(self.fallen),
            "through": list(self.through),
            "everywhere": self.name_everywhere,
        }


@cache
def _usage_condition(
    by_name: bool, include_definition: bool, with_calls: bool = False, with_related: bool = False
) -> ColumnElement[bool]:
    """Occurrences of ``:key``, with ``with_calls`` the call sites of ``:calls_of`` too, with
    ``with_related`` the occurrences of the members in ``:related`` (``type_walks.related_members``)
    at sites ``:key`` does not hold, and with ``by_name`` of ``:name`` in tree-sitter files of
    ``:langs``."""
    resolved: ColumnElement[bool] = Occurrence.symbol_key == bindparam("key")
    if not include_definition:
        resolved = and_(resolved, Occurrence.role != "definition")
    if with_calls:
        calls = and_(Occurrence.symbol_key == bindparam("calls_of"), Occurrence.role == "call")
        resolved = or_(resolved, calls)
    if with_related:
        resolved = or_(resolved, _related_sites())
    if not by_name:
        return resolved
    tree_sitter_files = select(File.id).where(
        or_(File.backend == "tree-sitter", bindparam("everywhere")),
        File.language.in_(bindparam("langs", expanding=True)),
    )
    named = and_(
        Occurrence.name == bindparam("name"),
        Occurrence.symbol_key.is_(None),
        Occurrence.file_id.in_(tree_sitter_files.scalar_subquery()),
    )
    return or_(resolved, named)


def _related_sites() -> ColumnElement[bool]:
    """Occurrences of the ``:related`` members, each site once: not where ``:key`` or a related
    key sorting before it holds the same site (a server's answer keys a site to several); their
    definitions only with ``:related_definitions`` (tsgo's references hold them, gopls's not)
    or of the members in ``:declared`` (the other overloads of the symbol: every server's
    references hold them); with ``:related_spelled``, only sites spelled ``:spelled`` (a C++
    class's constructors: ``Index<float> q(4)`` calls one at ``q``, which names no class; a
    specialization's, ``simd<int>``'s, are spelled ``simd``); of the members in ``:fallen``,
    only their uses in a file importing both ``:key`` and them at module scope
    (``import_fallbacks``; tqdm's ``__init__.py`` imports std's ``tqdm``, and notebook's in a
    function alone, as ``from .notebook import tqdm as _nb``: no use of either); of those in
    ``:through``, their uses spelled ``:name`` in a file importing ``:key`` there, not read off
    a receiver (an identifier ending at the dot before them: ``converter.column2field``)
    (``assigned_members``)."""
    related: BindParameter[str] = bindparam("related", expanding=True)
    other = aliased(Occurrence)
    held = (
        select(other.id)
        .where(
            other.file_id == Occurrence.file_id,
            other.start_line == Occurrence.start_line,
            other.start_col == Occurrence.start_col,
            or_(
                other.symbol_key == bindparam("key"),
                and_(other.symbol_key.in_(related), other.symbol_key < Occurrence.symbol_key),
            ),
        )
        .exists()
    )
    defined = or_(
        Occurrence.role != "definition",
        bindparam("related_definitions", type_=Boolean),
        Occurrence.symbol_key.in_(bindparam("declared", expanding=True)),
    )
    spelled = or_(
        ~bindparam("related_spelled", type_=Boolean), Occurrence.name == bindparam("spelled")
    )
    importer = aliased(Occurrence)
    importing = (
        select(importer.file_id)
        .where(
            importer.symbol_key == bindparam("key"),
            importer.role == "import",
            importer.enclosing_key.is_(None),
        )
        .scalar_subquery()
    )
    fallback = aliased(Occurrence)
    imports_it = (  # at module scope too: not in a function alone (`from .nb import x as y`)
        select(fallback.id)
        .where(
            fallback.file_id == Occurrence.file_id,
            fallback.symbol_key == Occurrence.symbol_key,
            fallback.role == "import",
            fallback.enclosing_key.is_(None),
        )
        .exists()
    )
    fallen: BindParameter[str] = bindparam("fallen", expanding=True)
    through: BindParameter[str] = bindparam("through", expanding=True)
    receiver = aliased(Occurrence)
    read_off = (  # `converter.column2field(...)`: a member of a value, not the imported name
        select(receiver.id)
        .where(
            receiver.file_id == Occurrence.file_id,
            receiver.end_line == Occurrence.start_line,
            receiver.end_col == Occurrence.start_col - 1,
        )
        .exists()
    )
    held_through = and_(  # `from convert import column2field`, `column2field(...)`
        Occurrence.symbol_key.in_(through), Occurrence.name == bindparam("name"), ~read_off
    )
    here = or_(
        and_(Occurrence.symbol_key.not_in(fallen), Occurrence.symbol_key.not_in(through)),
        and_(
            Occurrence.role != "import",
            Occurrence.file_id.in_(importing),
            or_(imports_it, held_through),
        ),
    )
    return and_(Occurrence.symbol_key.in_(related), defined, spelled, here, ~held)


@cache
def _usages_page(
    by_name: bool, include_definition: bool, with_calls: bool, with_related: bool = False
) -> Select[*tuple[Any, ...]]:
    return (
        select(
            File.path.label("file"), Occurrence.start_line.label("line"),
            Occurrence.start_col.label("col"), Occurrence.role, Occurrence.context,
            Occurrence.enclosing_key, Occurrence.symbol_key,
        )
        .join(File, File.id == Occurrence.file_id)
        .where(_usage_condition(by_name, include_definition, with_calls, with_related))
        .order_by(File.path, Occurrence.start_line, Occurrence.start_col)
        .limit(bindparam("limit"))
        .offset(bindparam("offset"))
    )  # fmt: skip


def usages_page(
    conn: Connection, scope: UsageScope, *, limit: int = 100, offset: int = 0
) -> list[RowMapping]:
    """One page of the usages of a symbol (``scope``), by file and position."""
    params = {**scope.params(), "limit": limit, "offset": offset}
    return list(conn.execute(_usages_page(*scope.shape), params).mappings())


@cache
def _has_usage() -> Select[*tuple[Any, ...]]:
    return (
        select(Occurrence.id)
        .where(Occurrence.symbol_key == bindparam("key"), Occurrence.role != "definition")
        .limit(1)
    )


def has_usage(conn: Connection, key: str) -> bool:
    """Whether any occurrence but a definition carries ``key`` (one index probe, no sort)."""
    return conn.execute(_has_usage(), {"key": key}).first() is not None


def sites_shared(conn: Connection, keys: Sequence[str]) -> list[tuple[str, str]]:
    """The pairs of ``keys`` (each sorted) that some site is keyed to both of: a server answered
    it among the references of each (TypeScript's of an interface and of a module augmentation
    merging into it)."""
    if len(keys) < 2:
        return []
    one, other = aliased(Occurrence), aliased(Occurrence)
    stmt = (
        select(one.symbol_key, other.symbol_key)
        .distinct()
        .join(
            other,
            and_(
                other.file_id == one.file_id,
                other.start_line == one.start_line,
                other.start_col == one.start_col,
            ),
        )
        .where(
            one.symbol_key.in_(list(keys)),
            other.symbol_key.in_(list(keys)),
            one.symbol_key < other.symbol_key,
        )
    )
    return [(str(a), str(b)) for a, b in conn.execute(stmt)]


def calls_into(conn: Connection, key: str) -> int:
    """How many call edges end at ``key``."""
    stmt = select(func.count()).where(CallEdge.callee_key == key)
    return int(conn.execute(stmt).scalar_one())


def calls_named_otherwise(conn: Connection, key: str, name: str) -> set[tuple[str, int, int]]:
    """The sites (path, line, column) of the call edges into ``key`` spelled with another name
    than ``name`` (a call through an alias: ``orig = f`` ... ``orig()``)."""
    stmt = (
        select(File.path, CallEdge.line, CallEdge.col)
        .join(File, File.id == CallEdge.file_id)
        .where(CallEdge.callee_key == key, CallEdge.callee_name != name)
    )
    return {(str(p), int(line), int(col)) for p, line, col in conn.execute(stmt)}


@cache
def _usages_count(
    by_name: bool, include_definition: bool, with_calls: bool, with_related: bool = False
) -> Select[*tuple[Any, ...]]:
    return select(func.count(), func.count(func.distinct(Occurrence.file_id))).where(
        _usage_condition(by_name, include_definition, with_calls, with_related)
    )


def usages_count(conn: Connection, scope: UsageScope) -> tuple[int, int]:
    """(usages, distinct files) of a symbol (``scope``)."""
    n, files = conn.execute(_usages_count(*scope.shape), scope.params()).one()
    return int(n), int(files)


@cache
def _usages_per_file(
    by_name: bool, include_definition: bool, with_calls: bool, with_related: bool = False
) -> Select[*tuple[Any, ...]]:
    n = func.count().label("n")
    return (
        select(File.path, n)
        .select_from(Occurrence)
        .join(File, File.id == Occurrence.file_id)
        .where(_usage_condition(by_name, include_definition, with_calls, with_related))
        .group_by(File.path)
        .order_by(n.desc(), File.path)
        .limit(bindparam("limit"))
    )


def usages_per_file(
    conn: Connection, scope: UsageScope, *, limit: int = 400
) -> list[tuple[str, int]]:
    """(file, usages) of a symbol (``scope``), most first: the coarse form of a too-long
    answer."""
    params = {**scope.params(), "limit": limit}
    return [(str(path), int(n)) for path, n in conn.execute(_usages_per_file(*scope.shape), params)]


@cache
def _usages_by_path(by_name: bool, with_related: bool) -> Select[*tuple[Any, ...]]:
    return (
        select(File.path, func.count())
        .select_from(Occurrence)
        .join(File, File.id == Occurrence.file_id)
        .where(_usage_condition(by_name, False, with_related=with_related))
        .group_by(File.path)
        .order_by(File.path)
    )


def usages_by_path(
    conn: Connection,
    key: str,
    name: str,
    *,
    name_languages: Sequence[str] = (),
    related: Sequence[str] = (),
    name_everywhere: bool = False,
) -> list[tuple[str, int]]:
    """(file, usages) of every file holding a usage of a symbol (definition excluded; with the
    sites of ``related``, as ``usages_page``; ``UsageScope.name_everywhere``), by path: its
    total and file count too, in one query."""
    stmt = _usages_by_path(bool(name_languages), bool(related))
    scope = UsageScope(key, name, name_languages, related=related, name_everywhere=name_everywhere)
    rows = conn.execute(stmt, scope.params())
    return [(str(path), int(n)) for path, n in rows]


@cache
def _fallbacks() -> Select[*tuple[Any, ...]]:
    imported = aliased(Occurrence)
    return (
        select(Symbol.key)
        .distinct()
        .join(
            imported,
            (imported.file_id == Symbol.file_id) & (imported.name == Symbol.name),
        )
        .where(
            imported.symbol_key == bindparam("key"),
            imported.role == "import",
            imported.enclosing_key.is_(None),
            Symbol.container_key.is_(None),
            Symbol.start_col > 1,
            Symbol.key != bindparam("key"),
        )
        .order_by(Symbol.key)
    )


# SQLite: the same query in the order that stays cheap, whatever the statistics say. From the
# imports of the key (a few rows), each file's symbols of that name. Once ``PRAGMA optimize``
# has written statistics, SQLite took ``container_key IS NULL`` for selective (a handful of
# symbols per container) and walked every module-level symbol instead (measured on the MCP
# bench's copy: 0.35 -> 0.04 ms per answer of usages, callers and impact). ``CROSS JOIN`` fixes
# the order and ``+`` keeps the container index out of the inner lookup.
_FALLBACKS_SQLITE = text(
    """SELECT DISTINCT s.key FROM occurrences o CROSS JOIN symbols s
  ON s.file_id = o.file_id AND s.name = o.name
WHERE o.symbol_key = :key AND o.role = 'import' AND o.enclosing_key IS NULL
  AND +s.container_key IS NULL AND s.start_col > 1 AND s.key != :key
ORDER BY s.key"""
)


def fallbacks(conn: Connection, key: str) -> list[str]:
    """The symbols bound in place of ``key`` where its import may fail: in a file importing it
    at module scope, a module-level symbol of the same name defined inside a block (``try:
    from fast import helper`` / ``except ImportError: def helper()``; ``if``/``else``)."""
    stmt = _FALLBACKS_SQLITE if conn.dialect.name == "sqlite" else _fallbacks()
    return [str(k) for k in conn.execute(stmt, {"key": key}).scalars()]


_KEY_IMPORTS = text(
    "SELECT name, file_id, start_line FROM occurrences "
    "WHERE symbol_key = :key AND name = :name AND role = 'import' AND enclosing_key IS NULL"
)
_NAMED_IMPORTS = text(
    "SELECT symbol_key, file_id, start_line FROM occurrences "
    "WHERE name = :name AND symbol_key IS NOT NULL AND symbol_key != :key "
    "AND role = 'import' AND enclosing_key IS NULL"
)


def import_fallbacks(conn: Connection, key: str, name: str) -> list[str]:
    """The symbols a file imports at module scope under the name it imports ``key`` (named
    ``name``) by, one in place of the other where an import may fail (``try: from fast import
    helper`` / ``except ImportError: from slow import helper``): a use of the name there is
    either. Not one import keyed to several (``from m import alt`` of a name ``m`` binds twice).

    Two indexed lookups paired here, the rarer first (a join of the two per import of the
    symbol cost 30 ms of CPU for Django's ``settings``, imported by 211 files, on every usages
    answer)."""

    def ask() -> tuple[str, ...]:
        others = conn.execute(_NAMED_IMPORTS, {"name": name, "key": key}).all()
        if not others:
            return ()
        lines: dict[int, set[int]] = {}
        for _, file_id, line in conn.execute(_KEY_IMPORTS, {"key": key, "name": name}):
            lines.setdefault(int(file_id), set()).add(int(line))
        found = {
            str(other)
            for other, file_id, line in others
            if any(int(line) != own for own in lines.get(int(file_id), ()))
        }
        return tuple(sorted(found))

    return list(remembered(conn, ("import_fallbacks", key), ask))


_ASSIGNED = text(
    "SELECT DISTINCT o.symbol_key FROM occurrences o JOIN files f ON f.id = o.file_id "
    "WHERE f.path = :path AND o.start_line = :line AND o.start_col > :col AND o.name = :name "
    "AND o.symbol_key IS NOT NULL AND o.symbol_key != :key AND o.role != 'definition'"
)


def assigned_members(conn: Connection, key: str, path: str, line: int, col: int) -> list[str]:
    """The symbols read under the name of ``key`` on its own line after it, in ``path``
    (``column2field = default_converter.column2field``: the method), sorted."""
    name = conn.execute(select(Symbol.name).where(Symbol.key == key)).scalar()
    found = conn.execute(
        _ASSIGNED, {"path": path, "line": line, "col": col, "name": name, "key": key}
    )
    return sorted(str(k) for k in found.scalars())


# -- types ---------------------------------------------------------------------------------------
def type_edges_from(conn: Connection, key: str) -> list[RowMapping]:
    """The declared bases of a type (``extends`` and ``implements``), in source order."""
    stmt = (
        select(TypeEdge.relation, TypeEdge.target_key, TypeEdge.target_name, TypeEdge.line)
        .where(TypeEdge.source_key == key)
        .order_by(TypeEdge.line, TypeEdge.id)
    )
    return list(conn.execute(stmt).mappings())


def direct_members(conn: Connection, key: str) -> list[RowMapping]:
    """Symbols whose container is ``key``, with their signatures."""
    stmt = (
        select(
            Symbol.key, Symbol.name, Symbol.kind, Symbol.signature, Symbol.name_line.label("line")
        )
        .where(Symbol.container_key == key)
        .order_by(Symbol.start_line)
    )
    return list(conn.execute(stmt).mappings())


_SITE_CONTEXTS = text(
    "SELECT f.path, o.start_line, min(o.context) FROM json_each(:sites) s "
    "JOIN files f ON f.path = json_extract(s.value, '$[0]') "
    "JOIN occurrences o ON o.file_id = f.id AND o.start_line = json_extract(s.value, '$[1]') "
    "WHERE o.context IS NOT NULL GROUP BY f.path, o.start_line"
)


def site_contexts(conn: Connection, sites: Sequence[tuple[str, int]]) -> dict[tuple[str, int], str]:
    """The code line (trimmed) of each (path, line) the index holds an occurrence on, in one
    statement."""
    if not sites:
        return {}
    wanted = json.dumps([[path, line] for path, line in dict.fromkeys(sites)])
    rows = conn.execute(_SITE_CONTEXTS, {"sites": wanted})
    return {(str(path), int(line)): str(context) for path, line, context in rows}


def types_named(
    conn: Connection, names: Sequence[str], languages: Sequence[str], kinds: Sequence[str]
) -> list[RowMapping]:
    """Workspace symbols of ``kinds`` with one of ``names`` in these languages (types: name-based
    base resolution; callables: whether a callee the index holds none for is the workspace's)."""
    if not names:
        return []
    stmt = _symbols().where(
        Symbol.search_name.in_([n.casefold() for n in names]),
        Symbol.name.in_(list(names)),
        Symbol.kind.in_(list(kinds)),
        Symbol.language.in_(list(languages)),
        Symbol.is_external == 0,
    )
    return list(conn.execute(stmt.order_by(File.path, Symbol.start_line)).mappings())
