"""What an answer about a resolved symbol takes in besides the symbol itself, and how exact it is:
the members it shares a declaration with up or down the type hierarchy (as tsgo and gopls count
them), the constructors named after a class, the bindings in its place where an import of it may
fail; whether the answer is semantic, name-based or mixed, and its provenance."""

from __future__ import annotations

from collections.abc import Sequence

from lsai.query.contracts import Provenance
from lsai.query.provenance import provenance
from lsai.query.resolve import Precision, Resolved
from lsai.query.unfound import unfound_note
from lsai.storage import navigation, type_walks
from lsai.storage.engine import Reader
from lsai.storage.keys import template_of
from lsai.words import plural


# -- precision -----------------------------------------------------------------------------------
def precision(conn: Reader, target: Resolved) -> Precision:
    """Whether answers about ``target`` are semantic (keys), name-based (tree-sitter) or mixed."""
    counts = navigation.backend_counts(conn, target.family)
    named_files = counts.get("tree-sitter", 0)
    if not named_files:
        return Precision("semantic", by_name=False, notes=_untied(conn, target))
    others = [r for r in navigation.symbols_named(conn, target.name) if r["key"] != target.key]
    may = (
        f"may include {len(others)} other symbol(s) named {target.name}"
        if others
        else f"no other symbol is named {target.name}"
    )
    if named_files == sum(counts.values()):
        return Precision("name-based", True, (f"name-based (tree-sitter): {may}",), (), len(others))
    note = f"{named_files} file(s) indexed by tree-sitter are matched by name: {may}"
    everywhere = target.ref.backend == "tree-sitter" and _not_a_member(conn, target)
    if everywhere:
        where = target.ref.file
        note = f"{where} is indexed by tree-sitter: uses matched by name in every file ({may})"
    return Precision("mixed", True, (note, *_untied(conn, target)), (), len(others), everywhere)


_UNTYPED = frozenset({"python", "javascript", "jsx"})


def _untied(conn: Reader, target: Resolved) -> tuple[str, ...]:
    """For a type's member a server indexed: the uses of its name as a member that the server
    tied to nothing in the workspace (``x.filter(...)`` where it could not tell ``x``'s type:
    Django's managers), only in the languages whose receivers often have no type a server can
    tell (Python, JavaScript: elsewhere such uses are a library's members, ``map.get``); for a
    TypeScript or JavaScript top-level symbol, the imports of its name tied to nothing (``from
    'three'`` in three.js's examples, whose package entry is a build not shipped). The answer
    leaves them out: an agent changing the symbol should know they are there."""
    if target.ref.backend != "lsp":
        return ()
    if not _not_a_member(conn, target):
        if target.language not in _UNTYPED or target.ref.kind == "constructor":
            return ()  # a constructor is called by its class's name (`this.constructor` is no call)
        languages = [language for language in target.family if language in _UNTYPED]
        count, files, first = navigation.untied_member_uses(conn, target.name, languages)
        what, spelled = "use", f"'.{target.name}'"
    elif target.container_key is None and target.language in TSGO_LANGUAGES:
        count, files, first = navigation.untied_imports(conn, target.name, target.family)
        what, spelled = "import", repr(target.name)
    else:
        return ()
    if not count:
        return ()
    more = "+" if count > navigation.UNTIED_COUNTED else ""
    count = min(count, navigation.UNTIED_COUNTED)
    return (
        f"not listed: {count:,}{more} {plural(what, count)} of {spelled} in {files:,}{more} "
        f"{plural('file', files)} the server tied to no symbol (e.g. {first}); some may be "
        "this symbol's",
    )


def answer_provenance(
    conn: Reader, target: Resolved, prec: Precision, extra: Sequence[str] = ()
) -> Provenance:
    """The provenance every symbol tool returns: index health, precision, corrections."""
    backends = list(prec.backends) or {
        "semantic": [target.ref.backend],
        "name-based": ["tree-sitter"],
    }.get(prec.mode, [target.ref.backend, "tree-sitter"])
    base = provenance(conn, backends)
    unfound = (
        unfound_note(conn, target.name, target.ref.file) if target.container_key is None else None
    )
    notes = [*target.notes, *prec.notes, *extra, *([unfound] if unfound else []), *base.notes]
    return base.model_copy(update={"notes": notes, "corrected": target.corrected})


TSGO_LANGUAGES = frozenset({"typescript", "tsx", "javascript", "jsx"})
"""Languages whose answers follow tsgo's: a member's references take in its relatives', a
constructor's its class's constructions."""


IMPLEMENTING_LANGUAGES = frozenset({"go"})
"""Languages whose answers follow gopls's: a method's references take in those of the methods
its type implements or that implement it, one step (``type_walks.implementing_members``)."""


def implementing_why(counted: str) -> str:
    """Why the sites of ``IMPLEMENTING_LANGUAGES``' related members are in an answer, whose
    server counts them as its ``counted`` (references, incoming calls)."""
    return (
        "one implements the other (a call through the interface may run the type's method), "
        f"and gopls counts those as its {counted}"
    )


def related_members(
    conn: Reader,
    key: str,
    language: str | None,
    container_key: str | None,
    *,
    renaming: bool = False,
) -> list[str]:
    """For a TypeScript or JavaScript member, the members it shares a declaration with up the
    type hierarchy (``type_walks.related_members``) and those its name declares too (an object's
    key typed by a type literal's member: ``type_walks.declared_at_name``): tsgo counts their
    sites among its references, and renames them with it (an implementation keeps the
    interface's name). For a Go method,
    the interface methods it implements, or the methods implementing it
    (``type_walks.implementing_members``): gopls counts their sites among its references and its
    incoming calls; ``renaming``, all those sharing a declaration with it, as TypeScript's (a
    method renamed alone, or with its interface's alone, leaves a type no longer implementing
    the interface; gopls refuses the one and breaks the build with the other). None
    elsewhere."""
    if container_key is None:
        return []
    if container_key.endswith("/"):
        return []  # a namespace's: no member of a type (``Outer.Inner`` merged with another)
    if container_key.endswith(")."):
        return []  # a function's local: namesakes in its blocks are other bindings (chalk's
        # `const ansi` in each `if (model === ...)` of one function), no type's members
    if language in TSGO_LANGUAGES:
        related = type_walks.related_members(conn, key)
        return related + [k for k in type_walks.declared_at_name(conn, key) if k not in related]
    if renaming and language in IMPLEMENTING_LANGUAGES:
        return type_walks.related_members(conn, key)
    if language in IMPLEMENTING_LANGUAGES:
        return type_walks.implementing_members(conn, key)
    return []


def named_constructors(conn: Reader, target: Resolved) -> list[str]:
    """The constructors of the class ``target`` named after it (C++: ``Circle(2.0)``, ``new
    Circle(...)`` name the class, and clangd counts them among its references); none where a
    constructor has a name of its own (``constructor``, ``__init__``)."""
    if target.ref.kind not in ("class", "struct"):
        return []
    members = navigation.direct_members(conn, target.key)
    return [
        str(m["key"])
        for m in members
        if m["kind"] == "constructor" and m["name"] == template_of(target.name)
    ]


def fallbacks(conn: Reader, target: Resolved) -> list[str]:
    """For a Python symbol, those bound in its place where a file's import of it may fail
    (``navigation.fallbacks``: ``except ImportError: def helper()``): a later use of the name
    in that file is either, ty's definition there answers both and its references of the
    imported symbol include the use, while the index keys the site to the file's own."""
    if target.language != "python":
        return []
    return navigation.fallbacks(conn, target.key)


def import_fallbacks(conn: Reader, target: Resolved) -> list[str]:
    """For a Python symbol, the others a file imports under the same name in its place
    (``navigation.import_fallbacks``: ``try: from fast import helper`` / ``except
    ImportError: from slow import helper``): ty's references of each include a later use of
    the name there, which the index keys to one of them."""
    if target.language != "python":
        return []
    return navigation.import_fallbacks(conn, target.key, target.name)


def assigned_members(
    conn: Reader, key: str, language: str | None, kind: str, place: tuple[str, int, int]
) -> list[str]:
    """For a Python module-level variable (``key``, of ``kind``, named at ``place``) assigned a
    member of its name (marshmallow-sqlalchemy's ``column2field =
    default_converter.column2field``), that member: an importer's call ``column2field(...)`` is
    keyed to the method (ty's first definition there), while ty's references and rename at the
    variable, or its import, take those calls in too. A member's ``kind`` is no variable."""
    if language != "python" or kind != "variable":
        return []
    return navigation.assigned_members(conn, key, *place)


def assigned_sites(
    conn: Reader, key: str, name: str, members: Sequence[str]
) -> list[tuple[str, int, int]]:
    """The sites of the ``assigned_members`` of ``key`` its usages list (``UsageScope.through``)."""
    if not members:
        return []
    scope = navigation.UsageScope(key, name, related=members, through=members)
    rows = navigation.usages_page(conn, scope, limit=1_000_000)
    return [
        (str(r["file"]), int(r["line"]), int(r["col"])) for r in rows if r["symbol_key"] in members
    ]


ASSIGNED_WHY = (
    "it holds that member, so a call of the name in a file importing it names both (ty counts "
    "it for both)"
)


IMPORT_FALLBACK_WHY = (
    "imported under the same name in its place where an import may fail, so a use of the name "
    "in that file may be either (ty counts it for both)"
)

FALLBACK_WHY = (
    "defined in its place where a file's import of it may fail, so a use of the name there "
    "may be either (ty counts it for both)"
)


def shown_names(conn: Reader, keys: Sequence[str], most: int = 5) -> str:
    """The qualified names of ``keys`` for a note: ``A.f, B.f and 3 more``."""
    names = sorted({str(r["qualified_name"]) for r in navigation.symbols_by_keys(conn, keys)})
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(names[:most]) + more


def _not_a_member(conn: Reader, target: Resolved) -> bool:
    """Whether ``target`` is no type's member, whose name (``get``, ``close``) the servers'
    files mostly call on other types, resolved elsewhere and not recorded."""
    if target.container_key is None:
        return True
    container = navigation.symbols_by_keys(conn, [target.container_key])
    return not container or container[0]["kind"] not in type_walks.TYPE_KINDS
