"""The registry of LSAI tools: one spec per tool, from which every face is derived.

The CLI builds its commands from these specs, the MCP server registers them (input schema, output
schema, description, annotations), and ``schemas/tools/*.json`` is generated from them. Adding a
tool is adding a spec here; no face changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from lsai.query.calls import CallsInput, CallsResult, callees, callers
from lsai.query.contracts import OutlineInput, OutlineResult, SearchInput, SearchResult
from lsai.query.deps import DepsInput, DepsResult, deps
from lsai.query.diagnostics import DiagnosticsInput, DiagnosticsResult, diagnostics
from lsai.query.hierarchy import HierarchyInput, HierarchyResult, hierarchy
from lsai.query.impact import ImpactInput, ImpactResult, impact
from lsai.query.info import InfoInput, InfoResult, info
from lsai.query.outline import outline
from lsai.query.rename import RenameInput, RenameResult, rename
from lsai.query.search import search
from lsai.query.server import ServerInput, ServerResult, server
from lsai.query.usage_contracts import UsagesInput, UsagesResult
from lsai.query.usages import usages
from lsai.query.views.snippet import WIDTH
from lsai.query.workspace import Workspace

Run = Callable[[Workspace, Any], BaseModel]


@dataclass(frozen=True)
class ToolSpec:
    name: str  # the protocol's short name; MCP exposes it as lsai_<name>
    input: type[BaseModel]
    result: type[BaseModel]
    run: Run
    description: str
    read_only: bool = True
    destructive: bool = False
    positional: str | None = None  # the CLI argument that may be given without its flag
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)  # extra CLI flags
    summary: str = ""  # one line for ``lsai --help``; the description is the command's help

    @property
    def mcp_name(self) -> str:
        return f"lsai_{self.name}"


TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        "search",
        SearchInput,
        SearchResult,
        search,
        "Find symbols by name: * and ? wildcards, Type.member qualified names, kind and scope "
        "filters. Returns file:line, kind and qualified name of each symbol.",
        positional="query",
        summary="Find symbols by name, with wildcards and kind/scope filters",
    ),
    ToolSpec(
        "info",
        InfoInput,
        InfoResult,
        info,
        "Everything about one symbol in one call: kind, file:line, namespace, modifiers, full "
        "signature, return type, parameters, containing type; for types their bases, "
        "interfaces, member counts and constructors; attributes and doc. Address it by symbol "
        "(name, Type.member, package.Name) or by file+line+col. At a parameter or a local "
        "variable (Python, JS/TS, Go): where it is bound, its declaring line, its function. A "
        "library's name the workspace calls or subclasses (json.dumps, Exception): the file "
        "and line its language server located it at.",
        positional="symbol",
        summary="Everything about one symbol: kind, location, signature, doc",
    ),
    ToolSpec(
        "usages",
        UsagesInput,
        UsagesResult,
        usages,
        "Every usage of a symbol (imports, calls, reads, writes; not comments or strings), "
        "grouped by file with the code line, ending [N usages in M files]. Semantic where a "
        "language server indexed the file, name-based (and said so) under tree-sitter. Pages "
        f"with limit/offset. The compact profile (default) cuts a code line longer than {WIDTH} "
        "characters to a window around the name (… marks a cut) and an import or re-export "
        "statement the server resolved to the symbol to `import` or `re-export`; outputFormat: "
        "verbose gives "
        "whole lines and whole paths. Several symbols of that name: AMBIGUOUS_SYMBOL lists "
        "them, each with a form (symbol=... or file= line=) that picks it. A TypeScript name "
        "declared several times as one symbol (interface and const, class and namespace, "
        "function and namespace, merged interfaces) answers for all its declarations by name "
        "(symbol.merged lists the others; a note says so), for one by its file and line. At "
        "file+line+col of a parameter or a local variable (Python, JS/TS, Go): the names its "
        "scope binds to it, as the language server's references list them. A library's name "
        "(by position, or json.dumps by name): its uses the server tied to no workspace "
        "symbol, by name, and said so.",
        positional="symbol",
        summary="Every usage of a symbol, by file, with the code line",
    ),
    ToolSpec(
        "callers",
        CallsInput,
        CallsResult,
        callers,
        "Who calls a function or method, depth 1-5 levels up the call graph, by level; each "
        "indirect caller shows the caller it chains from (<-), with its call site. A library's "
        "function the workspace calls too (symbol json.dumps, or a call's file+line+col): the "
        "calls its language server led there.",
        positional="symbol",
        aliases={"depth": ("-d",)},
        summary="Who calls a function or method, up to 5 levels up",
    ),
    ToolSpec(
        "callees",
        CallsInput,
        CallsResult,
        callees,
        "What a function or method calls, depth 1-5 levels down the call graph, by level (->), "
        "each callee at its definition, or marked (external) with where its language server "
        "located a library's (json/__init__.pyi:109).",
        positional="symbol",
        aliases={"depth": ("-d",)},
        summary="What a function or method calls, up to 5 levels down",
    ),
    ToolSpec(
        "hierarchy",
        HierarchyInput,
        HierarchyResult,
        hierarchy,
        "The inheritance tree of a type: base chain (up), implemented interfaces, derived "
        "types (down); bases outside the workspace shown as (external). A library's type "
        "(Exception, BaseModel, React.Component) lists the workspace types deriving from it, "
        "and where its language server located it (builtins.pyi:4993); two libraries' types "
        "of one name (shutil.Error, csv.Error) are told apart by module or by a class header.",
        positional="symbol",
        aliases={"depth": ("-d",)},
        summary="Base types, interfaces and derived types of a type",
    ),
    ToolSpec(
        "impact",
        ImpactInput,
        ImpactResult,
        impact,
        "What a change to a symbol affects, in one call: direct usages and files, the caller "
        "chain by level, public API entry points reached, affected tests (by test-file "
        "conventions), and a risk level HIGH/MEDIUM/LOW/UNKNOWN with its reason.",
        positional="symbol",
        aliases={"depth": ("-d",)},
        summary="What a change to a symbol affects, with a risk level",
    ),
    ToolSpec(
        "outline",
        OutlineInput,
        OutlineResult,
        outline,
        "The structure of a file or of a type: members nested under their containers, each "
        "with its full signature (parameters with types and defaults, return type) and line. "
        "Pages with limit/offset (400 symbols a page; a page shows the containers of its "
        "symbols again); depth 1 gives the top level alone.",
        positional="file",
        aliases={"type_name": ("--type",)},
        summary="The symbols of a file or type, with full signatures",
    ),
    ToolSpec(
        "rename",
        RenameInput,
        RenameResult,
        rename,
        "Rename a symbol and every reference to it (semantic: by the language server's "
        "resolution; by name, every declaration of a merged TypeScript symbol); at the "
        "position of a parameter or local variable (Python, JavaScript, TypeScript, Go, C, C++), "
        "that name in its scope, and a Python parameter's keyword arguments at its calls. "
        "Previews by "
        "default: each change, the near-misses left untouched (other "
        "symbols of that name, the name in comments and strings) and conflicts. preview=false "
        "applies it: all files or none, refused if a file changed since indexing (INDEX_STALE), "
        "on conflicts (RENAME_CONFLICT) or when only name-based (tree-sitter); then re-indexes.",
        read_only=False,
        destructive=True,
        positional="symbol",
        aliases={"new_name": ("--to",)},
        summary="Rename a symbol everywhere it is used (preview first)",
    ),
    ToolSpec(
        "diagnostics",
        DiagnosticsInput,
        DiagnosticsResult,
        diagnostics,
        "Compiler errors and warnings recorded by the language servers, for a file, folder, "
        "project or the whole workspace (*), filtered by severity; generated folders (obj, bin, "
        "node_modules, dist, build) left out. Says so when no language server served the scope.",
        positional="scope",
        summary="Compiler errors and warnings from the index",
    ),
    ToolSpec(
        "deps",
        DepsInput,
        DepsResult,
        deps,
        "The project-to-project dependency graph of the workspace (from package.json, "
        "tsconfig.json references, pyproject.toml, go.mod, Cargo.toml, .csproj, pom.xml), not "
        "third-party packages; includeFiles lists each project's source files by folder (past "
        "2,000 files, each folder's count).",
        positional="project",
        summary="Project-to-project dependencies of the workspace",
    ),
    ToolSpec(
        "server",
        ServerInput,
        ServerResult,
        server,
        "What this lsai serves: version, protocol (LSAI/1.2), tier and tools per language "
        "(tier 2: a language server served it; tier 1: tree-sitter), the workspace with its "
        "file count, and index freshness (last run, status, indexed commit vs git HEAD).",
        summary="Version, protocol, languages, tiers and index freshness",
    ),
)

BY_NAME: dict[str, ToolSpec] = {tool.name: tool for tool in TOOLS}
