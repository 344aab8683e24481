"""C++ members against the live clangd (found measuring annoy, pyclipper and editdistance): a
destructor, an operator, a constructor called from a member initializer, the fields of an
anonymous union, a using-directive. lsai's stored usages and callers of each are compared with
clangd's ``textDocument/references`` and ``callHierarchy/incomingCalls``."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import NamedTuple

import pytest
from lsprotocol import types as lsp

from lsai.indexer.lsp.documents import Documents
from lsai.indexer.lsp.session import LspSession
from lsai.query.contracts import OutlineInput, SearchInput, SearchResult
from lsai.query.outline import outline
from lsai.query.search import search
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace, open_workspace
from tests.test_lsp_typescript import sources
from tests.test_ty_union_calls import Callable, live_callers, stored_callers
from tests.trees import served_tree

FILES = {
    "compile_commands.json": json.dumps(
        [
            {"directory": ".", "file": "main.cc", "command": "c++ -std=c++17 -c main.cc"},
            {"directory": ".", "file": "index.cc", "command": "c++ -std=c++17 -c index.cc"},
        ]
    ),
    "index.h": (
        "namespace ann {\n"  # 1
        "struct Node {\n"  # 2
        "  int n;\n"  # 3
        "  union {\n"  # 4
        "    int children[2];\n"  # 5
        "    float norm;\n"  # 6
        "  };\n"  # 7
        "};\n"  # 8
        "template <typename T>\n"  # 9
        "class Index {\n"  # 10
        " public:\n"  # 11
        "  Index(int f) : f_(f) {}\n"  # 12
        "  ~Index() { unload(); }\n"  # 13
        "  void unload() { f_ = 0; }\n"  # 14
        "  bool operator==(const Index& o) const { return f_ == o.f_; }\n"  # 15
        "  int f_;\n"  # 16
        "};\n"  # 17
        "class Tree {\n"  # 18
        " public:\n"  # 19
        "  Tree(int n);\n"  # 20
        "  ~Tree();\n"  # 21
        "  bool operator == (const Tree& o) const;\n"  # 22
        "  int n_;\n"  # 23
        "};\n"  # 24
        "}  // namespace ann\n"  # 25
    ),
    "index.cc": (
        '#include "index.h"\n'  # 1
        "namespace ann {\n"  # 2
        "Tree::Tree(int n) : n_(n) {}\n"  # 3
        "Tree::~Tree() { n_ = 0; }\n"  # 4
        "bool Tree::operator == (const Tree& o) const { return n_ == o.n_; }\n"  # 5
        "}  // namespace ann\n"  # 6
    ),
    "main.cc": (
        '#include "index.h"\n'  # 1
        "using namespace ann;\n"  # 2
        "struct Wrapper {\n"  # 3
        "  Wrapper(int f) : index_(f) {}\n"  # 4
        "  Index<float> index_;\n"  # 5
        "};\n"  # 6
        "int first(Node* node) { return node->children[0] + node->n; }\n"  # 7
        "int user() {\n"  # 8
        "  Index<float>* p = new Index<float>(3);\n"  # 9
        "  Index<float> q(4);\n"  # 10
        "  bool same = *p == q;\n"  # 11
        "  delete p;\n"  # 12
        "  Wrapper w(5);\n"  # 13
        "  return same + first(nullptr) + w.index_.f_;\n"  # 14
        "}\n"  # 15
        "bool trees() { Tree t(1); Tree u = Tree(2); return t == u; }\n"  # 16
    ),
}
DESTRUCTOR = ("index.h", 13, 3)
UNLOAD = ("index.h", 14, 8)
CHILDREN = ("index.h", 5, 9)
INDEX, TREE = ("index.h", 10, 7), ("index.h", 18, 7)
INDEX_INIT, INDEX_FIELD = ("index.h", 12, 3), ("main.cc", 5, 16)
TREE_EQUALS = ("index.cc", 5, 12)
Site = tuple[str, int, int]


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cpp_members")
    served_tree(root, FILES, "clangd")
    return root


async def live_references(root: Path, asked: list[Site]) -> dict[Site, set[Site]]:
    """clangd's references of each of ``asked``, but the asked name (its other declarations
    are usages, as lsai's: a method's in its class)."""
    files = sources(root)
    async with LspSession("clangd", root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        out: dict[Site, set[Site]] = {}
        for path, line, col in asked:
            params = lsp.ReferenceParams(
                text_document=lsp.TextDocumentIdentifier(uri=documents.uri(path)),
                position=documents.position(path, line, col),
                context=lsp.ReferenceContext(include_declaration=True),
            )
            found = await session.lsp.request(lsp.TEXT_DOCUMENT_REFERENCES, params) or []
            out[(path, line, col)] = {
                (where, *documents.column(where, lsp.Position(**r["range"]["start"])))
                for r in found
                if (where := documents.path_of(r["uri"])) is not None
            } - {(path, line, col)}
        return out


def stored_usages(ws: Workspace, at: Site) -> set[Site]:
    path, line, col = at
    found = usages(ws, UsagesInput(file=path, line=line, col=col, limit=1000))
    return {(f.file, u.line, u.col) for f in found.files for u in f.usages}


class Beside(NamedTuple):
    """lsai's answers beside clangd's at the same sites: references and usages of ``asked``,
    incoming calls and callers of ``called`` (``beside_clangd``)."""

    live: dict[Site, set[Site]]
    calls: dict[Site, set[tuple[str, str]]]
    stored: dict[Site, set[Site]]
    callers: dict[Site, set[tuple[str, str]]]


def beside_clangd(tree: Path, asked: list[Site], called: list[Site]) -> Beside:
    """clangd's references of ``asked`` and incoming calls of ``called``, and lsai's usages and
    callers of the same, from the index of ``tree``."""
    live = asyncio.run(live_references(tree, asked))
    calls = asyncio.run(live_callers(tree, called, server="clangd"))
    ws = open_workspace(tree)
    try:
        stored = {at: stored_usages(ws, at) for at in asked}
        callers = {at: stored_callers(ws, at) for at in called}
    finally:
        ws.close()
    return Beside(live, calls, stored, callers)


def searched(tree: Path, query: str) -> SearchResult:
    """lsai's search of ``query`` in the index of ``tree``."""
    ws = open_workspace(tree)
    try:
        return search(ws, SearchInput(query=query))
    finally:
        ws.close()


def test_a_destructor_is_no_usage_nor_caller_of_itself(tree: Path) -> None:
    asked: list[Callable] = [DESTRUCTOR, UNLOAD]
    live, calls, stored, callers = beside_clangd(tree, asked, asked)
    assert stored == live
    assert DESTRUCTOR not in stored[DESTRUCTOR]
    # clangd names a member of a class template with its parameters: `~Index<T>`
    assert callers == {at: {(n.split("<")[0], p) for n, p in c} for at, c in calls.items()}
    assert callers[UNLOAD] == {("~Index", "index.h")}


def test_the_fields_of_an_anonymous_union_are_the_structs(tree: Path) -> None:
    live = asyncio.run(live_references(tree, [CHILDREN]))
    ws = open_workspace(tree)
    try:
        stored = stored_usages(ws, CHILDREN)
        found = outline(ws, OutlineInput(file="index.h", depth=5))
        hits = search(ws, SearchInput(query="children"))
    finally:
        ws.close()
    assert stored == live[CHILDREN] == {("main.cc", 7, 38)}
    (ann,) = found.sections[0].members
    node = next(m for m in ann.members if m.name == "Node")
    assert [m.name for m in node.members] == ["n", "children", "norm"]
    assert [(h.name, h.file, h.line) for h in hits.symbols] == [("children", "index.h", 5)]


def test_a_using_directive_is_no_symbol(tree: Path) -> None:
    ws = open_workspace(tree)
    try:
        found = outline(ws, OutlineInput(file="main.cc"))
    finally:
        ws.close()
    assert [m.name for m in found.sections[0].members] == ["Wrapper", "first", "user", "trees"]


def test_a_classs_usages_are_clangds_references_of_it(tree: Path) -> None:
    """A constructor's declarations name the class (``Tree(int n);``, ``Tree::Tree``); a
    construction names it where it spells it, not at ``q`` in ``Index<float> q(4)``."""
    asked = [INDEX, TREE]
    live = asyncio.run(live_references(tree, asked))
    ws = open_workspace(tree)
    try:
        stored = {at: stored_usages(ws, at) for at in asked}
    finally:
        ws.close()
    assert stored == live
    assert ("index.h", 20, 3) in stored[TREE] and ("main.cc", 10, 16) not in stored[INDEX]


def test_members_defined_out_of_line_are_in_their_files_outline(tree: Path) -> None:
    """``Tree::Tree(int n) {}`` in ``namespace ann``: the constructor's name, which clangd
    answers among the class's references too, declares no class in that file."""
    ws = open_workspace(tree)
    try:
        found = outline(ws, OutlineInput(file="index.cc", depth=3))
    finally:
        ws.close()
    (ann,) = found.sections[0].members
    assert (ann.name, [m.name for m in ann.members]) == ("ann", ["Tree", "~Tree", "operator=="])


def test_an_operator_spelled_with_spaces_is_one_symbol(tree: Path) -> None:
    """``operator ==`` is clangd's ``operator==``: one symbol, its usages and callers
    clangd's."""
    live, calls, usages_of, callers_of = beside_clangd(tree, [TREE_EQUALS], [TREE_EQUALS])
    stored, callers = usages_of[TREE_EQUALS], callers_of[TREE_EQUALS]
    hits = searched(tree, "operator*")
    assert stored == live[TREE_EQUALS] and callers == calls[TREE_EQUALS] == {("trees", "main.cc")}
    found = sorted((h.name, h.file, h.line) for h in hits.symbols if "==" in h.name)
    assert found == [("operator==", "index.cc", 5), ("operator==", "index.h", 15)]


def test_a_member_initializer_constructing_a_field_calls_the_constructor(tree: Path) -> None:
    """``Wrapper(int f) : index_(f) {}``: clangd's references of ``Index(int f)`` and of the
    field ``index_`` both list ``index_(f)``, and its incoming calls of the constructor name
    ``Wrapper``; its definition there names the field alone."""
    asked = [INDEX_INIT, INDEX_FIELD]
    live, calls, stored, callers_of = beside_clangd(tree, asked, [INDEX_INIT])
    callers = callers_of[INDEX_INIT]
    assert stored == live
    assert ("main.cc", 4, 20) in stored[INDEX_INIT] & stored[INDEX_FIELD]
    assert callers == {(n.split("<")[0], p) for n, p in calls[INDEX_INIT]}
    assert ("Wrapper", "main.cc") in callers
