"""A JSDoc ``@param`` tag naming a rest parameter (luxon's ``@param {...DateTime} dateTimes``
of ``static max(...dateTimes)``): tsgo ties the tag to the parameter, in its references and its
rename, as it does a plain parameter's; lsai's scopes read the parameter inside its ``...``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, renamed_beside_server, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG, TSCONFIG

FILES = {
    "jsconfig.json": JSCONFIG,
    "tsconfig.json": TSCONFIG,
    "datetime.js": (
        "export class DateTime {\n"  # 1
        "  /**\n"  # 2
        "   * @param {...DateTime} dateTimes - the DateTimes\n"  # 3
        "   */\n"
        "  static max(...dateTimes) {\n"  # 5
        "    return dateTimes[0];\n"  # 6
        "  }\n"
        "}\n"
    ),
    "sum.ts": (
        "/**\n"  # 1
        " * @param first - the first\n"  # 2
        " * @param rest - the others\n"  # 3
        " */\n"
        "export function sum(first: number, ...rest: number[]): number {\n"  # 5
        "  return rest.reduce((a, b) => a + b, first)\n"  # 6
        "}\n"
    ),
}

AT = [
    ("datetime.js", 5, 17),  # dateTimes
    ("datetime.js", 6, 12),  # its use
    ("sum.ts", 5, 40),  # rest
    ("sum.ts", 6, 10),  # its use
]


@pytest.mark.parametrize("at", AT)
def test_a_rest_parameters_usages_take_in_its_jsdoc_tag(tmp_path: Path, at: Location) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert any(line == 3 for _, line, _ in theirs), "tsgo lists the @param tag"
    assert mine == theirs


@pytest.mark.parametrize("at", [("datetime.js", 5, 17), ("sum.ts", 5, 40)])
def test_a_rest_parameters_rename_takes_in_its_jsdoc_tag(tmp_path: Path, at: Location) -> None:
    mine, theirs = renamed_beside_server(tmp_path, FILES, "tsgo", at, "renamed")
    assert theirs, "tsgo renames there"
    assert mine == theirs
