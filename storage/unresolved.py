"""Named queries of the imports whose module a language server could not find.

A server that cannot find an import's module (a dependency not installed, a first-party folder
outside its roots, a path alias it was not told of) reports it as a diagnostic and ties nothing
the import binds: the uses of those names are missing from its references, so an answer built
from them may be short, or empty, without any file being partial. These queries find those
diagnostics, for the index run's summary (``not_found``), and the imports under them of one
name, for a tool's answer about a symbol of that name (``imports_of``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import NamedTuple

from sqlalchemy import Connection, select

from lsai.storage.memo import remembered
from lsai.storage.models import Diagnostic, File, Occurrence

MODULE_NOT_FOUND = frozenset({"import-not-found", "reportMissingImports", "2307", "2792"})
"""The diagnostic codes that say an import's module was not found: ty's, pyright's and
basedpyright's, TypeScript's ("Cannot find module '...'", and its form suggesting another
``moduleResolution``)."""
STATEMENT_REACH = 40
"""Lines above an imported name where its statement (parenthesized, one name a line) may start:
the servers report the module on the statement's first line."""
_QUOTED = re.compile(r"[`'\"]([^`'\"\s]+)[`'\"]")


_SERVERS = {"ts": "TypeScript"}
"""The servers' names by the ``source`` of their diagnostics, where they differ."""


def server_named(source: str) -> str:
    """The server a diagnostic's ``source`` names, for a note (``ts``: TypeScript)."""
    return _SERVERS.get(source, source or "the language server")


class NotFound(NamedTuple):
    """An import whose module the server (``source``) could not find, in ``path``."""

    path: str
    line: int
    module: str
    source: str


def module_named(message: str) -> str:
    """The module a not-found diagnostic's message names (its first quoted word: ty quotes it in
    backticks, TypeScript and pyright in quotes); "" when it quotes none."""
    found = _QUOTED.search(message)
    return found.group(1) if found else ""


def _found(rows: Sequence[tuple[str, int, str, str | None]]) -> list[NotFound]:
    return [NotFound(p, line, module_named(m), s or "") for p, line, m, s in rows]


def not_found(conn: Connection) -> list[NotFound]:
    """Every import of the index whose module its server could not find, by file and line."""
    stmt = (
        select(File.path, Diagnostic.start_line, Diagnostic.message, Diagnostic.source)
        .join(File, File.id == Diagnostic.file_id)
        .where(Diagnostic.code.in_(MODULE_NOT_FOUND))
        .order_by(File.path, Diagnostic.start_line)
    )
    return _found([tuple(r) for r in conn.execute(stmt)])  # type: ignore[misc]


def _unfound_names(conn: Connection) -> frozenset[str]:
    """The names imports bind untied in the files holding a not-found diagnostic, remembered
    until the index changes: most answers' names are none of them (most indexes have no such
    file), and then ask nothing more."""

    def ask() -> frozenset[str]:
        files = select(Diagnostic.file_id).where(Diagnostic.code.in_(MODULE_NOT_FOUND))
        names = select(Occurrence.name).where(
            Occurrence.file_id.in_(files.scalar_subquery()),
            Occurrence.symbol_key.is_(None),
            Occurrence.role == "import",
        )
        return frozenset(str(r[0]) for r in conn.execute(names.distinct()))

    return remembered(conn, "module_not_found_names", ask)


def imports_of(conn: Connection, name: str) -> list[NotFound]:
    """The imports binding ``name`` that no symbol holds, each under the nearest statement above
    it (within ``STATEMENT_REACH`` lines) whose module was not found: the file and line of the
    name, and that module."""
    if name not in _unfound_names(conn):
        return []
    stmt = (
        select(File.path, Occurrence.start_line, Diagnostic.message, Diagnostic.source)
        .join(File, File.id == Occurrence.file_id)
        .join(Diagnostic, Diagnostic.file_id == Occurrence.file_id)
        .where(
            Occurrence.name == name,
            Occurrence.symbol_key.is_(None),
            Occurrence.role == "import",
            Diagnostic.code.in_(MODULE_NOT_FOUND),
            Diagnostic.start_line <= Occurrence.start_line,
            Diagnostic.start_line > Occurrence.start_line - STATEMENT_REACH,
        )
        .order_by(File.path, Occurrence.start_line, Diagnostic.start_line.desc())
    )
    nearest: dict[tuple[str, int], tuple[str, int, str, str | None]] = {}
    for path, line, message, source in conn.execute(stmt):
        nearest.setdefault((path, line), (path, line, message, source))
    return _found(list(nearest.values()))


def last_part(module: str) -> str:
    """The last part of an import's module: ``snippet`` of ``lsai.query.views.snippet``, of
    ``.snippet`` and of ``./views/snippet.js``; ``greet`` of ``@acme/greet``."""
    if "/" in module:
        return _SCRIPT.sub("", module.rstrip("/").rsplit("/", 1)[-1])
    return module.rsplit(".", 1)[-1]


_SCRIPT = re.compile(r"\.[cm]?[jt]sx?$")


def package_part(module: str) -> str:
    """The part of an import's module the workspace would hold as a folder or a file were the
    module its own: a dotted module's package (``mypkg`` of ``mypkg.core``: a library's
    ``werkzeug.exceptions`` is not the workspace's for its ``exceptions.py``), a relative or
    path-like module's last part (``last_part``: a path alias, a workspace package)."""
    if "/" in module or module.startswith("."):
        return last_part(module)
    return module.split(".", 1)[0]


def first_part(module: str) -> str:
    """What names the package of an import's module: ``lsai`` of ``lsai.query.views``,
    ``@acme/greet`` of ``@acme/greet/src/x``; a relative module whole (``./gone``)."""
    if module.startswith((".", "/")):
        return module
    if "/" in module:
        parts = module.split("/")
        return "/".join(parts[:2] if module.startswith("@") else parts[:1])
    return module.split(".", 1)[0]


def workspace_parts(conn: Connection) -> set[str]:
    """The stems and folder names of the index's files: what a module found nowhere may still
    name (``last_part``) when it is the workspace's own."""
    parts: set[str] = set()
    for (path,) in conn.execute(select(File.path)):
        pure = PurePosixPath(path)
        parts.update(pure.parent.parts)
        parts.add(pure.stem)
    return parts
