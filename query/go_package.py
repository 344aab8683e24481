"""Usages at a Go package clause's name (``package lru``): the name is no symbol of the index.
gopls's references there are the package clauses of the package's files, its in-package tests'
(``package lru`` in ``lru_test.go``) too, and the import specs of the package's direct
importers, not their qualified uses (``lru.New``). Which importers: gopls answers for the
package as its tests compile it where it has in-package tests, whose only importer is the
folder's external test package (``package lru_test``); else for the package every other
imports."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePosixPath

from lsai.query.alike import go_imports
from lsai.query.contracts import SymbolRef
from lsai.query.libraries import file_lines
from lsai.query.library_calls import code_of
from lsai.query.provenance import provenance
from lsai.query.unindexed import Site, page
from lsai.query.usage_contracts import UsagesInput, UsagesResult
from lsai.query.workspace import Workspace
from lsai.storage import queries
from lsai.storage.engine import Reader

_CLAUSE = re.compile(r"package[ \t]+(\w+)")
"""A package clause, at the start of a line: the first such line of a Go file is its clause
(comments and build constraints come before it, code after)."""
_MODULE = re.compile(r"\s*module\s+(\S+)")


def clause(lines: Sequence[str]) -> tuple[int, int, str] | None:
    """The line, column (1-based) and name of a Go file's package clause; None: it has none."""
    for number, text in enumerate(lines, 1):
        found = _CLAUSE.match(text)
        if found is not None:
            return number, found.start(1) + 1, found[1]
    return None


def clause_usages(
    conn: Reader, ws: Workspace, params: UsagesInput, site: tuple[str, int, int, str] | None
) -> UsagesResult | None:
    """The package clauses naming the package of ``site``'s file in the files of its folder (a
    Go package is a folder's files of one clause) and the imports of that package, where
    ``site`` is such a clause's name; None: it is not."""
    if site is None or not site[0].endswith(".go"):
        return None
    path, line, col, name = site
    if clause(file_lines(ws, path)) != (line, col, name):
        return None
    parent = str(PurePosixPath(path).parent)
    folder = "" if parent == "." else parent
    clauses: dict[str, tuple[int, int, str]] = {}
    for other in queries.files_in(conn, folder):
        found = clause(file_lines(ws, other)) if other.endswith(".go") else None
        if found is not None:
            clauses[other] = found
    rows: list[Site] = [
        (other, at, start, "reference", code_of(file_lines(ws, other), at))
        for other, (at, start, named) in sorted(clauses.items())
        if named == name
    ]
    rows += _imports(conn, ws, folder, name, clauses)
    prov = provenance(conn, ["tree-sitter"], sorted({r[0] for r in rows}))
    note = (
        f"{name} is a package clause's name, no symbol of the index: its usages are the "
        "clauses of the package's files (its in-package tests' too) and the imports of the "
        "package, as gopls lists them"
    )
    ref = SymbolRef(
        name=name, kind="package", qualified_name=name, file=path, line=line, col=col,
        backend="tree-sitter",
    )  # fmt: skip
    return page(rows, params, ref, "name-based", prov.model_copy(update={"notes": [note]}))


def _imports(
    conn: Reader, ws: Workspace, folder: str, name: str, clauses: dict[str, tuple[int, int, str]]
) -> list[Site]:
    """The import specs of package ``name`` of ``folder`` (``clauses``: its files'), at the
    alias or the path's opening quote as gopls sites them: the external test package's alone
    where the package has in-package tests (``_test.go`` files of its clause); none for an
    external test package, which nothing imports."""
    imported = _import_path(ws, folder)
    if imported is None or name.endswith("_test"):
        return []
    tested = any(p.endswith("_test.go") and c[2] == name for p, c in clauses.items())
    files = (
        [p for p, c in sorted(clauses.items()) if c[2] != name]
        if tested
        else [p for p in queries.files_of(conn, "go") if clauses.get(p, (0, 0, ""))[2] != name]
    )
    rows: list[Site] = []
    for other in files:
        lines = file_lines(ws, other)
        for spec in go_imports(lines).values():
            if spec.path == imported:
                rows.append((other, spec.line, spec.col, "import", code_of(lines, spec.line)))
    return rows


def _import_path(ws: Workspace, folder: str) -> str | None:
    """The import path of the package in ``folder``: its module's path (the nearest
    ``go.mod`` at or above it, in the workspace) and the folder below the module's; None: no
    ``go.mod`` names a module."""
    parts = PurePosixPath(folder).parts
    for depth in range(len(parts), -1, -1):
        below = parts[:depth]
        for text in file_lines(ws, str(PurePosixPath(*below, "go.mod"))):
            found = _MODULE.match(text)
            if found is not None:
                return "/".join([found[1], *parts[depth:]])
    return None
