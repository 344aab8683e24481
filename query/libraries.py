"""Where a library's definition is, as the index's external symbols record it: a language
server's outgoing calls located it outside the workspace (``storage.tool_queries``)."""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

from lsai.query.contracts import SymbolRef
from lsai.storage.engine import Row

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


def external_ref(row: Row) -> tuple[SymbolRef, str]:
    """An external symbol's row (``tool_queries.external_symbol``) as a symbol, its file the
    library file's absolute path, and where it is as ``library_location`` says it."""
    name, module, line = str(row["name"]), row["namespace"], int(row["name_line"])
    uri = str(row["external_location"])
    ref = SymbolRef(
        name=name, kind=str(row["kind"]), qualified_name=f"{module}.{name}" if module else name,
        file=unquote(urlsplit(uri).path), line=line, col=int(row["name_col"]), namespace=module,
        backend="lsp",
    )  # fmt: skip
    return ref, library_location(uri, line)
