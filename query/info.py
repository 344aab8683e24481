"""The ``info`` tool: everything the index knows about one symbol, in one answer.

Tier 1 (name, kind, location, namespace, modifiers, signature, return type, parameters, containing
type), tier 2 (bases, implemented interfaces, member counts, constructors) and tier 3 (attributes)
as far as the index holds them; ``unavailable`` names what it cannot say.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from pydantic import Field

from lsai.query import declared, library_calls, library_fixtures, local_rename, unindexed
from lsai.query.contracts import (
    Contract,
    OutputFormat,
    Provenance,
    SymbolRef,
    SymbolTarget,
    TypeRef,
)
from lsai.query.errors import NoSymbolAtPosition, SymbolNotFound
from lsai.query.hierarchy import by_depth, type_keys, type_refs
from lsai.query.libraries import (
    external_ref,
    file_lines,
    led_to,
    library_location,
    line_of,
    module_file,
    the_external,
)
from lsai.query.provenance import provenance
from lsai.query.reach import answer_provenance
from lsai.query.resolve import Precision, asked_position, overload_siblings, resolve
from lsai.query.workspace import Workspace
from lsai.storage import navigation, queries, tool_queries, type_walks
from lsai.storage.engine import Reader, Row

_MEMBER_ORDER = ("property", "method", "field", "constructor", "event", "class", "enumMember")
_MEMBER_WORDS = {"property": "properties", "class": "classes"}


class InfoInput(SymbolTarget):
    """Everything about one symbol in one call: kind, location, namespace, modifiers, full
    signature, return type and parameters, containing type; for types their bases, interfaces,
    member counts and constructors; attributes and the first line of the doc. At the position of
    a parameter or a local variable: where it is bound, its declaring line and its function."""

    output_format: OutputFormat = Field("compact", description="Output profile")


class Overload(Contract):
    """Another declaration of an overloaded function or method: its line and signature."""

    line: int
    signature: str


class InfoResult(Contract):
    symbol: SymbolRef
    modifiers: list[str] = Field(default_factory=list)
    accessibility: str | None = None
    return_type: str | None = Field(None, alias="return")
    params: str | None = None
    containing: str | None = Field(None, description="Kind and name of the containing symbol")
    base: list[TypeRef] = Field(default_factory=list)
    implements: list[TypeRef] = Field(default_factory=list)
    members: str | None = Field(None, description="e.g. 3 properties, 7 methods, 2 fields")
    member_counts: dict[str, int] = Field(default_factory=dict)
    constructors: list[str] = Field(default_factory=list)
    overloads: list[Overload] = Field(
        default_factory=list,
        description="The other declarations of its overload set (signatures, implementation)",
    )
    attributes: list[str] = Field(default_factory=list)
    doc: str | None = Field(None, description="First line of the documentation")
    unavailable: list[str] = Field(
        default_factory=list, description="Protocol fields the index cannot provide, and why"
    )
    provenance: Provenance = Field(default_factory=Provenance)


def _members_summary(rows: Sequence[Row]) -> tuple[str | None, dict[str, int]]:
    counts = Counter(str(r["kind"]) for r in rows)
    if not counts:
        return None, {}
    order = sorted(counts, key=lambda k: (_MEMBER_ORDER.index(k) if k in _MEMBER_ORDER else 99, k))
    parts = [f"{counts[k]} {k if counts[k] == 1 else _MEMBER_WORDS.get(k, k + 's')}" for k in order]
    return f"{sum(counts.values())} ({', '.join(parts)})", {k: counts[k] for k in order}


def _bases(conn: Reader, keys: Sequence[str], langs: Sequence[str]) -> list[TypeRef]:
    """The direct bases of the type declarations ``keys`` (one, or those merged: ``type_keys``)."""
    walks = (type_walks.bases_walk(conn, key, depth=1, languages=langs) for key in keys)
    return type_refs(by_depth(walks), {})


def _containing(conn: Reader, container_key: str | None) -> str | None:
    if container_key is None:
        return None
    rows = navigation.symbols_by_keys(conn, [container_key])
    return f"{rows[0]['kind']} {rows[0]['qualified_name']}" if rows else None


_GENERIC = re.compile(r"<[^<>()]*>|\w\[[A-Z]")
"""Type parameters in a signature: ``Box<T>``, ``Generic[T]``, ``def f[T]``."""


def info(ws: Workspace, params: InfoInput) -> InfoResult:
    with ws.index.connect() as conn:
        local = local_rename.find(conn, ws, params)
        if local is not None:
            return _local_info(conn, *local)
        fixture = library_fixtures.fixture_at(conn, ws, params)
        at = asked_position(params)
        if fixture is not None and at is not None:  # `def test_x(tmp_path)`
            how = "where the server's definition at a parameter naming it located it"
            found = _external_symbol_info(conn, fixture, [ws.relative(at[0])], how)
            if found is not None:
                return found
        try:
            target = resolve(conn, ws, params)
        except NoSymbolAtPosition as refused:  # a library's name: where its calls lead
            external = _external_info(conn, ws, refused.site) or _library_info(conn, ws, refused)
            if external is None:
                raise
            return external
        except SymbolNotFound:  # a library's function by name (`json.dumps`)
            library = the_external(conn, params.symbol) if params.symbol is not None else None
            if library is None:
                raise
            key, how = str(library["key"]), "where its language server located it"
            called = tool_queries.calls_of_external(conn, key, str(library["name"]))
            found = _external_symbol_info(conn, key, sorted({p for p, _, _ in called}), how)
            assert found is not None  # the_external read it
            return found
        row = navigation.symbol_details(conn, target.key)
        assert row is not None  # resolve returned a symbol of the index
        types = type_keys(target) if target.ref.kind in type_walks.TYPE_KINDS else []
        bases = _bases(conn, types, target.family)
        members = [m for key in types for m in navigation.direct_members(conn, key)]
        summary, counts = _members_summary(members)
        by_name = any(b.by_name for b in bases)
        notes = ("bases matched by name: the index holds their names, not resolved types",)
        prec = Precision("semantic", False, notes if by_name else (), (target.ref.backend,))
        containing = _containing(conn, target.container_key)
        siblings = overload_siblings(conn, target, ws.root)
        prov = answer_provenance(conn, target, prec)
    unavailable: list[str] = []
    if _GENERIC.search(target.ref.signature or ""):  # only said of a generic symbol
        unavailable.append("genericConstraints: the index does not record them")
    if target.ref.backend == "tree-sitter":
        unavailable.append("inferred types: tree-sitter records only what the source spells out")
    return InfoResult(
        symbol=target.ref,
        modifiers=list(target.modifiers),
        accessibility=target.accessibility,
        return_type=row["return_type"],
        params=row["parameters"],
        containing=containing,
        base=[b for b in bases if b.relation != "implements"],
        implements=[b for b in bases if b.relation == "implements"],
        members=summary,
        member_counts=counts,
        constructors=[
            str(m["signature"] or m["name"]) for m in members if m["kind"] == "constructor"
        ],
        overloads=[
            Overload(line=int(r["line"]), signature=str(r["signature"] or r["name"]))
            for r in sorted(siblings, key=lambda r: int(r["line"]))
        ],
        attributes=[a for a in str(row["attributes"] or "").split("\n") if a],
        doc=(str(row["doc"] or "").strip().split("\n", 1)[0] or None),
        unavailable=unavailable,
        provenance=prov,
    )


def _external_info(
    conn: Reader, ws: Workspace, site: tuple[str, int, int, str] | None
) -> InfoResult | None:
    """What the index holds of a library's function or method called at ``site``, or of a
    library's class a class header names there as a base: the external symbol the server's
    outgoing calls, or its definition at the base, located (its kind, module, and its file as
    an absolute path with the line of its name, to read); None: the name there is neither."""
    if site is None:
        return None
    path, how = site[0], "outgoing calls"
    key = led_to(conn, site, file_lines(ws, path))
    if key is None:
        key, how = type_walks.located_base(conn, [site[3]], (path, site[1])), "definition"
    if key is None:
        return None
    return _external_symbol_info(conn, key, [path], f"where the server's {how} located it")


def _library_info(conn: Reader, ws: Workspace, refused: NoSymbolAtPosition) -> InfoResult | None:
    """What the index holds of a library's name used but not called at the refused site (its
    import, an annotation, a value passed on; ``unindexed.untied_sites``: the same name's uses,
    as usages lists them): the external symbol its calls were led to (``_named_info``), else
    the Python module an ``import`` binds to it (``_module_info``)."""
    found = unindexed.untied_sites(conn, ws, refused.site)
    if found is None or refused.site is None:
        return None
    return _named_info(conn, found, refused.site[0]) or _module_info(conn, ws, refused.site)


def _named_info(conn: Reader, found: unindexed.Untied, path: str) -> InfoResult | None:
    """The external symbol the calls among ``found`` were led to, those of ``path`` (the asked
    file) first; None: no call of it was led outside the workspace, or its calls lead to more
    than one definition (two libraries' ``Path``)."""
    name = found.ref.name
    led = library_calls.calls_led(conn, name, found.rows)
    for keys in ({k for (file, *_), k in led.items() if file == path}, set(led.values())):
        if len(keys) == 1:
            key = next(iter(keys))
            _, file, line = min((f != path, f, ln) for (f, ln, _), k in led.items() if k == key)
            located = f"where the server's outgoing calls located its call at {file}:{line}"
            return _external_symbol_info(conn, key, [path], located)
        if keys:
            return None
    return None


def _module_info(conn: Reader, ws: Workspace, site: tuple[str, int, int, str]) -> InfoResult | None:
    """The library module a Python ``import`` binds to the name at ``site`` (``json`` of
    ``import json``; the module a ``from`` statement imports from), where the index's external
    symbols of that module were located in its own file (``json/__init__.pyi``), as the
    server's definition of the name leads there; None: not a module, or no such file."""
    path, line, col, name = site
    row = queries.file_row(conn, path)
    if row is None or row["language"] != "python":
        return None
    lines = file_lines(ws, path)
    module = name if unindexed.from_module(line_of(lines, line), col, name) else None
    if module is None and ws.scopes is not None:  # `import json as js`: what `js` stands for
        module = ws.scopes().imported_names("\n".join(lines).encode("utf-8")).get(name)
    found = module_file(module, tool_queries.external_files(conn, module)) if module else None
    if module is None or found is None:
        return None
    ref = SymbolRef(
        name=name, kind="module", qualified_name=module, file=found, line=1, col=1,
        namespace=module, backend="lsp",
    )  # fmt: skip
    note = (
        f"{name} is a library's module, outside the workspace ({library_location(found, 1)}): "
        f"the file the server located the module's callees in; file is its absolute path"
    )
    return _library_answer(conn, ref, [path], note, "members, doc", "module")


def _external_symbol_info(
    conn: Reader, key: str, paths: Sequence[str], located: str
) -> InfoResult | None:
    """The external symbol ``key`` as ``info`` answers it, asked in ``paths`` (the files of the
    answer's scope); ``located``: how the index knows where it is."""
    row = tool_queries.external_symbol(conn, key)
    if row is None:
        return None
    ref, where = external_ref(row)
    note = (
        f"{ref.name} is a library's, outside the workspace ({where}): {located}; file is that "
        "file's absolute path"
    )
    signature = declared.in_file(ref.file, ref.line)
    if signature is None:
        return _library_answer(conn, ref, paths, note, "signature, doc, members", "definition")
    ref = ref.model_copy(update={"signature": signature})
    note += "; signature: its declaration as that file writes it"
    return _library_answer(conn, ref, paths, note, "doc, members", "definition")


def _library_answer(
    conn: Reader, ref: SymbolRef, paths: Sequence[str], note: str, missing: str, what: str
) -> InfoResult:
    """``info``'s answer for a library's ``ref``: where it is, what the index does not hold of
    it (``missing``; ``what`` it is: a definition, a module) and ``note`` on how it knows."""
    prov = provenance(conn, ["lsp"], paths)
    return InfoResult(
        symbol=ref,
        unavailable=[
            f"{missing}: the index stores where a library's {what} is, not its text (read it there)"
        ],
        provenance=prov.model_copy(update={"notes": [note, *prov.notes]}),
    )


def _local_info(
    conn: Reader, local: local_rename.Local, binding: tuple[int, int], corrected: str
) -> InfoResult:
    """What the index's scopes say of a parameter or local variable, no symbol of the index:
    where it is bound, its declaring line (with the annotation or the value written there) and
    the function it belongs to; its type is the server's to infer, which the index does not
    keep for names other than symbols."""
    found, _ = local_rename.target(conn, local, binding)
    around = tool_queries.enclosing_callable(conn, found.file, binding[0])
    notes = [
        *([corrected] if corrected else []),
        f"{local_rename.described(found, local)}: its binding, by tree-sitter's scopes "
        "(usages lists its uses)",
    ]
    prov = provenance(conn, ["tree-sitter"], [found.file])
    return InfoResult(
        symbol=local_rename.symbol_ref(found, local.lines[binding[0] - 1].strip()),
        containing=f"{around['kind']} {around['qualified_name']}" if around else None,
        unavailable=["type: the index keeps no types of parameters and locals, only the line "
                     "declaring them"],
        provenance=prov.model_copy(update={"notes": [*notes, *prov.notes]}),
    )  # fmt: skip
