"""The usages and info of a parameter or a local variable (no symbol of the index: its
scope's names, by tree-sitter's scopes), beside the live server's ``textDocument/references``
at the same position, the declaration left out, and its ``textDocument/definition``."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.errors import ErrorCode
from lsai.indexer.pipeline import run_index
from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.errors import QueryError
from lsai.query.info import InfoInput, info
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.renames import (
    Location,
    live_definition,
    live_references,
    renamed_beside_server,
    usages_beside_server,
)
from tests.test_rename_go_locals import GO
from tests.test_rename_locals import PYTHON, TYPESCRIPT
from tests.test_tsgo_unseen import JSCONFIG, TSCONFIG
from tests.trees import needs, served_tree


@needs("ty")
def test_a_python_parameters_usages_take_in_the_keyword_arguments_of_its_calls(
    tmp_path: Path,
) -> None:
    """``timeout`` of ``fetch``: its body, the nested function reading it, and
    ``fetch('a', timeout=3)`` in another file, as ty's references list them; not the nested
    ``retry``'s own ``timeout`` nor ``other(timeout=4)``."""
    found, sites, server = usages_beside_server(tmp_path, PYTHON, "ty", ("m/net.py", 1, 17))
    assert ("m/use.py", 3, 12) in server
    assert sites == server
    assert (found.symbol.kind, found.symbol.qualified_name, found.mode) == (
        "parameter",
        "fetch.timeout",
        "scope",
    )
    assert found.total == len(server) and not found.truncated


@needs("ty")
def test_a_keyword_argument_answers_for_the_parameter_it_passes(tmp_path: Path) -> None:
    """At ``fetch('a', timeout=3)``'s ``timeout`` ty's references and rename are those of
    ``fetch``'s parameter; at ``Square(size=3)``, of the ``__init__`` Square inherits."""
    _, sites, server = usages_beside_server(tmp_path, PYTHON, "ty", ("m/use.py", 3, 12))
    assert ("m/net.py", 2, 13) in server
    assert sites == server
    stored, renamed = renamed_beside_server(tmp_path, PYTHON, "ty", ("m/shapes.py", 11, 12), "side")
    assert ("m/shapes.py", 2, "def __init__(self, *, side: int = 1) -> None:") in renamed
    assert stored == renamed


VERSION = {
    "m/__init__.py": "",
    "m/meta.py": (
        "from collections import namedtuple\n"
        "\n"
        "\n"
        'class Version(namedtuple("Version", ["major", "pre"])):\n'  # 4
        '    def __new__(cls, major: int, pre: int = 0) -> "Version":\n'  # 5
        "        if pre < 0:\n"  # 6
        "            raise ValueError(pre)\n"  # 7
        "        return super().__new__(cls, major, pre)\n"  # 8
    ),
    "m/use.py": "from m.meta import Version\n\nv = Version(1, pre=2)\n",
}


@needs("ty")
def test_a_keyword_argument_of_a_class_with_new_alone_answers_for_its_parameter(
    tmp_path: Path,
) -> None:
    """soupsieve's ``Version(1, pre=2)`` of a ``namedtuple`` subclass validating its fields in
    ``__new__``, no ``__init__`` in the workspace: ty's references and rename at the keyword
    are ``__new__``'s parameter's (lsai answered NO_SYMBOL_AT_POSITION)."""
    found, sites, server = usages_beside_server(tmp_path, VERSION, "ty", ("m/use.py", 3, 16))
    assert ("m/meta.py", 7, 30) in server
    assert sites == server
    assert found.symbol.qualified_name == "Version.__new__.pre"
    stored, renamed = renamed_beside_server(tmp_path, VERSION, "ty", ("m/use.py", 3, 16), "pr")
    assert ("m/use.py", 3, "v = Version(1, pr=2)") in renamed
    assert stored == renamed


GENERIC = {
    "m/__init__.py": "",
    "m/box.py": (
        "from typing import Any, Generic, TypeVar\n"  # 1
        "\n"
        'T = TypeVar("T")\n'  # 3
        "\n"
        "\n"
        "class Box(Generic[T]):\n"  # 6
        "    def __init__(self, item: T, *, strict: bool = False) -> None:\n"  # 7
        "        self.item = item\n"  # 8
        "        self.strict = not strict\n"  # 9
        "\n"
        "\n"
        "def build(strict: bool) -> Box[Any]:\n"  # 12
        "    return Box[Any](1, strict=strict)\n"  # 13
    ),
    "m/use.py": "from m.box import Box\n\nb = Box[int](2, strict=True)\nc = Box(3, strict=False)\n",
}


@needs("ty")
@pytest.mark.parametrize(
    "at",
    [("m/box.py", 9, 29), ("m/box.py", 13, 24), ("m/use.py", 3, 17)],
    ids=["parameter", "keyword", "keyword-elsewhere"],
)
def test_a_keyword_argument_of_a_generic_class_subscripted_passes_its_parameter(
    tmp_path: Path, at: Location
) -> None:
    """``Box[Any](1, strict=...)``: ty's outgoing and incoming calls leave the construction
    of a subscripted generic class out, its references and definition at the keyword are the
    ``__init__``'s parameter's (pydantic-settings ``CliSettingsSource[Any](...,
    case_sensitive=case_sensitive)``: 1 missing); lsai read keywords at the calls alone."""
    _, sites, server = usages_beside_server(tmp_path, GENERIC, "ty", at)
    assert {("m/box.py", 13, 24), ("m/use.py", 3, 17), ("m/use.py", 4, 12)} <= server
    assert sites == server


DECORATED = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/cli.py": (
        "import functools\n"  # 1
        "from contextlib import contextmanager\n"  # 2
        "from typing import Callable, TypeVar\n"  # 3
        "\n"
        "from mando import program\n"  # 5: not installed
        "\n"
        'F = TypeVar("F", bound=Callable[..., object])\n'  # 7
        "\n"
        "\n"
        "def same(f):\n"  # 10
        "    return f\n"
        "\n"
        "\n"
        "def typed(f: F) -> F:\n"  # 14
        "    return f\n"
        "\n"
        "\n"
        "@program.command\n"  # 18
        "def a(paths, multi=True):\n"  # 19
        "    return multi\n"
        "\n"
        "\n"
        "@same\n"  # 23
        "def b(paths, multi=True):\n"  # 24
        "    return multi\n"
        "\n"
        "\n"
        "@functools.lru_cache\n"  # 28
        "def c(paths, multi=True):\n"  # 29
        "    return multi\n"
        "\n"
        "\n"
        "@typed\n"  # 33
        "def d(paths, multi=True):\n"  # 34
        "    return multi\n"
        "\n"
        "\n"
        "@contextmanager\n"  # 38
        "def e(paths, multi=True):\n"  # 39
        "    yield multi\n"
    ),
    "m/use.py": (
        "from m.cli import a, b, c, d, e\n"  # 1
        "\n"
        "a([], multi=False)\n"  # 3
        "b([], multi=False)\n"  # 4
        "c([], multi=False)\n"  # 5
        "d([], multi=False)\n"  # 6
        "with e([], multi=False):\n"  # 7
        "    pass\n"
    ),
}


@needs("ty")
@pytest.mark.parametrize(
    ("function", "at"),
    [
        ("a", ("m/cli.py", 19, 14)),
        ("a", ("m/use.py", 3, 7)),
        ("b", ("m/cli.py", 24, 14)),
        ("c", ("m/cli.py", 29, 14)),
        ("c", ("m/use.py", 5, 7)),
        ("d", ("m/cli.py", 34, 14)),
        ("d", ("m/use.py", 6, 7)),
        ("e", ("m/cli.py", 39, 14)),
        ("e", ("m/use.py", 7, 12)),
    ],
)
def test_a_keyword_argument_passes_a_parameter_where_the_decorators_keep_the_signature(
    tmp_path: Path, function: str, at: Location
) -> None:
    """radon's ``cli.mi(['-'], multi=False)`` of ``@program.command def mi(paths, multi=...)``,
    ``program`` of the uninstalled ``mando``: ty types ``mi`` unknown and its references of
    ``multi`` leave the keyword out (at the keyword: none); so do a decorator without a return
    annotation, ``functools.lru_cache``; a decorator annotated ``(f: F) -> F`` and
    ``contextmanager`` keep it. lsai listed the keyword for every one (radon ``multi``: 1 extra;
    "the server answers none; lsai 3")."""
    served_tree(tmp_path, DECORATED, "ty")
    server = asyncio.run(live_references(tmp_path, "ty", at, declarations=True))
    keyword = (
        ("m/use.py", 7, 12) if function == "e" else ("m/use.py", "abcd".index(function) + 3, 7)
    )
    assert (keyword in server) == (function in "de")
    assert (at in server) == (function in "de" or at[0] == "m/cli.py")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        asked = UsagesInput(file=at[0], line=at[1], col=at[2], include_definition=True)
        found = usages(ws, asked)
        sites = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
    except QueryError as refused:
        assert refused.code == ErrorCode.NO_SYMBOL_AT_POSITION
        sites = set()
    finally:
        ws.close()
    assert sites == server


@needs("ty")
def test_a_parameter_of_a_function_an_unresolved_decorator_wraps_is_renamed_in_it_alone(
    tmp_path: Path,
) -> None:
    """ty's rename of radon's ``multi`` of ``@program.command def mi``: the definition and its
    body, not ``cli.mi(..., multi=False)`` (lsai renamed the keyword too)."""
    at = ("m/cli.py", 19, 14)
    stored, renamed = renamed_beside_server(tmp_path, DECORATED, "ty", at, "many")
    assert renamed == {
        ("m/cli.py", 19, "def a(paths, many=True):"),
        ("m/cli.py", 20, "return many"),
    }
    assert stored == renamed


@needs("ty")
def test_a_python_local_asked_at_a_use_lists_its_scope_alone(tmp_path: Path) -> None:
    found, sites, server = usages_beside_server(tmp_path, PYTHON, "ty", ("m/net.py", 6, 26))
    assert sites == server == {("m/net.py", 4, 26), ("m/net.py", 6, 26)}
    assert found.symbol.kind == "local"


@needs("tsgo")
def test_a_typescript_parameters_usages_take_in_its_closure_and_shorthand(
    tmp_path: Path,
) -> None:
    _, sites, server = usages_beside_server(tmp_path, TYPESCRIPT, "tsgo", ("src/cart.ts", 1, 41))
    assert ("src/cart.ts", 3, 21) in server  # `{ rate, count }`
    assert sites == server


BOX = {
    "tsconfig.json": TSCONFIG,
    "box.ts": (
        "export interface Box {\n"  # 1
        "  size: number;\n"  # 2
        "}\n"
        "export function area(box: Box) {\n"  # 4
        "  const { size } = box;\n"  # 5
        "  return size * size;\n"  # 6
        "}\n"
    ),
    "other.ts": "import type { Box } from './box.js';\nexport const side = (b: Box) => b.size;\n",
    "moving.ts": (
        "export interface Event {\n"  # 1
        "  moving: boolean;\n"  # 2
        "}\n"
        "export function classify({\n"  # 4
        "  moving,\n"  # 5: the binding starts its line
        "}: Event): boolean {\n"
        "  return moving;\n"  # 7
        "}\n"
    ),
}


@pytest.mark.parametrize(
    "at",
    [("box.ts", 5, 11), ("box.ts", 6, 10), ("moving.ts", 5, 3)],
    ids=["at its binding", "at a use", "at a binding starting its line"],
)
def test_a_destructured_locals_usages_at_its_binding_take_in_the_propertys(
    tmp_path: Path, at: Location
) -> None:
    """tsgo's references at ``{ size } = box`` are the local's and ``Box.size``'s (its
    declaration, ``b.size`` in another file); at a use of the local, the local's alone
    (tanstack virtual-core ``const { scrollElement, options } = instance``)."""
    _, sites, server = usages_beside_server(tmp_path, BOX, "tsgo", at)
    assert (("other.ts", 2, 35) in server) == (at[:2] == ("box.ts", 5))
    assert (("moving.ts", 7, 10) in server) == (at[0] == "moving.ts")
    assert sites == server


UNION = {
    "tsconfig.json": TSCONFIG,
    "protocol.ts": (
        "export interface GetMessage {\n"  # 1
        '  type: "get";\n'  # 2
        "  id: number;\n"  # 3
        "}\n"
        "export interface SetMessage {\n"  # 5
        '  type: "set";\n'  # 6
        "  id: number;\n"  # 7
        "}\n"
        "export type Message = GetMessage | SetMessage;\n"  # 9
    ),
    "worker.ts": (
        "import type { GetMessage, Message, SetMessage } from './protocol.js';\n"  # 1
        "export function handle(data: unknown): number {\n"  # 2
        "  const { id, type } = { id: 0, ...(data as Message) };\n"  # 3
        '  return type === "get" ? id : -id;\n'  # 4
        "}\n"
        'export const set: SetMessage = { type: "set", id: 1 };\n'  # 6
        'export const get: GetMessage = { type: "get", id: 2 };\n'  # 7
    ),
}


@needs("tsgo")
@pytest.mark.parametrize(
    "at", [("worker.ts", 3, 15), ("worker.ts", 4, 10)], ids=["at its binding", "at a use"]
)
def test_a_local_destructured_from_a_union_takes_in_each_members_property(
    tmp_path: Path, at: Location
) -> None:
    """tsgo's references at ``const { type } = ...(data as Message)`` are the local's and the
    ``type`` of each member of the union (``{ type: "set" }`` of a SetMessage, ``{ type: "get"
    }`` of a GetMessage), not one member's alone (comlink's ``const { id, type, path } = { path:
    [], ...(ev.data as Message) }``); at a use of the local, the local's alone."""
    _, sites, server = usages_beside_server(tmp_path, UNION, "tsgo", at)
    assert (("worker.ts", 6, 34) in server) == (at[1] == 3)
    assert (("worker.ts", 7, 34) in server) == (at[1] == 3)
    assert sites == server


PATCHES = {
    "tsconfig.json": TSCONFIG,
    "patch.ts": (
        "export interface Patch {\n"  # 1
        "  op: string;\n"  # 2
        "  path: string;\n"  # 3
        "}\n"
        "export function make(kind: number): Patch {\n"  # 5
        '  const op = kind > 0 ? "add" : "remove";\n'  # 6
        '  const path = "/";\n'  # 7
        '  if (op === "add") return { op, path };\n'  # 8
        "  return { op: op, path };\n"  # 9
        "}\n"
    ),
    "other.ts": (
        "import type { Patch } from './patch.js';\n"  # 1
        "export const opOf = (p: Patch) => p.op;\n"  # 2
    ),
}


@pytest.mark.parametrize(
    "at", [("patch.ts", 8, 30), ("patch.ts", 8, 7)], ids=["at the shorthand", "at a use"]
)
def test_a_shorthand_propertys_usages_are_the_locals_and_the_propertys(
    tmp_path: Path, at: Location
) -> None:
    """tsgo's references at ``{ op, path }`` are the local ``op``'s and ``Patch.op``'s (``p.op``
    in another file); at a use of the local, the local's alone (immer's generatePatches)."""
    _, sites, server = usages_beside_server(tmp_path, PATCHES, "tsgo", at)
    assert (("other.ts", 2, 37) in server) == (at[2] == 30)
    assert ("patch.ts", 9, 16) in server
    assert sites == server


INFERRED = {
    "tsconfig.json": TSCONFIG,
    "types.ts": (
        "export type Draft<T> = T extends Map<infer K, infer V>\n"  # 1
        "  ? Map<K, Draft<V>>\n"  # 2
        "  : T extends Set<infer V>\n"  # 3
        "  ? Set<Draft<V>>\n"  # 4
        "  : { [V in keyof T]: T[V] };\n"  # 5: a mapped type's key of that name
        "export type Args<F> = F extends (...args: infer A) => void ? A : never;\n"  # 6
        "export type Rest<F> = F extends (first: 1, ...rest: infer A) => void ? A : F;\n"  # 7
    ),
}


@pytest.mark.parametrize(
    "at",
    [("types.ts", 4, 15), ("types.ts", 2, 18), ("types.ts", 5, 25), ("types.ts", 6, 62)],
    ids=["infer in a false branch", "infer", "mapped key", "infer in its alias alone"],
)
def test_an_infer_types_usages_are_its_conditional_types_true_branchs(
    tmp_path: Path, at: Location
) -> None:
    """``infer V`` binds ``V`` in its conditional type's true branch, as tsgo's references
    list it: not the other ``infer V`` of the false branch, nor a mapped type's key ``V``, nor
    another alias's ``infer A`` (immer's Draft: lsai listed every ``V`` of the file)."""
    _, sites, server = usages_beside_server(tmp_path, INFERRED, "tsgo", at)
    assert server == {at}
    assert sites == server


@needs("tsgo")
def test_a_javascript_parameters_usages_take_in_its_jsdoc_param_tag(tmp_path: Path) -> None:
    files = {**TYPESCRIPT, "tsconfig.json": JSCONFIG}
    _, sites, server = usages_beside_server(tmp_path, files, "tsgo", ("src/doc.js", 6, 10))
    assert ("src/doc.js", 2, 21) in server
    assert sites == server


@needs("gopls")
def test_a_go_locals_usages_are_its_scopes_names_not_its_doc_comment(tmp_path: Path) -> None:
    """``result := factor * 2`` under ``// result is twice the factor.``: gopls renames the
    comment's word but lists only the code."""
    _, sites, server = usages_beside_server(tmp_path, GO, "gopls", ("doc.go", 7, 9))
    assert sites == server == {("doc.go", 7, 9)}
    _, sites, server = usages_beside_server(tmp_path, GO, "gopls", ("join.go", 25, 9))
    assert sites == server


@pytest.mark.parametrize(
    ("server", "at", "kind", "containing"),
    [
        ("ty", ("m/net.py", 6, 26), "local", "function fetch"),  # tries, in nested `later`
        ("ty", ("m/net.py", 7, 18), "parameter", "function fetch"),  # timeout
        ("ty", ("m/use.py", 3, 12), "parameter", "function fetch"),  # timeout=3
        ("tsgo", ("src/cart.ts", 5, 47), "local", "function total"),  # count, destructured
        ("gopls", ("join.go", 16, 52), "local", "function Join"),  # count, in a closure
    ],
)
def test_info_at_a_local_is_its_binding_where_the_servers_definition_leads(
    tmp_path: Path, server: str, at: Location, kind: str, containing: str
) -> None:
    files = {"ty": PYTHON, "tsgo": TYPESCRIPT, "gopls": GO}[server]
    served_tree(tmp_path, files, server)
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        found = info(ws, InfoInput(file=at[0], line=at[1], col=at[2]))
    finally:
        ws.close()
    binding = (found.symbol.file, found.symbol.line, found.symbol.col)
    assert {binding} == asyncio.run(live_definition(tmp_path, server, at))
    assert (found.symbol.kind, found.containing) == (kind, containing)
    assert (
        found.symbol.signature
        == Path(tmp_path / binding[0]).read_text().split("\n")[binding[1] - 1].strip()
    )


DOCUMENTED = {
    "jsconfig.json": JSCONFIG,
    "req.js": (
        "const req = {};\n"  # 1
        "/**\n"
        " * @param {String} name\n"  # 3
        " */\n"
        "req.get =\n"  # 5
        "req.header = function header(name) {\n"  # 6
        "  return name;\n"  # 7
        "};\n"
        "/**\n"
        " * @param {Object} [options]\n"  # 10
        " */\n"
        "var proto = module.exports = function (options) {\n"  # 12
        "  return options;\n"  # 13
        "};\n"
        "/** @param {number} n */\n"  # 15
        "const arrow = (n) => n;\n"  # 16
        "/** @param {number} a */\n"  # 17
        "export function declared(a) { return a; }\n"  # 18
        "const o = {\n"  # 19
        "  /** @param {number} e */\n"  # 20
        "  run(e) { return e; },\n"  # 21
        "};\n"
        "/** @param {number} d */\n"  # 23
        "export default function (d) { return d; }\n"  # 24
    ),
}


@needs("tsgo")
@pytest.mark.parametrize(
    ("at", "tag"),
    [
        (("req.js", 7, 10), None),
        (("req.js", 13, 10), None),
        (("req.js", 16, 22), None),
        (("req.js", 18, 38), 17),
        (("req.js", 21, 19), 20),
        (("req.js", 24, 38), 23),
    ],
    ids=["a = b = function", "var a = b = function", "arrow", "declaration", "method", "default"],
)
def test_a_jsdoc_param_tag_is_a_usage_of_a_declared_functions_parameter_alone(
    tmp_path: Path, at: Location, tag: int | None
) -> None:
    """tsgo ties a ``@param`` tag to a parameter of a function declaration or a method, not of
    a function expression or an arrow function a variable or a property holds (express's
    ``req.get = req.header = function header(name)``, ``var proto = module.exports =
    function(options)``)."""
    _, sites, server = usages_beside_server(tmp_path, DOCUMENTED, "tsgo", at)
    assert {line for _, line, _ in server if line != at[1]} == ({tag} if tag else set())
    assert sites == server


REASSIGNED_FUNCTION = {
    "jsconfig.json": JSCONFIG,
    "lib/help.js": (
        "function context(error) {\n"  # 1
        "  let write;\n"  # 2
        "  if (error) {\n"  # 3
        "    write = (arg) => console.error(arg);\n"  # 4
        "  } else {\n"  # 5
        "    write = (arg) => console.log(arg);\n"  # 6: after `{`, the index's function
        "  }\n"
        "  return { write };\n"  # 8
        "}\n"
        "module.exports = { context };\n"
    ),
}


@needs("tsgo")
def test_a_function_assigned_after_a_brace_is_no_shorthand_property(tmp_path: Path) -> None:
    """commander's ``} else {`` then ``write = (arg) => ...``: a function of the index named at
    the position after a ``{``, not a shorthand reading the local ``let write``; asked there it
    answered by asking the same position again, without end."""
    found, sites, server = usages_beside_server(
        tmp_path, REASSIGNED_FUNCTION, "tsgo", ("lib/help.js", 6, 5)
    )
    declared = asyncio.run(live_references(tmp_path, "tsgo", ("lib/help.js", 6, 5), True))
    assert found.symbol.kind == "function" and ("lib/help.js", 8, 12) in server
    assert ("lib/help.js", 8, 12) in sites and sites <= declared  # `let write`: a declaration


_DEEP = 3000
"""Terms of a sum, each a level of its syntax tree: ~3 Python frames a level in the walks."""


@pytest.mark.parametrize(
    ("file", "source", "at"),
    [
        ("deep.py", "def f(a):\n    return (a +\n{})\n", (1, 7)),
        ("deep.go", "package p\n\nfunc f(a int) int {\n\treturn a +\n{}\n}\n", (3, 8)),
        ("deep.c", "int f(int a) {\n  return a +\n{};\n}\n", (1, 11)),
        ("deep.js", "function f(a) {\n  return a +\n{};\n}\n", (1, 12)),
    ],
)
def test_a_locals_usages_reach_through_an_expression_thousands_of_levels_deep(
    tmp_path: Path, file: str, source: str, at: tuple[int, int]
) -> None:
    """A long sum nests as deep as it has terms (generated tables, long concatenations):
    Python's default limit of 1,000 frames failed the scope walk (INTERNAL_ERROR)."""
    (tmp_path / file).write_text(source.replace("{}", " +\n".join(["        a"] * _DEEP)))
    assert run_index(tmp_path, backend="tree-sitter").complete
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    try:
        found = usages(ws, UsagesInput(file=file, line=at[0], col=at[1], limit=5))
    finally:
        ws.close()
    assert found.total == _DEEP + 1  # the first term, then one a line


ANNOTATIONS = {
    "tsconfig.json": TSCONFIG,
    "annotation.ts": (
        "export type Annotation = {\n"  # 1
        "  make_(key: string): number;\n"  # 2
        "  decorate_(value: unknown): void;\n"  # 3
        "};\n"
        "export function create(a: Annotation): Annotation {\n"  # 5
        "  return a;\n"
        "}\n"
        "export function apply(a: Annotation): void {\n"  # 8
        '  a.decorate_(a.make_("k"));\n'  # 9
        "}\n"
    ),
    "override.ts": (
        "import { create } from './annotation.js';\n"  # 1
        "export const override = create({\n"  # 2
        "  make_,\n"  # 3
        "  decorate_,\n"  # 4
        "});\n"
        "function make_(key: string): number {\n"  # 6
        "  return key.length;\n"
        "}\n"
        "function decorate_(value: unknown): void {\n"  # 9
        "  make_(String(value));\n"  # 10
        "}\n"
    ),
}


@pytest.mark.parametrize(
    "at",
    [("override.ts", 4, 3), ("override.ts", 3, 3), ("override.ts", 10, 3)],
    ids=["at the shorthand", "at a shorthand whose function is called", "at a call"],
)
def test_a_shorthand_naming_a_function_answers_the_functions_and_the_declared_members_usages(
    tmp_path: Path, at: Location
) -> None:
    """``createDecoratorAnnotation({ make_, extend_, decorate_20223_ })`` (mobx's
    overrideannotation.ts): tsgo's references at the shorthand are the module function's and
    those of ``Annotation.decorate_20223_``, the member the parameter's type declares there
    (``a.decorate_(...)`` in another file); at a call of the function, the function's alone.
    lsai answered the function's alone at the shorthand too."""
    _, sites, server = usages_beside_server(tmp_path, ANNOTATIONS, "tsgo", at)
    assert (("annotation.ts", 9, 5) in server) == (at[1:] == (4, 3))
    assert (("annotation.ts", 9, 17) in server) == (at[1:] == (3, 3))
    assert sites == server


NAMED_EXPRESSIONS = {
    "jsconfig.json": JSCONFIG,
    "writer.js": (
        "function Writer() {}\n"
        "Writer.prototype.render = function render(depth) {\n"
        "  if (depth > 0) return render(depth - 1);\n"
        "  var inner = function (render) { return render; };\n"
        "  return inner(depth);\n"
        "};\n"
        "var mustache = {};\n"
        "mustache.render = function render(template) {\n"
        "  return new Writer().render(template);\n"
        "};\n"
        "module.exports = { Writer: Writer, mustache: mustache };\n"
    ),
}


@needs("tsgo")
@pytest.mark.parametrize("at", [(2, 37), (3, 25), (8, 29)])
def test_a_function_expressions_name_is_bound_inside_it_alone(
    tmp_path: Path, at: tuple[int, int]
) -> None:
    """mustache's ``Writer.prototype.render = function render (...)`` and ``mustache.render =
    function render (...)``: the expression's name binds the function inside it (its recursive
    calls, not where a parameter of a function within shadows it); tsgo's references there are
    those names alone. lsai found no binding there and listed every ``render`` tied to no
    symbol by name, the other expression's among them (1 extra each); its note says what the
    name is (not "a name a module-level destructuring binds" outside any function)."""
    where = ("writer.js", *at)
    found, sites, server = usages_beside_server(
        tmp_path, NAMED_EXPRESSIONS, "tsgo", where, declarations=True
    )
    assert server and sites == server
    assert any("name of a function or class expression" in n for n in found.provenance.notes)
    stored, theirs = renamed_beside_server(tmp_path, NAMED_EXPRESSIONS, "tsgo", where, "draw")
    assert stored == theirs
