"""Renderers of every tool's results, one module per tool; importing registers them."""

from lsai.query.views import (
    calls,
    deps,
    diagnostics,
    hierarchy,
    impact,
    info,
    outline,
    rename,
    search,
    server,
    usages,
)

__all__ = [
    "calls",
    "deps",
    "diagnostics",
    "hierarchy",
    "impact",
    "info",
    "outline",
    "rename",
    "search",
    "server",
    "usages",
]
