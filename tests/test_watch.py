"""`lsai watch`: an edit reaches the index; lsai's own writes and ignored folders do not wake it."""

from __future__ import annotations

import queue
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from lsai.indexer import crawler, pipeline
from lsai.indexer.live import LiveIndex
from lsai.indexer.pipeline import run_index
from lsai.indexer.watch import Update, relevant, watch

Workspace = Callable[[str], Path]
Live = tuple[Path, LiveIndex, list[Path]]
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
    assert relevant(tmp_path, str(tmp_path / "build" / "lib" / "a.py")) is None
    (tmp_path / "coverage").mkdir()
    (tmp_path / "coverage" / "__init__.py").write_text("")  # a package: source
    assert relevant(tmp_path, str(tmp_path / "coverage" / "a.py")) == "coverage/a.py"
    assert relevant(tmp_path, str(tmp_path / "pkg" / ".gitignore")) == "pkg/.gitignore"
    assert relevant(tmp_path, str(tmp_path / "lsai.toml")) == "lsai.toml"


# -- a batch that only modified known source files: the last walk, projects and plan stay ----------
@pytest.fixture
def live(workspace: Workspace, monkeypatch: pytest.MonkeyPatch) -> Iterator[Live]:
    """A live index (tree-sitter) after its first update, and the walks of the workspace since."""
    root = workspace("python")
    walks: list[Path] = []

    def counted(path: Path) -> crawler.Workspace:
        walks.append(path)
        return crawler.discover(path)

    monkeypatch.setattr(pipeline, "discover", counted)
    with LiveIndex(root, backend="tree-sitter") as index:
        index.update()
        walks.clear()
        yield root, index, walks


def test_a_batch_of_modified_known_files_does_not_walk_again(live: Live) -> None:
    root, index, walks = live
    util = root / "src/shop/util.py"
    util.write_text(util.read_text() + "\n\ndef fresh_function() -> None:\n    pass\n")
    summary = index.update(["src/shop/util.py"])
    assert walks == []
    assert summary.reindexed == ["src/shop/util.py"] and summary.complete
    assert summary.files_seen == 6 and summary.projects == 1
    assert "fresh_function" in names(root)
    with sqlite3.connect(root / ".lsai" / "index.db") as conn:  # counted as it was written
        [(symbols,)] = conn.execute("SELECT count(*) FROM symbols").fetchall()
    assert summary.symbols == symbols == summary.languages["python"].symbols
    again = index.update(["src/shop/util.py"])  # the new size and time were kept
    assert again.reindexed == [] and walks == []


def test_a_batch_with_a_new_file_walks_again(live: Live) -> None:
    root, index, walks = live
    (root / "src/shop/extra.py").write_text("def extra_function() -> None:\n    pass\n")
    util = root / "src/shop/util.py"
    util.write_text(util.read_text() + "\n\ndef fresh_function() -> None:\n    pass\n")
    summary = index.update(["src/shop/extra.py", "src/shop/util.py"])
    assert walks == [root]
    assert summary.reindexed == ["src/shop/extra.py", "src/shop/util.py"]
    assert {"extra_function", "fresh_function"} <= names(root)


def test_a_batch_with_a_deleted_file_walks_again(live: Live) -> None:
    root, index, walks = live
    (root / "src/shop/services.py").unlink()
    summary = index.update(["src/shop/services.py"])
    assert walks == [root] and summary.removed == ["src/shop/services.py"]
    assert "checkout" not in names(root)


def test_a_changed_gitignore_drops_newly_ignored_files(live: Live) -> None:
    root, index, walks = live
    gitignore = root / ".gitignore"
    gitignore.write_text(gitignore.read_text() + "src/shop/util.py\n")
    summary = index.update([".gitignore"])
    assert walks == [root] and summary.removed == ["src/shop/util.py"]
    assert "format_price" not in names(root)


def test_a_new_project_marker_moves_files_to_its_project(live: Live) -> None:
    root, index, walks = live
    (root / "src/shop/pyproject.toml").write_text('[project]\nname = "shop"\n')
    summary = index.update(["src/shop/pyproject.toml"])
    assert walks == [root] and summary.projects == 2
    with sqlite3.connect(root / ".lsai" / "index.db") as conn:
        [(project,)] = conn.execute(
            "SELECT p.root FROM files f JOIN projects p ON p.id = f.project_id "
            "WHERE f.path = 'src/shop/models.py'"
        ).fetchall()
    assert project == "src/shop"


def test_another_run_in_between_walks_again(live: Live) -> None:
    """``lsai index`` (or a rename) wrote the index since the live index's last run: what it
    found (a file this batch does not name) stays."""
    root, index, walks = live
    (root / "src/shop/extra.py").write_text("def extra_function() -> None:\n    pass\n")
    run_index(root, backend="tree-sitter")
    walks.clear()
    util = root / "src/shop/util.py"
    util.write_text(util.read_text() + "\n\ndef fresh_function() -> None:\n    pass\n")
    summary = index.update(["src/shop/util.py"])
    assert walks == [root] and summary.files_seen == 7
    assert {"extra_function", "fresh_function"} <= names(root)


def test_a_deleted_index_is_built_again(live: Live) -> None:
    root, index, walks = live
    for suffix in ("", "-wal", "-shm"):
        (root / ".lsai" / f"index.db{suffix}").unlink(missing_ok=True)
    util = root / "src/shop/util.py"
    util.write_text(util.read_text() + "\n\ndef fresh_function() -> None:\n    pass\n")
    summary = index.update(["src/shop/util.py"])
    assert walks == [root] and summary.unchanged == 0
    assert {"fresh_function", "checkout"} <= names(root)
