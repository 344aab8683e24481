"""The shipped pre-commit hooks, run by the real `pre-commit` in a temporary git repository.

Without network, the hooks run as ``repo: local`` with ``language: system`` and everything else
(entry, args, pass_filenames, always_run, types_or, require_serial) read from the shipped
``.pre-commit-hooks.yaml``, with this virtualenv's ``bin`` on PATH.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command

HOOKS = Path(__file__).parents[1] / ".pre-commit-hooks.yaml"
BIN = Path(sys.executable).parent
COPIED = (
    *("id", "name", "entry", "args"),
    *("pass_filenames", "always_run", "types_or", "require_serial"),
)
BROKEN = 'def total() -> int:\n    return "not an int"\n'
FIXED = "def total() -> int:\n    return 1\n\n\ndef grand_total() -> int:\n    return total()\n"

pytestmark = [
    pytest.mark.skipif(
        resolve_command(ADAPTERS["ty"]) is None, reason="install ty: pip install ty"
    ),
    pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed"),
    pytest.mark.skipif(not (BIN / "pre-commit").exists(), reason="pip install 'lsai[dev]'"),
]


def shipped_hooks() -> list[dict[str, Any]]:
    hooks = yaml.safe_load(HOOKS.read_text(encoding="utf-8"))
    assert isinstance(hooks, list)
    return [h for h in hooks if isinstance(h, dict)]


def local_config() -> str:
    hooks = [{**{k: h[k] for k in COPIED if k in h}, "language": "system"} for h in shipped_hooks()]
    return yaml.safe_dump({"repos": [{"repo": "local", "hooks": hooks}]}, sort_keys=False)


class Repo:
    def __init__(self, root: Path, home: Path) -> None:
        self.root = root
        self.env = {
            **os.environ,
            "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
            "PRE_COMMIT_HOME": str(home),
            "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_CONFIG_NOSYSTEM": "1",
        }

    def run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            args, cwd=self.root, env=self.env, capture_output=True, text=True, timeout=300
        )

    def git(self, *args: str) -> subprocess.CompletedProcess[str]:
        who = ("-c", "user.email=test@example.com", "-c", "user.name=Test")
        return self.run("git", *who, "-c", "commit.gpgsign=false", *args)

    def write(self, path: str, text: str) -> None:
        (self.root / path).write_text(text, encoding="utf-8")


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    repo = Repo(tmp_path / "repo", tmp_path / "pre-commit-home")
    repo.root.mkdir()
    assert repo.git("init", "-q").returncode == 0
    repo.write(".gitignore", ".lsai/\n")
    repo.write(".pre-commit-config.yaml", local_config())
    installed = repo.run(str(BIN / "pre-commit"), "install")
    assert installed.returncode == 0, installed.stderr
    return repo


def symbols(root: Path) -> set[str]:
    with sqlite3.connect(root / ".lsai" / "index.db") as conn:
        return {name for (name,) in conn.execute("SELECT name FROM symbols")}


def test_the_shipped_hooks_are_an_index_hook_and_a_check_hook() -> None:
    by_id = {h["id"]: h for h in shipped_hooks()}
    assert set(by_id) == {"lsai-index", "lsai-check"}
    assert by_id["lsai-index"]["pass_filenames"] is False and by_id["lsai-index"]["always_run"]
    assert "python" in by_id["lsai-check"]["types_or"]
    assert all(h["language"] == "python" for h in by_id.values())


def test_a_type_error_is_rejected_and_the_fix_is_committed(repo: Repo) -> None:
    repo.write("app.py", BROKEN)
    repo.git("add", ".gitignore", ".pre-commit-config.yaml", "app.py")
    rejected = repo.git("commit", "-q", "-m", "broken")
    out = rejected.stdout + rejected.stderr
    assert rejected.returncode != 0, out
    assert "app.py(2,12): error invalid-" in out and "[1 error]" in out
    assert "lsai check" in out and "Failed" in out
    assert "total" in symbols(repo.root)

    repo.write("app.py", FIXED)
    repo.git("add", "app.py")
    committed = repo.git("commit", "-q", "-m", "fixed")
    assert committed.returncode == 0, committed.stdout + committed.stderr
    assert repo.git("log", "--format=%s").stdout.split() == ["fixed"]
    assert "grand_total" in symbols(repo.root)  # lsai-index updated the index
    assert repo.git("status", "--porcelain").stdout == ""  # .lsai/ is ignored
