"""The live index (ty kept running): an incremental update equals a full rebuild."""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from pprint import pformat

import anyio
import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from mcp import Client
from mcp.types import TextContent

from lsai.indexer.live import LiveIndex
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.pipeline import run_index
from lsai.indexer.watch import relevant
from lsai.mcp_server.server import build_server
from lsai.mcp_server.workspaces import Workspaces
from tests.test_incremental import FIXTURE
from tests.workspace_edits import Edit, Model, edits

pytestmark = pytest.mark.skipif(
    resolve_command(ADAPTERS["ty"]) is None, reason="ty is not installed: pip install ty"
)
Workspace = Callable[[str], Path]
Rows = dict[str, list[tuple[object, ...]]]


def snapshot(database: Path) -> Rows:
    """Symbols, occurrences with their keys, call edges and files' backends, in order."""
    queries = {
        "symbols": "SELECT f.path, s.key, s.kind, s.start_line, s.name_line, s.name_col "
        "FROM symbols s JOIN files f ON f.id = s.file_id",
        "occurrences": "SELECT f.path, o.start_line, o.start_col, o.end_col, o.name, o.role, "
        "o.symbol_key, o.enclosing_key FROM occurrences o JOIN files f ON f.id = o.file_id",
        "calls": "SELECT f.path, c.caller_key, c.callee_key, c.callee_name, c.line, c.col "
        "FROM call_edges c JOIN files f ON f.id = c.file_id",
        "files": "SELECT path, backend, status FROM files",
        "diagnostics": "SELECT f.path, d.start_line, d.start_col, d.code, d.message "
        "FROM diagnostics d JOIN files f ON f.id = d.file_id",
    }
    with sqlite3.connect(database) as conn:
        return {
            name: sorted(conn.execute(sql).fetchall(), key=repr) for name, sql in queries.items()
        }


def differences(live: Rows, full: Rows) -> dict[str, tuple[list[tuple[object, ...]], ...]]:
    out: dict[str, tuple[list[tuple[object, ...]], ...]] = {}
    for table in full:
        extra = [r for r in live[table] if r not in full[table]]
        missing = [r for r in full[table] if r not in live[table]]
        if extra or missing:
            out[table] = (extra, missing)
    return out


def files(root: Path) -> dict[str, bytes]:
    """Every file of the workspace but the index's, by workspace-relative path."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in root.rglob("*")
        if p.is_file() and ".lsai" not in p.relative_to(root).parts
    }


def batch(root: Path, before: dict[str, bytes]) -> list[str]:
    """What a watcher's batch reports since ``before``: the paths lsai watches that were added,
    removed or changed."""
    after = files(root)
    changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
    return sorted(p for p in changed if relevant(root, str(root / p)) is not None)


@pytest.fixture
def live(workspace: Workspace) -> Iterator[tuple[Path, LiveIndex]]:
    root = workspace("python")
    index = LiveIndex(root)
    try:
        first = index.update()
        assert first.complete and first.servers["ty"].files == 5
        yield root, index
    finally:
        index.close()


def assert_equals_rebuild(root: Path, tmp_path: Path) -> None:
    rebuilt = tmp_path / "rebuilt.db"
    assert run_index(root, database=str(rebuilt)).complete
    found = differences(snapshot(root / ".lsai" / "index.db"), snapshot(rebuilt))
    assert not found, "live update (extra) vs rebuild (missing):\n" + pformat(found)


def assert_live_edit_equals_rebuild(
    tmp_path: Path, files: dict[str, str], path: str, old: str, new: str
) -> None:
    """Write ``files``, index them live with ty, replace ``old`` by ``new`` in ``path`` and
    update the live index: it equals a rebuild."""
    if resolve_command(ADAPTERS["ty"]) is None:
        pytest.skip(f"ty is not installed: {ADAPTERS['ty'].install}")
    root = tmp_path / "tree"
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    with LiveIndex(root) as index:  # built live: the server stays for the update
        assert index.update().complete
        target = root / path
        target.write_text(target.read_text().replace(old, new, 1))
        assert index.update([path]).complete
    assert_equals_rebuild(root, tmp_path)


EDITS: dict[str, tuple[str, str, str]] = {
    "a function's body": (
        "src/shop/services.py",
        "    total = cart.total\n",
        "    total = cart.total\n    cart.add(Item('x'))\n    print(format_price(1, 'x'))\n",
    ),
    "a renamed function": (
        "src/shop/util.py",
        "def format_price(",
        "def format_amount(",
    ),
    "a renamed method used elsewhere": (
        "src/shop/models.py",
        "    def add(self, item: Item, quantity: int = 1) -> Cart:",
        "    def put(self, item: Item, quantity: int = 1) -> Cart:",
    ),
    "lines moved down": ("src/shop/models.py", '"""Domain models."""', '"""Domain\n\nmodels."""'),
    "a new function used elsewhere": (
        "src/shop/util.py",
        "def _private_helper() -> None:",
        "def rounded(x: float) -> float:\n    return round(x)\n\n\ndef _private_helper() -> None:",
    ),
}


@pytest.mark.parametrize("edit", list(EDITS))
def test_an_incremental_update_equals_a_rebuild(
    live: tuple[Path, LiveIndex], tmp_path: Path, edit: str
) -> None:
    root, index = live
    path, old, new = EDITS[edit]
    before = files(root)
    target = root / path
    target.write_text(target.read_text().replace(old, new, 1))
    if edit == "a new function used elsewhere":
        services = root / "src/shop/services.py"
        services.write_text(
            services.read_text().replace(
                "from shop.util import format_price", "from shop.util import format_price, rounded"
            )
        )
    summary = index.update(batch(root, before))  # as the watcher: no walk of the workspace
    assert summary.complete and summary.servers["ty"].files >= 1
    assert summary.servers["ty"].files < 5  # only the changed files were asked about
    assert_equals_rebuild(root, tmp_path)


def test_kept_lines_follow_types_changed_on_other_lines(
    live: tuple[Path, LiveIndex], tmp_path: Path
) -> None:
    """Lines that did not change keep what they named, except where a changed line changes it
    through types: a later line of the same function, a function using a changed one."""
    root, index = live
    services = root / "src/shop/services.py"
    services.write_text(
        services.read_text() + "\n\ndef first() -> object:\n    return quick_cart('x').get('a')\n"
    )
    index.update(["src/shop/services.py"])
    assert_equals_rebuild(root, tmp_path)
    for old, new in [
        ("    cart = Cart(owner)\n", "    cart = Item(owner)\n"),  # then cart.add: unresolved
        ("def quick_cart(owner: str, *skus: str) -> Cart:", "def quick_cart(owner: str) -> Item:"),
    ]:
        services.write_text(services.read_text().replace(old, new, 1))
        summary = index.update(["src/shop/services.py"])
        assert summary.servers["ty"].files == 1
        assert_equals_rebuild(root, tmp_path)


OTHER_SERVERS = {  # fixture: (server, file, old text, new text)
    "go": (
        "gopls",
        "main.go",
        "func main() {",
        "func extra() float64 {\n\treturn 1\n}\n\nfunc main() {",
    ),
    "c": ("clangd", "src/main.c", "int main", "static int extra(void) { return 1; }\n\nint main"),
}


@pytest.mark.parametrize(
    "fixture",
    [
        "go",
        "c",
    ],
)
def test_other_servers_ask_their_group_again_on_the_live_session(
    workspace: Workspace, tmp_path: Path, fixture: str
) -> None:
    """gopls and clangd are not asked about changed files alone (``live.targetable``):
    their whole group is asked again on the running server, with the rows of a rebuild."""
    server, path, old, new = OTHER_SERVERS[fixture]
    if resolve_command(ADAPTERS[server]) is None:
        pytest.skip(f"{server} is not installed: {ADAPTERS[server].install}")
    root = workspace(fixture)
    with LiveIndex(root) as index:
        assert index.update().complete
        target = root / path
        target.write_text(target.read_text().replace(old, new, 1))
        summary = index.update()
        assert summary.complete and summary.servers[server].files >= 2
        assert_equals_rebuild(root, tmp_path)


@pytest.mark.parametrize("edit", ["a renamed function", "a new function used elsewhere", "deleted"])
def test_lsai_index_answers_a_few_changed_files_alone(
    workspace: Workspace, tmp_path: Path, edit: str
) -> None:
    """``lsai index`` on an index that exists (``LiveIndex`` as ``pipeline.Targets``): ty is
    asked about the changed and deleted files alone, with the rows of a rebuild."""
    root = workspace("python")
    assert run_index(root).complete
    if edit == "deleted":
        (root / "src/shop/util.py").unlink()
    else:
        path, old, new = EDITS[edit]
        target = root / path
        target.write_text(target.read_text().replace(old, new, 1))
    with LiveIndex(root) as targets:
        summary = run_index(root, targets=targets)
    assert summary.complete
    assert summary.servers["ty"].files == (0 if edit == "deleted" else 1)
    assert_equals_rebuild(root, tmp_path)


def test_lsai_index_asks_the_whole_group_when_many_files_changed(
    workspace: Workspace, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = workspace("python")
    assert run_index(root).complete
    monkeypatch.setattr("lsai.indexer.live.MAX_TARGETED", 0)
    path, old, new = EDITS["a renamed function"]
    target = root / path
    target.write_text(target.read_text().replace(old, new, 1))
    with LiveIndex(root) as targets:
        summary = run_index(root, targets=targets)
    assert summary.complete and summary.servers["ty"].files == 5
    assert_equals_rebuild(root, tmp_path)


def test_a_new_file_is_indexed_like_the_rest(live: tuple[Path, LiveIndex], tmp_path: Path) -> None:
    """A batch with a new file walks the workspace again (``pipeline.Since``)."""
    root, index = live
    (root / "src/shop/extra.py").write_text(
        "from shop.models import Cart\n\n\ndef empty() -> Cart:\n    return Cart('x')\n"
    )
    summary = index.update(["src/shop/extra.py"])
    assert summary.reindexed == ["src/shop/extra.py"]
    assert_equals_rebuild(root, tmp_path)


def test_a_deleted_file_leaves_no_reference_to_its_symbols(
    live: tuple[Path, LiveIndex], tmp_path: Path
) -> None:
    root, index = live
    (root / "src/shop/util.py").unlink()
    summary = index.update(["src/shop/util.py"])
    assert summary.removed == ["src/shop/util.py"]
    assert_equals_rebuild(root, tmp_path)


def test_over_mcp_an_edit_is_in_the_next_semantic_answer(workspace: Workspace) -> None:
    """`lsai mcp` with its watcher (ty kept running): a new call is a usage after the update."""
    root = workspace("python")
    assert run_index(root).complete
    services = root / "src/shop/services.py"

    async def scenario() -> str:
        spaces = Workspaces(root, watch=True)
        try:
            async with Client(build_server(spaces)) as client:
                await client.call_tool("server", {})  # the watcher's first update is done
                watcher = spaces.entries()[0].watcher
                assert watcher is not None
                services.write_text(
                    services.read_text()
                    + "\n\ndef again() -> str:\n    return format_price(2, 'x')\n"
                )
                assert watcher.wait_indexed("src/shop/services.py", 60)
                result = await client.call_tool("lsai_usages", {"symbol": "format_price"})
                block = result.content[0]
                assert isinstance(block, TextContent)
                return block.text
        finally:
            spaces.close_all()

    answer = anyio.run(scenario)
    assert "return format_price(2, 'x')" in answer


def check_live_sequence(base: Path, steps: list[Edit]) -> None:
    """Each edit, then a live update of the paths it changed (ty kept running), then a
    comparison with a rebuild."""
    with tempfile.TemporaryDirectory(dir=base) as scratch:
        root = Path(scratch) / "python"
        shutil.copytree(FIXTURE, root, ignore=shutil.ignore_patterns(".lsai"))
        model = Model(root)
        done: list[str] = []
        with LiveIndex(root) as index:
            assert index.update().complete
            for step, edit in enumerate(steps):
                before = files(root)
                done.append(model.apply(edit))
                summary = index.update(batch(root, before))  # as the watcher's batch
                rebuilt = Path(scratch) / f"rebuilt{step}.db"
                full = run_index(root, database=str(rebuilt))
                found = differences(snapshot(root / ".lsai" / "index.db"), snapshot(rebuilt))
                assert not found, "after " + " / ".join(done) + ":\n" + pformat(found)
                assert (summary.symbols, summary.languages) == (full.symbols, full.languages)


_IMPORTS: list[Edit] = [  # f0 in services and util, models imports it, gen1 from models
    ("add_function", 1, 0, 0),
    ("add_function", 2, 0, 0),
    ("add_import", 0, 0, 0),
    ("add_file", 1, 0, 0),
    ("add_import", 0, 0, 3),
]


@pytest.mark.slow
@settings(
    max_examples=6,
    derandomize=True,  # CI runs the same examples every time: a failure is found, not a flake
    deadline=None,
    database=None,
    phases=[Phase.explicit, Phase.generate],  # shrinking restarts ty hundreds of times
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(steps=st.lists(edits, min_size=1, max_size=4))
@example(steps=[*_IMPORTS, ("switch_import", 1, 0, 0)])  # gen1 imports f0 through models
@example(steps=[*_IMPORTS, ("shadow_import", 1, 0, 0)])
@example(steps=[("add_reference", 1, 0, 1), ("toggle_project", 0, 1, 0)])  # keys change
@example(steps=[("add_class", 0, 0, 1), ("add_class", 1, 1, 0), ("call_method", 2, 0, 5),
                ("move_method", 0, 0, 0)])  # fmt: skip
@example(steps=[("break_encoding", 19, 17, 30), ("move_method", 16, 11, 1)])  # readable again
def test_a_live_update_equals_a_rebuild(tmp_path: Path, steps: list[Edit]) -> None:
    """Random edits, including those that change what a name resolves to while every symbol
    key stays (an import switched, an import shadowed, a method moved between classes)."""
    check_live_sequence(tmp_path, steps)


TWICE_BOUND = {  # click's _compat.auto_wrap_for_ansi: None, then a function on Windows
    "pkg/__init__.py": "",
    "pkg/_compat.py": "import sys\nimport typing as t\n\n"
    "wrap: t.Optional[t.Callable[[str], str]] = None\n\n"
    "if sys.platform.startswith('win'):\n\n"
    "    def wrap(s: str) -> str:  # noqa: F811\n        return s\n",
    "pkg/utils.py": "from ._compat import wrap\n\n\ndef make_str(v: object) -> str:\n"
    "    s = str(v)\n    if wrap is not None:\n        s = wrap(s)\n    return s\n",
}


def test_an_import_of_a_name_bound_twice_keeps_naming_both_after_an_edit_elsewhere(
    tmp_path: Path,
) -> None:
    """The import names the variable and the function (two rows at one site): an edit of
    another line is no rebinding of the name, and both rows stay."""
    assert_live_edit_equals_rebuild(
        tmp_path, TWICE_BOUND, "pkg/utils.py", "def make_str(", "def make_text("
    )


REBASED = {  # click's exceptions.FileError: super().__init__ names the base's
    "pkg/__init__.py": "",
    "pkg/errors.py": "class ClickException(Exception):\n"
    "    def __init__(self, message: str) -> None:\n        self.message = message\n\n\n"
    "class FileError(ClickException):\n"
    "    def __init__(self, filename: str) -> None:\n"
    "        super().__init__(filename)\n        self.filename = filename\n",
}


def test_a_changed_base_class_is_followed_by_the_super_calls_of_its_methods(
    tmp_path: Path,
) -> None:
    """The methods' lines did not change, but ``super().__init__`` names another base's now
    (``RuntimeError``'s: no symbol of the index)."""
    assert_live_edit_equals_rebuild(
        tmp_path, REBASED, "pkg/errors.py", "class FileError(ClickException):",
        "class FileError(RuntimeError):",
    )  # fmt: skip


RENAMING_IMPORT = {
    "pkg/__init__.py": "",
    "pkg/a.py": "def echo(x: object) -> None:\n    print(x)\n\n\n"
    "def pager(x: object) -> None:\n    print(x)\n",
    "pkg/b.py": "from .a import echo\n\n\ndef shout(x: object) -> None:\n    echo(x)\n",
}


@pytest.mark.parametrize(
    ("renaming", "old", "new"),
    [
        (False, "from .a import echo", "from .a import pager as echo"),
        (True, "    echo(x)\n", "    echo(x)\n    echo(1)\n"),
    ],
)
def test_a_name_an_import_renames_names_nothing_after_a_live_update(
    tmp_path: Path, renaming: bool, old: str, new: str
) -> None:
    """ty's references of ``pager`` reach neither ``echo`` in ``pager as echo`` nor its uses (a
    rebuild keys none), though its definition there answers ``pager``: not asked."""
    files = dict(RENAMING_IMPORT)
    if renaming:
        files["pkg/b.py"] = files["pkg/b.py"].replace("import echo", "import pager as echo")
    assert_live_edit_equals_rebuild(tmp_path, files, "pkg/b.py", old, new)


FORWARD = {  # click's exceptions: ctx: t.Optional["Context"], Context imported for type checking
    "pkg/__init__.py": "",
    "pkg/core.py": "class Context:\n    pass\n",
    "pkg/errors.py": "import typing as t\n\n"
    "if t.TYPE_CHECKING:\n    from .core import Context\n\n\n"
    'def fail(message: str, ctx: t.Optional["Context"] = None) -> None:\n    print(message)\n',
}


def test_a_name_in_a_string_annotation_of_an_edited_function_stays_a_reference(
    tmp_path: Path,
) -> None:
    """ty's references of ``Context`` reach the one inside the quotes, no identifier for
    tree-sitter: a live update asks its definition too (``treesitter.annotations``)."""
    assert_live_edit_equals_rebuild(
        tmp_path, FORWARD, "pkg/errors.py", "    print(message)", "    print(message, 1)"
    )


SWITCHED_ALIAS = {  # attrs' _next_gen: from ._funcs import asdict as _asdict
    "pkg/__init__.py": "",
    "pkg/a.py": "def asdict(x: object) -> dict:\n    return {}\n\n\n"
    "def astuple(x: object) -> tuple:\n    return ()\n",
    "pkg/b.py": "from .a import asdict as _asdict\n\n\n"
    "def asdict(x: object) -> object:\n    return _asdict(x)\n",
}


def test_a_call_through_an_alias_follows_the_import_switched_under_it(tmp_path: Path) -> None:
    """The alias names nothing in the index, so no binding changes; the call, on a line that
    did not change, is asked again: it calls ``astuple`` now."""
    assert_live_edit_equals_rebuild(
        tmp_path, SWITCHED_ALIAS, "pkg/b.py", "import asdict as", "import astuple as"
    )


NONE_FALLBACKS = {  # setuptools' backports/tarfile.py and _distutils/tests/unix_compat.py
    "pyproject.toml": '[project]\nname = "pkg"\nversion = "0"\n',
    "pkg/__init__.py": "",
    "pkg/tarfile.py": "try:\n    import pwd\nexcept ImportError:\n    pwd = None\n\n\n"
    "def owner(uid):\n    if pwd:\n        return pwd.getpwuid(uid)\n    return None\n",
    "pkg/unix_compat.py": "try:\n    import grp, pwd\nexcept ImportError:\n"
    "    grp = pwd = None\n\n\ndef check():\n    return pwd is not None\n",
}


@pytest.mark.parametrize("path", ["pkg/unix_compat.py", "pkg/tarfile.py"])
def test_a_module_imported_with_a_none_fallback_in_two_files_keeps_its_usages_after_an_edit(
    tmp_path: Path, path: str
) -> None:
    """ty's references of each file's ``pwd`` fallback reach both files' ``pwd`` sites, and a
    rebuild keys each import to the other file's; an edit of one file changes no binding, yet
    its ``pwd`` sites are decided again from both answers (``rebind.shared``)."""
    text = NONE_FALLBACKS[path]
    assert_live_edit_equals_rebuild(tmp_path, NONE_FALLBACKS, path, text, text + "\n")


def test_lsai_index_after_an_edit_of_a_file_with_a_none_fallback_equals_a_rebuild(
    tmp_path: Path,
) -> None:
    """``lsai index`` (no text remembered: every identifier of the changed file asked): the
    import, which ty answers as a reference, is decided as an import (another file's ``pwd``),
    and ``pwd = None`` under ``grp =`` stays a use, as the other file's answer makes it."""
    root = tmp_path / "tree"
    for name, text in NONE_FALLBACKS.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    assert run_index(root).complete
    for path in ("pkg/unix_compat.py", "pkg/tarfile.py"):
        (root / path).write_text((root / path).read_text() + "\n")
        with LiveIndex(root) as targets:
            summary = run_index(root, targets=targets)
        assert summary.complete and summary.servers["ty"].files == 1
        (rebuilt := tmp_path / Path(path).stem).mkdir()
        assert_equals_rebuild(root, rebuilt)
