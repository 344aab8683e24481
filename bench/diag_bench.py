"""Diagnostics and info benchmark: lsai's stored diagnostics and its ``info`` answers against the
live language server, on accuracy_bench's projects (the same copies, the same server sessions).

- diagnostics: for the files of each project (``--files N`` of them, spread over the project;
  0: all), lsai's diagnostics tool (in process, every severity, no limit) against what the live
  server reports for the file: ``textDocument/diagnostic`` where lsai pulls them (ty, tsgo),
  else the ``publishDiagnostics`` the server pushed once it has published for every open file
  and then stayed quiet for ``QUIET`` seconds (clangd, gopls). Each diagnostic is compared as
  (file, line, column, severity, code, message): the server's column read as a code-point
  column (as lsai stores it), its severity in the diagnostics tool's words (error, warning,
  info, hint; none given: error), its message without clangd's `` (fix available)`` (added
  or not by timing: ``_message``). Files under the folders the tool leaves out (generated:
  ``node_modules/``, ``dist/``, ``build/``, ``bin/``, ``obj/``) are not compared: lsai never
  answers for them, by design.
- broken projects (``errors-*``, written by the bench): Python, TypeScript, Go and C files with
  known errors, of every severity (ty's ``reveal_type`` is Information, tsgo's unused names
  and deprecated calls Hint, clangd's notes Information), and two of several projects (two ty
  projects and a file in none; two Go modules).
- info: for the symbols accuracy_bench samples, lsai's info (signature, doc) against
  ``textDocument/hover`` at the definition's name. The hover's first code block is the server's
  signature, the prose after it its doc. A signature agrees when the two read the same with
  white space collapsed, or when one holds the other (lsai's is the header as written, the
  hover's may add the inferred type, ``(method)``, ``const x: T`` ...); the verdict of each
  pair is printed, with both texts, for the disagreements. A doc agrees when lsai's (the first
  line of the documentation) is the first line of the hover's prose, markdown left out.

    .venv/bin/python bench/diag_bench.py [--only NAME] [--symbols N] [--files N]
        [--cache PATH] [--work PATH] [--rebuild] [--pypi|--npm|--npm-js|--go|--c ...]

The project options are accuracy_bench's. It prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
if str(BENCH_DIR) not in sys.path:
    sys.path.insert(0, str(BENCH_DIR))

from accuracy_bench import (  # noqa: E402
    C_PROJECTS,
    GO_PROJECTS,
    PROJECTS,
    CProject,
    GoModule,
    LiveServer,
    Sampled,
    _package,
    folder,
    prepare,
    sample,
    served,
)
from index_bench import PY_KEEP, TS_KEEP, Package  # noqa: E402
from mcp_bench import (  # noqa: E402
    CACHE,
    WORK,
    BenchError,
    Indexed,
    indexed_copy,
    lsai_command,
    rows,
)
from token_bench import JS_KEEP, SERVER, Symbol  # noqa: E402

QUIET = 2.0  # seconds without a publishDiagnostics before a pushing server's are read
SEVERITY = {1: "error", 2: "warning", 3: "info", 4: "hint"}
EXAMPLES = 4


# -- a project with known errors, per language -----------------------------------------------------


@dataclass(frozen=True)
class Broken:
    """A small project of one language with known errors (the bench writes it), and edits
    (path -> (text, its replacement)) after which ``lsai index`` runs again and the files are
    compared again: the diagnostics of the files depending on an edited one change too."""

    name: str
    corpus: str
    files: dict[str, str]
    edits: dict[str, tuple[str, str]] = field(default_factory=dict)


def _lines(*lines: str) -> str:
    return "\n".join(lines) + "\n"


BROKEN: tuple[Broken, ...] = (
    Broken(
        "errors-python",
        "python",
        {
            "errs.py": _lines(
                "from typing import reveal_type",
                "import nonexistent_module",
                "",
                "",
                "def f(x: int) -> str:",
                "    return x",
                "",
                "",
                'f("a")',
                "reveal_type(f)",
                'y: int = "s"',
                "z = undefined_name",
                "",
                "",
                "class Base:",
                "    def m(self, a: int) -> int:",
                "        return a",
                "",
                "",
                "class Child(Base):",
                "    def m(self, a: str) -> int:  # incompatible override",
                "        return 1",
                "",
                "",
                "def g() -> None:",
                "    a = 1  # type: ignore[unused]",
                "    return a  # multi-line? no",
            ),
            "other.py": _lines(
                "from errs import f",
                "",
                "f(1, 2)",
            ),
            "pyproject.toml": _lines(
                "[project]",
                'name = "errs"',
                'version = "0"',
            ),
        },
        {"errs.py": ("def f(x: int) -> str:", "def f(x: int, y: int) -> str:")},
    ),
    Broken(
        "errors-typescript",
        "typescript",
        {
            "src/a.ts": _lines(
                "/** @deprecated use g */",
                "export function old(): void {}",
                "",
                "export function f(x: number): string {",
                "  return x;",
                "}",
                "",
                "interface Shape {",
                "  inner: { depth: number; name: string };",
                "}",
                "",
                'export const s: Shape = { inner: { depth: "deep", name: "n" } };',
                "",
                "export function h(): void {",
                "  const unused = 1;",
                "  old();",
                "}",
                "",
                "function lonely(a: number) {}",
            ),
            "src/b.ts": _lines(
                'import { f, h } from "./a";',
                "",
                'f("x");',
                "h(1);",
            ),
            "tsconfig.json": _lines(
                '{"compilerOptions": {"strict": true, "target": "es2022", "module": "esnext",',
                '  "moduleResolution": "bundler"}, "include": ["src"]}',
            ),
        },
        {"src/a.ts": ("export function f(x: number)", "export function f(x: string)")},
    ),
    Broken(
        "errors-go",
        "go",
        {
            "go.mod": _lines(
                "module example.com/errs",
                "",
                "go 1.19",
            ),
            "main.go": _lines(
                "package main",
                "",
                "import (",
                '\t"fmt"',
                '\t"os"',
                ")",
                "",
                "func main() {",
                '\tvar x int = "s"',
                "\tundefined()",
                '\tfmt.Printf("%d\\n", "str")',
                "\ty := 1",
                "}",
            ),
            "other.go": _lines(
                "package main",
                "",
                "func helper() int {",
                '\treturn "no"',
                "}",
            ),
        },
        {"other.go": ("func helper() int {", "func helper() string {")},
    ),
    Broken(
        "errors-c",
        "c",
        {
            "main.c": _lines(
                '#include "missing.h"',
                'int f(void) { return "s"; }',
                "",
                "int g(int a) {",
                "  int unused;",
                "  if (a = 1) return undefined_fn();",
                "}",
                "",
                "struct S { int x; };",
                "int h(struct S s) { return s.y; }",
            ),
            "other.c": _lines(
                "int other(void) {",
                "  char *p = 5;",
                "  return p;",
                "}",
            ),
        },
        {
            "main.c": (
                "int h(struct S s)",
                "int other(void);\nint h2(void) { return other(1); }\nint h(struct S s)",
            ),
            "other.c": ("int other(void) {", "int other(int q) {"),
        },
    ),
    Broken(  # two projects and a file in none: each project's server (ty's, at the root)
        "errors-python-multi",
        "python",
        {
            "one/pyproject.toml": _lines("[project]", 'name = "one"', 'version = "0"'),
            "one/one.py": _lines("def f(x: int) -> int:", "    return x", "", 'f("a")'),
            "two/pyproject.toml": _lines("[project]", 'name = "two"', 'version = "0"'),
            "two/two.py": _lines("import one", "", "x: str = 1"),
            "loose.py": _lines(
                "from typing import reveal_type", "", "reveal_type(1)", "y: int = ''"
            ),
        },
    ),
    Broken(  # two modules (gopls's), the second importing nothing of the first
        "errors-go-multi",
        "go",
        {
            "a/go.mod": _lines("module example.com/a", "", "go 1.19"),
            "a/a.go": _lines("package a", "", "func A() int {", '\treturn "a"', "}"),
            "b/go.mod": _lines("module example.com/b", "", "go 1.19"),
            "b/b.go": _lines("package b", "", "func B() {", "\tx := 1", "}"),
        },
    ),
)


def prepare_broken(project: Broken, work: Path, rebuild: bool) -> Indexed:
    from accuracy_bench import compile_commands

    source = work / "sources" / project.name
    if rebuild or not source.is_dir():
        shutil.rmtree(source, ignore_errors=True)
        for path, text in project.files.items():
            (source / path).parent.mkdir(parents=True, exist_ok=True)
            (source / path).write_text(text, encoding="utf-8")
    server = f'{project.corpus} = "{SERVER[project.corpus]}"'
    config = {"lsai.toml": f"[servers]\n{server}\n"}
    if project.corpus == "c":
        config["compile_commands.json"] = compile_commands(source, ())
    return indexed_copy(project.name, source, config=config, rebuild=rebuild, work=work)


def edit_and_index(space: Indexed, edits: dict[str, tuple[str, str]]) -> None:
    for path, (old, new) in edits.items():
        target = space.root / path
        text = target.read_text(encoding="utf-8")
        if old not in text:
            raise BenchError(f"{path}: no {old!r} to edit")
        target.write_text(text.replace(old, new, 1), encoding="utf-8")
    argv = [lsai_command(), "index", str(space.root), "-q"]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):
        raise BenchError(f"`{' '.join(argv)}` failed: {done.stderr.strip()[-400:]}")


# -- the live server ------------------------------------------------------------------------------


class DiagServer(LiveServer):
    """accuracy_bench's live server, asked for a file's diagnostics and a position's hover
    (markdown: lsai's client asks no hover, so a server would answer plain text, where tsgo
    runs the signature and the doc together)."""

    async def serve(self, project: str) -> Any:
        from lsai.indexer.lsp import client

        offered = client.client_capabilities
        client.client_capabilities = _with_markdown_hover(offered)
        try:
            return await super().serve(project)
        finally:
            client.client_capabilities = offered

    async def diagnostics(self, path: str, project: str) -> list[dict[str, Any]]:
        from lsprotocol import types as lsp

        s = Symbol(path, path, "file", path, 1, 1, 0, project)
        await self.open(s)
        uri, _ = self.position(s)
        if self.session.adapter.pull_diagnostics:
            params = lsp.DocumentDiagnosticParams(text_document=lsp.TextDocumentIdentifier(uri=uri))
            report = await self.stable(lsp.TEXT_DOCUMENT_DIAGNOSTIC, params, tries=8)
            return list((report or {}).get("items") or [])
        await self.quiet()
        return [_plain(d) for d in self.session.lsp.diagnostics.get(uri, [])]

    async def quiet(self) -> None:
        """Until no diagnostics were published for QUIET seconds (each file's first ones were
        already waited for: ``settle``)."""
        client = self.session.lsp
        while True:
            client.diagnostics_changed.clear()
            try:
                await asyncio.wait_for(client.diagnostics_changed.wait(), QUIET)
            except TimeoutError:
                return

    async def hover(self, s: Symbol) -> str:
        from lsprotocol import types as lsp

        await self.open(s)
        uri, position = self.position(s)
        params = lsp.HoverParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri), position=position
        )
        raw = await self.stable(lsp.TEXT_DOCUMENT_HOVER, params, tries=8)
        return _hover_text(raw)


def _with_markdown_hover(offered: Any) -> Any:
    from lsprotocol import types as lsp

    def capabilities(encodings: Any) -> Any:
        found = offered(encodings)
        found.text_document.hover = lsp.HoverClientCapabilities(
            content_format=[lsp.MarkupKind.Markdown, lsp.MarkupKind.PlainText]
        )
        return found

    return capabilities


def _plain(d: Any) -> dict[str, Any]:
    """A pushed lsprotocol Diagnostic as the wire's JSON (what a pull answers)."""
    from lsprotocol.converters import get_converter

    return dict(get_converter().unstructure(d))


def _hover_text(raw: Any) -> str:
    if not raw:
        return ""
    contents = raw.get("contents")
    if isinstance(contents, dict):
        return str(contents.get("value") or "")
    if isinstance(contents, list):
        parts = [c if isinstance(c, str) else f"```\n{c.get('value')}\n```" for c in contents]
        return "\n".join(parts)
    return str(contents or "")


# -- lsai -----------------------------------------------------------------------------------------


Diag = tuple[str, int, int, str, str, str]  # file, line, col, severity, code, message


def _message(text: str) -> str:
    """A message without clangd's `` (fix available)``: clangd adds it when its include fixer
    finds a header declaring an unknown name, which depends on the files whose preambles it
    has indexed by then (bitarray.h's ``Unknown type name 'Py_ssize_t'`` has it in one
    session and not in the next)."""
    return text.removesuffix(" (fix available)")


def lsai_diagnostics(ws: Any, path: str) -> set[Diag]:
    from lsai.query.diagnostics import SEVERITIES, DiagnosticsInput, diagnostics

    found = diagnostics(ws, DiagnosticsInput(scope=path, severity=list(SEVERITIES), limit=5000))
    return {
        (d.file, d.line, d.col, d.severity, d.code or "", _message(d.message))
        for d in found.diagnostics
        if d.file == path
    }


def server_diagnostics(server: DiagServer, path: str, items: list[dict[str, Any]]) -> set[Diag]:
    from lsprotocol import types as lsp

    documents = server.documents()
    found = set()
    for d in items:
        start = d["range"]["start"]
        at = lsp.Position(line=int(start["line"]), character=int(start["character"]))
        line, col = documents.column(path, at)
        code = d.get("code")
        found.add(
            (
                path,
                line,
                col,
                SEVERITY.get(int(d.get("severity") or 1), "error"),
                "" if code is None else str(code),
                _message(str(d.get("message"))),
            )
        )
    return found


def lsai_info(ws: Any, s: Symbol) -> tuple[str, str]:
    from lsai.query.info import InfoInput, info

    found = info(ws, InfoInput(file=s.file, line=s.line, col=s.col))
    return found.symbol.signature or "", found.doc or ""


# -- comparing ------------------------------------------------------------------------------------


_FENCE = re.compile(r"```[\w+-]*\n(.*?)```", re.S)
_MARKDOWN = re.compile(r"[`*_]|\\(?=[^\w\s])")
_NOT_DOC = re.compile(
    r"-{3,}|\*{3,}|_{3,}|#+ .*"  # rules, clangd's heading (### function `f`)
    r"|\[[^\]]*\]\([^)]*\)"  # gopls's link to pkg.go.dev
    r"|(?:→|Type:|Parameters:|- |Size:|Offset:|Value = |Passed |Provided by).*"  # clangd's facts
)


def hover_parts(text: str) -> tuple[str, str]:
    """The hover's signature (its first code block, clangd's ``// In Scope`` line left out)
    and doc (the first line of its prose, markdown and the servers' facts left out)."""
    fence = _FENCE.search(text)
    code = fence.group(1).strip().splitlines() if fence else []
    signature = "\n".join(ln for ln in code if not ln.startswith("// In "))
    prose = _FENCE.sub("\n", text)
    lines = [ln.strip() for ln in prose.splitlines()]
    lines = [ln for ln in lines if ln and not _NOT_DOC.fullmatch(ln)]
    return signature, _MARKDOWN.sub("", lines[0]) if lines else ""


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().rstrip(";{:").strip()


_KIND_LABEL = re.compile(
    r"^\((?:method|property|function|local \w+|alias|enum member|getter|setter)\) "
)


def _params(text: str, go: bool) -> list[str] | None:
    """The names of the parameters in the first parenthesis that has any (a Go receiver's
    left out), or None."""
    found = re.findall(r"\(([^()]*)\)", text)
    if go and text.startswith("func (") and len(found) > 1:
        found = found[1:]
    if not found:
        return None
    names = []
    for part in (p.split("=")[0].strip() for p in found[0].split(",")):
        if not part:
            continue
        words = re.findall(r"[\w$]+", part.split(":")[0] if ":" in part else part)
        if words:
            names.append(words[0] if go or ":" in part else words[-1])
    return names


def signature_verdict(mine: str, theirs: str, language: str) -> str:
    a, b = _flat(mine), _KIND_LABEL.sub("", _flat(theirs))
    if not b:
        return "no hover"
    if not a:
        return "lsai none"
    if a == b:
        return "same"
    if a in b or b in a:
        return "one holds the other"
    squeezed = (re.sub(r"\s", "", a), re.sub(r"\s", "", b))
    if squeezed[0] in squeezed[1] or squeezed[1] in squeezed[0]:
        return "same but spacing"
    go = language == "go"
    params = _params(a, go)
    if params is not None and params == _params(b, go):
        return "same parameters"
    return "differ"


def doc_verdict(mine: str, theirs: str) -> str:
    a, b = _MARKDOWN.sub("", mine).strip(), theirs.strip()
    if not a and not b:
        return "both none"
    if not a:
        return "lsai none"
    if not b:
        return "hover none"
    if _flat(a) == _flat(b):
        return "same"
    if _flat(a) in _flat(b) or _flat(b) in _flat(a):
        return "one holds the other"
    return "differ"


AGREE = ("same", "both none", "one holds the other", "same but spacing", "same parameters")


@dataclass
class Result:
    name: str
    language: str
    files: int = 0
    diag_same: int = 0  # files whose diagnostics agree
    diag_items: Counter[str] = field(default_factory=Counter)  # agree / missing / extra
    diag_wrong: list[str] = field(default_factory=list)
    info: Counter[str] = field(default_factory=Counter)  # "signature: same" ...
    info_wrong: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)


def diag_files(space: Indexed, language: str, n: int) -> list[tuple[str, str]]:
    """(path, project) of ``n`` files served by the server (0: all), spread over the project,
    the files with diagnostics first, outside the folders the tool leaves out."""
    from lsai.query.diagnostics import GENERATED_DIRS

    found = rows(
        space.db,
        "SELECT f.path, coalesce(p.root, '.'), (SELECT count(*) FROM diagnostics d "
        "WHERE d.file_id = f.id) AS n FROM files f LEFT JOIN projects p ON p.id = f.project_id "
        "WHERE f.language IN (SELECT value FROM json_each(?)) AND f.backend = 'lsp' "
        "ORDER BY n DESC, f.path",
        served(language),
    )
    found = [r for r in found if not set(str(r[0]).split("/")[:-1]) & set(GENERATED_DIRS)]
    if n <= 0 or n >= len(found):
        return [(str(r[0]), str(r[1])) for r in found]
    with_diags = [r for r in found if r[2]][: max(1, n // 2)]
    rest = [r for r in found if r not in with_diags]
    step = max(1, len(rest) // max(1, n - len(with_diags)))
    chosen = with_diags + rest[::step][: n - len(with_diags)]
    return [(str(r[0]), str(r[1])) for r in chosen]


def _show(d: Diag) -> str:
    message = d[5].replace("\n", "\\n")
    return f"{d[0]}:{d[1]}:{d[2]} {d[3]} [{d[4]}] {message[:110]}"


async def measure(
    package: Package | GoModule | CProject | Broken, space: Indexed, per_stratum: int, files: int
) -> Result:
    from lsai.indexer.lsp.errors import ServerCrashed, ServerRequestFailed, ServerTimeout
    from lsai.query.workspace import open_workspace

    failures = (ServerCrashed, ServerRequestFailed, ServerTimeout)
    language = package.corpus
    result = Result(package.name if isinstance(package, Broken) else folder(package), language)
    ws = open_workspace(space.root, read_only=True)
    try:
        async with DiagServer(space, language) as server:
            for path, project in diag_files(space, language, files):
                print(f"  {result.name}: diagnostics {path}", file=sys.stderr)
                try:
                    theirs = server_diagnostics(
                        server, path, await server.diagnostics(path, project)
                    )
                except failures as exc:
                    result.failed.append(f"{path}: {exc.message.splitlines()[0][:120]}")
                    continue
                mine = lsai_diagnostics(ws, path)
                result.files += 1
                result.diag_same += mine == theirs
                result.diag_items["agree"] += len(mine & theirs)
                result.diag_items["missing"] += len(theirs - mine)
                result.diag_items["extra"] += len(mine - theirs)
                for d in sorted(theirs - mine)[:EXAMPLES]:
                    result.diag_wrong.append(f"missing {_show(d)}")
                for d in sorted(mine - theirs)[:EXAMPLES]:
                    result.diag_wrong.append(f"extra   {_show(d)}")
            for c in sample(space, language, per_stratum):
                await compare_info(ws, server, c, result, failures)
    finally:
        ws.close()
    return result


async def compare_info(
    ws: Any, server: DiagServer, c: Sampled, out: Result, failures: tuple[type[Exception], ...]
) -> None:
    s = c.symbol
    subject = f"{s.qualified_name} ({s.kind}) {s.file}:{s.line}"
    print(f"  {out.name}: info {subject}", file=sys.stderr)
    try:
        hover = await server.hover(s)
    except failures as exc:
        out.failed.append(f"{subject}: {exc}")
        return
    signature, doc = lsai_info(ws, s)
    theirs_signature, theirs_doc = hover_parts(hover)
    verdicts = (
        (
            "signature",
            signature_verdict(signature, theirs_signature, out.language),
            signature,
            theirs_signature,
        ),
        ("doc", doc_verdict(doc, theirs_doc), doc, theirs_doc),
    )
    for what, verdict, mine, theirs in verdicts:
        out.info[f"{what}: {verdict}"] += 1
        if verdict not in AGREE:
            out.info_wrong.append(
                f"{what} {verdict}: {subject}\n      lsai:  {_flat(mine)[:160]!r}"
                f"\n      hover: {_flat(theirs)[:160]!r}"
            )


# -- figures --------------------------------------------------------------------------------------


NOTES = """\
see accuracy_bench's NOTES ("diagnostics and info" entries) for what the runs found."""


def report(results: Sequence[Result]) -> str:
    out = ["lsai's diagnostics and info against the live server", ""]
    for r in results:
        items = r.diag_items
        out.append(
            f"{r.name} ({r.language}): diagnostics: {r.diag_same}/{r.files} files agree; "
            f"{items['agree']} diagnostics agree, {items['missing']} missing, "
            f"{items['extra']} extra"
        )
        out.extend(f"  {w}" for w in r.diag_wrong)
        out.append("  info: " + ", ".join(f"{k} {n}" for k, n in sorted(r.info.items())))
        out.extend(f"  {w}" for w in r.info_wrong)
        out.extend(f"  not compared, the server failed: {f}" for f in r.failed)
        out.append("")
    return "\n".join([*out, NOTES])


def _folder(p: Package | GoModule | CProject | Broken) -> str:
    return p.name if isinstance(p, Broken) else folder(p)


async def run(args: argparse.Namespace) -> list[Result]:
    go = [GoModule(Path(p).resolve().name, Path(p).resolve()) for p in args.go or ()]
    flags = tuple(args.c_flags.split()) if args.c_flags else ()
    c = [CProject(Path(p).resolve().name, flags, path=Path(p).resolve()) for p in args.c or ()]
    known: list[Package | GoModule | CProject | Broken] = [
        *PROJECTS,
        *(_package("pypi", spec, "python", PY_KEEP) for spec in args.pypi or ()),
        *(_package("npm", spec, "typescript", TS_KEEP) for spec in args.npm or ()),
        *(_package("npm", spec, "javascript", JS_KEEP) for spec in args.npm_js or ()),
        *(m for m in GO_PROJECTS if m.path.is_dir()),
        *go,
        *C_PROJECTS,
        *c,
        *BROKEN,
    ]
    chosen = [p for p in known if not args.only or p.name in args.only or _folder(p) in args.only]
    if not chosen:
        raise BenchError(f"no project named {args.only}: {[p.name for p in known]}")
    done = []
    for package in chosen:
        if isinstance(package, Broken):  # small: always written and indexed again
            space = prepare_broken(package, args.work, True)
        else:
            space = prepare(package, args.cache, args.work, args.rebuild)
        done.append(await measure(package, space, args.symbols, args.files))
        if isinstance(package, Broken) and package.edits:
            edit_and_index(space, package.edits)
            edited = await measure(package, space, 0, 0)
            edited.name += " (edited, lsai index again)"
            done.append(edited)
    return done


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=CACHE, help="bench cache (downloads)")
    parser.add_argument("--work", type=Path, default=WORK, help=f"indexed copies ({WORK})")
    parser.add_argument("--symbols", type=int, default=3, help="info: symbols per kind (3)")
    parser.add_argument("--files", type=int, default=20, help="diagnostics: files (20; 0: all)")
    parser.add_argument("--only", action="append", help="one project (repeatable)")
    parser.add_argument("--rebuild", action="store_true", help="index the copies again")
    parser.add_argument("--go", action="append", help="a Go module's folder (repeatable)")
    parser.add_argument("--c", action="append", help="a C project's folder (repeatable)")
    parser.add_argument("--c-flags", help="the flags of each .c of --c folders")
    parser.add_argument("--pypi", action="append", help="a Python sdist: NAME==VERSION[:SUBDIR]")
    parser.add_argument("--npm", action="append", help="a TypeScript package: NAME@VERSION")
    parser.add_argument("--npm-js", action="append", help="a JavaScript package: NAME@VERSION")
    args = parser.parse_args(argv)
    try:
        results = asyncio.run(run(args))
    except BenchError as exc:
        print(f"diag_bench: {exc}", file=sys.stderr)
        return 2
    print(report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
