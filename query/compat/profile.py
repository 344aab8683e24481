"""What a compatibility profile is: its tools, their error shape and their text.

A profile's tool names, inputs and results are the other bridge's; ``run`` answers from a
workspace. ``workspace`` reads the path a call names its workspace by, if the bridge passes one
(FS-001's ``workspaceRoot``, lsp-mcp-server's absolute ``file_path``): the MCP face opens that
workspace (indexing it first when it has no index) instead of its default one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict

from lsai.errors import LsaiError
from lsai.query.workspace import Workspace


def no_path(_params: Any) -> str | None:
    """A tool whose calls name no workspace: the default one answers."""
    return None


class Snake(BaseModel):
    """A bridge contract with snake_case names (lsp-mcp-server's, lspi's) that refuses unknown
    parameters, as their schemas do."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def json_text(result: BaseModel) -> str:
    """The structured answer as indented JSON: what these bridges print."""
    return json.dumps(result.model_dump(mode="json", by_alias=True), indent=2, ensure_ascii=False)


@dataclass(frozen=True)
class CompatTool:
    name: str
    input: type[BaseModel]
    result: type[BaseModel]
    run: Callable[[Workspace, Any], BaseModel]
    description: str
    read_only: bool = True
    destructive: bool = False
    workspace: Callable[[Any], str | None] = no_path


@dataclass(frozen=True)
class Profile:
    name: str
    title: str  # the bridge it stands in for
    tools: tuple[CompatTool, ...]
    error: Callable[[LsaiError], dict[str, Any]]  # an error as the bridge's structured content
    error_text: Callable[[LsaiError], str]
    text: Callable[[BaseModel], str] = json_text
