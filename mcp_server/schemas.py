"""Generate ``schemas/tools/<name>.json``: the input and output JSON Schema of every MCP tool
(``<profile>/<name>.json`` for the other bridges' tool sets ``lsai mcp --profile`` serves).

    python -m lsai.mcp_server.schemas            # (re)write schemas/tools/ under the current dir
    python -m lsai.mcp_server.schemas --check    # exit 1 and list what is out of date

The files are generated from the same tool definitions the server registers, so a test fails
whenever a contract changes and its checked-in schema does not.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from lsai.mcp_server.tooldefs import ToolDef, tool_defs
from lsai.query.compat.profiles import PROFILES

SCHEMA_DIR = Path("schemas") / "tools"
REGENERATE = "python -m lsai.mcp_server.schemas"


def document(tool: ToolDef) -> dict[str, Any]:
    return {
        "name": tool.name,
        "mcpName": tool.mcp_name,
        "description": tool.description,
        "annotations": tool.annotations(),
        "inputSchema": tool.input_schema(),
        "outputSchema": tool.output_schema(),
    }


def generate() -> dict[str, str]:
    """File path (under the schema folder) -> content, for every tool of every profile."""
    folders = {"lsai": ""} | {name: f"{name}/" for name in PROFILES}
    return {
        f"{folder}{tool.name}.json": json.dumps(document(tool), indent=2, ensure_ascii=False) + "\n"
        for profile, folder in folders.items()
        for tool in tool_defs([profile])
    }


def out_of_date(directory: Path) -> list[str]:
    """The files in ``directory`` that differ from, lack, or are not among ``generate()``'s."""
    wanted = generate()
    present = (
        {p.relative_to(directory).as_posix() for p in directory.rglob("*.json")}
        if directory.is_dir()
        else set()
    )
    stale = [
        name
        for name, text in wanted.items()
        if name not in present or (directory / name).read_text(encoding="utf-8") != text
    ]
    return sorted(stale + [name for name in present if name not in wanted])


def write(directory: Path) -> list[str]:
    """Bring ``directory`` up to date; the names of the files written or removed."""
    changed = out_of_date(directory)
    directory.mkdir(parents=True, exist_ok=True)
    wanted = generate()
    for name in changed:
        if name in wanted:
            (directory / name).parent.mkdir(parents=True, exist_ok=True)
            (directory / name).write_text(wanted[name], encoding="utf-8")
        else:
            (directory / name).unlink()
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=REGENERATE, description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=SCHEMA_DIR, help="default: schemas/tools")
    parser.add_argument("--check", action="store_true", help="only report stale files")
    args = parser.parse_args(argv)
    if args.check:
        stale = out_of_date(args.out)
        for name in stale:
            print(f"out of date: {args.out / name}", file=sys.stderr)
        if stale:
            print(f"regenerate with: {REGENERATE}", file=sys.stderr)
        return 1 if stale else 0
    for name in write(args.out):
        print(f"wrote {args.out / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
