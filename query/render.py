"""Output profiles: one registry of renderers over typed results, shared by the CLI and MCP.

Every profile uses workspace-relative paths, full-word kinds and ends with a summary count. The
footer names the backend when an answer comes from tree-sitter (name-based precision) and says
when the index is incomplete for the answer's scope.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from lsai.query.contracts import Provenance
from lsai.query.errors import QueryError

Renderer = Callable[[Any], str]
_RENDERERS: dict[tuple[type[BaseModel], str], Renderer] = {}


def renders(result_type: type[BaseModel], profile: str) -> Callable[[Renderer], Renderer]:
    def register(fn: Renderer) -> Renderer:
        _RENDERERS[(result_type, profile)] = fn
        return fn

    return register


def render(result: BaseModel, profile: str = "compact") -> str:
    import lsai.query.views  # noqa: F401  (registers every renderer)

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


def footer(summary: str, prov: Provenance) -> list[str]:
    tags = [summary]
    if prov.backends == ["tree-sitter"]:
        tags.append("tree-sitter")
    lines = [f"[{' · '.join(tags)}]"]
    lines.extend(f"! {note}" for note in prov.notes)
    return lines
