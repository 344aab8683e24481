"""The same stdio round trips as ``mcp_bench`` timed from the MCP TypeScript SDK's client.

The agents lsai is configured into (Claude Code, Cursor, OpenCode) are built on the TypeScript
SDK: it compiles each tool's output schema once (ajv) and checks every structured result with
it, where the Python SDK's client walks the schema with ``jsonschema`` on every call (1-1.5 ms of
a callers answer). ``mcp_bench`` times both clients on the same plan of calls against the same
server command; this module installs the SDK into the bench cache (``npm``, once; later runs
work offline) and runs ``mcp_node_client.mjs``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

SDK_PACKAGE = "@modelcontextprotocol/sdk@1.32.2"
SCRIPT = Path(__file__).resolve().parent / "mcp_node_client.mjs"
TIMEOUT = 600.0


class NodeClientUnavailable(Exception):
    """The TypeScript client cannot run here; the message says why and what to do."""


def sdk_dir(cache: Path) -> Path:
    """The SDK installed under ``cache/npm-mcp`` (installed now when missing)."""
    prefix = cache / "npm-mcp"
    sdk = prefix / "node_modules" / "@modelcontextprotocol" / "sdk"
    if (sdk / "package.json").is_file():
        return sdk
    if shutil.which("node") is None or shutil.which("npm") is None:
        raise NodeClientUnavailable("node and npm are not installed (Node.js >= 18 runs it)")
    prefix.mkdir(parents=True, exist_ok=True)
    argv = ["npm", "install", "--prefix", str(prefix), "--no-audit", "--no-fund", SDK_PACKAGE]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode != 0 or not (sdk / "package.json").is_file():
        tail = " | ".join((done.stderr or done.stdout).strip().splitlines()[-3:])
        raise NodeClientUnavailable(
            f"`{' '.join(argv)}` failed ({tail}); run again when the npm registry is reachable"
        )
    return sdk


def time_calls(
    cache: Path,
    command: str,
    args: Sequence[str],
    plan: dict[str, list[tuple[str, dict[str, Any]]]],
    repeat: int,
    floor: int = 0,
) -> dict[str, Any]:
    """``{label: {"ms": [...], "cpu_ms": client CPU per call}, "floor": [...]}`` for the plan's
    calls, each once to warm up and then ``repeat`` rounds, over one stdio connection."""
    sdk = sdk_dir(cache)
    spec = {
        "command": command,
        "args": list(args),
        "cwd": str(Path.cwd()),
        "repeat": repeat,
        "floor": floor,
        "plan": {label: [[n, a] for n, a in calls] for label, calls in plan.items()},
    }
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(spec, handle)
    try:
        done = subprocess.run(
            ["node", str(SCRIPT), handle.name],
            capture_output=True,
            text=True,
            check=False,
            timeout=TIMEOUT,
            env={**os.environ, "MCP_SDK_DIR": str(sdk)},
        )
    finally:
        Path(handle.name).unlink()
    if done.returncode != 0:
        tail = " | ".join(done.stderr.strip().splitlines()[-4:])
        raise NodeClientUnavailable(f"the TypeScript client failed: {tail}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result
