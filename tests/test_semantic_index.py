"""`lsai index` with language servers (ty for Python): resolved references, calls, fallbacks."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lsai.indexer import semantic
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.lsp.errors import ServerCrashed
from lsai.indexer.lsp.session import LspSession
from lsai.indexer.pipeline import run_index

pytestmark = pytest.mark.skipif(
    resolve_command(ADAPTERS["ty"]) is None, reason="ty is not installed: pip install ty"
)
Workspace = Callable[[str], Path]
LOOKUP = """from shop.models import Cart, Item


def lookup(cart: Cart, item: Item) -> object:
    return cart.get("a1") or item.get("sku")
"""


def rows(root: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(root / ".lsai" / "index.db") as conn:
        return conn.execute(sql).fetchall()


@pytest.fixture
def served(workspace: Workspace) -> Path:
    root = workspace("python")
    (root / "src/shop/lookup.py").write_text(LOOKUP)
    summary = run_index(root)
    assert summary.complete, summary.failed
    return root


def test_python_files_are_answered_by_ty_and_say_so(served: Path) -> None:
    found = rows(
        served, "SELECT DISTINCT backend, backend_version FROM files WHERE status = 'complete'"
    )
    assert len(found) == 1 and found[0][0] == "lsp" and str(found[0][1]).startswith("ty ")


def test_references_resolve_across_files_and_keep_call_and_import_roles(served: Path) -> None:
    found = rows(
        served,
        "SELECT f.path, o.start_line, o.role FROM occurrences o JOIN files f ON f.id = o.file_id "
        "WHERE o.symbol_key = 'lsai python . src/shop/util.py format_price().' ORDER BY 1, 2",
    )
    assert found == [
        ("src/shop/services.py", 2, "import"),
        ("src/shop/services.py", 8, "call"),
        ("src/shop/util.py", 4, "definition"),
    ]


def test_two_get_methods_have_separate_references(served: Path) -> None:
    def users(key: str) -> list[tuple[object, ...]]:
        return rows(
            served,
            "SELECT f.path, o.start_line FROM occurrences o JOIN files f ON f.id = o.file_id "
            f"WHERE o.symbol_key = '{key}' AND o.role <> 'definition'",
        )

    assert users("lsai python . src/shop/models.py Cart#get().") == [("src/shop/lookup.py", 5)]
    assert users("lsai python . src/shop/models.py Item#get().") == [("src/shop/lookup.py", 5)]
    cols = rows(
        served,
        "SELECT symbol_key, start_col FROM occurrences WHERE name = 'get' AND role = 'call'",
    )
    assert sorted(cols, key=lambda r: int(str(r[1]))) == [
        ("lsai python . src/shop/models.py Cart#get().", 17),
        ("lsai python . src/shop/models.py Item#get().", 35),
    ]


def test_a_name_in_a_comment_or_string_is_never_a_reference(served: Path) -> None:
    found = rows(
        served,
        "SELECT o.start_line FROM occurrences o JOIN files f ON f.id = o.file_id "
        "WHERE f.path = 'src/shop/services.py' AND o.name = 'checkout'",
    )
    assert found == [(5,)]  # the definition only; line 19 mentions it in a comment and a string


def test_call_edges_carry_the_callee_key(served: Path) -> None:
    found = rows(
        served,
        "SELECT callee_name, callee_key FROM call_edges "
        "WHERE caller_key = 'lsai python . src/shop/services.py quick_cart().' ORDER BY line, col",
    )
    assert found == [
        ("Cart", "lsai python . src/shop/models.py Cart#"),
        ("add", "lsai python . src/shop/models.py Cart#add()."),
        ("Item", "lsai python . src/shop/models.py Item#"),
    ]


def test_an_edit_is_seen_after_a_rerun_and_only_the_edited_file_is_reread(served: Path) -> None:
    services = served / "src/shop/services.py"
    services.write_text(
        services.read_text() + "\n\ndef audit(cart: Cart) -> str:\n    return checkout(cart)\n"
    )
    summary = run_index(served)
    assert summary.reindexed == ["src/shop/services.py"]
    assert summary.servers["ty"].files == 6  # the server is asked about the whole project again
    found = rows(
        served,
        "SELECT caller_key FROM call_edges "
        "WHERE callee_key = 'lsai python . src/shop/services.py checkout().'",
    )
    assert ("lsai python . src/shop/services.py audit().",) in found


def test_forcing_tree_sitter_drops_the_servers_answers(served: Path) -> None:
    run_index(served, backend="tree-sitter")
    assert rows(served, "SELECT DISTINCT backend FROM files WHERE status = 'complete'") == [
        ("tree-sitter",)
    ]
    assert rows(
        served,
        "SELECT count(*) FROM occurrences WHERE symbol_key IS NOT NULL AND role <> 'definition'",
    ) == [(0,)]


def test_missing_server_falls_back_to_tree_sitter_and_says_how_to_install(
    workspace: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(semantic, "resolve_command", lambda adapter: None)  # fault: not installed
    root = workspace("python")
    summary = run_index(root)
    assert summary.complete
    assert "pip install ty" in summary.fallbacks["python"]
    assert summary.languages["python"].backends == {"tree-sitter"}


def test_a_server_that_crashes_once_is_restarted_and_the_run_completes(
    workspace: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first session (the run's head start) dies; a fresh server answers."""
    real = LspSession.index
    calls: list[int] = []

    async def crash_once(self: LspSession, *args: Any) -> Any:  # fault injection
        calls.append(id(self))
        if len(calls) == 1:
            raise ServerCrashed("ty exited with code -9", resolution="see the server's log")
        return await real(self, *args)

    monkeypatch.setattr(LspSession, "index", crash_once)
    summary = run_index(workspace("python"))
    assert summary.complete and len(calls) == 2 and calls[0] != calls[1]
    assert summary.servers["ty"].files == 5 and summary.servers["ty"].problem is None


def test_restart_budget_allows_three_restarts_in_five_minutes() -> None:
    budget = semantic.RestartBudget(limit=3, window=300.0, backoff=0.5)
    assert [budget.allow("ty") for _ in range(4)] == [0.5, 1.0, 2.0, None]
    assert budget.allow("tsgo") == 0.5


def test_a_crashing_server_leaves_tree_sitter_rows_marked_partial(
    workspace: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def crash(*args: object) -> None:  # fault injection: the server dies
        raise ServerCrashed("ty exited with code -9", resolution="see the server's log")

    monkeypatch.setattr(LspSession, "index", crash)
    root = workspace("python")
    summary = run_index(root)
    assert summary.status == "partial"
    assert (
        summary.servers["ty"].problem is not None
        and "SERVER_CRASHED" in summary.servers["ty"].problem
    )
    statuses = rows(
        root, "SELECT DISTINCT status, backend FROM files WHERE path LIKE 'src/shop/m%'"
    )
    assert statuses == [("partial", "tree-sitter")]
    # the next run retries the partial files
    monkeypatch.undo()
    again = run_index(root)
    assert again.complete and "src/shop/models.py" in again.reindexed


def test_a_virtualenv_of_any_name_is_excluded_from_ty(tmp_path: Path) -> None:
    from lsai.indexer.lsp.adapters import ProjectContext
    from lsai.indexer.lsp.pyenv import ty_settings

    (tmp_path / "env311").mkdir()
    (tmp_path / "env311" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    (tmp_path / "src").mkdir()
    settings = ty_settings(ProjectContext(tmp_path, tmp_path), "ty")
    assert isinstance(settings, dict)
    assert settings["configuration"]["src"]["exclude"] == ["env311/"]
