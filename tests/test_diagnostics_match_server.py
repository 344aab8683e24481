"""The diagnostics tool against what the live server reports for a file.

bench/diag_bench.py compares lsai's stored diagnostics with the server's on the accuracy
projects and on small broken ones. A diagnostic of severity Information (ty's
``reveal_type``, clangd's ``note: 'f' declared here`` after an error) was stored as
``information``, a word the tool's severities (error, warning, info, hint) do not hold: no
filter listed it, no count or ``hidden`` figure counted it."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

from lsai.indexer.lsp.documents import Documents, SourceText
from lsai.indexer.lsp.passes import pull_diagnostics
from lsai.indexer.lsp.session import LspSession
from lsai.query.diagnostics import SEVERITIES, DiagnosticsInput, diagnostics
from lsai.query.workspace import open_workspace
from lsai.storage.engine import open_index
from tests.trees import served_tree

Seen = tuple[str, int, int, str]  # file, line, column, severity (the tool's word)
WORDS = {1: "error", 2: "warning", 3: "info", 4: "hint"}

PYTHON = {
    "pyproject.toml": '[project]\nname = "fx"\nversion = "0"\n',
    "shown.py": "from typing import reveal_type\n\n\ndef f(x: int) -> str:\n"
    "    return str(x)\n\n\nreveal_type(f)\nf('a')\n",
}
C = {
    "decl.c": "int other(void);\nint caller(void) { return other(1); }\n",
    "other.c": "int other(void) { return 0; }\n",
    "compile_commands.json": json.dumps(
        [
            {"directory": ".", "file": f, "command": f"cc -std=gnu11 -c {f}"}
            for f in ("decl.c", "other.c")
        ]
    ),
}


async def _live(root: Path, server: str, path: str, language: str) -> set[Seen]:
    """The server's diagnostics of ``path``, each file opened as an index run opens it:
    pulled from a server that offers it, else the ones it pushed."""
    files = [
        SourceText(p.relative_to(root).as_posix(), language, p.read_text(encoding="utf-8"))
        for p in sorted(root.glob("*.[cp]*"))
        if p.suffix in (".py", ".c")
    ]
    async with LspSession(server, root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        if session.lsp.capabilities.diagnostic_provider:
            report = await pull_diagnostics(session.lsp, documents, path)
            items = list(getattr(report, "items", None) or [])
        else:
            items = session.lsp.diagnostics.get(documents.uri(path), [])
        return {
            (path, *documents.column(path, d.range.start), WORDS[int(d.severity or 1)])
            for d in items
        }


def _listed(root: Path, path: str) -> set[Seen]:
    ws = open_workspace(root)
    try:
        found = diagnostics(ws, DiagnosticsInput(scope=path, severity=list(SEVERITIES)))
    finally:
        ws.close()
    return {(d.file, d.line, d.col, d.severity) for d in found.diagnostics}


def test_a_revealed_type_is_listed_as_an_info_diagnostic(tmp_path: Path) -> None:
    served_tree(tmp_path, PYTHON, "ty")
    server = asyncio.run(_live(tmp_path, "ty", "shown.py", "python"))
    assert ("shown.py", 8, 13, "info") in server
    assert _listed(tmp_path, "shown.py") == server


def test_a_note_after_a_c_error_is_listed_as_an_info_diagnostic(tmp_path: Path) -> None:
    served_tree(tmp_path, C, "clangd")
    server = asyncio.run(_live(tmp_path, "clangd", "decl.c", "c"))
    assert ("decl.c", 1, 5, "info") in server  # note: 'other' declared here
    assert _listed(tmp_path, "decl.c") == server


def test_an_index_holding_information_diagnostics_says_info_once_migrated(
    tmp_path: Path,
) -> None:
    served_tree(tmp_path, PYTHON, "ty")
    db = tmp_path / ".lsai" / "index.db"
    with sqlite3.connect(db) as raw:  # as a v2 index stored it
        raw.execute("UPDATE diagnostics SET severity = 'information' WHERE severity = 'info'")
        raw.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    raw.close()
    open_index(db, create=True).dispose()
    assert ("shown.py", 8, 13, "info") in _listed(tmp_path, "shown.py")
