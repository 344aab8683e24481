"""Every tool the MCP server serves, as data: derived from ``query.tools.TOOLS`` plus the
workspace tools. The server registers these, and ``schemas/tools/*.json`` is generated
from them, so both always agree; nothing here is written per tool.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from pydantic import BaseModel

from lsai.errors import ErrorCode, LsaiError
from lsai.mcp_server import meta
from lsai.mcp_server.schema_flat import flatten
from lsai.mcp_server.workspaces import Workspaces
from lsai.query.compat.profile import CompatTool, Profile
from lsai.query.compat.profiles import PROFILES
from lsai.query.tools import TOOLS, ToolSpec

Handler = Callable[[Workspaces, Any, str | None], BaseModel]
WORKSPACE_ID = "workspaceId"
_WORKSPACE_ID_SCHEMA = {
    "type": "string",
    "description": "Workspace id from workspace_open or workspace_list "
    "(default: the server's --root workspace)",
}
UNPREFIXED = frozenset({"server"})  # protocol meta tools keep their bare name over MCP


@dataclass(frozen=True)
class ToolDef:
    name: str  # the short name: schemas/tools/<name>.json
    mcp_name: str
    input: type[BaseModel]
    result: type[BaseModel]
    description: str
    handler: Handler
    read_only: bool = True
    destructive: bool = False
    idempotent: bool = True
    scoped: bool = False  # takes an optional workspaceId
    profile: Profile | None = None  # another bridge's tool: its text and error shapes

    def input_schema(self) -> dict[str, Any]:
        """The input model's schema, flattened (``flatten``) and without the model's own
        description: a client hands the model the tool's description beside it, which says
        what the model's docstring does (15 tools: 4,806 -> ~3,400 tokens)."""
        schema = flatten(self.input.model_json_schema(by_alias=True))
        schema.pop("description", None)
        if self.scoped:
            schema.setdefault("properties", {})[WORKSPACE_ID] = dict(_WORKSPACE_ID_SCHEMA)
        return schema

    def output_schema(self) -> dict[str, Any]:
        """The result model's schema, flattened: clients validate every answer against it."""
        return flatten(self.result.model_json_schema(by_alias=True, mode="serialization"))

    def annotations(self) -> dict[str, bool]:
        return {
            "readOnlyHint": self.read_only,
            "destructiveHint": self.destructive,
            "idempotentHint": self.idempotent,
            "openWorldHint": False,
        }


def _run_spec(spec: ToolSpec, spaces: Workspaces, params: Any, ws_id: str | None) -> BaseModel:
    return spaces.answer(spec, params, ws_id)


def _from_spec(spec: ToolSpec) -> ToolDef:
    return ToolDef(
        name=spec.name,
        mcp_name=spec.name if spec.name in UNPREFIXED else spec.mcp_name,
        input=spec.input,
        result=spec.result,
        description=spec.description,
        handler=partial(_run_spec, spec),
        read_only=spec.read_only,
        destructive=spec.destructive,
        idempotent=spec.read_only,
        scoped=True,
    )


def _meta(fn: Callable[[Workspaces, Any], BaseModel]) -> Handler:
    return lambda spaces, params, _ws_id: fn(spaces, params)


def _workspace_tools() -> list[ToolDef]:
    return [
        ToolDef(
            "workspace_open",
            "workspace_open",
            meta.WorkspaceOpenInput,
            meta.WorkspaceOpenResult,
            "Open a project directory for the other tools (pass the returned workspaceId to "
            "them). A directory without an lsai index is indexed first, and the answer says so.",
            _meta(meta.workspace_open),
            read_only=False,
        ),
        ToolDef(
            "workspace_list",
            "workspace_list",
            meta.WorkspaceListInput,
            meta.WorkspaceListResult,
            "List the open workspaces: id, path, indexed files per language.",
            _meta(meta.workspace_list),
        ),
        ToolDef(
            "workspace_close",
            "workspace_close",
            meta.WorkspaceCloseInput,
            meta.WorkspaceCloseResult,
            "Close an open workspace and free what it holds.",
            _meta(meta.workspace_close),
            read_only=False,
            idempotent=False,
        ),
    ]


def _run_compat(tool: CompatTool, spaces: Workspaces, params: Any, _ws_id: str | None) -> BaseModel:
    return spaces.answer_compat(tool.run, tool.workspace(params), params)


def _from_compat(tool: CompatTool, profile: Profile) -> ToolDef:
    return ToolDef(
        name=tool.name,
        mcp_name=tool.name,
        input=tool.input,
        result=tool.result,
        description=tool.description,
        handler=partial(_run_compat, tool),
        read_only=tool.read_only,
        destructive=tool.destructive,
        idempotent=tool.read_only,
        profile=profile,
    )


def tool_defs(profiles: Sequence[str] = ("lsai",)) -> list[ToolDef]:
    """Every served tool of ``profiles``: lsai's own (those of ``TOOLS``, ``server`` among
    them, then the workspace tools) and the other bridges' tool sets asked for; two tools of
    one name are refused."""
    out: list[ToolDef] = []
    for name in dict.fromkeys(profiles):
        if name == "lsai":
            out += [_from_spec(spec) for spec in TOOLS] + _workspace_tools()
        elif name in PROFILES:
            out += [_from_compat(t, PROFILES[name]) for t in PROFILES[name].tools]
        else:
            raise LsaiError(
                f"no tool profile {name!r}",
                code=ErrorCode.INVALID_ARGUMENT,
                resolution="choose among lsai, " + ", ".join(PROFILES),
            )
    seen: dict[str, ToolDef] = {}
    for d in out:
        other = seen.setdefault(d.mcp_name, d)
        if other is not d:
            raise LsaiError(
                f"two profiles serve a tool named {d.mcp_name}",
                code=ErrorCode.INVALID_ARGUMENT,
                resolution="serve one of them (run another `lsai mcp` for the other)",
            )
    return out
