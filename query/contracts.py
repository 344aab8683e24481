"""The typed contracts of the LSAI tools: one input and one result model per tool.

Field names are snake_case in Python and camelCase on the wire (``typeName``, ``outputFormat``),
as the LSAI protocol names them. The MCP tools, the CLI commands and ``schemas/*.json`` derive from
these models.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic.alias_generators import to_camel

OutputFormat = Literal["compact", "verbose", "turbo", "grep", "compiler", "syntax", "json"]
PROFILES: tuple[str, ...] = get_args(OutputFormat)  # every tool renders every profile
KINDS = (
    "class", "interface", "struct", "enum", "enumMember", "trait", "union", "type", "function",
    "method", "constructor", "property", "field", "variable", "constant", "namespace", "module",
    "macro", "event", "delegate",
)  # fmt: skip


class Contract(BaseModel):
    model_config = ConfigDict(
        alias_generator=to_camel, populate_by_name=True, extra="forbid", frozen=True
    )

    @classmethod
    def from_row(cls, row: Mapping[Any, Any]) -> Self:
        """The model of a query row holding a column for each of its fields (and maybe more;
        a field the row lacks keeps its default)."""
        return cls(**{name: row[name] for name in cls.model_fields if name in row})


# -- search --------------------------------------------------------------------------------------
class SearchInput(Contract):
    """Find symbols by name. ``*`` and ``?`` are wildcards; a name with a dot matches qualified
    names (``Session.send``); a plain name matches exactly (case-insensitive), and when nothing
    does, names starting with it, then names containing it (the answer says so)."""

    query: str = Field(min_length=1, description="Name pattern; * and ? are wildcards")
    kind: list[str] | None = Field(None, description="Only these kinds (full words)")
    scope: str | None = Field(None, description="Namespace, project name or path prefix")
    limit: int = Field(50, ge=1, le=1000, description="Maximum results on this page")
    offset: int = Field(0, ge=0, description="Skip this many results (next page)")
    output_format: OutputFormat = Field("compact", description="Output profile")


class SymbolHit(Contract):
    name: str
    kind: str
    file: str
    line: int
    col: int
    qualified_name: str
    namespace: str | None = None
    signature: str | None = None
    backend: str
    overloads: int = Field(
        0,
        description="How many more declarations of this callable's name follow it in its scope"
        " (overload signatures, the implementation): the hit stands for them all",
        exclude_if=lambda v: v == 0,
    )
    alias_of: SymbolRef | None = Field(
        None,
        description="The symbol this name is another name of (``export { internal as "
        "public }``): the hit is where the name is given, this where the symbol is defined",
        exclude_if=lambda v: v is None,
    )


class Provenance(Contract):
    """How complete and how exact an answer is."""

    backends: list[str] = Field(default_factory=list)
    complete: bool = True
    notes: list[str] = Field(default_factory=list)
    corrected: str | None = Field(
        None, description="How a symbol's position was corrected before answering, if it was"
    )
    stale: list[str] | None = Field(
        None, description="Files in the answer's scope that changed on disk since they were indexed"
    )


class SearchResult(Contract):
    query: str
    symbols: list[SymbolHit]
    total: int
    truncated: bool
    next_offset: int | None = None
    provenance: Provenance = Field(default_factory=Provenance)


# -- outline -------------------------------------------------------------------------------------
class OutlineInput(Contract):
    """The structure of a file, or of a type and its members, with full signatures."""

    file: str | None = Field(None, description="Workspace-relative file path")
    type_name: str | None = Field(None, description="Type name or qualified name")
    depth: int = Field(
        3,
        ge=1,
        le=10,
        description="Levels shown: 1 the top-level symbols (or the type alone), 2 their members",
    )
    limit: int = Field(
        400, ge=1, le=5000, description="Maximum symbols on this page (members count too)"
    )
    offset: int = Field(0, ge=0, description="Skip this many symbols (next page)")
    output_format: OutputFormat = Field("compact", description="Output profile")

    @model_validator(mode="after")
    def _one_target(self) -> OutlineInput:
        if (self.file is None) == (self.type_name is None):
            raise ValueError("give either file or typeName")
        return self


class OutlineMember(Contract):
    name: str
    kind: str
    signature: str
    accessibility: str | None = None
    line: int
    end_line: int
    modifiers: list[str] = Field(default_factory=list)
    attributes: list[str] = Field(default_factory=list)
    return_type: str | None = None
    parameters: str | None = None
    is_static: bool = False
    is_abstract: bool = False
    is_virtual: bool = False
    doc: str | None = None
    members: list[OutlineMember] = Field(default_factory=list)


class OutlineSection(Contract):
    """One file's part of an outline."""

    file: str
    language: str | None = None
    namespace: str | None = None
    backend: str
    members: list[OutlineMember]


class OutlineResult(Contract):
    target: str
    sections: list[OutlineSection]
    counts: dict[str, int]
    """Symbols by kind in the whole outline, every page."""
    total: int = 0
    """Symbols in the whole outline (at ``depth``); a page shows ``offset`` to ``offset`` +
    ``limit``, with the containers of its first symbols."""
    offset: int = 0
    truncated: bool = False
    next_offset: int | None = None
    provenance: Provenance = Field(default_factory=Provenance)


# -- addressing (every symbol tool) --------------------------------------------------------------
class SymbolTarget(Contract):
    """The symbol a tool is about: ``symbol`` (a name, ``Type.member`` or ``package.Name``), or
    ``file`` + ``line`` + ``col`` (1-based) of an identifier, also written as ``symbol``
    (``src/app.py:12:5``); ``file``/``line`` with ``symbol`` pick one of several symbols of that
    name."""

    symbol: str | None = Field(
        None,
        min_length=1,
        description="Name or qualified name (Session.send, flask.Flask), or file:line:col",
    )
    file: str | None = Field(None, description="Workspace-relative file of the symbol")
    line: int | None = Field(None, ge=0, description="Line of the symbol (1-based)")
    col: int | None = Field(None, ge=0, description="Column of the symbol (1-based)")

    @model_validator(mode="after")
    def _symbol_or_position(self) -> SymbolTarget:
        if self.symbol is None and (self.file is None or self.line is None):
            raise ValueError("give symbol, or file and line (and col)")
        return self


class Declaration(Contract):
    """Another declaration of a symbol, located."""

    kind: str
    file: str
    line: int


class SymbolRef(Contract):
    """One symbol of the index, located: what the tools answer about and list."""

    name: str
    kind: str
    qualified_name: str
    file: str
    line: int
    col: int
    namespace: str | None = None
    signature: str | None = None
    backend: str
    merged: list[Declaration] | None = Field(
        None,
        description="The other declarations TypeScript merges with it into one symbol "
        "(interface and const, class and namespace), answered with it",
        exclude_if=lambda v: v is None,
    )


class TypeRef(Contract):
    """A type in a hierarchy: located when the index knows it, else external."""

    name: str
    qualified_name: str | None = None
    kind: str | None = None
    file: str | None = None
    line: int | None = None
    external: bool = False
    location: str | None = Field(
        None,
        description="Where an external type is defined, as its language server located it "
        "(the library's file, from its package folder, and line)",
        exclude_if=lambda v: v is None,
    )
    relation: str = "extends"
    depth: int = 1
    via: str | None = Field(None, description="The type this one is reached from")
    by_name: bool = Field(False, description="Matched by name, not resolved by a compiler")
