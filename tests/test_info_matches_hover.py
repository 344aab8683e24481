"""``info`` against what the live server's hover shows at the definition.

A Python variable's docstring (``LIMIT = 3`` then a string statement, at module or class
level), which ty's hover shows, was no doc of lsai's.

koa's ``const debug = require('debug')('koa:application')`` was read as an import (its value
starts with ``require(``), no variable: tsgo's outline lists it, and lsai's info had no
signature where tsgo's hover has ``const debug: any``; only ``require('m')`` and
``require('m').x`` import.

bench/diag_bench.py compares lsai's info with ``textDocument/hover`` at the definition. lsai read
the comment ending on the line above a declaration as its doc, even the trailing comment of the
code there (``rander = rand.Reader // random function`` was the doc of the next ``poolEnabled``
in google/uuid; tsgo, clangd and gopls show none); it never read a JSDoc block separated from
its declaration by a blank line, which tsgo shows, nor clangd's comment so separated; a Go ``var
( ... )`` group's comment was no doc of its members (tree-sitter-go holds them in a
``var_spec_list``), where gopls shows it for each (google/uuid ``NameSpaceOID``: "Well known
namespace IDs and UUIDs")."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from lsai.indexer.lsp import client
from lsai.indexer.lsp.documents import Documents, SourceText
from lsai.indexer.lsp.session import LspSession
from lsai.query.info import InfoInput, info
from lsai.query.workspace import open_workspace
from tests.trees import served_tree

Asked = dict[str, tuple[str, int, int]]  # name -> (file, line, column) of its definition

TS = {
    "tsconfig.json": '{"compilerOptions": {"strict": true}}\n',
    "a.ts": "export let a = 1, // about a\n  b = 2;\n\n/** Doc of f. */\n\n"
    "export function f(): void {}\nexport const x = 1; // about x\nexport const y = 2;\n"
    "// About g.\nexport function g(): void {}\n"  # 9, 10
    "/* tslint:disable:max-line-length */\nexport function h(): void {}\n"  # 11, 12
    "/** Doc of k. */\n// eslint-disable-next-line no-console\nexport function k(): void {}\n",
}
TS_ASKED: Asked = {
    "b": ("a.ts", 2, 3),
    "f": ("a.ts", 6, 17),
    "y": ("a.ts", 8, 14),
    "g": ("a.ts", 10, 17),
    "h": ("a.ts", 12, 17),
    "k": ("a.ts", 15, 17),
}
C = {
    "a.c": "int a = 1; // about a\nint b = 2;\n\n/** Doc of f. */\n\nint f(void) { return 0; }\n"
    "\n// Doc of g.\n\nint g(void) { return 0; }\n"
    "struct S {\n  int x; /* About x. */\n  int y;\n  int w; /**< About w. */\n};\n"
    "static const int m = 7;   /* About m. */\nenum E { E1, /* About E1. */ E2 };\n"
    '/* Names. */\nstatic const char *t[] = {"a"};\n',
    "compile_commands.json": json.dumps(
        [{"directory": ".", "file": "a.c", "command": "cc -c a.c"}]
    ),
}
C_ASKED: Asked = {
    "b": ("a.c", 2, 5),
    "f": ("a.c", 6, 5),
    "g": ("a.c", 10, 5),
    "x": ("a.c", 12, 7),
    "y": ("a.c", 13, 7),
    "w": ("a.c", 14, 7),
    "m": ("a.c", 16, 18),
    "E1": ("a.c", 17, 10),
    "t": ("a.c", 19, 20),
}
GO = {
    "go.mod": "module example.com/h\n\ngo 1.19\n",
    "h.go": "package h\n\n// Group doc.\nvar (\n\tA = 1 // about A\n\tB = 2\n)\n\n// Not F's.\n\n"
    "func F() {}\n\nvar (\n\tR = 1 // About R.\n\tP = 2\n)\n\n"
    "type T struct {\n\tX int // About X.\n}\n",
}
GO_ASKED: Asked = {
    "A": ("h.go", 5, 2),
    "B": ("h.go", 6, 2),
    "F": ("h.go", 11, 6),
    "R": ("h.go", 14, 2),
    "P": ("h.go", 15, 2),
    "X": ("h.go", 19, 2),
}

PY = {
    "pyproject.toml": '[project]\nname = "fx"\nversion = "0"\n',
    "m.py": 'LIMIT = 3\n"""The limit."""\n\nPLAIN = 4\n\n\nclass Conf:\n    """Settings."""\n\n'
    '    debug: bool = False\n    """Whether to debug."""\n\n\ndef f() -> None:\n'
    '    """Do it."""\n',
}
PY_ASKED: Asked = {
    "LIMIT": ("m.py", 1, 1),
    "PLAIN": ("m.py", 4, 1),
    "Conf": ("m.py", 7, 7),
    "debug": ("m.py", 10, 5),
    "f": ("m.py", 14, 5),
}
JS = {
    "jsconfig.json": '{"compilerOptions": {"checkJs": false}}\n',
    "d.js": "module.exports = (name) => name;\n",
    "app.js": "const debug = require('./d')('app');\nconst made = require('./d');\n"
    "module.exports = { debug, made };\n",
}

_FENCE = re.compile(r"```.*?```", re.S)
_SIGNATURE = re.compile(r"```\w*\n(.*?)\n```", re.S)
_NOT_DOC = re.compile(r"-{3,}|#+ .*|\[.*\]\(.*\)|(?:→|Type:|Value = |Offset:|Size:).*")
"""Not a doc line of a hover: a rule, clangd's heading and facts, gopls's link to pkg.go.dev."""


def _markdown_hover(offered: object) -> object:
    def capabilities(encodings: object) -> lsp.ClientCapabilities:
        found = offered(encodings)  # type: ignore[operator]
        found.text_document.hover = lsp.HoverClientCapabilities(
            content_format=[lsp.MarkupKind.Markdown]
        )
        return found  # type: ignore[no-any-return]

    return capabilities


def _doc(hover: lsp.Hover | None) -> str | None:
    """The first line of the hover's prose: its documentation."""
    value = getattr(hover.contents, "value", "") if hover is not None else ""
    lines = [ln.strip() for ln in _FENCE.sub("\n", value).splitlines()]
    return next((ln for ln in lines if ln and not _NOT_DOC.fullmatch(ln)), None)


async def _hovers(
    root: Path, server: str, language: str, asked: Asked, read: object = None
) -> dict[str, str | None]:
    files = [
        SourceText(path, language, (root / path).read_text(encoding="utf-8"))
        for path in sorted({at[0] for at in asked.values()})
    ]
    async with LspSession(server, root, ".") as session:
        documents = Documents(session.workspace_root, files, session.lsp.encoding)
        await session.index(files)
        found = {}
        for name, (path, line, col) in asked.items():
            params = lsp.HoverParams(
                text_document=lsp.TextDocumentIdentifier(uri=documents.uri(path)),
                position=documents.position(path, line, col),
            )
            hover = await session.lsp.request(lsp.TEXT_DOCUMENT_HOVER, params)
            found[name] = (read or _doc)(hover)  # type: ignore[operator]
        return found


def _docs(root: Path, asked: Asked) -> dict[str, str | None]:
    ws = open_workspace(root)
    try:
        return {
            name: info(ws, InfoInput(file=path, line=line, col=col)).doc
            for name, (path, line, col) in asked.items()
        }
    finally:
        ws.close()


def _compare(
    root: Path, monkeypatch: pytest.MonkeyPatch, files: dict[str, str], server: str, asked: Asked
) -> dict[str, str | None]:
    served_tree(root, files, server)
    monkeypatch.setattr(client, "client_capabilities", _markdown_hover(client.client_capabilities))
    language = {"tsgo": "typescript", "clangd": "c", "gopls": "go", "ty": "python"}[server]
    shown = asyncio.run(_hovers(root, server, language, asked))
    assert _docs(root, asked) == shown
    return shown


def test_a_jsdoc_across_a_blank_line_is_a_doc_and_a_trailing_comment_is_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = _compare(tmp_path, monkeypatch, TS, "tsgo", TS_ASKED)
    assert shown == {"b": None, "f": "Doc of f.", "y": None, "g": None, "h": None, "k": "Doc of k."}


def test_a_c_comment_across_a_blank_line_or_after_a_field_on_its_line_is_a_doc(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = _compare(tmp_path, monkeypatch, C, "clangd", C_ASKED)
    assert shown == {
        "b": None,
        "f": "Doc of f.",
        "g": "Doc of g.",
        "x": "About x.",
        "y": None,
        "w": "About w.",
        "m": "About m.",
        "E1": "About E1.",
        "t": "Names.",
    }


def test_a_go_var_group_comment_or_a_comment_after_a_spec_on_its_line_is_a_doc(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = _compare(tmp_path, monkeypatch, GO, "gopls", GO_ASKED)
    assert shown == {
        "A": "Group doc.",
        "B": "Group doc.",
        "F": None,
        "R": "About R.",
        "P": None,
        "X": "About X.",
    }


def test_a_python_variable_s_docstring_is_the_string_after_its_assignment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = _compare(tmp_path, monkeypatch, PY, "ty", PY_ASKED)
    assert shown == {
        "LIMIT": "The limit.",
        "PLAIN": None,
        "Conf": "Settings.",
        "debug": "Whether to debug.",
        "f": "Do it.",
    }


def _signature(hover: lsp.Hover | None) -> str | None:
    found = _SIGNATURE.search(getattr(hover.contents, "value", "")) if hover else None
    return found.group(1) if found else None


def test_a_variable_holding_a_call_of_what_require_returns_has_its_signature(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    served_tree(tmp_path, JS, "tsgo")
    monkeypatch.setattr(client, "client_capabilities", _markdown_hover(client.client_capabilities))
    asked = {"debug": ("app.js", 1, 7)}
    shown = asyncio.run(_hovers(tmp_path, "tsgo", "javascript", asked, _signature))
    assert shown["debug"] is not None and shown["debug"].startswith("const debug: ")
    ws = open_workspace(tmp_path)
    try:
        found = info(ws, InfoInput(file="app.js", line=1, col=7))
        assert found.symbol.signature == "const debug = require('./d')('app')"
        assert found.symbol.kind == "constant"
    finally:
        ws.close()


COMMENTED = {
    "deps.py": (
        "def Depends(  # noqa: N802\n"
        "    dependency: int = 0,  # what is called\n"
        "    *,\n"
        "    use_cache: bool = True,\n"
        ") -> int:\n"
        "    return dependency\n"
    ),
}


def test_a_comment_in_a_parameter_list_is_no_part_of_the_signature(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """fastapi's ``def Depends(  # noqa: N802``: the comment sits in the parameter list, below
    the definition's own children, and lsai's signature and parameters read ``def Depends(#
    noqa: N802 dependency: ...``, as if the rest were a comment; ty's hover shows none."""
    served_tree(tmp_path, COMMENTED, "ty")
    monkeypatch.setattr(client, "client_capabilities", _markdown_hover(client.client_capabilities))
    asked = {"Depends": ("deps.py", 1, 5)}
    shown = asyncio.run(_hovers(tmp_path, "ty", "python", asked, _signature))["Depends"]
    assert shown is not None
    one_line = " ".join(line.strip() for line in shown.splitlines())
    ws = open_workspace(tmp_path)
    try:
        found = info(ws, InfoInput(file="deps.py", line=1, col=5))
    finally:
        ws.close()
    assert found.symbol.signature == one_line.replace("( ", "(").replace(" )", ")")
    assert found.params == "(dependency: int = 0, *, use_cache: bool = True)"
