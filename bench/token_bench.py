"""Token benchmark: what an answer costs an agent, lsai's default output against grep and raw LSP.

For a sample of symbols per language (the Python corpus indexed with ty, the TypeScript corpus
with tsgo, a small JavaScript corpus of npm packages that ship plain ``.js`` with tsgo), it counts
the tokens (o200k_base, offline, with ``bpe-openai``) of:

- lsai's answer in its default profile (compact), as ``lsai mcp`` returns it over stdio:
  ``lsai_usages`` (by the definition's position) and ``lsai_search`` (by the name);
- ``grep -rn -w NAME .`` over the tree (the index folder ``.lsai`` excluded);
- the raw LSP JSON of the same request from the live server, as it returns it:
  ``textDocument/references`` (``includeDeclaration: true``, the declaration's own location
  taken out) and ``workspace/symbol``.

A symbol counts only where lsai's answer is correct: its usages are the same set of file:line as
the server's references, and its search hits of that exact name are the server's workspace
symbols of that name (in the files the server was serving). Savings = 1 - lsai tokens / other
tokens, over the sums of the correct symbols, against the protocol's published figures. For
reference it also counts usages in the turbo profile (line numbers, no code lines). It prints
figures; it is not a test.

    .venv/bin/python bench/token_bench.py [--symbols N] [--only LANG] [--rebuild] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import re
import statistics
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Self
from urllib.parse import unquote

BENCH_DIR = Path(__file__).resolve().parent
if str(BENCH_DIR) not in sys.path:  # imported as a module (mypy, tests), not run as a script
    sys.path.insert(0, str(BENCH_DIR))

from index_bench import BenchError as FetchError  # noqa: E402
from index_bench import Package, fetch_package  # noqa: E402
from mcp import Client  # noqa: E402
from mcp_bench import (  # noqa: E402
    CACHE,
    WORK,
    BenchError,
    Indexed,
    indexed_copy,
    load,
    rows,
    server_params,
    text_of,
)
from semantic_bench import TSCONFIG  # noqa: E402

LANGUAGES = ("python", "typescript", "javascript")
SERVER = {"python": "ty", "typescript": "tsgo", "javascript": "tsgo", "go": "gopls", "c": "clangd"}
TARGETS = {  # the protocol's "LSAI vs Grep" savings, percent
    "python": {"usages": 78.6, "search": 63.5},
    "typescript": {"usages": 85.5, "search": 91.6},
    "javascript": {"usages": 98.3, "search": 99.3},
}
TARGET_VS_LSP = 80.0
MAX_REFS = 100  # lsai_usages' default page: the sampled answers are complete on it
ENCODING = "o200k_base"
JS_KEEP = (".js", "package.json")
JS_PACKAGES = (
    Package("npm", "express", "4.21.2", "javascript", JS_KEEP),
    Package("npm", "lodash-es", "4.17.21", "javascript", JS_KEEP),
)
JSCONFIG = {
    "compilerOptions": {
        "allowJs": True,
        "checkJs": False,
        "noEmit": True,
        "target": "es2022",
        "module": "nodenext",
        "moduleResolution": "nodenext",
        "skipLibCheck": True,
    },
    "include": ["**/*.js"],
}
Count = Callable[[str], int]


# -- corpora --------------------------------------------------------------------------------------


def javascript_corpus(cache: Path) -> Path:
    """``cache/corpus-js/javascript``: the ``.js`` sources of express and lodash-es from npm
    (outside ``cache/corpus``, whose whole folder is index_bench's combined workspace)."""
    corpus = cache / "corpus-js" / "javascript"
    for package in JS_PACKAGES:
        try:
            fetch_package(package, cache, corpus / package.folder)
        except FetchError as exc:
            raise BenchError(str(exc)) from exc
    return corpus


def prepare(language: str, cache: Path, work: Path, rebuild: bool) -> Indexed:
    """The indexed copy of ``language``'s corpus (mcp_bench's, shared: built once)."""
    config = {"lsai.toml": f'[servers]\n{language} = "{SERVER[language]}"\n'}
    if language == "python":
        source = cache / "corpus" / "python"
    elif language == "typescript":
        source = cache / "corpus" / "typescript"
        config["tsconfig.json"] = json.dumps(TSCONFIG, indent=2) + "\n"
    else:
        source = javascript_corpus(cache)
        config["jsconfig.json"] = json.dumps(JSCONFIG, indent=2) + "\n"
    return indexed_copy(language, source, config=config, rebuild=rebuild, work=work)


# -- the sample -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Symbol:
    name: str
    qualified_name: str
    kind: str
    file: str
    line: int
    col: int
    refs: int
    project: str


_SAMPLE = """SELECT s.name, s.qualified_name, s.kind, f.path, s.name_line, s.name_col,
  (SELECT count(*) FROM occurrences o WHERE o.symbol_key = s.key AND o.role <> 'definition') AS n,
  coalesce(p.root, '.')
FROM symbols s JOIN files f ON f.id = s.file_id LEFT JOIN projects p ON p.id = f.project_id
WHERE s.is_external = 0 AND f.language = ? AND f.backend = 'lsp' AND f.status = 'complete'
  AND s.kind IN ('class','interface','function','method','constant','variable','type')
  AND length(s.name) >= 4 AND s.name NOT LIKE '\\_%' ESCAPE '\\'
  AND (s.container_key IS NULL OR s.kind = 'method')"""


def sample(space: Indexed, language: str, n: int) -> list[Symbol]:
    """``n`` names drawn at random among the symbols with 2..MAX_REFS references, one symbol
    per name (the first by qualified name), by a hash of the name: the same symbols from one
    build to the next unless their own counts change (a sample spread over the symbols sorted
    by count moved whole when one count changed, and the figures with it)."""
    by_name: dict[str, list[Symbol]] = {}
    for r in rows(space.db, _SAMPLE, language):
        if 2 <= r[6] <= MAX_REFS:
            found = Symbol(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7])
            by_name.setdefault(found.name, []).append(found)
    names = sorted(by_name, key=lambda name: hashlib.sha256(name.encode()).hexdigest())[:n]
    picked = [min(by_name[name], key=lambda s: (s.qualified_name, s.file)) for name in names]
    return sorted(picked, key=lambda s: (s.project, s.refs))  # one server session per project


# -- the live server: raw LSP JSON ----------------------------------------------------------------


class RawServer:
    """The corpus's language server through lsai's own client, keeping each answer's JSON
    ``result`` as the server sent it (before pygls turns it into objects). The server runs as
    lsai's indexer runs it for the symbol's project: at the workspace root with the projects of
    its partition for an adapter with ``scope="workspace"`` (tsgo; ty, which resolves imports
    across projects), else at the project's root."""

    def __init__(self, space: Indexed, language: str) -> None:
        self.space = space
        self.language = language
        self.session: Any = None
        self.served: tuple[str, tuple[str, ...]] | None = None
        self.raw: Any = None
        self.opened: set[str] = set()

    @property
    def languages(self) -> list[str]:
        """The languages of the files the server serves: its adapter's (clangd: C and C++, so
        that a C++ project's headers, indexed as C, are served with its ``.cc`` files)."""
        from lsai.indexer.lsp.adapters import ADAPTERS

        return list(ADAPTERS[SERVER[self.language]].languages)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def stop(self) -> None:
        if self.session is not None:
            await self.session.__aexit__(None, None, None)
        self.session, self.served, self.opened = None, None, set()

    def group(self, project: str) -> tuple[str, tuple[str, ...]]:
        """Where lsai serves ``project`` (as ``indexer.semantic`` plans it): the session's root
        and the projects it serves together (the adapter's partition of the workspace's
        projects of this language)."""
        from lsai.indexer.lsp.adapters import ADAPTERS

        adapter = ADAPTERS[SERVER[self.language]]
        if adapter.scope != "workspace":
            return project, (project,)
        files: dict[str, list[str]] = {}
        for root, path in rows(
            self.space.db,
            "SELECT coalesce(p.root, '.'), f.path FROM files f "
            "LEFT JOIN projects p ON p.id = f.project_id "
            "WHERE f.language IN (SELECT value FROM json_each(?)) ORDER BY 2",
            json.dumps(self.languages),
        ):
            files.setdefault(str(root), []).append(str(path))
        projects = sorted(files)
        partition = adapter.partition
        parts = partition(self.space.root, projects, files) if partition is not None else [projects]
        mine = next((part for part in parts if project in part), projects)
        return ".", tuple(sorted(mine))

    async def serve(self, project: str) -> Any:
        """The session serving ``project`` (started on first use; the previous one stopped)."""
        from lsai.indexer.lsp.adapters import ADAPTERS
        from lsai.indexer.lsp.session import LspSession

        served = self.group(project)
        if self.session is not None and served == self.served:
            return self.session
        await self.stop()
        root, projects = served
        session = LspSession(
            ADAPTERS[SERVER[self.language]],
            self.space.root,
            root,
            timeout=120.0,
            projects=projects,
        )
        await session.__aenter__()
        self.session, self.served = session, served
        protocol = session.lsp._client.protocol
        structure = protocol.structure_message

        def keep(data: dict[str, Any]) -> Any:
            if "jsonrpc" in data and "id" in data and "result" in data:
                self.raw = data["result"]  # inner objects are still plain JSON here
            return structure(data)

        setattr(protocol, "structure_message", keep)  # noqa: B010 (pygls looks it up per message)
        self.open_all(projects)
        return session

    def open_all(self, projects: Sequence[str]) -> None:
        """``didOpen`` every file of the served projects, as the indexer does: a server may not
        look for references in files it was not given (ty in folders outside its search
        roots)."""
        from lsai.indexer.lsp.documents import SourceText

        files = []
        for path, language in rows(
            self.space.db,
            "SELECT f.path, f.language FROM files f LEFT JOIN projects p ON p.id = f.project_id "
            "WHERE f.language IN (SELECT value FROM json_each(?)) "
            "AND coalesce(p.root, '.') IN (SELECT value FROM json_each(?))",
            json.dumps(self.languages),
            json.dumps(list(projects)),
        ):
            text = (self.space.root / path).read_text(encoding="utf-8", errors="replace")
            files.append(SourceText(str(path), str(language), text))
            self.opened.add(str(path))
        self.session.open(files, self.documents())

    def documents(self) -> Any:
        from lsai.indexer.lsp.documents import Documents

        return Documents(self.space.root, [], self.session.lsp.encoding)

    async def open(self, s: Symbol) -> None:
        from lsai.indexer.lsp.documents import SourceText

        session = await self.serve(s.project)
        if s.file in self.opened:
            return
        text = (self.space.root / s.file).read_text(encoding="utf-8", errors="replace")
        session.open([SourceText(s.file, self.language, text)], self.documents())
        self.opened.add(s.file)

    async def stable(self, method: str, params: object, tries: int = 40) -> Any:
        """The raw result once two non-empty answers in a row agree (a server still loading the
        project answers short or empty); after ``tries`` answers (~10 s), the last one."""
        previous: Any = object()
        for _ in range(tries):
            await self.session.lsp.request(method, params)
            if self.raw and self.raw == previous:
                break
            previous = self.raw
            await asyncio.sleep(0.25)
        return self.raw

    def path(self, uri: str) -> str | None:
        """The workspace-relative path of a ``file:`` URI (percent-decoded: ``%40trpc``)."""
        prefix = unquote(self.space.root.resolve().as_uri() + "/")
        uri = unquote(uri)
        return uri[len(prefix) :] if uri.startswith(prefix) else None

    async def references(self, s: Symbol) -> Any:
        from lsprotocol import types as lsp

        await self.open(s)
        docs = self.documents()
        params = lsp.ReferenceParams(
            text_document=lsp.TextDocumentIdentifier(uri=docs.uri(s.file)),
            position=docs.position(s.file, s.line, s.col),
            context=lsp.ReferenceContext(include_declaration=True),
        )
        raw = await self.stable(lsp.TEXT_DOCUMENT_REFERENCES, params)
        return [item for item in raw or [] if self.lines([item]) != {(s.file, s.line)}]

    def lines(self, raw: Any) -> set[tuple[str, int]]:
        """(file, line) of each workspace location of a ``Location[]``/``LocationLink[]``."""
        found: set[tuple[str, int]] = set()
        for item in raw or []:
            uri = item.get("uri") or item.get("targetUri")
            range_ = item.get("range") or item.get("targetSelectionRange")
            path = self.path(str(uri)) if uri else None
            if path is not None and range_:
                found.add((path, int(range_["start"]["line"]) + 1))
        return found

    async def workspace_symbols(self, s: Symbol) -> Any:
        from lsprotocol import types as lsp

        await self.open(s)
        return await self.stable(lsp.WORKSPACE_SYMBOL, lsp.WorkspaceSymbolParams(query=s.name))


def compact_json(data: Any) -> str:
    """The JSON as a server writes it on the wire: no spaces."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


# -- measuring ------------------------------------------------------------------------------------


@dataclass
class Row:
    symbol: str
    kind: str
    refs: int
    tool: str  # usages or search
    lsai: int
    grep: int
    lsp: int
    lsp_relative: int  # the raw JSON with the workspace root cut from its URIs
    lsp_pretty: int  # the raw JSON indented by 2 (as many MCP bridges hand it on)
    correct: bool
    why: str = ""
    turbo: int = 0  # usages: lsai's turbo profile (line numbers, no code lines)


@dataclass
class Language:
    language: str
    server: str
    files: int
    lines: int
    rows: list[Row] = field(default_factory=list)
    lsai_usage_shares: dict[str, int] = field(default_factory=dict)
    samples: dict[str, str] = field(default_factory=dict)


def grep(root: Path, name: str) -> str:
    argv = ["grep", "-rn", "-w", "--exclude-dir=.lsai", name, "."]
    try:
        done = subprocess.run(argv, cwd=root, capture_output=True, text=True, check=False)
    except FileNotFoundError as exc:
        raise BenchError("grep is not installed") from exc
    if done.returncode > 1:
        raise BenchError(f"grep failed: {done.stderr.strip()}")
    return done.stdout


def usage_lines(data: dict[str, Any]) -> set[tuple[str, int]]:
    return {(f["file"], u["line"]) for f in data.get("files", []) for u in f.get("usages", [])}


Span = tuple[str, int, int]


def symbol_spans(raw: Any, name: str, server: RawServer) -> list[Span]:
    """(file, first line, last line) of the workspace symbols named ``name``: a server's range
    may start at a decorator or a doc comment above the name lsai reports."""
    found: list[Span] = []
    for item in raw or []:
        location = item.get("location") or {}
        path = server.path(str(location.get("uri", "")))
        range_ = location.get("range")
        if item.get("name") == name and path is not None and range_:
            start, end = range_["start"]["line"] + 1, range_["end"]["line"] + 1
            found.append((path, int(start), int(end)))
    return found


def held_lines(path: str, lines: Sequence[int], theirs: Sequence[Span]) -> set[tuple[str, int]]:
    """Of the ``lines`` of one search hit (an overload set's declarations, first first), those
    a server symbol's span holds, else the first: tsgo's one symbol of an overload set is at
    its implementation, ty's are one per declaration (``@overload`` stubs, a property's getter
    and setter); lsai's hit is at the first declaration and stands for them all."""
    held = {ln for ln in lines if any(f == path and a <= ln <= b for f, a, b in theirs)}
    return {(path, ln) for ln in held or lines[:1]}


def search_diff(mine: set[tuple[str, int]], theirs: list[Span], served: set[str]) -> str:
    """Empty when each server symbol holds one lsai hit and each lsai hit in a file the server
    serves (``served``) is in one symbol. lsai searches the whole workspace; a server session
    serves one partition of its projects (ty), so a hit elsewhere is not the server's to know."""
    missing = [s for s in theirs if not any(f == s[0] and s[1] <= ln <= s[2] for f, ln in mine)]
    extra = [
        h
        for h in mine
        if h[0] in served and not any(h[0] == s[0] and s[1] <= h[1] <= s[2] for s in theirs)
    ]
    parts = []
    if missing:
        parts.append(f"{len(missing)} missing, e.g. {missing[0][0]}:{missing[0][1]}")
    if extra:
        parts.append(f"{len(extra)} extra, e.g. {sorted(extra)[0][0]}:{sorted(extra)[0][1]}")
    return "; ".join(parts)


_USAGE_LINE = re.compile(
    r"(?P<head>\s*(?:\S+:)?)(?P<lines>\d[\d,]*(?:, \S+:\d[\d,]*)*)(?P<code> .*)?"
)


def shares(text: str, count: Count) -> dict[str, int]:
    """Where the tokens of a usages answer go: file and folder names, line numbers, code, and
    the summary lines. A compact answer's usage line is ``[indent][file:]N[,N...] code``; a line
    that is not one names a folder or a file."""
    out = {"paths": 0, "line numbers": 0, "code": 0, "summary": 0}
    for line in text.splitlines():
        if line.startswith(("[", "!")):
            out["summary"] += count(line + "\n")
            continue
        found = _USAGE_LINE.fullmatch(line)
        if found is None:
            out["paths"] += count(line + "\n")
            continue
        head, numbered = found["head"], found["head"] + found["lines"]
        out["paths"] += count(head)
        out["line numbers"] += count(numbered) - count(head)
        out["code"] += count(line + "\n") - count(numbered)
    return out


def diff(lsai: set[tuple[str, int]], server: set[tuple[str, int]]) -> str:
    missing, extra = sorted(server - lsai), sorted(lsai - server)
    parts = []
    if missing:
        parts.append(f"{len(missing)} missing, e.g. {missing[0][0]}:{missing[0][1]}")
    if extra:
        parts.append(f"{len(extra)} extra, e.g. {extra[0][0]}:{extra[0][1]}")
    return "; ".join(parts)


async def measure(language: str, space: Indexed, n: int, count: Count) -> Language:
    result = Language(language, SERVER[language], space.files, space.lines)
    symbols = sample(space, language, n)
    if not symbols:
        raise BenchError(f"{language}: no symbols with 2..{MAX_REFS} references in {space.db}")
    root_prefix = space.root.resolve().as_uri() + "/"
    async with Client(server_params(space)) as client, RawServer(space, language) as server:
        for s in symbols:
            print(f"  {language}: {s.qualified_name}", file=sys.stderr)
            grepped = count(grep(space.root, s.name))
            at = {"file": s.file, "line": s.line, "col": s.col}
            answer = await client.call_tool("lsai_usages", at)
            turbo = await client.call_tool("lsai_usages", {**at, "outputFormat": "turbo"})
            data = dict(answer.structured_content or {})
            text = text_of(answer)
            located = await server.references(s)  # the declaration taken out
            raw = compact_json(located)
            mine, theirs = usage_lines(data), server.lines(located)
            ok = not answer.is_error and not data.get("truncated") and mine == theirs
            why = text.splitlines()[0] if answer.is_error else diff(mine, theirs)
            result.rows.append(
                Row(
                    s.qualified_name,
                    s.kind,
                    s.refs,
                    "usages",
                    count(text),
                    grepped,
                    count(raw),
                    count(raw.replace(root_prefix, "")),
                    count(json.dumps(located, indent=2)),
                    ok,
                    why,
                    count(text_of(turbo)),
                )
            )
            if ok:
                for k, v in shares(text, count).items():
                    result.lsai_usage_shares[k] = result.lsai_usage_shares.get(k, 0) + v
                result.samples.setdefault("usages", text)
            found = await client.call_tool("lsai_search", {"query": s.name})
            hits = dict(found.structured_content or {}).get("symbols", [])
            symbols = await server.workspace_symbols(s)
            raw = compact_json(symbols)
            spans = symbol_spans(symbols, s.name, server)
            hit_lines: set[tuple[str, int]] = set()
            for h in hits:
                if h["name"] != s.name:
                    continue
                lines = [h["line"]]
                if h.get("overloads"):  # the hit stands for its overload set
                    asked = await client.call_tool(
                        "lsai_info", {"file": h["file"], "line": h["line"], "col": h["col"]}
                    )
                    lines += [
                        o["line"] for o in (asked.structured_content or {}).get("overloads", [])
                    ]
                hit_lines |= held_lines(h["file"], lines, spans)
            why = search_diff(hit_lines, spans, server.opened)
            ok = not found.is_error and not why
            result.rows.append(
                Row(
                    s.qualified_name,
                    s.kind,
                    s.refs,
                    "search",
                    count(text_of(found)),
                    grepped,
                    count(raw),
                    count(raw.replace(root_prefix, "")),
                    count(json.dumps(symbols, indent=2)),
                    ok,
                    why,
                )
            )
            if ok:
                result.samples.setdefault("search", text_of(found))
    return result


# -- figures --------------------------------------------------------------------------------------


def saving(mine: int, other: int) -> float:
    return 100.0 * (1 - mine / other) if other else 0.0


def summary(lang: Language) -> list[dict[str, Any]]:
    out = []
    for tool in ("usages", "search"):
        good = [r for r in lang.rows if r.tool == tool and r.correct]
        rows_ = [r for r in lang.rows if r.tool == tool]
        lsai = sum(r.lsai for r in good)
        vs_grep = saving(lsai, sum(r.grep for r in good))
        vs_lsp = saving(lsai, sum(r.lsp for r in good))
        vs_rel = saving(lsai, sum(r.lsp_relative for r in good))
        vs_pretty = saving(lsai, sum(r.lsp_pretty for r in good))
        per_symbol = [saving(r.lsai, r.grep) for r in good]
        turbo = sum(r.turbo for r in good)
        target = TARGETS[lang.language][tool]
        out.append(
            {
                "language": lang.language,
                "tool": tool,
                "correct": len(good),
                "sampled": len(rows_),
                "lsai_tokens": lsai,
                "grep_tokens": sum(r.grep for r in good),
                "lsp_tokens": sum(r.lsp for r in good),
                "lsp_relative_tokens": sum(r.lsp_relative for r in good),
                "vs_grep": vs_grep,
                "vs_grep_median_symbol": statistics.median(per_symbol) if per_symbol else 0.0,
                "vs_lsp": vs_lsp,
                "vs_lsp_relative": vs_rel,
                "vs_lsp_pretty": vs_pretty,
                "target_vs_grep": target,
                "ok_vs_grep": bool(good) and vs_grep >= target,
                "ok_vs_lsp": bool(good) and vs_lsp >= TARGET_VS_LSP,
                "turbo_tokens": turbo,
                "turbo_vs_grep": saving(turbo, sum(r.grep for r in good)) if turbo else None,
                "turbo_vs_lsp": saving(turbo, sum(r.lsp for r in good)) if turbo else None,
            }
        )
    return out


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def report(langs: list[Language], figures: list[dict[str, Any]], header: dict[str, Any]) -> str:
    out = [
        f"lsai token economy ({header['encoding']}, bpe-openai); load avg {header['load']}, "
        f"cpus {header['cpus']}",
        "",
    ]
    for lang in langs:
        out.append(
            f"{lang.language} ({lang.server}; {lang.files} files, {lang.lines} lines): tokens "
            "per symbol (lsai default output | grep -rn -w | raw LSP JSON as sent | same, URIs "
            "relative | same, indented)"
        )
        out.append(
            f"  {'symbol':34} {'refs':>4} {'tool':7} {'lsai':>6} {'grep':>7} {'LSP':>7} "
            f"{'LSP rel':>7} {'LSP ind':>7}  correct"
        )
        for r in lang.rows:
            mark = "yes" if r.correct else f"NO ({r.why})"
            out.append(
                f"  {r.symbol[:34]:34} {r.refs:>4} {r.tool:7} {r.lsai:>6} {r.grep:>7} "
                f"{r.lsp:>7} {r.lsp_relative:>7} {r.lsp_pretty:>7}  {mark}"
            )
        if lang.lsai_usage_shares:
            total = sum(lang.lsai_usage_shares.values()) or 1
            parts = ", ".join(
                f"{k} {100 * v / total:.0f}%" for k, v in lang.lsai_usage_shares.items()
            )
            out.append(f"  where lsai's usages tokens go: {parts}")
        out.append("")
    out.append(
        f"{'language':11} {'tool':7} {'correct':>7} {'lsai':>6} {'grep':>7} {'LSP':>7} "
        f"{'vs grep':>8} {'target':>7}       {'vs LSP':>7} {'(rel.)':>7} {'(ind.)':>7}"
    )
    for f in figures:
        out.append(
            f"{f['language']:11} {f['tool']:7} {f['correct']:>3}/{f['sampled']:<3} "
            f"{f['lsai_tokens']:>6} {f['grep_tokens']:>7} {f['lsp_tokens']:>7} "
            f"{f['vs_grep']:>7.1f}% {f['target_vs_grep']:>6.1f}% {verdict(f['ok_vs_grep'])}  "
            f"{f['vs_lsp']:>6.1f}% {f['vs_lsp_relative']:>6.1f}% {f['vs_lsp_pretty']:>6.1f}%  "
            f"{verdict(f['ok_vs_lsp'])} (>= {TARGET_VS_LSP:g}%)"
        )
    out.append("")
    out.append(
        "savings = 1 - lsai/other over the sums of the correct symbols. vs LSP: against the "
        "JSON as the server sent it (compact; the PASS/MISS); (rel.) with the workspace root cut "
        "from every URI; (ind.) indented by 2, as many MCP bridges pass it on"
    )
    turbo = [f for f in figures if f.get("turbo_tokens")]
    if turbo:
        out.append("")
        out.append("for reference, usages without code lines (turbo profile: files, line numbers):")
        out.extend(
            f"  {f['language']:11} {f['turbo_tokens']:>6} tokens: vs grep "
            f"{f['turbo_vs_grep']:.1f}%, vs LSP {f['turbo_vs_lsp']:.1f}%"
            for f in turbo
        )
    return "\n".join(out)


def tokenizer(name: str) -> Count:
    try:
        import bpe_openai  # type: ignore[import-untyped]
    except ImportError as exc:
        raise BenchError(
            "bpe-openai is not installed: `.venv/bin/pip install -e .[dev]` (or `pip install "
            "bpe-openai`); it ships the o200k/cl100k vocabularies, so counting works offline"
        ) from exc
    encoding = bpe_openai.get_encoding(name)

    def count(text: str) -> int:
        return len(encoding.encode_ordinary(text))

    return count


async def run(args: argparse.Namespace) -> tuple[list[Language], dict[str, Any]]:
    count = tokenizer(args.encoding)
    langs = []
    for language in args.only or LANGUAGES:
        space = prepare(language, args.cache, args.work, args.rebuild)
        langs.append(await measure(language, space, args.symbols, count))
    header = {"encoding": args.encoding, "cpus": os.cpu_count(), "load": load()}
    return langs, header


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=CACHE, help="bench cache (corpus inside)")
    parser.add_argument("--work", type=Path, default=WORK, help=f"indexed copies ({WORK})")
    parser.add_argument("--symbols", type=int, default=60, help="symbols per language (60)")
    parser.add_argument("--only", choices=LANGUAGES, action="append", help="one language")
    parser.add_argument("--encoding", default=ENCODING, choices=("o200k_base", "cl100k_base"))
    parser.add_argument("--rebuild", action="store_true", help="index the copies again")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    try:
        langs, header = asyncio.run(run(args))
    except BenchError as exc:
        print(f"token_bench: {exc}", file=sys.stderr)
        return 2
    figures = [f for lang in langs for f in summary(lang)]
    if args.json:
        data = {**header, "languages": [asdict(lang) for lang in langs], "figures": figures}
        print(json.dumps(data, indent=2))
    else:
        print(report(langs, figures, header))
    return 0


if __name__ == "__main__":
    sys.exit(main())
