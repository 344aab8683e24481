"""clangd's incoming calls are its references grouped by the declaration they are in: a function
whose address is taken (``&target``, ``BROTLI_UNUSED(&f)``) or that is stored in a table of
callbacks (``{"t", (callback) target}``, a CPython extension's ``PyMethodDef`` table) is called
there, by the function it is in (the table's variable at file level: lsai's ``<module>``).
lsai's callers follow the incoming calls (``ServerAdapter.reads_call``); compared with the live
clangd."""

from __future__ import annotations

import json
from pathlib import Path

from tests.test_ty_union_calls import callers_beside_server

FILES = {
    "compile_commands.json": json.dumps(
        [{"directory": ".", "file": "a.c", "command": "cc -std=c11 -c a.c"}]
    ),
    "a.c": (
        "typedef int (*callback)(int);\n\n"  # 1-2
        "static int target(int x) { return x + 1; }\n\n"  # 3-4
        "static int apply(callback f) { return f(1); }\n\n"  # 5-6
        "struct entry { const char *name; callback f; };\n\n"  # 7-8
        'static const struct entry table[] = {{"t", (callback) target}, {0, 0}};\n\n'  # 9-10
        "int user(void) {\n"  # 11
        "  callback g = &target;\n"  # 12
        "  return apply(target) + g(2) + target(3) + table[0].f(4);\n"  # 13
        "}\n"  # 14
    ),
}
ASKED = [("a.c", 3, 12), ("a.c", 5, 12)]  # target, apply


def test_a_function_read_as_a_value_is_called_where_clangd_says(tmp_path: Path) -> None:
    stored, live = callers_beside_server(tmp_path, FILES, "clangd", ASKED)
    # clangd names the table's variable, whose initializer is file-level code: lsai's <module>
    server = {
        at: {("<module>" if n == "table" else n, p) for n, p in found} for at, found in live.items()
    }
    assert stored == server
    assert ("<module>", "a.c") in stored[ASKED[0]] and ("user", "a.c") in stored[ASKED[0]]
