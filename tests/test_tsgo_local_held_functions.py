"""A named function expression a function's local holds (negotiator 0.6.4's
``var priorities = provided.map(function getPriority(type, index) { return
getCharsetPriority(...) })`` in ``preferredCharsets``): tsgo's outline lists it under the
local, which lsai leaves out with what it held, so the calls in its body were credited to the
function around it, where tsgo's call hierarchy credits them to ``getPriority`` (negotiator
callers of getEncodingPriority, getLanguagePriority: 1 "missing", 1 "extra" each; callees of
preferredCharsets: 1 "extra")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_tsgo_unseen import JSCONFIG
from tests.test_ty_union_calls import callers_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

HELD = (
    "function helper(x) {\n  return x;\n}\n"  # 1
    "function outer(list) {\n"  # 4
    "  var got = list.map(function each(x) {\n"  # 5
    "    return helper(x);\n"  # 6
    "  });\n"
    "  return got.filter(function keep(y) { return helper(y); });\n"  # 8
    "}\n"
    "module.exports = outer;\n"
)
TS_HELD = (
    "export function helper(x: number): number {\n  return x;\n}\n"  # 1
    "export function outer(list: number[]): number[] {\n"  # 4
    "  const got = list.map(function each(x: number) {\n"  # 5
    "    return helper(x);\n"  # 6
    "  });\n"
    "  return got.filter(function keep(y) { return helper(y) > 0; });\n"  # 8
    "}\n"
)
TSCONFIG = '{"compilerOptions": {"strict": true, "target": "es2022"}, "include": ["*.ts"]}\n'


@pytest.mark.parametrize(
    ("files", "path"),
    [
        ({"jsconfig.json": JSCONFIG, "it.js": HELD}, "it.js"),
        ({"tsconfig.json": TSCONFIG, "it.ts": TS_HELD}, "it.ts"),
    ],
)
def test_a_call_in_a_function_a_local_holds_is_that_functions(
    tmp_path: Path, files: dict[str, str], path: str
) -> None:
    lines = files[path].splitlines()
    asked = [(path, n, lines[n - 1].index(name) + 1) for n, name in ((1, "helper"), (5, "each"))]
    stored, server = callers_beside_server(tmp_path, files, "tsgo", asked)
    assert server[asked[0]] == {("each", path), ("keep", path)}
    assert stored == server
