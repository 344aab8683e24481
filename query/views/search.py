"""Text profiles of the search tool."""

from __future__ import annotations

from lsai.query.contracts import SearchResult
from lsai.query.render import footer, plural, renders


def _search_summary(result: SearchResult) -> str:
    shown = len(result.symbols)
    noun = plural("symbol", result.total)
    if result.truncated:
        return f"{shown} of {result.total} {noun}; next page: offset {result.next_offset}"
    return f"{result.total} {noun}"


@renders(SearchResult, "compact")
def _search_compact(result: SearchResult) -> str:
    lines = [f"{h.file}:{h.line} {h.kind} {h.qualified_name}" for h in result.symbols]
    if not result.symbols:
        lines.append(f"no symbols match {result.query!r}")
    return "\n".join(lines + footer(_search_summary(result), result.provenance))


@renders(SearchResult, "grep")
def _search_grep(result: SearchResult) -> str:
    lines = [f"{h.file}:{h.line}:{h.col}: {h.kind} {h.qualified_name}" for h in result.symbols]
    return "\n".join(lines + footer(_search_summary(result), result.provenance))
