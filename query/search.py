"""The ``search`` tool: symbols by name pattern."""

from __future__ import annotations

from lsai.query.contracts import Provenance, SearchInput, SearchResult, SymbolHit
from lsai.query.provenance import provenance
from lsai.query.workspace import Workspace
from lsai.storage import queries


def search(ws: Workspace, params: SearchInput) -> SearchResult:
    with ws.index.connect() as conn:
        rows, total = queries.search_symbols(
            conn,
            params.query,
            kinds=params.kind or (),
            scope=params.scope,
            limit=params.limit,
            offset=params.offset,
        )
        prov: Provenance = provenance(conn, {str(r["backend"]) for r in rows})
    hits = [
        SymbolHit(
            name=r["name"],
            kind=r["kind"],
            file=r["file"],
            line=r["line"],
            col=r["col"],
            qualified_name=r["qualified_name"],
            namespace=r["namespace"],
            signature=r["signature"],
            backend=r["backend"],
        )
        for r in rows
    ]
    end = params.offset + len(hits)
    return SearchResult(
        query=params.query,
        symbols=hits,
        total=total,
        truncated=end < total,
        next_offset=end if end < total else None,
        provenance=prov,
    )
