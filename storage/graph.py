"""Recursive walks over the call graph (``WITH RECURSIVE``, SQLite and PostgreSQL); the type
graph's are in ``type_walks``.

A call walk first finds the set of symbols within reach (a recursive CTE over symbols, not over
paths: ``UNION`` keeps each symbol once per level, and the recursion is bounded by ``depth``, so it
is safe on cycles and on the fan-out of name matching), then lists the call sites into them, one
row per edge with its depth and the node it was reached from (``via``). The query layer keeps each
node at the first depth it appears. On SQLite, the resolved callers walk is answered level by level
instead (``callers_by_level``: one query a level, the same rows), which costs SQLite less.

Two precisions, chosen per call by ``by_name``:
- resolved: edges whose ``callee_key`` / ``target_key`` a language server filled in;
- by name: in files indexed by tree-sitter (``named`` below), edges match the name of the node,
  and a name is taken to mean a symbol when exactly one symbol of the language family has it.
  Calls of the target itself match its name even when the
  name is shared (the answer says so); beyond it, a shared name is not followed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from lsai.storage.memo import remembered
from lsai.storage.statements import CHUNK, in_lists, tuples

_CALLABLES = "('function', 'method', 'constructor', 'class', 'struct')"

_NAMED_FILES = """named(id) AS (
  SELECT id FROM files WHERE (backend = 'tree-sitter' OR :everywhere) AND language IN :langs
)"""
"""The files whose calls match by name: tree-sitter's; with ``:everywhere`` every file (the
walk's target is tree-sitter's, so no server could tie a call of its name to it)."""

# The one workspace symbol a callee name stands for, when there is exactly one.
_CALLEE_BY_NAME = f"""(SELECT min(s.key) FROM symbols s
  WHERE s.search_name = lower(c.callee_name) AND s.name = c.callee_name
    AND s.kind IN {_CALLABLES} AND s.language IN :langs AND s.is_external = 0
  HAVING count(*) = 1)"""

# The columns of ``CallSite``, in order; ``{name}``: the node's name (a caller's own, a callee's as
# written at the call site); ``{order}``: what breaks ties.
_SYMBOL_OF_NODE = """
SELECT w.depth, w.key, {name} AS name, w.via, f.path AS site_file, w.line AS site_line,
       w.col AS site_col, s.qualified_name, s.kind, s.accessibility, s.modifiers,
       sf.path AS def_file, s.name_line AS def_line
FROM walk w
JOIN files f ON f.id = w.file_id
LEFT JOIN symbols s ON s.key = w.key
LEFT JOIN files sf ON sf.id = s.file_id
ORDER BY w.depth, f.path, w.line{order}
LIMIT :cap"""
# Callers: ties (one line, several call sites) by the node called, then the edge's id: the order
# SQLite gave them before it was written down, and the one ``callers_by_level`` sorts by.
_CALLERS_ORDER = ", w.via, w.id"


class CallSite(NamedTuple):
    """One row of a call walk: a call site at ``depth`` into ``via``, made by (callers) or
    calling (callees) the node ``key`` (NULL: module level, or an unresolved callee), with the
    node's definition when the index holds it. A tuple: read by attribute, it costs a fraction
    of a row mapping (the walks return hundreds of rows per answer)."""

    depth: int
    key: str | None
    name: str | None
    via: str
    site_file: str
    site_line: int
    site_col: int
    qualified_name: str | None
    kind: str | None
    accessibility: str | None
    modifiers: str | None
    def_file: str | None
    def_line: int | None


def _sites(conn: Connection, sql: str, params: dict[str, Any]) -> list[CallSite]:
    return list(map(CallSite._make, tuples(conn, sql, params)))


def _node_limit(conn: Connection) -> str:
    """SQLite stops a recursion at a LIMIT on its recursive part; PostgreSQL has no such clause
    (its walks are bounded by depth alone)."""
    return "LIMIT :nodes" if conn.dialect.name == "sqlite" else ""


def callers_walk(
    conn: Connection,
    key: str,
    name: str,
    *,
    depth: int,
    languages: Sequence[str],
    by_name: bool,
    cap: int = 5000,
    everywhere: bool = False,
) -> list[CallSite]:
    """Call sites calling ``key`` (depth 1) and, recursively, calling its callers (by name in
    every file with ``everywhere``: ``_NAMED_FILES``).

    ``reach`` finds the symbols up to ``depth - 1`` levels up (each once per level: a node set,
    not a path set, so name-based fan-out stays bounded); ``walk`` then lists the call sites into
    each of them. Each row: ``depth``, ``key``/``name`` of the calling symbol (NULL key: module
    level), ``via`` (the key it calls), the call site, and the caller's definition.

    Module-level callers (NULL key) are left out of ``frontier``, not of ``reach``: a condition on
    ``call_edges`` beyond the join makes SQLite build a Bloom filter of the table at every step
    of the recursion (measured: 3.5 ms instead of 0.45 for 200 nodes). A NULL node calls nothing.
    By name, the edges into a node are found by id: joined with an ``OR`` SQLite scanned the
    table at every step (2.4 s instead of 10 ms for 383 callers of ``echo`` in 224k lines).
    Resolved, on SQLite, the same rows come from ``callers_by_level``.
    """
    if not by_name:
        found = callers_by_level(conn, key, depth=depth, cap=cap)
        if found is not None:
            return found
    into = "c.callee_key = {node}.key"
    if by_name:  # by id from two index searches: SQLite scans call_edges for an OR join
        into = (
            "c.id IN (SELECT x.id FROM call_edges x WHERE x.callee_key = {node}.key "
            "UNION ALL SELECT y.id FROM call_edges y WHERE y.callee_key IS NULL "
            "AND y.callee_name = {node}.name AND y.file_id IN named)"
        )
    # A node's name is followed (matched by name) only when no other callable has it; the
    # target's own name always is. Computed once per node, so the join uses the name index.
    followed = f"""CASE WHEN (SELECT count(*) FROM symbols u
        WHERE u.search_name = lower(s.name) AND u.name = s.name AND u.kind IN {_CALLABLES}
          AND u.language IN :langs AND u.is_external = 0) = 1 THEN s.name END"""
    sql = f"""WITH RECURSIVE {_NAMED_FILES},
reach(depth, key, name) AS (
  SELECT 0, :key, :name
  UNION
  SELECT r.depth + 1, c.caller_key, {followed if by_name else "NULL"}
  FROM reach r JOIN call_edges c ON {into.format(node="r")}
  LEFT JOIN symbols s ON s.key = c.caller_key
  WHERE r.depth < :depth - 1
  {_node_limit(conn)}
),
frontier(depth, key, name) AS (
  SELECT min(depth), key, name FROM reach WHERE key IS NOT NULL GROUP BY key, name
),
walk(depth, key, via, file_id, line, col, id) AS (
  SELECT fr.depth + 1, c.caller_key, fr.key, c.file_id, c.line, c.col, c.id
  FROM frontier fr JOIN call_edges c ON {into.format(node="fr")}
)""" + _SYMBOL_OF_NODE.format(name="s.name", order=_CALLERS_ORDER)
    params = {
        "key": key, "name": name, "depth": depth, "langs": list(languages), "cap": cap,
        "nodes": cap, "everywhere": everywhere,
    }  # fmt: skip
    return _sites(conn, sql, params)


_READS = """SELECT 1, o.enclosing_key, s.name, o.symbol_key, f.path, o.start_line, o.start_col,
       s.qualified_name, s.kind, s.accessibility, s.modifiers, sf.path, s.name_line, o.context,
       o.name
FROM occurrences o JOIN files f ON f.id = o.file_id
LEFT JOIN symbols s ON s.key = o.enclosing_key LEFT JOIN files sf ON sf.id = s.file_id
WHERE o.symbol_key IN :keys AND o.role NOT IN ('definition', 'import')
ORDER BY f.path, o.start_line, o.start_col
LIMIT :cap"""
_PROPERTY_PARTS = """SELECT t.key, t.attributes FROM symbols s
JOIN symbols t ON t.file_id = s.file_id AND t.qualified_name = s.qualified_name
WHERE s.key = :key AND s.language = 'python'"""


def property_reads(
    conn: Connection, keys: Sequence[str], *, writes: bool, cap: int = 5000
) -> list[CallSite]:
    """The uses of a property (``property_keys``) as depth-1 callers' sites: reading a property
    runs its getter, and ty's incoming calls of a Python ``@property`` list the functions that
    read it (of its setter, ``writes``: those that assign it too); decorators naming it
    (``@size.setter``) are no use."""
    found: list[CallSite] = []
    for row in tuples(conn, _READS, {"keys": list(keys), "cap": cap}):
        context, name = str(row[13] or ""), str(row[14])
        if context.lstrip().startswith("@"):
            continue
        if not writes and _only_assigned(context, name):
            continue
        found.append(CallSite._make(row[:13]))
    return found


_LIBRARY_CALLS = """WITH walk(depth, key, via, file_id, line, col, id) AS (
  SELECT 1, c.caller_key, c.external_key, c.file_id, c.line, c.col, c.id
  FROM call_edges c WHERE c.external_key = :key
)""" + _SYMBOL_OF_NODE.format(name="s.name", order=_CALLERS_ORDER)


def library_calls(conn: Connection, key: str, *, cap: int = 5000) -> list[CallSite]:
    """The calls the server's outgoing calls led to the external symbol ``key`` (a library's
    function or method), as depth-1 callers' sites (``callers_walk``'s rows)."""
    return _sites(conn, _LIBRARY_CALLS, {"key": key, "cap": cap})


def _only_assigned(line: str, name: str) -> bool:
    """Whether every ``.name`` of a code line is assigned (``x.p = 1``), none read (``y.p``,
    ``x.p += 1``, ``x.p == 1``): the line of ``a.p = b.p`` reads it too."""
    found = [m.end() for m in re.finditer(rf"\.{re.escape(name)}(?![\w$])", line)]
    return bool(found) and all(re.match(r"\s*=(?!=)", line[end:]) for end in found)


def property_parts(conn: Connection, key: str) -> tuple[list[str], bool]:
    """The keys of a Python property's getter, setter and deleter when ``key`` is one of them
    (``@property``, ``@cached_property``, ``@<name>.setter``, ...), else none (the index keys the
    uses to one of them); and whether ``key`` is the getter."""
    rows = tuples(conn, _PROPERTY_PARTS, {"key": key})  # every callers and impact answer asks
    parts = [str(k) for k, attributes in rows if _is_property(attributes)]
    if key not in parts:
        return [], False
    return parts, any(k == key and _is_property(a, _GETTERS) for k, a in rows)


def _is_property(attributes: str | None, kinds: tuple[str, ...] | None = None) -> bool:
    if not attributes:
        return False
    heads = [a.split("(")[0] for a in str(attributes).split() if a.startswith("@")]
    return any(h.endswith(kinds or (*_GETTERS, *_ACCESSORS)) for h in heads)


_GETTERS = ("@property", "cached_property")
_ACCESSORS = (".setter", ".deleter", ".getter")


# The type walks below go one statement per step, each reading one table by an index: SQLite's
# statistics cannot turn them around. Written as recursive queries, they planned well only
# without ``sqlite_stat1``: ``target_key`` is NULL in most rows of a tree-sitter index, which
# the statistics cannot tell from unselective, so with them SQLite scanned ``type_edges``,
# built automatic indexes or Bloom filters over it and over ``symbols`` at every answer
# (measured on the tree-sitter copy of the bench corpus: heirs 0.01 -> 1.2 ms, related members
# 0.02 -> 6-12 ms; pinning the joins did not keep the Bloom filters out). The edges into a type
# go by id, as in ``callers_of``: the index of ``target_key`` alone is read.
_HEIRS_STEP = """SELECT e.source_key FROM type_edges e
WHERE e.id IN (SELECT x.id FROM type_edges x WHERE x.target_key = :key)
  AND e.relation = 'extends' AND NOT EXISTS (
    SELECT 1 FROM symbols c WHERE c.container_key = e.source_key AND c.kind = 'constructor'
      AND (:named IS NULL OR c.name = :named))
ORDER BY e.id"""
_NAMES_OF = "SELECT key, name FROM symbols WHERE key IN :keys"


def heirs_without_constructor(
    conn: Connection, key: str, *, named: str | None = None, cap: int = 2000
) -> list[tuple[str, str]]:
    """(key, name) of the classes deriving from the class ``key``, transitively, that declare no
    constructor of their own (``named``: none of that name): constructing one runs the
    constructor they inherit. Breadth first, each class's heirs in the order of their edges;
    at most ``cap`` (a callers walk each, under a millisecond: sqlmodel's 373 tables deriving
    from SQLModel, 0.7 s for ``lsai callers SQLModel.__new__``; a cap of 200 had dropped the
    constructions of 173 of them)."""
    heirs = [key]
    for node in heirs:  # grows while walked: a queue
        found = tuples(conn, _HEIRS_STEP, {"key": node, "named": named})
        heirs += [k for (k,) in dict.fromkeys(found) if k not in heirs]
    names = dict(in_lists(conn, _NAMES_OF, {}, heirs[1:]))
    return [(k, str(names[k])) for k in heirs[1:] if k in names][:cap]


_ASSIGNED_FROM = """SELECT s.key, s.name, s.signature FROM occurrences o
JOIN symbols s ON s.file_id = o.file_id AND s.start_line = o.start_line
WHERE o.symbol_key = :key AND o.role = 'reference' AND s.kind = 'variable'
  AND s.name_line = o.start_line AND s.name_col < o.start_col
ORDER BY s.key"""
_ASSIGNED_TO = """SELECT DISTINCT t.key, t.name, t.kind, s.name, s.signature FROM symbols s
JOIN occurrences o ON o.file_id = s.file_id AND o.start_line = s.name_line
JOIN symbols t ON t.key = o.symbol_key
WHERE s.key = :key AND s.kind = 'variable' AND o.role = 'reference' AND o.start_col > s.name_col
ORDER BY t.key"""


def assigned_from(conn: Connection, key: str) -> list[tuple[str, str, str | None]]:
    """(key, name, signature) of the variables whose definition line reads the symbol ``key``
    after their name (``EncodedURL = URL``, ``n = len(URL)``: the caller reads the value)."""
    return [(str(k), str(n), s) for k, n, s in tuples(conn, _ASSIGNED_FROM, {"key": key})]


def assigned_to(conn: Connection, key: str) -> list[tuple[str, str, str, str, str | None]]:
    """(key, name, kind) of each symbol the definition line of the variable ``key`` reads after
    its name, with the variable's name and signature."""
    return [tuple(row) for row in tuples(conn, _ASSIGNED_TO, {"key": key})]


# -- the callers walk level by level, on SQLite --------------------------------------------------
# An edge as ``_edges_by_level`` reads it, in the recursive query's order: depth, the call site's
# path and line, the node called, the edge's id; then the caller (NULL: module level), the column.
_EDGES_INTO = """SELECT ?, f.path, c.line, c.callee_key, c.id, c.caller_key, c.col
FROM call_edges c JOIN files f ON f.id = c.file_id WHERE c.callee_key IN ({})"""
_CALLER_SYMBOLS = """SELECT s.key, s.name, s.qualified_name, s.kind, s.accessibility, s.modifiers,
       f.path, s.name_line
FROM symbols s LEFT JOIN files f ON f.id = s.file_id WHERE s.key IN ({})"""
Edge = tuple[int, str, int, str, int, str | None, int]
_UNKNOWN = (None,) * 7  # a caller the symbols table does not hold


def callers_by_level(conn: Connection, key: str, *, depth: int, cap: int) -> list[CallSite] | None:
    """``callers_walk`` resolved (not by name), walked breadth first with one query per level:
    the same rows in the same order, with less work for SQLite (the recursive query reads the
    edges into the first levels twice, and looks a caller up for each of its rows; measured on
    the MCP bench's impact answers, depth 4: 0.91 -> 0.75 ms a walk). ``None`` where it does not
    apply: not SQLite, or where the recursive query's node limit cuts its walk short (which
    nodes it keeps then is its own)."""
    driver = conn.connection.driver_connection
    if conn.dialect.name != "sqlite" or driver is None:
        return None
    dbapi_error = conn.dialect.loaded_dbapi.Error
    try:
        found = _edges_by_level(driver, key, depth, cap)
        if found is None:
            return None
        keys = list(dict.fromkeys(e[5] for e in found if e[5] is not None))
        symbols = {r[0]: r[1:] for r in _in_chunks(driver, _CALLER_SYMBOLS, keys)}
    except dbapi_error as exc:
        raise DBAPIError.instance(_EDGES_INTO, [key], exc, dbapi_error) from exc
    found.sort()  # the first five fields tell any two edges apart
    get = symbols.get
    return [  # tuple.__new__: a named tuple's own constructor costs twice as much, per row
        tuple.__new__(CallSite, (d, caller, info[0], callee, path, line, col, *info[1:]))
        for d, path, line, callee, _, caller, col in found[:cap]
        for info in (get(caller, _UNKNOWN),)  # a module-level caller (None) is unknown too
    ]


def _edges_by_level(driver: Any, key: str, depth: int, cap: int) -> list[Edge] | None:
    """The recursive query's ``walk``: every edge into each node, one level below the first
    level the node is reached at (keyed callers are followed down to depth - 1); ``None`` when
    its ``reach`` would hold ``cap`` (depth, node) pairs or more."""
    reached: set[str] = {key}
    found: list[Edge] = []
    level = [key]
    again: int | None = None  # the first level at which the target is reached again
    for d in range(1, depth + 1):
        edges: list[Edge] = _in_chunks(driver, _EDGES_INTO, level, d)
        found += edges
        callers = [e[5] for e in edges]
        if again is None and d < depth and key in callers:
            again = d
        level = [c for c in dict.fromkeys(callers) if c is not None and c not in reached]
        reached.update(level)
        if not level:
            break
    if 1 + (depth - 1) * len(found) >= cap and _reach(key, found, depth) >= cap:
        return None
    if again is not None:  # reached again, the target is a second node of the frontier (its
        # seed row carries its name, the others none): its edges once more, a level below
        found += [(again + 1, *e[1:]) for e in found if e[0] == 1]
    return found


def _reach(key: str, found: list[Edge], depth: int) -> int:
    """How many (depth, node) pairs the recursive query's ``reach`` holds: the target, then the
    callers of each level's nodes down to depth - 1, a node once per level it is reached at."""
    callers: dict[str, set[str | None]] = {}
    for edge in found:
        callers.setdefault(edge[3], set()).add(edge[5])
    total, level = 1, set[str | None]([key])
    for _ in range(1, depth):
        level = {c for node in level if node is not None for c in callers.get(node, ())}
        total += len(level)
    return total


def _in_chunks(driver: Any, sql: str, values: Sequence[Any], *first: Any) -> list[Any]:
    """The rows of ``sql`` (one ``IN ({})``, after the parameters ``first``) for ``values``, on
    the driver. Each list is padded with NULLs (which match nothing) to a power of two: a handful
    of statement texts, each prepared once by the driver's statement cache, not one per length."""
    out: list[Any] = []
    for start in range(0, len(values), CHUNK):
        chunk = list(values[start : start + CHUNK])
        size = 8
        while size < len(chunk):
            size *= 2
        chunk += [None] * (size - len(chunk))
        out += driver.execute(sql.format(", ".join("?" * size)), [*first, *chunk]).fetchall()
    return out


def callees_walk(
    conn: Connection,
    key: str,
    *,
    depth: int,
    languages: Sequence[str],
    by_name: bool,
    cap: int = 5000,
) -> list[CallSite]:
    """Calls made by ``key`` (depth 1) and, recursively, by what it calls (node set first, then
    the call sites, as in ``callers_walk``).

    Each row: ``depth``, ``key`` of the called symbol (an external symbol's where the server
    located a library's definition; NULL: unresolved), ``name`` as written at the call site,
    ``via`` (the calling key), the call site, and the callee's
    definition when the index holds it.
    """
    external = "c.external_key, " if external_callees_stored(conn) else ""  # a library's symbol
    callee = f"COALESCE(c.callee_key, {external}NULL)"
    if by_name:
        callee = (
            f"COALESCE(c.callee_key, {external}"
            f"CASE WHEN c.file_id IN named THEN {_CALLEE_BY_NAME} END)"
        )
    sql = f"""WITH RECURSIVE {_NAMED_FILES},
reach(depth, key) AS (
  SELECT 0, :key
  UNION
  SELECT r.depth + 1, {callee}
  FROM reach r JOIN call_edges c ON c.caller_key = r.key
  WHERE r.depth < :depth - 1
  {_node_limit(conn)}
),
frontier(depth, key) AS (SELECT min(depth), key FROM reach WHERE key IS NOT NULL GROUP BY key),
walk(depth, key, name, via, file_id, line, col) AS (
  SELECT fr.depth + 1, {callee}, c.callee_name, fr.key, c.file_id, c.line, c.col
  FROM frontier fr JOIN call_edges c ON c.caller_key = fr.key
)""" + _SYMBOL_OF_NODE.format(name="w.name", order="")
    params = {
        "key": key, "depth": depth, "langs": list(languages), "cap": cap, "nodes": cap,
        "everywhere": False,
    }  # fmt: skip
    return _sites(conn, sql, params)


def external_callees_stored(conn: Connection) -> bool:
    """Whether call edges name external symbols (``external_key``, schema v4): not in an index
    an older lsai wrote, read before ``lsai index`` upgrades it."""
    return _schema_since(conn, EXTERNAL_CALLEES)


def external_bases_stored(conn: Connection) -> bool:
    """Whether type edges name external symbols (``external_key``, schema v5): not in an index
    an older lsai wrote, read before ``lsai index`` upgrades it."""
    return _schema_since(conn, EXTERNAL_BASES)


def _schema_since(conn: Connection, version: int) -> bool:
    return remembered(
        conn,
        ("schema since", version),
        lambda: int(conn.execute(_SCHEMA_VERSION).scalar_one()) >= version,
    )


_SCHEMA_VERSION = text("SELECT value FROM meta WHERE key = 'schema_version'")
EXTERNAL_CALLEES = 4
"""The schema version whose call edges name external symbols."""
EXTERNAL_BASES = 5
"""The schema version whose type edges name external symbols."""


def callers_of(
    conn: Connection, keys: Sequence[str], names: Sequence[str], languages: Sequence[str]
) -> list[tuple[str | None, str, str]]:
    """(callee_key, callee_name, path of the calling file) for every call of these symbols:
    by key, and by name in tree-sitter files when ``names`` is given."""
    if not keys and not names:
        return []
    params: dict[str, Any] = {
        "keys": list(keys) or [""], "langs": list(languages), "everywhere": False,
    }  # fmt: skip
    if names:
        params["names"] = list(names)
    return [(r[0], r[1], r[2]) for r in tuples(conn, _callers_of(bool(names)), params)]


@cache
def _callers_of(by_name: bool) -> str:
    """``callers_of``'s statement, by key and, with ``by_name``, by name."""
    # By key and by name, two index searches; UNION keeps each row once, as DISTINCT did. Joined
    # with an OR, SQLite scanned call_edges; so it did for ``callee_key IN`` alone where the
    # table's statistics say every callee_key is NULL (tree-sitter), unless the rows go by id.
    # By name, the rows go by id too: without statistics SQLite took ``callee_key IS NULL`` for
    # selective and read every edge of a tree-sitter index (10 -> 0.1 ms for 4 names).
    sql = f"""WITH {_NAMED_FILES}
SELECT DISTINCT c.callee_key, c.callee_name, f.path
FROM call_edges c JOIN files f ON f.id = c.file_id
WHERE c.id IN (SELECT x.id FROM call_edges x WHERE x.callee_key IN :keys)"""
    if by_name:
        sql += """
UNION
SELECT c.callee_key, c.callee_name, f.path
FROM call_edges c JOIN files f ON f.id = c.file_id
WHERE c.id IN (SELECT y.id FROM call_edges y WHERE y.callee_name IN :names)
  AND c.callee_key IS NULL AND c.file_id IN named"""
    return sql
