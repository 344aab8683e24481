"""A name inside a computed member name (signal-polyfill's ``[Signal.subtle.unwatched]: 2`` in
an options object), beside the live server: tsgo's references at ``unwatched`` are the const's
(every computed key naming it, ``o[Signal.unwatched]``), the member the key declares being
another symbol. lsai's position reading took the first identifier holding the column, the
member's name spanning the brackets (signal-polyfill: 14 "missing", 1 "extra")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import usages_beside_server
from tests.trees import needs

pytestmark = needs("tsgo")

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "noEmit": true, "target": "es2022"}}\n',
    "keys.ts": (
        "export namespace Signal {\n"
        "  export const unwatched = Symbol('unwatched');\n"
        "}\n"
        "export type Options = { [Signal.unwatched]?: () => void };\n"  # 4: unwatched at col 33
    ),
    "use.ts": (
        "import { Signal, type Options } from './keys';\n"
        "export const a: Options = { [Signal.unwatched]: () => {} };\n"  # 2: col 37
        "export const b: Options = {\n"
        "  [Signal.unwatched]() {},\n"  # 4: col 11
        "};\n"
        "export const f = (o: Options) => o[Signal.unwatched];\n"
    ),
}


@pytest.mark.parametrize(
    "at",
    [("use.ts", 2, 37), ("use.ts", 4, 11), ("keys.ts", 4, 33)],
    ids=["property", "method", "type literal"],
)
def test_a_name_in_a_computed_key_answers_for_what_it_names(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    found, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert found.symbol.qualified_name == "Signal.unwatched"
    assert mine == theirs, sorted(mine ^ theirs)
