"""A destructuring assignment to a function's locals (noble-hashes' argon2 ``let Bl = ...,
Bh = ...; ({ Bh, Bl } = { Bh: Bh ^ Ch, Bl: Bl ^ Cl })``, a swap ``[a, b] = [b, a]``): the
shorthand ``Bh`` of the pattern writes the local, so tsgo's references and rename of the local
list it (the rename spells it out, ``{ Bh: high }``). lsai's scopes read no name there: not a
binding (no declaration), not a plain identifier."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, renamed_beside_server, usages_beside_server
from tests.test_tsgo_unseen import JSCONFIG, TSCONFIG

FILES = {
    "jsconfig.json": JSCONFIG,
    "tsconfig.json": TSCONFIG,
    "mix.ts": (
        "export function mix(a: number, b: number): number {\n"  # 1
        "  let Bl = a, Bh = b\n"  # 2
        "  ;({ Bh, Bl } = { Bh: Bh ^ 1, Bl: Bl ^ 2 })\n"  # 3
        "  ;[Bl, Bh] = [Bh, Bl]\n"  # 4
        "  return Bh + Bl\n"  # 5
        "}\n"
    ),
    "swap.js": (
        "export function swap(pair) {\n"  # 1
        "  let first = pair[0], second = pair[1];\n"  # 2
        "  ({ first, second } = { first: second, second: first });\n"  # 3
        "  return [first, second];\n"  # 4
        "}\n"
    ),
}

AT = [
    ("mix.ts", 2, 16),  # Bh, declared
    ("mix.ts", 3, 24),  # Bh, read in the object
    ("mix.ts", 5, 10),  # Bh, returned
    ("swap.js", 2, 7),  # first, declared
    ("swap.js", 4, 11),  # first, returned
]


@pytest.mark.parametrize("at", AT)
def test_a_locals_usages_take_in_a_destructuring_assignments_shorthand(
    tmp_path: Path, at: Location
) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert {(f, 3, 7 if f == "mix.ts" else 6) for f, _, _ in theirs} <= theirs
    assert mine == theirs


@pytest.mark.parametrize("at", [("mix.ts", 5, 10), ("swap.js", 2, 7)])
def test_a_locals_rename_spells_out_a_destructuring_assignments_shorthand(
    tmp_path: Path, at: Location
) -> None:
    mine, theirs = renamed_beside_server(tmp_path, FILES, "tsgo", at, "renamed")
    assert any(line == 3 for _, line, _ in theirs), theirs
    assert mine == theirs
