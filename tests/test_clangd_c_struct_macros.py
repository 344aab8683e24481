"""Macros in a C struct against the live clangd (found measuring mmh3's, simplejson's and
pycryptodome's C): CPython's ``PyObject_HEAD`` opens an object struct, alone on its line or
before the first field on the same line, which tree-sitter-c reads as the type of the field
after it; libtom's ``LTC_MUTEX_TYPE(lock)`` declares a field with no ``;``, which fails
tree-sitter-c for the rest of the file."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from lsai.query.contracts import OutlineInput
from lsai.query.outline import outline
from lsai.query.workspace import open_workspace
from tests.test_clangd_cpp_members import live_references, searched, stored_usages
from tests.test_ty_union_calls import live_callers, stored_callers
from tests.trees import served_tree

FILES = {
    "compile_commands.json": json.dumps(
        [
            {"directory": ".", "file": "hasher.c", "command": "cc -std=gnu11 -c hasher.c"},
            {"directory": ".", "file": "prng.c", "command": "cc -std=gnu11 -c prng.c"},
            {"directory": ".", "file": "compat.c", "command": "cc -std=gnu11 -c compat.c"},
        ]
    ),
    "hasher.c": (
        "#define PyObject_HEAD struct { long ob_refcnt; } ob_base;\n"  # 1
        "typedef unsigned long u64;\n"  # 2
        "typedef struct {\n"  # 3
        "    PyObject_HEAD u64 h1;\n"  # 4
        "    u64 h2;\n"  # 5
        "} Hasher;\n"  # 6
        "typedef struct {\n"  # 7
        "    PyObject_HEAD\n"  # 8
        "    int *markers;\n"  # 9
        "    int depth;\n"  # 10
        "} Encoder;\n"  # 11
        "u64 digest(Hasher *h) { return h->h1 + h->h2; }\n"  # 12
        "int first(Encoder *e) { return *e->markers + e->depth; }\n"  # 13
    ),
    "prng.h": (
        "#define MUTEX_TYPE(x) int x;\n"  # 1
        "#ifdef YARROW\n"  # 2
        "struct yarrow {\n"  # 3
        "    int cipher, hash;\n"  # 4
        "    MUTEX_TYPE(lock)\n"  # 5
        "};\n"  # 6
        "#endif\n"  # 7
        "\n"  # 8
        "#ifdef FORTUNA\n"  # 9
        "struct fortuna {\n"  # 10
        "    unsigned long pool_idx,   /* current pool */\n"  # 11
        "                  wd;\n"  # 12
        "    MUTEX_TYPE(lock)\n"  # 13
        "};\n"  # 14
        "#endif\n"  # 15
        "\n"  # 16
        "typedef union Prng_state {\n"  # 17
        "    char dummy[1];\n"  # 18
        "#ifdef YARROW\n"  # 19
        "    struct yarrow yarrow;\n"  # 20
        "#endif\n"  # 21
        "#ifdef FORTUNA\n"  # 22
        "    struct fortuna fortuna;\n"  # 23
        "#endif\n"  # 24
        "} prng_state;\n"  # 25
        "\n"  # 26
        "int prng_start(prng_state *prng);\n"  # 27
    ),
    "prng.c": (
        '#include "prng.h"\n'  # 1
        "int prng_start(prng_state *prng) { return prng->dummy[0]; }\n"  # 2
    ),
    "compat.c": (
        "#define STATIC_INLINE(T) static inline T\n"  # 1
        "static int twice(int n) { return 2 * n; }\n"  # 2
        "STATIC_INLINE(int)\n"  # 3
        "compat_size(int n)\n"  # 4
        "{\n"  # 5
        "    return twice(n);\n"  # 6
        "}\n"  # 7
        "int use(void) { return compat_size(1) + twice(2); }\n"  # 8
    ),
}
H1, U64, MARKERS = ("hasher.c", 4, 23), ("hasher.c", 2, 23), ("hasher.c", 9, 10)
PRNG_STATE = ("prng.h", 25, 3)


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("c_object_heads")
    served_tree(root, FILES, "clangd")
    return root


def test_a_macro_before_a_field_on_its_line_declares_no_field_of_the_type_s_name(
    tree: Path,
) -> None:
    """mmh3's ``PyObject_HEAD uint64_t h1;``: lsai held a field ``uint64_t`` beside clangd's
    ``h1`` (search "extra"; asked there, clangd answered the typedef's 97 references)."""
    live = asyncio.run(live_references(tree, [H1, U64]))
    ws = open_workspace(tree)
    try:
        stored = {at: stored_usages(ws, at) for at in (H1, U64)}
        found = outline(ws, OutlineInput(file="hasher.c", depth=3))
    finally:
        ws.close()
    assert stored == live
    hasher = next(m for m in found.sections[0].members if m.name == "Hasher")
    assert [(m.name, m.line) for m in hasher.members] == [("h1", 4), ("h2", 5)]
    assert [(h.name, h.kind) for h in searched(tree, "u64").symbols] == [("u64", "type")]


def test_a_macro_alone_on_a_line_is_no_part_of_the_field_after_it(tree: Path) -> None:
    """simplejson's ``PyObject_HEAD`` then ``PyObject *markers;``: the field's outline line
    was the macro's, its heading ``PyObject_HEAD …``."""
    live = asyncio.run(live_references(tree, [MARKERS]))
    ws = open_workspace(tree)
    try:
        stored = stored_usages(ws, MARKERS)
        found = outline(ws, OutlineInput(file="hasher.c", depth=3))
    finally:
        ws.close()
    assert stored == live[MARKERS] == {("hasher.c", 13, 36)}
    encoder = next(m for m in found.sections[0].members if m.name == "Encoder")
    markers = encoder.members[0]
    assert (markers.name, markers.line) == ("markers", 9)
    assert "PyObject_HEAD" not in markers.signature


def test_a_macro_declaring_a_field_without_a_semicolon_keeps_the_header_s_types(
    tree: Path,
) -> None:
    """libtom's ``LTC_MUTEX_TYPE(prng_lock)`` in ``struct yarrow_prng``: tree-sitter-c failed
    tomcrypt_prng.h from there on, ``} prng_state;`` read as a field, which the name's position
    then answered for: no usages (clangd: 7 references)."""
    live = asyncio.run(live_references(tree, [PRNG_STATE]))
    ws = open_workspace(tree)
    try:
        stored = stored_usages(ws, PRNG_STATE)
    finally:
        ws.close()
    assert stored == live[PRNG_STATE] == {("prng.h", 27, 16), ("prng.c", 2, 16)}
    hits = searched(tree, "prng_state").symbols
    assert [h.kind for h in hits if h.name == "prng_state"] == ["type"]


def test_a_macro_call_before_a_function_s_name_stays_its_return_type(tree: Path) -> None:
    """pythoncapi_compat.h's ``PYCAPI_COMPAT_STATIC_INLINE(int)`` above ``PyFrame_GetLasti(...)``:
    a macro call alone on its line is no declaration of its own there, and the function after
    it keeps its calls."""
    twice = ("compat.c", 2, 12)
    calls = asyncio.run(live_callers(tree, [twice], server="clangd"))
    ws = open_workspace(tree)
    try:
        callers = stored_callers(ws, twice)
    finally:
        ws.close()
    assert callers == calls[twice] == {("compat_size", "compat.c"), ("use", "compat.c")}
