"""A uv workspace after ``uv sync``: one ``.venv`` at the root, where the members are installed
(editable: a ``.pth`` naming each member's source root), and no environment in any member. ty
run at the root takes that ``.venv`` for every file, so a root script's import of a member
resolves to the member's file. lsai served the root project (which has the ``.venv``) and the
members (which have none) in sessions of their own, as projects of different environments: a
member's references never searched the root's files, and ``lsai usages make_record`` left out
the script calling it. A project without an environment of its own now takes the nearest one
above it, up to the workspace root."""

from __future__ import annotations

import asyncio
import venv
from pathlib import Path

from lsai.indexer.lsp.pysessions import partition
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.test_references_match_server import Location, live
from tests.test_ty_union_calls import live_callers, stored_callers
from tests.trees import served_tree

FILES = {
    "pyproject.toml": '[project]\nname = "mono"\nversion = "0"\n\n'
    '[tool.uv.workspace]\nmembers = ["packages/*"]\n',
    "packages/alpha/pyproject.toml": '[project]\nname = "alpha-core"\nversion = "0"\n',
    "packages/alpha/src/alpha_core/__init__.py": "from .models import make_record\n",
    "packages/alpha/src/alpha_core/models.py": (
        "def make_record(key: str) -> str:\n    return key\n"
    ),
    "packages/beta/pyproject.toml": '[project]\nname = "beta-app"\nversion = "0"\n',
    "packages/beta/beta_app/__init__.py": "",
    "packages/beta/beta_app/service.py": (
        "from alpha_core import make_record\n\n\ndef serve(key: str) -> str:\n"
        "    return make_record(key)\n"
    ),
    "scripts/migrate.py": (
        "from alpha_core.models import make_record\nfrom beta_app.service import serve\n\n\n"
        "def migrate() -> str:\n    return make_record('m') + serve('n')\n"
    ),
}
MAKE_RECORD = ("packages/alpha/src/alpha_core/models.py", 1, 5)
SERVE = ("packages/beta/beta_app/service.py", 4, 5)


def _synced(root: Path) -> None:
    """The root ``.venv`` as ``uv sync`` leaves it: the members installed editable."""
    venv.create(root / ".venv", with_pip=False)
    (site,) = (root / ".venv" / "lib").glob("python3*/site-packages")
    (site / "_alpha_core.pth").write_text(f"{root / 'packages/alpha/src'}\n")
    (site / "_beta_app.pth").write_text(f"{root / 'packages/beta'}\n")


def _usages(root: Path, at: Location) -> set[Location]:
    ws = open_workspace(root)
    try:
        found = usages(ws, UsagesInput(file=at[0], line=at[1], col=at[2]))
        return {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    finally:
        ws.close()


def test_the_members_share_the_session_of_the_workspaces_venv(tmp_path: Path) -> None:
    for path, text in FILES.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    _synced(tmp_path)
    files = {
        ".": ["scripts/migrate.py"],
        "packages/alpha": ["packages/alpha/src/alpha_core/models.py"],
        "packages/beta": ["packages/beta/beta_app/service.py"],
    }
    assert partition(tmp_path, sorted(files), files) == [[".", "packages/alpha", "packages/beta"]]


def test_a_members_usages_and_callers_reach_the_root_scripts_as_ty_at_the_root_does(
    tmp_path: Path,
) -> None:
    (tmp_path / "packages").mkdir()
    _synced(tmp_path)
    served_tree(tmp_path, FILES, "ty")
    server = asyncio.run(live(tmp_path, {"make": MAKE_RECORD, "serve": SERVE}, "ty"))
    assert ("scripts/migrate.py", 6, 12) in server["make"]
    assert _usages(tmp_path, MAKE_RECORD) == server["make"]
    assert _usages(tmp_path, SERVE) == server["serve"]
    calls = asyncio.run(live_callers(tmp_path, [MAKE_RECORD, SERVE]))
    assert ("migrate", "scripts/migrate.py") in calls[MAKE_RECORD]
    assert stored_callers_of(tmp_path, MAKE_RECORD) == calls[MAKE_RECORD]
    assert stored_callers_of(tmp_path, SERVE) == calls[SERVE]


def stored_callers_of(root: Path, at: Location) -> set[tuple[str, str]]:
    ws = open_workspace(root)
    try:
        return stored_callers(ws, at)
    finally:
        ws.close()
