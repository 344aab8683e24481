"""The keys of the object literal a function's variable holds and the member names reading or
writing them through that variable (nodemailer 6.9.16's addressparser ``let data = { address:
[], comment: [], group: [], text: [] }``, then ``data.text = data.text.join(' ')``; node-forge's
``var xhr = { readyState: 0, open: function ... }``, ``xhr.readyState = 1``): no symbol of the
index, so usages and rename there were refused (NO_SYMBOL_AT_POSITION, the most common
JavaScript miss of the sweeps). tsgo's references at the key or at any ``data.text`` list the
key and every ``data.text``; a namesake key of another function's literal is another property.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.rename import RenameInput, rename
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.renames import Location, live_references, renamed_beside_server, stored_usages
from tests.test_tsgo_unseen import JSCONFIG, TSCONFIG
from tests.trees import needs, served_tree

pytestmark = needs("tsgo")

SEND = (
    "function send(mail) {\n"  # 1
    "  var data = { text: mail.body, html: null, nest: { deep: 1 }, 'q': 2 };\n"  # 2
    "  if (data.text) { data.html = render(data.text); }\n"  # 3
    "  data.nest.deep = data.q;\n"  # 4
    "  data = mail;\n"  # 5
    "  return data.text;\n"  # 6
    "}\n"
    "function other() {\n"  # 8
    "  var data = { text: 'x' };\n"  # 9
    "  const { text } = data;\n"  # 10
    "  return data['text'] + text;\n"  # 11
    "}\n"
    "function request(flag) {\n"  # 13
    "  let xhr = { readyState: 0, open() { return 1; } };\n"  # 14
    "  if (flag) { xhr = { readyState: 2, status: 1 }; }\n"  # 15
    "  xhr.readyState = 1;\n"  # 16
    "  return xhr.open();\n"  # 17
    "}\n"
    "function short(text) {\n"  # 19
    "  const o = { text };\n"  # 20
    "  return o.text;\n"  # 21
    "}\n"
    "function expando() {\n"  # 23
    "  var r = {};\n"  # 24
    "  r.k = 1;\n"  # 25
    "  return r.k;\n"  # 26
    "}\n"
    "function render(x) { return x; }\n"
    "module.exports = { send, other, request, short, expando };\n"
)
ASKED_JS = [
    (2, 16), (3, 12), (3, 25), (3, 44), (2, 45), (4, 13), (4, 25), (2, 65), (6, 15),  # send
    (9, 16), (10, 11), (11, 16),  # other's `text`, another property
    (14, 15), (15, 23), (16, 7), (17, 14), (14, 30),  # request
    (20, 15), (21, 12),  # a shorthand key, the parameter it reads
    (25, 5), (26, 12),  # an expando of `{}`
]  # fmt: skip


def test_usages_at_a_locals_literal_keys_and_members_are_tsgos_references(
    tmp_path: Path,
) -> None:
    served_tree(tmp_path, {"jsconfig.json": JSCONFIG, "it.js": SEND}, "tsgo")
    places: list[Location] = [("it.js", *at) for at in ASKED_JS]
    stored = stored_usages(tmp_path, places)
    for at in places:
        server = asyncio.run(live_references(tmp_path, "tsgo", at, declarations=True))
        assert stored[at] == server, at
    assert ("it.js", 9, 16) not in stored[("it.js", 2, 16)]  # another function's namesake
    assert ("it.js", 19, 16) in stored[("it.js", 20, 15)]  # the shorthand reads the parameter


TYPESCRIPT = (
    "export function f(): number {\n"  # 1
    "  let o = { a: 1, b: { c: 2 } };\n"  # 2
    "  o = { a: 3, b: { c: 4 } };\n"  # 3
    "  const u = { a: 5 } as const;\n"  # 4
    "  return o.a + o.b.c + u.a;\n"  # 5
    "}\n"
    "export function g(): string {\n"  # 7
    "  const o = { a: 'x' };\n"  # 8
    "  return o.a;\n"  # 9
    "}\n"
)


@pytest.mark.parametrize("declarations", [True, False])
def test_typescript_literal_keys_of_a_local_are_tsgos_references(
    tmp_path: Path, declarations: bool
) -> None:
    served_tree(tmp_path, {"tsconfig.json": TSCONFIG, "it.ts": TYPESCRIPT}, "tsgo")
    for at in [(2, 13), (3, 9), (5, 12), (2, 24), (5, 20), (4, 15), (5, 26), (9, 12)]:
        place: Location = ("it.ts", *at)
        ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
        try:
            asked = UsagesInput(
                file="it.ts", line=at[0], col=at[1], include_definition=declarations
            )
            found = usages(ws, asked)
        finally:
            ws.close()
        mine = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
        server = asyncio.run(live_references(tmp_path, "tsgo", place, declarations=declarations))
        assert mine == server, at


@pytest.mark.parametrize(
    ("at", "changed"),
    [
        ((3, 12), "return data.NEW;"),  # a member: the key, the reads, the write
        ((14, 15), "if (flag) { xhr = { NEW: 2, status: 1 }; }"),  # a key, reassigned
        ((21, 12), "const o = { NEW: text };"),  # through a shorthand key: spelled out
        ((11, 16), "const { NEW: text } = data;"),  # through a destructuring's key
    ],
)
def test_a_rename_at_a_locals_literal_key_is_tsgos(
    tmp_path: Path, at: tuple[int, int], changed: str
) -> None:
    files = {"jsconfig.json": JSCONFIG, "it.js": SEND}
    stored, renamed = renamed_beside_server(tmp_path, files, "tsgo", ("it.js", *at), "NEW")
    assert stored == renamed
    assert any(line == changed for _, _, line in renamed)


def test_a_rename_to_another_key_of_the_literal_conflicts(tmp_path: Path) -> None:
    """tsgo renames ``data.text`` to ``html`` though the literal has ``html`` already (a
    duplicate key); lsai says it conflicts."""
    served_tree(tmp_path, {"jsconfig.json": JSCONFIG, "it.js": SEND}, "tsgo")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        found = rename(ws, RenameInput(file="it.js", line=3, col=12, new_name="html"))
        fine = rename(ws, RenameInput(file="it.js", line=3, col=12, new_name="body"))
    finally:
        ws.close()
    assert found.conflicts and not fine.conflicts


RETURNED = (
    "function make() {\n"  # 1
    "  const made = { size: 1 };\n"  # 2
    "  made.size = 2;\n"  # 3
    "  return made;\n"  # 4
    "}\n"
    "function use() {\n"  # 6
    "  return make().size;\n"  # 7
    "}\n"
    "module.exports = { use };\n"
)


def test_a_literal_handed_on_is_renamed_with_a_conflict(tmp_path: Path) -> None:
    """``return made``: tsgo's rename of ``size`` renames the caller's ``make().size`` too,
    which lsai does not read; its preview says so, as a conflict (applying is refused), and its
    usages there say so in a note."""
    files = {"jsconfig.json": JSCONFIG, "it.js": RETURNED}
    stored, renamed = renamed_beside_server(tmp_path, files, "tsgo", ("it.js", 3, 8), "NEW")
    assert ("it.js", 7, "return make().NEW;") in renamed - stored
    assert stored < renamed
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        found = rename(ws, RenameInput(file="it.js", line=3, col=8, new_name="NEW"))
        read = usages(ws, UsagesInput(file="it.js", line=3, col=8))
    finally:
        ws.close()
    assert any("it.js:4" in c for c in found.conflicts)
    assert any("it.js:4" in n for n in read.provenance.notes)
