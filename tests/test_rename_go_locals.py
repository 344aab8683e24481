"""Renaming a Go parameter or local variable (no symbol of the index: ``query/local_rename``
over ``treesitter.goscopes``), beside gopls's ``textDocument/rename`` at the same position."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.errors import ErrorCode
from lsai.indexer.lsp.errors import ServerRequestFailed
from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.errors import QueryError
from lsai.query.rename import RenameInput, rename
from lsai.query.workspace import open_workspace
from tests.renames import live_rename, renamed_beside_server
from tests.trees import needs, served_tree

GO = {
    "go.mod": "module example.com/m\n\ngo 1.19\n",
    "join.go": (
        "package m\n"  # 1
        "\n"
        'import "strings"\n'  # 3
        "\n"
        "type Conf struct{ name string }\n"  # 5
        "\n"
        "func Join(parts []string, sep string) func() string {\n"  # 7
        '\tout, n := "", len(parts)\n'  # 8
        "\tfor i, part := range parts {\n"  # 9
        "\t\tif i > 0 {\n"  # 10
        "\t\t\tout += sep\n"  # 11
        "\t\t}\n"
        "\t\tout += part\n"  # 13
        "\t}\n"
        "\tcount, n := n*2, 0\n"  # 15
        "\treturn func() string { return strings.Repeat(out, count+n) + sep }\n"  # 16
        "}\n"
        "\n"
        "func Shadow(v int) int {\n"  # 19
        "\ttotal := v\n"  # 20
        "\tif v > 1 {\n"  # 21
        "\t\ttotal := total * 2\n"  # 22
        "\t\t_ = total\n"  # 23
        "\t}\n"
        "\treturn total\n"  # 25
        "}\n"
        "\n"
        "func Kind(x any) string {\n"  # 28
        "\tswitch t := x.(type) {\n"  # 29
        "\tcase int:\n"
        '\t\treturn strings.Repeat("i", t)\n'  # 31
        "\tcase string:\n"
        "\t\treturn t\n"  # 33
        "\t}\n"
        '\treturn ""\n'
        "}\n"
        "\n"
        "func Make(name string) Conf {\n"  # 38
        "\treturn Conf{name: name}\n"  # 39
        "}\n"
    ),
    "doc.go": (
        "package m\n"  # 1
        "\n"
        "// Scale multiplies by factor.\n"  # 3
        "func Scale(factor int) int {\n"  # 4
        "\t// result is twice the factor.\n"  # 5
        "\tresult := factor * 2\n"  # 6
        "\treturn result\n"  # 7
        "}\n"
    ),
}


def _lines(changed: set[tuple[str, int, str]]) -> set[int]:
    return {line for _, line, _ in changed}


@needs("gopls")
def test_a_go_parameter_is_renamed_in_the_closure_that_reads_it(tmp_path: Path) -> None:
    """Before, lsai refused every Go local (NO_SYMBOL_AT_POSITION: no symbol of the index)."""
    stored, server = renamed_beside_server(tmp_path, GO, "gopls", ("join.go", 7, 27), "glue")
    closure = "return func() string { return strings.Repeat(out, count+n) + glue }"
    assert ("join.go", 16, closure) in server
    assert stored == server


@needs("gopls")
def test_a_go_short_declaration_assigns_the_names_its_scope_binds_already(
    tmp_path: Path,
) -> None:
    """``count, n := n*2, 0`` binds ``count`` and assigns the ``n`` of ``out, n := ...``:
    renamed at that ``n``, the first binding and every use are renamed."""
    stored, server = renamed_beside_server(tmp_path, GO, "gopls", ("join.go", 15, 9), "size")
    assert _lines(server) == {8, 15, 16}
    assert stored == server


@needs("gopls")
def test_a_go_variable_shadowed_in_an_inner_block_keeps_the_inner_one(tmp_path: Path) -> None:
    """``total := total * 2`` in the ``if`` reads the outer ``total`` and binds an inner one,
    which stays."""
    stored, server = renamed_beside_server(tmp_path, GO, "gopls", ("join.go", 20, 2), "sum")
    assert ("join.go", 22, "total := sum * 2") in server
    assert _lines(server) == {20, 22, 25}
    assert stored == server


@needs("gopls")
def test_a_go_range_variable_is_renamed_in_its_loop(tmp_path: Path) -> None:
    stored, server = renamed_beside_server(tmp_path, GO, "gopls", ("join.go", 13, 10), "piece")
    assert _lines(server) == {9, 13}
    assert stored == server


@needs("gopls")
def test_a_go_type_switch_binding_is_renamed_in_every_clause(tmp_path: Path) -> None:
    stored, server = renamed_beside_server(tmp_path, GO, "gopls", ("join.go", 29, 9), "v")
    assert _lines(server) == {29, 31, 33}
    assert stored == server


@needs("gopls")
def test_a_go_struct_literal_s_key_is_the_field_not_the_local(tmp_path: Path) -> None:
    stored, server = renamed_beside_server(tmp_path, GO, "gopls", ("join.go", 39, 20), "label")
    assert ("join.go", 39, "return Conf{name: label}") in server
    assert stored == server


@needs("gopls")
def test_a_go_local_renamed_to_a_name_its_scope_reads_conflicts(tmp_path: Path) -> None:
    """``out`` -> ``sep``: the parameter is bound in the same block; ``count`` -> ``strings``:
    the closure's ``strings.Repeat`` would read the local. gopls refuses both."""
    served_tree(tmp_path, GO, "gopls")
    for line, col, new_name in ((8, 2, "sep"), (15, 2, "strings")):
        with pytest.raises(ServerRequestFailed):
            asyncio.run(live_rename(tmp_path, "gopls", ("join.go", line, col), new_name))
        ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
        try:
            asked = RenameInput(file="join.go", line=line, col=col, new_name=new_name)
            assert rename(ws, asked).conflicts
            with pytest.raises(QueryError) as refused:
                rename(ws, asked.model_copy(update={"preview": False}))
            assert refused.value.code == ErrorCode.RENAME_CONFLICT
        finally:
            ws.close()


@needs("gopls")
def test_a_go_local_s_doc_comment_is_renamed_with_it_not_its_function_s(tmp_path: Path) -> None:
    """gopls renames the name in the comment above a ``:=`` (a ``var``'s doc comment too),
    and a parameter's in no comment: the function's doc comment is the function's (pflag's
    ``// DurationP is like Duration, but accepts a shorthand letter``)."""
    stored, server = renamed_beside_server(tmp_path, GO, "gopls", ("doc.go", 6, 2), "out")
    assert ("doc.go", 5, "// out is twice the factor.") in server
    assert stored == server
    stored, server = renamed_beside_server(tmp_path, GO, "gopls", ("doc.go", 4, 12), "k")
    assert _lines(server) == {4, 6}
    assert stored == server
