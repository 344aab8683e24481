"""A call through a namespace import of a function named as the caller's own module binding
(effect's cli/Argument.ts: ``export const withFallbackConfig = dual(2, (self, config) =>
Param.withFallbackConfig(self, config))`` after ``import * as Param from "./Param.ts"``): tsgo's
definition at ``Param.withFallbackConfig`` names Param.ts's function and its signature, and
its references of Argument.ts's const leave the call out. The rule keying a call of a module
binding to the binding (sweep48: ``const f = lib.f``, then ``f()``) took this member call for
the bare name's, so the const's usages, callers and rename listed the call, Param.ts's missed
it (effect: 5 symbols, usages and rename each)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, renamed_beside_server, usages_beside_server
from tests.test_tsgo_unseen import TSCONFIG
from tests.trees import needs

pytestmark = needs("tsgo")

FILES = {
    "tsconfig.json": TSCONFIG,
    "param.ts": (
        "export const withFallback: {\n"  # 1
        "  (self: number, fallback: number): number\n"
        "} = (self: number, fallback: number) => self || fallback;\n"
        "export function atLeast(self: number, min: number): number {\n"  # 4
        "  return Math.max(self, min);\n"
        "}\n"
    ),
    "argument.ts": (
        'import * as Param from "./param.js";\n'  # 1
        "export const withFallback = (self: number, fallback: number): number =>\n"  # 2
        "  Param.withFallback(self, fallback);\n"  # 3
        "export const atLeast = (self: number, min: number): number => Param.atLeast(self, min);\n"
        "export const twice = (self: number): number => withFallback(self, atLeast(self, 2));\n"
    ),
}

AT = [
    ("param.ts", 1, 14),  # Param's withFallback
    ("param.ts", 4, 17),  # Param's atLeast
    ("argument.ts", 2, 14),  # the module binding
    ("argument.ts", 4, 14),
]


@pytest.mark.parametrize("at", AT)
def test_a_namespace_member_call_is_not_the_namesake_bindings(tmp_path: Path, at: Location) -> None:
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert at in theirs
    assert mine == theirs


@pytest.mark.parametrize("at", AT)
def test_a_namespace_member_call_is_renamed_with_its_function(tmp_path: Path, at: Location) -> None:
    mine, theirs = renamed_beside_server(tmp_path, FILES, "tsgo", at, "renamed")
    assert theirs, "tsgo renames there"
    assert mine == theirs
