"""The MCP face: one ``MCPServer`` whose tools are generated from the tool definitions.

Each tool's input schema is its contract's (camelCase, with descriptions and defaults) and its
output schema its result model's. A call answers with the rendered text profile (``outputFormat``)
and the result as structured content; an ``LsaiError`` becomes a tool error result whose text is
``error[CODE]: message`` / ``fix: resolution`` and whose structured content carries the three.
"""

from __future__ import annotations

import gc
import logging
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

import anyio.to_thread
from mcp.server import MCPServer
from mcp.server.mcpserver.tools.base import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, ConfigDict, ValidationError

from lsai import PROTOCOL, __version__
from lsai.errors import ErrorCode, LsaiError
from lsai.mcp_server.stdio import pipe_stdio, pipes
from lsai.mcp_server.tooldefs import WORKSPACE_ID, ToolDef, tool_defs
from lsai.mcp_server.workspaces import Workspaces
from lsai.query.compat.profile import Profile
from lsai.query.compat.profiles import PROFILES
from lsai.query.render import render

log = logging.getLogger("lsai.mcp")
INSTRUCTIONS = (
    "lsai answers questions about the code of a workspace from an index built by its language "
    "servers, in milliseconds, with exact answers where grep guesses. Use lsai_search to find "
    "where a symbol is, lsai_outline for what a file or type holds (full signatures), lsai_info "
    "for one symbol, lsai_usages for every use of it (no comments, no strings), lsai_callers / "
    "lsai_callees for the call graph (depth up to 5), lsai_hierarchy for bases and derived "
    "types, lsai_impact before changing a symbol, lsai_rename to rename it (previews first), "
    "lsai_diagnostics for compiler errors, lsai_deps for the project graph. Address a symbol by "
    "name (Type.member, package.Name) or by file, line and col (1-based); an ambiguous name "
    "answers with its candidates, each with the form that picks it. Paths are relative to the "
    "workspace root. Answers say when a file changed since indexing or was matched by name "
    "only. INDEX_BUILDING: the index is being built, ask again in a few seconds. Use "
    "workspace_open to work on another directory."
)


class _Arguments(ArgModelBase):
    """Hands the raw arguments to the tool, which validates them against its own contract."""

    model_config = ConfigDict(extra="allow")

    def model_dump_one_level(self) -> dict[str, Any]:
        return {"arguments": dict(self.model_extra or {})}


class _Server(MCPServer):
    async def run_stdio_async(self) -> None:
        """Over pipes, the thread-free transport of ``mcp_server.stdio``; else the SDK's."""
        if not pipes():
            await super().run_stdio_async()
            return
        low = self._lowlevel_server
        async with pipe_stdio() as (read_stream, write_stream):
            await low.run(read_stream, write_stream, low.create_initialization_options())


def build_server(spaces: Workspaces, profiles: Sequence[str] = ("lsai",)) -> MCPServer:
    """An MCP server answering every tool of ``tool_defs(profiles)`` from ``spaces``."""
    tools = [_mcp_tool(d, spaces) for d in tool_defs(profiles)]
    others = [PROFILES[p].title for p in profiles if p in PROFILES]
    instructions = INSTRUCTIONS if "lsai" in profiles else ""
    if others:
        instructions += (
            f" Also served, with their own names, parameters and results: {', '.join(others)}"
            ", answered from the same index."
        ).lstrip()
    return _Server(
        "lsai",
        version=__version__,
        title=f"lsai ({PROTOCOL})",
        instructions=instructions,
        tools=tools,
        log_level="WARNING",
    )


def _mcp_tool(tool: ToolDef, spaces: Workspaces) -> Tool:
    async def call(arguments: dict[str, Any]) -> CallToolResult:
        return await anyio.to_thread.run_sync(partial(execute, tool, spaces, arguments))

    ann = tool.annotations()
    return Tool(
        fn=call,
        name=tool.mcp_name,
        description=tool.description,
        parameters=tool.input_schema(),
        fn_metadata=FuncMetadata(arg_model=_Arguments, output_schema=tool.output_schema()),
        is_async=True,
        annotations=ToolAnnotations(
            read_only_hint=ann["readOnlyHint"],
            destructive_hint=ann["destructiveHint"],
            idempotent_hint=ann["idempotentHint"],
            open_world_hint=ann["openWorldHint"],
        ),
    )


def execute(tool: ToolDef, spaces: Workspaces, arguments: dict[str, Any]) -> CallToolResult:
    """Validate, answer, render: one tool call, every failure an error result with a code."""
    given = dict(arguments)
    ws_id = given.pop(WORKSPACE_ID, None) if tool.scoped else None
    try:
        if ws_id is not None and not isinstance(ws_id, str):
            raise LsaiError(
                f"{WORKSPACE_ID} must be a string",
                code=ErrorCode.INVALID_ARGUMENT,
                resolution="pass the id workspace_open or workspace_list returned",
            )
        try:
            params = tool.input.model_validate(given)
        except ValidationError as exc:
            raise invalid_argument(tool, exc) from None
        result = tool.handler(spaces, params, ws_id)
        if tool.profile is not None:
            text = tool.profile.text(result)
        else:
            text = render(result, str(getattr(params, "output_format", "compact")))
    except LsaiError as error:
        return error_result(error, tool.profile)
    except Exception as exc:  # a bug: answer with a code rather than drop the connection
        log.exception("tool %s failed", tool.mcp_name)
        return error_result(
            LsaiError(
                f"{type(exc).__name__}: {exc}",
                resolution="this is a bug in lsai; the server log has the traceback",
            )
        )
    return ok_result(text, result)


def ok_result(text: str, result: BaseModel) -> CallToolResult:
    return CallToolResult(
        content=[TextContent(type="text", text=text)],
        structured_content=result.model_dump(mode="json", by_alias=True),
    )


def error_result(error: LsaiError, profile: Profile | None = None) -> CallToolResult:
    """An error as a tool error result: lsai's ``error[CODE]`` text and ``{code, message,
    resolution}``, or the shapes of the bridge whose tool was called (``profile``)."""
    if profile is not None:
        text, data = profile.error_text(error), profile.error(error)
    else:
        text = f"error[{error.code}]: {error.message}"
        if error.resolution:
            text += f"\nfix: {error.resolution}"
        data = error.to_dict()
    return CallToolResult(
        content=[TextContent(type="text", text=text)], structured_content=data, is_error=True
    )


def invalid_argument(tool: ToolDef, exc: ValidationError) -> LsaiError:
    problems = "; ".join(
        f"{'.'.join(str(p) for p in e['loc']) or 'input'}: {e['msg']}" for e in exc.errors()
    )
    return LsaiError(
        f"invalid arguments for {tool.mcp_name}: {problems}",
        code=ErrorCode.INVALID_ARGUMENT,
        resolution=f"see the input schema of {tool.mcp_name} in tools/list",
    )


# -- transports ----------------------------------------------------------------------------------
def parse_http(address: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:8000`` for IPv6) as (host, port)."""
    host, sep, port = address.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise LsaiError(
            f"--http {address!r} is not HOST:PORT",
            code=ErrorCode.INVALID_ARGUMENT,
            resolution="for example --http 127.0.0.1:8765",
        )
    return host.strip("[]"), int(port)


def serve(
    root: Path | None,
    database: str | None,
    http: str | None = None,
    *,
    watch: bool = True,
    profiles: Sequence[str] = ("lsai",),
) -> None:
    """Serve over stdio, or over streamable HTTP at ``http://HOST:PORT/mcp`` when ``http``;
    with ``watch``, every open workspace's index is kept current by a file watcher, stopped
    (servers shut down, threads joined) when the server ends."""
    spaces = Workspaces(root, database, watch=watch)
    server = build_server(spaces, profiles)
    try:
        if watch:
            spaces.start()
        # What start-up made (modules, schemas, models, the open index: ~200k objects) lives as
        # long as the server: out of the collector's sight, a full collection scans only what
        # calls and updates make since (measured: pauses of 65-130 ms in the middle of a call)
        gc.freeze()
        if http is None:
            server.run("stdio")
        else:
            host, port = parse_http(http)
            print(f"lsai mcp: streamable HTTP on http://{host}:{port}/mcp", file=sys.stderr)
            server.run("streamable-http", host=host, port=port)
    finally:
        spaces.close_all()
