"""Where a library's definition is, as the index's external symbols record it: a language
server's outgoing calls located it outside the workspace (``storage.tool_queries``)."""

from __future__ import annotations

import re
from pathlib import Path
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


_SIGNATURE_LINES = 60
_SIGNATURE_END = re.compile(r"\)\s*(?:->[^:]*)?:")


def declares_parameter(uri: str, line: int, name: str) -> bool:
    """Whether the Python ``def`` at ``line`` of the library file ``uri`` (where a server's
    outgoing calls located a callee: an external symbol) names a parameter ``name`` in its
    signature (``action`` of argparse's ``add_argument``), not one ``**kwargs`` alone takes
    (``str.format(n=1)``); False where the file cannot be read."""
    try:
        text = Path(unquote(urlsplit(uri).path)).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    lines = text.splitlines()[line - 1 : line - 1 + _SIGNATURE_LINES]
    signature = "\n".join(re.sub(r"#.*", "", x) for x in lines)
    end = _SIGNATURE_END.search(signature)
    signature = signature[: end.start()] if end is not None else signature
    return re.search(rf"[(,]\s*{re.escape(name)}\s*[:=,)]", signature) is not None
