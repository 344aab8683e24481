"""Text profiles of the search tool."""

from __future__ import annotations

from lsai.query.calls import CALLABLE_KINDS
from lsai.query.contracts import SearchResult, SymbolHit
from lsai.query.render import footer, renders
from lsai.query.views import syntax
from lsai.query.views.folders import INDENT, listing
from lsai.words import plural


def _search_summary(result: SearchResult) -> str:
    shown = len(result.symbols)
    noun = plural("symbol", result.total)
    if result.truncated:
        return f"{shown} of {result.total} {noun}; next page: offset {result.next_offset}"
    return f"{result.total} {noun}"


def _end(result: SearchResult, lines: list[str]) -> str:
    return "\n".join(lines + footer(_search_summary(result), result.provenance))


def _named(hit: SymbolHit) -> str:
    """A hit's qualified name, with the further declarations it stands for (overloads)."""
    word = "overload" if hit.kind in CALLABLE_KINDS else "declaration"  # a property's setter
    more = f" (+{hit.overloads} {plural(word, hit.overloads)})" if hit.overloads else ""
    if hit.alias_of is not None:
        of = hit.alias_of
        more += f" = {of.qualified_name} ({of.file}:{of.line})"
    return hit.qualified_name + more


def _by_file(hits: list[SymbolHit]) -> list[list[SymbolHit]]:
    """The hits of each file together, files in order of their first hit."""
    files: dict[str, list[SymbolHit]] = {}
    for h in hits:
        files.setdefault(h.file, []).append(h)
    return list(files.values())


@renders(SearchResult, "compact")
def _search_compact(result: SearchResult) -> str:
    """Hits by folder and file (``folders``): ``file:line kind name``, and a file's further hits
    indented under it as ``line kind name`` (as usages list a file's lines)."""

    def entry(hits: list[SymbolHit], shown: str, indent: str) -> list[str]:
        first, *rest = hits
        inner = indent + INDENT
        return [f"{indent}{shown}:{first.line} {first.kind} {_named(first)}"] + [
            f"{inner}{h.line} {h.kind} {_named(h)}" for h in rest
        ]

    lines = listing(_by_file(result.symbols), lambda hits: hits[0].file, entry)
    if not result.symbols:
        lines.append(f"no symbols match {result.query!r}")
    return _end(result, lines)


@renders(SearchResult, "grep")
def _search_grep(result: SearchResult) -> str:
    lines = [f"{h.file}:{h.line}:{h.col}: {h.kind} {_named(h)}" for h in result.symbols]
    return _end(result, lines)


@renders(SearchResult, "verbose")
def _search_verbose(result: SearchResult) -> str:
    """Compact plus each symbol's namespace and full signature."""
    lines: list[str] = []
    for h in result.symbols:
        ns = f"  (namespace {h.namespace})" if h.namespace else ""
        lines.append(f"{h.file}:{h.line}:{h.col} {h.kind} {_named(h)}{ns}")
        if h.signature:
            lines.append(f"    {h.signature}")
    if not result.symbols:
        lines.append(f"no symbols match {result.query!r}")
    return _end(result, lines)


@renders(SearchResult, "turbo")
def _search_turbo(result: SearchResult) -> str:
    """Names and positions only."""
    lines = [f"{h.qualified_name} {h.file}:{h.line}" for h in result.symbols]
    return _end(result, lines)


@renders(SearchResult, "compiler")
def _search_compiler(result: SearchResult) -> str:
    lines = [f"{h.file}({h.line},{h.col}): {h.kind} {_named(h)}" for h in result.symbols]
    return _end(result, lines)


@renders(SearchResult, "syntax")
def _search_syntax(result: SearchResult) -> str:
    """Each symbol's declaration as code, grouped by file, with its line in a comment."""
    lines: list[str] = []
    current: str | None = None
    for h in result.symbols:
        language = syntax.language_of(h.file)
        if h.file != current:
            current = h.file
            lines.append(f"{syntax.comment(language)} {h.file}")
        code = syntax.declaration(h.signature or h.name, h.kind, language, False)
        lines.append(syntax.annotate(code, language, f":{h.line} {h.qualified_name}"))
    return _end(result, lines)
