"""Layers point one way: storage <- indexer, storage <- query <- mcp_server / CLI.

Read from every module's imports (including imports inside functions), so a violation fails here
instead of slowly eroding the design.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "storage": ("lsai.indexer", "lsai.query", "lsai.mcp_server", "lsai.cli"),
    "indexer": ("lsai.query", "lsai.mcp_server", "lsai.cli"),
    "query": ("lsai.indexer", "lsai.mcp_server", "lsai.cli"),
    "mcp_server": ("lsai.cli",),
}


def imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_imports_nothing_above_it(layer: str) -> None:
    bad = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in sorted((ROOT / layer).rglob("*.py"))
        for name in imports(path)
        if name.startswith(FORBIDDEN[layer])
    ]
    assert bad == []


def test_only_storage_speaks_sql_through_sqlalchemy() -> None:
    users = {
        str(path.relative_to(ROOT))
        for layer in ("indexer", "query", "mcp_server", "lsai/cli")
        for path in (ROOT / layer).rglob("*.py")
        if any(name.startswith("sqlalchemy") for name in imports(path))
    }
    assert users == set()
