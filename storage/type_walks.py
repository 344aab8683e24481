"""Walks over the type graph: bases, derived types, and the members that share a declaration
up or down the hierarchy (``WITH RECURSIVE`` or level by level, SQLite and PostgreSQL).

Resolved edges carry the ``target_key`` a language server (or the indexer's resolution) filled
in; in files indexed by tree-sitter, a base is matched by name: the workspace type of that name
in the same file, else the only one of the language family.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Connection, RowMapping

from lsai.storage.graph import external_bases_stored
from lsai.storage.statements import in_lists, mappings, tuples

TYPE_KINDS = ("class", "interface", "struct", "enum", "trait", "union", "type")
_TYPES = "('class', 'interface', 'struct', 'enum', 'trait', 'union', 'type')"


def _base_by_name(edge: str) -> str:
    """The workspace type a base name stands for: the one in the same file, else the only one.
    A type the language server served is not one a base in a file it served stands for: the
    server's references of that type would have resolved the base (``merge._resolve_bases``),
    so the base is another one, a library's (``from enum import Enum`` beside a workspace
    ``class Enum``; ``urllib.request.Request`` in a module defining ``Request``)."""
    match = f"""s{{n}}.search_name = lower({edge}.target_name) AND s{{n}}.name = {edge}.target_name
      AND s{{n}}.kind IN {_TYPES} AND s{{n}}.language IN :langs AND s{{n}}.is_external = 0
      AND ({edge}.backend <> 'lsp' OR s{{n}}.file_id NOT IN (SELECT fl.id FROM files fl
        WHERE fl.backend = 'lsp' AND fl.status = 'complete'))"""
    return f"""COALESCE(
      (SELECT min(s1.key) FROM symbols s1
       WHERE {match.format(n=1)} AND s1.file_id = {edge}.file_id),
      (SELECT min(s2.key) FROM symbols s2 WHERE {match.format(n=2)} HAVING count(*) = 1))"""


_TYPE_NODE = """
SELECT t.depth, t.key, t.name, t.via, t.relation, t.by_name, s.name AS own_name,
       s.qualified_name, s.kind, s.name_line AS line, f.path AS file,
       x.external_location, x.name_line AS external_line
FROM walk t
LEFT JOIN symbols s ON s.key = t.key
LEFT JOIN files f ON f.id = s.file_id
LEFT JOIN symbols x ON x.key = t.external
ORDER BY t.depth, t.line
LIMIT :cap"""


def bases_walk(
    conn: Connection, key: str, *, depth: int, languages: Sequence[str], cap: int = 500
) -> list[RowMapping]:
    """The bases of ``key`` and, recursively, theirs. ``key`` is NULL for an external base,
    ``external_location`` and ``external_line`` where the server located a library's;
    ``by_name`` is 1 when the base was matched by name rather than resolved or located."""
    base = f"COALESCE(e.target_key, {_base_by_name('e')})"
    external = "e.external_key" if external_bases_stored(conn) else "NULL"
    sql = (
        f"""WITH RECURSIVE walk(depth, key, name, via, relation, by_name, line, external) AS (
  SELECT 1, {base}, e.target_name, :key, e.relation,
         CASE WHEN e.target_key IS NULL AND {external} IS NULL THEN 1 ELSE 0 END, e.line,
         {external}
  FROM type_edges e WHERE e.source_key = :key
  UNION
  SELECT t.depth + 1, {base}, e.target_name, t.key, e.relation,
         CASE WHEN e.target_key IS NULL AND {external} IS NULL THEN 1 ELSE 0 END, e.line,
         {external}
  FROM walk t JOIN type_edges e ON e.source_key = t.key
  WHERE t.depth < :depth AND t.key IS NOT NULL
)"""
        + _TYPE_NODE
    )
    params = {"key": key, "depth": depth, "langs": list(languages), "cap": cap}
    return mappings(conn, sql, params)


def derived_walk(
    conn: Connection,
    key: str | None,
    name: str,
    *,
    depth: int,
    languages: Sequence[str],
    cap: int = 500,
    names: Sequence[str] = (),
    external: str | None = None,
) -> list[RowMapping]:
    """Types deriving from ``key`` (resolved, or naming it where the name stands for it) and,
    recursively, types deriving from those; with no ``key``, from the type no workspace type
    stands for that the bases ``names`` name (a library's: ``Exception``, ``React.Component``):
    with ``external``, the library's type the server located there or a base of that name it
    located nowhere, not another library's of the same name (``shutil.Error``, ``csv.Error``)."""
    # The edges into a node, by id from two index searches (target_key, target_name): joined
    # with an OR, SQLite scanned type_edges for the seed and at every step of the recursion.
    by_name = _base_by_name("y")
    into = f"""e.id IN (SELECT x.id FROM type_edges x WHERE x.target_key = {{key}}
        UNION ALL SELECT y.id FROM type_edges y WHERE y.target_key IS NULL
          AND y.target_name = {{name}} AND {by_name} = {{key}})"""
    seed = into.format(key=":key", name=":name")
    if key is None:
        located = "AND coalesce(y.external_key, :external) = :external" if external else ""
        seed = f"""e.id IN (SELECT y.id FROM type_edges y WHERE y.target_key IS NULL
          AND y.target_name IN :names AND {by_name} IS NULL {located})"""
    step = into.format(key="t.key", name="t.name")
    sql = (
        f"""WITH RECURSIVE walk(depth, key, name, via, relation, by_name, line, external) AS (
  SELECT 1, e.source_key, s.name, :key, e.relation,
         CASE WHEN e.target_key IS NULL THEN 1 ELSE 0 END, e.line, NULL
  FROM type_edges e JOIN symbols s ON s.key = e.source_key
  WHERE {seed}
  UNION
  SELECT t.depth + 1, e.source_key, s.name, t.key, e.relation,
         CASE WHEN e.target_key IS NULL THEN 1 ELSE 0 END, e.line, NULL
  FROM walk t JOIN type_edges e ON {step}
  JOIN symbols s ON s.key = e.source_key
  WHERE t.depth < :depth
)"""
        + _TYPE_NODE
    )
    params = {"key": key, "name": name, "depth": depth, "langs": list(languages), "cap": cap}
    if key is None:
        params["names"] = list(names) or [name]
        if external is not None:
            params["external"] = external
    return mappings(conn, sql, params)


_ALONE = """(' ' || coalesce(modifiers, '') || ' ' LIKE '% static %'
  OR ' ' || coalesce(modifiers, '') || ' ' LIKE '% private %' OR name LIKE '#%')"""
"""A member that shares no declaration with another type's: a static one, a private one
(TypeScript's ``private atom`` and ``#atom`` are their class's alone: ``keyof`` leaves them
out, so @tanstack/store's ``class ReadonlyStore implements Omit<Store<T>, ...>`` declares its
``private atom`` anew, and tsgo's references of it leave out ``Store.atom``'s)."""
_MEMBER = f"""SELECT name, container_key, {_ALONE}
FROM symbols WHERE key = :key AND kind <> 'constructor' AND name NOT IN ('()', 'new()', '[]')"""
_BASES = """SELECT target_key FROM type_edges WHERE source_key IN :keys
  AND target_key IS NOT NULL"""
_DERIVED = """SELECT e.source_key FROM type_edges e
WHERE e.id IN (SELECT x.id FROM type_edges x WHERE x.target_key IN :keys)"""
_DECLARING = f"""SELECT container_key, key, {_ALONE}, kind
FROM symbols WHERE container_key IN :keys AND name = :name"""


def related_members(conn: Connection, key: str, *, cap: int = 200) -> list[str]:
    """The members named like the member ``key`` that share a declaration with it up the type
    hierarchy: of the types its type extends or implements (transitively), those declaring a
    member of that name, and every type deriving from one of those, through resolved edges.
    ``Immer.produce`` and ``ProducersFns.produce`` when ``class Immer implements ProducersFns``;
    two classes implementing one interface method; the methods and properties of the object
    literal a function returns for its declared return type (not the functions it declares:
    redux toolkit's ``function asyncThunk`` beside ``return { reducer() {}, ... }``, nor a
    property holding an arrow function, which the index does not tell from those). Instance
    members only: ``static now`` and ``now`` of one class stay apart, and a static member
    redeclared in a derived class is another member (tsgo relates none: rxjs
    ``TestScheduler.frameTimeFactor`` and ``VirtualTimeScheduler.frameTimeFactor``), and so is
    a private one (``_ALONE``). Empty for a static or private member, for a symbol that is not
    a member, for a constructor (each class has its own; ``super()`` calls the base's, which
    tsgo does not relate to the derived one's), and for a call, construct or index signature
    (``()``, ``new()``, ``[]``: the signatures of one interface are no declarations of one
    member, and tsgo lists none among another's references)."""
    me = tuples(conn, _MEMBER, {"key": key})
    if not me or me[0][1] is None:
        return []
    name, container, static = me[0]
    if static:
        return []
    up = _closure(conn, _BASES, [container])
    tops = [row[0] for row in in_lists(conn, _DECLARING, {"name": name}, up)]
    down = _closure(conn, _DERIVED, list(dict.fromkeys(tops)))
    members = in_lists(conn, _DECLARING, {"name": name}, down)
    return sorted(
        {
            str(k)
            for within, k, s, kind in members
            if k != key and not s and not (kind == "function" and within.endswith(")."))
        }
    )[:cap]


def _closure(conn: Connection, sql: str, start: list[str]) -> list[str]:
    """``start`` and the keys ``sql`` leads to from them (its ``:keys``), level by level."""
    seen = dict.fromkeys(start)
    level = list(seen)
    while level:
        found = [k for (k,) in in_lists(conn, sql, {}, level) if k is not None]
        level = [k for k in dict.fromkeys(found) if k not in seen]
        seen.update(dict.fromkeys(level))
    return list(seen)


_IMPLEMENTING_MEMBERS = """WITH
  me(name, container) AS (SELECT name, container_key FROM symbols WHERE key = :key),
  linked(k) AS (
    SELECT e.target_key FROM me JOIN type_edges e ON e.source_key = me.container
    WHERE e.relation = 'implements' AND e.target_key IS NOT NULL
    UNION
    SELECT e.source_key FROM me JOIN type_edges e ON e.target_key = me.container
    WHERE e.relation = 'implements'
  )
SELECT DISTINCT s.key FROM linked CROSS JOIN symbols s ON s.container_key = linked.k
WHERE s.name = (SELECT name FROM me) AND s.key <> :key
LIMIT :cap"""


def implementing_members(conn: Connection, key: str, *, cap: int = 200) -> list[str]:
    """The members named like the member ``key`` of the types one ``implements`` edge joins to
    its type, either way: for a method of a type, the methods of the interfaces the type
    implements; for a method of an interface, those of the types implementing it (Go's
    ``MapIndex.Type`` and ``Step.Type``), declared by the type or promoted to it from a type
    it embeds (``promoted_members``). One step: two types implementing one interface share
    nothing (a call on one never runs the other), as gopls's references answer. A Go method
    declared in another file than its type has that type as its container too (the indexer
    finds it in the method's package)."""
    found = {str(r["key"]) for r in mappings(conn, _IMPLEMENTING_MEMBERS, {"key": key, "cap": cap})}
    found.update(promoted_members(conn, key))
    return sorted(found)[:cap]


_UNDECLARING = """WITH
  me(name, container) AS (SELECT name, container_key FROM symbols WHERE key = :key)
SELECT e.source_key, me.name FROM me JOIN type_edges e ON e.target_key = me.container
WHERE e.relation = 'implements' AND NOT EXISTS (
  SELECT 1 FROM symbols s WHERE s.container_key = e.source_key AND s.name = me.name)"""
_EMBEDDED = f"""SELECT DISTINCT f.container_key, o.symbol_key FROM symbols f
JOIN occurrences o ON o.file_id = f.file_id AND o.start_line = f.name_line
  AND o.start_col = f.name_col AND o.role = 'reference'
JOIN symbols t ON t.key = o.symbol_key AND t.kind IN {_TYPES}
WHERE f.container_key IN :keys AND f.kind = 'field'"""
_DECLARED = """SELECT container_key, key FROM symbols
WHERE container_key IN :keys AND name = :name"""
_PROMOTION_DEPTH = 8


def promoted_members(conn: Connection, key: str) -> list[str]:
    """For a method of an interface, the methods of its name that the types implementing it
    without declaring one get from a type they embed: ``Circle`` implements ``Shape`` with the
    ``Name`` of its embedded ``Base``, and gopls's references of ``Shape.Name`` list the calls
    of ``Base.Name``. An embedded field is a field whose name is a use of a type; the
    shallowest embedding declaring the method is the one promoted, as Go selects it."""
    rows = tuples(conn, _UNDECLARING, {"key": key})
    if not rows:
        return []
    name = str(rows[0][1])
    level = list(dict.fromkeys(str(r[0]) for r in rows))
    seen = set(level)
    found: list[str] = []
    for _ in range(_PROMOTION_DEPTH):
        embedded = [str(t) for _, t in in_lists(conn, _EMBEDDED, {}, level)]
        level = [t for t in dict.fromkeys(embedded) if t not in seen]
        if not level:
            break
        seen.update(level)
        declared = in_lists(conn, _DECLARED, {"name": name}, level)
        found.extend(str(k) for _, k in declared if str(k) != key)
        holders = {str(c) for c, _ in declared}
        level = [t for t in level if t not in holders]
    return found


def external_bases(conn: Connection, name: str) -> list[RowMapping]:
    """How workspace types name the type ``name`` as a base no workspace type of their
    language stands for (a library's): each base name (``BaseModel``, ``pydantic.BaseModel``;
    ``Component`` for ``React.Component``), language and relation, with how many do."""
    last = name.rpartition(".")[2]
    sql = f"""SELECT e.target_name, s.language, e.relation, count(*) AS n FROM type_edges e
JOIN symbols s ON s.key = e.source_key
WHERE e.target_key IS NULL
  AND (e.target_name IN (:name, :last) OR e.target_name LIKE :dotted ESCAPE '\\')
  AND NOT EXISTS (
  SELECT 1 FROM symbols w WHERE w.search_name = lower(e.target_name) AND w.name = e.target_name
    AND w.kind IN {_TYPES} AND w.language = s.language AND w.is_external = 0)
GROUP BY e.target_name, s.language, e.relation"""
    dotted = "%." + last.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return mappings(conn, sql, {"name": name, "last": last, "dotted": dotted})


def located_base(
    conn: Connection, names: Sequence[str], at: tuple[str, int] | None = None
) -> str | None:
    """The external symbol the server located a base named one of ``names`` at: the one of the
    class header at ``at`` (file, line), or with no ``at`` the one every such base was located
    at; None when none was, or several were (two libraries' ``Error``)."""
    found = located_bases(conn, names, at, limit=2)
    return found[0] if len(found) == 1 else None


def located_bases(
    conn: Connection, names: Sequence[str], at: tuple[str, int] | None = None, limit: int = 50
) -> list[str]:
    """The external symbols the server located the bases named one of ``names`` at (those of
    the class header at ``at``: file, line), by key."""
    if not names or not external_bases_stored(conn):
        return []
    sql = """SELECT DISTINCT e.external_key FROM type_edges e JOIN files f ON f.id = e.file_id
WHERE e.external_key IS NOT NULL AND e.target_name IN :names"""
    params: dict[str, object] = {"names": list(names), "limit": limit}
    if at is not None:
        sql += " AND f.path = :path AND e.line = :line"
        params.update(path=at[0], line=at[1])
    return [str(k) for (k,) in tuples(conn, sql + " ORDER BY 1 LIMIT :limit", params)]


_DECLARED_AT_NAME = """
SELECT DISTINCT o.symbol_key FROM symbols s JOIN occurrences o
  ON o.file_id = s.file_id AND o.start_line = s.name_line AND o.start_col = s.name_col
JOIN symbols d ON d.key = o.symbol_key AND d.is_external = 0
WHERE s.key = :key AND o.role = 'declaration' AND o.name = s.name AND o.symbol_key <> :key
  AND s.kind IN ('property', 'method') AND d.kind IN ('property', 'method')
LIMIT :cap"""


def declared_at_name(conn: Connection, key: str, *, cap: int = 20) -> list[str]:
    """The members of the workspace whose declarations the property or method ``key``'s own
    name is, by the server's definition there: the key of an object literal passed where a
    type literal's member types it (``connect({ host: "a" })`` for ``connect(opts: { host:
    string })``), which tsgo's references there answer as that member's references."""
    return [str(k) for (k,) in tuples(conn, _DECLARED_AT_NAME, {"key": key, "cap": cap})]


_RESOLVED_BASES = """SELECT target_key FROM type_edges WHERE source_key = :key
  AND target_key IS NOT NULL"""
_LOCATED_BASES = """SELECT DISTINCT external_key FROM type_edges WHERE source_key IN :keys
  AND target_key IS NULL AND external_key IS NOT NULL"""
_HEIRS_OF_LOCATED = """SELECT DISTINCT source_key FROM type_edges WHERE external_key IN :keys
  AND target_key IS NULL"""
_HEIRS = "SELECT source_key FROM type_edges WHERE target_key = :key"


def library_kin(conn: Connection, key: str, *, cap: int = 2000) -> set[str]:
    """The workspace classes that derive, as the class ``key`` does, from a library class the
    server located (a base of ``key`` or of its workspace bases, transitively), ``key`` among
    them; empty when it derives from none. A member such a library class declares is read as
    ``self.x`` in each of them: ty's references of one list them all (pygments' formatters'
    ``self.encoding``, Formatter's)."""
    if not external_bases_stored(conn):
        return set()
    ancestors = [key]
    for node in ancestors:  # grows while walked: a queue
        found = tuples(conn, _RESOLVED_BASES, {"key": node})
        ancestors += [k for (k,) in found if k not in ancestors]
    located = [k for (k,) in in_lists(conn, _LOCATED_BASES, {}, ancestors)]
    if not located:
        return set()
    kin = [str(k) for (k,) in in_lists(conn, _HEIRS_OF_LOCATED, {}, located)]
    for node in kin:
        if len(kin) >= cap:
            break
        kin += [k for (k,) in tuples(conn, _HEIRS, {"key": node}) if k not in kin]
    return set(kin)
