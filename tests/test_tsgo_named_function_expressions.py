"""A named function expression whose body declares a ``var`` of its own name (send's
``SendStream.prototype.stream = function stream (path) { var stream = fs.createReadStream(...)
}``, express's ``function route() { var route }``): the ``var`` shadows the expression's name in
the body, so tsgo's references at either are its own alone. lsai's local scopes read the
expression's name as the ``var`` (its scope, the function, starts before the name): usages at
the name listed the ``var``'s uses, at a use the name (send 3 positions, 1-6 "extra")."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.renames import Location, live_references
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")
FILES = {
    "jsconfig.json": JSCONFIG,
    "send.js": (
        "function SendStream() {}\n"  # 1
        "SendStream.prototype.stream = function stream(path) {\n"  # 2
        "  var stream = open(path)\n"  # 3
        "  stream.pipe(path)\n"  # 4
        "  return stream\n"  # 5
        "}\n"
        "function open(p) { return { pipe: function (x) { return x + p } } }\n"  # 7
        "module.exports = SendStream\n"  # 8
    ),
}


@pytest.mark.parametrize("at", [("send.js", 2, 40), ("send.js", 4, 3)], ids=["name", "var"])
def test_a_var_shadows_the_name_of_its_function_expression(tmp_path: Path, at: Location) -> None:
    served_tree(tmp_path, FILES, "tsgo")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        asked = UsagesInput(file=at[0], line=at[1], col=at[2], include_definition=True)
        found = usages(ws, asked)
    finally:
        ws.close()
    sites = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    server = asyncio.run(live_references(tmp_path, "tsgo", at, declarations=True))
    var = {("send.js", 3, 7), ("send.js", 4, 3), ("send.js", 5, 10)}
    assert server == ({("send.js", 2, 40)} if at[1] == 2 else var)
    assert sites == server
