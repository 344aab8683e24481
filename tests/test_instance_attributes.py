"""Instance attributes (``self.host = host``, ``this._hidden = false``): fields of their class in
the index, whose usages and rename are the live server's references and rename, from any
receiver the server types (``conn.host``, ``cmd._hidden``)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.contracts import OutlineInput
from lsai.query.outline import outline
from lsai.query.usages import UsagesInput, UsagesResult, usages
from lsai.query.workspace import open_workspace
from tests.renames import Location, live_references, renamed_beside_server
from tests.test_tsgo_unseen import JSCONFIG
from tests.trees import needs, served_tree

PYTHON = {
    "pkg/__init__.py": "",
    "pkg/conn.py": (
        "class Conn:\n"  # 1
        "    limit = 3\n"  # 2
        "\n"
        "    def __init__(self, host, port):\n"  # 4
        "        self.host = host\n"  # 5
        "        self._sock = None\n"  # 6
        "        self.first, self.second = port, port\n"  # 7
        "\n"
        "    def open(self):\n"  # 9
        "        self._sock = object()\n"  # 10: assigned again, the __init__'s is the symbol
        "        self.limit = 4\n"  # 11: the class declares it
        "        def later():\n"  # 12
        "            return self.host\n"  # 13: the same receiver, in a nested function
        "        return later\n"
        "\n"
        "    @staticmethod\n"  # 16
        "    def make(other):\n"  # 17
        "        other.made = True\n"  # 18: no receiver: not Conn's
        "        return other\n"
    ),
    "pkg/use.py": (
        "from pkg.conn import Conn\n"  # 1
        "\n"
        "\n"
        "def describe(conn: Conn, host: str) -> str:\n"  # 4
        "    return conn.host + host + str(conn.first)\n"  # 5
        "\n"
        "\n"
        "def untyped(thing):\n"  # 8
        "    return thing.host\n"  # 9: the server ties it to nothing
    ),
}

JAVASCRIPT = {
    "jsconfig.json": JSCONFIG,
    "lib/command.js": (
        "class Command {\n"  # 1
        "  constructor(name) {\n"  # 2
        "    this._name = name;\n"  # 3
        "    this._hidden = false;\n"  # 4
        "    this.items = [];\n"  # 5
        "  }\n"
        "  hide() {\n"  # 7
        "    this._hidden = true;\n"  # 8
        "    [1].forEach(() => { this._hidden = !this._hidden; });\n"  # 9: arrows share `this`
        "    return this;\n"
        "  }\n"
        "  get name() { return this._name; }\n"  # 12
        "}\n"
        "function helper() {\n"  # 14
        "  this.loose = 1;\n"  # 15: no class
        "}\n"
        "module.exports = { Command, helper };\n"
    ),
    "lib/use.js": (
        "const { Command } = require('./command');\n"  # 1
        "const cmd = new Command('x');\n"  # 2
        "cmd._hidden = true;\n"  # 3
        "console.log(cmd._name, cmd.items.length);\n"  # 4
    ),
}


def _usages(root: Path, at: Location) -> UsagesResult:
    ws = open_workspace(root, scopes=lambda: SCOPES)
    try:
        return usages(ws, UsagesInput(file=at[0], line=at[1], col=at[2]))
    finally:
        ws.close()


def _beside_server(
    root: Path, files: dict[str, str], server: str, at: Location
) -> tuple[UsagesResult, set[Location]]:
    """lsai's usages at ``at``, checked to be the server's references there (declarations in
    both), and its answer."""
    served_tree(root, files, server)
    found = _usages(root, at)
    references = asyncio.run(live_references(root, server, at, declarations=True))
    assert references and _sites(found) == references
    return found, references


def _sites(found: UsagesResult) -> set[Location]:
    """The sites of an answer, its symbol's definition too: each server lists every assignment
    of an attribute among its declarations."""
    symbol = (found.symbol.file, found.symbol.line, found.symbol.col)
    return {symbol} | {(f.file, u.line, u.col) for f in found.files for u in f.usages}


def _fields(root: Path, path: str) -> list[tuple[str, str, str]]:
    ws = open_workspace(root)
    try:
        found = outline(ws, OutlineInput(file=path))
    finally:
        ws.close()
    return [
        (member.kind, member.name, member.signature)
        for section in found.sections
        for top in section.members
        for member in top.members
        if member.kind in ("field", "property")
    ]


@needs("ty")
def test_a_python_classs_instance_attributes_are_its_fields(tmp_path: Path) -> None:
    """Each name a method assigns on ``self`` once, at its ``__init__`` assignment; not the
    class-level ``limit`` again, nor what a static method assigns on its parameter."""
    served_tree(tmp_path, PYTHON, "ty")
    assert _fields(tmp_path, "pkg/conn.py") == [
        ("field", "limit", "limit = 3"),
        ("field", "host", "self.host = host"),
        ("field", "_sock", "self._sock = None"),
        ("field", "first", "self.first, self.second = port, port"),
        ("field", "second", "self.first, self.second = port, port"),
    ]


@needs("ty")
@pytest.mark.parametrize(
    "at",
    [
        ("pkg/conn.py", 5, 14),
        ("pkg/conn.py", 13, 25),
        ("pkg/use.py", 5, 17),
        ("pkg/conn.py", 10, 14),
    ],
    ids=["at its assignment", "in a nested function", "on another receiver", "assigned again"],
)
def test_a_python_instance_attributes_usages_are_tys_references(
    tmp_path: Path, at: Location
) -> None:
    found, _ = _beside_server(tmp_path, PYTHON, "ty", at)
    assert found.symbol.kind == "field" and found.mode == "semantic"


@needs("ty")
def test_a_python_instance_attributes_untied_uses_are_noted_but_not_a_local_of_its_name(
    tmp_path: Path,
) -> None:
    """``thing.host`` of an untyped ``thing`` is noted as a use the server tied to nothing;
    the parameter ``host`` on the lines spelling ``.host`` is not."""
    served_tree(tmp_path, PYTHON, "ty")
    notes = _usages(tmp_path, ("pkg/conn.py", 5, 14)).provenance.notes
    assert [n for n in notes if n.startswith("not listed")] == [
        "not listed: 1 use of '.host' in 1 file the server tied to no symbol (e.g. pkg/use.py); "
        "some may be this symbol's"
    ]


@needs("ty")
def test_a_python_instance_attribute_is_renamed_as_ty_renames_it(tmp_path: Path) -> None:
    stored, renamed = renamed_beside_server(
        tmp_path, PYTHON, "ty", ("pkg/use.py", 5, 17), "hostname"
    )
    assert ("pkg/conn.py", 5, "self.hostname = host") in renamed
    assert stored == renamed


@needs("tsgo")
def test_a_javascript_classs_this_assignments_are_its_properties(tmp_path: Path) -> None:
    """Each name a method assigns on ``this``, once; not a getter's name, nor ``this.x`` in a
    function outside a class."""
    served_tree(tmp_path, JAVASCRIPT, "tsgo")
    assert [name for _, name, _ in _fields(tmp_path, "lib/command.js")] == [
        "_name",
        "_hidden",
        "items",
        "name",
    ]


@needs("tsgo")
@pytest.mark.parametrize(
    "at",
    [
        ("lib/command.js", 4, 10),
        ("lib/command.js", 9, 46),
        ("lib/use.js", 3, 5),
        ("lib/use.js", 4, 17),
    ],
    ids=["at its assignment", "in an arrow function", "on another receiver", "read elsewhere"],
)
def test_a_javascript_instance_properties_usages_are_tsgos_references(
    tmp_path: Path, at: Location
) -> None:
    found, _ = _beside_server(tmp_path, JAVASCRIPT, "tsgo", at)
    assert found.symbol.kind == "property"


@needs("tsgo")
def test_a_javascript_instance_property_is_renamed_as_tsgo_renames_it(tmp_path: Path) -> None:
    stored, renamed = renamed_beside_server(
        tmp_path, JAVASCRIPT, "tsgo", ("lib/use.js", 3, 5), "_concealed"
    )
    assert ("lib/use.js", 3, "cmd._concealed = true;") in renamed
    assert stored == renamed


JAVASCRIPT_SHAPES = {
    "jsconfig.json": JSCONFIG,
    "lib/shapes.js": (
        "const Parser = class {\n"  # 1: a class expression, a variable's value
        "  constructor() { this.depth = 0; }\n"  # 2
        "};\n"
        "module.exports = { Parser };\n"
    ),
    "lib/exit.js": (
        "class Command {\n"  # 1
        "  constructor() {\n"  # 2
        "    this._exit = null;\n"  # 3
        "  }\n"
        "  exitOverride(fn) {\n"  # 5
        "    if (fn) {\n"  # 6
        "      this._exit = fn;\n"  # 7
        "    } else {\n"  # 8
        "      this._exit = (err) => {\n"  # 9: in tsgo's outline, a function of exitOverride
        "        throw err;\n"  # 10
        "      };\n"
        "    }\n"
        "    return this;\n"  # 13
        "  }\n"
        "  fail(err) {\n"  # 15
        "    if (this._exit) this._exit(err);\n"  # 16
        "  }\n"
        "}\n"
        "module.exports = { Command };\n"
    ),
    "lib/use.js": (
        "const { Parser } = require('./shapes');\n"  # 1
        "console.log(new Parser().depth);\n"  # 2
    ),
}


@needs("tsgo")
@pytest.mark.parametrize(
    "at",
    [("lib/shapes.js", 2, 24), ("lib/use.js", 2, 27), ("lib/exit.js", 3, 10)],
    ids=[
        "of a class expression",
        "of a class expression, elsewhere",
        "assigned a function in another method",
    ],
)
def test_a_javascript_instance_property_of_other_class_shapes_has_tsgos_references(
    tmp_path: Path, at: Location
) -> None:
    found, _ = _beside_server(tmp_path, JAVASCRIPT_SHAPES, "tsgo", at)
    assert found.symbol.kind == "property"


PYTHON_SHAPES = {
    "pkg/__init__.py": "",
    "pkg/reader.py": (
        "class Reader:\n"  # 1
        "    def bump(self):\n"  # 2
        "        self.count += 1\n"  # 3: augmented, never assigned plainly
        "\n"
        "    def read(self, items):\n"  # 5
        "        for self.item in items:\n"  # 6
        "            pass\n"
        '        with open("x") as self.handle:\n'  # 8
        "            pass\n"
        "        self.head, *self.tail = items\n"  # 10
        "        self.left, self.middle, self.right = items\n"  # 11: ty's definition: `self.middle`
        "\n"
        "\n"
        "class A:\n"  # 14: more symbols named `middle` than uses: each use's definition is
        "    def __init__(self): self.middle = 0\n"  # asked (``ReferencesCost``)
        "class B:\n"
        "    def __init__(self): self.middle = 0\n"
        "class C:\n"
        "    def __init__(self): self.middle = 0\n"
    ),
    "pkg/use.py": (
        "from pkg.reader import Reader\n"  # 1
        "\n"
        "\n"
        "def show(r: Reader) -> None:\n"  # 4
        "    print(r.count, r.item, r.handle, r.tail)\n"  # 5
        "    print(r.left, r.middle, r.right)\n"  # 6
    ),
}


@needs("ty")
@pytest.mark.parametrize(
    "at",
    [
        ("pkg/use.py", 5, 13),
        ("pkg/use.py", 5, 22),
        ("pkg/use.py", 5, 30),
        ("pkg/use.py", 5, 40),
        ("pkg/reader.py", 11, 14),
        ("pkg/reader.py", 11, 25),
        ("pkg/reader.py", 11, 38),
    ],
    ids=[
        "augmented",
        "a for loop's target",
        "a with's target",
        "unpacked with a star",
        "unpacked, first",
        "unpacked, second",
        "unpacked, third",
    ],
)
def test_a_python_attribute_bound_by_other_statements_has_tys_references(
    tmp_path: Path, at: Location
) -> None:
    """``self.count += 1``, ``for self.item in``, ``with ... as self.handle``, ``*self.tail``
    bind the attribute as an assignment does, to ty. Of an unpacking, ty's definition of a use
    (``r.middle``) spans the target ``self.middle``, not its name (rich's ``Box.top``)."""
    found, _ = _beside_server(tmp_path, PYTHON_SHAPES, "ty", at)
    assert found.symbol.kind == "field" and found.mode == "semantic"


@needs("tsgo")
def test_a_javascript_instance_property_assigned_a_function_is_renamed_as_tsgo_renames_it(
    tmp_path: Path,
) -> None:
    """commander's ``this._exitCallback = (err) => {...}`` in ``exitOverride``, a function in
    tsgo's outline, is one more assignment of the property: renamed with it."""
    stored, renamed = renamed_beside_server(
        tmp_path, JAVASCRIPT_SHAPES, "tsgo", ("lib/exit.js", 3, 10), "_onExit"
    )
    assert ("lib/exit.js", 9, "this._onExit = (err) => {") in renamed
    assert stored == renamed
