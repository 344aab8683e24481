"""`lsai watch`: an edit reaches the index; lsai's own writes and ignored folders do not wake it."""

from __future__ import annotations

import queue
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from lsai.indexer.watch import Update, relevant, watch

Workspace = Callable[[str], Path]
TIMEOUT = 30.0


class Watcher:
    def __init__(self, root: Path, backend: str) -> None:
        self.updates: queue.Queue[Update] = queue.Queue()
        self.errors: list[Exception] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(
            target=watch,
            args=(root, self.updates.put),
            kwargs={"backend": backend, "stop": self.stop, "on_error": self.errors.append},
            daemon=True,
        )
        self.thread.start()

    def next(self) -> Update:
        return self.updates.get(timeout=TIMEOUT)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=TIMEOUT)


@pytest.fixture
def watched(workspace: Workspace) -> Iterator[tuple[Path, Watcher]]:
    root = workspace("python")
    watcher = Watcher(root, "tree-sitter")
    first = watcher.next()
    assert first.changed == () and first.summary.complete
    yield root, watcher
    watcher.close()
    assert not watcher.errors


def names(root: Path) -> set[str]:
    with sqlite3.connect(root / ".lsai" / "index.db") as conn:
        return {str(n) for (n,) in conn.execute("SELECT name FROM symbols")}


def test_an_edit_is_in_the_index_after_the_next_update(watched: tuple[Path, Watcher]) -> None:
    root, watcher = watched
    util = root / "src/shop/util.py"
    util.write_text(util.read_text() + "\n\ndef fresh_function() -> None:\n    pass\n")
    update = watcher.next()
    assert update.changed == ("src/shop/util.py",)
    assert update.summary.reindexed == ["src/shop/util.py"]
    assert "fresh_function" in names(root)


def test_a_storm_of_changes_is_handled_in_few_runs(watched: tuple[Path, Watcher]) -> None:
    root, watcher = watched
    for i in range(40):
        (root / "src" / "shop" / f"gen_{i}.py").write_text(
            f"def gen_{i}() -> int:\n    return {i}\n"
        )
    seen: set[str] = set()
    runs = 0
    while len(seen) < 40:
        update = watcher.next()
        runs += 1
        seen.update(update.changed)
    assert runs <= 5
    assert {f"gen_{i}" for i in range(40)} <= names(root)


def test_deleting_a_file_removes_its_symbols(watched: tuple[Path, Watcher]) -> None:
    root, watcher = watched
    (root / "src/shop/services.py").unlink()
    update = watcher.next()
    assert update.summary.removed == ["src/shop/services.py"]
    assert "checkout" not in names(root)


def test_what_the_index_ignores_does_not_trigger_a_run(tmp_path: Path) -> None:
    assert relevant(tmp_path, str(tmp_path / ".lsai" / "index.db")) is None
    assert relevant(tmp_path, str(tmp_path / "node_modules" / "x" / "a.js")) is None
    assert relevant(tmp_path, str(tmp_path / "notes.txt")) is None
    assert relevant(tmp_path, str(tmp_path / "pkg" / "a.py")) == "pkg/a.py"
    assert relevant(tmp_path, str(tmp_path / "pkg" / ".gitignore")) == "pkg/.gitignore"
    assert relevant(tmp_path, str(tmp_path / "lsai.toml")) == "lsai.toml"
