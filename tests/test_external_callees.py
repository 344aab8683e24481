"""A callee outside the workspace (a library's function, a standard library stub, TypeScript's
``lib.es5.d.ts``) is stored as an external symbol where the server's outgoing calls located
it, never walked: ``callees`` says where it is defined, not only "(external)", and the index
holds it once, dropped when no call names it any more."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from lsai.errors import ErrorCode
from lsai.indexer.lsp.documents import Documents
from lsai.indexer.lsp.session import LspSession
from lsai.indexer.pipeline import run_index
from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.calls import CallsInput, callees, callers
from lsai.query.errors import QueryError
from lsai.query.info import InfoInput, info
from lsai.query.libraries import library_location
from lsai.query.render import render
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.renames import (
    library_info_beside_server,
    live_library_definition,
    live_references,
    refusal,
    usages_beside_server,
)
from tests.test_lsp_typescript import sources
from tests.test_tsgo_unseen import JSCONFIG, TSCONFIG
from tests.trees import index_rows, served_tree

PYTHON = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/dump.py": (
        "import json\n"  # 1
        "import warnings\n"
        "\n"
        "\n"
        "def dump(data: dict[str, int]) -> str:\n"  # 5
        "    warnings.warn('deprecated')\n"  # 6: overloaded in the stub
        "    text = json.dumps(data)\n"  # 7
        "    return text * len(data)\n"  # 8
        "\n"
        "\n"
        "def again(data: dict[str, int]) -> str:\n"  # 11
        "    return dump(data) + json.dumps(data)\n"  # 12
    ),
}
TYPESCRIPT = {
    "tsconfig.json": TSCONFIG,
    "src/top.ts": (
        "export function top(xs: number[]): string {\n"  # 1
        "  console.log(xs.length);\n"  # 2
        "  return JSON.stringify(Math.max(...xs));\n"  # 3
        "}\n"
    ),
}

GO = {
    "go.mod": "module example.com/shout\n\ngo 1.19\n",
    "shout.go": (
        "package shout\n"  # 1
        "\n"
        "import (\n"
        '\t"fmt"\n'
        '\t"strings"\n'
        ")\n"
        "\n"
        "func Shout(s string) {\n"  # 8
        "\tfmt.Println(strings.ToUpper(strings.TrimSpace(s)))\n"
        "}\n"
    ),
}


async def _live_callees(root: Path, server: str, file: str, at: tuple[int, int]) -> set[str]:
    """``library_location`` of each callee outside the workspace the server's outgoing calls
    of the function at ``at`` name (the first definition of an overloaded one)."""
    files = sources(root)
    async with LspSession(server, root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        prepare = lsp.CallHierarchyPrepareParams(
            text_document=lsp.TextDocumentIdentifier(uri=documents.uri(file)),
            position=documents.position(file, *at),
        )
        items = await session.lsp.request(lsp.TEXT_DOCUMENT_PREPARE_CALL_HIERARCHY, prepare)
        calls = await session.lsp.request(
            lsp.CALL_HIERARCHY_OUTGOING_CALLS, lsp.CallHierarchyOutgoingCallsParams(item=items[0])
        )
    first: dict[str, str] = {}
    for call in calls or []:
        to = call["to"] if isinstance(call, dict) else call.to
        uri = to["uri"] if isinstance(to, dict) else to.uri
        name = to["name"] if isinstance(to, dict) else to.name
        selection = to["selectionRange"] if isinstance(to, dict) else to.selection_range
        line = selection["start"]["line"] if isinstance(selection, dict) else selection.start.line
        if documents.path_of(uri) is None:
            first.setdefault(name, library_location(uri, line + 1))
    return set(first.values())


@pytest.mark.parametrize(
    ("files", "server", "at", "symbol"),
    [
        (PYTHON, "ty", ("m/dump.py", 5, 5), "dump"),
        (TYPESCRIPT, "tsgo", ("src/top.ts", 1, 17), "top"),
        (GO, "gopls", ("shout.go", 8, 6), "Shout"),
    ],
    ids=["ty", "tsgo", "gopls"],
)
def test_a_library_callee_is_where_the_servers_outgoing_calls_locate_it(
    tmp_path: Path, files: dict[str, str], server: str, at: tuple[str, int, int], symbol: str
) -> None:
    served_tree(tmp_path, files, server)
    ws = open_workspace(tmp_path)
    try:
        found = callees(ws, CallsInput(symbol=symbol))
        text = render(found)
    finally:
        ws.close()
    hops = found.levels[0].calls
    assert all(h.external for h in hops) and len(hops) == 3
    live = asyncio.run(_live_callees(tmp_path, server, at[0], (at[1], at[2])))
    assert {h.location for h in hops} == live
    assert all(f"(external: {h.location})" in text for h in hops)


FIELD_CLASS = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/funcs.py": (
        "import typing as t\n"  # 1
        "\n"
        "\n"
        "class AllFuncs:\n"  # 4
        "    exc: t.Type[Exception] = ValueError\n"
        "\n"
        "    def get(self, name: str) -> None:\n"  # 7
        "        raise self.exc(f'bad {name}')\n"  # 8
    ),
}


def test_a_call_of_a_field_holding_a_library_class_keeps_the_classs_callees(
    tmp_path: Path,
) -> None:
    """ty's outgoing calls of ``get`` list ``__new__`` and ``__init__`` of ``Exception`` at
    ``self.exc(...)`` (a field typed ``type[Exception]``); the index keyed the site to the
    field, from its references, and kept one of the server's two (pydash AllFuncs.get_method
    ``cls.invalid_method_exception(...)``: callees "missing" ``__new__``)."""
    served_tree(tmp_path, FIELD_CLASS, "ty")
    ws = open_workspace(tmp_path)
    try:
        found = callees(ws, CallsInput(symbol="AllFuncs.get"))
    finally:
        ws.close()
    hops = found.levels[0].calls
    live = asyncio.run(_live_callees(tmp_path, "ty", "m/funcs.py", (7, 9)))
    assert len(live) == 2
    assert {h.location for h in hops if h.external} == live
    assert "AllFuncs.exc" in {h.method for h in hops}


def test_an_external_symbol_is_stored_once_and_dropped_when_no_call_names_it(
    tmp_path: Path,
) -> None:
    served_tree(tmp_path, PYTHON, "ty")
    db = tmp_path / ".lsai" / "index.db"

    def externals() -> dict[str, int]:
        with sqlite3.connect(db) as raw:
            rows = raw.execute(
                "SELECT s.name, count(c.id) FROM symbols s "
                "JOIN call_edges c ON c.external_key = s.key "
                "WHERE s.is_external = 1 AND s.file_id IS NULL GROUP BY s.key"
            ).fetchall()
            alone = raw.execute(
                "SELECT count(*) FROM symbols WHERE is_external = 1 AND key NOT IN "
                "(SELECT external_key FROM call_edges WHERE external_key IS NOT NULL)"
            ).fetchone()
        raw.close()
        assert alone == (0,)
        return dict(rows)

    assert externals() == {"warn": 1, "dumps": 2, "len": 1}  # json.dumps: two edges, one symbol
    (tmp_path / "m/dump.py").write_text(
        PYTHON["m/dump.py"].replace("    warnings.warn('deprecated')\n", "    pass\n")
    )
    assert run_index(tmp_path).complete
    assert externals() == {"dumps": 2, "len": 1}
    (tmp_path / "m/dump.py").unlink()
    assert run_index(tmp_path).complete
    assert externals() == {}


def test_the_usages_of_a_library_function_say_where_its_calls_lead(tmp_path: Path) -> None:
    """Usages at ``json.dumps`` list its uses by name (no symbol of the workspace) and say
    where the server's outgoing calls located its definition."""
    served_tree(tmp_path, PYTHON, "ty")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        found = usages(ws, UsagesInput(file="m/dump.py", line=7, col=17))
    finally:
        ws.close()
    live = asyncio.run(_live_callees(tmp_path, "ty", "m/dump.py", (5, 5)))
    dumps = next(place for place in live if place.startswith("json/"))
    assert found.total == 2
    assert f"its calls lead to {dumps}, as the server located them" in found.provenance.notes


TESTCASES = {
    "pyproject.toml": "[project]\nname = 't'\nversion = '0'\n",
    "t/__init__.py": "",
    "t/test_one.py": (
        "import unittest\n"  # 1
        "\n"
        "\n"
        "class OneTest(unittest.TestCase):\n"  # 4
        "    def test_one(self) -> None:\n"  # 5
        "        self.assertEqual(1, 1)\n"  # 6
        "        self.assertTrue(True)\n"  # 7
        "\n"
        "\n"
        "class Other:\n"  # 10
        "    def assertEqual(self, a: int, b: int) -> None: ...\n"  # 11
        "\n"
        "\n"
        "def check(o: Other) -> None:\n"  # 14
        "    o.assertEqual(1, 2)\n"  # 15
    ),
    "t/test_two.py": (
        "from unittest import TestCase\n"  # 1
        "\n"
        "\n"
        "class TwoTest(TestCase):\n"  # 4
        "    def test_two(self) -> None:\n"  # 5
        "        self.assertEqual(2, 2)\n"  # 6
        "        self.assertEqual('a', 'a')\n"  # 7
    ),
}


def test_the_usages_of_a_library_method_are_its_calls_in_every_subclass(tmp_path: Path) -> None:
    """ty's references at ``self.assertEqual`` in one ``TestCase`` subclass are those of
    unittest's method: its calls in every subclass, not the workspace's own ``assertEqual``.
    lsai listed the asked class's alone (cachetools' tests: 298 missing at each)."""
    _, sites, server = usages_beside_server(tmp_path, TESTCASES, "ty", ("t/test_one.py", 6, 14))
    assert ("t/test_two.py", 7, 14) in server
    assert sites == server


UNTYPED_JS = {
    "jsconfig.json": JSCONFIG,
    "a.js": (
        "function names(list) {\n"  # 1: `list` untyped
        "  const out = [];\n"
        "  [1, 2].forEach((n) => out.push(n));\n"  # 3
        "  list.forEach((n) => out.push(n));\n"  # 4: tsgo lists none
        "  return 'a-b'.replace('-', '_') + out.join(',');\n"  # 5
        "}\n"
        "module.exports = { names };\n"
    ),
    "b.js": (
        "const { names } = require('./a');\n"
        "function go(items) {\n"
        "  ['x'].forEach((s) => names([s]));\n"  # 3
        "  items.forEach(go);\n"  # 4: untyped
        "  const each = [].forEach;\n"  # 5: read, not called
        "  return 'x'.replace('x', 'y');\n"  # 6
        "}\n"
        "module.exports = { go };\n"
    ),
}


@pytest.mark.parametrize(
    "at", [("a.js", 3, 10), ("b.js", 5, 19), ("a.js", 5, 16)], ids=["call", "read", "string"]
)
def test_a_javascript_member_of_an_untyped_name_is_listed_where_the_server_led_its_call(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    """In JavaScript, tsgo lists no uses of a member of a value it could not type
    (``list.forEach``), but where it typed the value its outgoing calls lead to the library's
    definition (``Array.forEach`` in ``lib.es5.d.ts``) and its references are that member's:
    the calls it led there (and ``[].forEach`` read as a value), not the others of that name.
    lsai refused every such member (NO_SYMBOL_AT_POSITION)."""
    found, sites, server = usages_beside_server(tmp_path, UNTYPED_JS, "tsgo", at)
    assert len(server) >= 2
    assert sites == server
    assert "the calls the server led to the definition" in found.provenance.notes[0]


RESERVED_MEMBERS = {
    "tsconfig.json": TSCONFIG,
    "seen.ts": (
        "export function forget(seen: Set<string>, byName: Map<string, number>): void {\n"  # 1
        "  seen.delete('a');\n"  # 2: Set.delete
        "  byName.delete('a');\n"  # 3: Map.delete, another method
        "  Promise.resolve(1).catch(() => 0);\n"  # 4
        "}\n"
        "export function drop(seen: Set<string>, done: Promise<void>): void {\n"  # 6
        "  seen.delete('b');\n"  # 7
        "  done.catch(() => undefined);\n"  # 8
        "}\n"
    ),
}


@pytest.mark.parametrize(
    "at", [("seen.ts", 2, 8), ("seen.ts", 3, 10), ("seen.ts", 8, 8)], ids=["Set", "Map", "catch"]
)
def test_a_library_method_named_as_a_reserved_word_is_listed_where_the_server_led_its_calls(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    """A member may be named as a reserved word (``Set.delete``, ``Promise.catch``): tsgo's
    references there are the calls it led to that library method (tanstack store
    ``relatedStores.delete(dep)``: 4). lsai refused it as it refuses a reserved word read as a
    name (C's ``void`` after an unknown macro: NO_SYMBOL_AT_POSITION)."""
    found, sites, server = usages_beside_server(tmp_path, RESERVED_MEMBERS, "tsgo", at)
    assert server
    assert sites == server
    assert found.symbol.kind == "external"


READ_TESTCASES = {
    **TESTCASES,
    "t/test_one.py": TESTCASES["t/test_one.py"].replace(
        "        self.assertTrue(True)\n", "        check = self.assertEqual\n"
    ),  # 7: read, not called
    "t/test_two.py": TESTCASES["t/test_two.py"].replace(
        "        self.assertEqual('a', 'a')\n", "        same = self.assertEqual\n"
    ),  # 7: read, not called
}


@pytest.mark.parametrize("at", [("t/test_one.py", 6, 14), ("t/test_one.py", 7, 22)])
def test_a_library_method_read_in_another_subclass_is_one_of_its_usages(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    """ty's references of unittest's ``assertEqual`` list ``same = self.assertEqual`` in another
    ``TestCase`` subclass, a read no outgoing call names, and so at that read: lsai listed the
    asked class's ``self.assertEqual`` alone, and the calls led there."""
    found, sites, server = usages_beside_server(tmp_path, READ_TESTCASES, "ty", at)
    assert ("t/test_two.py", 7, 21) in server
    assert sites == server
    assert "a library's method its class inherits" in found.provenance.notes[0]


CHAINED_JS = {
    "jsconfig.json": JSCONFIG,
    "a.js": (
        "/** @param {string} str */\n"
        "function camel(str) {\n"  # 2
        "  return str.split('-').reduce((s, w) => s + w.toUpperCase());\n"  # 3
        "}\n"
        "function words(names) {\n"  # 5
        "  return ['a b']\n"  # 6
        "    .concat([names])\n"  # 7
        "    .join(' ')\n"  # 8
        "    .split(/ +/);\n"  # 9
        "}\n"
        "module.exports = { camel, words };\n"
    ),
}


@pytest.mark.parametrize(
    "at", [("a.js", 3, 14), ("a.js", 9, 6), ("a.js", 7, 6)], ids=["one line", "chain", "first"]
)
def test_a_chained_call_is_one_edge_at_its_name_where_tsgo_sites_it_at_the_chains_start(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    """tsgo sites every call of a chain where its first object starts (``str.split('-')
    .reduce(f)``: both at ``str``; ``['a b']`` then ``.concat(...)``, ``.join(...)`` on the
    lines below: all at ``[``). lsai moved the first call of a line to its name alone: the
    others stood as a second edge at the start, the names below as calls of nothing, so usages
    there were refused or listed the start."""
    served_tree(tmp_path, CHAINED_JS, "tsgo")
    with sqlite3.connect(tmp_path / ".lsai" / "index.db") as raw:
        edges = raw.execute("SELECT line, col, callee_name FROM call_edges").fetchall()
    raw.close()
    assert len(edges) == len(set(edges)) == 6  # split reduce toUpperCase concat join split
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        found = usages(ws, UsagesInput(file=at[0], line=at[1], col=at[2]))
    finally:
        ws.close()
    sites = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    assert sites == asyncio.run(live_references(tmp_path, "tsgo", at))


CALLED_START_JS = {
    "jsconfig.json": JSCONFIG,
    "a.js": (
        "function pad(n) {\n"  # 1
        "  return String(n).padStart(2, '0') + String(n + 1).padStart(3, '0');\n"  # 2
        "}\n"
        "function make(x) {\n"  # 4
        "  return { run() { return x; } };\n"  # 5
        "}\n"
        "function go() {\n"  # 7
        "  return make(1).run();\n"  # 8
        "}\n"
        "module.exports = { pad, go };\n"
    ),
}


def test_a_member_called_on_a_calls_result_is_an_edge_at_its_name(tmp_path: Path) -> None:
    """tsgo sites ``String(n).padStart(2)`` and ``make(1).run()`` where the chain's object
    starts, at tree-sitter's call of ``String``, ``make``: the member's callee stood at that
    call (``String`` led to ``padStart``'s declaration, ``make`` to ``run`` as well as to
    ``make``) and the member's own site at none, so usages at ``padStart`` (pg's
    ``String(date.getDate()).padStart(2, '0')``) were refused, where tsgo lists its calls."""
    _, sites, server = usages_beside_server(tmp_path, CALLED_START_JS, "tsgo", ("a.js", 2, 20))
    assert sites == server == {("a.js", 2, 20), ("a.js", 2, 53)}
    edges = index_rows(tmp_path, "SELECT line, col, callee_name, callee_key FROM call_edges")
    assert sorted((line, col, name) for line, col, name, _ in edges) == [
        (2, 10, "String"),
        (2, 20, "padStart"),
        (2, 39, "String"),
        (2, 53, "padStart"),
        (8, 10, "make"),
        (8, 18, "run"),
    ]
    assert all(key is None or key.endswith(f"{name}().") for _, _, name, key in edges)


GETS = {
    "pyproject.toml": "[project]\nname = 'g'\nversion = '0'\n",
    "g/__init__.py": "",
    "g/one.py": (
        "def look(d: dict[str, int]) -> int:\n"  # 1
        "    g = d.get\n"  # 2: read, not called
        "    return d.get('a', 0) + (g('b') or 0)\n"  # 3
        "\n"
        "\n"
        "def untyped(x, y):\n"  # 6: ty types neither
        "    return x.get('a'), y.get('b'), len(x)\n"  # 7: len, typed: ty answered here
    ),
    "g/two.py": "def other(m: dict[int, str]) -> None:\n    print(m.get(1))\n",
}


@pytest.mark.parametrize("at", [("g/one.py", 3, 14), ("g/one.py", 2, 11)], ids=["call", "read"])
def test_the_calls_of_a_member_the_server_could_not_type_are_no_usages_of_a_librarys(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    """ty's references of ``dict.get`` leave out ``x.get('a')`` of an untyped ``x``, a call its
    outgoing calls led nowhere; lsai listed it by name with the dict's."""
    _, sites, server = usages_beside_server(tmp_path, GETS, "ty", at)
    assert sites == server


def test_usages_at_a_call_of_a_member_the_server_could_not_type_are_refused(
    tmp_path: Path,
) -> None:
    """ty lists no references at ``x.get('a')`` of an untyped ``x`` (its outgoing calls led the
    call nowhere); lsai listed every ``.get`` by name."""
    served_tree(tmp_path, GETS, "ty")
    assert asyncio.run(live_references(tmp_path, "ty", ("g/one.py", 7, 14))) == set()
    asked = UsagesInput(file="g/one.py", line=7, col=14)
    assert refusal(tmp_path, usages, asked) == ErrorCode.NO_SYMBOL_AT_POSITION


BUILDERS = {
    "go.mod": "module example.com/b\n\ngo 1.19\n",
    "b.go": (
        "package b\n"
        "\n"
        'import "strings"\n'
        "\n"
        "func One() string {\n"  # 5
        "\tvar sb strings.Builder\n"
        '\tsb.WriteString("a")\n'  # 7
        "\treturn sb.String()\n"  # 8
        "}\n"
        "\n"
        "type own struct{}\n"
        "\n"
        "func (own) WriteString(s string) {}\n"  # 13
        "\n"
        "func Two(o own) string {\n"
        "\tvar sb strings.Builder\n"
        '\tsb.WriteString("b")\n'  # 17
        '\to.WriteString("c")\n'  # 18: the workspace's
        "\treturn sb.String()\n"  # 19
        "}\n"
    ),
}


@pytest.mark.parametrize("at", [("b.go", 7, 5), ("b.go", 8, 12)], ids=["WriteString", "String"])
def test_a_go_method_of_a_librarys_type_is_listed_where_gopls_led_its_calls(
    tmp_path: Path, at: tuple[str, int, int]
) -> None:
    """gopls's references at ``sb.WriteString`` of a ``strings.Builder`` are the calls of that
    method, which its outgoing calls led to ``strings/builder.go``, not the workspace's own
    ``WriteString``; lsai refused every member of a value in Go."""
    _, sites, server = usages_beside_server(tmp_path, BUILDERS, "gopls", at)
    assert len(server) == 2
    assert sites == server


def test_info_at_a_call_of_a_library_function_is_where_the_server_located_it(
    tmp_path: Path,
) -> None:
    """``info`` at ``json.dumps`` was refused (NO_SYMBOL_AT_POSITION): it answers the external
    symbol, its file an absolute path to read, at the line the server's outgoing calls gave."""
    served_tree(tmp_path, PYTHON, "ty")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        found = info(ws, InfoInput(file="m/dump.py", line=7, col=17)).symbol
    finally:
        ws.close()
    live = asyncio.run(_live_callees(tmp_path, "ty", "m/dump.py", (5, 5)))
    dumps = next(place for place in live if place.startswith("json/"))
    assert (found.kind, found.qualified_name, found.namespace) == ("function", "json.dumps", "json")
    assert Path(found.file).is_absolute() and Path(found.file).is_file()
    assert f"{found.file}:{found.line}".endswith(dumps)
    assert found.signature is not None  # the declaration, read from that file
    assert found.signature.startswith("def dumps(obj: Any, *, skipkeys: bool = False,")
    assert found.signature.endswith(") -> str")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:  # by its name, the same (was SYMBOL_NOT_FOUND)
        assert info(ws, InfoInput(symbol="json.dumps")).symbol == found
    finally:
        ws.close()


TWO_PATHS = {
    "pyproject.toml": "[project]\nname = 'p'\nversion = '0'\n",
    "p/__init__.py": "",
    "p/disk.py": (
        "from pathlib import Path\n"  # 1
        "\n"
        "\n"
        "def size(p: Path) -> int:\n"  # 4: the annotation, col 13
        "    return len(Path(p).read_bytes())\n"  # 5: its call
    ),
    "p/archive.py": (
        "from zipfile import Path\n"  # 1: another library's Path
        "\n"
        "\n"
        "def names(p: Path) -> list[str]:\n"  # 4
        "    return [e.name for e in Path(p).iterdir()]\n"  # 5
    ),
}


@pytest.mark.parametrize(
    ("at", "qualified"),
    [
        (("p/disk.py", 4, 13), "pathlib.Path"),  # an annotation
        (("p/disk.py", 1, 21), "pathlib.Path"),  # its import
        (("p/archive.py", 4, 14), "zipfile.Path"),  # the same name, another library's
    ],
    ids=["annotation", "import", "another-library"],
)
def test_info_at_a_library_name_not_called_there_is_where_its_calls_lead(
    tmp_path: Path, at: tuple[str, int, int], qualified: str
) -> None:
    """``info`` at a library's class named without a call (an annotation, its import) was
    refused (NO_SYMBOL_AT_POSITION): it answers the external symbol the calls of that name in
    its file were led to, where the server's definition there leads; a file importing another
    library's ``Path`` answers that one."""
    served_tree(tmp_path, TWO_PATHS, "ty")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        found = info(ws, InfoInput(file=at[0], line=at[1], col=at[2]))
    finally:
        ws.close()
    live = asyncio.run(live_library_definition(tmp_path, "ty", at))
    assert (found.symbol.kind, found.symbol.qualified_name) == ("class", qualified)
    assert {library_location(Path(found.symbol.file).as_uri(), found.symbol.line)} == live
    assert any(f"its call at {at[0]}:5" in n for n in found.provenance.notes)


MODULES = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/paths.py": (
        "import os\n"  # 1: no member of os is called
        "import json as js\n"  # 2
        "from json import dumps\n"  # 3
        "\n"
        "\n"
        "def joined(a: str) -> str:\n"  # 6
        "    return dumps(js.loads(a) + os.sep)\n"  # 7
    ),
}


@pytest.mark.parametrize(
    ("at", "module"),
    [
        (("m/paths.py", 2, 16), "json"),  # `js` of `import json as js`
        (("m/paths.py", 7, 18), "json"),  # its use
        (("m/paths.py", 3, 6), "json"),  # the module a `from` statement imports from
    ],
    ids=["alias", "alias-use", "from"],
)
def test_info_at_a_library_module_is_its_file_where_its_callees_were_located(
    tmp_path: Path, at: tuple[str, int, int], module: str
) -> None:
    """``info`` at a library module's name (``import json as js``, ``from json import``)
    was refused: it answers the module, at the file the server's definition there leads to,
    which the index knows as the file its called functions were located in."""
    found, place, live = library_info_beside_server(tmp_path, MODULES, "ty", at)
    assert (found.kind, found.qualified_name) == ("module", module)
    assert place == live


def test_info_at_a_library_module_none_of_whose_callees_was_located_is_refused(
    tmp_path: Path,
) -> None:
    """At ``os`` of ``import os``, whose members are read, never called (``os.sep``), the index
    holds no file of the module: refused, not answered with a guess."""
    served_tree(tmp_path, MODULES, "ty")
    assert (
        refusal(tmp_path, info, InfoInput(file="m/paths.py", line=1, col=8))
        == ErrorCode.NO_SYMBOL_AT_POSITION
    )


def test_the_callers_of_a_library_function_are_the_functions_whose_calls_lead_there(
    tmp_path: Path,
) -> None:
    """``callers json.dumps`` was SYMBOL_NOT_FOUND: the index holds it as an external symbol,
    and its callers are the functions whose outgoing calls the server led to it, by name and
    at a call's position alike."""
    served_tree(tmp_path, PYTHON, "ty")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        by_name = callers(ws, CallsInput(symbol="json.dumps", depth=2))
        at_call = callers(ws, CallsInput(file="m/dump.py", line=12, col=31))
    finally:
        ws.close()
    functions = {"dump": ("m/dump.py", 5, 5), "again": ("m/dump.py", 11, 5)}
    live = {
        name: asyncio.run(_live_callees(tmp_path, "ty", at[0], (at[1], at[2])))
        for name, at in functions.items()
    }
    leading = {name for name, places in live.items() if "json/__init__.pyi:109" in places}
    assert (by_name.symbol.qualified_name, by_name.symbol.line) == ("json.dumps", 109)
    assert {h.method for h in by_name.levels[0].calls} == leading == {"dump", "again"}
    assert len(by_name.levels) == 1  # `again`, which calls `dump`, is a level 1 caller already
    assert {h.method for h in at_call.levels[0].calls} == leading


def test_a_library_name_two_libraries_define_asks_which_module(tmp_path: Path) -> None:
    """``callers Path`` where two libraries' ``Path`` are called is ambiguous, each candidate
    with its module; qualified with one (``zipfile.Path``), it answers that one's callers."""
    served_tree(tmp_path, TWO_PATHS, "ty")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        with pytest.raises(QueryError) as refused:
            callers(ws, CallsInput(symbol="Path"))
        found = callers(ws, CallsInput(symbol="zipfile.Path"))
    finally:
        ws.close()
    assert refused.value.code == ErrorCode.AMBIGUOUS_SYMBOL
    assert "pathlib.Path" in refused.value.message and "zipfile.Path" in refused.value.message
    assert [(h.method, h.file, h.line) for h in found.levels[0].calls] == [
        ("names", "p/archive.py", 5)
    ]


def test_the_callers_of_a_library_function_walk_the_workspace_above_its_callers(
    tmp_path: Path,
) -> None:
    """Depth 2 and 3 of ``callers json.dumps`` are the workspace's callers of its direct
    callers, as ``callers`` of that function answers them, each with the one it chains from."""
    chain = {
        "pyproject.toml": "[project]\nname = 'c'\nversion = '0'\n",
        "c/__init__.py": "",
        "c/chain.py": (
            "import json\n\n\n"
            "def encode(x: int) -> str:\n    return json.dumps(x)\n\n\n"  # 4
            "def wrap(x: int) -> str:\n    return encode(x)\n\n\n"  # 8
            "def top() -> str:\n    return wrap(1)\n"  # 12
        ),
    }
    served_tree(tmp_path, chain, "ty")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        library = callers(ws, CallsInput(symbol="json.dumps", depth=3))
        above = callers(ws, CallsInput(symbol="encode", depth=2))
    finally:
        ws.close()
    walked = [[(h.method, h.line) for h in level.calls] for level in library.levels]
    assert walked[0] == [("encode", 5)]
    assert walked[1:] == [[(h.method, h.line) for h in lv.calls] for lv in above.levels]
    assert [[h.via for h in level.calls] for level in library.levels] == [
        [None],
        ["encode"],
        ["wrap"],
    ]


def test_the_usages_of_a_library_function_asked_by_name_are_the_servers_references_there(
    tmp_path: Path,
) -> None:
    """``usages json.dumps`` was SYMBOL_NOT_FOUND: by its name, lsai answers what it answers
    at a call of it, which are ty's references at that call; ``dumps`` of two libraries would
    ask which module."""
    served_tree(tmp_path, PYTHON, "ty")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        found = usages(ws, UsagesInput(symbol="json.dumps"))
    finally:
        ws.close()
    sites = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    server = asyncio.run(live_references(tmp_path, "ty", ("m/dump.py", 7, 17)))
    assert (found.symbol.qualified_name, found.symbol.line) == ("json.dumps", 109)
    assert sites == server and len(server) == 2


STUBS = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/many.py": "import asyncio\nimport json\nimport textwrap\n"
    + "".join(
        f"\n\ndef f{i}(f: asyncio.Future[int], s: str) -> object:\n"
        "    return asyncio.shield(f), json.dumps(s), textwrap.dedent(s)\n"
        for i in range(24)
    ),
}


def test_the_calls_lost_while_ty_wrote_a_stub_are_asked_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ty writes a typeshed stub to its cache the first time an answer leads into it; two
    requests that lead there at once race to write it and the loser drops its call item
    (astral-sh/ruff#27144). With an empty cache, every call of every function still leads to
    the stub's definition, as ty's outgoing calls answer once the stubs are written (the test
    of ``asyncio.shield`` spelled through two modules failed so in a fresh CI run)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = tmp_path / "tree"
    summary = served_tree(root, STUBS, "ty")
    assert (tmp_path / "cache" / "ty" / "vendored").is_dir()  # ty wrote its stubs there
    rows = index_rows(
        root,
        "SELECT callee_name, count(*), count(DISTINCT external_key), count(external_key) "
        "FROM call_edges GROUP BY callee_name",
    )
    assert sorted(rows) == [("dedent", 24, 1, 24), ("dumps", 24, 1, 24), ("shield", 24, 1, 24)]
    assert summary.complete


CONSTRUCTOR = {
    "tsconfig.json": TSCONFIG,
    "src/attr.ts": (
        "export class Attribute {\n"  # 1
        "  hasDefault: boolean\n"
        "  constructor(options: object) {\n"  # 3
        '    this.hasDefault = Object.prototype.hasOwnProperty.call(options, "default")\n'
        "  }\n"
        "  lone() {\n"
        "    return Array.prototype.slice.call([1])\n"  # 7: a method's, not the constructor's
        "  }\n"
        "}\n"
    ),
}


def test_a_constructors_library_callees_are_its_class_items_outgoing_calls(
    tmp_path: Path,
) -> None:
    """tsgo prepares no call hierarchy item for a constructor, its class's instead (prosemirror-
    model ``Attribute.constructor``): its outgoing calls hold what tree-sitter does not site,
    ``hasOwnProperty`` of ``Object.prototype.hasOwnProperty.call(...)``, which lsai's callees
    left out."""
    served_tree(tmp_path, CONSTRUCTOR, "tsgo")
    ws = open_workspace(tmp_path)
    try:
        found = callees(ws, CallsInput(symbol="Attribute.constructor"))
    finally:
        ws.close()
    live = asyncio.run(_live_callees(tmp_path, "tsgo", "src/attr.ts", (3, 3)))  # the class's
    assert len(live) == 2  # hasOwnProperty and call
    assert {h.location for h in found.levels[0].calls} == live


POPS = {
    "pyproject.toml": "[project]\nname = 'p'\nversion = '0'\n",
    "p/__init__.py": "",
    "p/one.py": (
        "def options(kwds: dict[str, int]) -> int:\n"  # 1
        "    return kwds.pop('verbose', 0)\n"  # 2
        "\n"
        "\n"
        "def parents(obj):\n"  # 5
        "    return [obj]\n"
        "\n"
        "\n"
        "def parent(obj):\n"  # 9: its one other call is the workspace's
        "    chain = parents(obj)\n"  # 10
        "    return chain.pop()\n"  # 11: ty types `chain` as nothing it can lead a call of
    ),
}


def test_a_call_led_nowhere_beside_workspace_calls_alone_is_no_usage_of_a_librarys(
    tmp_path: Path,
) -> None:
    """ty's references of ``dict.pop`` leave out ``chain.pop()`` of a value it could not type,
    in a function whose other calls its outgoing calls led into the workspace alone, none to
    a library (dill ``parent``: lsai listed it by name; the rule asked for a library's)."""
    _, sites, server = usages_beside_server(tmp_path, POPS, "ty", ("p/one.py", 2, 17))
    assert sites == server


def test_usages_at_a_call_led_nowhere_beside_workspace_calls_alone_are_refused(
    tmp_path: Path,
) -> None:
    """ty lists no references at dill's ``chain.pop()`` (above); lsai listed every ``.pop``."""
    served_tree(tmp_path, POPS, "ty")
    assert asyncio.run(live_references(tmp_path, "ty", ("p/one.py", 11, 18))) == set()
    asked = UsagesInput(file="p/one.py", line=11, col=18)
    assert refusal(tmp_path, usages, asked) == ErrorCode.NO_SYMBOL_AT_POSITION
