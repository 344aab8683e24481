"""An exported type and a module-local value of one name (effect 4.1.0's cli/Prompt.ts: ``export
type Action<State, Output> = Data.TaggedEnum<...>`` and ``const Action =
Data.taggedEnum<ActionDefinition>()``): TypeScript binds the exported declaration in the
module's exports and the other in its locals, two symbols (TS2395 only where their meanings
meet), so tsgo's rename of the type leaves the value's uses and the value's leaves the type's.
lsai took them for one merged symbol and renamed both (effect: Action's rename, 114 lines
"extra")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, renamed_beside_server, usages_beside_server
from tests.test_tsgo_unseen import TSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")

FILES = {
    "tsconfig.json": TSCONFIG,
    "prompt.ts": (
        "export type Action = { readonly tag: string };\n"  # 1
        "export function run(): Action {\n"  # 2
        '  const a: Action = Action.next("x");\n'  # 3
        "  return a;\n"
        "}\n"
        "const Action = { next: (tag: string): Action => ({ tag }) };\n"  # 6
        "export interface Shape { readonly size: number }\n"  # 7
        "export const Shape = (size: number): Shape => ({ size });\n"  # 8
    ),
    "use.ts": (
        'import { Shape, type Action } from "./prompt.js";\n'  # 1
        "export const s: Shape = Shape(1);\n"  # 2
        'export const a: Action = { tag: "y" };\n'  # 3
    ),
}

AT = [
    ("prompt.ts", 1, 13),  # the exported type
    ("prompt.ts", 6, 7),  # the local value
    ("prompt.ts", 3, 13),  # a use of the type
    ("prompt.ts", 3, 22),  # a use of the value
    ("prompt.ts", 7, 18),  # an exported interface and const: one symbol
    ("prompt.ts", 8, 14),
]


AT_THE_TYPE = [AT[0], AT[2], AT[4], AT[5]]
"""At the value, tsgo's references and rename take in the importer's ``type Action`` too (a
server quirk: the module's locals bind both declarations to the local symbol; its rename there
leaves prompt.ts's type and breaks the importer), so the value is left out."""


@pytest.mark.parametrize("at", AT_THE_TYPE)
def test_an_exported_type_and_a_local_value_are_renamed_apart(tmp_path: Path, at: Location) -> None:
    mine, theirs = renamed_beside_server(tmp_path, FILES, "tsgo", at, "Renamed")
    assert theirs, "tsgo renames there"
    assert mine == theirs


@pytest.mark.parametrize("at", AT_THE_TYPE)
def test_an_exported_type_and_a_local_value_are_used_apart(tmp_path: Path, at: Location) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert mine == theirs
