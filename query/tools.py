"""The registry of LSAI tools: one spec per tool, from which every face is derived.

The CLI builds its commands from these specs, the MCP server registers them (input schema, output
schema, description, annotations), and ``schemas/tools/*.json`` is generated from them. Adding a
tool is adding a spec here; no face changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from lsai.query.contracts import OutlineInput, OutlineResult, SearchInput, SearchResult
from lsai.query.outline import outline
from lsai.query.search import search
from lsai.query.workspace import Workspace

Run = Callable[[Workspace, Any], BaseModel]


@dataclass(frozen=True)
class ToolSpec:
    name: str  # the protocol's short name; MCP exposes it as lsai_<name>
    input: type[BaseModel]
    result: type[BaseModel]
    run: Run
    description: str
    read_only: bool = True
    destructive: bool = False
    positional: str | None = None  # the CLI argument that may be given without its flag
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)  # extra CLI flags

    @property
    def mcp_name(self) -> str:
        return f"lsai_{self.name}"


TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        "search",
        SearchInput,
        SearchResult,
        search,
        "Find symbols by name: * and ? wildcards, Type.member qualified names, kind and scope "
        "filters. Returns file:line, kind and qualified name of each symbol.",
        positional="query",
    ),
    ToolSpec(
        "outline",
        OutlineInput,
        OutlineResult,
        outline,
        "The structure of a file or of a type: members nested under their containers, each "
        "with its full signature (parameters with types and defaults, return type) and line.",
        positional="file",
        aliases={"type_name": ("--type",)},
    ),
)

BY_NAME: dict[str, ToolSpec] = {tool.name: tool for tool in TOOLS}
