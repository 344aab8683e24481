"""Counts an agent can trust. A member's uses that the language server tied to no symbol
(``x.total()`` where it could not tell ``x``'s type: an untyped parameter, Django's managers)
are not the member's usages, as the server's references say; the answer says how many there
are and where, so that an agent changing the member knows they exist. An impact's caller chain
counts callers as its risk's reason does."""

from __future__ import annotations

from pathlib import Path

from lsai.query.calls import CallsInput, callers
from lsai.query.impact import ImpactInput, impact
from lsai.query.render import render
from lsai.query.usages import UsagesInput, usages
from tests.trees import served_workspace

FILES = {
    "pyproject.toml": '[project]\nname = "shop"\nversion = "0"\n',
    "shop/__init__.py": "",
    "shop/cart.py": (
        "class Cart:\n"  # 1
        "    def total(self) -> int:\n"  # 2
        "        return 0\n"  # 3
        "\n"  # 4
        "    def __init__(self) -> None:\n"  # 5
        "        self.items = 0\n"  # 6
        "\n"  # 7
        "\n"  # 8
        "def checkout(cart: Cart) -> int:\n"  # 9
        "    return cart.total()\n"  # 10
        "\n"  # 11
        "\n"  # 12
        "def price(amount: int) -> int:\n"  # 13
        "    return amount\n"  # 14
    ),
    "shop/legacy.py": (
        "from shop.cart import price\n"  # 1
        "\n"  # 2
        "\n"  # 3
        "def old_checkout(cart, items):\n"  # 4
        "    cart.__init__()\n"  # 5
        "    return cart.total() + price(len(items))\n"  # 6
    ),
}


def test_the_untied_uses_of_a_members_name_are_counted_not_listed(tmp_path: Path) -> None:
    ws = served_workspace(tmp_path, FILES, "ty")
    try:
        found = usages(ws, UsagesInput(symbol="Cart.total"))
        assert [(f.file, u.line) for f in found.files for u in f.usages] == [("shop/cart.py", 10)]
        note = next(n for n in found.provenance.notes if n.startswith("not listed"))
        said = "1 use of '.total' in 1 file the server tied to no symbol (e.g. shop/legacy.py)"
        assert said in note
        assert note in render(found, "compact")
        called = callers(ws, CallsInput(symbol="Cart.total"))
        assert [c.method for c in called.levels[0].calls] == ["checkout"]
        assert note in called.provenance.notes
        init = usages(ws, UsagesInput(symbol="Cart.__init__"))  # called by the class's name
        assert not [n for n in init.provenance.notes if n.startswith("not listed")]
        function = usages(ws, UsagesInput(symbol="price"))  # no member: its uses are all tied
        assert not [n for n in function.provenance.notes if n.startswith("not listed")]
    finally:
        ws.close()


def test_impact_counts_namesake_callers_apart_as_its_risk_does(tmp_path: Path) -> None:
    """Two files' ``Job.run`` both call ``core``: the chain lists the name once and counts both,
    as the risk's reason does (Django's ``Model.save``: 206 in the chain, 208 in the reason)."""
    job = "from lib import core\n\n\nclass Job:\n    def run(self) -> int:\n        return core()\n"
    ws = served_workspace(
        tmp_path,
        {
            "pyproject.toml": '[project]\nname = "jobs"\nversion = "0"\n',
            "lib.py": "def core() -> int:\n    return 1\n",
            "a.py": job,
            "b.py": job,
        },
        "ty",
    )
    try:
        found = impact(ws, ImpactInput(symbol="core"))
        assert [(c.depth, c.count, c.callers) for c in found.caller_chain] == [(1, 2, ["Job.run"])]
        assert "2 direct callers" in found.reason
    finally:
        ws.close()


def test_a_function_declared_in_a_function_is_no_public_api_entry_point(tmp_path: Path) -> None:
    """A closure passed as a callback is called by no code, yet it is no API's entry point:
    the function declaring it is (Django's ``check_password`` and its ``setter``)."""
    ws = served_workspace(
        tmp_path,
        {
            "pyproject.toml": '[project]\nname = "auth"\nversion = "0"\n',
            "auth.py": (
                "def save(user: str) -> str:\n"  # 1
                "    return user\n"  # 2
                "\n"  # 3
                "\n"  # 4
                "def check(raw: str, later) -> bool:\n"  # 5
                "    def setter(value: str) -> str:\n"  # 6
                "        return save(value)\n"  # 7
                "\n"  # 8
                "    later(setter)\n"  # 9
                "    return bool(raw)\n"  # 10
            ),
        },
        "ty",
    )
    try:
        found = impact(ws, ImpactInput(symbol="save"))
        assert [c.callers for c in found.caller_chain] == [["check.setter"]]
        assert found.public_api == []
    finally:
        ws.close()


def test_a_typescript_members_namesakes_on_library_types_are_not_counted(tmp_path: Path) -> None:
    """In TypeScript an untied ``x.get(...)`` is a library's member (``Map.get``), not a use the
    server missed: no note (an agent would read noise)."""
    ws = served_workspace(
        tmp_path,
        {
            "tsconfig.json": '{"compilerOptions": {"strict": true}}',
            "cache.ts": (
                "export class Cache {\n"  # 1
                "  get(key: string): number { return key.length; }\n"  # 2
                "}\n"  # 3
                "export const seen = new Map<string, number>();\n"  # 4
                "export function look(c: Cache): number {\n"  # 5
                "  return c.get('a') + (seen.get('b') ?? 0);\n"  # 6
                "}\n"  # 7
            ),
        },
        "tsgo",
    )
    try:
        found = usages(ws, UsagesInput(symbol="Cache.get"))
        assert [(f.file, u.line) for f in found.files for u in f.usages] == [("cache.ts", 6)]
        assert not [n for n in found.provenance.notes if n.startswith("not listed")]
    finally:
        ws.close()
