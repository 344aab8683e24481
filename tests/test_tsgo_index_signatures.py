"""The key of an index signature (true-myth's ``get<T extends { [key: string]: unknown }>(key:
K, ...)``), beside the live server: it names itself alone, not a parameter of the function
around it spelled alike; tsgo's references there are that key, and the parameter's leave it
out. lsai read it as a use of the parameter ``key``."""

from __future__ import annotations

from pathlib import Path

from tests.renames import usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true}}\n',
    "get.ts": (
        "export function get<T extends { [key: string]: unknown }, K extends keyof T>(\n"  # 1
        "  key: K,\n"  # 2: the parameter, at col 3
        "  obj: T,\n"
        "): T[K] {\n"
        "  return obj[key];\n"  # 5: the parameter's use, at col 14
        "}\n"
    ),
}


def test_an_index_signatures_key_is_no_use_of_a_parameter_named_alike(tmp_path: Path) -> None:
    for at in (("get.ts", 2, 3), ("get.ts", 1, 34)):
        _found, mine, theirs = usages_beside_server(tmp_path / str(at[1]), FILES, "tsgo", at)
        assert mine == theirs, (at, sorted(mine ^ theirs))
