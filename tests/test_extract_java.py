from __future__ import annotations

from pathlib import Path

import pytest

from lsai.indexer.treesitter.extract import extract
from lsai.storage.records import FileIndex, SymbolRecord
from tests.snapshots import assert_snapshot, render_extraction

ROOT = Path(__file__).parent / "fixtures" / "java"
PKG = "src/main/java/com/acme"
FILES = [
    f"{PKG}/store/Repository.java",
    f"{PKG}/store/Inventory.java",
    f"{PKG}/store/Item.java",
    f"{PKG}/audit/Audit.java",
]
INVENTORY = f"{PKG}/store/Inventory.java"
PREFIX = f"lsai java . {INVENTORY}"


def load(path: str) -> FileIndex:
    return extract("java", path, ".", (ROOT / path).read_bytes())


def symbols(path: str) -> dict[str, list[SymbolRecord]]:
    found: dict[str, list[SymbolRecord]] = {}
    for s in load(path).symbols:
        found.setdefault(s.qualified_name, []).append(s)
    return found


def one(path: str, qualified: str) -> SymbolRecord:
    (found,) = symbols(path)[qualified]
    return found


@pytest.mark.parametrize("path", FILES)
def test_extraction_matches_snapshot(path: str) -> None:
    name = path.removeprefix("src/main/java/").replace("/", "__")
    assert_snapshot(f"extract/java/{name}.txt", render_extraction(load(path)))


def test_package_is_the_namespace_of_every_symbol() -> None:
    data = load(INVENTORY)
    assert {s.namespace for s in data.symbols} == {"com.acme.store"}
    assert one(f"{PKG}/audit/Audit.java", "Audit.log").namespace == "com.acme.audit"


def test_two_get_methods_in_different_classes_get_different_keys() -> None:
    outer = one(INVENTORY, "Inventory.get")
    inner = one(INVENTORY, "Inventory.Entry.get")
    assert outer.key == f"{PREFIX} Inventory#get()."
    assert inner.key == f"{PREFIX} Inventory#Entry#get()."
    assert inner.container_key == f"{PREFIX} Inventory#Entry#"
    assert inner.signature == "String get()"
    assert inner.accessibility == "package"


def test_overloaded_constructors_get_distinct_keys() -> None:
    first, second = symbols(INVENTORY)["Inventory.Inventory"]
    assert (first.kind, second.kind) == ("constructor", "constructor")
    assert first.key == f"{PREFIX} Inventory#Inventory()."
    assert second.key == f"{PREFIX} Inventory#Inventory(+1)."
    assert first.doc == "Creates an inventory with the default limit."
    assert second.parameters == "(int capacity)"


def test_overloaded_methods_get_distinct_keys_and_full_signatures() -> None:
    first, second = symbols(INVENTORY)["Inventory.add"]
    assert first.key.endswith("Inventory#add().")
    assert second.key.endswith("Inventory#add(+1).")
    assert second.signature == "public int add(Item item, int quantity)"
    assert second.return_type == "int"
    assert second.parameters == "(Item item, int quantity)"


def test_override_annotation_modifiers_and_accessibility_are_read() -> None:
    put = one(INVENTORY, "Inventory.put")
    assert put.attributes == ("@Override",)
    assert put.modifiers == ("public",)
    assert put.accessibility == "public"
    assert put.signature == "@Override public void put(String id, Item value)"
    cursor = one(INVENTORY, "Inventory.Cursor")
    assert cursor.accessibility == "private"
    assert one(INVENTORY, "Inventory.LIMIT").modifiers == ("private", "static", "final")


def test_generic_method_keeps_type_parameters_in_signature() -> None:
    generic = one(INVENTORY, "Inventory.max")
    assert generic.signature == (
        '@Deprecated(since = "2.0") static <K extends Comparable<K>> K max(K a, K b)'
    )
    assert generic.return_type == "K"
    assert generic.attributes == ('@Deprecated(since = "2.0")',)
    assert generic.accessibility == "package"


def test_fields_declared_together_are_separate_symbols() -> None:
    count = one(INVENTORY, "Inventory.count")
    capacity = one(INVENTORY, "Inventory.capacity")
    assert (count.kind, capacity.kind) == ("field", "field")
    assert count.signature == capacity.signature == "protected int count, capacity"
    assert capacity.container_key == f"{PREFIX} Inventory#"


def test_enum_constants_are_members_of_a_nested_enum() -> None:
    found = symbols(INVENTORY)
    assert one(INVENTORY, "Inventory.Status").kind == "enum"
    assert [found[f"Inventory.Status.{n}"][0].kind for n in ("OPEN", "CLOSED")] == [
        "enumMember",
        "enumMember",
    ]
    assert one(INVENTORY, "Inventory.Status.flip").kind == "method"


def test_interface_members_are_public_and_documented() -> None:
    path = f"{PKG}/store/Repository.java"
    repo = one(path, "Repository")
    assert repo.kind == "interface"
    assert repo.signature == "public interface Repository<T> extends Iterable<T>, AutoCloseable"
    assert repo.doc is not None and repo.doc.startswith("A store of values keyed by id.")
    get = one(path, "Repository.get")
    assert (get.accessibility, get.signature) == ("public", "Optional<T> get(String id)")
    assert get.doc == "The value stored under {@code id}, if any."
    assert one(path, "Repository.DEFAULT_CAPACITY").kind == "constant"
    assert one(path, "Repository.contains").modifiers == ("default",)


def test_records_compact_constructors_and_annotation_types() -> None:
    item = one(f"{PKG}/store/Item.java", "Item")
    assert (item.kind, item.signature) == ("class", "public record Item(String id, long price)")
    assert one(f"{PKG}/store/Item.java", "Item.Item").kind == "constructor"
    audited = one(f"{PKG}/audit/Audit.java", "Audit.Audited")
    assert audited.kind == "interface"
    assert audited.attributes == ("@Retention(RetentionPolicy.RUNTIME)",)
    value = one(f"{PKG}/audit/Audit.java", "Audit.Audited.value")
    assert (value.kind, value.return_type) == ("method", "String")


def test_extends_and_implements_edges() -> None:
    edges = {
        (e.source_key.rsplit(" ", 1)[-1], e.relation, e.target_name)
        for e in load(INVENTORY).type_edges
    }
    assert edges == {
        ("Inventory#", "extends", "AbstractStore"),
        ("Inventory#", "implements", "Repository"),
        ("Inventory#Cursor#", "implements", "Iterator"),
    }
    repo_edges = load(f"{PKG}/store/Repository.java").type_edges
    assert [(e.relation, e.target_name) for e in repo_edges] == [
        ("extends", "Iterable"),
        ("extends", "AutoCloseable"),
    ]


def test_calls_cover_plain_member_and_new_expressions() -> None:
    calls = {
        (c.caller_key.rsplit(" ", 1)[-1] if c.caller_key else None, c.callee_name)
        for c in load(INVENTORY).calls
    }
    assert ("Inventory#add().", "add") in calls  # plain call to the overload
    assert ("Inventory#put().", "log") in calls  # cross-file static call Audit.log(...)
    assert ("Inventory#iterator().", "Cursor") in calls  # new Cursor()
    assert ("Inventory#get().", "ofNullable") in calls
    item_calls = {c.callee_name for c in load(f"{PKG}/store/Item.java").calls}
    assert item_calls == {"IllegalArgumentException", "Item"}


def test_columns_count_code_points_after_emoji() -> None:
    weight = one(INVENTORY, "Inventory.weight")
    assert (weight.name_span.start_line, weight.name_span.start_col) == (52, 19)
    assert weight.signature == "int weight()"


def test_imports_are_import_occurrences() -> None:
    imports = [o.name for o in load(INVENTORY).occurrences if o.role == "import"]
    assert imports == ["Audit", "HashMap", "Iterator", "Map", "Optional"]
