"""The diagnostics, deps and server tools, and the manifest reader behind deps."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.crawler import ProjectRoot
from lsai.indexer.deps import _jsonc, derive
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.pipeline import run_index
from lsai.query import deps as deps_module
from lsai.query.contracts import PROFILES
from lsai.query.deps import DepsInput, deps
from lsai.query.diagnostics import NOT_SERVED, DiagnosticsInput, diagnostics
from lsai.query.render import render
from lsai.query.server import ServerInput, server
from lsai.query.workspace import Workspace, open_workspace
from lsai.storage.records import DiagnosticRecord, FileIndex, FileMeta, Span
from lsai.storage.writer import IndexWriter
from tests.snapshots import assert_snapshot

FIXTURE = Path(__file__).parent / "fixtures" / "python"
BROKEN = """from shop.models import Cart


def total_of(cart: Cart) -> int:
    return "not an int"
"""
needs_ty = pytest.mark.skipif(
    resolve_command(ADAPTERS["ty"]) is None, reason="install ty: pip install ty"
)


def _python(target: Path, backend: str = "auto") -> Workspace:
    shutil.copytree(FIXTURE, target, ignore=shutil.ignore_patterns(".lsai"))
    (target / "src/shop/broken.py").write_text(BROKEN, encoding="utf-8")
    run_index(target, backend=backend)
    return open_workspace(target)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    if resolve_command(ADAPTERS["ty"]) is None:
        pytest.skip("install ty: pip install ty")
    ws = _python(tmp_path_factory.mktemp("diag") / "python")
    yield ws
    ws.close()


@pytest.fixture
def unserved(tmp_path: Path) -> Iterator[Workspace]:
    ws = _python(tmp_path / "python", backend="tree-sitter")
    yield ws
    ws.close()


def _raises(code: ErrorCode, fn: object) -> LsaiError:
    assert callable(fn)
    with pytest.raises(LsaiError) as caught:
        fn()
    assert caught.value.code == code, caught.value.to_dict()
    assert caught.value.resolution
    return caught.value


# -- diagnostics ---------------------------------------------------------------------------------
@needs_ty
def test_diagnostics_report_the_type_error_ty_found(served: Workspace) -> None:
    result = diagnostics(served, DiagnosticsInput())
    assert result.served and result.counts.get("error") == 1
    (item,) = result.diagnostics
    assert (item.file, item.line, item.severity) == ("src/shop/broken.py", 5, "error")
    assert item.code and item.source == "ty" and item.context == '    return "not an int"'


@needs_ty
def test_compiler_output_is_path_line_col_severity_code_message(served: Workspace) -> None:
    text = render(diagnostics(served, DiagnosticsInput(scope="src/shop")), "compiler")
    first, summary, *notes = text.splitlines()
    assert first.startswith("src/shop/broken.py(5,12): error ")
    assert first.count(": ") >= 2
    assert summary == "[1 error; not shown: 1 hint (ask for them by severity)]"
    assert notes == ["! src/shop/blob.py was not indexed: binary content"]  # it has none
    everything = diagnostics(served, DiagnosticsInput(scope="src/shop", severity=["error", "hint"]))
    assert everything.hidden == {} and everything.total == 2


@needs_ty
@pytest.mark.parametrize("profile", PROFILES)
def test_diagnostics_in_every_profile(served: Workspace, profile: str) -> None:
    result = diagnostics(served, DiagnosticsInput())
    assert_snapshot(f"tools/diagnostics_broken.{profile}", render(result, profile))


@needs_ty
def test_a_clean_file_has_no_diagnostics_and_says_so(served: Workspace) -> None:
    result = diagnostics(served, DiagnosticsInput(scope="src/shop/util.py"))
    assert result.served and result.total == 0
    assert render(result) == "[no errors or warnings]"
    warnings = diagnostics(served, DiagnosticsInput(severity=["warning"]))
    assert warnings.total == 0 and warnings.counts == {}


@needs_ty
def test_a_project_name_is_a_scope(served: Workspace) -> None:
    assert diagnostics(served, DiagnosticsInput(scope="python")).total == 1


def test_an_unknown_scope_is_file_not_found(unserved: Workspace) -> None:
    _raises(ErrorCode.FILE_NOT_FOUND, lambda: diagnostics(unserved, DiagnosticsInput(scope="nope")))


def test_without_a_language_server_diagnostics_say_so(unserved: Workspace) -> None:
    result = diagnostics(unserved, DiagnosticsInput())
    assert not result.served and result.diagnostics == []
    assert not result.provenance.complete
    assert render(result).splitlines()[0] == NOT_SERVED


def test_generated_folders_are_left_out(unserved: Workspace) -> None:
    meta = FileMeta("build/gen.py", "python", 1, 1, "x", ".", 1, backend="lsp")
    bad = DiagnosticRecord(Span(1, 1, 1, 2), "error", "generated", "E1", "ty")
    IndexWriter(unserved.index).write_files([(meta, FileIndex(diagnostics=[bad]))], {}, 1)
    result = diagnostics(unserved, DiagnosticsInput())
    assert result.diagnostics == [] and not result.served


# -- deps ----------------------------------------------------------------------------------------
MONOREPO: dict[str, str] = {
    "package.json": json.dumps({"name": "mono", "workspaces": ["packages/*"]}),
    "packages/core/package.json": json.dumps(
        {"name": "@mono/core", "dependencies": {"@mono/utils": "workspace:*", "lodash": "4"}}
    ),
    "packages/core/src/index.ts": "export const core = 1;\n",
    "packages/core/src/lib/deep.ts": "export const deep = 2;\n",
    "packages/utils/package.json": json.dumps({"name": "@mono/utils"}),
    "packages/utils/src/index.ts": "export const utils = 1;\n",
    "packages/web/package.json": json.dumps(
        {"name": "@mono/web", "dependencies": {"@mono/core": "1.0.0"}}
    ),
    "packages/web/tsconfig.json": '{\n  // JSONC\n  "references": [{"path": "../utils"},],\n}\n',
    "services/api/pyproject.toml": '[project]\nname = "mono-api"\ndependencies = ["Mono_Lib>=1"]\n',
    "services/lib/pyproject.toml": '[project]\nname = "mono-lib"\n',
    "services/lib/lib.py": "def helper() -> int:\n    return 1\n",
    "go/app/go.mod": "module example.com/app\n\nrequire example.com/kit v0.0.0\n",
    "go/kit/go.mod": "module example.com/kit\n",
    "rust/cli/Cargo.toml": '[package]\nname = "cli"\n\n[dependencies]\n'
    'shared = { path = "../shared" }\n',
    "rust/shared/Cargo.toml": '[package]\nname = "shared"\n',
    "dotnet/App/App.csproj": '<Project><ItemGroup><ProjectReference Include="..\\Core\\Core.csproj"'
    " /></ItemGroup></Project>",
    "dotnet/Core/Core.csproj": "<Project></Project>",
    "java/pom.xml": '<project xmlns="http://maven.apache.org/POM/4.0.0"><artifactId>parent'
    "</artifactId><modules><module>model</module></modules></project>",
    "java/model/pom.xml": "<project><artifactId>model</artifactId></project>",
}


@pytest.fixture
def mono(tmp_path: Path) -> Iterator[Workspace]:
    root = tmp_path / "mono"
    for path, text in MONOREPO.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    run_index(root, backend="tree-sitter")
    ws = open_workspace(root)
    yield ws
    ws.close()


def test_deps_reads_every_kind_of_manifest(mono: Workspace) -> None:
    result = deps(mono, DepsInput())
    edges = {(p.name, d.name, d.kind) for p in result.projects for d in p.depends_on}
    assert edges == {
        ("mono", "core", "workspace"),
        ("mono", "utils", "workspace"),
        ("mono", "web", "workspace"),
        ("core", "utils", "package-json"),
        ("web", "core", "package-json"),
        ("web", "utils", "tsconfig-reference"),
        ("api", "lib", "pyproject"),
        ("app", "kit", "go-mod"),
        ("cli", "shared", "cargo-path"),
        ("App", "Core", "project-reference"),
        ("java", "model", "maven-module"),
    }
    assert result.provenance.complete
    web = next(p for p in result.projects if p.name == "web")
    assert web.used_by == ["mono"] and web.files is None


def test_deps_of_one_project_with_its_files_by_folder(mono: Workspace) -> None:
    result = deps(mono, DepsInput(project="core", include_files=True))
    (core,) = result.projects
    assert [d.name for d in core.depends_on] == ["utils"]
    assert core.files is not None
    assert [(g.directory, g.files) for g in core.files] == [
        ("src", ["index.ts"]),
        ("src/lib", ["deep.ts"]),
    ]


def test_a_files_listing_too_long_for_an_answer_is_cut_to_counts_per_folder(
    mono: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(deps_module, "MAX_FILES", 2)  # the mono tree holds a few files
    result = deps(mono, DepsInput(include_files=True))
    core = next(p for p in result.projects if p.name == "core")
    assert core.files is not None
    assert [(g.directory, g.files, g.count) for g in core.files] == [
        ("src", [], 1),
        ("src/lib", [], 1),
    ]
    assert result.provenance.complete  # cut, not incomplete: and the answer says so
    assert any("shown as file counts per folder" in n for n in result.provenance.notes)
    assert "src/lib/  (1 file)" in render(result)
    one = deps(mono, DepsInput(project="core", include_files=True))
    assert one.projects[0].files is not None and one.projects[0].files[0].files == ["index.ts"]


def test_an_unknown_project_names_the_known_ones(mono: Workspace) -> None:
    error = _raises(ErrorCode.INVALID_ARGUMENT, lambda: deps(mono, DepsInput(project="nope")))
    assert "core" in error.resolution


def test_a_broken_manifest_is_a_note_not_a_failure(mono: Workspace) -> None:
    (mono.root / "packages/utils/package.json").write_text("{ not json", encoding="utf-8")
    run_index(mono.root, backend="tree-sitter")
    result = deps(mono, DepsInput())
    assert not result.provenance.complete
    assert any("packages/utils/package.json" in n for n in result.provenance.notes)
    assert ("web", "utils") in {(p.name, d.name) for p in result.projects for d in p.depends_on}


@pytest.mark.parametrize("profile", PROFILES)
def test_deps_in_every_profile(mono: Workspace, profile: str) -> None:
    result = deps(mono, DepsInput(include_files=profile == "verbose"))
    assert_snapshot(f"tools/deps_mono.{profile}", render(result, profile))


def test_tsconfig_comments_do_not_eat_urls_in_strings() -> None:
    text = '{"a": "https://x.y/*z*/", /* c */ "b": [1, 2,], // end\n}'
    assert _jsonc(text) == {"a": "https://x.y/*z*/", "b": [1, 2]}


def test_a_reference_leaving_the_workspace_is_ignored(tmp_path: Path) -> None:
    (tmp_path / "tsconfig.json").write_text('{"references": [{"path": "../../elsewhere"}]}')
    edges, notes = derive(tmp_path, [ProjectRoot(".", "root", ("tsconfig.json",))])
    assert edges == [] and notes == []


# -- server --------------------------------------------------------------------------------------
def _stable(ws: Workspace) -> str:
    """The server answer with what changes between runs (times, paths, version) fixed."""
    result = server(ws, ServerInput())
    fixed = result.freshness.model_copy(
        update={
            "started_at": "START",
            "finished_at": "END",
            "last_updated": "END",
            "lsai_version": "VERSION",
        }
    )
    spaces = [w.model_copy(update={"path": "/ROOT", "id": "ws-ID"}) for w in result.workspaces]
    return result.model_copy(
        update={"version": "VERSION", "freshness": fixed, "workspaces": spaces}
    ).model_dump_json()


@needs_ty
def test_a_language_served_by_ty_is_tier_2(served: Workspace) -> None:
    result = server(served, ServerInput())
    (python,) = result.languages
    assert python.tier == 2 and python.backend.startswith("ty ")
    assert python.tools["diagnostics"] == "full" and python.tools["rename"] == "full"
    assert result.protocol == "LSAI/1.2" and result.freshness.status == "complete"
    assert result.workspaces[0].files >= 6


def test_a_tree_sitter_language_is_tier_1_without_diagnostics(unserved: Workspace) -> None:
    (python,) = server(unserved, ServerInput()).languages
    assert (python.tier, python.backend) == (1, "tree-sitter")
    assert python.tools["diagnostics"] == "unavailable"
    assert python.tools["rename"].startswith("preview only")


def test_freshness_compares_the_indexed_commit_with_head(unserved: Workspace) -> None:
    git = unserved.root / ".git"
    (git / "refs/heads").mkdir(parents=True)
    (git / "HEAD").write_text("ref: refs/heads/main\n")
    (git / "refs/heads/main").write_text("a" * 40 + "\n")
    run_index(unserved.root, backend="tree-sitter")
    assert server(unserved, ServerInput()).freshness.commit_matches is True
    (git / "refs/heads/main").write_text("b" * 40 + "\n")
    fresh = server(unserved, ServerInput()).freshness
    assert fresh.commit_matches is False and fresh.indexed_commit == "a" * 40
    assert any("lsai index" in note for note in fresh.notes)


@pytest.mark.parametrize("profile", PROFILES)
def test_server_in_every_profile(unserved: Workspace, profile: str) -> None:
    result = server(unserved, ServerInput())
    stable = type(result).model_validate_json(_stable(unserved))
    assert result.languages == stable.languages
    assert_snapshot(f"tools/server.{profile}", render(stable, profile))
