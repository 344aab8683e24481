"""A header's prototype after an export macro, returning a pointer to a typedef'd type
(lz4.h's ``LZ4LIB_API LZ4_stream_t* LZ4_createStream(void);``), reads to tree-sitter-c as a
multiplication by a call (it does not know the macro): it is a declaration of the function, as
clangd's outline and references say, not a call from the header. lsai listed a bogus
``<module>`` caller in the header and left the prototype out of the header's outline."""

from __future__ import annotations

import json
from pathlib import Path

from lsai.query.contracts import OutlineInput
from lsai.query.outline import outline
from lsai.query.workspace import open_workspace
from tests.test_ty_union_calls import callers_beside_server

FILES = {
    "compile_commands.json": json.dumps(
        [{"directory": ".", "file": "lz4.c", "command": "cc -std=c11 -c lz4.c"}]
    ),
    "lz4.h": (
        '#define LZ4LIB_API __attribute__((visibility("default")))\n'  # 1
        "typedef union LZ4_stream_u LZ4_stream_t;\n"  # 2
        "LZ4LIB_API LZ4_stream_t* LZ4_createStream(void);\n"  # 3
        "LZ4LIB_API int           LZ4_freeStream (LZ4_stream_t* streamPtr);\n"  # 4
    ),
    "lz4.c": (
        '#include "lz4.h"\n'  # 1
        "union LZ4_stream_u { int x; };\n"  # 2
        "static union LZ4_stream_u one;\n"  # 3
        "LZ4_stream_t* LZ4_createStream(void) { return &one; }\n"  # 4
        "int LZ4_freeStream (LZ4_stream_t* s) { return s->x; }\n"  # 5
        "int user(void) { return LZ4_freeStream(LZ4_createStream()); }\n"  # 6
    ),
}
ASKED = [("lz4.c", 4, 15), ("lz4.c", 5, 5)]  # LZ4_createStream, LZ4_freeStream


def test_a_prototype_returning_a_pointer_after_a_macro_is_a_declaration(tmp_path: Path) -> None:
    stored, live = callers_beside_server(tmp_path, FILES, "clangd", ASKED)
    ws = open_workspace(tmp_path)
    try:
        header = outline(ws, OutlineInput(file="lz4.h"))
    finally:
        ws.close()
    assert stored == live
    assert stored[ASKED[0]] == {("user", "lz4.c")}
    names = [m.name for section in header.sections for m in section.members]
    assert "LZ4_createStream" in names and "LZ4_freeStream" in names
