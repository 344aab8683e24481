"""ty as the index backend for Python, on a copy of ``tests/fixtures/python``.

The fixture is copied to a temporary folder with one more file, ``src/shop/lookup.py``, that calls
both ``Cart.get`` and ``Item.get``, so the name collision has references on both sides.
"""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from lsai.indexer.lsp import ServerRun, SourceText, index_files
from lsai.indexer.lsp.adapters import ADAPTERS, ProjectContext, resolve_command
from lsai.indexer.lsp.session import LspSession
from lsai.indexer.treesitter.extract import extract
from lsai.storage.records import OccurrenceRecord

pytestmark = pytest.mark.skipif(
    resolve_command(ADAPTERS["ty"]) is None, reason="install ty: pip install ty"
)

FIXTURE = Path(__file__).parent / "fixtures" / "python"
LOOKUP = """from shop.models import Cart, Item


def find(cart: Cart, item: Item) -> object:
    return cart.get("a1"), item.get("sku")
"""
SOURCES = [
    "src/shop/__init__.py",
    "src/shop/models.py",
    "src/shop/services.py",
    "src/shop/util.py",
    "src/shop/lookup.py",
    "tests/test_services.py",
]
PREFIX = "lsai python . "


def key(path: str, descriptors: str) -> str:
    return f"{PREFIX}{path} {descriptors}"


def _workspace(tmp: Path) -> tuple[Path, list[SourceText]]:
    root = tmp / "python"
    shutil.copytree(FIXTURE, root)
    (root / "src/shop/lookup.py").write_text(LOOKUP, encoding="utf-8")
    files = [SourceText(p, "python", (root / p).read_text(encoding="utf-8")) for p in SOURCES]
    return root, files


@pytest.fixture(scope="module")
def indexed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ServerRun]:
    root, files = _workspace(tmp_path_factory.mktemp("ty"))
    return root, index_files("ty", root, ".", files, timeout=30)


def refs(run: ServerRun, symbol_key: str) -> set[tuple[str, int, int, str]]:
    """Where ``symbol_key`` occurs, in the batch's files and in workspace files outside it."""
    return {
        (path, o.span.start_line, o.span.start_col, o.role)
        for found in (run.files, run.outside)
        for path, data in found.items()
        for o in data.occurrences
        if o.symbol_key == symbol_key
    }


def occurrences(run: ServerRun, path: str) -> list[OccurrenceRecord]:
    return run.files[path].occurrences


def test_every_file_is_complete(indexed: tuple[Path, ServerRun]) -> None:
    _, run = indexed
    assert run.server == "ty"
    assert {s.status for s in run.status.values()} == {"complete"}
    assert set(run.files) == set(SOURCES)


@pytest.mark.parametrize("path", SOURCES)
def test_symbol_keys_and_name_spans_agree_with_tree_sitter(
    indexed: tuple[Path, ServerRun], path: str
) -> None:
    """Each symbol ty lists, and tree-sitter's besides: the instance attributes ty's outline
    leaves out (``self.owner = owner``), which a run adopts (``treesitter.attributes``)."""
    root, run = indexed
    tree = extract("python", path, ".", (root / path).read_bytes())
    attributes = {s.key for s in tree.symbols if s.signature and s.signature.startswith("self.")}
    assert {(s.key, s.name_span) for s in run.files[path].symbols} == {
        (s.key, s.name_span) for s in tree.symbols if s.key not in attributes
    }
    assert attributes == (
        {key(path, "Cart#owner."), key(path, "Cart#items.")}
        if path.endswith("models.py")
        else set()
    )


def test_symbols_have_full_word_kinds_and_containers(indexed: tuple[Path, ServerRun]) -> None:
    _, run = indexed
    kinds = {s.key: s.kind for f in run.files.values() for s in f.symbols}
    models = "src/shop/models.py"
    assert kinds[key(models, "Item#")] == "class"
    assert kinds[key(models, "Item#sku.")] == "field"
    assert kinds[key(models, "Cart#__init__().")] == "constructor"
    assert kinds[key(models, "Cart#add().")] == "method"
    assert kinds[key(models, "Cart#Line#render().")] == "method"
    assert kinds[key("src/shop/util.py", "format_price().")] == "function"
    render = next(s for s in run.files[models].symbols if s.name == "render")
    assert render.container_key == key(models, "Cart#Line#")
    assert render.qualified_name == "Cart.Line.render"


def test_locals_of_functions_are_not_symbols(indexed: tuple[Path, ServerRun]) -> None:
    _, run = indexed
    symbols = [s for f in run.files.values() for s in f.symbols]
    callables = {s.key for s in symbols if s.kind in ("function", "method", "constructor")}
    assert not {"label", "cart"} & {s.name for s in symbols}
    assert not [s for s in symbols if s.container_key in callables and s.kind == "variable"]


def test_cart_get_and_item_get_have_different_references(indexed: tuple[Path, ServerRun]) -> None:
    _, run = indexed
    cart_get = refs(run, key("src/shop/models.py", "Cart#get()."))
    item_get = refs(run, key("src/shop/models.py", "Item#get()."))
    lookup = "src/shop/lookup.py"
    assert cart_get == {("src/shop/models.py", 34, 9, "definition"), (lookup, 5, 17, "reference")}
    assert item_get == {("src/shop/models.py", 15, 9, "definition"), (lookup, 5, 33, "reference")}


def test_a_name_in_a_comment_or_a_string_is_not_a_reference(
    indexed: tuple[Path, ServerRun],
) -> None:
    _, run = indexed
    found = refs(run, key("src/shop/services.py", "checkout()."))
    assert ("src/shop/services.py", 19, 7, "reference") not in found
    assert not [o for o in occurrences(run, "src/shop/services.py") if o.span.start_line == 19]
    assert ("tests/test_services.py", 5, 12, "reference") in found
    assert ("src/shop/__init__.py", 4, 27, "reference") in found


def test_references_cross_files_into_the_src_layout(indexed: tuple[Path, ServerRun]) -> None:
    _, run = indexed
    found = refs(run, key("src/shop/util.py", "format_price()."))
    assert found == {
        ("src/shop/util.py", 4, 5, "definition"),
        ("src/shop/services.py", 2, 23, "reference"),
        ("src/shop/services.py", 8, 12, "reference"),
    }
    call = next(
        o
        for o in occurrences(run, "src/shop/services.py")
        if o.symbol_key == key("src/shop/util.py", "format_price().") and o.span.start_line == 8
    )
    assert call.enclosing_key == key("src/shop/services.py", "checkout().")
    assert call.name == "format_price"


def test_outgoing_calls_of_quick_cart_have_callee_keys(indexed: tuple[Path, ServerRun]) -> None:
    _, run = indexed
    caller = key("src/shop/services.py", "quick_cart().")
    calls = {
        (c.callee_name, c.callee_key, c.line, c.col)
        for c in run.files["src/shop/services.py"].calls
        if c.caller_key == caller
    }
    models = "src/shop/models.py"
    assert calls == {
        ("Cart", key(models, "Cart#"), 12, 12),
        ("add", key(models, "Cart#add()."), 14, 14),
        ("Item", key(models, "Item#"), 14, 18),
    }


def test_calls_to_builtins_keep_their_name_without_a_key(indexed: tuple[Path, ServerRun]) -> None:
    _, run = indexed
    caller = key("src/shop/services.py", "fetch_price().")
    calls = {(c.callee_name, c.callee_key) for c in run.files["src/shop/services.py"].calls}
    assert {("float", None), ("len", None)} <= calls
    assert all(c.caller_key == caller for c in run.files["src/shop/services.py"].calls[-2:])


def test_no_location_outside_the_workspace_is_recorded(indexed: tuple[Path, ServerRun]) -> None:
    _, run = indexed
    assert run.outside == {}


def test_diagnostics_have_full_word_severities(tmp_path: Path) -> None:
    root, files = _workspace(tmp_path)
    broken = SourceText(
        "src/shop/broken.py", "python", "from shop.models import Cart\nCart(1, 2)\n"
    )
    (root / broken.path).write_text(broken.content, encoding="utf-8")
    run = index_files("ty", root, ".", [*files, broken])
    found = run.files[broken.path].diagnostics
    assert found and {d.severity for d in found} <= {"error", "warning", "info", "hint"}
    assert any(d.source == "ty" and d.span.start_line == 2 for d in found)
    assert run.files["src/shop/util.py"].diagnostics == []


def test_columns_are_code_points_when_the_server_speaks_utf16(tmp_path: Path) -> None:
    root, files = _workspace(tmp_path)

    async def scenario() -> ServerRun:
        async with LspSession("ty", root, encodings=("utf-16",)) as session:
            assert session.lsp.encoding == "utf-16"
            return await session.index(files)

    run = asyncio.run(scenario())
    tree = extract("python", "src/shop/util.py", ".", (root / "src/shop/util.py").read_bytes())
    assert [s.name_span for s in run.files["src/shop/util.py"].symbols] == [
        s.name_span for s in tree.symbols
    ]


def test_the_server_process_is_gone_after_the_session(tmp_path: Path) -> None:
    root, _ = _workspace(tmp_path)

    async def scenario() -> LspSession:
        async with LspSession("ty", root) as session:
            assert session.lsp.alive
        return session

    session = asyncio.run(scenario())
    assert session.lsp.returncode == 0
    assert not session.lsp.alive


def test_a_project_virtualenv_is_given_to_ty_and_lsais_own_is_hidden(tmp_path: Path) -> None:
    root, _ = _workspace(tmp_path)
    adapter = ADAPTERS["ty"]
    context = ProjectContext(root, root)
    assert adapter.settings(context, "ty") == {"diagnosticMode": "openFilesOnly"}
    (root / ".venv").mkdir()
    (root / ".venv" / "pyvenv.cfg").write_text("home = /usr/bin\n", encoding="utf-8")
    assert adapter.settings(context, "ty") == {
        "diagnosticMode": "openFilesOnly",
        "configuration": {"environment": {"python": str(root / ".venv")}},
    }
    assert adapter.settings(context, "pyright") is None
    assert "VIRTUAL_ENV" in adapter.clear_env


def test_a_session_indexes_changed_content_on_a_second_run(tmp_path: Path) -> None:
    root, files = _workspace(tmp_path)
    util = next(f for f in files if f.path == "src/shop/util.py")
    changed = SourceText(util.path, "python", "\n\n" + util.content)

    async def scenario() -> tuple[ServerRun, ServerRun]:
        async with LspSession("ty", root) as session:
            first = await session.index(files)
            second = await session.index([changed])
            return first, second

    first, second = asyncio.run(scenario())
    before = {s.key: s.name_span.start_line for s in first.files[util.path].symbols}
    after = {s.key: s.name_span.start_line for s in second.files[util.path].symbols}
    assert after == {k: line + 2 for k, line in before.items()}
    assert set(second.outside) == {"src/shop/services.py"}  # not in the batch: kept apart
    assert refs(second, key(util.path, "format_price().")) == {
        (util.path, 6, 5, "definition"),
        ("src/shop/services.py", 2, 23, "reference"),
        ("src/shop/services.py", 8, 12, "reference"),
    }
