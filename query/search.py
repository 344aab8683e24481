"""The ``search`` tool: symbols by name pattern."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lsai.query import suggest
from lsai.query.contracts import Provenance, SearchInput, SearchResult, SymbolHit, SymbolRef
from lsai.query.provenance import provenance
from lsai.query.renamings import renamings
from lsai.query.scopes import DISTINCT_OVERLOADS, SCOPED_BY_TEXT, runs
from lsai.query.workspace import Workspace
from lsai.storage import navigation, queries
from lsai.storage.engine import Reader

MODES = ("exact", "prefix", "contains")


_DESCRIBE = {"prefix": "starting with it", "contains": "containing it"}


def search(ws: Workspace, params: SearchInput) -> SearchResult:
    """A plain name matches exactly; when nothing does, the sites an export gives the name to
    a symbol of another name (``renamings``), else names starting with it, then names
    containing it, and the answer says so; when none does, it names the likest symbols (a
    typo). Wildcards (``Sess*``) match as written. An overload set is one hit (``overloads``
    counts its other declarations)."""
    wild = "*" in params.query or "?" in params.query
    notes: list[str] = []
    renamed: list[SymbolHit] = []
    with ws.index.connect() as conn:
        for mode in MODES[:1] if wild else MODES:
            rows, total = queries.search_symbols(
                conn,
                params.query,
                kinds=params.kind or (),
                scope=params.scope,
                limit=params.limit,
                offset=params.offset,
                mode=mode,
                overloads_apart=sorted(DISTINCT_OVERLOADS),
            )
            if total:
                if mode != "exact":
                    notes.append(f"no symbol is named {params.query!r}; names {_DESCRIBE[mode]}")
                break
            if mode == "exact" and not (wild or params.offset or params.kind):
                renamed = _renamings(conn, params.query)  # no symbol of its own
                if renamed:
                    break
        if not (total or renamed or wild or params.offset):  # a typo: what it may have meant
            similar = suggest.similar_symbols(conn, params.query)
            if similar:
                notes.append(
                    f"no name contains {params.query!r}; similar: " + suggest.describe(similar)
                )
        found, more = _namesakes_apart(conn, ws, rows)
        more += len(renamed)
        backends = {str(r["backend"]) for r in found} | {h.backend for h in renamed}
        prov: Provenance = provenance(conn, backends)
    if notes:
        prov = prov.model_copy(update={"notes": [*notes, *prov.notes]})
    hits = [*(SymbolHit.from_row(r) for r in found), *renamed]
    end = params.offset + len(rows)  # pages count the rows of the index
    return SearchResult(
        query=params.query,
        symbols=hits,
        total=total + more,
        truncated=end < total,
        next_offset=end if end < total else None,
        provenance=prov,
    )


def _namesakes_apart(
    conn: Reader, ws: Workspace, rows: Sequence[Mapping[Any, Any]]
) -> tuple[list[Mapping[Any, Any]], int]:
    """``rows``, a hit standing for later declarations of its name (``overloads``) in a file
    whose scopes the index does not record (``SCOPED_BY_TEXT``: ``function helper()`` in each
    of two test callbacks) counting only those declared one after the other with it
    (``scopes.runs``), the first of each other run a hit of its own; and how many were added."""
    out: list[Mapping[Any, Any]] = []
    for row in rows:
        if not row["overloads"] or row["language"] not in SCOPED_BY_TEXT:
            out.append(row)
            continue
        static = "static" in str(row["modifiers"] or "").split()
        named = [
            r
            for r in navigation.symbols_named_in(conn, str(row["name"]), str(row["file"]))
            if (r["qualified_name"], r["kind"], r["container_key"])
            == (row["qualified_name"], row["kind"], row["container_key"])
            and ("static" in str(r["modifiers"] or "").split()) == static
            and r["start_line"] >= row["start_line"]
        ]
        out.extend({**run[0], "overloads": len(run) - 1} for run in runs(ws.root, named))
    return out, len(out) - len(rows)


def _renamings(conn: Reader, name: str) -> list[SymbolHit]:
    """Where ``name`` is given to a symbol of another name (``renamings``): a hit at that site,
    of the symbol's kind, with the symbol it names (``alias_of``)."""
    return [
        SymbolHit(
            name=name,
            kind=str(r["sym_kind"]),
            file=str(r["file"]),
            line=int(r["line"]),
            col=int(r["col"]),
            qualified_name=name,
            signature=r["sym_signature"],
            backend=str(r["backend"]),
            alias_of=SymbolRef(
                name=str(r["sym_name"]),
                kind=str(r["sym_kind"]),
                qualified_name=str(r["sym_qualified_name"]),
                file=str(r["sym_file"]),
                line=int(r["sym_line"]),
                col=int(r["sym_col"]),
                namespace=r["sym_namespace"],
                signature=r["sym_signature"],
                backend=str(r["sym_backend"]),
            ),
        )
        for r in renamings(conn, name)
    ]
