"""The ``search`` tool: symbols by name pattern."""

from __future__ import annotations

from lsai.query import suggest
from lsai.query.contracts import Provenance, SearchInput, SearchResult, SymbolHit
from lsai.query.provenance import provenance
from lsai.query.workspace import Workspace
from lsai.storage import queries

MODES = ("exact", "prefix", "contains")


_DESCRIBE = {"prefix": "starting with it", "contains": "containing it"}


def search(ws: Workspace, params: SearchInput) -> SearchResult:
    """A plain name matches exactly; when nothing does, names starting with it, then names
    containing it, and the answer says so; when none does, it names the likest symbols (a
    typo). Wildcards (``Sess*``) match as written."""
    wild = "*" in params.query or "?" in params.query
    notes: list[str] = []
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
            )
            if total:
                if mode != "exact":
                    notes.append(f"no symbol is named {params.query!r}; names {_DESCRIBE[mode]}")
                break
        if not total and not wild and not params.offset:  # a typo: say what it may have meant
            similar = suggest.similar_symbols(conn, params.query)
            if similar:
                notes.append(
                    f"no name contains {params.query!r}; similar: " + suggest.describe(similar)
                )
        prov: Provenance = provenance(conn, {str(r["backend"]) for r in rows})
    if notes:
        prov = prov.model_copy(update={"notes": [*notes, *prov.notes]})
    hits = [SymbolHit.from_row(r) for r in rows]
    end = params.offset + len(hits)
    return SearchResult(
        query=params.query,
        symbols=hits,
        total=total,
        truncated=end < total,
        next_offset=end if end < total else None,
        provenance=prov,
    )
