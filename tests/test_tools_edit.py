"""The rename tool on a copy of ``tests/fixtures/python`` indexed with ty.

The copy gets one more file, ``src/shop/lookup.py``, that calls both ``Cart.get`` and
``Item.get`` and mentions ``get`` in a comment and in strings, so every kind of near-miss exists.
"""

from __future__ import annotations

import shutil
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.pipeline import reindex, run_index
from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.contracts import PROFILES, SearchInput
from lsai.query.rename import RenameInput, RenameResult, rename
from lsai.query.render import render
from lsai.query.search import search
from lsai.query.workspace import Workspace, open_workspace
from tests.snapshots import assert_snapshot

pytestmark = pytest.mark.skipif(
    resolve_command(ADAPTERS["ty"]) is None, reason="install ty: pip install ty"
)

FIXTURE = Path(__file__).parent / "fixtures" / "python"
LOOKUP = '''"""Lookups by SKU: "get" in this docstring is text, not code."""

from shop.models import Cart, Item


def find_in(cart: Cart, sku: str) -> Item | None:
    # get the item through Cart.get
    return cart.get(sku)


def attribute_of(item: Item) -> object:
    return item.get("sku")
'''
SOURCES = ("src/shop/models.py", "src/shop/lookup.py", "src/shop/services.py")


def _copy(target: Path, backend: str = "auto") -> Path:
    shutil.copytree(FIXTURE, target, ignore=shutil.ignore_patterns(".lsai"))
    (target / "src/shop/lookup.py").write_text(LOOKUP, encoding="utf-8")
    run_index(target, backend=backend)
    return target


def _contents(root: Path) -> dict[str, bytes]:
    return {path: (root / path).read_bytes() for path in SOURCES}


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    """One indexed copy for the tests that only preview."""
    copy = _copy(tmp_path_factory.mktemp("rename") / "python")
    ws = open_workspace(copy, reindex=reindex, scopes=lambda: SCOPES)  # as the faces open it
    yield ws
    ws.close()


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[Callable[..., Workspace]]:
    """A new indexed copy per test, for the tests that write."""
    opened: list[Workspace] = []

    def make(backend: str = "auto") -> Workspace:
        ws = open_workspace(
            _copy(tmp_path / "python", backend), reindex=reindex, scopes=lambda: SCOPES
        )
        opened.append(ws)
        return ws

    yield make
    for ws in opened:
        ws.close()


def _preview(ws: Workspace, **params: object) -> RenameResult:
    request = {"symbol": "Cart.get", "newName": "find", **params}
    return rename(ws, RenameInput.model_validate(request))


def _raises(code: ErrorCode, fn: Callable[[], object]) -> LsaiError:
    with pytest.raises(LsaiError) as caught:
        fn()
    assert caught.value.code == code, caught.value.to_dict()
    assert caught.value.resolution
    return caught.value


# -- preview -------------------------------------------------------------------------------------
def test_preview_changes_only_the_definition_and_references_of_cart_get(shared: Workspace) -> None:
    before = _contents(shared.root)
    result = _preview(shared)
    assert {(c.file, c.line) for c in result.changes} == {
        ("src/shop/models.py", 34),
        ("src/shop/lookup.py", 8),
    }
    assert (result.change_count, result.file_count) == (2, 2)
    assert result.preview and not result.applied and not result.name_based
    lookup = next(c for c in result.changes if c.file == "src/shop/lookup.py")
    assert (lookup.old_text, lookup.new_text) == ("return cart.get(sku)", "return cart.find(sku)")
    assert _contents(shared.root) == before


def test_preview_lists_item_get_as_a_different_symbol_left_untouched(shared: Workspace) -> None:
    result = _preview(shared)
    different = [u for u in result.untouched if u.reason == "different symbol"]
    assert [(u.name, u.file, u.line) for u in different] == [("Item.get", "src/shop/models.py", 15)]
    assert all(c.line != 12 for c in result.changes if c.file == "src/shop/lookup.py")


def test_preview_lists_the_word_in_comments_and_strings_as_untouched(shared: Workspace) -> None:
    result = _preview(shared)
    words = {(u.file, u.line, u.reason) for u in result.untouched if u.name == "get"}
    assert ("src/shop/lookup.py", 7, "comment") in words
    assert ("src/shop/lookup.py", 1, "string") in words
    assert ("src/shop/models.py", 16, "string") in words  # Item.get's docstring


def test_a_position_addresses_the_same_symbol_as_its_name(shared: Workspace) -> None:
    by_position = rename(
        shared,
        RenameInput(file="src/shop/lookup.py", line=8, col=17, new_name="find"),
    )
    assert by_position.key == _preview(shared).key
    assert by_position.symbol == "Cart.get"


def test_a_name_already_defined_in_the_class_is_a_conflict(shared: Workspace) -> None:
    result = _preview(shared, newName="add")
    assert result.conflicts and "Cart.add" in result.conflicts[0]
    assert any("refused" in w for w in result.warnings)
    _raises(ErrorCode.RENAME_CONFLICT, lambda: _preview(shared, newName="add", preview=False))


@pytest.mark.parametrize("bad", ["2find", "find-item", "class", "x y"])
def test_an_invalid_identifier_is_a_rename_conflict(shared: Workspace, bad: str) -> None:
    _raises(ErrorCode.RENAME_CONFLICT, lambda: _preview(shared, newName=bad))


def test_renaming_to_the_same_name_is_an_invalid_argument(shared: Workspace) -> None:
    _raises(ErrorCode.INVALID_ARGUMENT, lambda: _preview(shared, newName="get"))


def test_an_ambiguous_name_lists_the_candidates(shared: Workspace) -> None:
    error = _raises(ErrorCode.AMBIGUOUS_SYMBOL, lambda: _preview(shared, symbol="get"))
    assert "Cart.get" in error.message and "Item.get" in error.message


@pytest.mark.parametrize("profile", PROFILES)
def test_rename_preview_in_every_profile(shared: Workspace, profile: str) -> None:
    assert_snapshot(f"tools/rename_cart_get.{profile}", render(_preview(shared), profile))


# -- apply ---------------------------------------------------------------------------------------
def test_apply_rewrites_the_files_and_the_index_agrees(fresh: Callable[..., Workspace]) -> None:
    ws = fresh()
    result = _preview(ws, preview=False)
    assert result.applied and (result.change_count, result.file_count) == (2, 2)
    assert result.compilation_result is not None and "no errors" in result.compilation_result
    models = (ws.root / "src/shop/models.py").read_text(encoding="utf-8")
    lookup = (ws.root / "src/shop/lookup.py").read_text(encoding="utf-8")
    assert "    def find(self, sku: str) -> Item | None:" in models
    assert "def get(self, attribute: str" in models  # Item.get untouched
    assert "return cart.find(sku)" in lookup and 'return item.get("sku")' in lookup
    assert "# get the item through Cart.get" in lookup  # comments untouched
    found = search(ws, SearchInput(query="Cart.find"))
    assert [h.qualified_name for h in found.symbols] == ["Cart.find"]
    gets = search(ws, SearchInput(query="get", kind=["method"]))
    assert [h.qualified_name for h in gets.symbols] == ["Item.get"]


def test_apply_refuses_when_a_file_changed_since_indexing(fresh: Callable[..., Workspace]) -> None:
    ws = fresh()
    lookup = ws.root / "src/shop/lookup.py"
    lookup.write_text(LOOKUP + "\n# edited after indexing\n", encoding="utf-8")
    before = _contents(ws.root)
    error = _raises(ErrorCode.INDEX_STALE, lambda: _preview(ws, preview=False))
    assert "src/shop/lookup.py" in error.message and "lsai index" in error.resolution
    assert "src/shop/models.py" not in error.message
    assert _contents(ws.root) == before


def test_apply_never_writes_through_a_symlink_leaving_the_workspace(
    fresh: Callable[..., Workspace], tmp_path: Path
) -> None:
    ws = fresh()
    outside = tmp_path / "outside.py"
    lookup = ws.root / "src/shop/lookup.py"
    shutil.move(lookup, outside)
    lookup.symlink_to(outside)
    run_index(ws.root)
    before = _contents(ws.root)
    assert any("outside the workspace" in w for w in _preview(ws).warnings)
    _raises(ErrorCode.INVALID_ARGUMENT, lambda: _preview(ws, preview=False))
    assert _contents(ws.root) == before
    assert outside.read_text(encoding="utf-8") == LOOKUP


def test_a_failed_write_restores_every_file(
    fresh: Callable[..., Workspace], monkeypatch: pytest.MonkeyPatch
) -> None:
    ws = fresh()
    before = _contents(ws.root)
    real_replace = Path.replace
    calls: list[Path] = []

    def flaky(self: Path, target: str | Path) -> Path:
        calls.append(Path(target))
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return real_replace(self, target)

    monkeypatch.setattr(Path, "replace", flaky)
    _raises(ErrorCode.INTERNAL_ERROR, lambda: _preview(ws, preview=False))
    monkeypatch.undo()
    assert _contents(ws.root) == before
    leftovers = [p.name for p in (ws.root / "src/shop").iterdir() if p.name.endswith(".lsai")]
    assert leftovers == []


def test_apply_keeps_file_permissions(fresh: Callable[..., Workspace]) -> None:
    ws = fresh()
    models = ws.root / "src/shop/models.py"
    models.chmod(0o640)
    _preview(ws, preview=False)
    assert stat.S_IMODE(models.stat().st_mode) == 0o640


def test_a_name_based_rename_is_preview_only(fresh: Callable[..., Workspace]) -> None:
    ws = fresh("tree-sitter")
    result = _preview(ws)
    assert result.name_based and any("name-based" in w for w in result.warnings)
    before = _contents(ws.root)
    _raises(ErrorCode.CAPABILITY_NOT_SUPPORTED, lambda: _preview(ws, preview=False))
    assert _contents(ws.root) == before


def test_apply_writes_a_file_back_in_its_own_encoding(fresh: Callable[..., Workspace]) -> None:
    ws = fresh()
    lookup = ws.root / "src/shop/lookup.py"
    legacy = LOOKUP.replace("# get the item", "# Jos\u00e9's: get the item")
    lookup.write_bytes(legacy.encode("cp1252"))  # not UTF-8: read as Windows-1252
    run_index(ws.root)
    result = _preview(ws, preview=False)
    assert result.applied and result.file_count == 2
    written = lookup.read_bytes()
    assert written == legacy.replace("return cart.get(sku)", "return cart.find(sku)").encode(
        "cp1252"
    )
    before = _contents(ws.root)
    error = _raises(
        ErrorCode.RENAME_CONFLICT,
        lambda: _preview(
            ws, symbol="Cart.find", newName="\u043d\u0430\u0439\u0442\u0438", preview=False
        ),
    )
    assert "src/shop/lookup.py is written in cp1252" in error.message
    assert "UTF-8" in error.resolution
    assert _contents(ws.root) == before  # all files or none


def test_the_near_misses_in_the_files_the_rename_changes_come_first(
    fresh: Callable[..., Workspace],
) -> None:
    ws = fresh("tree-sitter")
    (ws.root / "src/aaa_other.py").write_text('def get(key):\n    return "get " + key\n')
    run_index(ws.root, backend="tree-sitter")
    result = _preview(ws)
    edited = {c.file for c in result.changes}
    order = [m.file in edited for m in result.untouched]
    assert True in order and False in order  # near-misses in both kinds of file
    assert order == sorted(order, reverse=True)  # every one of the changed files' first
