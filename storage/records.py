"""Plain records exchanged between the indexer and the store.

Backends (tree-sitter, language servers) convert what they find into these frozen records at their
edge; the store writes them; nothing else crosses that boundary. Lines and columns are 1-based;
columns count Unicode code points of the line (what ``str`` indexing gives).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Span:
    start_line: int
    start_col: int
    end_line: int
    end_col: int

    def holds(self, inner: Span) -> bool:
        """Whether ``inner`` lies within this span, ends included."""
        return (self.start_line, self.start_col) <= (inner.start_line, inner.start_col) and (
            inner.end_line,
            inner.end_col,
        ) <= (self.end_line, self.end_col)


_BETWEEN = re.compile(r"\s*(?://.*|/\*.*|\*.*|#.*|@[\w.]+(?:\(.*\))?)?")
_BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.S)


def adjacent(lines: Sequence[str], before_end: int, after_start: int) -> bool:
    """Whether nothing but blank lines, comments and decorators stands between a declaration
    ending on line ``before_end`` and one starting on ``after_start`` (1-based): one is the
    other's overload, not a namesake in another scope."""
    if after_start <= before_end:
        return after_start == before_end
    between = lines[before_end : after_start - 1]
    if all(_BETWEEN.fullmatch(line) for line in between):
        return True
    # a block comment whose lines do not open with `*` (true-myth's JSDoc between overloads)
    bare = _BLOCK_COMMENT.sub("", "\n".join(between))
    return all(_BETWEEN.fullmatch(line) for line in bare.split("\n"))


FIXTURE = re.compile(r"@(?:pytest\.)?fixture\b")
"""A pytest fixture's decorator (``@pytest.fixture``, ``@fixture(scope=...)``), as a symbol's
attributes hold it: ty's references of the function list the test parameters of its name and
their uses (the indexer asks them; the query tools answer at such a parameter as ty does)."""


@dataclass(frozen=True, slots=True)
class SymbolRecord:
    key: str
    name: str
    qualified_name: str
    kind: str
    span: Span
    name_span: Span
    container_key: str | None = None
    namespace: str | None = None
    signature: str | None = None
    return_type: str | None = None
    parameters: str | None = None
    modifiers: tuple[str, ...] = ()
    accessibility: str | None = None
    attributes: tuple[str, ...] = ()
    doc: str | None = None


@dataclass(frozen=True, slots=True)
class OccurrenceRecord:
    name: str
    role: str
    span: Span
    symbol_key: str | None = None
    enclosing_key: str | None = None
    external: ExternalSymbol | None = field(default=None, compare=False)
    """The definition outside the workspace ``symbol_key`` names (a library's pytest fixture a
    test's parameter names: ``library_fixtures``), stored as an external symbol."""


@dataclass(frozen=True, slots=True)
class ExternalSymbol:
    """A definition outside the workspace a server led to (a library's function, a standard
    library stub, TypeScript's ``lib.es5.d.ts``): stored as an external symbol, never walked.
    ``location`` is the server's URI of its file, ``line``/``col`` its name's start there
    (1-based; the column as the server counts it: the file is never read)."""

    key: str
    name: str
    kind: str
    namespace: str | None
    location: str
    line: int
    col: int

    @classmethod
    def at(
        cls, uri: str, name: str, kind: str, namespace: str | None, line: int, col: int
    ) -> ExternalSymbol:
        return cls(f"ext:{uri}#{line}:{col}", name, kind, namespace, uri, line, col)


@dataclass(frozen=True, slots=True)
class CallRecord:
    caller_key: str | None
    callee_name: str
    line: int
    col: int
    callee_key: str | None = None
    external: ExternalSymbol | None = field(default=None, compare=False)
    """Where the server located a callee outside the workspace (``callee_key`` is None): one
    call site is one edge, whichever of its overloads' definitions came first."""


@dataclass(frozen=True, slots=True)
class TypeEdgeRecord:
    source_key: str
    relation: str
    target_name: str
    line: int
    target_key: str | None = None
    col: int = field(default=0, compare=False)
    """The column of the base's name in the class header (tree-sitter's; 0: not known)."""
    external: ExternalSymbol | None = field(default=None, compare=False)
    """Where the server located a base outside the workspace (``target_key`` is None)."""


@dataclass(frozen=True, slots=True)
class DiagnosticRecord:
    span: Span
    severity: str
    message: str
    code: str | None = None
    source: str | None = None


@dataclass(slots=True)
class FileIndex:
    """Everything one backend found in one file."""

    symbols: list[SymbolRecord] = field(default_factory=list)
    occurrences: list[OccurrenceRecord] = field(default_factory=list)
    calls: list[CallRecord] = field(default_factory=list)
    type_edges: list[TypeEdgeRecord] = field(default_factory=list)
    diagnostics: list[DiagnosticRecord] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    scopes: object = field(default=None, repr=False, compare=False)
    """What the indexer's scope analysis read while the file's tree was at hand
    (``indexer.treesitter.scopes.Scopes``), for its semantic pass; never stored."""


@dataclass(frozen=True, slots=True)
class FileMeta:
    """What the crawler knows of a file before any backend reads it."""

    path: str
    language: str | None
    size: int
    mtime_ns: int
    content_hash: str | None
    project_root: str | None = None
    line_count: int = 0
    status: str = "complete"
    error: str | None = None
    backend: str = "none"
    backend_version: str | None = None
    encoding: str | None = None
    """What a file that is not UTF-8 was read as (not stored: said in the run's summary)."""
