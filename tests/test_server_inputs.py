"""A server is asked again when what it reads besides the sources changes (``environment``):
an install that links a monorepo's packages, an edited configuration; a fresh checkout of the
same tree is no change."""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from lsai.indexer import environment
from lsai.indexer.live import LiveIndex
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.pipeline import run_index
from lsai.indexer.semantic import Group
from tests.trees import needs

Workspace = Callable[[str], Path]
needs_tsgo = needs("tsgo")
needs_ty = pytest.mark.skipif(
    resolve_command(ADAPTERS["ty"]) is None, reason="ty is not installed: pip install ty"
)
TS_GROUP = Group(
    "tsgo",
    ".",
    ("packages/app/src/main.ts", "packages/greet/src/index.ts"),
    ("packages/app", "packages/greet"),
)


def usage_files(root: Path, name: str) -> list[str]:
    """The files holding references (not the definition) to the workspace's symbol ``name``."""
    with sqlite3.connect(root / ".lsai" / "index.db") as conn:
        rows = conn.execute(
            "SELECT DISTINCT f.path FROM occurrences o JOIN files f ON f.id = o.file_id "
            "JOIN symbols s ON s.key = o.symbol_key WHERE s.name = ? AND o.role <> 'definition' "
            "ORDER BY 1",
            (name,),
        )
        return [str(path) for (path,) in rows]


def link_packages(root: Path) -> None:
    """What ``npm install`` does for the workspace's own packages: links under node_modules."""
    scope = root / "node_modules" / "@acme"
    scope.mkdir(parents=True)
    for name in ("greet", "app"):
        (scope / name).symlink_to(root / "packages" / name, target_is_directory=True)


@needs_tsgo
def test_linking_a_monorepos_packages_asks_the_server_again(workspace: Workspace) -> None:
    root = workspace("npm_workspaces")
    first = run_index(root)
    assert first.complete, first.failed
    assert any("not linked into node_modules" in note for note in first.notes)
    assert usage_files(root, "greet") == []  # "@acme/greet" does not resolve: no usage in app

    link_packages(root)
    second = run_index(root)
    assert second.reindexed == [] and second.unchanged == 2  # no source file changed
    assert second.servers["tsgo"].inputs_changed == ["node_modules", "node_modules/@acme"]
    assert usage_files(root, "greet") == ["packages/app/src/main.ts"]
    assert not any("not linked" in note for note in second.notes)

    third = run_index(root)
    assert third.servers == {}  # recorded: nothing to ask again


@needs_tsgo
def test_an_edited_tsconfig_or_an_index_without_records_asks_again(workspace: Workspace) -> None:
    root = workspace("npm_workspaces")
    assert run_index(root).complete
    tsconfig = root / "packages" / "app" / "tsconfig.json"
    tsconfig.write_text(
        tsconfig.read_text().replace('"strict": true', '"strict": false'), encoding="utf-8"
    )
    assert run_index(root).servers["tsgo"].inputs_changed == ["packages/app/tsconfig.json"]

    with sqlite3.connect(root / ".lsai" / "index.db") as conn:  # as an older lsai left it
        conn.execute("DELETE FROM meta WHERE key LIKE 'server inputs %'")
    assert run_index(root).servers["tsgo"].inputs_changed == [environment.NO_RECORD]
    with sqlite3.connect(root / ".lsai" / "index.db") as conn:
        (recorded,) = conn.execute("SELECT count(*) FROM meta WHERE key LIKE 'server inputs %'")
    assert recorded == (1,)
    assert run_index(root).servers == {}


@needs_ty
def test_an_edited_pyproject_asks_ty_again(workspace: Workspace) -> None:
    root = workspace("python")
    assert run_index(root).complete
    pyproject = root / "pyproject.toml"
    pyproject.write_text(pyproject.read_text() + "\n# edited\n", encoding="utf-8")
    again = run_index(root)
    assert again.complete, again.failed
    assert again.servers["ty"].inputs_changed == ["pyproject.toml"]
    assert run_index(root).servers == {}


def test_a_fresh_checkout_of_the_same_tree_has_the_same_inputs(tmp_path: Path) -> None:
    source = Path(__file__).parent / "fixtures" / "npm_workspaces"
    one, two = tmp_path / "one", tmp_path / "two"
    shutil.copytree(source, one)
    shutil.copytree(source, two)
    link_packages(one)
    link_packages(two)
    for path in two.rglob("*"):  # checked out later: every time differs
        os.utime(path, ns=(1, 1), follow_symlinks=False)
    first = environment.inputs(one, ADAPTERS["tsgo"], TS_GROUP.served_projects())
    assert "packages/app/tsconfig.json" in first and "node_modules/@acme" in first
    assert environment.inputs(two, ADAPTERS["tsgo"], TS_GROUP.served_projects()) == first

    (two / "packages" / "greet" / "package.json").write_text("{}", encoding="utf-8")
    shutil.rmtree(two / "node_modules" / "@acme")
    now = environment.inputs(two, ADAPTERS["tsgo"], TS_GROUP.served_projects())
    assert environment.changed(first, now) == ["node_modules", "node_modules/@acme",
                                               "packages/greet/package.json"]  # fmt: skip


def test_inputs_are_looked_for_in_each_project_and_the_folders_above_it(tmp_path: Path) -> None:
    (tmp_path / "libs" / "core" / "src").mkdir(parents=True)
    (tmp_path / "tsconfig.base.json").write_text("{}", encoding="utf-8")
    (tmp_path / "libs" / "tsconfig.json").write_text("{}", encoding="utf-8")
    (tmp_path / "libs" / "core" / "tsconfig.json").write_text("{}", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "tsconfig.json").write_text("{}", encoding="utf-8")  # not served
    found = environment.inputs(tmp_path, ADAPTERS["tsgo"], ["libs/core"])
    assert sorted(k for k in found if not k.startswith("/")) == [
        "libs/core/tsconfig.json",
        "libs/tsconfig.json",
        "tsconfig.base.json",
    ]


@needs_tsgo
def test_a_live_index_starts_a_new_server_when_its_inputs_change(workspace: Workspace) -> None:
    """The running server loaded the packages as they were: a link added since is seen only by
    a new one (the watcher reports a changed marker, ``package.json`` here)."""
    root = workspace("npm_workspaces")
    with LiveIndex(root) as index:
        assert index.update().complete
        assert usage_files(root, "greet") == []
        link_packages(root)
        (root / "package.json").write_text(
            (root / "package.json").read_text() + "\n", encoding="utf-8"
        )
        summary = index.update(["package.json"])
        assert summary.complete, summary.failed
        assert "node_modules/@acme" in summary.servers["tsgo"].inputs_changed
        assert usage_files(root, "greet") == ["packages/app/src/main.ts"]
