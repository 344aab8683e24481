"""The navigation tools (info, usages, callers, callees, hierarchy, impact) and symbol addressing.

Each test runs on a copy of ``tests/fixtures/python`` indexed twice: with ty (semantic: resolved
references and call edges) and with tree-sitter only (name-based). The copy gets one more file,
``src/shop/carts.py``, with a class hierarchy and a call cycle.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from pydantic import BaseModel

from lsai.cli.main import cli
from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.pipeline import run_index
from lsai.query import usages as usages_module
from lsai.query.calls import CallsInput, callees, callers
from lsai.query.contracts import PROFILES, OutlineInput
from lsai.query.errors import AmbiguousSymbol
from lsai.query.hierarchy import HierarchyInput, hierarchy
from lsai.query.impact import ImpactInput, impact
from lsai.query.info import InfoInput, info
from lsai.query.outline import outline
from lsai.query.render import render
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace, open_workspace
from lsai.testfiles import is_test_file
from tests.snapshots import assert_snapshot
from tests.trees import indexed_tree

FIXTURE = Path(__file__).parent / "fixtures" / "python"
CARTS = '''"""Carts with discounts: a small hierarchy, and two functions calling each other."""

from abc import ABC

from shop.models import Cart


class Priced(ABC):
    """Something with a price."""


class DiscountCart(Cart, Priced):
    def discount(self) -> float:
        return self.total * 0.9


class VipCart(DiscountCart):
    pass


def ping(n: int) -> int:
    return pong(n - 1) if n else 0


def pong(n: int) -> int:
    return ping(n)


def first(cart: Cart) -> object:
    return cart.get("a1")
'''
HAS_TY = resolve_command(ADAPTERS["ty"]) is not None
BACKENDS = [
    pytest.param("ty", marks=pytest.mark.skipif(not HAS_TY, reason="install ty: pip install ty")),
    "tree-sitter",
]


def _copy(target: Path, backend: str) -> Path:
    shutil.copytree(FIXTURE, target, ignore=shutil.ignore_patterns(".lsai"))
    (target / "src/shop/carts.py").write_text(CARTS, encoding="utf-8")
    summary = run_index(target, backend="auto" if backend == "ty" else "tree-sitter")
    assert summary.complete
    return target


@pytest.fixture(scope="module", params=BACKENDS)
def ws(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Workspace]:
    backend = str(request.param)
    opened = open_workspace(_copy(tmp_path_factory.mktemp(backend) / "python", backend))
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def semantic(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    if not HAS_TY:
        pytest.skip("install ty: pip install ty")
    opened = open_workspace(_copy(tmp_path_factory.mktemp("semantic") / "python", "ty"))
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def named(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    opened = open_workspace(_copy(tmp_path_factory.mktemp("named") / "python", "tree-sitter"))
    yield opened
    opened.close()


def _is_tree_sitter(ws: Workspace) -> bool:
    return ws.root.parent.name.startswith("tree-sitter")


def _raises(code: ErrorCode, fn: Callable[[], object]) -> LsaiError:
    with pytest.raises(LsaiError) as caught:
        fn()
    assert caught.value.code == code, caught.value.to_dict()
    assert caught.value.resolution
    return caught.value


# -- addressing ----------------------------------------------------------------------------------
def test_a_name_shared_by_two_methods_is_ambiguous_and_lists_both(ws: Workspace) -> None:
    error = _raises(ErrorCode.AMBIGUOUS_SYMBOL, lambda: usages(ws, UsagesInput(symbol="get")))
    assert "method Item.get  src/shop/models.py:15" in error.message
    assert "method Cart.get  src/shop/models.py:34" in error.message
    assert "e.g. symbol=shop.models.Item.get" in error.resolution


def test_a_name_a_field_shares_asks_callers_of_the_function_and_says_so(tmp_path: Path) -> None:
    """Only the function can have callers, so ``callers total`` answers for it, naming the
    field it passed over (before: silently); ``usages total`` is still ambiguous."""
    source = (
        "class Cart:\n    total: int = 0\n\n\n"
        "def total(cart: Cart) -> int:\n    return cart.total\n\n\n"
        "print(total(Cart()))\n"
    )
    (tmp_path / "shop.py").write_text(source, encoding="utf-8")
    assert run_index(tmp_path, backend="tree-sitter").complete
    opened = open_workspace(tmp_path)
    try:
        found = callers(opened, CallsInput(symbol="total"))
        _raises(ErrorCode.AMBIGUOUS_SYMBOL, lambda: usages(opened, UsagesInput(symbol="total")))
    finally:
        opened.close()
    assert found.symbol.kind == "function"
    assert any(
        n.startswith("'total' also names Cart.total (field, shop.py:2)")
        for n in found.provenance.notes
    ), found.provenance.notes


def test_an_ambiguous_name_with_more_candidates_than_listed_says_how_to_list_them(
    tmp_path: Path,
) -> None:
    source = "".join(f"class C{i}:\n    def run(self) -> None: ...\n\n" for i in range(25))
    (tmp_path / "many.py").write_text(source, encoding="utf-8")
    assert run_index(tmp_path, backend="tree-sitter").complete
    opened = open_workspace(tmp_path)
    error = _raises(ErrorCode.AMBIGUOUS_SYMBOL, lambda: info(opened, InfoInput(symbol="run")))
    opened.close()
    assert "'run' matches 25 symbols" in error.message
    assert error.message.endswith("... and 5 more: `lsai search run` lists every one")


def test_each_candidate_of_an_ambiguous_name_is_listed_with_a_form_that_resolves_to_it(
    ws: Workspace,
) -> None:
    error = _raises(ErrorCode.AMBIGUOUS_SYMBOL, lambda: usages(ws, UsagesInput(symbol="get")))
    assert isinstance(error, AmbiguousSymbol)
    forms = [c.rpartition("  ")[2] for c in error.candidates]
    assert forms == ["symbol=shop.models.Item.get", "symbol=shop.models.Cart.get"]
    for candidate, form in zip(error.candidates, forms, strict=True):
        fields = dict(pair.split("=", 1) for pair in form.split())
        found = info(ws, InfoInput.model_validate(fields)).symbol
        listed = f"{found.kind} {found.qualified_name}  {found.file}:{found.line}"
        assert candidate.startswith(listed)


def test_namesakes_sharing_a_qualified_name_are_listed_by_file_and_line_or_position(
    tmp_path: Path,
) -> None:
    """Namesakes of different kinds share a module-qualified name: the file and line tell them
    apart, on adjacent lines too (the line names one). Redefinitions of one function answer as
    one, and say so."""
    root = _copy(tmp_path / "python", "tree-sitter")
    twice = "def again() -> int:\n    return 1\n\n\nclass again: pass\n"
    (root / "src/shop/twice.py").write_text(twice + "def again() -> int: return 3\n")
    (root / "src/shop/thrice.py").write_text(
        "def once(): pass\n\n\ndef once(): pass\n\n\nMODE = 1\nMODE = None\n"
    )
    run_index(root, backend="tree-sitter")
    ws = open_workspace(root)
    try:
        error = _raises(ErrorCode.AMBIGUOUS_SYMBOL, lambda: info(ws, InfoInput(symbol="again")))
        assert isinstance(error, AmbiguousSymbol)
        forms = [c.rpartition("  ")[2] for c in error.candidates]
        assert forms == [
            "symbol=again file=src/shop/twice.py line=5",
            "symbol=again file=src/shop/twice.py line=1",
            "symbol=again file=src/shop/twice.py line=6",
        ]
        for line, form in zip((5, 1, 6), forms, strict=True):
            fields = dict(pair.split("=", 1) for pair in form.split())
            assert info(ws, InfoInput.model_validate(fields)).symbol.line == line
        once = info(ws, InfoInput(symbol="once"))
        assert once.symbol.line in (1, 4)
        assert "once is defined 2 times (lines 1, 4)" in " ".join(once.provenance.notes)
        mode = info(ws, InfoInput(symbol="MODE"))
        assert "MODE is defined 2 times (lines 7, 8)" in " ".join(mode.provenance.notes)
    finally:
        ws.close()


def test_a_private_member_is_addressed_by_its_hash_name(tmp_path: Path) -> None:
    """``#name`` is a JavaScript private member's name, not a separator (``Cart#get``, Java's)."""
    (tmp_path / "box.ts").write_text(
        "export class Box {\n  #secret = 1\n  open(): number { return this.#secret }\n}\n"
    )
    run_index(tmp_path, backend="tree-sitter")
    ws = open_workspace(tmp_path)
    try:
        for name, expected in (("#secret", "Box.#secret"), ("Box.#secret", "Box.#secret")):
            assert info(ws, InfoInput(symbol=name)).symbol.qualified_name == expected
        assert info(ws, InfoInput(symbol="Box#open")).symbol.qualified_name == "Box.open"
        found = usages(ws, UsagesInput(symbol="Box.#secret"))
        assert [(f.file, u.line) for f in found.files for u in f.usages] == [("box.ts", 3)]
    finally:
        ws.close()


@pytest.mark.parametrize(
    ("symbol", "expected"),
    [
        ("Cart.get", "Cart.get"),
        ("shop.Cart", "Cart"),
        ("shop.models.Cart.add", "Cart.add"),
        ("Line.render", "Cart.Line.render"),
        ("cart.GET", "Cart.get"),
    ],
)
def test_a_qualified_name_picks_one_symbol(ws: Workspace, symbol: str, expected: str) -> None:
    assert info(ws, InfoInput(symbol=symbol)).symbol.qualified_name == expected


def test_a_name_with_file_and_line_picks_one_of_several(ws: Workspace) -> None:
    found = info(ws, InfoInput(symbol="get", file="src/shop/models.py", line=34))
    assert found.symbol.qualified_name == "Cart.get"


def test_an_unknown_name_is_not_found_with_similar_names(ws: Workspace) -> None:
    error = _raises(ErrorCode.SYMBOL_NOT_FOUND, lambda: info(ws, InfoInput(symbol="chekout")))
    assert "checkout" in error.message


@pytest.mark.parametrize(
    ("symbol", "first"),
    [
        ("Cart.gte", "Cart.get (method, src/shop/models.py:34)"),  # a typo: its type's first
        ("shop.Crt", "Cart (class, src/shop/models.py:20)"),
        ("basket.Cart.add", "Cart.add (method, src/shop/models.py:29)"),  # another container
    ],
)
def test_an_unknown_name_suggests_the_likest_symbol_first_with_its_place(
    ws: Workspace, symbol: str, first: str
) -> None:
    error = _raises(ErrorCode.SYMBOL_NOT_FOUND, lambda: info(ws, InfoInput(symbol=symbol)))
    assert error.message.split("; similar: ")[1].startswith(first), error.message


def test_a_name_only_used_unresolved_says_it_has_no_definition_in_the_index(
    ws: Workspace,
) -> None:
    """``str``, a builtin the fixture names in annotations and never calls: no server located
    it (a called one is an external symbol: ``info len``, under ty)."""
    error = _raises(ErrorCode.SYMBOL_NOT_FOUND, lambda: info(ws, InfoInput(symbol="str")))
    assert "'str' occurs " in error.message and "(first src/shop/" in error.message
    assert "outside the workspace (a library, a builtin)" in error.message


def test_a_called_builtin_by_name_is_where_its_language_server_located_it(
    semantic: Workspace,
) -> None:
    found = info(semantic, InfoInput(symbol="len")).symbol
    assert (found.name, found.namespace) == ("len", "builtins")
    assert found.file.endswith("/builtins.pyi") and Path(found.file).is_file()


def test_a_misspelt_path_suggests_the_file_of_its_folder(ws: Workspace) -> None:
    lookup = OutlineInput(file="src/shop/modles.py")
    error = _raises(ErrorCode.FILE_NOT_FOUND, lambda: outline(ws, lookup))
    assert error.message.endswith("did you mean src/shop/models.py?")


@pytest.mark.parametrize(
    ("line", "col", "expected", "correction"),
    [
        (5, 5, "checkout", None),
        (5, 9, "checkout", None),  # inside the identifier
        (5, 4, "checkout", "0-based"),  # LSP-style column
        (4, 5, "checkout", "next line"),  # LSP-style line
        (9, 12, "format_price", "previous line"),  # off by one the other way
        (12, 10, "Cart", "nearest"),  # on the `=` between `cart` and `Cart(`
        (14, 13, "Cart.add", "0-based"),  # on the dot of `cart.add`
        (5, 1, "checkout", "in the header of checkout"),  # on `def`
        (10, 1, "quick_cart", "next line, in the header of quick_cart"),  # a blank line above
    ],
)
def test_a_position_is_read_tolerantly_and_says_when_corrected(
    ws: Workspace, line: int, col: int, expected: str, correction: str | None
) -> None:
    found = info(ws, InfoInput(file="src/shop/services.py", line=line, col=col))
    assert found.symbol.qualified_name == expected
    if correction is None:
        assert found.provenance.corrected is None
    else:
        assert found.provenance.corrected is not None
        assert correction in found.provenance.corrected
        assert "! corrected:" in render(found)


def test_no_identifier_at_a_position_lists_the_identifiers_around_it(ws: Workspace) -> None:
    at = InfoInput(file="src/shop/services.py", line=3, col=40)  # blank, `format_price` above
    error = _raises(ErrorCode.NO_SYMBOL_AT_POSITION, lambda: info(ws, at))
    assert "line 3 holds none; the lines around it: " in error.message
    assert "format_price at 2:23" in error.message


@pytest.mark.parametrize("written", ["src/shop/services.py:5:5", "src/shop/services.py:5"])
def test_a_symbol_written_as_a_position_is_that_position(ws: Workspace, written: str) -> None:
    """``file:line:col`` as compilers and grep print it, passed as the symbol."""
    assert info(ws, InfoInput(symbol=written)).symbol.qualified_name == "checkout"


def test_a_symbol_written_as_a_position_in_no_indexed_file_is_file_not_found(
    ws: Workspace,
) -> None:
    _raises(ErrorCode.FILE_NOT_FOUND, lambda: info(ws, InfoInput(symbol="src/shop/nope.py:5:5")))


def test_a_reference_resolves_to_the_symbol_it_refers_to(ws: Workspace) -> None:
    found = info(ws, InfoInput(file="tests/test_services.py", line=5, col=12))
    assert (found.symbol.qualified_name, found.symbol.file) == ("checkout", "src/shop/services.py")


def test_a_position_past_the_end_of_the_file_is_invalid(ws: Workspace) -> None:
    _raises(
        ErrorCode.INVALID_POSITION,
        lambda: info(ws, InfoInput(file="src/shop/services.py", line=99, col=1)),
    )


def test_a_position_in_an_unknown_file_is_file_not_found(ws: Workspace) -> None:
    error = _raises(
        ErrorCode.FILE_NOT_FOUND, lambda: info(ws, InfoInput(file="src/shop/servces.py", line=1))
    )
    assert "is not in the index" in error.message


def test_a_local_variable_is_not_a_symbol_under_a_language_server(semantic: Workspace) -> None:
    _raises(
        ErrorCode.NO_SYMBOL_AT_POSITION,
        lambda: info(semantic, InfoInput(file="src/shop/services.py", line=14, col=9)),
    )
    moved = _raises(  # on an empty line: the error says where the position was moved to
        ErrorCode.NO_SYMBOL_AT_POSITION,
        lambda: info(semantic, InfoInput(file="src/shop/services.py", line=16, col=12)),
    )
    assert "used the previous line, cart at 15:12; cart at" in moved.message


def test_a_call_of_a_shared_name_is_resolved_or_ambiguous_by_backend(ws: Workspace) -> None:
    at = InfoInput(file="src/shop/carts.py", line=30, col=17)  # cart.get("a1")
    if _is_tree_sitter(ws):
        error = _raises(ErrorCode.AMBIGUOUS_SYMBOL, lambda: info(ws, at))
        assert "Item.get" in error.message and "Cart.get" in error.message
    else:
        assert info(ws, at).symbol.qualified_name == "Cart.get"


# -- info ----------------------------------------------------------------------------------------
def test_info_of_a_class_counts_members_and_lists_constructors(ws: Workspace) -> None:
    found = info(ws, InfoInput(symbol="Cart"))
    assert found.symbol.kind == "class" and found.symbol.namespace == "shop.models"
    assert found.members is not None and found.members.startswith("8 (")  # 2 instance fields
    assert found.constructors == ["def __init__(self, owner: str) -> None"]
    assert found.doc == "A shopping cart."
    assert not any("genericConstraints" in u for u in found.unavailable)  # Cart is not generic


def test_info_of_a_method_gives_signature_return_params_and_container(ws: Workspace) -> None:
    found = info(ws, InfoInput(symbol="Cart.add"))
    assert found.return_type == "Cart"
    assert found.params == "(self, item: Item, quantity: int = 1)"
    assert found.containing == "class Cart"
    assert '"return": "Cart"' in render(found, "json")


def test_info_of_a_derived_class_names_its_bases(ws: Workspace) -> None:
    found = info(ws, InfoInput(symbol="DiscountCart"))
    assert [(b.name, b.file, b.external) for b in found.base] == [
        ("Cart", "src/shop/models.py", False),
        ("Priced", "src/shop/carts.py", False),
    ]


# -- usages --------------------------------------------------------------------------------------
def test_usages_are_grouped_by_file_with_the_code_line_and_a_summary(ws: Workspace) -> None:
    found = usages(ws, UsagesInput(symbol="checkout"))
    assert [(f.file, [u.line for u in f.usages]) for f in found.files] == [
        ("src/shop/__init__.py", [4]),
        ("tests/test_services.py", [1, 5]),
    ]
    assert (
        found.files[1].usages[1].context
        == 'assert checkout(quick_cart("ann", "a1")).endswith("EUR")'
    )
    text = render(found)
    # resolved by the server, the import reads `import`; matched by name, the whole line
    imported = "from shop.services import checkout, quick_cart" if _is_tree_sitter(ws) else "import"
    assert f"tests/test_services.py:1 {imported}\n 5 " in text
    assert "[3 usages in 2 files" in text
    assert not found.truncated and found.next_offset is None


def test_usages_say_when_they_are_name_based(ws: Workspace) -> None:
    found = usages(ws, UsagesInput(symbol="Cart.get"))
    notes = " ".join(found.provenance.notes)
    if _is_tree_sitter(ws):
        assert found.mode == "name-based"
        assert "name-based (tree-sitter)" in notes and "1 other symbol(s) named get" in notes
    else:
        assert found.mode == "semantic" and "name-based" not in notes


def test_usages_page_with_limit_and_offset(ws: Workspace) -> None:
    first = usages(ws, UsagesInput(symbol="Cart", limit=2))
    assert first.truncated and first.next_offset == 2 and first.total > 2
    rest = usages(ws, UsagesInput(symbol="Cart", limit=100, offset=2))
    lines = [
        (f.file, u.line, u.col) for page in (first, rest) for f in page.files for u in f.usages
    ]
    assert len(lines) == len(set(lines)) == first.total
    assert f"2 of {first.total} usages" in render(first)


def test_usages_leave_out_the_definition_unless_asked(ws: Workspace) -> None:
    plain = usages(ws, UsagesInput(symbol="checkout"))
    full = usages(ws, UsagesInput(symbol="checkout", include_definition=True))
    assert full.total == plain.total + 1
    assert any(u.role == "definition" for f in full.files for u in f.usages)


def test_a_too_long_page_degrades_to_per_file_counts(
    ws: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(usages_module, "MAX_LINES", 3)
    found = usages(ws, UsagesInput(symbol="Cart"))
    assert found.per_file is not None and found.degraded is not None
    assert sum(c.count for c in found.per_file) == found.total
    # the text prints the counts, no code line; the structured answer keeps every usage
    assert sum(len(f.usages) for f in found.files) == found.total
    text = render(found)
    assert "per-file counts" in text
    assert not any(u.context and u.context in text for f in found.files for u in f.usages)


def test_usages_in_grep_format(ws: Workspace) -> None:
    text = render(usages(ws, UsagesInput(symbol="checkout")), "grep")
    assert "tests/test_services.py:5:12: assert checkout(" in text


def test_an_incomplete_index_says_so_in_every_answer(tmp_path: Path) -> None:
    root = _copy(tmp_path / "python", "tree-sitter")
    with sqlite3.connect(root / ".lsai/index.db") as conn:
        conn.execute(
            "UPDATE files SET status = 'failed', error = 'boom' WHERE path LIKE '%util.py'"
        )
    opened = open_workspace(root)
    try:
        found = usages(opened, UsagesInput(symbol="checkout"))
    finally:
        opened.close()
    assert not found.provenance.complete
    assert any("src/shop/util.py (boom)" in note for note in found.provenance.notes)


# -- callers and callees -------------------------------------------------------------------------
def test_callers_at_depth_two_chain_from_the_direct_callers(ws: Workspace) -> None:
    found = callers(ws, CallsInput(symbol="format_price", depth=2))
    assert [(h.method, h.file, h.line) for h in found.levels[0].calls] == [
        ("checkout", "src/shop/services.py", 8)
    ]
    assert [(h.method, h.via) for h in found.levels[1].calls] == [("test_checkout", "checkout")]
    assert (found.direct, found.indirect) == (1, 1)
    text = render(found)
    assert "depth 2:\n  checkout\n    <- test_checkout  tests/test_services.py:5" in text
    assert "[1 direct, 1 indirect" in text


def test_callees_are_shown_at_their_definition_or_as_external(ws: Workspace) -> None:
    found = callees(ws, CallsInput(symbol="quick_cart"))
    assert [(h.method, h.file, h.line) for h in found.levels[0].calls] == [
        ("Cart", "src/shop/models.py", 20),
        ("Cart.add", "src/shop/models.py", 29),
        ("Item", "src/shop/models.py", 9),
    ]
    deeper = callees(ws, CallsInput(symbol="test_checkout", depth=3))
    externals = {h.method for level in deeper.levels for h in level.calls if h.external}
    assert {"endswith", "range", "append"} <= externals
    assert "-> format_price  src/shop/util.py:4" in render(deeper)


def test_a_call_cycle_is_walked_once_per_symbol(ws: Workspace) -> None:
    found = callers(ws, CallsInput(symbol="ping", depth=5))
    methods = [h.method for level in found.levels for h in level.calls]
    assert methods == ["pong", "ping"]  # pong calls ping; ping (recursively) calls pong
    assert len(found.levels) == 2


def test_callers_of_a_function_nobody_calls_is_an_honest_empty_answer(ws: Workspace) -> None:
    found = callers(ws, CallsInput(symbol="fetch_price"))
    assert found.levels == [] and found.direct == 0 and found.provenance.complete
    assert "no callers of function fetch_price" in render(found)


# -- hierarchy -----------------------------------------------------------------------------------
def test_hierarchy_up_walks_the_base_chain_to_external_bases(ws: Workspace) -> None:
    found = hierarchy(ws, HierarchyInput(symbol="VipCart", direction="up"))
    assert [(b.name, b.depth, b.via, b.external) for b in found.base_types] == [
        ("DiscountCart", 1, "VipCart", False),
        ("Cart", 2, "DiscountCart", False),
        ("Priced", 2, "DiscountCart", False),
        ("ABC", 3, "Priced", True),
    ]
    text = render(found)
    assert "  Cart  src/shop/models.py:20\n    -> DiscountCart  src/shop/carts.py:12" in text
    abc = found.base_types[-1]
    served = "lsp" in found.provenance.backends  # ty located it, tree-sitter cannot
    assert (abc.location or "").startswith("abc.pyi:") == served
    assert f"ABC  (external: {abc.location})" in text if served else "ABC  (external)" in text


def test_hierarchy_down_lists_derived_types_as_a_tree(ws: Workspace) -> None:
    found = hierarchy(ws, HierarchyInput(symbol="Cart"))
    assert [(d.name, d.via) for d in found.derived_types] == [
        ("DiscountCart", "Cart"),
        ("VipCart", "DiscountCart"),
    ]
    assert "down:\n  DiscountCart  src/shop/carts.py:12\n    VipCart  src/shop/carts.py:17" in (
        render(found)
    )


def test_hierarchy_of_a_method_is_an_invalid_argument(ws: Workspace) -> None:
    error = _raises(
        ErrorCode.INVALID_ARGUMENT, lambda: hierarchy(ws, HierarchyInput(symbol="Cart.add"))
    )
    assert "container is Cart" in error.message


# -- impact --------------------------------------------------------------------------------------
def test_impact_finds_the_tests_reaching_a_symbol_through_its_callers(ws: Workspace) -> None:
    found = impact(ws, ImpactInput(symbol="Cart.add"))
    assert (found.direct_usages, found.direct_files) == (1, 1)
    assert [(c.depth, c.callers) for c in found.caller_chain] == [
        (1, ["quick_cart"]),
        (2, ["test_checkout"]),
    ]
    assert [(t.name, t.file) for t in found.affected_tests] == [
        ("test_checkout", "tests/test_services.py")
    ]
    assert [a.name for a in found.public_api] == ["quick_cart"]
    assert found.risk in ("LOW", "MEDIUM", "HIGH") and "1 test" in found.reason


def test_impact_lists_test_files_using_the_symbol(ws: Workspace) -> None:
    found = impact(ws, ImpactInput(symbol="checkout"))
    assert (found.direct_usages, found.direct_files) == (3, 2)
    assert found.test_files == ["tests/test_services.py"]
    assert [t.name for t in found.affected_tests] == ["test_checkout"]
    assert [a.name for a in found.public_api] == ["checkout"]
    text = render(found)
    assert "direct usages: 3 in 2 files" in text and "risk: " in text


def test_impact_is_unknown_when_only_names_tell_symbols_apart(ws: Workspace) -> None:
    found = impact(ws, ImpactInput(symbol="Item.get"))
    if _is_tree_sitter(ws):
        assert found.risk == "UNKNOWN" and "other symbol(s) named get" in found.reason
        assert found.unavailable and "name-based" in found.unavailable[0]
    else:
        assert found.risk == "LOW" and found.unavailable == []


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("tests/test_services.py", True),
        ("pkg/util_test.go", True),
        ("src/app.spec.ts", True),
        ("web/__tests__/a.js", True),
        ("src/test/java/FooTest.java", True),
        ("Shop.Tests/CartTests.cs", True),
        ("src/shop/services.py", False),
        ("src/contest.ts", False),
    ],
)
def test_test_files_are_found_by_each_languages_conventions(path: str, expected: bool) -> None:
    assert is_test_file(path) is expected


# -- profiles ------------------------------------------------------------------------------------
SNAPSHOTS: dict[str, Callable[[Workspace], BaseModel]] = {
    "info_cart": lambda ws: info(ws, InfoInput(symbol="Cart")),
    "usages_cart": lambda ws: usages(ws, UsagesInput(symbol="Cart")),
    "callers_format_price": lambda ws: callers(ws, CallsInput(symbol="format_price", depth=2)),
    "callees_test_checkout": lambda ws: callees(ws, CallsInput(symbol="test_checkout", depth=2)),
    "hierarchy_discount_cart": lambda ws: hierarchy(ws, HierarchyInput(symbol="DiscountCart")),
    "impact_cart_add": lambda ws: impact(ws, ImpactInput(symbol="Cart.add")),
}


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name", sorted(SNAPSHOTS))
def test_every_profile_of_every_navigation_tool(
    semantic: Workspace, name: str, profile: str
) -> None:
    assert_snapshot(f"tools/{name}.{profile}", render(SNAPSHOTS[name](semantic), profile))


@pytest.mark.parametrize("name", sorted(SNAPSHOTS))
def test_the_name_based_answers_in_the_default_profile(named: Workspace, name: str) -> None:
    assert_snapshot(f"tools/{name}.tree-sitter.compact", render(SNAPSHOTS[name](named)))


# -- CLI -----------------------------------------------------------------------------------------
def test_cli_usages_of_an_ambiguous_name_exits_2_listing_candidates(named: Workspace) -> None:
    result = CliRunner().invoke(cli, ["usages", "get", "--root", str(named.root)])
    assert result.exit_code == 2
    assert "error[AMBIGUOUS_SYMBOL]" in result.stderr
    assert "method Item.get  src/shop/models.py:15" in result.stderr
    assert "fix: pick one" in result.stderr


def test_cli_callers_with_depth(named: Workspace) -> None:
    result = CliRunner().invoke(
        cli, ["callers", "format_price", "-d", "2", "--root", str(named.root)]
    )
    assert result.exit_code == 0, result.output
    assert "depth 2:\n  checkout\n    <- test_checkout  tests/test_services.py:5" in result.stdout


def test_cli_addresses_a_symbol_by_position(named: Workspace) -> None:
    args = ["info", "--file", "src/shop/services.py", "--line", "5", "--col", "4"]
    result = CliRunner().invoke(cli, [*args, "--root", str(named.root)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("src/shop/services.py:5 function checkout")
    assert "! corrected: src/shop/services.py:5:4: column read as 0-based" in result.stdout


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_member_named_through_a_subclass_is_the_one_it_inherits(
    tmp_path: Path, backend: str
) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "inh"\nversion = "0"\n')
    (tmp_path / "m.py").write_text(
        "class CompilerElement:\n    def compile(self) -> str:\n        return 'x'\n\n\n"
        "class ClauseElement(CompilerElement):\n    pass\n\n\n"
        "class Column(ClauseElement):\n    def compile(self) -> str:\n        return 'y'\n\n\n"
        "def use(c: ClauseElement) -> str:\n    return c.compile()\n"
    )
    run_index(tmp_path, backend="auto" if backend == "ty" else backend)
    ws = open_workspace(tmp_path)
    try:
        found = info(ws, InfoInput(symbol="ClauseElement.compile"))
        assert (found.symbol.qualified_name, found.symbol.line) == ("CompilerElement.compile", 2)
        assert "ClauseElement declares no compile" in " ".join(found.provenance.notes)
        own = info(ws, InfoInput(symbol="Column.compile"))  # its own, not the inherited one
        assert own.symbol.qualified_name == "Column.compile"
        with pytest.raises(LsaiError) as missing:
            info(ws, InfoInput(symbol="ClauseElement.render"))
        assert missing.value.code == ErrorCode.SYMBOL_NOT_FOUND
    finally:
        ws.close()


def test_info_says_generic_constraints_are_unknown_only_for_a_generic_symbol(
    tmp_path: Path,
) -> None:
    (tmp_path / "a.ts").write_text("export class Box<T extends object> {}\nexport class Plain {}\n")
    run_index(tmp_path, backend="tree-sitter")
    ws = open_workspace(tmp_path)
    try:
        box, plain = (info(ws, InfoInput(symbol=name)) for name in ("Box", "Plain"))
        assert any("genericConstraints" in u for u in box.unavailable)
        assert not any("genericConstraints" in u for u in plain.unavailable)
    finally:
        ws.close()


def test_a_long_outline_pages_with_the_containers_of_each_page(tmp_path: Path) -> None:
    body = "".join(f"def f{i}() -> int:\n    return {i}\n\n\n" for i in range(20))
    body += "class Big:\n" + "".join(f"    def m{i}(self) -> None: ...\n" for i in range(10))
    (tmp_path / "gen.py").write_text(body)
    run_index(tmp_path, backend="tree-sitter")
    ws = open_workspace(tmp_path)
    try:
        whole = outline(ws, OutlineInput(file="gen.py", limit=5000))
        assert (whole.total, whole.truncated, whole.next_offset) == (31, False, None)
        first = outline(ws, OutlineInput(file="gen.py", limit=25))
        names = [m.name for m in first.sections[0].members]
        assert names == [f"f{i}" for i in range(20)] + ["Big"]
        assert [m.name for m in first.sections[0].members[-1].members] == [
            f"m{i}" for i in range(4)
        ]
        assert (first.total, first.truncated, first.next_offset) == (31, True, 25)
        assert first.counts == whole.counts  # the whole outline's, on every page
        second = outline(ws, OutlineInput(file="gen.py", limit=25, offset=25))
        [big] = second.sections[0].members  # its container again, so the nesting reads
        assert big.name == "Big" and [m.name for m in big.members] == [
            f"m{i}" for i in range(4, 10)
        ]
        assert (second.truncated, second.next_offset) == (False, None)
        text = render(first)
        assert "symbols 1-25 of 31; next page: offset 25" in text.splitlines()[-1]
        assert "symbols 26-31 of 31 · tree-sitter]" in render(second)
    finally:
        ws.close()


def test_the_hierarchy_of_a_library_type_lists_the_workspace_types_deriving_from_it(
    tmp_path: Path,
) -> None:
    (tmp_path / "models.py").write_text(
        "import pydantic\nfrom pydantic import BaseModel\n\n\n"
        "class User(BaseModel):\n    name: str\n\n\n"
        "class Admin(User):\n    level: int\n\n\n"
        "class Order(pydantic.BaseModel):\n    id: int\n\n\n"
        "class Failed(Exception):\n    exception: str\n"
    )
    run_index(tmp_path, backend="tree-sitter")
    ws = open_workspace(tmp_path)
    try:
        found = hierarchy(ws, HierarchyInput(symbol="BaseModel"))
        assert (found.symbol.qualified_name, found.symbol.file) == ("BaseModel", "")
        assert [(t.name, t.via) for t in found.derived_types] == [
            ("User", "BaseModel"),
            ("Order", "BaseModel"),
            ("Admin", "User"),
        ]
        assert "is not defined in the workspace" in found.provenance.notes[0]
        text = render(found)
        assert text.startswith(
            "class BaseModel  (external)\nup: (none)\ndown:\n  User  models.py:5"
        )
        # a field matched ignoring case does not hide the library's type
        errors = hierarchy(ws, HierarchyInput(symbol="Exception"))
        assert [t.name for t in errors.derived_types] == ["Failed"]
        with pytest.raises(LsaiError) as missing:
            hierarchy(ws, HierarchyInput(symbol="Nothing"))
        assert missing.value.code == ErrorCode.SYMBOL_NOT_FOUND
    finally:
        ws.close()


def test_an_ambiguous_name_lists_the_code_before_its_tests(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "api.py").write_text("def get(url):\n    return url\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_api.py").write_text(
        "def test_a():\n    def get(x):\n        return x\n\n\nclass Stub:\n"
        "    def get(self):\n        return 1\n"
    )
    run_index(tmp_path, backend="tree-sitter")
    ws = open_workspace(tmp_path)
    try:
        with pytest.raises(AmbiguousSymbol) as found:
            usages(ws, UsagesInput(symbol="get"))
        listed = str(found.value).splitlines()[1:]
        assert "pkg/api.py:1" in listed[0]  # before the test file's, a class's method included
        assert all("tests/test_api.py" in line for line in listed[1:])
    finally:
        ws.close()


LOOPS = {
    "pyproject.toml": "[project]\nname = 'loops'\nversion = '0'\n",
    "loops/__init__.py": "",
    "loops/events.py": (
        "class Policy:\n"
        "    def get_loop(self) -> object:\n"
        "        return self\n"
        "\n"
        "\n"
        "class DefaultPolicy(Policy):\n"
        "    def get_loop(self) -> object:\n"
        "        return self\n"
        "\n"
        "\n"
        "def get_loop() -> object:\n"
        "    return Policy().get_loop()\n"
    ),
}


@pytest.mark.parametrize(
    ("symbol", "expected"),
    [
        ("loops.events.get_loop", "function get_loop"),
        ("events.get_loop", "function get_loop"),
        ("loops.events.Policy.get_loop", "method Policy.get_loop"),
        ("Policy.get_loop", "method Policy.get_loop"),
    ],
)
def test_a_module_qualified_name_names_the_modules_function_not_its_classes_methods(
    tmp_path: Path, symbol: str, expected: str
) -> None:
    """``asyncio.events.get_event_loop`` was AMBIGUOUS_SYMBOL between the module's function
    and the methods ``get_event_loop`` of two of its classes: a qualified name matched any
    symbol whose qualified name ends with the rest, in a namespace holding the prefix."""
    indexed_tree(tmp_path, LOOPS, "tree-sitter")
    ws = open_workspace(tmp_path)
    try:
        found = info(ws, InfoInput(symbol=symbol)).symbol
    finally:
        ws.close()
    assert f"{found.kind} {found.qualified_name}" == expected
    with pytest.raises(AmbiguousSymbol):  # the bare name still asks which
        ws = open_workspace(tmp_path)
        try:
            info(ws, InfoInput(symbol="get_loop"))
        finally:
            ws.close()


def test_a_typescript_symbol_is_named_by_its_files_path_as_a_namespace(tmp_path: Path) -> None:
    """TypeScript and JavaScript symbols have no namespace: ``store.Cart`` (a package's folder)
    or ``cart.Cart`` (its module) was SYMBOL_NOT_FOUND, as ``rxjs.Observable`` was on the
    TypeScript benchmark tree; the file's path reads as one now, as a Python module's does."""
    files = {
        "packages/store/src/cart.ts": "export class Cart {\n  total(): number { return 0; }\n}\n",
        "packages/shop/src/cart.ts": "export class Cart {}\n",
    }
    indexed_tree(tmp_path, files, "tree-sitter")
    ws = open_workspace(tmp_path)
    try:
        for name, path in (
            ("store.Cart", "store"),
            ("shop.cart.Cart", "shop"),
            ("STORE.cart", "store"),
        ):
            found = info(ws, InfoInput(symbol=name)).symbol
            assert found.file == f"packages/{path}/src/cart.ts", name
        assert info(ws, InfoInput(symbol="store.Cart.total")).symbol.qualified_name == "Cart.total"
        with pytest.raises(AmbiguousSymbol):
            info(ws, InfoInput(symbol="cart.Cart"))
    finally:
        ws.close()
