"""Where a library's definition is, as the index's external symbols record it: a language
server's outgoing calls located it outside the workspace (``storage.tool_queries``)."""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

_PACKAGE_FOLDERS = (
    "/site-packages/", "/dist-packages/", "/node_modules/", "/stdlib/", "/stubs/", "/pkg/mod/",
    "/src/",
)  # fmt: skip
"""The folders a library's file is named from, the first found first (Go's ``GOROOT/src/``
last: ``/src/`` is in many paths)."""


def library_location(uri: str, line: int) -> str:
    """A library's file and line, from the folder of its packages (``json/__init__.pyi:109``,
    ``@types/node/fs.d.ts:12``, ``fmt/print.go:293``), else its file name."""
    path = unquote(urlsplit(uri).path)
    folder = next((f for f in _PACKAGE_FOLDERS if f in path), None)
    cut = path.rfind(folder) + len(folder) if folder is not None else path.rfind("/") + 1
    return f"{path[cut:]}:{line}"
