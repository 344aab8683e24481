from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.live import LiveIndex
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.pipeline import run_index
from tests.test_live import NONE_FALLBACKS, assert_equals_rebuild

Workspace = Callable[[str], Path]


def rows(db: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(sql).fetchall()


def test_index_records_symbols_and_leaves_out_ignored_folders(workspace: Workspace) -> None:
    root = workspace("python")
    summary = run_index(root, backend="tree-sitter")
    db = root / ".lsai" / "index.db"
    paths = [str(p) for (p,) in rows(db, "SELECT path FROM files ORDER BY path")]
    assert "generated/big.py" not in paths  # .gitignore
    assert not any(p.startswith("node_modules/") for p in paths)  # always ignored
    assert "src/shop/models.py" in paths
    assert summary.complete
    assert summary.languages["python"].backends == {"tree-sitter"}
    names = {n for (n,) in rows(db, "SELECT qualified_name FROM symbols")}
    assert {"Cart.get", "Item.get", "Cart.Line.render", "checkout"} <= names


def test_binary_file_with_source_extension_is_skipped_with_reason(workspace: Workspace) -> None:
    root = workspace("python")
    summary = run_index(root, backend="tree-sitter")
    assert ("src/shop/blob.py", "binary content") in summary.skipped
    status = rows(
        root / ".lsai/index.db", "SELECT status, error FROM files WHERE path LIKE '%blob.py'"
    )
    assert status == [("skipped", "binary content")]


def test_rerun_with_nothing_changed_reads_no_file(workspace: Workspace) -> None:
    root = workspace("python")
    run_index(root, backend="tree-sitter")
    again = run_index(root, backend="tree-sitter")
    assert again.reindexed == []
    assert again.unchanged == again.files_seen


def test_rerun_reads_only_the_changed_file(workspace: Workspace) -> None:
    root = workspace("python")
    run_index(root, backend="tree-sitter")
    util = root / "src/shop/util.py"
    util.write_text(util.read_text() + "\n\ndef added_later(x: int) -> int:\n    return x\n")
    again = run_index(root, backend="tree-sitter")
    assert again.reindexed == ["src/shop/util.py"]
    found = rows(root / ".lsai/index.db", "SELECT signature FROM symbols WHERE name='added_later'")
    assert found == [("def added_later(x: int) -> int",)]


def test_touched_file_with_same_content_is_not_reparsed(workspace: Workspace) -> None:
    root = workspace("python")
    run_index(root, backend="tree-sitter")
    models = root / "src/shop/models.py"
    stat = models.stat()
    os.utime(models, ns=(stat.st_atime_ns, stat.st_mtime_ns + 5_000_000_000))
    again = run_index(root, backend="tree-sitter")
    assert again.reindexed == []
    third = run_index(root, backend="tree-sitter")  # the new modification time was recorded
    assert third.reindexed == []


def test_deleted_file_disappears_with_its_rows(workspace: Workspace) -> None:
    root = workspace("python")
    run_index(root, backend="tree-sitter")
    (root / "src/shop/services.py").unlink()
    again = run_index(root, backend="tree-sitter")
    assert again.removed == ["src/shop/services.py"]
    db = root / ".lsai/index.db"
    assert rows(db, "SELECT count(*) FROM symbols WHERE name = 'checkout'") == [(0,)]
    assert rows(db, "SELECT count(*) FROM call_edges WHERE callee_name = 'format_price'") == [(0,)]


def test_a_file_in_another_encoding_is_read_in_it(workspace: Workspace) -> None:
    """A Latin-1 comment (an author's name), a Python file declaring its coding (PEP 263): read
    in that encoding, indexed, the run complete (it failed, and made ``lsai index`` exit 1)."""
    root = workspace("python")
    (root / "src/shop/legacy.py").write_bytes("# by Jos\xe9\nnom = 'caf\xe9'\n".encode("latin-1"))
    declared = "# -*- coding: koi8-r -*-\n\u043f\u0440\u0438\u0432\u0435\u0442 = 1\n"
    (root / "src/shop/russian.py").write_bytes(declared.encode("koi8-r"))
    summary = run_index(root, backend="tree-sitter")
    assert summary.status == "complete" and summary.failed == []
    assert sorted(summary.encodings) == [
        ("src/shop/legacy.py", "cp1252"),
        ("src/shop/russian.py", "koi8-r"),
    ]
    db = root / ".lsai/index.db"
    found = "SELECT s.name, s.name_line, s.name_col FROM symbols s JOIN files f ON f.id = s.file_id"
    assert rows(db, found + " WHERE f.path = 'src/shop/legacy.py'") == [("nom", 2, 1)]
    assert rows(db, found + " WHERE f.path = 'src/shop/russian.py'") == [
        ("\u043f\u0440\u0438\u0432\u0435\u0442", 2, 1)
    ]


def test_nested_gitignore_and_git_exclude_are_honoured(tmp_path: Path) -> None:
    (tmp_path / "pkg" / "gen").mkdir(parents=True)
    (tmp_path / "pkg" / ".gitignore").write_text("gen/\nlocal_*.py\n!local_keep.py\n")
    (tmp_path / "pkg" / "gen" / "a.py").write_text("def a(): pass\n")
    (tmp_path / "pkg" / "local_x.py").write_text("def x(): pass\n")
    (tmp_path / "pkg" / "local_keep.py").write_text("def keep(): pass\n")
    (tmp_path / "pkg" / "main.py").write_text("def main(): pass\n")
    (tmp_path / ".git" / "info").mkdir(parents=True)
    (tmp_path / ".git" / "info" / "exclude").write_text("secret.py\n")
    (tmp_path / "secret.py").write_text("def s(): pass\n")
    summary = run_index(tmp_path, backend="tree-sitter")
    assert sorted(summary.reindexed) == ["pkg/local_keep.py", "pkg/main.py"]


def test_a_python_package_named_like_a_build_folder_is_source(tmp_path: Path) -> None:
    """``coverage/`` (coverage.py's package), ``build/`` of pip's ``operations``, a Go package
    ``pkg/build``: packages;
    ``build/lib/``, ``dist/`` without ``__init__.py``: output, and ``env/`` holding
    ``pyvenv.cfg``: an environment, left out."""
    files = {
        "coverage/__init__.py": "",
        "coverage/data.py": "def line_counts(): pass\n",
        "pip/operations/build/__init__.py": "",
        "pip/operations/build/wheel.py": "def build_wheel(): pass\n",
        "build/lib/coverage/data.py": "def line_counts(): pass\n",
        "env/pyvenv.cfg": "home = /usr/bin\n",
        "env/lib/site.py": "def x(): pass\n",
        "dist/bundle.js": "function y() {}\n",
        "pkg/build/build.go": "package build\n\nfunc Run() {}\n",
        "tool/package.json": "{}",
        "tool/bin/cli.js": "function main() {}\n",  # an npm package's script
        "app/bin/Debug/gen.js": "function z() {}\n",  # a .NET project's output
        "app/app.csproj": "<Project />",
    }
    for path, text in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    summary = run_index(tmp_path, backend="tree-sitter")
    assert sorted(summary.reindexed) == [
        "coverage/__init__.py",
        "coverage/data.py",
        "pip/operations/build/__init__.py",
        "pip/operations/build/wheel.py",
        "pkg/build/build.go",
        "tool/bin/cli.js",
    ]


def test_a_cmake_build_folder_of_any_name_is_output(tmp_path: Path) -> None:
    """A folder holding ``CMakeCache.txt`` is a CMake build tree whatever its name (CLion's
    ``cmake-build-debug``, a preset's ``out/build/x64``): its generated sources are left out;
    an in-source build's cache sits beside ``CMakeLists.txt``, among the sources, kept."""
    files = {
        "CMakeLists.txt": "project(app C)\n",
        "src/app.c": "int app(void) { return 0; }\n",
        "cmake-build-debug/CMakeCache.txt": "",
        "cmake-build-debug/CMakeFiles/3.25/CompilerIdC/CMakeCCompilerId.c": "int main() {}\n",
        "out/build/x64/CMakeCache.txt": "",
        "out/build/x64/gen.c": "int gen(void) { return 1; }\n",
        "lib/CMakeLists.txt": "add_library(lib lib.c)\n",
        "lib/CMakeCache.txt": "",
        "lib/lib.c": "int lib(void) { return 2; }\n",
    }
    for path, text in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    summary = run_index(tmp_path, backend="tree-sitter")
    assert sorted(summary.reindexed) == ["lib/lib.c", "src/app.c"]


def test_projects_are_found_by_their_markers_in_a_monorepo(tmp_path: Path) -> None:
    for name, marker in (("web", "package.json"), ("api", "pyproject.toml")):
        (tmp_path / "packages" / name).mkdir(parents=True)
        (tmp_path / "packages" / name / marker).write_text("{}" if name == "web" else "")
    (tmp_path / "packages" / "web" / "index.ts").write_text("export function hi(): void {}\n")
    (tmp_path / "packages" / "api" / "app.py").write_text("def serve() -> None: ...\n")
    run_index(tmp_path, backend="tree-sitter")
    db = tmp_path / ".lsai/index.db"
    found = rows(
        db,
        "SELECT f.path, p.root FROM files f JOIN projects p ON p.id = f.project_id ORDER BY f.path",
    )
    assert found == [
        ("packages/api/app.py", "packages/api"),
        ("packages/web/index.ts", "packages/web"),
    ]
    keys = [k for (k,) in rows(db, "SELECT key FROM symbols WHERE name = 'serve'")]
    assert keys == ["lsai python packages/api packages/api/app.py serve()."]


def test_missing_path_is_a_workspace_error(tmp_path: Path) -> None:
    with pytest.raises(LsaiError) as caught:
        run_index(tmp_path / "nope")
    assert caught.value.code == ErrorCode.WORKSPACE_NOT_FOUND


def test_path_that_is_a_file_is_a_workspace_error(tmp_path: Path) -> None:
    file = tmp_path / "a.py"
    file.write_text("x = 1\n")
    with pytest.raises(LsaiError) as caught:
        run_index(file)
    assert caught.value.code == ErrorCode.WORKSPACE_NOT_FOUND
    assert str(tmp_path) in caught.value.resolution


def test_run_is_recorded_with_counts(workspace: Workspace) -> None:
    root = workspace("python")
    run_index(root, backend="tree-sitter")
    [(status, seen, failed, symbols)] = rows(
        root / ".lsai/index.db",
        "SELECT status, files_seen, files_failed, symbols FROM index_runs",
    )
    assert (status, failed) == ("complete", 0)
    assert seen == 6 and isinstance(symbols, int) and symbols > 20


def test_minified_files_are_skipped_with_reason(tmp_path: Path) -> None:
    """A bundle committed beside the sources (``static/jquery.min.js``, a one-line build) is not
    source: recorded as skipped with why, its names kept out of search."""
    (tmp_path / "static").mkdir()
    bundle = "var " + ",".join(f"a{i}=function(e,t){{return e+t}}" for i in range(2000)) + ";\n"
    (tmp_path / "static/app.bundle.js").write_text(bundle)
    (tmp_path / "static/tiny.min.js").write_text("function q(e){return e}\n")
    (tmp_path / "app.js").write_text("function start() {\n  return 1;\n}\n")
    summary = run_index(tmp_path, backend="tree-sitter")
    skipped = dict(summary.skipped)
    assert skipped["static/tiny.min.js"] == "minified (a .min file)"
    assert skipped["static/app.bundle.js"].startswith("minified or generated (lines of ")
    assert "app.js" not in skipped and summary.complete
    names = {n for (n,) in rows(tmp_path / ".lsai/index.db", "SELECT name FROM symbols")}
    assert names == {"start"}


def test_an_index_built_by_other_indexer_code_is_read_again_once(workspace: Workspace) -> None:
    """An upgrade of lsai changes what a file's rows are: an index whose recorded code stamp
    differs (or that records none, older than the stamp) is read in full once, then as usual."""
    root = workspace("python")
    first = run_index(root, backend="tree-sitter")
    db = root / ".lsai" / "index.db"
    before = rows(db, "SELECT count(*) FROM symbols") + rows(db, "SELECT count(*) FROM occurrences")
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE meta SET value = 'older' WHERE key = 'indexer code'")
    again = run_index(root, backend="tree-sitter")
    assert again.unchanged == 0 and len(again.reindexed) == first.files_seen
    assert any("another version of lsai's indexer" in n for n in again.notes)
    after = rows(db, "SELECT count(*) FROM symbols") + rows(db, "SELECT count(*) FROM occurrences")
    assert after == before  # the rows replaced, not added again
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM meta WHERE key = 'indexer code'")
    assert run_index(root, backend="tree-sitter").unchanged == 0  # none recorded: read again
    settled = run_index(root, backend="tree-sitter")
    assert settled.reindexed == [] and not settled.notes


@pytest.mark.parametrize("face", ["lsai index", "lsai watch"])
def test_the_first_run_after_an_upgrade_of_the_indexer_equals_a_fresh_build(
    tmp_path: Path, face: str
) -> None:
    """The first run after an upgrade asks ty about the whole group, as a fresh build does:
    not each file alone, whose answers build on the rows older code made (here an indexer that
    keyed no import: ``pwd`` imported with a ``None`` fallback in two files stayed keyed to
    nothing). ``lsai index`` answers a few files alone with ``LiveIndex`` as its
    ``pipeline.Targets``; ``lsai watch`` on a live session already open."""
    if resolve_command(ADAPTERS["ty"]) is None:
        pytest.skip(f"ty is not installed: {ADAPTERS['ty'].install}")
    root = tmp_path / "tree"
    for name, text in NONE_FALLBACKS.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    db = root / ".lsai" / "index.db"

    def older() -> None:
        with sqlite3.connect(db) as conn:
            conn.execute("UPDATE meta SET value = 'older' WHERE key = 'indexer code'")
            conn.execute("UPDATE occurrences SET symbol_key = NULL WHERE role = 'import'")

    with LiveIndex(root) as live:
        fresh = run_index(root) if face == "lsai index" else live.update()
        older()
        again = run_index(root, targets=live) if face == "lsai index" else live.update()
    assert again.complete and again.servers["ty"].requests == fresh.servers["ty"].requests
    assert_equals_rebuild(root, tmp_path)
