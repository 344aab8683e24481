from __future__ import annotations

from pathlib import Path

import pytest

from lsai.indexer.treesitter.extract import extract
from lsai.storage.records import FileIndex
from tests.snapshots import assert_snapshot, render_extraction

ROOT = Path(__file__).parent / "fixtures" / "python"
FILES = ["src/shop/__init__.py", "src/shop/models.py", "src/shop/services.py", "src/shop/util.py"]


def load(path: str) -> FileIndex:
    return extract("python", path, ".", (ROOT / path).read_bytes())


@pytest.mark.parametrize("path", FILES)
def test_extraction_matches_snapshot(path: str) -> None:
    assert_snapshot(f"extract/python/{path.replace('/', '__')}.txt", render_extraction(load(path)))


def test_two_get_methods_in_different_classes_get_different_keys() -> None:
    gets = [s for s in load("src/shop/models.py").symbols if s.name == "get"]
    assert [s.qualified_name for s in gets] == ["Item.get", "Cart.get"]
    assert gets[0].key != gets[1].key
    assert gets[1].key == "lsai python . src/shop/models.py Cart#get()."


def test_signatures_keep_types_defaults_and_return_types() -> None:
    by_name = {s.qualified_name: s for s in load("src/shop/services.py").symbols}
    checkout = by_name["checkout"]
    assert checkout.signature == 'def checkout(cart: Cart, *, currency: str = "EUR") -> str'
    assert checkout.parameters == '(cart: Cart, *, currency: str = "EUR")'
    assert checkout.return_type == "str"
    assert checkout.doc == "Total the cart and format it."
    assert by_name["fetch_price"].modifiers == ("async",)


def test_decorators_nesting_and_constructors() -> None:
    by_name = {s.qualified_name: s for s in load("src/shop/models.py").symbols}
    assert by_name["Item"].attributes == ("@dataclass(frozen=True)",)
    assert by_name["Cart.total"].attributes == ("@property",)
    assert by_name["Cart.__init__"].kind == "constructor"
    render = by_name["Cart.Line.render"]
    assert render.kind == "method" and render.container_key == by_name["Cart.Line"].key
    assert by_name["Cart.TAX_RATE"].kind == "field"
    assert by_name["Cart"].namespace == "shop.models"  # src/ layout: the module path


def test_columns_count_code_points_after_emoji_and_accents() -> None:
    data = load("src/shop/util.py")
    def_line = next(s for s in data.symbols if s.name == "def_line")
    # 'BANNER = "🛒 Shop — prix"; def_line' -> def_line starts at code point 27
    assert (def_line.name_span.start_line, def_line.name_span.start_col) == (1, 27)
    label_uses = [o for o in data.occurrences if o.name == "label"]
    assert [(o.span.start_line, o.span.start_col) for o in label_uses] == [(5, 5), (5, 28)]


def test_names_in_comments_and_strings_are_not_calls_or_references() -> None:
    data = load("src/shop/services.py")
    checkout_uses = [o for o in data.occurrences if o.name == "checkout"]
    assert [o.role for o in checkout_uses] == ["definition"]
    assert [c.callee_name for c in data.calls] == [
        "format_price",
        "Cart",
        "add",
        "Item",
        "float",
        "len",
    ]


def test_calls_know_their_caller() -> None:
    calls = {
        (c.caller_key or "").rsplit(" ", 1)[-1]: c.callee_name
        for c in load("src/shop/services.py").calls
    }
    assert calls["checkout()."] == "format_price"


def test_accessibility_follows_python_naming_conventions() -> None:
    access = {s.name: s.accessibility for s in load("src/shop/util.py").symbols}
    assert access["format_price"] == "public"
    assert access["_private_helper"] == "protected"
    assert access["__very_private"] == "private"


def test_reexports_are_import_occurrences() -> None:
    data = load("src/shop/__init__.py")
    imports = [o.name for o in data.occurrences if o.role == "import"]
    assert imports == ["Cart", "Product", "checkout"]


def test_module_variables_bound_under_if_and_try_are_symbols() -> None:
    source = (
        "try:\n    import zstandard as zstd\n    HAVE = True\nexcept ImportError:\n"
        "    zstd = None\n    HAVE = False\n"
        "if sys.version_info >= (3, 11):\n    MODE = 1\nelif WIN:\n    MODE = 2\nelse:\n"
        "    MODE = 3\n"
        "def f():\n    if True:\n        local = 1\n"
    )
    found = extract("python", "compat.py", ".", source.encode())
    assert sorted((s.qualified_name, s.span.start_line) for s in found.symbols) == [
        ("HAVE", 3), ("HAVE", 6), ("MODE", 8), ("MODE", 10), ("MODE", 12), ("f", 13),
        ("zstd", 5),
    ]  # fmt: skip


def test_module_variables_bound_in_any_block_two_deep_are_symbols_and_locals_are_not() -> None:
    source = (
        "try:\n    pass\nfinally:\n    D = 1\n"  # 1-4
        "for _ in []:\n    F = 1\nelse:\n    F = 2\n"  # 5-8
        "while False:\n    W = 1\nelse:\n    W = 2\n"  # 9-12
        "with open('x') as fh:\n    H = 1\n"  # 13-14
        "if TYPE_CHECKING:\n    try:\n        J = 1\n"  # 15-17
        "    except ImportError:\n        J = 2\n"  # 18-19
        "    if WIN:\n        K = 1\n"  # 20-21
        "def fn():\n    if True:\n        LOCAL = 1\n    for x in []:\n        LOOP = 1\n"  # 22-26
        "class C:\n    if True:\n        ATTR = 1\n"  # 27-29
        "@dec\ndef g():\n    while True:\n        INNER = 1\n"  # 30-33
    )
    found = extract("python", "blocks.py", ".", source.encode())
    assert sorted((s.qualified_name, s.span.start_line) for s in found.symbols) == [
        ("C", 27), ("D", 4), ("F", 6), ("F", 8), ("H", 14), ("J", 17), ("J", 19), ("K", 21),
        ("W", 10), ("W", 12), ("fn", 22), ("g", 31),
    ]  # fmt: skip


def test_calls_in_a_header_belong_to_the_enclosing_scope() -> None:
    """Base classes and default values are evaluated where the ``class`` or ``def`` statement
    runs, as ty's incoming calls count them; the body's calls are the definition's."""
    source = (
        "class Top(make_base()):\n    x = seed()\n"  # 1-2
        "def outer():\n    class Local(make_base()):\n        pass\n"  # 3-5
        "def g(x=default()):\n    return work()\n"  # 6-7
        "class K:\n    def h(self, y=default()):\n        return work()\n"  # 8-10
    )
    found = extract("python", "header.py", ".", source.encode())
    callers = {(c.callee_name, c.line): c.caller_key for c in found.calls}
    prefix = "lsai python . header.py "
    assert callers == {
        ("make_base", 1): None,
        ("seed", 2): prefix + "Top#",
        ("make_base", 4): prefix + "outer().",
        ("default", 6): None,
        ("work", 7): prefix + "g().",
        ("default", 9): prefix + "K#",
        ("work", 10): prefix + "K#h().",
    }
