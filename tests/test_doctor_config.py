from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from lsai.cli.main import cli
from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.config import load_config
from lsai.indexer.doctor import diagnose
from lsai.indexer.pipeline import run_index

Workspace = Callable[[str], Path]


def test_no_config_means_defaults(tmp_path: Path) -> None:
    assert load_config(tmp_path).servers == {}


def test_lsai_toml_chooses_a_server_per_language(tmp_path: Path) -> None:
    (tmp_path / "lsai.toml").write_text('[servers]\npython = "basedpyright"\ngo = "none"\n')
    config = load_config(tmp_path)
    assert config.servers == {"python": "basedpyright", "go": "none"}
    assert config.source == "lsai.toml"


def test_tool_lsai_table_in_pyproject_is_read(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n[tool.lsai.servers]\npython = "none"\n'
    )
    assert load_config(tmp_path).servers == {"python": "none"}


def test_an_unknown_server_is_an_error_listing_the_known_ones(tmp_path: Path) -> None:
    (tmp_path / "lsai.toml").write_text('[servers]\npython = "jedi"\n')
    with pytest.raises(LsaiError) as caught:
        load_config(tmp_path)
    assert caught.value.code == ErrorCode.INVALID_ARGUMENT
    assert "ty" in caught.value.resolution and "basedpyright" in caught.value.resolution


def test_broken_toml_is_an_error_with_the_file_named(tmp_path: Path) -> None:
    (tmp_path / "lsai.toml").write_text("[servers\n")
    with pytest.raises(LsaiError) as caught:
        load_config(tmp_path)
    assert "lsai.toml" in caught.value.message


def test_none_in_config_keeps_a_language_on_tree_sitter(workspace: Workspace) -> None:
    root = workspace("python")
    (root / "lsai.toml").write_text('[servers]\npython = "none"\n')
    summary = run_index(root)
    assert summary.languages["python"].backends == {"tree-sitter"}
    assert summary.servers == {}


def test_doctor_reports_ty_installed_with_its_version(workspace: Workspace) -> None:
    reports = {r.language: r for r in diagnose(workspace("python"))}
    python = reports["python"]
    assert python.server == "ty" and python.installed and python.files == 6
    assert python.version is not None and python.version.startswith("ty ")


def test_doctor_names_the_install_command_of_a_missing_server(
    workspace: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lsai.indexer import doctor

    monkeypatch.setattr(doctor, "resolve_command", lambda adapter: None)  # fault: not installed
    result = CliRunner().invoke(cli, ["doctor", str(workspace("python"))])
    assert result.exit_code == 1
    assert "server ty: missing" in result.output and "install: pip install ty" in result.output


def test_doctor_cli_lists_every_language_found(workspace: Workspace) -> None:
    result = CliRunner().invoke(cli, ["doctor", str(workspace("typescript"))])
    assert result.exit_code == 0, result.output
    assert "TSX (1 file)" in result.output and "TypeScript (2 files)" in result.output


@pytest.mark.parametrize(
    ("fixture", "language", "server"),
    [
        ("rust", "rust", "rust-analyzer"),
        ("java", "java", "jdtls"),
        ("csharp", "csharp", "csharp-ls"),
    ],
)
def test_registered_but_unverified_servers_keep_tree_sitter_and_say_how_to_choose_them(
    workspace: Workspace, fixture: str, language: str, server: str
) -> None:
    report = {r.language: r for r in diagnose(workspace(fixture))}[language]
    assert report.server is None and report.backend == "tree-sitter"
    assert f'[servers] {language} = "{server}"' in report.why


def _broken_server(folder: Path, name: str) -> None:
    """Fault: an executable that is found but does not run, like rustup's proxy for a
    component that is not installed."""
    folder.mkdir()
    script = folder / name
    script.write_text(
        "#!/bin/sh\necho \"error: Unknown binary '$0' in official toolchain\" >&2\n"
        "echo 'Stack backtrace:' >&2\necho '  0: anyhow' >&2\nexit 1\n"
    )
    script.chmod(0o755)


def test_a_found_server_that_does_not_run_is_reported_broken_with_its_install_command(
    workspace: Workspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = workspace("rust")
    (root / "lsai.toml").write_text('[servers]\nrust = "rust-analyzer"\n')
    _broken_server(tmp_path / "bin", "rust-analyzer")
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}:{os.environ['PATH']}")
    result = CliRunner().invoke(cli, ["doctor", str(root)])
    assert result.exit_code == 1
    assert "rust-analyzer exits with 1: error: Unknown binary" in result.output
    assert "install: rustup component add rust-analyzer" in result.output

    summary = run_index(root)
    crash = summary.servers["rust-analyzer"].problem
    assert summary.languages["rust"].backends == {"tree-sitter"}
    assert crash is not None and "stderr: error: Unknown binary" in crash


def _monorepo(root: Path) -> None:
    files = {
        "package.json": '{"name": "mono", "private": true, "workspaces": ["packages/*"]}',
        "packages/a/package.json": '{"name": "@acme/a", "version": "1.0.0"}',
        "packages/a/src/index.ts": "export function greet(): string { return 'hi'; }\n",
        "packages/b/package.json": '{"name": "@acme/b", "dependencies": {"@acme/a": "*"}}',
        "packages/b/src/main.ts": 'import { greet } from "@acme/a";\ngreet();\n',
    }
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)


def test_unlinked_workspace_packages_are_noted_with_the_remedy(tmp_path: Path) -> None:
    """A monorepo nobody installed: imports between its packages cannot resolve. The index run
    and doctor say so, and how to fix it; once node_modules links the package, they don't."""
    _monorepo(tmp_path)
    summary = run_index(tmp_path, backend="tree-sitter")
    assert len(summary.notes) == 1
    assert "@acme/a (used by packages/b)" in summary.notes[0]
    assert "npm install" in summary.notes[0]
    doctor = CliRunner().invoke(cli, ["doctor", str(tmp_path)])
    assert "note: 1 workspace package is not linked" in doctor.output
    (tmp_path / "node_modules/@acme").mkdir(parents=True)
    (tmp_path / "node_modules/@acme/a").symlink_to(tmp_path / "packages/a")
    assert run_index(tmp_path, backend="tree-sitter").notes == []
    assert "note:" not in CliRunner().invoke(cli, ["doctor", str(tmp_path)]).output
