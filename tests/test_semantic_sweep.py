"""The server pass asks less and shows progress: skipped and shared references requests, one ty
session over the projects of a monorepo (with their imports resolved across projects), and the
phases reported to the progress display."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from lsai.indexer import merge, semantic
from lsai.indexer.lsp import SourceText, index_files
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.lsp.pysessions import partition
from lsai.indexer.lsp.sweep import Options
from lsai.indexer.pipeline import run_index
from lsai.indexer.treesitter.extract import extract
from lsai.storage.records import FileIndex

needs_ty = pytest.mark.skipif(
    resolve_command(ADAPTERS["ty"]) is None, reason="install ty: pip install ty"
)
FIXTURE = Path(__file__).parent / "fixtures" / "python"
SOURCES = [
    "src/shop/__init__.py",
    "src/shop/models.py",
    "src/shop/services.py",
    "src/shop/util.py",
    "tests/test_services.py",
]


def _write(root: Path, files: dict[str, str]) -> None:
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")


def _extracted(root: Path, paths: list[str]) -> list[FileIndex]:
    return [
        extract("python", p, ".", (root / p).read_text(encoding="utf-8").encode()) for p in paths
    ]


def test_used_names_count_string_annotations_but_not_lone_definitions(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "m.py": 'class Cart:\n    pass\n\n\nclass Lonely:\n    pass\n\n\nx: "Cart"\n',
            "n.py": "from m import x\n\nprint(x)\n",
        },
    )
    names = semantic.used_names(_extracted(tmp_path, ["m.py", "n.py"]))
    assert {"Cart", "x", "print"} <= names
    assert "Lonely" not in names


def test_partition_keeps_colliding_top_level_packages_apart(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "one/pyproject.toml": "",
            "one/src/one/__init__.py": "",
            "one/common/__init__.py": "",
            "one/setup.py": "",
            "two/pyproject.toml": "",
            "two/src/two/__init__.py": "from one import x\n",
            "two/setup.py": "",
            "three/pyproject.toml": "",
            "three/common/__init__.py": "",
            "four/pyproject.toml": "",
            "four/utils.py": "",
            "five/pyproject.toml": "",
            "five/utils.py": "",
        },
    )
    assert partition(tmp_path, ["five", "four", "one", "three", "two"], _by_project(tmp_path)) == [
        ["five", "one", "two"],
        ["four", "three"],
    ]


def test_test_packages_and_namespace_folders_shadow_nothing(tmp_path: Path) -> None:
    """Every project of a monorepo has its tests (a package or not) and docs: one session."""
    _write(
        tmp_path,
        {
            "one/pyproject.toml": "",
            "one/src/one/__init__.py": "",
            "one/tests/__init__.py": "",
            "one/tests/test_one.py": "",
            "one/docs/conf.py": "",
            "two/pyproject.toml": "",
            "two/src/two/__init__.py": "",
            "two/tests/__init__.py": "",
            "two/docs/conf.py": "",
            "three/pyproject.toml": "",
            "three/three.py": "",
            "three/tests/test_three.py": "",
            "three/test/test_three.py": "",
        },
    )
    assert partition(tmp_path, ["one", "three", "two"], _by_project(tmp_path)) == [
        ["one", "three", "two"]
    ]


def test_projects_that_do_not_import_each_other_get_sessions_of_their_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A references request searches every file of its session: unrelated projects are kept
    apart unless they are small; projects that import each other, however big, share one."""
    _write(
        tmp_path,
        {
            "app/pyproject.toml": "",
            "app/src/app/__init__.py": "",
            "app/src/app/main.py": "import os\nfrom core.models import Cart\n",
            "core/pyproject.toml": "",
            "core/src/core/__init__.py": "",
            "core/src/core/models.py": "class Cart: ...\n",
            "tools/pyproject.toml": "",
            "tools/tools.py": "import json, core.models as m\n",
            "other/pyproject.toml": "",
            "other/src/other/__init__.py": "",
            "other/src/other/a.py": "",
            "tiny/pyproject.toml": "",
            "tiny/tiny.py": "",
            "wee/pyproject.toml": "",
            "wee/wee.py": "",
        },
    )
    files = _by_project(tmp_path)
    monkeypatch.setattr("lsai.indexer.lsp.pysessions.SMALL_SESSION", 2)
    assert partition(tmp_path, sorted(files), files) == [
        ["app", "core", "tools"],  # 5 files, bound by imports
        ["other"],  # 2 files: small, but the bin is full when tiny comes
        ["tiny", "wee"],
    ]


def test_projects_sharing_a_namespace_package_share_a_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``acme.a`` in one project, ``acme.b`` in another: Python merges ``acme`` (PEP 420, or an
    ``__init__`` extending ``__path__``), so importing ``acme.a`` joins the projects."""
    extend = "__path__ = __import__('pkgutil').extend_path(__path__, __name__)\n"
    for style, init in (("pep420", None), ("pkgutil", extend)):
        root = tmp_path / style
        spec = {
            "proj_a/pyproject.toml": "",
            "proj_a/acme/a/__init__.py": "",
            "proj_a/acme/a/core.py": "class Engine: ...\n",
            "proj_b/pyproject.toml": "",
            "proj_b/acme/b/__init__.py": "",
            "proj_b/acme/b/use.py": "from acme.a.core import Engine\n",
            "proj_c/pyproject.toml": "",
            "proj_c/acme/c/__init__.py": "",
        }
        if init is not None:
            spec.update({"proj_a/acme/__init__.py": init, "proj_b/acme/__init__.py": init})
        _write(root, spec)
        files = _by_project(root)
        monkeypatch.setattr("lsai.indexer.lsp.pysessions.SMALL_SESSION", 0)
        assert partition(root, sorted(files), files) == [["proj_a", "proj_b"], ["proj_c"]], style


def _by_project(root: Path) -> dict[str, list[str]]:
    """The Python files under each top-level folder of ``root`` (its projects, in these tests)."""
    found: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        found.setdefault(rel.split("/")[0], []).append(rel)
    return found


@needs_ty
def test_skipped_and_shared_requests_change_no_merged_record(tmp_path: Path) -> None:
    root = tmp_path / "python"
    shutil.copytree(FIXTURE, root)
    texts = [SourceText(p, "python", (root / p).read_text(encoding="utf-8")) for p in SOURCES]
    trees = dict(zip(SOURCES, _extracted(root, SOURCES), strict=True))
    names = semantic.used_names(trees.values())
    full = index_files("ty", root, ".", texts, options=Options(window=1, shared_answers=False))
    callers = semantic.calling_keys(trees.values())
    lean = index_files(
        "ty",
        root,
        ".",
        texts,
        options=Options(names=names, window=4, shared_answers=True, callers=callers),
    )
    assert lean.counts["references skipped"] > 0
    assert lean.counts["references"] < full.counts["references"]
    for path, tree in trees.items():
        merged = merge.merge(tree, full.files[path])
        assert merge.merge(tree, lean.files[path]).occurrences == merged.occurrences
        assert merge.merge(tree, lean.files[path]).calls == merged.calls


MONOREPO = {
    "packages/a/pyproject.toml": '[project]\nname = "a"\n',
    "packages/a/src/a/__init__.py": "",
    "packages/a/src/a/core.py": "def greet(name: str) -> str:\n    return name\n",
    "packages/b/pyproject.toml": '[project]\nname = "b"\n',
    "packages/b/src/b/__init__.py": "",
    "packages/b/src/b/app.py": (
        "from a.core import greet\n\n\ndef main() -> str:\n    return greet('b')\n"
    ),
    # each project's tests are a package of the same name, importing their own helpers
    "packages/a/tests/__init__.py": "",
    "packages/a/tests/util.py": "def make() -> str:\n    return 'a'\n",
    "packages/a/tests/test_core.py": "from tests.util import make\n\n\ndef test() -> None:\n"
    "    assert make()\n",
    "packages/b/tests/__init__.py": "",
    "packages/b/tests/helpers.py": "def build() -> str:\n    return 'b'\n",
    "packages/b/tests/test_app.py": "from tests.helpers import build\n\n\ndef test() -> None:\n"
    "    assert build()\n",
}


class Recorder:
    def __init__(self) -> None:
        self.phases: list[tuple[str, int]] = []
        self.steps = 0

    def start(self, total: int) -> None:
        pass

    def advance(self, path: str) -> None:
        self.steps += 1

    def done(self) -> None:
        pass

    def phase(self, description: str, total: int) -> None:
        self.phases.append((description, total))


@needs_ty
def test_one_ty_session_resolves_imports_across_the_projects_of_a_monorepo(
    tmp_path: Path,
) -> None:
    _write(tmp_path, MONOREPO)
    sessions: list[semantic.Group] = []
    serve_group = semantic.serve_group

    def counted(group: semantic.Group, *args: object, **kwargs: object) -> object:
        sessions.append(group)
        return serve_group(group, *args, **kwargs)  # type: ignore[arg-type]

    recorder = Recorder()
    mp = pytest.MonkeyPatch()
    with mp.context() as patched:
        patched.setattr(semantic, "serve_group", counted)
        summary = run_index(tmp_path, progress=recorder)
    assert summary.complete, summary.failed
    assert len(sessions) == 1 and set(sessions[0].projects) == {"packages/a", "packages/b"}
    sites = (
        "SELECT f.path, o.start_line, o.role FROM occurrences o JOIN files f ON f.id = o.file_id "
    )
    with sqlite3.connect(tmp_path / ".lsai" / "index.db") as conn:
        found = conn.execute(
            sites + "WHERE o.symbol_key LIKE '%packages/a/src/a/core.py greet().' ORDER BY 1, 2"
        ).fetchall()
        tests = conn.execute(
            sites + "WHERE o.name IN ('make', 'build') AND o.symbol_key IS NOT NULL "
            "AND f.path GLOB '*/test_*' ORDER BY 1, 2"
        ).fetchall()
    assert found == [
        ("packages/a/src/a/core.py", 1, "definition"),
        ("packages/b/src/b/app.py", 1, "import"),
        ("packages/b/src/b/app.py", 5, "call"),
    ]
    assert tests == [  # each project's `tests` package, though both are in one session
        ("packages/a/tests/test_core.py", 1, "import"),
        ("packages/a/tests/test_core.py", 5, "call"),
        ("packages/b/tests/test_app.py", 1, "import"),
        ("packages/b/tests/test_app.py", 5, "call"),
    ]
    described = [description for description, _ in recorder.phases]
    assert described[:2] == ["ty: symbols", "ty: references"]
    assert "ty: diagnostics" in described
    assert recorder.steps >= sum(total for _, total in recorder.phases)
