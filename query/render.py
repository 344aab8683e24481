"""Output profiles: one registry of renderers over typed results, shared by the CLI and MCP.

Every profile uses workspace-relative paths, full-word kinds and ends with a summary count. The
footer names the backend when an answer comes from tree-sitter (name-based precision) and says
when the index is incomplete for the answer's scope.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from lsai.query.contracts import PROFILES, Provenance
from lsai.query.errors import QueryError

Renderer = Callable[[Any], str]
# A tool without its own renderer for a profile uses the nearest one it has (then compact), so
# every listed profile renders for every tool.
FALLBACKS: dict[str, tuple[str, ...]] = {
    "verbose": ("compact",),
    "turbo": ("compact",),
    "compiler": ("grep",),
    "syntax": ("compact",),
}
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
    if profile not in PROFILES:
        raise QueryError(
            f"unknown output format {profile!r}",
            resolution=f"use one of: {', '.join(PROFILES)}",
        )
    for candidate in (profile, *FALLBACKS.get(profile, ()), "compact"):
        renderer = _RENDERERS.get((type(result), candidate))
        if renderer is not None:
            return renderer(result)
    return result.model_dump_json(by_alias=True, exclude_none=True, indent=2)


def footer(summary: str, prov: Provenance) -> list[str]:
    tags = [summary]
    if prov.backends == ["tree-sitter"]:
        tags.append("tree-sitter")
    lines = [f"[{' · '.join(tags)}]"]
    if prov.corrected:
        lines.append(f"! corrected: {prov.corrected}")
    lines.extend(f"! {note}" for note in prov.notes)
    return lines
