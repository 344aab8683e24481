from __future__ import annotations

from pathlib import Path

import pytest

from lsai.indexer.treesitter.extract import extract
from lsai.storage.records import FileIndex, SymbolRecord
from tests.snapshots import assert_snapshot, render_extraction

ROOT = Path(__file__).parent / "fixtures" / "csharp"
INVOICE = "src/Billing/Invoice.cs"
PRICING = "src/Billing/Pricing.cs"
FILES = [INVOICE, PRICING]
PREFIX = f"lsai csharp . {INVOICE} `Acme.Billing`/"


def load(path: str) -> FileIndex:
    return extract("csharp", path, ".", (ROOT / path).read_bytes())


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
    assert_snapshot(f"extract/csharp/{path.replace('/', '__')}.txt", render_extraction(load(path)))


def test_file_scoped_namespace_contains_the_rest_of_the_file() -> None:
    data = load(INVOICE)
    ns = data.symbols[0]
    assert (ns.kind, ns.name) == ("namespace", "Acme.Billing")
    assert {s.namespace for s in data.symbols[1:]} == {"Acme.Billing"}
    invoice = one(INVOICE, "Acme.Billing.Invoice")
    assert invoice.container_key == ns.key
    assert invoice.key == f"{PREFIX}Invoice#"


def test_block_namespaces_nest() -> None:
    pricing = one(PRICING, "Acme.Billing.Rules.Pricing")
    assert pricing.namespace == "Acme.Billing.Rules"
    assert pricing.modifiers == ("internal", "static")
    total = one(PRICING, "Acme.Billing.Rules.Pricing.Sum")
    assert total.signature == (
        "public static decimal Sum<T>(IEnumerable<T> items) where T : Invoice.Line"
    )
    assert total.return_type == "decimal"
    assert total.parameters == "(IEnumerable<T> items)"


def test_two_get_methods_in_different_types_get_different_keys() -> None:
    outer = one(INVOICE, "Acme.Billing.Invoice.Get")
    inner = one(INVOICE, "Acme.Billing.Invoice.Totals.Get")
    in_interface = one(INVOICE, "Acme.Billing.IPriced.Get")
    assert outer.key == f"{PREFIX}Invoice#Get()."
    assert inner.key == f"{PREFIX}Invoice#Totals#Get()."
    assert in_interface.key == f"{PREFIX}IPriced#Get()."
    assert in_interface.accessibility == "public"
    assert outer.doc == "<summary>The price of the line with this code.</summary>"


def test_overloaded_constructors_and_methods_get_distinct_keys() -> None:
    ctors = symbols(INVOICE)["Acme.Billing.Invoice.Invoice"]
    assert [c.kind for c in ctors] == ["constructor", "constructor"]
    assert [c.key.rsplit("/", 1)[-1] for c in ctors] == [
        "Invoice#Invoice().",
        "Invoice#Invoice(+1).",
    ]
    assert ctors[1].parameters == "(string number, Status status = Status.Draft)"
    adds = symbols(INVOICE)["Acme.Billing.Invoice.Add"]
    assert [a.key.rsplit("/", 1)[-1] for a in adds] == ["Invoice#Add().", "Invoice#Add(+1)."]
    assert adds[1].signature == "public void Add(string code, decimal price)"
    assert adds[1].return_type == "void"


def test_attributes_modifiers_and_default_accessibility() -> None:
    invoice = one(INVOICE, "Acme.Billing.Invoice")
    assert invoice.attributes == ("[Serializable]",)
    assert invoice.modifiers == ("public", "sealed")
    assert invoice.signature == (
        "[Serializable] public sealed class Invoice : DocumentBase, IPriced, IComparable<Invoice>"
    )
    add_all = one(INVOICE, "Acme.Billing.Invoice.AddAll")
    assert add_all.attributes == ('[Obsolete("Use Add(Line) instead")]',)
    assert add_all.modifiers == ("protected", "virtual")
    assert add_all.accessibility == "protected"
    kind = one(PRICING, "Acme.Billing.DocumentBase.Kind")
    assert kind.accessibility == "protected"  # protected internal


def test_properties_events_fields_delegates_records_and_structs() -> None:
    found = symbols(INVOICE)
    kinds = {
        name: found[f"Acme.Billing.{name}"][0].kind
        for name in (
            "InvoiceChanged",
            "Invoice.Changed",
            "Invoice.Number",
            "Invoice.this",
            "Invoice._lines",
            "Invoice._version",
            "Invoice._revision",
            "Invoice.MaxLines",
            "Invoice.Line",
            "Invoice.Totals",
            "Invoice.Totals.Net",
        )
    }
    assert kinds == {
        "InvoiceChanged": "delegate",
        "Invoice.Changed": "event",
        "Invoice.Number": "property",
        "Invoice.this": "property",
        "Invoice._lines": "field",
        "Invoice._version": "field",
        "Invoice._revision": "field",
        "Invoice.MaxLines": "field",
        "Invoice.Line": "class",
        "Invoice.Totals": "struct",
        "Invoice.Totals.Net": "field",
    }
    assert one(INVOICE, "Acme.Billing.Invoice.Number").signature == "public string Number"
    assert one(INVOICE, "Acme.Billing.InvoiceChanged").signature == (
        "public delegate void InvoiceChanged(object sender, decimal total)"
    )
    assert one(INVOICE, "Acme.Billing.Invoice.Changed").signature == (
        "public event InvoiceChanged? Changed"
    )
    money = one(PRICING, "Acme.Billing.Money")
    assert money.kind == "struct"
    assert money.modifiers == ("public", "readonly")


def test_enum_members_are_public_members_of_the_enum() -> None:
    members = [s for s in load(INVOICE).symbols if s.kind == "enumMember"]
    assert [m.qualified_name for m in members] == [
        "Acme.Billing.Status.Draft",
        "Acme.Billing.Status.Sent",
        "Acme.Billing.Status.Paid",
    ]
    assert {m.accessibility for m in members} == {"public"}
    assert members[1].signature == "Sent = 2"


def test_base_list_gives_extends_and_implements_edges() -> None:
    edges = [(e.relation, e.target_name) for e in load(INVOICE).type_edges]
    assert edges == [
        ("extends", "DocumentBase"),
        ("implements", "IPriced"),
        ("implements", "IComparable"),
    ]


def test_calls_cover_plain_member_generic_and_new() -> None:
    calls = {
        (c.caller_key.rsplit("/", 1)[-1] if c.caller_key else None, c.callee_name)
        for c in load(INVOICE).calls
    }
    assert ("Invoice#Get().", "Find") in calls
    assert ("Invoice#Add(+1).", "Add") in calls
    assert ("Invoice#Add(+1).", "Line") in calls  # new Line(...)
    assert ("Invoice#Add().", "Invoke") in calls  # Changed?.Invoke(...)
    assert ("Invoice#Sum().", "Sum") in calls  # cross-file Pricing.Sum<Line>(...)


def test_columns_count_code_points_after_emoji() -> None:
    total = one(INVOICE, "Acme.Billing.Invoice.Sum")
    assert (total.name_span.start_line, total.name_span.start_col) == (70, 38)
    assert total.modifiers == ("private", "static")
