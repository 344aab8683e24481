"""PEP 695 type parameters (``def first[T]``, ``class Box[T]``, ``type Pair[K, V]``): each is a
binding of an annotation scope around its declaration (``pyscopes``), so usages and rename at a
``T`` answer that declaration's ``T`` alone, as ty's references and rename do; lsai listed (and
refused to rename) every ``T`` of the file by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, renamed_beside_server, usages_beside_server
from tests.trees import needs

GENERIC = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/gen.py": (
        "def first[T](xs: list[T]) -> T:\n"  # 1: T col 11
        "    y: T = xs[0]\n"  # 2: T col 8
        "    return y\n"
        "\n"
        "\n"
        "class Box[T](list[T]):\n"  # 6: T col 11
        "    item: T\n"  # 7
        "\n"
        "    def get(self) -> T:\n"  # 9: T col 22
        "        return self.item\n"
        "\n"
        "    def put[U](self, u: U, t: T) -> U:\n"  # 12: U col 13
        "        return u\n"
        "\n"
        "\n"
        "type Pair[K, V] = tuple[K, V]\n"  # 16: K cols 11, 25
        "\n"
        "\n"
        "def second[T](xs: list[T]) -> T:\n"  # 19
        "    return xs[1]\n"
    ),
}

FUNCTION_T = ("m/gen.py", 1, 11)
FUNCTION_T_USED = ("m/gen.py", 2, 8)
CLASS_T = ("m/gen.py", 6, 11)
CLASS_T_IN_A_METHOD = ("m/gen.py", 9, 22)
METHOD_U = ("m/gen.py", 12, 13)
ALIAS_K = ("m/gen.py", 16, 11)
ALIAS_K_USED = ("m/gen.py", 16, 25)


@needs("ty")
@pytest.mark.parametrize(
    "at",
    [FUNCTION_T, CLASS_T_IN_A_METHOD, METHOD_U, ALIAS_K_USED],
    ids=["function", "class-in-a-method", "method", "alias"],
)
def test_usages_at_a_type_parameter_are_its_declarations(tmp_path: Path, at: Location) -> None:
    """ty's references at a ``T`` are its own declaration's uses (a class's: in its bases, its
    body and its methods); lsai listed the 12 ``T`` of the file."""
    found, sites, server = usages_beside_server(tmp_path, GENERIC, "ty", at)
    assert server
    assert sites == server, found.provenance.notes


@needs("ty")
@pytest.mark.parametrize(
    "at", [FUNCTION_T_USED, CLASS_T, ALIAS_K], ids=["function", "class", "alias"]
)
def test_a_type_parameter_is_renamed_in_its_declaration_alone(tmp_path: Path, at: Location) -> None:
    """ty renames a ``T`` where its declaration reads it; lsai refused (no symbol)."""
    stored, server = renamed_beside_server(tmp_path, GENERIC, "ty", at, "Item")
    assert server
    assert stored == server
