"""A parameter of a function type in a JSDoc comment (svelte's ``@param {(values: Value[]) =>
any} fn``, ``@returns {(() => V | ((arg: V) => V))}``, ``@type {Record<string, (v?: unknown) =>
unknown>}``): tsgo's references there are the name alone; lsai refused
(NO_SYMBOL_AT_POSITION, 3 of svelte's 80 positions). Usages there answer the name alone now
(``query.jsdoc_parameters``); a key of a JSDoc type literal is not read as one."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsai.errors import ErrorCode
from lsai.query.errors import QueryError
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.renames import Location, usages_beside_server
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")
JSCONFIG = '{"compilerOptions": {"allowJs": true, "noEmit": true}, "include": ["*.js"]}\n'
FILES = {
    "jsconfig.json": JSCONFIG,
    "a.js": (
        "/**\n"
        " * @template Value\n"
        " * @param {(values: Value[]) => any} fn\n"  # 3
        " * @returns {(() => Value | ((arg: Value, mutation: boolean) => Value))}\n"  # 4
        " */\n"
        "export function run (fn) {\n"
        "  const values = []\n"  # 7
        "  fn(values)\n"
        "  /** @type {Record<string, (v?: unknown) => unknown>} */\n"  # 9
        "  const all = {}\n"
        "  return () => all.x(values)\n"
        "}\n"
    ),
}


@pytest.mark.parametrize("at", [("a.js", 3, 13), ("a.js", 4, 31), ("a.js", 4, 43), ("a.js", 9, 30)])
def test_a_jsdoc_function_types_parameter_is_its_own_use(tmp_path: Path, at: Location) -> None:
    _, sites, server = usages_beside_server(tmp_path, FILES, "tsgo", at, declarations=True)
    assert server == {at}
    assert sites == server


def test_a_column_past_the_lines_end_is_refused_as_naming_nothing(tmp_path: Path) -> None:
    """A column past the end of a comment's line (asked at ``a.js:26:30`` on `` */``): the
    lookup of a function type's parameter read past the text (IndexError); the position names
    nothing (NO_SYMBOL_AT_POSITION, the identifiers around it listed), as anywhere else."""
    served_tree(tmp_path, FILES, "tsgo")
    ws = open_workspace(tmp_path)
    try:
        with pytest.raises(QueryError) as refused:
            usages(ws, UsagesInput(file="a.js", line=5, col=30))
    finally:
        ws.close()
    assert refused.value.code == ErrorCode.NO_SYMBOL_AT_POSITION
