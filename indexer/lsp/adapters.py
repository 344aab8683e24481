"""The registry of language-server adapters: what to run for a language and how to talk to it.

Each adapter is data: its command, the languages it serves, its initialization options and
workspace settings, what it supports, and how lsai knows it is ready. Adding a server is adding an
entry to ``ADAPTERS``, never a branch in the code that drives servers.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from lsai.indexer.lsp.cppheaders import clangd_header_settings
from lsai.indexer.lsp.gomodules import go_session_roots
from lsai.indexer.lsp.launch import (
    BUILT_DATABASES,
    CLANGD_DATABASES,
    LaunchFactory,
    OpenSettings,
    Partition,
    Requirement,
    SessionRoot,
    always,
    clangd_launch,
    clangd_requirement,
    go_gc_launch,
    gopls_launch,
    jdtls_launch,
    own_roots,
    plain_launch,
)
from lsai.indexer.lsp.launch import ProjectContext as ProjectContext  # re-exported
from lsai.indexer.lsp.outline import (
    OutlineFix,
    as_is,
    clangd_outline,
    gopls_outline,
    tsgo_outline,
)
from lsai.indexer.lsp.pyenv import pyright_settings, ty_settings
from lsai.indexer.lsp.pysessions import partition as python_partition

Readiness = Literal["progress", "stable-references", "diagnostics"]
ReadsCall = Literal["members", "values"]
Naming = Literal["definition", "declaration"]
"""The request that says what a name names, where lsai asks it at a site (``resolve``, a live
update's ``incremental.definitions``): ``textDocument/definition`` or ``declaration``."""
Scope = Literal["project", "workspace"]
"""``project``: one server per project root (the innermost folder with a project marker);
``workspace``: one server for every file of the workspace in its languages, so that references
cross the projects of a monorepo or a solution (the server finds each file's own configuration)."""
"""``progress``: wait until every ``$/progress`` the server began has ended (it reports its
loading); ``stable-references``: ask a cross-file references request until two answers agree;
``diagnostics``: wait until the server published diagnostics for every open file (clangd does it
once a file's AST is built and indexed, which is when its references are complete)."""


SettingsFactory = Callable[[ProjectContext, str | None], object]
"""The answer to ``workspace/configuration`` for one section (``None``: every section)."""


def _no_settings(context: ProjectContext, section: str | None) -> object:
    return None


def _writes_no_libraries() -> Path | None:
    return None


def ty_vendored() -> Path:
    """Where ty writes the stubs of its vendored typeshed that an answer leads into (its cache
    folder: ``$XDG_CACHE_HOME/ty`` or ``~/.cache/ty``)."""
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "ty" / "vendored"


@dataclass(frozen=True)
class ReferencesCost:
    """What one references request costs a server, in definition requests: ``base``, plus
    ``per_spelling`` for each place the name is spelled in the files it searches (it looks at
    every one, in comments and strings too)."""

    base: float
    per_spelling: float
    other_names: bool = True
    """Whether a site is a reference of a symbol of another name its definition leads to
    (tsgo: ``new C()`` of a construct signature, ``b`` of ``import { a as b }``); ty's
    references list only sites spelled as the symbol."""

    def by_definition(self, sites: int, symbols: int, spelled: int) -> bool:
        """Whether ``sites`` definition requests cost no more than the references requests of
        ``symbols`` symbols whose name is spelled ``spelled`` times."""
        return sites <= symbols * (self.base + self.per_spelling * spelled)


@dataclass(frozen=True)
class ServerAdapter:
    """One language server, as data."""

    id: str
    languages: tuple[str, ...]
    command: tuple[str, ...]
    install: str
    init_options: dict[str, object] = field(default_factory=dict)
    environment: dict[str, str] = field(default_factory=dict)
    """Variables set in the server's environment (``[language-server.<id>] environment``)."""
    request_timeout: float | None = None
    """Seconds a request may take, when not lsai's default (``[language-server.<id>]``)."""
    settings: SettingsFactory = _no_settings
    call_hierarchy: bool = True
    pull_diagnostics: bool = False
    readiness: Readiness = "stable-references"
    ready_timeout: float = 60.0
    language_ids: dict[str, str] = field(default_factory=dict)
    version_args: tuple[str, ...] = ("--version",)
    npm_package: str | None = None
    """Installable by ``lsai doctor --install`` into lsai's npm cache."""
    verified: bool = False
    """Driven by ``lsai index`` by default: only once tested against the fixture workspaces."""
    clear_env: tuple[str, ...] = ()
    """Variables removed from the server's environment (lsai's virtualenv is not the project's)."""
    scope: Scope = "project"
    alias_kinds: frozenset[str] = frozenset()
    """Kinds of the symbols of a file or a namespace that may be imports or re-exports
    (``aliases.refine``)."""
    callable_hint: str | None = None
    """A regex on a variable's declaration: when it matches, the call hierarchy is asked whether
    the variable holds a function (``const f = () => ...``); ``None``: never."""
    synthetic_names: str | None = None
    """A regex on names the server invents for what has no name (``x.map() callback``)."""
    launch: LaunchFactory = plain_launch
    """Extra arguments and environment for one project (``launch``)."""
    requires: Requirement = always
    open_settings: OpenSettings | None = None
    """Settings sent before files are opened, worked out from them (clangd: the compile commands
    of C++ headers it would read as C, ``cppheaders``)."""
    """Why the server cannot serve a project (``None``: it can); its files keep tree-sitter."""
    outline: OutlineFix = as_is
    """Corrects the server's documentSymbol tree so that its keys equal tree-sitter's."""
    settle_sites: bool = False
    """When the references of several symbols claim one site (a call of an override or of an
    interface method), ask the server's definition there and keep the symbol it names."""
    merge_declarations: bool = False
    """C/C++: a declaration (header) and its definition are one entity: references point at the
    definition's key, the declaration's name is a ``declaration`` occurrence of it."""
    adopted_kinds: frozenset[str] = frozenset()
    """Kinds of tree-sitter's symbols that join the session where the server's outline leaves
    them out (``adopt``), so that their references are asked: clangd lists no macro. Set, only
    these kinds join; empty, every kind does for an adapter whose outline is refined."""
    adopted_in_functions: frozenset[str] = frozenset()
    """Kinds of tree-sitter's symbols that join the session when declared in a function's body,
    where the server's outline leaves them out (clangd: a local struct, union, enum or typedef
    and their members)."""
    partition: Partition | None = None
    """With ``scope="workspace"``: which projects share a session (``None``: all of them)."""
    failing_progress: tuple[str, str] | None = None
    """A regex on the title of a progress the server keeps open to show a failure (not work to
    wait for), and what the user can do about it; the session's files are partial with both."""
    session_root: SessionRoot = own_roots
    """With ``scope="project"``: the folder a project is served from, with every project served
    from there (gopls: the modules a ``go.work`` uses, from its folder)."""
    shared_answers: bool = False
    """Symbols of one container and name (overloads, merged declarations, redefinitions) get
    one answer: when one's references reach the other's definition, the other is not asked
    (``sweep``; verified against the server on the benchmark trees)."""
    answers_when_loaded: bool = False
    """The server holds a request until it has loaded the project (tsgo), so an answer asked
    before the readiness gate is whole: lsai asks its diagnostics while it reads the outlines."""
    in_flight: int = 1
    """References requests sent before the first answer is awaited."""
    calls_from_sites: bool = False
    """Ask outgoing calls only of callables with a call site or a decorator (``sweep.Options``
    ``callers``): measured on the benchmark trees, ty attributes every call edge to one of them
    (decorators to the decorated function); TypeScript does not (methods of object literals)."""
    reads_call: ReadsCall | None = None
    """Reading a function without calling it is a call in the server's call hierarchy, so
    ``merge`` adds those calls from the references: ``members``, a member read (``obj.method``,
    ``obj.method.bind(obj)``; tsgo, whose outgoing calls of a function list them) in code no
    outgoing calls are asked of (the module, a constructor, a field's initializer);
    ``values``, any read (``apply(target)``, ``r.Use(mw.Handler)``; gopls, whose incoming calls
    list them, its outgoing calls not; clangd, whose incoming calls are its references grouped
    by the declaration they are in: ``&f``, a function in a table of callbacks), from the
    function it is in."""

    inputs: tuple[str, ...] = ()
    """Glob patterns of what the server reads besides the sources (configuration, installed
    packages), in each served project's folder and the folders above it: a change asks the
    server again about the group (``indexer.environment``)."""
    outside_build: str | None = None
    """A regex on the error a request fails with for a file the server does not build (gopls:
    a Go file that build constraints leave out): such failures leave the file complete, with
    what the server answered and tree-sitter's rows, not partial."""
    adopt_outline: bool = False
    """The server's outline leaves out what a function declares (gopls: a type declared in a
    function body, its fields and methods): tree-sitter's symbols join the session (``adopt``),
    so that their references are asked as the server's symbols' are."""
    implementations: bool = False
    """Ask ``textDocument/implementation`` of each interface for the types implementing it
    (Go: implementations are implicit, no clause of the type names its interfaces)."""
    project_configs: tuple[str, ...] = ()
    """The configuration files the server looks for in a file's folder and the folders above
    it; a file none claims costs it more to load (``unconfigured``: tsgo)."""
    targeted: bool | None = None
    """Whether a few changed files are answered alone, the server kept with the group open
    (live updates, and ``lsai index``'s few changed files: ``indexer.live``); None: when none of
    its passes needs every file of the group (``needs_group``)."""
    group_after_removals: bool = False
    """With ``targeted``: a change that removes a symbol another file names (a rename of an
    imported function, a declaration moved to another file), or deletes a file, asks the whole
    group again instead; edits of bodies, new declarations and symbols gone with no site
    outside their file (a local helper renamed, an unused export deleted) are answered alone."""
    nested_objects: bool = False
    """Ask the definition of each member of an object literal a property holds: the server
    answers its contextual type's member, which the object implements (``contextual``)."""
    references_cost: ReferencesCost | None = None
    """Resolve a name's references by a definition request at each of its identifiers, not a
    references request per symbol, when those requests cost the server less (``resolve.plan``).
    ``None``: references requests only."""
    calls_in_lambdas: bool = False
    """The outgoing calls of a function list no call made in a lambda inside it (ty): each such
    call the references pass left untied asks where it leads (``lambdas``)."""
    writes_libraries: Callable[[], Path | None] = _writes_no_libraries
    """The folder the server writes library files into the first time an answer leads there
    (ty's vendored typeshed): the calls lost while one was written are asked again
    (``written``)."""
    prepares_library_calls: bool = False
    """Ask ``prepareCallHierarchy`` at each call site no outgoing call answered (one in a
    function that is no symbol: a callback, an object literal's method) for its callee outside
    the workspace (``untied``; tsgo)."""
    naming: Naming = "definition"
    """What names the symbol at a site, as the server's references count it: its definition,
    or its declaration (ty: a function declared in a ``.pyi`` stub beside its ``.py``, as
    more-itertools ships, is the stub's; ty's definition leads to the ``.py``, its references
    of the stub's function list the uses, those of the ``.py``'s do not)."""

    @property
    def naming_method(self) -> str:
        """The LSP method of ``naming``."""
        return f"textDocument/{self.naming}"

    @property
    def needs_group(self) -> bool:
        """Whether its passes need every file of a group (outline refinement of aliases,
        settled sites, merged declarations): a change re-asks the group, never a file alone."""
        refines = self.alias_kinds or self.callable_hint or self.synthetic_names
        return bool(refines or self.settle_sites or self.merge_declarations)

    def language_id(self, language: str) -> str:
        """The LSP ``languageId`` of an lsai language (they differ for tsx and jsx)."""
        return self.language_ids.get(language, language)


_NO_TYPE_ACQUISITION: dict[str, object] = {
    "disableAutomaticTypeAcquisition": True,
    "tsserver": {"automaticTypeAcquisition": {"enabled": False}},
}


def tsgo_settings(context: ProjectContext, section: str | None) -> object:
    """No automatic type acquisition: for a JavaScript project tsgo otherwise runs npm to
    download ``@types`` packages for its dependencies into ``~/.cache/typescript`` while it
    loads, a download at index time that held its answers back ~30 s on mocha (measured: the
    index 37 s -> 1.8 s) and changes them with what the registry serves."""
    if section is None:
        return {name: _NO_TYPE_ACQUISITION for name in ("js/ts", "typescript", "javascript")}
    return _NO_TYPE_ACQUISITION if section in ("js/ts", "typescript", "javascript") else None


_PYTHON_ENV = ("VIRTUAL_ENV", "CONDA_PREFIX", "PYTHONPATH", "PYTHONHOME")
_PYTHON_INPUTS = (
    "pyproject.toml", "setup.cfg", "setup.py", "ty.toml", "pyrightconfig.json",
    "*/pyvenv.cfg", "*/lib/python3*/site-packages",  # a virtual environment, what it installed
)  # fmt: skip
_NODE_INPUTS = (
    "package.json", "tsconfig*.json", "jsconfig*.json",
    # an install: what it holds (the packages of a monorepo are linked into node_modules/@scope),
    # and the files npm, pnpm and yarn rewrite in it
    "node_modules", "node_modules/@*", "node_modules/.package-lock.json",
    "node_modules/.modules.yaml", "node_modules/.yarn-state.yml", "node_modules/.yarn-integrity",
)  # fmt: skip

ADAPTERS: dict[str, ServerAdapter] = {
    "ty": ServerAdapter(
        id="ty",
        languages=("python",),
        command=("ty", "server"),
        install="pip install ty",
        init_options={"logLevel": "warn"},
        settings=ty_settings,
        clear_env=_PYTHON_ENV,
        scope="workspace",  # one server, search paths for every project (``pyenv``)
        partition=python_partition,
        writes_libraries=ty_vendored,
        calls_in_lambdas=True,
        shared_answers=True,
        # ty's outline leaves out the variables of a class defined in a function (a test's
        # ``class DoSomething: STATUS_DONE = "done"``), whose references it answers
        adopted_kinds=frozenset({"field"}),
        calls_from_sites=True,
        pull_diagnostics=True,
        readiness="stable-references",
        in_flight=4,  # measured on the Python bench: references 13.5-15.4 s -> 7.7-11.2 s
        # a name many symbols share (Django: `Meta` 1,035 times, `name` 597) is resolved by
        # definition: each of its references requests reads every spelling (~100 ms each);
        # a definition request ~0.16 ms
        references_cost=ReferencesCost(base=0.0, per_spelling=0.3, other_names=False),
        naming="declaration",  # a stub's declaration, not the .py's definition it leads to
        verified=True,
        inputs=_PYTHON_INPUTS,
    ),
    "basedpyright": ServerAdapter(
        id="basedpyright",
        languages=("python",),
        command=("basedpyright-langserver", "--stdio"),
        install="pip install basedpyright",
        clear_env=_PYTHON_ENV,
        settings=pyright_settings,
        # it pushes a file's diagnostics once it has checked it, after its progress has ended:
        # read at the progress's end, none had come (measured: 0 of 11 on a three-file probe)
        readiness="diagnostics",
        inputs=_PYTHON_INPUTS,
    ),
    "tsgo": ServerAdapter(
        id="tsgo",
        languages=("typescript", "tsx", "javascript"),
        command=("tsc", "--lsp", "--stdio"),
        install="npm install -g typescript@7 (or: lsai doctor --install)",
        npm_package="typescript@7",
        # logVerbosity 4, warnings and errors only: at its default (info) tsgo sends a
        # window/logMessage for every request it handles, one per answer (measured on the
        # TypeScript bench: 52,586 notifications, ~2.5 CPU s of lsai's and some of tsgo's);
        # no pushed diagnostics: lsai pulls them (TypeScript bench: tsgo CPU -0.4 to -1.3 s)
        init_options={"logVerbosity": 4, "disablePushDiagnostics": True},
        settings=tsgo_settings,
        launch=go_gc_launch,  # tsgo is a Go program: GOGC=200 (launch.GO_GC_PERCENT)
        pull_diagnostics=True,
        readiness="progress",
        answers_when_loaded=True,
        language_ids={"tsx": "typescriptreact", "jsx": "javascriptreact"},
        scope="workspace",  # each open file's tsconfig/jsconfig, or one inferred project, loads
        project_configs=("tsconfig.json", "jsconfig.json"),
        shared_answers=True,
        # measured on the TypeScript bench (1,491 symbols' references, one at a time, the
        # files checked): 3.1 ms + 5.4 us per spelling of the name + 7 us per file that spells
        # it; a definition request, 256 in flight: ~0.1 ms of wall time. In a run, a common
        # name's requests cost more than that: tsgo's CPU is what the pass waits on, and each
        # checks every spelling on both cores (zod's six `length` and four `parse` methods:
        # ~0.1-0.2 s each). Per spelling 0.06 -> 0.3: 159 -> 102 references requests, the
        # references pass 3.4-3.6 -> 3.1-3.4 s, the same rows but 28 of 41,849 references
        # tsgo lists where the server's definition is the site itself (an object's key
        # contextually typed by a union: `origin` of zod's issues)
        references_cost=ReferencesCost(base=30.0, per_spelling=0.3),
        in_flight=2,  # measured: references 15-30% faster in wall time than one at a time, same CPU
        outline=tsgo_outline,  # no members of a type literal in a class's heading
        alias_kinds=frozenset({"variable"}),
        callable_hint=r"=>|\bfunction\b",
        synthetic_names=r"\s|^<",  # "items.map() callback", "<function>", "<class>"
        reads_call="members",
        nested_objects=True,
        prepares_library_calls=True,
        verified=True,
        inputs=_NODE_INPUTS,
        # the changed files' outline refined and tree-sitter's symbols joined as in a full run
        # (``incremental``): measured against rebuilds, 15 edits of the bench trees (zod's
        # util.ts and checks.ts, rxjs's Observable.ts, lodash-es, express; new, renamed and
        # overloaded functions, re-exports, arrow functions) gave the rebuild's rows, in
        # 0.05-0.6 s each instead of 8 s for the group. Not yet when a symbol is removed: a
        # class renamed in zod (ZodError) left ~600 rows unlike a rebuild's (the members of a
        # union's types keyed at one place), so such a change asks the group
        targeted=True,
        group_after_removals=True,
    ),
    "clangd": ServerAdapter(
        id="clangd",
        languages=("c", "cpp"),
        # no background index: it would write .cache/clangd into the user's tree
        command=("clangd", "--background-index=false", "--log=error", "--pch-storage=memory"),
        install="apt-get install clangd (and generate compile_commands.json)",
        call_hierarchy=False,  # clangd 14-19 answer outgoingCalls with -32601: calls are derived
        readiness="diagnostics",
        launch=clangd_launch,
        requires=clangd_requirement,
        open_settings=clangd_header_settings,
        outline=clangd_outline,
        settle_sites=True,
        merge_declarations=True,
        reads_call="values",  # incoming calls list `&f`, `{"m", (PyCFunction) f}` in a table
        adopted_kinds=frozenset({"macro"}),
        adopted_in_functions=frozenset(
            {"struct", "union", "enum", "enumMember", "class", "type", "field"}
        ),
        verified=True,
        inputs=(*CLANGD_DATABASES, *BUILT_DATABASES, ".clangd"),
    ),
    "gopls": ServerAdapter(
        id="gopls",
        languages=("go",),
        command=("gopls",),
        install="go install golang.org/x/tools/gopls@latest (offline: GOPROXY=off)",
        version_args=("version",),
        readiness="diagnostics",  # after its "Setting up workspace" progress, for every file
        launch=gopls_launch,
        outline=gopls_outline,
        reads_call="values",
        settle_sites=True,
        adopt_outline=True,
        implementations=True,
        verified=True,
        inputs=("go.mod", "go.sum", "go.work", "vendor/modules.txt"),
        outside_build=r"no package metadata for file",
        session_root=go_session_roots,
        failing_progress=(
            r"^Error loading workspace",
            "lsai runs gopls offline (GOPROXY=off): run `go mod download` in the module, then "
            "`lsai index` again",
        ),
    ),
    # Registered, not yet verified against fixtures (none is installable from this project's
    # registries): a language keeps tree-sitter until lsai.toml chooses the server.
    "rust-analyzer": ServerAdapter(
        id="rust-analyzer",
        languages=("rust",),
        command=("rust-analyzer",),
        install="rustup component add rust-analyzer",
        readiness="progress",  # "Fetching", "Loading", "Indexing", "Roots Scanned"
        ready_timeout=300.0,  # loading a workspace runs cargo metadata and builds proc macros
        inputs=("Cargo.toml", "Cargo.lock", "rust-project.json"),
    ),
    "jdtls": ServerAdapter(
        id="jdtls",
        languages=("java",),
        command=("jdtls",),
        install="install Eclipse JDT LS (eclipse.jdt.ls, Java 21+) and put its bin/jdtls on PATH",
        readiness="progress",
        ready_timeout=300.0,  # imports Maven and Gradle projects before answering
        launch=jdtls_launch,
        inputs=("pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle*"),
    ),
    "csharp-ls": ServerAdapter(
        id="csharp-ls",
        languages=("csharp",),
        command=("csharp-ls",),
        install="dotnet tool install --global csharp-ls (Roslyn-based; needs the .NET SDK)",
        readiness="progress",
        ready_timeout=300.0,  # restores and loads the solution with MSBuild
        inputs=("*.sln", "*.csproj", "Directory.Build.props", "global.json"),
    ),
}

DEFAULT_FOR_LANGUAGE: dict[str, str] = {
    "python": "ty",
    "typescript": "tsgo",
    "tsx": "tsgo",
    "javascript": "tsgo",
    "c": "clangd",
    "cpp": "clangd",
    "go": "gopls",
    "rust": "rust-analyzer",
    "java": "jdtls",
    "csharp": "csharp-ls",
}


def cache_dir() -> Path:
    """lsai's own cache: where ``lsai doctor --install`` puts servers from npm."""
    explicit = os.environ.get("LSAI_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "lsai"


def npm_bin() -> Path:
    return cache_dir() / "npm" / "node_modules" / ".bin"


def resolve_command(adapter: ServerAdapter) -> list[str] | None:
    """The command line to run, with the executable found next to ``sys.executable`` first
    (a server installed in lsai's own environment, such as ty), then in lsai's npm cache, then
    on PATH; ``None`` if absent.
    """
    name, *args = adapter.command
    for folder in (Path(sys.executable).parent, npm_bin()):
        candidate = folder / name
        if candidate.is_file():
            return [str(candidate), *args]
    found = shutil.which(name)
    return [found, *args] if found else None
