"""A workspace module re-exporting names of a package the server does not resolve, and its
importers: one name for tsgo.

Redux Toolkit's query/react/reactImports.ts is ``export { useMemo, ... } from 'react'`` with no
React installed: the name is tied to no symbol, and each file's import binds it, so lsai's
usages at it were the asked file's sites alone (``unindexed``). tsgo's references at the name in
any importer of that module, or at the re-export, are the re-export and every importer's
binding and uses (an importer of the package itself is not among them: its alias ends there).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping, Sequence

_STATEMENT = re.compile(r"\s*(import|export)\b")
_FROM = re.compile(r"""\bfrom\s*(["'])([^"']+)\1""")
_EXTENSIONS = ("", ".ts", ".tsx", ".mts", ".cts", ".js", "/index.ts", "/index.tsx", "/index.js")
_STATEMENT_LINES = 200  # how far an import statement's `from` may be below one of its names


def shim_files(
    path: str, sites: Sequence[tuple[str, int, str]], read: Callable[[str], Sequence[str]]
) -> set[str] | None:
    """The files whose sites of a name tsgo joins through a re-exporting module (that module's
    and its importers'), where the asked file (``path``) is that module or imports the name
    from it; None where it is neither. ``sites``: the name's untied sites (file, line, role)."""
    statements = {
        file: found
        for file, line, role in sites
        if role == "import" and (found := _statement(read(file), line)) is not None
    }
    asked = statements.get(path)
    if asked is None:
        return None
    shim = path if _reexports_a_package(asked) else _module(path, asked[1], statements)
    if shim is None or not _reexports_a_package(statements[shim]):
        return None
    return {shim} | {
        file
        for file, (keyword, source) in statements.items()
        if keyword == "import" and _module(file, source, statements) == shim
    }


def _statement(lines: Sequence[str], line: int) -> tuple[str, str] | None:
    """The keyword (``import``, ``export``) and the module of the statement whose name is on
    ``line`` (1-based): the nearest statement start at or above it, its ``from`` at or below."""
    start = next(
        (m for n in range(line, 0, -1) if (m := _STATEMENT.match(lines[n - 1])) is not None),
        None,
    )
    source = next(
        (
            m
            for n in range(line, min(len(lines), line + _STATEMENT_LINES) + 1)
            if (m := _FROM.search(lines[n - 1])) is not None
        ),
        None,
    )
    return (start.group(1), source.group(2)) if start and source else None


def _reexports_a_package(statement: tuple[str, str]) -> bool:
    keyword, source = statement
    return keyword == "export" and not source.startswith(".")


def _module(importer: str, source: str, statements: Mapping[str, object]) -> str | None:
    """The file among ``statements`` a relative module specifier of ``importer`` names."""
    if not source.startswith("."):
        return None
    base = posixpath.normpath(posixpath.join(posixpath.dirname(importer), source))
    base = base.removesuffix(".js")  # `./x.js` names x.ts in TypeScript's ESM style
    return next((base + e for e in _EXTENSIONS if base + e in statements), None)
