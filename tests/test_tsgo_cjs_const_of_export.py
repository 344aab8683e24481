"""A module-level ``const f = m.f`` of a requirer's binding (sinon's ``const delegateToCalls =
proxyCallUtil.delegateToCalls``, then ``delegateToCalls(...)`` 20 times): tsgo's references at
a call are the const and the file's calls (it types ``m.f`` of ``exports.f = function f``
``any``); lsai's index keyed every file's calls to the exported function, so the const had no
usages (sinon: 1 missing, 10 extra)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")

FILES = {
    "jsconfig.json": JSCONFIG,
    "util.js": (
        '"use strict";\n'
        "\n"
        "exports.delegate = function delegate(proxy, method) {\n"  # 3
        "  proxy[method] = 1;\n"
        "};\n"
    ),
    "proxy.js": (
        '"use strict";\n'
        'const util = require("./util");\n'
        "const api = {};\n"
        "const delegate = util.delegate;\n"  # 4
        'delegate(api, "a");\n'  # 5
        'delegate(api, "b");\n'  # 6
        "module.exports = api;\n"
    ),
    "spy.js": (
        '"use strict";\n'
        'const util = require("./util");\n'
        "const delegate = util.delegate;\n"  # 3
        'delegate({}, "c");\n'  # 4
    ),
}


@pytest.mark.parametrize(
    "at",
    [
        ("proxy.js", 5, 1),
        ("proxy.js", 4, 7),
        ("spy.js", 4, 1),
        ("util.js", 3, 29),
    ],
)
def test_usages_of_a_const_holding_a_required_export_are_the_servers(
    tmp_path: Path, at: Location
) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert at in theirs
    assert mine == theirs
