"""Output profiles: one registry of renderers over typed results, shared by the CLI and MCP.

Every profile uses workspace-relative paths, full-word kinds and ends with a summary count. The
footer names the backend when an answer comes from tree-sitter (name-based precision) and says
when the index is incomplete for the answer's scope.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from lsai.query.contracts import OutlineMember, OutlineResult, Provenance, SearchResult
from lsai.query.errors import QueryError

Renderer = Callable[[Any], str]
_RENDERERS: dict[tuple[type[BaseModel], str], Renderer] = {}


def renders(result_type: type[BaseModel], profile: str) -> Callable[[Renderer], Renderer]:
    def register(fn: Renderer) -> Renderer:
        _RENDERERS[(result_type, profile)] = fn
        return fn

    return register


def render(result: BaseModel, profile: str = "compact") -> str:
    if profile == "json":
        return result.model_dump_json(by_alias=True, exclude_none=True, indent=2)
    renderer = _RENDERERS.get((type(result), profile))
    if renderer is None:
        available = sorted({p for (t, p) in _RENDERERS if t is type(result)} | {"json"})
        raise QueryError(
            f"output format {profile!r} is not available for this tool",
            resolution=f"use one of: {', '.join(available)}",
        )
    return renderer(result)


def plural(word: str, n: int) -> str:
    if n == 1:
        return word
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _footer(summary: str, prov: Provenance) -> list[str]:
    tags = [summary]
    if prov.backends == ["tree-sitter"]:
        tags.append("tree-sitter")
    lines = [f"[{' · '.join(tags)}]"]
    lines.extend(f"! {note}" for note in prov.notes)
    return lines


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
    return "\n".join(lines + _footer(_search_summary(result), result.provenance))


@renders(SearchResult, "grep")
def _search_grep(result: SearchResult) -> str:
    lines = [f"{h.file}:{h.line}:{h.col}: {h.kind} {h.qualified_name}" for h in result.symbols]
    return "\n".join(lines + _footer(_search_summary(result), result.provenance))


def _outline_line(m: OutlineMember) -> str:
    head = " ".join([*m.attributes, m.signature])
    return f"{head} [{m.line}]"


@renders(OutlineResult, "compact")
def _outline_compact(result: OutlineResult) -> str:
    lines: list[str] = []
    for section in result.sections:
        title = section.file
        if section.namespace:
            title += f"  (namespace {section.namespace})"
        lines.append(title)

        def walk(members: list[OutlineMember], indent: int) -> None:
            for m in members:
                lines.append("  " * indent + _outline_line(m))
                walk(m.members, indent + 1)

        walk(section.members, 1)
        if not section.members:
            lines.append("  (no symbols)")
    parts = [f"{n} {plural(kind, n)}" for kind, n in sorted(result.counts.items())]
    summary = ", ".join(parts) if parts else f"0 symbols in {result.target}"
    return "\n".join(lines + _footer(summary, result.provenance))


@renders(OutlineResult, "grep")
def _outline_grep(result: OutlineResult) -> str:
    lines: list[str] = []
    for section in result.sections:

        def walk(members: list[OutlineMember], file: str = section.file) -> None:
            for m in members:
                lines.append(f"{file}:{m.line}:1: {m.kind} {m.signature}")
                walk(m.members)

        walk(section.members)
    n = sum(result.counts.values())
    return "\n".join(lines + _footer(f"{n} {plural('symbol', n)}", result.provenance))
