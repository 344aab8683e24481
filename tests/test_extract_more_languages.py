from __future__ import annotations

from pathlib import Path

import pytest

from lsai.indexer.treesitter.extract import extract
from lsai.storage.records import FileIndex, SymbolRecord
from tests.snapshots import assert_snapshot, render_extraction

pytest.importorskip("tree_sitter_language_pack")

ROOT = Path(__file__).parent / "fixtures" / "polyglot"
FILES = [
    ("ruby", "shop.rb"),
    ("php", "shop.php"),
    ("kotlin", "Shop.kt"),
    ("lua", "cart.lua"),
    ("bash", "deploy.sh"),
]


def load(language: str, path: str) -> FileIndex:
    return extract(language, path, ".", (ROOT / path).read_bytes())


def symbols(language: str, path: str) -> dict[str, list[SymbolRecord]]:
    found: dict[str, list[SymbolRecord]] = {}
    for s in load(language, path).symbols:
        found.setdefault(s.qualified_name, []).append(s)
    return found


def calls(language: str, path: str) -> set[tuple[str | None, str]]:
    return {
        (c.caller_key.rsplit(" ", 1)[-1] if c.caller_key else None, c.callee_name)
        for c in load(language, path).calls
    }


def edges(language: str, path: str) -> list[tuple[str, str, str]]:
    return [
        (e.source_key.rsplit(" ", 1)[-1], e.relation, e.target_name)
        for e in load(language, path).type_edges
    ]


@pytest.mark.parametrize(("language", "path"), FILES)
def test_extraction_matches_snapshot(language: str, path: str) -> None:
    assert_snapshot(f"extract/polyglot/{path}.txt", render_extraction(load(language, path)))


def test_ruby_modules_classes_methods_and_constructors() -> None:
    found = symbols("ruby", "shop.rb")
    assert found["Shop"][0].kind == "module"
    assert found["Shop.Cart"][0].signature == "class Cart < Base"
    assert found["Shop.Cart"][0].doc == "A cart of items."
    assert found["Shop.Cart"][0].namespace == "Shop"
    init = found["Shop.Cart.initialize"][0]
    assert (init.kind, init.parameters) == ("constructor", "(items = [])")
    build = found["Shop.Cart.build"][0]
    assert build.signature == 'def self.build(*ids, currency: "EUR")'
    assert found["Shop.Cart.LIMIT"][0].kind == "constant"
    cart_get, item_get = found["Shop.Cart.get"][0], found["Shop.Item.get"][0]
    assert cart_get.key == "lsai ruby . shop.rb Shop/Cart#get()."
    assert item_get.key == "lsai ruby . shop.rb Shop/Item#get()."


def test_ruby_superclass_mixins_and_calls() -> None:
    assert edges("ruby", "shop.rb") == [
        ("Shop/Cart#", "extends", "Base"),
        ("Shop/Cart#", "implements", "Priced"),
    ]
    found = calls("ruby", "shop.rb")
    assert ("Shop/Cart#get().", "find") in found
    assert ("Shop/Item#get().", "fetch") in found
    assert ("Shop/Priced/price_label().", "format") in found


def test_php_namespace_types_members_and_modifiers() -> None:
    found = symbols("php", "shop.php")
    cart = found["Cart"][0]
    assert cart.namespace == "App\\Shop"
    assert cart.modifiers == ("final",)
    assert cart.attributes == ("#[Entity]",)
    assert (
        cart.signature == "#[Entity] final class Cart extends Model implements Priced, \\Countable"
    )
    ctor = found["Cart.__construct"][0]
    assert ctor.kind == "constructor"
    assert ctor.parameters == '(private string $owner = "guest")'
    get = found["Cart.get"][0]
    assert (get.signature, get.return_type) == ("public function get(int $id): ?Item", "?Item")
    assert found["HasItems"][0].kind == "trait"
    assert found["HasItems.items"][0].accessibility == "private"
    assert found["Suit.Hearts"][0].kind == "enumMember"
    assert found["make_cart"][0].kind == "function"
    assert found["Priced.price"][0].key == "lsai php . shop.php Priced#price()."


def test_php_extends_implements_traits_and_calls() -> None:
    assert edges("php", "shop.php") == [
        ("Cart#", "extends", "Model"),
        ("Cart#", "implements", "Priced"),
        ("Cart#", "implements", "Countable"),
        ("Cart#", "implements", "HasItems"),
    ]
    found = calls("php", "shop.php")
    assert ("make_cart().", "Cart") in found  # new Cart(...)
    assert ("Cart#get().", "find") in found  # Item::find(...)
    assert ("Cart#price().", "price") in found  # $i->price()
    assert ("Cart#count().", "count") in found


def test_kotlin_package_types_and_members() -> None:
    found = symbols("kotlin", "Shop.kt")
    assert {s.namespace for group in found.values() for s in group} == {"com.acme.shop"}
    assert found["Priced"][0].kind == "interface"
    assert found["Color"][0].kind == "enum"
    assert found["Color.RED"][0].kind == "enumMember"
    assert found["Registry"][0].kind == "class"
    assert found["Carts"][0].kind == "type"
    assert found["Cart.size"][0].kind == "property"
    price = found["Cart.price"][0]
    assert (price.kind, price.signature) == ("method", "override fun price(): Double")
    assert price.modifiers == ("override",)
    assert found["Cart.get"][0].key == "lsai kotlin . Shop.kt Cart#get()."
    assert found["Item.get"][0].key == "lsai kotlin . Shop.kt Item#get()."
    assert found["total"][0].signature == "fun <T : Priced> total(vararg things: T): Double"
    assert found["Registry.carts"][0].accessibility == "private"


def test_kotlin_supertypes_and_calls() -> None:
    assert edges("kotlin", "Shop.kt") == [
        ("Cart#", "extends", "Base"),
        ("Cart#", "implements", "Priced"),
        ("Item#", "implements", "Priced"),
    ]
    found = calls("kotlin", "Shop.kt")
    assert ("Cart#empty().", "Cart") in found
    assert ("Cart#get().", "getOrNull") in found
    assert ("Registry#register().", "println") in found


def test_lua_table_functions_are_methods_of_the_table() -> None:
    found = symbols("lua", "cart.lua")
    new = found["Cart.new"][0]
    assert (new.kind, new.key) == ("method", "lsai lua . cart.lua Cart#new().")
    assert new.doc == "Creates an empty cart."
    assert found["Cart.get"][0].signature == "function Cart:get(index)"
    assert found["total"][0].kind == "function"
    assert found["Cart.total"][0].key == "lsai lua . cart.lua Cart#total()."
    assert ("Cart#total().", "total") in calls("lua", "cart.lua")


def test_bash_functions_and_commands() -> None:
    found = symbols("bash", "deploy.sh")
    assert [(s.name, s.kind) for group in found.values() for s in group] == [
        ("build", "function"),
        ("deploy", "function"),
    ]
    assert found["build"][0].doc == "Builds the project."
    assert calls("bash", "deploy.sh") >= {("deploy().", "build"), (None, "deploy")}
