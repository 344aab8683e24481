"""A JavaScript ``var`` declared again in its function (iconv-lite's dbcs-codec.js: ``for (var
i = 0; ...)``, later ``for (var i = 0x81; ...)``), or a parameter declared again with ``var``:
one variable, whose usages and rename are tsgo's at any of its names."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, renamed_beside_server, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG

FILES = {
    "jsconfig.json": JSCONFIG,
    "codec.js": (
        "function fill(xs, n) {\n"  # 1
        "    for (var i = 0; i < xs.length; i++)\n"  # 2
        "        use(xs[i]);\n"  # 3
        "\n"
        "    if (xs.length > 2) {\n"  # 5
        "        for (var i = 0x81; i <= 0xFE; i++) {\n"  # 6
        "            use(i);\n"  # 7
        "        }\n"
        "    }\n"
        "    var n = n || 1;\n"  # 10: the parameter declared again
        "    return i + n;\n"  # 11
        "}\n"
        "\n"
        "function use(v) {\n"  # 14
        "    return v;\n"
        "}\n"
        "\n"
        "module.exports = fill;\n"
    ),
}

AT = [
    ("codec.js", 2, 14),  # the first declaration
    ("codec.js", 3, 16),  # a use in the first loop
    ("codec.js", 6, 18),  # the second declaration
    ("codec.js", 6, 28),  # a use in the second loop
    ("codec.js", 11, 12),  # a use after both
    ("codec.js", 1, 19),  # the parameter
    ("codec.js", 10, 9),  # its `var`
]


@pytest.mark.parametrize("at", AT)
def test_usages_of_a_var_declared_again_are_the_servers(tmp_path: Path, at: Location) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert len(theirs) > 2, "tsgo answers references there"
    assert mine == theirs


@pytest.mark.parametrize("at", [("codec.js", 2, 14), ("codec.js", 6, 18), ("codec.js", 10, 9)])
def test_a_rename_of_a_var_declared_again_is_the_servers(tmp_path: Path, at: Location) -> None:
    mine, theirs = renamed_beside_server(tmp_path, FILES, "tsgo", at, "k")
    assert theirs, "tsgo renames there"
    assert mine == theirs
