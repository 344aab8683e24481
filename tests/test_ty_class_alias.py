"""A variable holding a Python class (hyperlink's ``EncodedURL = URL  # An alias``, called with
keywords by its hypothesis strategies): a call of it constructs the class. ty's incoming calls of
the class's ``__init__`` list the calls of the alias, of an alias of it and of a heir's alias, and
its references of a parameter list their keywords (at such a keyword, its definition is the
parameter); the index keys those calls to the variable, so lsai's callers of ``__init__`` left
them out, the usages and rename of ``scheme`` missed their keywords and usages at one were
refused (``query.class_aliases``). A variable built by a call (``Made = URL(...)``) is no alias."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, renamed_beside_server, usages_beside_server
from tests.test_ty_union_calls import callers_beside_server

FILES = {
    "pyproject.toml": "[project]\nname = 'pkg'\nversion = '0'\n",
    "pkg/__init__.py": "",
    "pkg/_url.py": (
        "class URL:\n"  # 1
        "    def __init__(self, scheme=None, path=()):\n"  # 2: scheme col 24
        "        self.scheme = scheme\n"
        "        self.path = path\n"
        "\n"
        "\n"
        "class Child(URL):\n"  # 7
        "    pass\n"
        "\n"
        "\n"
        "EncodedURL = URL  # an alias\n"  # 11
        "Older = EncodedURL\n"  # 12
        "Kid = Child\n"  # 13
        "Made = URL(scheme='m')\n"  # 14
        "\n"
        "\n"
        "def make():\n"  # 17
        "    return EncodedURL(scheme='a', path=('b',))\n"  # 18: scheme col 23
    ),
    "pkg/use.py": (
        "from pkg import _url\n"  # 1
        "from pkg._url import Older, Kid\n"
        "\n"
        "Dotted = _url.URL\n"  # 4
        "\n"
        "\n"
        "def f():\n"  # 7
        "    return Older(scheme='x'), Kid(scheme='k'), Dotted(scheme='d')\n"  # 8
        "\n"
        "\n"
        "def g():\n"  # 11
        "    return _url.URL(scheme='w')\n"  # 12
    ),
}
INIT = ("pkg/_url.py", 2, 9)
SCHEME = ("pkg/_url.py", 2, 24)
THROUGH_ALIASES = {("pkg/_url.py", 18, 23), ("pkg/use.py", 8, 18), ("pkg/use.py", 8, 35)}


def test_the_callers_of_init_are_the_calls_of_the_classes_aliases_too(tmp_path: Path) -> None:
    """Before: ``g`` and the module alone (``make``, ``f`` missing)."""
    stored, server = callers_beside_server(tmp_path, FILES, "ty", [INIT])
    assert {("make", "pkg/_url.py"), ("f", "pkg/use.py")} <= server[INIT]
    assert stored == server


@pytest.mark.parametrize(
    "at",
    [SCHEME, ("pkg/_url.py", 18, 23), ("pkg/use.py", 8, 18), ("pkg/use.py", 8, 55)],
    ids=["the-parameter", "an-alias-keyword", "an-alias-of-an-alias", "a-dotted-alias"],
)
def test_the_usages_of_a_parameter_list_the_keywords_of_the_aliases_calls(
    tmp_path: Path, at: Location
) -> None:
    """Before: 4 missing at the parameter; at an alias's keyword NO_SYMBOL_AT_POSITION."""
    found, sites, server = usages_beside_server(tmp_path, FILES, "ty", at, declarations=True)
    assert server >= THROUGH_ALIASES
    assert ("pkg/_url.py", 14, 12) in server
    assert sites == server, found.provenance.notes


def test_the_rename_of_a_parameter_renames_the_keywords_of_the_aliases_calls(
    tmp_path: Path,
) -> None:
    mine, theirs = renamed_beside_server(tmp_path, FILES, "ty", SCHEME, "scheme2")
    assert {("pkg/_url.py", 18), ("pkg/use.py", 8)} <= {(f, line) for f, line, _ in theirs}
    assert mine == theirs
