"""The ``usages`` tool: every place a symbol is used, grouped by file, with the code line.

Semantic where a language server resolved the references (occurrences carrying the symbol's key:
imports, calls, reads, writes; the definition only when asked), name-based in files indexed by
tree-sitter (occurrences of the name, which may belong to other symbols of that name: the answer
says so). One page per call (``limit``/``offset``); the count comes from a separate indexed count.
A page that would print more than ``MAX_LINES`` lines prints as per-file counts and says so; its
structured answer (MCP's structured content, ``--format json``) still holds every usage of it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from lsai.query import (
    commonjs_export,
    commonjs_object,
    commonjs_property,
    default_import,
    go_package,
    jsdoc_parameters,
    library_fixtures,
    literal_keys,
    local_rename,
    macro_guards,
    prototypes,
    shorthand,
    unindexed,
)
from lsai.query.errors import NoSymbolAtPosition, SymbolNotFound
from lsai.query.libraries import file_lines
from lsai.query.reach import (
    ASSIGNED_WHY,
    FALLBACK_WHY,
    IMPORT_FALLBACK_WHY,
    TSGO_LANGUAGES,
    answer_provenance,
    assigned_members,
    fallbacks,
    implementing_why,
    import_fallbacks,
    named_constructors,
    precision,
    related_members,
    shown_names,
)
from lsai.query.resolve import (
    Resolved,
    asked_position,
    overload_siblings,
    resolve,
    sharing_references,
    with_meanings_met,
)
from lsai.query.scopes import in_scope_of
from lsai.query.usage_contracts import (
    FileCount,
    Usage,
    UsageFile,
    UsagesInput,
    UsagesResult,
)
from lsai.query.workspace import Workspace
from lsai.storage import graph, navigation, queries
from lsai.storage.engine import Reader, Row

__all__ = ["FileCount", "Usage", "UsageFile", "UsagesInput", "UsagesResult", "usages"]

MAX_LINES = 400


def _group(rows: Sequence[Row]) -> list[UsageFile]:
    files: dict[str, list[Usage]] = {}
    for r in rows:
        files.setdefault(str(r["file"]), []).append(
            Usage(
                line=r["line"],
                col=r["col"],
                role=r["role"],
                context=r["context"],
                by_name=r["symbol_key"] is None,
            )
        )
    return [UsageFile(file=f, usages=u) for f, u in files.items()]


def constructions(target: Resolved) -> str | None:
    """The class whose call sites (``new C(...)``, keyed to the class: the name is the class's)
    are usages of ``target`` too: its class when ``target`` is a TypeScript or JavaScript
    constructor."""
    # tsgo answers a constructor's references with ``new Query(...)``; ty answers
    # ``__init__``'s with the name ``__init__`` only
    if target.ref.kind != "constructor" or target.language not in TSGO_LANGUAGES:
        return None
    return target.container_key


def relatives(conn: Reader, target: Resolved) -> tuple[list[str], str | None]:
    """The members whose sites are usages of ``target`` too (``related_members``: a call
    through the interface is a usage of the class's method, and the other way round), and a
    note naming them."""
    keys = related_members(conn, target.key, target.language, target.container_key)
    if not keys and (made := named_constructors(conn, target)):
        return made, (
            f"includes the uses of its constructors ({shown_names(conn, made)}): a constructor "
            "is named after its class, so declaring or calling one names the class"
        )
    if not keys:
        keys = fallbacks(conn, target)
        if keys:
            return keys, f"includes the usages of {shown_names(conn, keys)}: {FALLBACK_WHY}"
        return [], None
    shown = shown_names(conn, keys)
    if target.language in TSGO_LANGUAGES:
        why = (
            f"{'they share' if len(keys) > 1 else 'it shares'} a declaration with this member "
            "(up the type hierarchy: one implements or overrides the other, or both the same "
            "interface member; or this member, an object's key, is typed by it, a type "
            "literal's), and TypeScript's server counts those as its references"
        )
    else:
        why = implementing_why("references")
    return keys, f"includes the usages of {shown}: {why}"


def site_members(
    conn: Reader, ws: Workspace, params: UsagesInput, asked: Resolved
) -> tuple[list[str], str | None]:
    """Asked at a JavaScript or TypeScript site the server keyed to members besides ``asked``,
    those members and the ones sharing a declaration with them, and a note naming them: at a
    shorthand property naming a symbol (``create({ make_ })``: the function ``make_`` and the
    property the parameter's type declares there, ``Annotation.make_``), and at a member read
    through a union (``p.type`` of ``p: TextPoint | ElementPoint``: each type's ``type``),
    tsgo's references there are all of theirs; at another use of the symbol, its own alone."""
    at = asked_position(params)
    if at is None or at[2] is None or asked.language not in TSGO_LANGUAGES:
        return [], None
    path, line, col = ws.relative(at[0]), at[1], at[2]
    row = queries.file_row(conn, path)
    here = navigation.occurrences_on_lines(conn, int(row["id"]), line, line) if row else []
    own = next(
        (o for o in here if o["symbol_key"] == asked.key and o["col"] <= col <= o["end_col"]),
        None,
    )
    site = int(own["col"]) if own is not None else None
    others = [
        str(o["symbol_key"])
        for o in here
        if o["col"] == site and o["symbol_key"] not in (None, asked.key)
    ]
    if own is None or site is None or not others:
        return [], None
    members = [r for r in navigation.symbols_by_keys(conn, others) if r["container_key"]]
    # a read, not an object's key declaring its member (``connect({ host })``: its type's
    # member is a relative, whose declaration tsgo lists with the key's uses)
    read = own["role"] not in ("definition", "declaration")
    if shorthand.is_shorthand(file_lines(ws, path), line, site, asked.name):
        why = "asked at a shorthand property, it lists the uses of {}, the property it names there"
    elif read and asked.container_key and len(members) == len(set(others)):
        why = "asked at a member read through a union of types, it lists the uses of {} there"
    else:
        return [], None
    keys: list[str] = []
    for r in members:
        key = str(r["key"])
        shared = related_members(conn, key, r["language"], r["container_key"])
        keys += [k for k in (key, *shared) if k not in keys and k != asked.key]
    if not keys:
        return [], None
    return keys, why.format(shown_names(conn, keys)) + ", too, as TypeScript's server does"


CLANGD_LANGUAGES = frozenset(("c", "cpp"))
_ONE_SYMBOL = frozenset(("python", *TSGO_LANGUAGES))
"""Languages whose server answers an overload set as one symbol: ty's and tsgo's references of
one overload hold the other overloads' declarations; clangd's, jdtls's of a C++ or Java
overload are that function's alone."""
_OVERLOADED = frozenset(("function", "method", "constructor"))
_NAME = re.compile(r"(?:[^\W\d]|\$)[\w$]*")
_OVERLOAD = re.compile(r"@(?:typing\.|t\.|typing_extensions\.)?overload\b")


def _overloaded(target: Resolved) -> bool:
    """Whether ``target`` may have other declarations of its overload set (``_declared_with``)."""
    return (
        target.language in _ONE_SYMBOL
        and target.ref.kind in _OVERLOADED
        and _NAME.fullmatch(target.name) is not None
    )


def _declared_with(
    conn: Reader, root: Path, asked: Resolved, target: Resolved, siblings: Sequence[Row]
) -> list[str]:
    """The other declarations of ``target``'s overload set (of a function, a method, a
    constructor) among its ``siblings`` (``overload_siblings``), which its usages list as its
    server's references do; none of a call, construct or index signature (``()``, ``new()``:
    tsgo answers no references there). An interface declared twice is a merged symbol
    (``Resolved.merged``), answered together by name. ``asked`` is the declaration asked
    about, ``target`` the one holding the set's references (``sharing_references``)."""
    if not _overloaded(target):
        return []
    # ty's references of one ``def`` of a name defined twice end at the next binding; of an
    # ``@overload`` stack they hold every declaration
    if target.language == "python" and not any(
        _OVERLOAD.search(str(r["attributes"] or "")) for r in siblings
    ):
        return []
    if target.language == "python":
        # one stack of several (attrs' `Factory` overloads under `if sys.version_info` and
        # again under `else`): ty's references list the declarations of the stack its uses
        # lead to (the one holding them), none of another's, and never the one asked
        rows = [*navigation.symbols_by_keys(conn, [target.key]), *siblings]
        own = [r for r in rows if r["key"] == asked.key]
        stack = in_scope_of(root, own[0], rows) if own else rows
        if own and not any(r["key"] == target.key for r in [*stack, *own]):
            return []
        return [str(r["key"]) for r in stack if r["key"] != asked.key]
    # tsgo's references at any declaration of the set list every other one, not the one asked
    others = [str(r["key"]) for r in siblings if r["key"] != asked.key]
    return others if asked.key == target.key else [target.key, *others]


def _accessors(conn: Reader, target: Resolved, siblings: Sequence[Row]) -> list[str]:
    """The other ``def``s of a Python property (``@property``, ``@<name>.setter``,
    ``@<name>.deleter``: ``graph.property_parts``) among ``target``'s ``siblings``, which its
    usages list as ty's references of each part do."""
    if target.language != "python" or not siblings:
        return []
    parts, _ = graph.property_parts(conn, target.key)
    keys = {str(r["key"]) for r in siblings}
    return [k for k in parts if k in keys]


def _bound_again(
    conn: Reader, target: Resolved, siblings: Sequence[Row], declared: Sequence[str]
) -> tuple[list[str], str | None]:
    """The other bindings of a Python name bound more than once in its scope (``if``/``else``,
    ``try``/``except``, a ``def`` again: its ``siblings``) that hold usages, which are the
    target's too, and a note saying so. ty answers the same references at each binding; the
    index keys a use to one of them (wrapt's ``exec_``, a variable in one branch and a function
    in the other: ``from compat import exec_`` names both, the calls after it the function
    alone)."""
    if target.language != "python":
        return [], None
    rows = [
        r
        for r in siblings
        if str(r["key"]) not in declared and navigation.has_usage(conn, str(r["key"]))
    ]
    if not rows:
        return [], None
    lines = ", ".join(str(r["line"]) for r in sorted(rows, key=lambda r: int(r["line"])))
    note = (
        f"{target.name} is bound again in its scope (line {lines}): a use may name either, "
        "so the usages of each are listed"
    )
    return [str(r["key"]) for r in rows], note


def _scoped(conn: Reader, ws: Workspace, params: UsagesInput) -> UsagesResult | None:
    """The usages at a name tree-sitter's scopes read, no symbol of the index: a parameter's or
    a local's (``local_rename``), a key's of the object literal a function's variable holds
    (``literal_keys``); None: another name."""
    local = local_rename.find(conn, ws, params, shorthands=True)
    if local is not None:
        imported = unindexed.imported_local(conn, ws, params, local)
        return imported or unindexed.local_usages(conn, ws, params, local, usages)
    literal = literal_keys.find(conn, ws, params)
    if literal is not None:  # `data.text` of a function's `var data = { text: ... }`
        return unindexed.literal_usages(conn, params, literal)
    parameter = jsdoc_parameters.find(conn, ws, params)
    if parameter is not None:  # `values` of `@param {(values: Value[]) => any} fn`
        return jsdoc_parameters.usages(conn, ws, params, parameter)
    return None


def _in_importers(conn: Reader, keys: Sequence[str], why: str) -> str | None:
    """The note of an answer that takes in the uses of ``keys`` in the files importing the
    symbol (``import_fallbacks``, ``assigned_members``), and ``why``; None: no such keys."""
    if not keys:
        return None
    return f"includes the uses of {shown_names(conn, keys)} in the files importing it: {why}"


_VARIABLES = frozenset(("variable", "constant"))


def _other_bindings(
    target: Resolved, siblings: Sequence[Row], declared: Sequence[str]
) -> list[str]:
    """The other assignments of a Python variable bound again in its scope (pint's numpy_func.py
    ``for ufunc_str in ...:`` eight times at module scope, ``if``/``else`` assignments), whose
    definitions its usages with the definition list: ty's references with the declarations list
    every binding, at each binding and each use. Not a ``def`` bound again (ty's references of
    one end at the next binding)."""
    if target.language != "python" or target.ref.kind not in _VARIABLES:
        return []
    return [
        str(r["key"])
        for r in siblings
        if r["kind"] in _VARIABLES and str(r["key"]) not in (target.key, *declared)
    ]


def usages(ws: Workspace, params: UsagesInput) -> UsagesResult:
    with ws.index.connect() as conn:
        scoped = _scoped(conn, ws, params)
        if scoped is not None:
            return scoped
        fixture = library_fixtures.fixture_usages(conn, ws, params)
        if fixture is not None:  # `def test_x(tmp_path)`: pytest's fixture
            return fixture
        try:
            asked = resolve(conn, ws, params)
        except NoSymbolAtPosition as refused:  # a library's name: its uses by name
            answered = _unindexed(conn, ws, params, refused.site)
            if answered is None:
                raise
            return answered
        except SymbolNotFound:  # a library's function by name (`json.dumps`): as at its calls
            library = unindexed.library_usages(conn, ws, params)
            library = library or library_fixtures.fixture_usages_by_name(conn, ws, params)
            if library is None:
                raise
            return library
        bound = default_import.bound_usages(conn, ws, params, asked)
        if bound is not None:  # `import _has from './_has.js'` of `function has`: the file's
            return bound
        at = asked_position(params)
        if at is not None:
            asked = with_meanings_met(conn, ws, asked, *at)
        target = sharing_references(conn, asked, root=ws.root)
        related, note = relatives(conn, target)
        keyed, keyed_note = site_members(conn, ws, params, asked)
        related += [k for k in keyed if k not in related]
        same_scope = (
            overload_siblings(conn, target, ws.root)
            if target.language == "python" or _overloaded(target)
            else []
        )
        siblings = _declared_with(conn, ws.root, asked, target, same_scope) or _accessors(
            conn, target, same_scope
        )
        # asked at another declaration of its stack, the one holding the references is listed
        # as the others are (ty's references at a later `@overload` list the first's name)
        stacked = target.key in siblings
        siblings = [k for k in siblings if k != target.key]
        if params.include_definition and siblings and asked.key not in (target.key, *siblings):
            siblings.append(asked.key)  # with the declarations, the one asked is one of them
        rebound, bound_note = _bound_again(conn, target, same_scope, siblings)
        bindings = (
            _other_bindings(target, same_scope, siblings) if params.include_definition else []
        )
        fallen = import_fallbacks(conn, target)
        ref = target.ref
        place = (ref.file, ref.line, ref.col)
        through = (
            []
            if target.container_key
            else assigned_members(conn, target.key, target.language, ref.kind, place)
        )
        fallen_note = _in_importers(conn, fallen, IMPORT_FALLBACK_WHY)
        through_note = _in_importers(conn, through, ASSIGNED_WHY)
        notes = (note, keyed_note, bound_note, fallen_note, through_note)
        note = "; ".join(n for n in notes if n)
        # a C++ class's constructors: declaring one names the class; a call names it where it
        # spells it (not `Index<float> q(4)`), as clangd's references of the class say
        cpp = target.language in CLANGD_LANGUAGES
        named = related if cpp and related and related == named_constructors(conn, target) else []
        declared = [*siblings, *named, *bindings]
        # a site keyed to several once
        related = [*related, *target.merged, *siblings, *rebound, *fallen, *through]
        related += [k for k in bindings if k not in related]
        prec = precision(conn, target)
        scope = navigation.UsageScope(
            target.key,
            target.name,
            name_languages=target.family if prec.by_name else (),
            name_everywhere=prec.everywhere,
            include_definition=params.include_definition or stacked,
            calls_of=constructions(target),
            related=related,
            # gopls: the related's uses; at a shorthand or a union's member, tsgo's references
            # hold the other members' declarations with the symbol's alone
            related_definitions=target.language in TSGO_LANGUAGES
            and (not keyed or params.include_definition),
            declared=declared,
            related_spelled=bool(named),
            fallen=fallen,
            through=through,
        )
        rows = navigation.usages_page(conn, scope, limit=params.limit, offset=params.offset)
        if params.offset == 0 and len(rows) < params.limit:  # the whole answer: no count
            total, file_count = len(rows), len({r["file"] for r in rows})
        else:
            total, file_count = navigation.usages_count(conn, scope)
        files = _group(rows)
        per_file: list[FileCount] | None = None
        degraded: str | None = None
        if len(rows) + len(files) > MAX_LINES:
            counts = navigation.usages_per_file(conn, scope)
            per_file = [FileCount(file=f, count=n) for f, n in counts]
            degraded = (
                f"{len(rows)} usages would print more than {MAX_LINES} lines: shown as "
                "per-file counts (the structured answer, and --format json, hold them all); "
                "ask for a smaller limit to see the code lines"
            )
        prov = answer_provenance(conn, target, prec, [note] if note else [])
    end = params.offset + len(rows)
    return UsagesResult(
        symbol=target.ref,
        mode=prec.mode,
        files=files,
        total=total,
        file_count=file_count,
        truncated=end < total,
        next_offset=end if end < total else None,
        per_file=per_file,
        degraded=degraded,
        provenance=prov,
    )


def _unindexed(
    conn: Reader, ws: Workspace, params: UsagesInput, site: tuple[str, int, int, str] | None
) -> UsagesResult | None:
    """The usages at a name that is no symbol of the index (``site``); None: none answers."""
    exported = commonjs_export.export_usages(conn, ws, params, usages)
    if exported is not None:  # `module.exports = lte`: the export's requirers
        return exported
    required = commonjs_object.object_export_usages(conn, ws, params, usages)
    if required is not None:  # `module.exports = {`: the requirers' bindings of the module
        return required
    guarded = macro_guards.guarded_usages(conn, ws, params, site, usages)
    if guarded is not None:  # `#ifndef LIMIT` before `#define LIMIT 3`: the macro's
        return guarded
    clauses = go_package.clause_usages(conn, ws, params, site)
    if clauses is not None:  # `package lru`: the package's clauses and imports, as gopls's
        return clauses
    proto = prototypes.prototype_usages(conn, ws, params, site)
    if proto is not None:  # `F.prototype` of a workspace function
        return proto
    free = commonjs_property.free_exports_usages(conn, ws, params, site)
    if free is not None:  # `exports` of `exports.cli = ...`: the file's own
        return free
    exported_property = commonjs_property.property_usages(conn, ws, params, site)
    if exported_property is not None:  # `exports.cli = ...`: the module's own sites of it
        return exported_property
    return unindexed.untied_usages(conn, ws, params, site)
