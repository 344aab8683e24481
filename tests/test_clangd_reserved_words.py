"""A reserved word tree-sitter reads as a name (brotli's ``BROTLI_INTERNAL void
BrotliStoreHuffmanTree(...)``: the unknown macro makes ``void`` an identifier; C++'s
``static_cast<int>(d)``, a template function's name to tree-sitter-cpp) names nothing: clangd's
references there are none. lsai listed it by name as a library's name (brotli ``void``: 186
uses, rapidjson ``static_cast``: 436); usages there are refused, as at any keyword."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from lsai.errors import ErrorCode
from lsai.query.usages import UsagesInput, usages
from tests.renames import Location, live_references, refusal
from tests.trees import needs, served_tree

FILES = {
    "compile_commands.json": json.dumps(
        [
            {"directory": ".", "file": "tree.c", "command": "cc -std=c11 -c tree.c"},
            {"directory": ".", "file": "cast.cpp", "command": "c++ -std=c++17 -c cast.cpp"},
        ]
    ),
    "tree.h": (
        '#define INTERNAL __attribute__((visibility("hidden")))\n'  # 1
        "INTERNAL void store(const int* depths, int num);\n"  # 2
    ),
    "tree.c": (
        '#include "tree.h"\n'  # 1
        "void store(const int* depths, int num) { (void)depths; (void)num; }\n"  # 2
        "void other(void) { store(0, 0); }\n"  # 3
    ),
    "cast.cpp": (
        "int whole(double d) { return static_cast<int>(d); }\n"  # 1
        "long wide(int i) { return static_cast<long>(i); }\n"  # 2
    ),
}


@needs("clangd")
@pytest.mark.parametrize(
    "asked", [("tree.h", 2, 10), ("cast.cpp", 1, 30)], ids=["void after a macro", "static_cast"]
)
def test_usages_at_a_reserved_word_read_as_a_name_are_refused_as_clangd_lists_none(
    tmp_path: Path, asked: Location
) -> None:
    served_tree(tmp_path, FILES, "clangd")
    assert asyncio.run(live_references(tmp_path, "clangd", asked)) == set()
    at = UsagesInput(file=asked[0], line=asked[1], col=asked[2])
    assert refusal(tmp_path, usages, at) == ErrorCode.NO_SYMBOL_AT_POSITION
