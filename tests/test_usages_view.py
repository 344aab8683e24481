"""The compact view of usages: files by folder, each usage line once, code cut around the name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from lsai.indexer.pipeline import run_index
from lsai.query.contracts import Provenance, SymbolRef
from lsai.query.render import render
from lsai.query.usages import Usage, UsageFile, UsagesInput, UsagesResult, usages
from lsai.query.views.folders import common_folder, listing
from lsai.query.views.snippet import ELLIPSIS, WIDTH, snippet
from lsai.query.workspace import open_workspace


def _result(
    files: dict[str, list[tuple[int, str]]], *, name: str = "Cart", **fields: object
) -> UsagesResult:
    groups = [
        UsageFile(file=f, usages=[Usage(line=n, col=1, role="read", context=c) for n, c in u])
        for f, u in files.items()
    ]
    total = sum(len(g.usages) for g in groups)
    given: dict[str, object] = {"total": total, "file_count": len(groups), "truncated": False}
    given.update(fields)
    ref = SymbolRef(
        name=name, kind="class", qualified_name=name, file="m.py", line=1, col=1, backend="lsp"
    )
    return UsagesResult.model_validate(
        {"symbol": ref, "mode": "semantic", "files": groups, **given}
    )


def test_two_usages_on_one_line_print_the_line_once_and_count_twice(
    workspace: Callable[[str], Path],
) -> None:
    root = workspace("python")
    (root / "src/shop/twice.py").write_text(
        "from shop.util import format_price\n\n"
        "BOTH = format_price(1.0, 'EUR') + format_price(2.0, 'USD')\n"
    )
    run_index(root, backend="tree-sitter")
    ws = open_workspace(root)
    try:
        text = render(usages(ws, UsagesInput(symbol="format_price")), "compact")
    finally:
        ws.close()
    block = text.split(" twice.py:", 1)[1].splitlines()
    assert block[0] == "1 from shop.util import format_price"
    assert block[1].startswith("  3 BOTH = format_price(1.0, 'EUR')")
    assert not block[2].startswith("  3")
    assert "[5 usages in 2 files" in text


def test_files_sharing_a_folder_print_it_once() -> None:
    text = render(
        _result(
            {
                "src/shop/carts.py": [(5, "from shop.models import Cart"), (12, "x = Cart()")],
                "src/shop/services.py": [(1, "from shop.models import Cart")],
                "tests/test_carts.py": [(3, "Cart()")],
            }
        )
    )
    assert text.splitlines() == [
        "src/shop/",
        " carts.py:5 from shop.models import Cart",
        "  12 x = Cart()",
        " services.py:1 from shop.models import Cart",
        "tests/test_carts.py:3 Cart()",
        "[4 usages in 3 files]",
    ]


def test_a_resolved_import_prints_import_and_a_re_export_re_export() -> None:
    def use(line: int, code: str, role: str = "import", by_name: bool = False) -> Usage:
        return Usage(line=line, col=1, role=role, context=code, by_name=by_name)

    groups = [
        UsageFile(
            file="lib/a.ts",
            usages=[
                use(1, "import { Cart, Item } from './models';"),
                use(2, "export { Cart } from './models';"),
                use(3, "import { Cart as Basket } from './models';"),
                use(9, "const c = new Cart();", role="call"),
            ],
        ),
        UsageFile(file="shop/b.py", usages=[use(4, "from shop.models import Cart")]),
        UsageFile(file="shop/c.py", usages=[use(2, "from other import Cart", by_name=True)]),
    ]
    found = _result({}).model_copy(update={"files": groups, "total": 6, "file_count": 3})
    assert render(found).splitlines()[:6] == [
        "lib/a.ts:1 import",
        " 2 re-export",
        " 3 import { Cart as Basket } from './models';",  # the alias is the name used there
        " 9 const c = new Cart();",
        "shop/",
        " b.py:4 import",
    ]
    assert " c.py:2 from other import Cart" in render(found)  # by name: the module tells which
    assert "from shop.models import Cart" in render(found, "verbose")


def test_lines_that_read_the_same_print_once_with_all_their_numbers() -> None:
    same = "ZodStringFormat.init(inst, def);"
    found = _result({"a/schemas.ts": [(392, same), (400, "other(ZodStringFormat)"), (406, same)]})
    assert render(found).splitlines()[:2] == [
        "a/schemas.ts:392,406 ZodStringFormat.init(inst, def);",
        " 400 other(ZodStringFormat)",
    ]


def test_consecutive_files_whose_lines_read_the_same_share_one_entry() -> None:
    issue = "const issue = raw as errors.$ZodStringFormatIssues;"
    found = _result(
        {
            "locales/ar.ts": [(98, issue)],
            "locales/az.ts": [(94, issue)],
            "locales/be.ts": [(157, issue), (160, "other($ZodStringFormatIssues)")],
            "locales/ca.ts": [(98, issue)],
            "locales/de.ts": [(97, issue), (99, issue)],
            "locales/en.ts": [(12, "other($ZodStringFormatIssues)")],
        },
        name="$ZodStringFormatIssues",
    )
    assert render(found).splitlines() == [
        "locales/",
        f" ar.ts:98, az.ts:94 {issue}",
        f" be.ts:157 {issue}",  # a file with another line too keeps its own entry
        "  160 other($ZodStringFormatIssues)",
        f" ca.ts:98, de.ts:97,99 {issue}",
        " en.ts:12 other($ZodStringFormatIssues)",
        "[8 usages in 6 files]",
    ]


def test_a_long_code_line_is_cut_around_the_name_at_word_ends() -> None:
    line = "export function strictObject<T extends core.$ZodLooseShape>(shape: T, params?: string)"
    cut = snippet(line, "$ZodLooseShape")
    assert "core.$ZodLooseShape>(" in cut and cut.startswith(ELLIPSIS) and cut.endswith(ELLIPSIS)
    assert len(cut) <= WIDTH + 2
    assert not cut.endswith("para" + ELLIPSIS)  # never inside a word
    assert snippet("x = Cart()", "Cart") == "x = Cart()"
    assert snippet("Cart" + "(a, b)" * 30, "Cart").startswith("Cart(a, b)")  # no head to cut
    assert snippet(None, "Cart") == ""


def test_an_end_of_a_few_characters_is_kept_rather_than_cut() -> None:
    """A cut of a few characters would save about what its ``…`` costs: an end of at most
    ``SLACK`` characters beyond the window prints whole, a longer one is cut."""
    line = 'def checkout(cart: Cart, *, currency: str = "EUR") -> str:'
    assert len(line) > WIDTH and snippet(line, "Cart") == line
    longer = 'def checkout(cart: Cart, *, currency: str = "EUR") -> dict[str, int]:'
    assert (
        snippet(longer, "Cart") == 'def checkout(cart: Cart, *, currency: str = "EUR")' + ELLIPSIS
    )


def test_the_name_stays_whole_however_long() -> None:
    name = "A" * 80
    assert name in snippet(f"x = {name}(1, 2, 3)", name)


def test_verbose_keeps_whole_paths_and_whole_lines_and_turbo_only_numbers() -> None:
    long = "value = Cart(" + ", ".join(f"arg{i}" for i in range(30)) + ")"
    found = _result({"src/a.py": [(7, long), (7, long), (9, "Cart()")], "src/b.py": [(2, "Cart")]})
    assert render(found, "verbose").splitlines()[:3] == ["src/a.py", f"  :7 {long}", "  :9 Cart()"]
    assert render(found, "turbo").splitlines() == [
        "src/",
        " a.py:7,9",
        " b.py:2",
        "[4 usages in 2 files]",
    ]


def test_a_page_ends_with_where_the_next_one_starts_and_notes_stay() -> None:
    note = "src/a.py changed since it was indexed; run `lsai index`"
    found = _result(
        {"src/a.py": [(1, "Cart")]},
        total=30,
        file_count=4,
        truncated=True,
        next_offset=1,
        provenance=Provenance(backends=["lsp"], notes=[note]),
    )
    assert render(found).splitlines()[-2:] == [
        "[1 of 30 usages in 4 files; next page: offset 1]",
        f"! {note}",
    ]


def test_the_common_folder_of_a_run_of_files() -> None:
    assert common_folder(["z/v4/classic/s.ts", "z/v4/core/api.ts"]) == "z/v4"
    assert common_folder(["a.py", "b.py"]) == ""
    lines = listing(
        ["z/v4/a.ts", "z/v4/core/b.ts", "top.ts", "y/c.ts"],
        lambda p: p,
        lambda p, shown, indent: [indent + shown],
    )
    assert lines == ["z/v4/", " a.ts", " core/b.ts", "top.ts", "y/c.ts"]
