"""lsai.toml beyond the choice of servers: ``[index]`` (what is indexed) and
``[language-server.<id>]`` (how a server runs), with a real index run and, for the server
options, the real ty started through the configured command."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from lsai.cli.main import cli
from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.config import load_config
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.pipeline import run_index

Workspace = Callable[[str], Path]
needs_ty = pytest.mark.skipif(
    resolve_command(ADAPTERS["ty"]) is None, reason="install ty: pip install ty"
)


def indexed(root: Path) -> dict[str, tuple[str, str | None]]:
    with sqlite3.connect(root / ".lsai" / "index.db") as conn:
        return {p: (s, e) for p, s, e in conn.execute("SELECT path, status, error FROM files")}


def test_index_exclude_leaves_folders_out_and_drops_them_from_an_index(
    workspace: Workspace,
) -> None:
    root = workspace("python")
    run_index(root, backend="tree-sitter")
    assert "tests/test_services.py" in indexed(root)
    (root / "lsai.toml").write_text('[index]\nexclude = ["tests/", "src/shop/u*.py"]\n')
    summary = run_index(root, backend="tree-sitter")
    files = indexed(root)
    assert "tests/test_services.py" not in files and "src/shop/util.py" not in files
    assert "src/shop/models.py" in files  # the rest kept, unread
    assert sorted(summary.removed) == ["src/shop/util.py", "tests/test_services.py"]
    (root / "lsai.toml").write_text("[index]\n")
    run_index(root, backend="tree-sitter")
    assert "tests/test_services.py" in indexed(root)


def test_max_file_size_skips_larger_files_and_follows_the_setting(workspace: Workspace) -> None:
    root = workspace("python")
    models = "src/shop/models.py"
    size = (root / models).stat().st_size
    (root / "lsai.toml").write_text(f"[index]\nmax-file-size = {size - 1}\n")
    summary = run_index(root, backend="tree-sitter")
    status, why = indexed(root)[models]
    assert status == "skipped" and "too large" in str(why) and "max-file-size" in str(why)
    assert models in dict(summary.skipped)
    # raised: the file, untouched since, is read now; lowered again: skipped again
    (root / "lsai.toml").write_text('[index]\nmax-file-size = "1 MiB"\n')
    run_index(root, backend="tree-sitter")
    assert indexed(root)[models] == ("complete", None)
    (root / "lsai.toml").write_text(f"[index]\nmax-file-size = {size - 1}\n")
    run_index(root, backend="tree-sitter")
    assert indexed(root)[models][0] == "skipped"


def test_sizes_are_read_with_their_units(tmp_path: Path) -> None:
    for written, size in (('"4 MiB"', 4 << 20), ('"512k"', 512 << 10), ("1000", 1000)):
        (tmp_path / "lsai.toml").write_text(f"[index]\nmax-file-size = {written}\n")
        assert load_config(tmp_path).max_file_bytes == size
    assert load_config(tmp_path / "none").max_file_bytes == 2 << 20  # the default


@pytest.mark.parametrize(
    ("text", "said", "remedy"),
    [
        ("[index]\nexcludes = []\n", "unknown key 'excludes'", "exclude, max-file-size"),
        ('[index]\nexclude = "docs/"\n', "exclude", '["docs/"'),
        ('[index]\nmax-file-size = "big"\n', "max-file-size", "4 MiB"),
        ("[language-server.pylsp]\ntimeout = 5\n", "pylsp", "basedpyright"),
        ("[language-server.ty]\ntimeout = -1\n", "timeout", "timeout = 120"),
        ('[language-server.ty]\nargs = ["server"]\n', "need a command", "command = 'ty'"),
        ("[language-server.ty]\nconfig = 3\n", "initializationOptions", "config = {"),
        ("[language-server.ty]\nenv = {}\n", "unknown key 'env'", "environment"),
    ],
)
def test_a_wrong_setting_is_an_error_that_says_what_is_allowed(
    tmp_path: Path, text: str, said: str, remedy: str
) -> None:
    (tmp_path / "lsai.toml").write_text(text)
    with pytest.raises(LsaiError) as caught:
        load_config(tmp_path)
    assert caught.value.code == ErrorCode.INVALID_ARGUMENT
    assert said in caught.value.message and remedy in caught.value.resolution


def test_server_config_is_merged_over_lsais_initialization_options(tmp_path: Path) -> None:
    (tmp_path / "lsai.toml").write_text(
        "[language-server.tsgo]\nconfig = { logVerbosity = 2, extra = true }\ntimeout = 90\n"
    )
    tsgo = load_config(tmp_path).adapter(ADAPTERS["tsgo"])
    assert tsgo.init_options == {"logVerbosity": 2, "disablePushDiagnostics": True, "extra": True}
    assert tsgo.request_timeout == 90.0 and tsgo.command == ADAPTERS["tsgo"].command


@needs_ty
def test_a_configured_command_and_environment_run_the_server(
    workspace: Workspace, tmp_path: Path
) -> None:
    """The real ty, started through the wrapper lsai.toml names (a path relative to the
    workspace), with the variable it sets; the run is served by it, and doctor shows it."""
    root = workspace("python")
    ty = resolve_command(ADAPTERS["ty"])
    assert ty is not None
    seen = tmp_path / "seen"
    wrapper = root / "tools" / "ty-wrapper"
    wrapper.parent.mkdir()
    wrapper.write_text(f'#!/bin/sh\necho "$LSAI_TEST_MARK $*" >> {seen}\nexec {ty[0]} "$@"\n')
    wrapper.chmod(0o755)
    (root / "lsai.toml").write_text(
        '[language-server.ty]\ncommand = "tools/ty-wrapper"\nargs = ["server"]\n'
        'environment = { LSAI_TEST_MARK = "from-lsai-toml" }\n'
    )
    summary = run_index(root)
    assert summary.languages["python"].backends == {"lsp"}
    assert seen.read_text().splitlines()[0] == "from-lsai-toml server"
    doctor = CliRunner().invoke(cli, ["doctor", str(root)])
    assert str(wrapper) in doctor.output, doctor.output
    # how the server runs is one of its inputs: changed, the server is asked again
    (root / "lsai.toml").write_text(
        (root / "lsai.toml").read_text().replace("from-lsai-toml", "changed")
    )
    again = run_index(root)
    assert "[language-server.ty]" in again.servers["ty"].inputs_changed
    assert seen.read_text().splitlines()[-1] == "changed server"


def test_a_configured_command_not_found_falls_back_and_says_where_it_was_set(
    workspace: Workspace,
) -> None:
    root = workspace("python")
    (root / "lsai.toml").write_text('[language-server.ty]\ncommand = "/nowhere/ty"\n')
    summary = run_index(root)
    assert summary.languages["python"].backends == {"tree-sitter"}
    why = summary.fallbacks["python"]
    assert "/nowhere/ty" in why and "[language-server.ty] command in lsai.toml" in why
