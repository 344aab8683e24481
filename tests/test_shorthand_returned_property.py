"""A shorthand property of an object literal a function returns (lib0 diff/patience.js's
``return { middleAs, middleBs, commonPrefix, commonSuffix }``): tsgo's outline lists it as a
property of the function's value, so the index holds a symbol there, and tsgo's references at
it list the property's reads (``split([]).commonPrefix``) and the local it reads (``let
commonPrefix = 0`` and its uses). lsai answered the property alone (8 missing): a symbol named
at the position was no shorthand to ``local_rename``; asked there, the local's uses and the
property's are listed now (the property asked by its name and line, not again by position)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")
JSCONFIG = '{"compilerOptions": {"allowJs": true, "noEmit": true}, "include": ["*.js"]}\n'
FILES = {
    "jsconfig.json": JSCONFIG,
    "a.js": (
        "const split = (as) => {\n"  # 1
        "  let commonPrefix = 0\n"  # 2
        "  for (; commonPrefix < as.length; commonPrefix++) { /* nop */ }\n"  # 3
        "  return {\n"
        "    commonPrefix\n"  # 5
        "  }\n"
        "}\n"
        "export const use = () => split([]).commonPrefix\n"  # 8
    ),
}


@pytest.mark.parametrize("declarations", [True, False])
@pytest.mark.parametrize("at", [("a.js", 5, 5), ("a.js", 2, 7), ("a.js", 8, 36)])
def test_a_returned_shorthand_answers_the_property_and_the_local(
    tmp_path: Path, at: Location, declarations: bool
) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations)
    if at == ("a.js", 5, 5):
        assert {("a.js", 3, 10), ("a.js", 8, 36)} <= server
    assert sites == server
