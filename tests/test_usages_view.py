from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from lsai.indexer.pipeline import run_index
from lsai.query.render import render
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace


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
    block = text.split("src/shop/twice.py\n", 1)[1].splitlines()
    assert block[0] == "  :1 from shop.util import format_price"
    assert block[1].startswith("  :3 BOTH = format_price(1.0, 'EUR')")
    assert not block[2].startswith("  :3")
    assert "[5 usages in 2 files" in text
