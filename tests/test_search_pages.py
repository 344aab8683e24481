"""Searches on a big workspace: the total comes with the page, not from a second scan of every
match (a wildcard on Django matches 1,444 names: two scans took 13-22 ms, one 9-10), and an
overload set on any page still counts its declarations; a misspelt name reads the workspace's
names once per state of the index (Django: 4,500 names of a length, 40 ms, at every typo)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import event

from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.pipeline import run_index
from lsai.query.contracts import SearchInput
from lsai.query.info import InfoInput, info
from lsai.query.search import search
from lsai.query.workspace import open_workspace

SOURCE = (
    "export function get_a(s: string): number;\n"  # 1
    "export function get_a(s: number): number;\n"
    "export function get_a(s: string | number): number { return 1; }\n"
    "export function get_b(): number { return 2; }\n"  # 4
    "export function get_c(): number { return 3; }\n"  # 5
    "export class Getter { get_d(): number { return 4; } }\n"  # 6
)


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tree = tmp_path_factory.mktemp("pages")
    (tree / "getters.ts").write_text(SOURCE)
    assert run_index(tree, backend="tree-sitter").complete
    return tree


def _statements(root: Path, params: SearchInput) -> tuple[list[tuple[str, int, int]], int, int]:
    """(name, line, overloads) of each hit, the total, and how many statements matched names."""
    ws = open_workspace(root, read_only=True)
    try:
        search(ws, params)  # warm: the index's remembered facts
        sent: list[str] = []
        listen = event.listens_for(ws.index.engine, "before_cursor_execute")

        @listen
        def count(*args: object) -> None:
            sent.append(str(args[2]))

        result = search(ws, params)
        event.remove(ws.index.engine, "before_cursor_execute", count)
    finally:
        ws.close()
    hits = [(h.name, h.line, h.overloads) for h in result.symbols]
    return hits, result.total, sum("search_name GLOB" in s for s in sent)


def test_a_full_page_of_a_wildcard_search_is_counted_in_the_same_statement(root: Path) -> None:
    hits, total, statements = _statements(root, SearchInput(query="get_*", limit=2))
    assert [name for name, _, _ in hits] == ["get_a", "get_b"]
    assert total == 4
    assert statements == 1


def test_an_overload_set_counts_its_declarations_on_a_later_page(root: Path) -> None:
    hits, total, _ = _statements(root, SearchInput(query="get_*", kind=["function"], offset=0))
    assert hits == [("get_a", 1, 2), ("get_b", 4, 0), ("get_c", 5, 0)]
    assert total == 3


def test_a_page_past_the_last_hit_still_counts_every_hit(root: Path) -> None:
    hits, total, _ = _statements(root, SearchInput(query="get_*", limit=2, offset=10))
    assert hits == []
    assert total == 4


def test_a_misspelt_name_reads_the_workspace_names_once_per_index_state(root: Path) -> None:
    ws = open_workspace(root, read_only=True)
    sent: list[str] = []
    try:
        listen = event.listens_for(ws.index.engine, "before_cursor_execute")

        @listen
        def count(*args: object) -> None:
            sent.append(str(args[2]))

        for _ in range(3):
            with pytest.raises(LsaiError) as caught:
                info(ws, InfoInput(symbol="Gettr"))
            assert caught.value.code == ErrorCode.SYMBOL_NOT_FOUND
            assert "Getter (class, getters.ts:6)" in str(caught.value)
    finally:
        ws.close()
    assert sum("length(symbols.search_name) BETWEEN" in s for s in sent) == 1
