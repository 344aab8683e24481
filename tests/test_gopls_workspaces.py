"""Go projects as real repositories hold them: a ``go.work`` over several modules, and a module
whose dependencies are not in the module cache (lsai runs gopls offline).

- The modules a go.work uses are served by one gopls from its folder: with a gopls per module,
  a module's session held its own files only, and no reference from another module was kept
  (``liba.Add`` called from ``app``: 0 usages, 0 callers).
- gopls keeps an "Error loading workspace" progress open while a dependency cannot be loaded:
  lsai waited 60 s for it to end, then failed every file. The progress is not waited for; the
  files are partial with gopls's message and the remedy, and what gopls answered is kept."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.lsp.launch import go_work_root
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
