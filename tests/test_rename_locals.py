"""Renaming a parameter or a local variable (no symbol of the index: ``query/local_rename``),
beside the live server's ``textDocument/rename`` at the same position."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsai.errors import ErrorCode
from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.errors import QueryError
from lsai.query.rename import RenameInput, rename
from lsai.query.workspace import open_workspace
from tests.renames import renamed_beside_server
from tests.test_tsgo_unseen import JSCONFIG, TSCONFIG
from tests.trees import needs, served_tree

PYTHON = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/net.py": (
        "def fetch(url, timeout=10):\n"  # 1
        "    tries = timeout // 2\n"  # 2
        "    def retry(timeout):\n"  # 3
        "        return timeout + tries\n"  # 4
        "    def later():\n"  # 5
        "        return timeout * tries\n"  # 6
        "    return retry(timeout) + later() + len(url)\n"  # 7
        "\n"
        "\n"
        "def other(timeout):\n"  # 10
        "    return timeout\n"  # 11
    ),
    "m/use.py": (
        "from m.net import fetch, other\n"  # 1
        "\n"
        "fetch('a', timeout=3)\n"  # 3
        "fetch(url='b')\n"  # 4
        "other(timeout=4)\n"  # 5
    ),
    "m/shapes.py": (
        "class Base:\n"  # 1
        "    def __init__(self, *, size: int = 1) -> None:\n"  # 2
        "        self.size = size\n"  # 3
        "\n"
        "\n"
        "class Square(Base):\n"  # 6
        "    pass\n"
        "\n"
        "\n"
        "a = Base(size=2)\n"  # 10
        "b = Square(size=3)\n"  # 11
    ),
}


@needs("ty")
def test_a_python_parameter_is_renamed_with_the_keyword_arguments_of_its_calls(
    tmp_path: Path,
) -> None:
    """ty renames ``timeout`` of ``fetch`` in its body, in the nested function that reads it,
    and at ``fetch('a', timeout=3)``; not the parameter of the nested ``retry``, nor ``other``'s
    keyword."""
    stored, server = renamed_beside_server(tmp_path, PYTHON, "ty", ("m/net.py", 1, 17), "limit")
    assert ("m/use.py", 3, "fetch('a', limit=3)") in server
    assert stored == server


@needs("ty")
def test_a_constructor_parameter_is_renamed_at_the_constructions_of_its_classes(
    tmp_path: Path,
) -> None:
    """A construction's call edge is the class's (``Square(size=3)``, a class inheriting the
    constructor): ty renames its keyword as it does ``Base(size=2)``'s (h11 Response)."""
    stored, server = renamed_beside_server(tmp_path, PYTHON, "ty", ("m/shapes.py", 2, 28), "side")
    assert ("m/shapes.py", 11, "b = Square(side=3)") in server
    assert stored == server


@needs("ty")
def test_a_python_local_shadowed_in_a_nested_function_keeps_the_inner_one(
    tmp_path: Path,
) -> None:
    """Renaming ``retry``'s own ``timeout`` (a use at line 4) leaves ``fetch``'s."""
    stored, server = renamed_beside_server(tmp_path, PYTHON, "ty", ("m/net.py", 4, 16), "wait")
    assert stored == server
    assert {line for _, line, _ in stored} == {3, 4}


@needs("ty")
def test_a_local_renamed_to_a_name_bound_in_its_scope_conflicts(tmp_path: Path) -> None:
    served_tree(tmp_path, PYTHON, "ty")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        asked = RenameInput(file="m/net.py", line=2, col=5, new_name="url")
        preview = rename(ws, asked)
        assert preview.conflicts
        with pytest.raises(QueryError) as refused:
            rename(ws, asked.model_copy(update={"preview": False}))
        assert refused.value.code == ErrorCode.RENAME_CONFLICT
        shadowing = rename(ws, asked.model_copy(update={"new_name": "len"}))
        assert shadowing.conflicts  # ``len(url)`` would call the local
    finally:
        ws.close()


TYPESCRIPT = {
    "tsconfig.json": TSCONFIG,
    "src/retire.ts": (
        "export interface Input {\n"  # 1
        "  target: () => number;\n"  # 2
        "}\n"
        "export function retires({ target }: Input): boolean {\n"  # 4
        "  return target() > 0;\n"  # 5
        "}\n"
    ),
    "src/doc.js": (
        "/**\n"  # 1
        " * @param {object} [options] the options\n"  # 2
        " * @param {string} options.name its name\n"  # 3
        " */\n"
        "export function make(options) {\n"  # 5
        "  return options.name;\n"  # 6
        "}\n"
        "/** @param {{ error: boolean }} [context] how */\n"  # 8
        "export function help(context) {\n"  # 9
        "  return context;\n"  # 10
        "}\n"
    ),
    "src/cart.ts": (
        "export function total(prices: number[], rate: number) {\n"  # 1
        "  const scaled = prices.map((p) => p * rate);\n"  # 2
        "  const summary = { rate, count: scaled.length };\n"  # 3
        "  const { count } = summary;\n"  # 4
        "  return scaled.reduce((a, b) => a + b, 0) * count;\n"  # 5
        "}\n"
        "\n"
        "export const rate = 2;\n"  # 8
        "total([1], rate);\n"  # 9
    ),
}


@needs("tsgo")
def test_a_typescript_parameter_is_renamed_in_its_closure_and_shorthand(
    tmp_path: Path,
) -> None:
    """tsgo renames ``rate`` in the arrow function and spells out ``{ rate }`` as
    ``{ rate: factor }``; the module's ``rate`` stays."""
    stored, server = renamed_beside_server(
        tmp_path, TYPESCRIPT, "tsgo", ("src/cart.ts", 2, 42), "factor"
    )
    assert ("src/cart.ts", 3, "const summary = { rate: factor, count: scaled.length };") in server
    assert stored == server


@needs("tsgo")
def test_a_typescript_destructured_local_is_spelled_out(tmp_path: Path) -> None:
    stored, server = renamed_beside_server(
        tmp_path, TYPESCRIPT, "tsgo", ("src/cart.ts", 5, 47), "n"
    )
    assert ("src/cart.ts", 4, "const { count: n } = summary;") in server
    assert stored == server


@needs("tsgo")
def test_a_destructured_parameter_asked_at_its_binding_is_the_local(tmp_path: Path) -> None:
    """At ``{ target }: Input`` tsgo renames the local and spells it out (``{ target: goal
    }``), leaving ``Input.target``, to which the index keys the name there (tanstack
    virtual-core externalRetiresCommand)."""
    stored, server = renamed_beside_server(
        tmp_path, TYPESCRIPT, "tsgo", ("src/retire.ts", 4, 27), "goal"
    )
    assert (
        "src/retire.ts",
        4,
        "export function retires({ target: goal }: Input): boolean {",
    ) in server
    assert stored == server


@needs("tsgo")
def test_a_javascript_parameter_is_renamed_in_its_jsdoc_param_tag(tmp_path: Path) -> None:
    """tsgo renames ``@param {object} [options]`` with the parameter (not ``options.name``:
    koa's Application constructor), also after a type in braces in braces (commander's
    ``@param {{ error: boolean }} [contextOptions]``)."""
    files = {**TYPESCRIPT, "tsconfig.json": JSCONFIG}
    stored, server = renamed_beside_server(tmp_path, files, "tsgo", ("src/doc.js", 5, 22), "o")
    assert ("src/doc.js", 2, "* @param {object} [o] the options") in server
    assert stored == server
    stored, server = renamed_beside_server(tmp_path, files, "tsgo", ("src/doc.js", 9, 22), "c")
    assert ("src/doc.js", 8, "/** @param {{ error: boolean }} [c] how */") in server
    assert stored == server


@needs("ty")
def test_an_applied_local_rename_leaves_the_file_and_the_index_agreeing(tmp_path: Path) -> None:
    served_tree(tmp_path, PYTHON, "ty")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        done = rename(ws, RenameInput(file="m/net.py", line=1, col=17, new_name="limit",
                                      preview=False))  # fmt: skip
        assert done.applied
        again = rename(ws, RenameInput(file="m/net.py", line=6, col=16, new_name="limit2"))
    finally:
        ws.close()
    text = (tmp_path / "m/net.py").read_text()
    assert "def fetch(url, limit=10):" in text and "return retry(limit)" in text
    assert "fetch('a', limit=3)" in (tmp_path / "m/use.py").read_text()
    assert {c.line for c in again.changes if c.file == "m/net.py"} == {1, 2, 6, 7}


@needs("ty")
def test_a_parameter_rename_lists_no_code_as_a_comment_or_a_string(tmp_path: Path) -> None:
    """The preview's untouched words: the attribute ``self.size`` the parameter is stored in
    is code (rich's ``self.justify = justify`` read "in comment or string"), and so is the rest
    of a file where only a keyword argument is renamed (``other(size=...)`` of another
    function)."""
    files = {
        **PYTHON,
        "m/more.py": (
            "from m.shapes import Base\n"  # 1
            "\n"
            "\n"
            "def other(size):\n"  # 4
            "    return size\n"  # 5
            "\n"
            "\n"
            "c = Base(size=other(size=1))\n"  # 8
        ),
    }
    served_tree(tmp_path, files, "ty")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        done = rename(ws, RenameInput(file="m/shapes.py", line=2, col=28, new_name="side"))
    finally:
        ws.close()
    changed = {(c.file, c.line, c.new_text) for c in done.changes}
    assert ("m/more.py", 8, "c = Base(side=other(size=1))") in changed, changed
    texts = [
        (u.file, u.line) for u in done.untouched if "comment" in u.reason or "string" in u.reason
    ]
    assert texts == [], texts
