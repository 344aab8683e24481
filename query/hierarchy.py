"""The ``hierarchy`` tool: a type's bases (up), implemented interfaces, and derived types (down).

Both directions are recursive queries over ``type_edges``. A base the index resolved
(``target_key``) is followed by key; otherwise by name: the type of that name in the same file,
else the only one in the language family; a base the index does not hold is ``(external)``. The
universal roots (``object``, ``Object``) are left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Literal

from pydantic import Field

from lsai.query.contracts import (
    Contract,
    OutputFormat,
    Provenance,
    SymbolRef,
    SymbolTarget,
    TypeRef,
)
from lsai.query.errors import AmbiguousSymbol, NoSymbolAtPosition, QueryError, SymbolNotFound
from lsai.query.libraries import external_ref, in_module, library_location
from lsai.query.reach import answer_provenance
from lsai.query.resolve import Precision, Resolved, resolve
from lsai.query.workspace import Workspace
from lsai.storage import tool_queries, type_walks
from lsai.storage.engine import Reader, Row

ROOTS = frozenset({"object", "Object", "System.Object"})
SEALED = frozenset({"sealed", "final"})
CAP = 500


class HierarchyInput(SymbolTarget):
    """The inheritance tree of a type: its base chain (up), the interfaces it implements, and
    the types deriving from it (down)."""

    direction: Literal["up", "down", "both"] = Field("both", description="up, down or both")
    depth: int = Field(10, ge=1, le=20, description="Levels to follow in each direction")
    output_format: OutputFormat = Field("compact", description="Output profile")


class HierarchyResult(Contract):
    symbol: SymbolRef
    direction: str
    base_types: list[TypeRef] = Field(description="Ancestor chain, nearest first")
    interfaces: list[TypeRef] = Field(description="Implemented interfaces")
    derived_types: list[TypeRef] = Field(description="Types deriving from it, nearest first")
    sealed: bool = False
    location: str | None = Field(
        None,
        description="Where the library type the answer is about is defined, as its language "
        "server located it (the library's file, from its package folder, and line)",
        exclude_if=lambda v: v is None,
    )
    mode: str = Field(description="semantic, or name-based when a base was matched by name")
    truncated: bool = False
    provenance: Provenance = Field(default_factory=Provenance)


_LAST_PART = re.compile(r"(?:\.|::)([^.:]+)$")


def _shown_name(r: Row) -> str:
    """A type's name as its base clause writes it (``ns.Base``), but a type's own name where
    the clause names it under another, an import's alias (``HTTPError as BaseHTTPError``)."""
    written, own = str(r["name"]), r.get("own_name")
    last = _LAST_PART.search(written)
    if own is None or (last[1] if last else written) == own:
        return written
    return str(own)


def _library_location(r: Row) -> str | None:
    """Where the server located an external base (``json/__init__.pyi:109``), if it did."""
    found = r.get("external_location")
    return library_location(str(found), int(r["external_line"])) if found else None


def type_refs(rows: Sequence[Row], labels: dict[str, str]) -> list[TypeRef]:
    """One TypeRef per type (first level it appears), ``via`` naming the type it hangs from."""
    out: list[TypeRef] = []
    seen: set[str] = set()
    for r in rows:
        identity = str(r["key"] or r["name"])
        external = r["key"] is None
        if identity in seen or (external and r["name"] in ROOTS):
            continue
        seen.add(identity)
        if r["key"] is not None:
            labels[str(r["key"])] = str(r["qualified_name"] or r["name"])
        out.append(
            TypeRef(
                name=_shown_name(r),
                qualified_name=r["qualified_name"],
                kind=r["kind"],
                file=r["file"],
                line=r["line"],
                external=external,
                location=_library_location(r),
                relation=r["relation"],
                depth=r["depth"],
                via=labels.get(str(r["via"])),
                by_name=bool(r["by_name"]) and not external,
            )
        )
    return out


def type_keys(target: Resolved) -> list[str]:
    """The keys of the type declarations ``target`` covers: its own, and those of the types
    merged with it (an interface declared twice, a class and an interface of one name)."""
    return [target.key, *(key for key in target.merged if key.endswith("#"))]


def by_depth(walks: Iterable[Sequence[Row]]) -> list[Row]:
    """The rows of several walks as one, nearest first (``type_refs`` keeps each type once)."""
    return sorted((row for rows in walks for row in rows), key=lambda r: int(r["depth"]))


def hierarchy(ws: Workspace, params: HierarchyInput) -> HierarchyResult:
    with ws.index.connect() as conn:
        try:
            target = resolve(conn, ws, params, kinds=type_walks.TYPE_KINDS)
        except SymbolNotFound:
            if (outside := _library_type(conn, params)) is not None:
                return outside
            raise
        except NoSymbolAtPosition as refused:  # a library's base named in a class header
            if (outside := _library_base(conn, params, refused.site)) is not None:
                return outside
            raise
        if target.ref.kind not in type_walks.TYPE_KINDS:
            if (outside := _library_type(conn, params)) is not None:
                return outside  # ``Exception``, not the field ``exception`` matched by case
            container = target.ref.qualified_name.rpartition(".")[0]
            hint = f" (its container is {container})" if container else ""
            raise QueryError(
                f"hierarchy is about types: {target.ref.qualified_name} is a "
                f"{target.ref.kind}{hint}",
                resolution="pass a class, interface, struct, enum or trait",
            )
        up: list[Row] = []
        down: list[Row] = []
        langs, types = target.family, type_keys(target)
        if params.direction in ("up", "both"):
            up = by_depth(
                type_walks.bases_walk(conn, key, depth=params.depth, languages=langs, cap=CAP)
                for key in types
            )
        if params.direction in ("down", "both"):
            down = by_depth(
                type_walks.derived_walk(
                    conn, key, target.name, depth=params.depth, languages=langs, cap=CAP
                )
                for key in types
            )
        by_name = any(r["by_name"] for r in [*up, *down])
        prec = Precision(
            "name-based" if by_name else "semantic",
            by_name,
            ("types matched by name (the index holds base names, not resolved types)",)
            if by_name
            else (),
            backends=(target.ref.backend,),
        )
        prov = answer_provenance(conn, target, prec)
    labels = dict.fromkeys(types, target.ref.qualified_name)
    bases = type_refs(up, dict(labels))
    return HierarchyResult(
        symbol=target.ref,
        direction=params.direction,
        base_types=[b for b in bases if b.relation != "implements"],
        interfaces=[b for b in bases if b.relation == "implements"],
        derived_types=type_refs(down, dict(labels)),
        sealed=bool(SEALED & set(target.modifiers)),
        mode=prec.mode,
        truncated=len(up) >= CAP or len(down) >= CAP,
        provenance=prov,
    )


def _library_base(
    conn: Reader, params: HierarchyInput, site: tuple[str, int, int, str] | None
) -> HierarchyResult | None:
    """The hierarchy of the library's type a class header names as a base at ``site`` (where
    the server located it), as ``_library_type`` answers it by name; None: no such base."""
    located = None if site is None else type_walks.located_base(conn, [site[3]], site[:2])
    if site is None or located is None:
        return None
    asked = params.model_copy(update={"symbol": site[3]})
    return _library_type(conn, asked, by_name=False, located=located)


def _located(conn: Reader, name: str, names: Sequence[str]) -> str | None:
    """The one library type the server located the bases ``names`` at, narrowed by the module
    ``name`` qualifies it with, if any; None: located nowhere. Several: ambiguous, each with its
    module and place."""
    keys = type_walks.located_bases(conn, names)
    qualifier = name.rpartition(".")[0]
    rows = [r for k in keys if (r := tool_queries.external_symbol(conn, k)) is not None]
    if len(rows) > 1 and qualifier:
        spelled = set(type_walks.located_bases(conn, [name]))  # ``class E(csv.Error)``
        rows = [r for r in rows if r["key"] in spelled or _of_module(qualifier, r)] or rows
    if len(rows) > 1:
        listed = [f"{external_ref(r)[0].qualified_name}  ({external_ref(r)[1]})" for r in rows]
        raise AmbiguousSymbol(
            f"{name!r} names {len(rows)} libraries' types the workspace derives from:\n"
            + "\n".join(f"  {c}" for c in listed),
            resolution="pick one: ask at a class header that names it (file, line, col), or "
            "qualify the name with its module (shutil.Error)",
            candidates=tuple(listed),
        )
    return str(rows[0]["key"]) if rows else None


def _of_module(qualifier: str, row: Row) -> bool:
    """Whether the library symbol ``row`` is of the module ``qualifier`` names, or of the private
    module behind it (``csv.Error`` is ``_csv.Error``)."""
    module = str(external_ref(row)[0].namespace or "")
    return in_module(qualifier, module) or in_module(qualifier, module.lstrip("_"))


def _library_type(
    conn: Reader, params: HierarchyInput, *, by_name: bool = True, located: str | None = None
) -> HierarchyResult | None:
    """The hierarchy of a type the workspace does not define but derives from (a library's or
    the language's: ``Exception``, ``BaseModel``): the workspace types naming it as a base, and
    theirs, and where the server located it (``located``, else where it located every base of
    its name, or of its module's: ``shutil.Error``); None when none does. Bases of one name the
    server located in several libraries are ambiguous by that name."""
    name = params.symbol
    if name is None or (by_name and (params.file is not None or params.line is not None)):
        return None
    found = type_walks.external_bases(conn, name)
    if not found:
        return None
    languages = sorted({str(r["language"]) for r in found})
    names = sorted({str(r["target_name"]) for r in found})
    located = located or _located(conn, name, names)
    down: list[Row] = []
    if params.direction in ("down", "both"):
        down = type_walks.derived_walk(
            conn,
            None,
            name,
            depth=params.depth,
            languages=languages,
            cap=CAP,
            names=names,
            external=located,
        )
    implemented = all(r["relation"] == "implements" for r in found)
    ref = SymbolRef(
        name=name.rpartition(".")[2],
        kind="interface" if implemented else "class",
        qualified_name=name,
        file="",
        line=0,
        col=0,
        backend="index",
    )
    row = tool_queries.external_symbol(conn, located) if located is not None else None
    where = None
    if row is not None:
        library, where = external_ref(row)
        ref = ref.model_copy(update={"kind": library.kind, "namespace": library.namespace})
    note = (
        f"{name} is not defined in the workspace (a library's or the language's type"
        + (f", at {where}" if where else "")
        + "): its derived types are the workspace types that name it as a base, and theirs"
    )
    return HierarchyResult(
        symbol=ref,
        direction=params.direction,
        base_types=[],
        interfaces=[],
        derived_types=[
            t if t.via is not None else t.model_copy(update={"via": name})
            for t in type_refs(down, {})
        ],
        location=where,
        mode="name-based",
        truncated=len(down) >= CAP,
        provenance=Provenance(backends=[], complete=True, notes=[note]),
    )
