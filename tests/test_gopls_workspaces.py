"""Go projects as real repositories hold them: a ``go.work`` over several modules, and a module
whose dependencies are not in the module cache (lsai runs gopls offline).

- The modules a go.work uses are served by one gopls from its folder: with a gopls per module,
  a module's session held its own files only, and no reference from another module was kept
  (``liba.Add`` called from ``app``: 0 usages, 0 callers).
- Modules tied by a local ``replace`` (no go.work: the usual monorepo) are served together too,
  with a go.work lsai writes into its scratch folder: the same references as gopls gives when
  the user's tree has that go.work.
- gopls keeps an "Error loading workspace" progress open while a dependency cannot be loaded:
  lsai waited 60 s for it to end, then failed every file. The progress is not waited for; the
  files are partial with gopls's message and the remedy, and what gopls answered is kept."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.lsp.gomodules import go_session_roots, go_work_root
from lsai.indexer.pipeline import run_index
from lsai.query.calls import CallsInput, callers
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace, open_workspace
from tests.test_references_match_server import live
from tests.trees import served_workspace

LIBA = "package liba\n\n// Add adds.\nfunc Add(a, b int) int {\n\treturn a + b\n}\n"
APP = (
    'package main\n\nimport (\n\t"fmt"\n\n\t"example.com/liba"\n)\n\n'
    "func main() {\n\tfmt.Println(liba.Add(1, 2))\n}\n"
)
WORK = {
    "go.work": "go 1.19\n\nuse (\n\t./liba\n\t./app // the command\n)\n",
    "liba/go.mod": "module example.com/liba\n\ngo 1.19\n",
    "liba/liba.go": LIBA,
    "app/go.mod": "module example.com/app\n\ngo 1.19\n",
    "app/main.go": APP,
}

REPLACED = {
    "liba/go.mod": "module example.com/liba\n\ngo 1.19\n",
    "liba/liba.go": LIBA,
    "app/go.mod": (
        "module example.com/app\n\ngo 1.19\n\nrequire example.com/liba v0.0.0\n\n"
        "replace example.com/liba => ../liba\n"
    ),
    "app/main.go": APP,
    "other/go.mod": "module example.com/other\n\ngo 1.19\n",
    "other/other.go": "package other\n\n// Add is another Add.\nfunc Add() int { return 0 }\n",
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    opened = served_workspace(tmp_path_factory.mktemp("gowork"), WORK, "gopls")
    yield opened
    opened.close()


def test_go_work_root_is_the_folder_of_the_go_work_using_the_module(tmp_path: Path) -> None:
    for path, text in {**WORK, "tools/go.mod": "module t\n", "other/go.work": "use ./x\n"}.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    (tmp_path / "other" / "x").mkdir()
    assert go_work_root(tmp_path, "liba") == "."
    assert go_work_root(tmp_path, "app") == "."
    assert go_work_root(tmp_path, "tools") == "tools"  # under the go.work, not used by it
    assert go_work_root(tmp_path, "other/x") == "other"  # `use ./x` on one line
    assert go_work_root(tmp_path / "liba", ".") == "."  # no go.work inside the workspace


def test_usages_cross_the_modules_of_a_go_work_as_gopls_references_do(ws: Workspace) -> None:
    server = asyncio.run(live(ws.root, {"Add": ("liba/liba.go", 4, 6)}, "gopls"))["Add"]
    found = usages(ws, UsagesInput(file="liba/liba.go", line=4, col=6))
    mine = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    assert ("app/main.go", 10, 19) in server
    assert mine == server - {("liba/liba.go", 4, 6)}


def test_callers_cross_the_modules_of_a_go_work(ws: Workspace) -> None:
    found = callers(ws, CallsInput(file="liba/liba.go", line=4, col=6))
    assert [(c.method, c.file) for level in found.levels for c in level.calls] == [
        ("main", "app/main.go")
    ]


def test_a_module_whose_dependency_is_missing_is_indexed_at_once_and_says_why(
    tmp_path: Path,
) -> None:
    if resolve_command(ADAPTERS["gopls"]) is None:
        pytest.skip(f"gopls is not installed: {ADAPTERS['gopls'].install}")
    (tmp_path / "go.mod").write_text(
        "module example.com/app\n\ngo 1.19\n\nrequire github.com/nothere/pkg v1.2.3\n"
    )
    (tmp_path / "main.go").write_text(
        'package main\n\nimport "github.com/nothere/pkg"\n\nfunc helper() int { return 1 }\n\n'
        "func main() {\n\tpkg.Do()\n\t_ = helper()\n}\n"
    )
    summary = run_index(tmp_path)
    assert summary.servers["gopls"].seconds < 30  # not the readiness limit (60 s)
    reason = dict(summary.failed)["main.go"]
    assert "Error loading workspace" in reason and "go mod download" in reason
    opened = open_workspace(tmp_path)
    try:
        found = usages(opened, UsagesInput(file="main.go", line=5, col=6))
        assert [(f.file, u.line) for f in found.files for u in f.usages] == [("main.go", 9)]
        assert not found.provenance.complete
    finally:
        opened.close()


def test_modules_tied_by_local_replaces_share_a_session_root(tmp_path: Path) -> None:
    files = {
        "go.mod": (
            "module example.com/root\n\ngo 1.21\n\n"
            "replace (\n\texample.com/t v1.0.0 => ./tools/t\n)\n"
        ),
        "tools/t/go.mod": "module example.com/t\n\ngo 1.19\n",
        "svc/a/go.mod": "module example.com/a\n\nreplace example.com/b => ../b // local\n",
        "svc/b/go.mod": "module example.com/b\n",
        "remote/go.mod": (
            "module example.com/r\n\nreplace example.com/b => example.com/fork v1.2.0\n"
        ),
        "dup1/go.mod": "module example.com/dup\n\nreplace example.com/dup2 => ../dup2\n",
        "dup2/go.mod": "module example.com/dup\n",
    }
    for path, text in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    projects = sorted({str(Path(p).parent).replace("\\", "/") for p in files})
    root = go_session_roots(tmp_path, projects)
    assert root["."] == root["tools/t"] == "."  # a block replace, the root module in the group
    assert root["svc/a"] == root["svc/b"] == "svc"  # a replace either way round
    assert root["remote"] == "remote"  # a replace by another module path is no local folder
    assert root["dup1"] == "dup1" and root["dup2"] == "dup2"  # one module path twice: not joined


def test_usages_cross_modules_tied_by_a_local_replace_as_under_a_go_work(
    tmp_path: Path,
) -> None:
    if resolve_command(ADAPTERS["gopls"]) is None:
        pytest.skip(f"gopls is not installed: {ADAPTERS['gopls'].install}")
    worked = tmp_path / "worked"  # the same modules under the user's own go.work: gopls's answer
    for path, text in {**REPLACED, "go.work": "go 1.19\n\nuse (\n\t./app\n\t./liba\n)\n"}.items():
        (worked / path).parent.mkdir(parents=True, exist_ok=True)
        (worked / path).write_text(text)
    server = asyncio.run(live(worked, {"Add": ("liba/liba.go", 4, 6)}, "gopls"))["Add"]
    assert ("app/main.go", 10, 19) in server
    opened = served_workspace(tmp_path / "mono", REPLACED, "gopls")
    try:
        assert not (opened.root / "go.work").exists()  # lsai's go.work is in its scratch folder
        found = usages(opened, UsagesInput(file="liba/liba.go", line=4, col=6))
        assert {(f.file, u.line, u.col) for f in found.files for u in f.usages} == server - {
            ("liba/liba.go", 4, 6)
        }
        assert found.provenance.complete
        calls = callers(opened, CallsInput(file="liba/liba.go", line=4, col=6))
        assert [(c.method, c.file) for lv in calls.levels for c in lv.calls] == [
            ("main", "app/main.go")
        ]
        other = usages(opened, UsagesInput(file="other/other.go", line=4, col=6))
        assert other.total == 0 and other.provenance.complete  # its own module, its own session
    finally:
        opened.close()
