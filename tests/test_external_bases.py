"""A class header's base outside the workspace (a library's class, the language's own:
``Exception``, ``unittest.TestCase``, ``Protocol``; TypeScript's ``Error``, ``Iterable``) is
stored as an external symbol where the server's definition at the base locates it, never
walked: ``hierarchy`` and ``info`` say where it is defined, not only "(external)", and the
index holds it once, dropped when no edge names it any more."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from lsai.indexer.live import LiveIndex
from lsai.indexer.lsp.documents import Documents, locations
from lsai.indexer.lsp.session import LspSession
from lsai.indexer.pipeline import run_index
from lsai.query.errors import AmbiguousSymbol
from lsai.query.hierarchy import HierarchyInput, hierarchy
from lsai.query.info import InfoInput, info
from lsai.query.libraries import library_location
from lsai.query.render import render
from lsai.query.workspace import open_workspace
from tests.test_lsp_typescript import sources
from tests.test_tsgo_unseen import TSCONFIG
from tests.trees import served_tree

PYTHON = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/errors.py": (
        "import unittest\n"  # 1
        "from typing import Protocol\n"
        "\n"
        "\n"
        "class Base:\n"  # 5
        "    pass\n"
        "\n"
        "\n"
        "class AppError(Exception):\n"  # 9
        "    pass\n"
        "\n"
        "\n"
        "class Both(Base, ValueError):\n"  # 13
        "    pass\n"
        "\n"
        "\n"
        "class Sized(Protocol):\n"  # 17
        "    def size(self) -> int: ...\n"
        "\n"
        "\n"
        "class Case(unittest.TestCase):\n"  # 21
        "    pass\n"
    ),
    "m/more.py": (
        "class Other(Exception):\n"  # 1
        "    pass\n"
    ),
}
TYPESCRIPT = {
    "tsconfig.json": TSCONFIG,
    "src/s.ts": (
        "export class Failure extends Error {}\n"  # 1
        "export class Numbers implements Iterable<number> {\n"  # 2
        "  [Symbol.iterator](): Iterator<number> { return [1][Symbol.iterator](); }\n"
        "}\n"
        "export interface Bag extends Iterable<string> {}\n"  # 5
    ),
}


async def _live_definitions(
    root: Path, server: str, file: str, sites: list[tuple[int, int]]
) -> list[str]:
    """``library_location`` of the first definition the server answers at each site."""
    files = sources(root)
    found: list[str] = []
    async with LspSession(server, root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        for line, col in sites:
            params = lsp.DefinitionParams(
                text_document=lsp.TextDocumentIdentifier(uri=documents.uri(file)),
                position=documents.position(file, line, col),
            )
            uri, range_ = locations(
                await session.lsp.request(lsp.TEXT_DOCUMENT_DEFINITION, params)
            )[0]
            assert documents.path_of(uri) is None
            found.append(library_location(uri, range_.start.line + 1))
    return found


@pytest.mark.parametrize(
    ("files", "server", "file", "sites", "classes"),
    [
        (
            PYTHON,
            "ty",
            "m/errors.py",
            [(9, 16), (13, 18), (17, 13), (21, 21)],
            [("AppError", "Exception"), ("Both", "ValueError"), ("Sized", "Protocol"),
             ("Case", "TestCase")],
        ),
        (
            TYPESCRIPT,
            "tsgo",
            "src/s.ts",
            [(1, 30), (2, 34), (5, 30)],
            [("Failure", "Error"), ("Numbers", "Iterable"), ("Bag", "Iterable")],
        ),
    ],
    ids=["ty", "tsgo"],
)  # fmt: skip
def test_a_library_base_is_where_the_servers_definition_locates_it(
    tmp_path: Path,
    files: dict[str, str],
    server: str,
    file: str,
    sites: list[tuple[int, int]],
    classes: list[tuple[str, str]],
) -> None:
    served_tree(tmp_path, files, server)
    ws = open_workspace(tmp_path)
    try:
        answers = [hierarchy(ws, HierarchyInput(symbol=c, direction="up")) for c, _ in classes]
        texts = [render(a) for a in answers]
        grep = [render(a, "grep") for a in answers]
    finally:
        ws.close()
    live = asyncio.run(_live_definitions(tmp_path, server, file, sites))
    for (_, base), answer, text, lines, where in zip(
        classes, answers, texts, grep, live, strict=True
    ):
        found = [t for t in (*answer.base_types, *answer.interfaces) if t.name == base]
        assert [(t.external, t.location) for t in found] == [(True, where)]
        assert f"{base}  (external: {where})" in text
        assert f"(external: {where}): " in lines
        assert answer.mode == "semantic"


def test_a_library_base_is_stored_once_and_dropped_with_its_last_edge(tmp_path: Path) -> None:
    served_tree(tmp_path, PYTHON, "ty")
    db = tmp_path / ".lsai" / "index.db"

    def externals() -> dict[str, int]:
        with sqlite3.connect(db) as raw:
            rows = raw.execute(
                "SELECT s.name, count(t.id) FROM symbols s "
                "JOIN type_edges t ON t.external_key = s.key "
                "WHERE s.is_external = 1 AND s.file_id IS NULL GROUP BY s.key"
            ).fetchall()
            alone = raw.execute(
                "SELECT count(*) FROM symbols WHERE is_external = 1 AND key NOT IN "
                "(SELECT external_key FROM type_edges WHERE external_key IS NOT NULL "
                "UNION SELECT external_key FROM call_edges WHERE external_key IS NOT NULL)"
            ).fetchone()
        raw.close()
        assert alone == (0,)
        return dict(rows)

    everything = {"Exception": 2, "ValueError": 1, "Protocol": 1, "TestCase": 1}
    assert externals() == everything  # Exception: two files' edges, one symbol
    (tmp_path / "m/errors.py").unlink()
    assert run_index(tmp_path).complete
    assert externals() == {"Exception": 1}
    (tmp_path / "m/more.py").write_text("class Other:\n    pass\n")
    assert run_index(tmp_path).complete
    assert externals() == {}


def test_a_library_base_keeps_its_external_symbol_when_its_file_alone_is_indexed_again(
    tmp_path: Path,
) -> None:
    """A run that asks the server about a changed file alone (``incremental``) asks where its
    library bases are, as a full run does: the edge keeps its external symbol, at the line
    the class moved to, and the symbol is not dropped as an orphan."""
    served_tree(tmp_path, PYTHON, "ty")
    db = tmp_path / ".lsai" / "index.db"
    (tmp_path / "m/more.py").write_text("# moved\n\n\nclass Other(Exception):\n    pass\n")
    with LiveIndex(tmp_path) as targets:  # as `lsai index` runs: a few files asked alone
        summary = run_index(tmp_path, targets=targets)
    assert summary.complete and summary.reindexed == ["m/more.py"]
    with sqlite3.connect(db) as raw:
        rows = raw.execute(
            "SELECT f.path, t.line, s.name FROM type_edges t JOIN files f ON f.id = t.file_id "
            "JOIN symbols s ON s.key = t.external_key WHERE s.name = 'Exception' ORDER BY 1"
        ).fetchall()
    raw.close()
    assert rows == [("m/errors.py", 9, "Exception"), ("m/more.py", 4, "Exception")]


def test_info_at_a_library_base_in_a_class_header_answers_where_the_server_located_it(
    tmp_path: Path,
) -> None:
    """``info`` at ``TestCase`` of ``class Case(unittest.TestCase)`` was refused
    (NO_SYMBOL_AT_POSITION): it answers the external symbol, its module and its file."""
    served_tree(tmp_path, PYTHON, "ty")
    ws = open_workspace(tmp_path)
    try:
        found = info(ws, InfoInput(file="m/errors.py", line=21, col=21)).symbol
    finally:
        ws.close()
    (where,) = asyncio.run(_live_definitions(tmp_path, "ty", "m/errors.py", [(21, 21)]))
    assert (found.kind, found.qualified_name) == ("class", "unittest.case.TestCase")
    assert Path(found.file).is_file() and f"{found.file}:{found.line}".endswith(where)


@pytest.mark.parametrize("asked", ["name", "position"])
def test_the_hierarchy_of_a_library_base_lists_the_workspaces_subclasses_and_where_it_is(
    tmp_path: Path, asked: str
) -> None:
    served_tree(tmp_path, PYTHON, "ty")
    ws = open_workspace(tmp_path)
    at = (
        HierarchyInput(symbol="Exception", direction="down")
        if asked == "name"
        else HierarchyInput(file="m/more.py", line=1, col=14, direction="down")
    )
    try:
        answer = hierarchy(ws, at)
        text = render(answer)
    finally:
        ws.close()
    (where,) = asyncio.run(_live_definitions(tmp_path, "ty", "m/errors.py", [(9, 16)]))
    assert {t.name for t in answer.derived_types} == {"AppError", "Other"}
    assert answer.location == where
    assert text.splitlines()[0] == f"class Exception  (external: {where})"


TWO_ERRORS = {
    "pyproject.toml": "[project]\nname = 'e'\nversion = '0'\n",
    "e/__init__.py": "",
    "e/copying.py": (
        "from shutil import Error\n"  # 1
        "\n"
        "\n"
        "class CopyFailed(Error):\n"  # 4
        "    pass\n"
    ),
    "e/rows.py": (
        "from csv import Error\n"  # 1
        "\n"
        "\n"
        "class BadRow(Error):\n"  # 4
        "    pass\n"
        "\n"
        "\n"
        "class WorseRow(BadRow):\n"  # 8
        "    pass\n"
    ),
}


def test_two_libraries_bases_of_one_name_are_each_their_own_types_subclasses(
    tmp_path: Path,
) -> None:
    """``shutil.Error`` and ``csv.Error``, each subclassed in its own file: ``hierarchy`` at
    one header's ``Error`` listed both libraries' subclasses (matched by the base's name) and
    no location; each lists its own now, where ty's definition at it locates it, and by its
    bare name the two are ambiguous, each named with its place; by its module's name (or the
    public name of the private module defining it: ``csv`` for ``_csv``), the one."""
    served_tree(tmp_path, TWO_ERRORS, "ty")
    ws = open_workspace(tmp_path)
    try:
        at_copy = hierarchy(
            ws, HierarchyInput(file="e/copying.py", line=4, col=18, direction="down")
        )
        at_row = hierarchy(ws, HierarchyInput(file="e/rows.py", line=4, col=14, direction="down"))
        with pytest.raises(AmbiguousSymbol) as both:
            hierarchy(ws, HierarchyInput(symbol="Error", direction="down"))
        by_module = hierarchy(ws, HierarchyInput(symbol="shutil.Error", direction="down"))
        private = hierarchy(ws, HierarchyInput(symbol="csv.Error", direction="down"))
    finally:
        ws.close()
    (copy_where,) = asyncio.run(_live_definitions(tmp_path, "ty", "e/copying.py", [(4, 18)]))
    (row_where,) = asyncio.run(_live_definitions(tmp_path, "ty", "e/rows.py", [(4, 14)]))
    assert copy_where != row_where
    assert {t.name for t in at_copy.derived_types} == {"CopyFailed"}
    assert at_copy.location == copy_where
    assert {t.name for t in at_row.derived_types} == {"BadRow", "WorseRow"}
    assert at_row.location == row_where
    assert {t.name for t in by_module.derived_types} == {"CopyFailed"}
    assert by_module.location == copy_where
    assert {t.name for t in private.derived_types} == {"BadRow", "WorseRow"}
    listed = "\n".join(both.value.candidates)
    assert copy_where in listed and row_where in listed
