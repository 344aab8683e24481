"""TypeScript 7's server (``tsc --lsp --stdio``) as the index backend for TypeScript and JavaScript.

The fixtures are copied to a temporary folder with one more file each: ``src/consumer.ts`` calls
``Circle.get`` and ``Base.get`` (a name collision), uses a renamed re-export and names a function
in a comment and a string; ``src/use.cjs`` reaches ``lib.cjs`` through ``require``.
"""

from __future__ import annotations

import asyncio
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from lsai.indexer import semantic
from lsai.indexer.crawler import discover
from lsai.indexer.lsp import ServerRun, SourceText, aliases, index_files, passes
from lsai.indexer.lsp.client import LspClient
from lsai.indexer.lsp.documents import Documents
from lsai.indexer.lsp.errors import ServerRequestFailed
from lsai.indexer.lsp.session import LspSession
from lsai.indexer.lsp.sweep import Options
from lsai.indexer.treesitter.extract import extract
from tests.trees import needs

pytestmark = needs("tsgo")

FIXTURES = Path(__file__).parent / "fixtures"
CONSUMER = """import { Circle, Colour, parseValue } from "./util";
import { Square } from "./shapes";

// makeCircle is only mentioned here, in a comment
export function use(c: Circle, s: Square): string {
  const note = "makeCircle";
  return `${c.get("k")} ${s.get(1)} ${Colour.Red} ${parseValue("1")} ${note}`;
}
"""
USE_CJS = """const { join, Store } = require("./lib.cjs");

function build() {
  const store = new Store("x");
  return join("a", "b") + store.get("k");
}

module.exports = { build };
"""
Occurrence = tuple[str, int, int, str]
KNOWN_KIND_GAPS = {"src/lib.cjs": {(53, 3)}}
"""``module.exports = { create: (name) => ... }``: tree-sitter says function; tsgo 7.0.2 lists a
property and its call hierarchy does not prepare it, so lsai cannot confirm it holds a function."""
TREE_SITTER_ONLY = {
    "src/shapes.ts": {"Point#x.", "Point#y."},
    "src/lib.cjs": {"create().", "Store#name."},
    "src/view.tsx": {"Badge().text."},
}
"""Definitions tree-sitter sees and tsgo does not list: members of a type literal; ``create``;
an instance property (``this.name = name``: ``treesitter.attributes``, adopted in a run).
(``exports.resolve = function`` has the same key from both, but tsgo's name span is at
``function``, tree-sitter's at ``resolve``.)"""


def key(language: str, path: str, descriptors: str, project: str = ".") -> str:
    return f"lsai {language} {project} {path} {descriptors}"


def sources(root: Path) -> list[SourceText]:
    workspace = discover(root)
    return [
        SourceText(
            f.path,
            f.language.id,
            f.absolute.read_text(encoding="utf-8"),
            workspace.project_of(f.path),
        )
        for f in workspace.files
    ]


def served(
    tmp: Path, fixture: str, extra: dict[str, str]
) -> tuple[Path, list[SourceText], ServerRun]:
    root = tmp / fixture
    shutil.copytree(FIXTURES / fixture, root, ignore=shutil.ignore_patterns(".lsai"))
    for path, text in extra.items():
        (root / path).write_text(text, encoding="utf-8")
    files = sources(root)
    return root, files, index_files("tsgo", root, ".", files, timeout=30)


@pytest.fixture(scope="module")
def ts(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[SourceText], ServerRun]:
    return served(tmp_path_factory.mktemp("ts"), "typescript", {"src/consumer.ts": CONSUMER})


@pytest.fixture(scope="module")
def js(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[SourceText], ServerRun]:
    return served(tmp_path_factory.mktemp("js"), "javascript", {"src/use.cjs": USE_CJS})


@pytest.fixture(scope="module")
def solution(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[SourceText], ServerRun]:
    return served(tmp_path_factory.mktemp("sln"), "ts_solution", {})


def refs(run: ServerRun, symbol_key: str) -> set[Occurrence]:
    return {
        (path, o.span.start_line, o.span.start_col, o.role)
        for found in (run.files, run.outside)
        for path, data in found.items()
        for o in data.occurrences
        if o.symbol_key == symbol_key
    }


def calls(run: ServerRun, path: str, caller: str) -> set[tuple[str, str | None, int, int]]:
    return {
        (c.callee_name, c.callee_key, c.line, c.col)
        for c in run.files[path].calls
        if c.caller_key == caller
    }


def test_every_file_is_complete_and_answered_by_typescript_go(
    ts: tuple[Path, list[SourceText], ServerRun],
) -> None:
    _, files, run = ts
    assert run.server == "typescript-go" and run.server_version
    assert run.position_encoding == "utf-8"
    assert {s.status for s in run.status.values()} == {"complete"}
    assert set(run.files) == {f.path for f in files}


@pytest.mark.parametrize("fixture", ["ts", "js", "solution"])
def test_symbol_keys_agree_with_tree_sitter_for_the_same_definitions(
    fixture: str, request: pytest.FixtureRequest
) -> None:
    _, files, run = request.getfixturevalue(fixture)
    for f in files:
        tree = extract(f.language, f.path, f.project or ".", f.content.encode("utf-8"))
        by_name = {(s.name_span.start_line, s.name_span.start_col): s.key for s in tree.symbols}
        server = {
            (s.name_span.start_line, s.name_span.start_col): s.key
            for s in run.files[f.path].symbols
        }
        both = by_name.keys() & server.keys() - KNOWN_KIND_GAPS.get(f.path, set())
        assert {at: server[at] for at in both} == {at: by_name[at] for at in both}, f.path
        missing = {s.key.rsplit(" ", 1)[1] for s in tree.symbols} - {
            s.key.rsplit(" ", 1)[1] for s in run.files[f.path].symbols
        }
        assert missing == TREE_SITTER_ONLY.get(f.path, set()), f.path


def test_functions_held_by_variables_are_functions_and_aliases_are_not_symbols(
    ts: tuple[Path, list[SourceText], ServerRun],
) -> None:
    _, _, run = ts
    util = {s.key for s in run.files["src/util.ts"].symbols}
    assert {key("typescript", "src/util.ts", d) for d in ("double().", "triple().")} <= util
    assert (
        not {key("typescript", "src/util.ts", d) for d in ("Circle.", "Colour.", "parseValue.")}
        & util
    )
    names = {s.name for f in run.files.values() for s in f.symbols}
    assert not [n for n in names if " " in n]  # "items.reduce() callback" names nothing


def test_circle_get_and_base_get_have_different_references(
    ts: tuple[Path, list[SourceText], ServerRun],
) -> None:
    _, _, run = ts
    circle_get = refs(run, key("typescript", "src/shapes.ts", "Circle#get()."))
    base_get = refs(run, key("typescript", "src/shapes.ts", "Base#get()."))
    assert ("src/consumer.ts", 7, 15, "reference") in circle_get
    assert ("src/consumer.ts", 7, 29, "reference") in base_get
    assert ("src/consumer.ts", 7, 29, "reference") not in circle_get
    assert ("src/consumer.ts", 7, 15, "reference") not in base_get


def test_a_name_in_a_comment_or_a_string_is_not_a_reference(
    ts: tuple[Path, list[SourceText], ServerRun],
) -> None:
    _, _, run = ts
    found = refs(run, key("typescript", "src/util.ts", "makeCircle()."))
    assert not [r for r in found if r[0] == "src/consumer.ts"]
    assert not [o for o in run.files["src/consumer.ts"].occurrences if o.span.start_line in (4, 6)]


def test_references_cross_files(ts: tuple[Path, list[SourceText], ServerRun]) -> None:
    _, _, run = ts
    assert refs(run, key("typescript", "src/util.ts", "makeCircle().")) == {
        ("src/util.ts", 50, 17, "definition"),
        ("src/view.tsx", 1, 10, "reference"),
        ("src/view.tsx", 10, 18, "reference"),
    }
    circle = refs(run, key("typescript", "src/shapes.ts", "Circle#"))
    assert {("src/util.ts", 51, 17, "reference"), ("src/consumer.ts", 5, 24, "reference")} <= circle


def test_re_exports_and_aliases_resolve_to_the_original_symbol(
    ts: tuple[Path, list[SourceText], ServerRun],
) -> None:
    _, _, run = ts
    color = refs(run, key("typescript", "src/shapes.ts", "Color#"))
    assert {("src/util.ts", 58, 19, "reference"), ("src/consumer.ts", 7, 39, "reference")} <= color
    parse = refs(run, key("typescript", "src/util.ts", "parse()."))
    assert {("src/util.ts", 56, 19, "reference"), ("src/consumer.ts", 7, 53, "reference")} <= parse


def test_outgoing_calls_carry_callee_keys(ts: tuple[Path, list[SourceText], ServerRun]) -> None:
    _, _, run = ts
    caller = key("tsx", "src/view.tsx", "CircleView().")
    assert calls(run, "src/view.tsx", caller) == {
        ("makeCircle", key("typescript", "src/util.ts", "makeCircle()."), 10, 18),
        ("area", key("typescript", "src/shapes.ts", "Circle#area()."), 11, 30),
    }
    make = key("typescript", "src/util.ts", "makeCircle().")
    assert calls(run, "src/util.ts", make) == {
        ("Circle", key("typescript", "src/shapes.ts", "Circle#"), 51, 17)
    }


def test_diagnostics_are_pulled(ts: tuple[Path, list[SourceText], ServerRun]) -> None:
    _, _, run = ts
    found = run.files["src/util.ts"].diagnostics
    assert any(d.severity == "error" and d.span.start_line == 12 for d in found)
    assert {d.severity for d in found} <= {"error", "warning", "info", "hint"}


def test_diagnostics_are_asked_with_the_outlines_and_again_after_a_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tsgo answers once it has loaded the project: every file's diagnostics are asked before
    its outlines, and a pull that failed then is asked again in the diagnostics pass."""
    events: list[tuple[str, str]] = []
    pull, outline = passes.pull_diagnostics, passes.document_symbols

    async def flaky(client: LspClient, documents: Documents, path: str) -> object:
        events.append(("diagnostics", path))
        if events.count(("diagnostics", path)) == 1 and path == "src/util.ts":
            raise ServerRequestFailed("injected", resolution="none")
        return await pull(client, documents, path)

    async def symbols(
        client: LspClient, documents: Documents, path: str, *args: Any, **kwargs: Any
    ) -> Any:
        events.append(("symbols", path))
        return await outline(client, documents, path, *args, **kwargs)

    monkeypatch.setattr(passes, "pull_diagnostics", flaky)
    monkeypatch.setattr(passes, "document_symbols", symbols)
    _, files, run = served(tmp_path, "typescript", {})

    first_outline = events.index(("symbols", files[0].path))
    assert {path for kind, path in events[:first_outline]} == {f.path for f in files}
    assert events.count(("diagnostics", "src/util.ts")) == 2
    assert events.index(("diagnostics", "src/util.ts"), first_outline) > first_outline
    found = run.files["src/util.ts"].diagnostics
    assert any(d.severity == "error" and d.span.start_line == 12 for d in found)
    assert run.status["src/util.ts"].status == "complete"


def test_a_kept_session_sends_the_server_only_the_files_that_changed(tmp_path: Path) -> None:
    """A second run on a kept session (a live index) leaves the files open with the same text
    as they are; the changed one is sent again and answered from its new text."""
    root = tmp_path / "typescript"
    shutil.copytree(FIXTURES / "typescript", root, ignore=shutil.ignore_patterns(".lsai"))
    files = sources(root)
    sent: list[tuple[str, str]] = []

    async def twice() -> ServerRun:
        async with LspSession("tsgo", root) as session:
            await session.index(files)
            notify = session.lsp.notify

            def recorded(method: str, params: Any) -> None:
                if method.startswith("textDocument/"):
                    sent.append((method, params.text_document.uri))
                notify(method, params)

            session.lsp.notify = recorded  # type: ignore[method-assign]
            changed = [
                replace(f, content=f.content + "\nexport const again = makeCircle(2);\n")
                if f.path == "src/util.ts"
                else f
                for f in files
            ]
            return await session.index(changed)

    run = asyncio.run(twice())
    assert sent == [("textDocument/didChange", (root / "src/util.ts").resolve().as_uri())]
    make = key("typescript", "src/util.ts", "makeCircle().")
    lines = len(next(f for f in files if f.path == "src/util.ts").content.splitlines())
    assert any(line == lines + 2 for path, line, _, _ in refs(run, make) if path == "src/util.ts")


def test_commonjs_require_references_cross_files_without_a_jsconfig(
    js: tuple[Path, list[SourceText], ServerRun],
) -> None:
    root, _, run = js
    assert not (root / "jsconfig.json").exists()
    join = refs(run, key("javascript", "src/lib.cjs", "join()."))
    assert {
        ("src/lib.cjs", 9, 10, "definition"),
        ("src/use.cjs", 1, 9, "reference"),
        ("src/use.cjs", 5, 10, "reference"),
        ("src/index.mjs", 11, 53, "reference"),  # import { join as joinPath } from "./lib.cjs"
    } <= join
    store = refs(run, key("javascript", "src/lib.cjs", "Store#"))
    assert ("src/use.cjs", 4, 21, "reference") in store


def test_references_cross_the_sub_projects_of_a_solution(
    solution: tuple[Path, list[SourceText], ServerRun],
) -> None:
    _, _, run = solution
    a, b = "packages/a/src/greet.ts", "packages/b/src/main.ts"
    greet = refs(run, key("typescript", a, "greet().", "packages/a"))
    assert {(a, 2, 17, "definition"), (b, 1, 10, "reference"), (b, 5, 52, "reference")} <= greet
    method = refs(run, key("typescript", a, "Greeter#greet().", "packages/a"))
    assert (b, 5, 38, "reference") in method
    welcome = key("typescript", b, "welcome().", "packages/b")
    assert ("Greeter", key("typescript", a, "Greeter#", "packages/a"), 4, 23) in calls(
        run, b, welcome
    )


def test_only_top_level_names_tree_sitter_does_not_declare_are_asked_if_they_are_imports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tsgo lists imports as top-level variables; lsai asks a variable's definition to tell an
    import (it lies elsewhere) from a declaration. Where tree-sitter declares the name (``export
    const MAX_SIZE``) nothing is asked; the imports still are, and still resolve."""
    root = tmp_path / "typescript"
    shutil.copytree(FIXTURES / "typescript", root, ignore=shutil.ignore_patterns(".lsai"))
    files = sources(root)
    asked: set[tuple[str, int, int]] = set()
    real = aliases.definition

    async def spy(client: LspClient, uri: str, position: Any) -> aliases.Locations:
        asked.add((uri.rsplit("/", 1)[-1], position.line, position.character))
        return await real(client, uri, position)

    monkeypatch.setattr(aliases, "definition", spy)
    _, outline = semantic.identifiers(files)
    run = index_files("tsgo", root, ".", files, options=Options(outline=outline))
    declared = {("util.ts", 11, 13), ("util.ts", 13, 13), ("util.ts", 17, 4), ("util.ts", 18, 13)}
    assert not asked & (declared | {("view.tsx", 13, 13)})  # double, triple, counter, MAX_SIZE
    assert {("util.ts", 0, 9), ("util.ts", 0, 17), ("view.tsx", 0, 9)} <= asked  # the imports
    make = key("typescript", "src/util.ts", "makeCircle().")
    assert ("src/view.tsx", 1, 10, "reference") in refs(run, make)
