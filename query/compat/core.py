"""The operations the other bridges' tools are made of, answered by the LSAI tools.

Each takes a workspace file and a 1-based line and column (the LSAI tools correct a position a
little off, as they do for their own callers) and returns neutral values: ``Place`` for a
location, ``Symbol`` for an outline's tree, the LSAI results where a profile needs more. Every
LSAI call goes through ``freshness.answer``, so a file changed since indexing is indexed again
first, as for the LSAI tools themselves. Nothing here shapes an answer: the profiles do.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, TypeVar

from pydantic import BaseModel

from lsai.errors import LsaiError
from lsai.query import freshness
from lsai.query.calls import CallHop, CallsInput, callees, callers
from lsai.query.compat.files import Lines
from lsai.query.contracts import OutlineInput, OutlineMember, SearchInput, SymbolHit
from lsai.query.diagnostics import (
    SEVERITIES,
    DiagnosticsInput,
    DiagnosticsResult,
    Severity,
    diagnostics,
)
from lsai.query.hierarchy import HierarchyInput, hierarchy
from lsai.query.info import InfoInput, InfoResult, info
from lsai.query.outline import outline
from lsai.query.rename import RenameChange, RenameInput, RenameResult, rename
from lsai.query.search import search
from lsai.query.usage_contracts import UsagesInput
from lsai.query.usages import usages
from lsai.query.workspace import Workspace
from lsai.storage import queries

R = TypeVar("R", bound=BaseModel)

TYPE_KINDS = frozenset({"class", "interface", "struct", "enum", "trait", "union", "type"})
MEMBER_KINDS = frozenset({"method", "property", "field", "constructor", "event"})
NEVER_CALLED = frozenset(
    {"local", "parameter", "interface", "type", "enum", "enumMember", "namespace", "module"}
)
LSP_KINDS = {  # lsai's kinds as LSP's SymbolKind numbers
    "module": 2, "namespace": 3, "class": 5, "method": 6, "property": 7, "field": 8,
    "constructor": 9, "enum": 10, "interface": 11, "function": 12, "variable": 13,
    "constant": 14, "enumMember": 22, "struct": 23, "event": 24, "trait": 11, "union": 23,
    "type": 5, "macro": 14, "delegate": 12, "local": 13, "parameter": 13,
}  # fmt: skip
LSP_KIND_NAMES = (
    "", "File", "Module", "Namespace", "Package", "Class", "Method", "Property", "Field",
    "Constructor", "Enum", "Interface", "Function", "Variable", "Constant", "String", "Number",
    "Boolean", "Array", "Object", "Key", "Null", "EnumMember", "Struct", "Event", "Operator",
    "TypeParameter",
)  # fmt: skip
FENCES = {
    ".py": "python", ".pyi": "python", ".ts": "typescript", ".tsx": "typescript",
    ".mts": "typescript", ".cts": "typescript", ".js": "javascript", ".jsx": "javascript",
    ".mjs": "javascript", ".cjs": "javascript", ".go": "go", ".c": "c", ".h": "c",
    ".cc": "cpp", ".cpp": "cpp", ".hpp": "cpp", ".rs": "rust", ".java": "java", ".cs": "csharp",
}  # fmt: skip
_WORD = re.compile(r"[A-Za-z_$][\w$]*")
MAX_REFERENCES = 10_000  # pages of usages read for one answer


def kind_number(kind: str) -> int:
    return LSP_KINDS.get(kind, 13)


def kind_name(kind: str) -> str:
    return LSP_KIND_NAMES[kind_number(kind)]


def kind_of_name(name: str) -> set[str]:
    """lsai's kinds an LSP kind name stands for (``Class`` -> class, type)."""
    number = LSP_KIND_NAMES.index(name) if name in LSP_KIND_NAMES else -1
    return {k for k, n in LSP_KINDS.items() if n == number}


def fresh(ws: Workspace, run: Callable[[Workspace, Any], R], params: Any) -> R:
    """``run(ws, params)`` as the LSAI tools answer: after the files it reads were refreshed."""
    result = freshness.answer(ws, run, params)
    assert isinstance(result, BaseModel)
    return result  # type: ignore[return-value]  # run's own result, notes added at most


# -- places ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Place:
    """A span of a workspace file (relative path) or of a library's (absolute path); 1-based
    lines and code-point columns, the end exclusive."""

    file: str
    line: int
    col: int
    end_line: int
    end_col: int
    external: bool = False
    role: str = "reference"

    @classmethod
    def named(cls, file: str, line: int, col: int, name: str, **kw: Any) -> Place:
        return cls(file, line, col, line, col + len(name), Path(file).is_absolute(), **kw)


def symbol_at(ws: Workspace, file: str, line: int, col: int) -> InfoResult:
    return fresh(ws, info, InfoInput(file=file, line=line, col=col))


def definitions(ws: Workspace, found: InfoResult, lines: Lines) -> list[Place]:
    """Where the symbol ``found`` is declared: its name, then its overloads' and the other
    declarations merged with it (an interface and a const of one name)."""
    s = found.symbol
    places = [Place.named(s.file, s.line, s.col, s.name, role="declaration")]
    more = [(s.file, o.line) for o in found.overloads]
    more += [(d.file, d.line) for d in s.merged or ()]
    for file, line in more:
        col = lines.name_col(file, line, s.name)
        places.append(Place.named(file, line, col, s.name, role="declaration"))
    return places


def references(
    ws: Workspace,
    file: str,
    line: int,
    col: int,
    *,
    declaration: bool = True,
    most: int = MAX_REFERENCES,
) -> tuple[InfoResult, list[Place], int]:
    """The symbol at ``file:line:col``, its first ``most`` references (its declaration first
    when ``declaration``) as ``usages`` lists them, and how many there are in all: only the
    pages of usages that hold those are read (a library name's uses by name take ~1 s a page
    on a 150k-line tree)."""
    found = symbol_at(ws, file, line, col)
    s = found.symbol
    library = Path(s.file).is_absolute()
    out: list[Place] = []
    offset: int | None = 0
    total = 0
    while offset is not None and len(out) < most:
        params = UsagesInput(
            file=file if library else s.file,
            line=line if library else s.line,
            col=col if library else s.col,
            limit=1000,
            offset=offset,
            include_definition=declaration,
        )
        page = fresh(ws, usages, params)
        total = page.total
        for group in page.files:
            for u in group.usages:
                role = "declaration" if u.role == "definition" else "usage"
                out.append(Place.named(group.file, u.line, u.col, s.name, role=role))
        offset = page.next_offset if page.truncated else None
    if declaration and not any(p.role == "declaration" for p in out):
        out.insert(0, Place.named(s.file, s.line, s.col, s.name, role="declaration"))
        total += 1
    out.sort(key=lambda p: (p.role != "declaration", p.file, p.line, p.col))
    return found, out[:most], max(total, len(out))


def type_definitions(ws: Workspace, found: InfoResult, lines: Lines) -> list[Place]:
    """The types the symbol ``found`` has: itself for a type; else the workspace types its
    annotation or return type names, or the class its declaring line constructs
    (``sq = Square(2)``, ``new Square(2)``)."""
    s = found.symbol
    if s.kind in TYPE_KINDS:
        return definitions(ws, found, lines)[:1]
    text = found.return_type or ""
    if not text and s.signature:
        declared = s.signature.split("=", 1)
        if ":" in declared[0]:
            text = declared[0].split(":", 1)[1]
        elif len(declared) > 1:
            made = re.match(r"\s*(?:new\s+)?([A-Za-z_$][\w$.]*)\s*\(", declared[1])
            text = made.group(1) if made else ""
    places: list[Place] = []
    for name in dict.fromkeys(_WORD.findall(text)):
        hits = fresh(ws, search, SearchInput(query=name, kind=sorted(TYPE_KINDS), limit=20))
        for h in hits.symbols:
            if h.name == name:
                places.append(Place.named(h.file, h.line, h.col, h.name, role="declaration"))
    return places


def implementations(ws: Workspace, found: InfoResult, lines: Lines, limit: int) -> list[Place]:
    """The types deriving from a type, or the members of a member's name in the types deriving
    from its container (the overrides and implementations of a method)."""
    s = found.symbol
    if s.kind in TYPE_KINDS:
        target = HierarchyInput(file=s.file, line=s.line, col=s.col, direction="down")
        if Path(s.file).is_absolute():  # a library's type: the workspace's subclasses of it
            target = HierarchyInput(symbol=s.qualified_name, direction="down")
        derived = fresh(ws, hierarchy, target).derived_types
        return [
            Place.named(t.file, t.line, lines.name_col(t.file, t.line, t.name), t.name)
            for t in derived
            if t.file is not None and t.line is not None and not t.external
        ][:limit]
    if s.kind not in MEMBER_KINDS or "." not in s.qualified_name:
        return []
    container = s.qualified_name.rsplit(".", 1)[0]
    try:
        down = HierarchyInput(symbol=container, file=s.file, direction="down")
        derived = fresh(ws, hierarchy, down).derived_types
    except LsaiError:
        return []
    wanted = {(f"{t.qualified_name}.{s.name}", t.file) for t in derived if t.qualified_name}
    hits = fresh(ws, search, SearchInput(query=s.name, kind=[s.kind], limit=1000)).symbols
    return [
        Place.named(h.file, h.line, h.col, h.name)
        for h in hits
        if (h.qualified_name, h.file) in wanted
    ][:limit]


def hover_markdown(found: InfoResult) -> str:
    """The symbol's signature in a fenced block of its language (a library function's as its
    file writes it: ``info`` reads it there), then its doc."""
    s = found.symbol
    fence = FENCES.get(PurePosixPath(s.file).suffix.lower(), "")
    head = s.signature or f"{s.kind} {s.qualified_name}"
    text = f"```{fence}\n{head}\n```"
    if found.doc:
        text += f"\n\n{found.doc}"
    if Path(s.file).is_absolute():
        text += f"\n\n{s.qualified_name}: {s.file}:{s.line}"
    return text


# -- outlines -------------------------------------------------------------------------------------
@dataclass
class Symbol:
    """One symbol of a file's outline, with its members: 1-based lines, code-point columns."""

    name: str
    kind: str
    detail: str
    line: int
    col: int
    end_line: int
    end_col: int
    doc: str | None = None
    children: list[Symbol] = field(default_factory=list)
    start_col: int = 1  # where its declaration starts on its first line (past the indentation)

    def walk(self) -> Iterator[Symbol]:
        yield self
        for child in self.children:
            yield from child.walk()


def document_symbols(ws: Workspace, file: str, lines: Lines) -> list[Symbol]:
    """The file's outline as a tree, every level, every page."""
    found = fresh(ws, outline, OutlineInput(file=file, depth=10, limit=5000))

    def tree(m: OutlineMember) -> Symbol:
        col = lines.name_col(file, m.line, m.name)
        end_col = len(lines.line(file, m.end_line)) + 1
        children = [tree(c) for c in m.members]
        text = lines.line(file, m.line)
        start = len(text) - len(text.lstrip()) + 1
        return Symbol(
            m.name, m.kind, m.signature, m.line, col, m.end_line, end_col, m.doc, children, start
        )

    return [tree(m) for section in found.sections for m in section.members]


def enclosing(
    symbols: list[Symbol], line: int, kinds: frozenset[str] | None = None
) -> Symbol | None:
    """The innermost symbol of ``symbols`` (of ``kinds``) whose lines hold ``line``."""
    best: Symbol | None = None
    for top in symbols:
        for s in top.walk():
            if (
                (kinds is None or s.kind in kinds)
                and s.line <= line <= s.end_line
                and (best is None or s.end_line - s.line <= best.end_line - best.line)
            ):
                best = s
    return best


def workspace_symbols(
    ws: Workspace, query: str, kinds: list[str] | None, limit: int
) -> tuple[list[SymbolHit], int]:
    found = fresh(ws, search, SearchInput(query=query, kind=kinds, limit=limit))
    return found.symbols, found.total


# -- calls ----------------------------------------------------------------------------------------
def calls(
    ws: Workspace, found: InfoResult, at: tuple[str, int, int], incoming: bool, limit: int = 1000
) -> list[CallHop]:
    """The direct callers (``incoming``) or callees of the symbol ``found``, asked at ``at``;
    none for what is never called (a local, a parameter, an interface, a module), as LSP's call
    hierarchy has no item for it. A library's function has callers in the workspace (the calls
    its language server led to it, asked at ``at``: its name may be many symbols'), and no
    callees the index knows."""
    s = found.symbol
    if s.kind in NEVER_CALLED:
        return []
    params = CallsInput(file=s.file, line=s.line, col=s.col, depth=1, limit=limit)
    if Path(s.file).is_absolute():
        if not incoming:
            return []
        params = CallsInput(file=at[0], line=at[1], col=at[2], depth=1, limit=limit)
    result = fresh(ws, callers if incoming else callees, params)
    return [hop for level in result.levels for hop in level.calls]


def problems(ws: Workspace, files: set[str]) -> list[tuple[str, str]]:
    """(path, why) of the files among ``files`` the index holds as failed or partial."""
    with ws.index.connect() as conn:
        rows = queries.problem_files(conn, limit=100_000)
    return [(str(r["path"]), str(r["error"] or r["status"])) for r in rows if r["path"] in files]


def callee(ws: Workspace, hop: CallHop) -> tuple[str, int] | None:
    """Where the function a callees' ``hop`` calls is defined: in the workspace, or a library's
    (the absolute path its language server located it at, read at the call site); None when
    the index cannot place it."""
    if hop.file is not None and hop.line is not None:
        return hop.file, hop.line
    site_file, site_line = hop.site
    if not hop.external or site_file is None or site_line is None:
        return None
    try:
        s = symbol_at(ws, site_file, site_line, hop.call_col).symbol
    except LsaiError:
        return None
    return (s.file, s.line) if Path(s.file).is_absolute() else None


# -- diagnostics and rename -----------------------------------------------------------------------
def file_diagnostics(
    ws: Workspace, scope: str, severities: Sequence[Severity] = SEVERITIES, limit: int = 5000
) -> DiagnosticsResult:
    params = DiagnosticsInput(scope=scope or "*", severity=list(severities), limit=limit)
    return fresh(ws, diagnostics, params)


def line_before(change: RenameChange, lines: Lines) -> str:
    """The line a rename changes as it was, indentation and all: its text before (trimmed in
    ``change``) between the current line's leading and trailing blanks, which a rename of
    names leaves as they were (read before or after the rename is written)."""
    text = lines.line(change.file, change.line)
    lead = text[: len(text) - len(text.lstrip())]
    trail = text[len(text.rstrip()) :]
    return lead + change.old_text + trail


def renamed(
    ws: Workspace, file: str, line: int, col: int, new_name: str, apply: bool
) -> RenameResult:
    params = RenameInput(file=file, line=line, col=col, new_name=new_name, preview=not apply)
    return freshness.answer(ws, rename, params, read_only=False)  # type: ignore[return-value]
