"""A ``var`` inside a function declaration named as the function (underscore's sample.js
``function sample(obj, n) { var sample = toArray(obj); ... sample[rand] ... }``): the function's
name is bound by the scope around it, not by the ``var``. tsgo's references and rename at the
``var`` or its uses are the ``var``'s alone; lsai's usages there added the function's name (1
extra) and its rename changed it too."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, renamed_beside_server, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")
FILES = {
    "jsconfig.json": JSCONFIG,
    "sample.js": (
        "export default function sample(obj) {\n"  # 1
        "  var sample = obj.slice();\n"  # 2
        "  sample[0] = 1;\n"
        "  return sample;\n"  # 4
        "}\n"
    ),
    "pick.js": (
        "function pick(obj) {\n"  # 1
        "  var pick = obj;\n"
        "  return pick;\n"  # 3
        "}\n"
        "module.exports = pick;\n"
    ),
}
ASKED = [("sample.js", 4, 10), ("sample.js", 2, 7), ("pick.js", 3, 10)]


@pytest.mark.parametrize("at", ASKED)
def test_usages_at_the_var_are_its_own(tmp_path: Path, at: Location) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert at in theirs
    assert mine == theirs


@pytest.mark.parametrize("at", ASKED)
def test_a_rename_at_the_var_leaves_the_function(tmp_path: Path, at: Location) -> None:
    mine, theirs = renamed_beside_server(tmp_path, FILES, "tsgo", at, "copy")
    assert theirs
    assert mine == theirs
