"""The ``usages`` tool's input and result, shared by the answers for symbols of the index
(``query.usages``) and for names that are none (``query.unindexed``)."""

from __future__ import annotations

from pydantic import Field

from lsai.query.contracts import Contract, OutputFormat, Provenance, SymbolRef, SymbolTarget


class UsagesInput(SymbolTarget):
    """Every usage of a symbol (imports, calls, reads, writes), grouped by file with the code
    line, ending with ``[N usages in M files]``. Semantic where a language server indexed the
    file, name-based (and said so) where tree-sitter did. At the position of a parameter or a
    local variable, the uses its scope binds to it."""

    limit: int = Field(100, ge=1, le=1000, description="Maximum usages on this page")
    offset: int = Field(0, ge=0, description="Skip this many usages (next page)")
    include_definition: bool = Field(False, description="Also list the definition itself")
    output_format: OutputFormat = Field("compact", description="Output profile")


class Usage(Contract):
    """One usage. Structured content leaves out a null ``context`` and a false ``byName`` (a
    client validates every field of every entry against the output schema)."""

    line: int
    col: int
    role: str
    context: str | None = Field(None, exclude_if=lambda x: x is None)
    by_name: bool = Field(
        False,
        description="Matched by name (tree-sitter), not resolved",
        exclude_if=lambda x: not x,
    )


class UsageFile(Contract):
    file: str
    usages: list[Usage]


class FileCount(Contract):
    file: str
    count: int


class UsagesResult(Contract):
    symbol: SymbolRef
    mode: str = Field(
        description="semantic, name-based or mixed; scope: a parameter's or local's uses, by "
        "tree-sitter's scopes"
    )
    files: list[UsageFile]
    total: int
    file_count: int
    truncated: bool
    next_offset: int | None = None
    per_file: list[FileCount] | None = Field(
        None, description="Usages per file, when the page was too long to print (files holds it)"
    )
    degraded: str | None = Field(None, description="Why the answer is coarser than asked")
    provenance: Provenance = Field(default_factory=Provenance)
