"""Usages at the name of a C macro in the ``#ifndef`` that guards its definition (``#ifndef
LIMIT`` then ``#define LIMIT 3``, a header's include guard): clangd's references there are the
macro's, the ``#define`` and its uses after it, not the ``#ifndef`` (the macro is not defined
yet), which its index ties to no symbol."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.renames import Location, live_references
from tests.trees import served_tree

FILES = {
    "compile_commands.json": json.dumps(
        [{"directory": ".", "file": "use.c", "command": "cc -std=c11 -c use.c"}]
    ),
    "limits.h": (
        "#ifndef LIMITS_H\n"  # 1: the include guard
        "#define LIMITS_H\n"  # 2
        "#ifndef LIMIT\n"  # 3: a default the includer may set
        "#define LIMIT 3\n"  # 4
        "#endif\n"  # 5
        "int cap(void);\n"  # 6
        "#endif\n"  # 7
    ),
    "use.c": (
        '#include "limits.h"\n'  # 1
        "int cap(void) { return LIMIT; }\n"  # 2
        "#ifdef LIMIT\n"  # 3
        "int more(void) { return LIMIT + 1; }\n"  # 4
        "#endif\n"  # 5
    ),
}


def _usages(root: Path, at: Location) -> tuple[set[Location], list[str]]:
    ws = open_workspace(root, scopes=lambda: SCOPES)
    try:
        found = usages(ws, UsagesInput(file=at[0], line=at[1], col=at[2], include_definition=True))
    finally:
        ws.close()
    return {(f.file, u.line, u.col) for f in found.files for u in f.usages}, found.provenance.notes


@pytest.mark.parametrize("at", [("limits.h", 3, 9), ("limits.h", 1, 9)], ids=["default", "guard"])
def test_a_macro_in_the_ifndef_guarding_its_definition_is_the_macros_usages(
    tmp_path: Path, at: Location
) -> None:
    """At ``#ifndef LIMIT`` (a default) and ``#ifndef LIMITS_H`` (an include guard), clangd's
    references are the macro's as at its ``#define``: not the ``#ifndef``. Before, lsai listed
    the ``#ifndef`` alone (an untied name, by name)."""
    served_tree(tmp_path, FILES, "clangd")
    sites, notes = _usages(tmp_path, at)
    server = asyncio.run(live_references(tmp_path, "clangd", at, declarations=True))
    defined = (at[0], at[1] + 1, 9)
    assert at not in server and defined in server
    assert server == asyncio.run(live_references(tmp_path, "clangd", defined, declarations=True))
    assert sites == server
    assert "guards its definition" in notes[0]
