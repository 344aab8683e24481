"""Which sites of a name are shorthand properties (``query/shorthand.py``), judged from the text."""

from __future__ import annotations

import pytest

from lsai.query.shorthand import expansions

CASES = [
    ("return {\n    canStart,\n  }", True),
    ("const { canStart } = r", True),
    ("const { canStart = 1, b } = r", True),
    ("const o = { a: 1, canStart }", True),
    ("foo({ a, canStart })", True),
    ("const f = ({ canStart }) => 1", True),
    ("const f = () => ({ canStart })", True),
    ("f(a, canStart, b)", False),
    ("[a, canStart]", False),
    ("import { canStart } from './x'", False),
    ("import d, { canStart } from './x'", False),
    ("export { canStart }", False),
    ("export type { canStart } from './x'", False),
    ("class A extends B {\n  canStart = 1\n}", False),
    ("enum E { canStart, b }", False),
    ("if (x) { canStart }", False),
    ("const f = () => { canStart }", False),
    ("x.canStart", False),
    ("const o = { canStart: 1 }", False),
    ("if (canStart == 1) {}", False),
    ("/**\n * @param {canStart} x\n */", False),  # a JSDoc type names it: a usage, in a comment
    ("f(/** @type {canStart} */ (x))", False),
    ('const g = "src/**/*.js", o = { canStart }', True),  # a glob opens no comment
    ("/* a */ const o = { canStart }", True),
]


@pytest.mark.parametrize(("text", "shorthand"), CASES)
def test_a_shorthand_property_is_told_from_other_sites(text: str, shorthand: bool) -> None:
    lines = text.split("\n")
    at = [(i + 1, line.index("canStart") + 1) for i, line in enumerate(lines) if "canStart" in line]
    property_renamed = expansions("a.ts", lines, at, "canStart", "go", member=True)
    variable_renamed = expansions("a.ts", lines, at, "canStart", "go", member=False)
    assert bool(property_renamed) == shorthand
    if shorthand:
        assert set(property_renamed.values()) == {"go: canStart"}
        assert set(variable_renamed.values()) == {"canStart: go"}


def test_only_javascript_and_typescript_have_shorthand_properties() -> None:
    assert expansions("a.py", ["{ canStart }"], [(1, 3)], "canStart", "go", member=True) == {}


DECLARED = [
    ("function f(): number {\n  let a = 1, canStart = 2\n}", False),
    ("function f(): number {\n  g(); x = 1, canStart = 2\n}", False),
    ('const o = { sep: ";", canStart }', True),
    ("const o = { kind: 'let x', canStart }", True),
]


@pytest.mark.parametrize(("text", "shorthand"), DECLARED)
def test_a_declaration_list_in_a_typed_functions_block_holds_no_shorthand(
    text: str, shorthand: bool
) -> None:
    """``let Bl = a, Bh = b`` in a function whose block follows its return type (noble-hashes'
    argon2 ``function G(...): void {``; ``_BLOCK_HEAD`` reads ``)`` alone): a rename of the
    local ``Bh`` spelled it ``Bh: renamed = b``, a syntax error (tsgo: ``renamed = b``)."""
    lines = text.split("\n")
    at = [(i + 1, line.index("canStart") + 1) for i, line in enumerate(lines) if "canStart" in line]
    assert bool(expansions("a.ts", lines, at, "canStart", "go", member=False)) == shorthand
