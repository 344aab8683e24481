"""A C function declared after an unknown export macro with a typedef'd return type (xxhash's
``XXH_PUBLIC_API XXH_errorcode XXH32_update(...)``) reads to tree-sitter-c as a function named
after the return type: lsai defined ``XXH_errorcode`` there, credited the calls in its body to
it, and missed the return type's usages. The function is named by what follows, as clangd's
outline and incoming calls say."""

from __future__ import annotations

import json
from pathlib import Path

from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.test_ty_union_calls import callers_beside_server

FILES = {
    "compile_commands.json": json.dumps(
        [{"directory": ".", "file": "xxhash.c", "command": "cc -std=c11 -c xxhash.c"}]
    ),
    "xxhash.c": (
        "#define XXH_PUBLIC_API static\n"  # 1
        "typedef enum { XXH_OK = 0, XXH_ERROR } XXH_errorcode;\n"  # 2
        "static int step(int x) { return x + 1; }\n"  # 3
        "XXH_PUBLIC_API XXH_errorcode XXH32_update (int len)\n"  # 4
        "{\n"  # 5
        "    return step(len) ? XXH_OK : XXH_ERROR;\n"  # 6
        "}\n"  # 7
        "int user(void) { return XXH32_update(1); }\n"  # 8
    ),
}
STEP, UPDATE, ERRORCODE = ("xxhash.c", 3, 12), ("xxhash.c", 4, 30), ("xxhash.c", 2, 42)


def test_a_function_after_an_export_macro_and_a_typedef_return_type_is_named_by_its_name(
    tmp_path: Path,
) -> None:
    stored, live = callers_beside_server(tmp_path, FILES, "clangd", [STEP, UPDATE])
    ws = open_workspace(tmp_path)
    try:
        found = usages(ws, UsagesInput(file=ERRORCODE[0], line=ERRORCODE[1], col=ERRORCODE[2]))
    finally:
        ws.close()
    assert stored == live
    assert stored[STEP] == {("XXH32_update", "xxhash.c")}
    assert ("xxhash.c", 4, 16) in {(f.file, u.line, u.col) for f in found.files for u in f.usages}
