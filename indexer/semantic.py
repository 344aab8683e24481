"""The language-server pass of an index run; its answers are merged with tree-sitter's file by
file (``merge``).

Files are grouped by (server, project root), or by (server, workspace) for a server whose adapter
has ``scope="workspace"``. TypeScript's server is one: a solution-style tsconfig.json names its
sub-projects in ``references``, a monorepo has one package.json per package, and a server opened on
one of them searches only that project, so references from the others vanish. One server over every
TS/JS file of the workspace opens them all; it finds each file's own tsconfig/jsconfig (or puts the
files that have none in one inferred project, where ``require`` resolves across files) and searches
every project it loaded. Symbol keys still name each file's innermost project, as tree-sitter's do.
When more files of a group changed (or were removed) than a server answers alone
(``live.targetable``, ``MAX_TARGETED``: a few, to ty and tsgo), the server is asked again about
the whole group, because references into a changed file live in unchanged ones. Tree-sitter
keeps every file or language no server served.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from pathlib import Path

from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.config import Config, choose_server, configured
from lsai.indexer.containers import contain
from lsai.indexer.crawler import Workspace
from lsai.indexer.languages import language_for
from lsai.indexer.lsp import adopt, aliases, bases, resolve, unconfigured
from lsai.indexer.lsp.adapters import ADAPTERS, ServerAdapter, resolve_command
from lsai.indexer.lsp.documents import SourceText
from lsai.indexer.lsp.outcome import Report, no_report
from lsai.indexer.lsp.session import ServerRun, index_files
from lsai.indexer.lsp.sweep import Options
from lsai.indexer.merge import (
    declared_elsewhere,
    held_functions,
    merge,
    numbered_as_written,
    rekeyed,
)
from lsai.indexer.treesitter import scopes
from lsai.indexer.treesitter.extract import extract
from lsai.indexer.treesitter.fixtures import is_test_file, named_fixtures, test_parameters
from lsai.indexer.treesitter.jsdoc import LANGUAGES as JSDOC_LANGUAGES
from lsai.indexer.treesitter.jsdoc import jsdoc_names
from lsai.sourcetext import decode
from lsai.storage.records import (
    FIXTURE,
    FileIndex,
    FileMeta,
    OccurrenceRecord,
    Span,
    SymbolRecord,
)
from lsai.storage.writer import KnownFile

LSP = "lsp"


@dataclass
class ServerStats:
    """What one server did in a run, for the summary."""

    server: str
    version: str | None = None
    files: int = 0
    references: int = 0
    calls: int = 0
    diagnostics: int = 0
    seconds: float = 0.0
    problem: str | None = None
    requests: dict[str, int] = field(default_factory=dict)
    """References requests asked, skipped (no use of the name) and shared (one answer)."""
    inputs_changed: list[str] = field(default_factory=list)
    """Why a group was asked again with no source file changed (``environment``)."""


@dataclass(frozen=True)
class Group:
    adapter: str
    project_root: str
    paths: tuple[str, ...]
    projects: tuple[str, ...] = ()
    """The project of each path (its keys name it); empty: ``project_root`` for every path."""
    languages: tuple[str, ...] = ()
    """The language of each path (a C++ ``.h`` file: cpp); empty: by each path's name."""

    @cached_property
    def _numbers(self) -> dict[str, int]:
        """Each path's place in ``paths`` (``project`` and ``language`` of thousands of files)."""
        return {path: i for i, path in enumerate(self.paths)}

    def project(self, path: str) -> str:
        if not self.projects:
            return self.project_root
        return self.projects[self._numbers[path]]

    @property
    def resolves_names(self) -> bool:
        """Whether its server's references pass resolves identifiers by definition (tree-sitter's
        scopes of its files are read: ``identifiers``)."""
        return ADAPTERS[self.adapter].references_cost is not None

    def server(self, root: Path) -> ServerAdapter:
        """Its adapter as the configuration of workspace ``root`` runs it (``lsai.toml``'s
        ``[language-server.<id>]``)."""
        return configured(self.adapter, root)

    def covers(self, project: str) -> bool:
        """Whether files of ``project`` are served by this group."""
        return project == self.project_root or project in self.projects

    def served_projects(self) -> tuple[str, ...]:
        """The project roots of the group's files, once each."""
        return tuple(sorted(set(self.projects))) or (self.project_root,)

    def language(self, path: str) -> str | None:
        """The language of one of the group's files."""
        if self.languages:
            return self.languages[self._numbers[path]]
        found = language_for(path)
        return found.id if found is not None else None

    def texts_on_disk(self, root: Path) -> list[SourceText]:
        """The group's files as they are on disk now (those that can be read), as indexed."""
        texts: list[SourceText] = []
        for path in self.paths:
            language = self.language(path)
            try:
                content = decode((root / path).read_bytes(), path)  # as indexed (``sourcetext``)
            except OSError:
                continue
            if language is not None:
                texts.append(SourceText(path, language, content, self.project(path)))
        return texts


@dataclass
class ServerPlan:
    groups: list[Group] = field(default_factory=list)
    missing: dict[str, str] = field(default_factory=dict)  # language -> why it falls back

    def notes(self, root: Path) -> list[str]:
        """What makes a group slow to load in workspace ``root``, with the remedy: many files
        no project configuration claims (``unconfigured``)."""
        found: list[str] = []
        for group in self.groups:
            adapter = ADAPTERS[group.adapter]
            names = adapter.project_configs
            alone = unconfigured.unconfigured(root, group.paths, names)
            if (note := unconfigured.note(adapter.id, names, alone)) is not None:
                found.append(note)
        return found


def workspace_plan(workspace: Workspace, config: Config) -> ServerPlan:
    """The plan of every source file of ``workspace``."""
    files = ((f.path, f.language.id, workspace.project_of(f.path)) for f in workspace.files)
    return plan(files, config, workspace=workspace.root)


def plan(
    files: Iterable[tuple[str, str, str]],
    config: Config | None = None,
    workspace: Path | None = None,
) -> ServerPlan:
    """Group (path, language, project root) by the server that will serve them; with the
    ``workspace`` folder, a project the server cannot serve (clangd without a compilation
    database) keeps tree-sitter, and the summary says why."""
    result = ServerPlan()
    grouped: dict[tuple[str, str], list[tuple[str, str]]] = {}
    unfit: dict[tuple[str, str], str | None] = {}
    installed: dict[str, bool] = {}  # adapter id -> resolved once per plan, not once per file
    served: list[tuple[str, str, ServerAdapter]] = []  # (path, project, adapter)
    languages: dict[str, str] = {}
    for path, language, project in files:
        adapter, _ = choose_server(language, config or Config())
        if adapter is None:
            continue
        if adapter.id not in installed:
            installed[adapter.id] = resolve_command(adapter) is not None
        if not installed[adapter.id]:
            result.missing[language] = f"{adapter.id} not installed: {adapter.install}"
            continue
        if workspace is not None and (adapter.id, project) not in unfit:
            unfit[adapter.id, project] = adapter.requires(workspace, workspace / project)
        why = unfit.get((adapter.id, project))
        if why is not None:
            known = result.missing.get(language)
            result.missing[language] = why if known in (None, why) else f"{known}; {why}"
            continue
        served.append((path, project, adapter))
        languages[path] = language
    roots = _session_roots(served, workspace)
    for path, project, adapter in served:
        grouped.setdefault((adapter.id, roots[adapter.id, project]), []).append((path, project))
    for (adapter_id, served_root), members in grouped.items():
        members.sort()
        for part in _partition(ADAPTERS[adapter_id], workspace, members):
            paths = tuple(path for path, _ in part)
            projects = tuple(p for _, p in part)
            spoken = tuple(languages[path] for path in paths)
            result.groups.append(Group(adapter_id, served_root, paths, projects, spoken))
    return result


def _session_roots(
    served: list[tuple[str, str, ServerAdapter]], workspace: Path | None
) -> dict[tuple[str, str], str]:
    """(adapter id, project) -> the folder its session is served from: the workspace's for a
    ``workspace`` server, else as the adapter's ``session_root`` says, knowing the other
    projects the server serves (Go modules tied by replaces: ``gomodules``)."""
    projects: dict[str, list[str]] = {}  # adapter id -> the projects it serves
    adapters: dict[str, ServerAdapter] = {}
    for _, project, adapter in served:
        adapters[adapter.id] = adapter
        if project not in projects.setdefault(adapter.id, []):
            projects[adapter.id].append(project)
    roots: dict[tuple[str, str], str] = {}
    for adapter_id, mine in projects.items():
        adapter = adapters[adapter_id]
        if adapter.scope == "workspace":
            folders = dict.fromkeys(mine, ".")
        elif workspace is None:
            folders = {project: project for project in mine}
        else:
            folders = adapter.session_root(workspace, mine)
        roots.update(((adapter_id, project), folder) for project, folder in folders.items())
    return roots


def _partition(
    adapter: ServerAdapter, workspace: Path | None, members: list[tuple[str, str]]
) -> list[list[tuple[str, str]]]:
    """The (path, project) members of a workspace group, split into the adapter's sessions."""
    if adapter.partition is None or workspace is None:
        return [members]
    files: dict[str, list[str]] = {}
    for path, project in members:
        files.setdefault(project, []).append(path)
    parts = adapter.partition(workspace, sorted(files), files)
    if len(parts) <= 1:
        return [members]
    session = {project: index for index, part in enumerate(parts) for project in part}
    split: list[list[tuple[str, str]]] = [[] for _ in parts]
    for path, project in members:
        split[session.get(project, 0)].append((path, project))
    return [part for part in split if part]


class RestartBudget:
    """At most ``limit`` restarts of a server within ``window`` seconds, with growing backoff."""

    def __init__(self, limit: int = 3, window: float = 300.0, backoff: float = 0.5) -> None:
        self.limit, self.window, self.backoff = limit, window, backoff
        self.restarts: dict[str, list[float]] = {}

    def allow(self, server: str) -> float | None:
        """Seconds to wait before restarting ``server``, or None when the budget is spent."""
        now = time.monotonic()
        recent = [t for t in self.restarts.get(server, []) if now - t < self.window]
        if len(recent) >= self.limit:
            return None
        self.restarts[server] = [*recent, now]
        return float(self.backoff * 2 ** len(recent))


RESTARTABLE = (ErrorCode.SERVER_CRASHED, ErrorCode.SERVER_TIMEOUT)

Attempt = Callable[[list[SourceText], Callable[[], Options]], ServerRun]
"""One try at a group (``serve_group``): its files and their options (worked out while the
server loads them) -> the server's run; raises ``LsaiError``."""
Starter = Callable[[Group, Path], Attempt | None]
"""A server started ahead of the run (``headstart``): the first attempt at a group on it, or
``None`` when it was not started for that group."""


def unserved(known: KnownFile | None) -> bool:
    """A file no server answered for in the index (a skipped binary file needs no answer)."""
    return known is None or (known.backend != LSP and known.status != "skipped")


def serve_group(
    group: Group,
    root: Path,
    sources: dict[str, tuple[str, str]],
    budget: RestartBudget,
    timeout: float = 30.0,
    names: frozenset[str] | None = None,
    report: Report = no_report,
    callers: frozenset[str] | None = None,
    trees: Mapping[str, FileIndex] | None = None,
    aliased: frozenset[str] = frozenset(),
    started: Starter | None = None,
) -> tuple[ServerRun | None, str | None]:
    """Run the group's server over its files, restarting it after a crash or a hang while the
    budget allows; (run, None) or (None, why it failed). ``names``: the names tree-sitter saw
    used in the group (``used_names``): symbols named otherwise are not asked for references;
    ``callers`` (``calling_keys``): the only callables asked for outgoing calls. For an adapter
    with ``references_cost``, the identifiers of each file (``identifiers``) are handed to the
    references pass (``resolve``); for one whose outline is refined (``aliases``), tree-sitter's
    symbols (``adopt``): from ``trees``, the tree-sitter rows of the files when the caller holds
    them, else parsed again. ``aliased``: the files a symlinked folder of the workspace also
    names (``session_options``). ``started``: the first attempt, on a server started ahead of the
    run's tree-sitter pass (``headstart``), when there is one for the group; a restart starts a
    fresh one."""
    texts = [
        SourceText(path, language, text, group.project(path))
        for path, (language, text) in sources.items()
    ]
    if not texts:
        return None, None

    @cache
    def options() -> Options:  # worked out while the server loads the files, once
        adapter = ADAPTERS[group.adapter]
        return session_options(
            adapter, texts, trees, names=names, report=report, callers=callers, aliased=aliased
        )

    def fresh(texts: list[SourceText], options: Callable[[], Options]) -> ServerRun:
        return index_files(
            group.server(root),
            root,
            group.project_root,
            texts,
            timeout=timeout,
            projects=group.served_projects(),
            options=options,
        )

    attempt = (started(group, root) if started is not None else None) or fresh
    while True:
        try:
            return attempt(texts, options), None
        except LsaiError as exc:
            problem = f"{exc.code}: {exc.message}"
            wait = budget.allow(group.adapter) if exc.code in RESTARTABLE else None
            if wait is None:
                return None, problem
            time.sleep(wait)  # backoff before a restart, not a readiness guess
            attempt = fresh


def session_options(
    adapter: ServerAdapter,
    texts: Iterable[SourceText],
    trees: Mapping[str, FileIndex] | None,
    *,
    names: frozenset[str] | None,
    report: Report,
    callers: frozenset[str] | None,
    aliased: frozenset[str] = frozenset(),
) -> Options:
    """What a session asks about a group's files (``serve_group``, and ``live`` on its kept
    sessions): with tree-sitter's identifiers for an adapter that resolves names by definition,
    and tree-sitter's symbols where the server's outline is refined or adopts them (not all a
    file declares), or leaves out kinds it answers references for (``adopted_kinds``: clangd's
    macros). The names the ``aliased`` files declare are resolved by definition where the
    adapter resolves names so (``Options.aliased``)."""
    texts = list(texts)
    by_definition = adapter.references_cost is not None
    asked = by_definition or aliases.Refiner.needed(adapter) or adapter.adopt_outline
    sites, outline = identifiers(texts, trees, sites=by_definition) if asked else ({}, {})
    if names is not None and sites:  # and the names only a JSDoc comment or a string annotation
        # uses (semver's `@typedef {object} DigitRunCache`, named by `@param {DigitRunCache}`):
        # tree-sitter saw no identifier of them, so their symbols were asked nothing
        names = names | {site.name for found in sites.values() for site in found}
    fixtures = _fixtures(outline) if by_definition else frozenset()  # before kinds are kept
    named = _named_fixtures(texts, outline) if by_definition else None
    if adapter.adopted_kinds or adapter.adopted_in_functions:
        outline = adopt.joining(outline or _symbols(texts, trees), adapter)
    spelled = resolve.spellings(t.content for t in texts) if adapter.references_cost else None
    return Options(
        names=names,
        report=report,
        callers=callers,
        sites=sites or None,
        outline=outline or None,
        spelled=spelled,
        asked_by_references=fixtures,
        named_fixtures=named,
        aliased=aliased if by_definition else frozenset(),
        bases=class_headers(texts, trees),
        fixture_parameters=fixture_parameters(texts) if by_definition else None,
    )


def with_annotations(
    text: SourceText, occurrences: list[OccurrenceRecord]
) -> list[OccurrenceRecord]:
    """A file's identifiers, with the names no identifier holds that a server binds, where a
    definition is asked: those of JSDoc comments (``{@link Foo}``, ``@param {Foo}``:
    ``treesitter.jsdoc``); Python's string annotations' (forward references:
    ``treesitter.annotations``) are occurrences of tree-sitter's already (``extract``)."""
    if text.language in JSDOC_LANGUAGES:
        return [*occurrences, *jsdoc_names(text.content)]
    return occurrences


def _fixtures(outline: Mapping[str, list[SymbolRecord]]) -> frozenset[str]:
    """The names of pytest fixtures (a function decorated ``@pytest.fixture`` or
    ``@fixture``): a server's references of one list the test parameters of its name, which no
    definition request leads to (ty)."""
    return frozenset(
        s.name
        for symbols in outline.values()
        for s in symbols
        if s.kind in ("function", "method") and any(FIXTURE.match(a) for a in s.attributes)
    )


def fixture_parameters(texts: Iterable[SourceText]) -> dict[str, list[tuple[Span, str]]]:
    """The parameters pytest fills with fixtures in each Python test file
    (``treesitter.fixtures.test_parameters``; only those files are parsed again)."""
    found: dict[str, list[tuple[Span, str]]] = {}
    for t in texts:
        if t.language == "python" and is_test_file(t.path):
            parameters = test_parameters(t.content.encode("utf-8"))
            if parameters:
                found[t.path] = parameters
    return found


def _named_fixtures(
    texts: Iterable[SourceText], outline: Mapping[str, list[SymbolRecord]]
) -> dict[str, dict[tuple[int, int], Span]]:
    """The pytest fixtures each file declares under another name (``@pytest.fixture(name="cl")
    def _cl()``: ``treesitter.fixtures``), where a fixture's decorator says ``name=`` (only
    those files are parsed again)."""
    found: dict[str, dict[tuple[int, int], Span]] = {}
    for t in texts:
        decorators = (a for s in outline.get(t.path, ()) for a in s.attributes)
        if t.language == "python" and any(FIXTURE.match(a) and "name" in a for a in decorators):
            named = named_fixtures(t.content.encode("utf-8"))
            if named:
                found[t.path] = named
    return found


def _extracted(
    texts: Iterable[SourceText], trees: Mapping[str, FileIndex] | None
) -> Iterator[tuple[SourceText, FileIndex]]:
    """Tree-sitter's rows of each file: from ``trees`` where it holds the file, else parsed."""
    for t in texts:
        held = trees.get(t.path) if trees is not None else None
        try:
            held = held or extract(t.language, t.path, t.project, t.content.encode("utf-8"))
        except (UnicodeError, ValueError):
            continue
        yield t, held


def _symbols(
    texts: Iterable[SourceText], trees: Mapping[str, FileIndex] | None
) -> dict[str, list[SymbolRecord]]:
    """Tree-sitter's symbols of each file."""
    return {t.path: held.symbols for t, held in _extracted(texts, trees)}


def class_headers(
    texts: Iterable[SourceText], trees: Mapping[str, FileIndex] | None
) -> dict[str, list[bases.Base]]:
    """The bases each file's class headers name where tree-sitter saw them (``bases``), each
    with the kind a library's would be: an interface where a class implements it or an
    interface extends it, a type where a type alias names it (TypeScript's ``type In =
    Record<K, V>``), else a class."""
    found: dict[str, list[bases.Base]] = {}
    for t, held in _extracted(texts, trees):
        kinds = {s.key: s.kind for s in held.symbols if s.kind in ("interface", "type")}
        headers = [
            (e, "interface" if e.relation == "implements" else kinds.get(e.source_key, "class"))
            for e in held.type_edges
            if e.col and e.target_key is None
        ]
        if headers:
            found[t.path] = headers
    return found


def identifiers(
    texts: Iterable[SourceText],
    trees: Mapping[str, FileIndex] | None = None,
    *,
    sites: bool = True,
) -> tuple[resolve.Sites, dict[str, list[SymbolRecord]]]:
    """The identifiers tree-sitter sees in each file (``resolve``: references by definition),
    each with the function-local binding it names (``scopes``), and its symbols (``adopt``:
    those the server does not list join its session): from ``trees`` where it holds the file,
    else parsed again (~1 s per 100k lines); the symbols alone without ``sites``."""
    found_sites: resolve.Sites = {}
    outline: dict[str, list[SymbolRecord]] = {}
    for t in texts:
        found = trees.get(t.path) if trees is not None else None
        try:
            source = t.content.encode("utf-8")
            found = found or extract(t.language, t.path, t.project, source)
        except (UnicodeError, ValueError):
            continue
        outline[t.path] = found.symbols
        if sites:
            ahead, found.scopes = found.scopes, None  # read once
            scoped = ahead if isinstance(ahead, scopes.Scopes) else None
            local, module, roots = scoped or scopes.scopes(t.language, source)
            occurrences = with_annotations(t, found.occurrences)
            found_sites.update(resolve.sites_of([(t.path, occurrences)], local, module, roots))
    return found_sites, outline


_WORD = re.compile(r"[^\W\d][\w$]*|\$[\w$]*")


def used_names(entries: Iterable[FileIndex]) -> frozenset[str]:
    """Every name used other than as a definition's name in these files: what tree-sitter saw
    used (a reference, a call, an import), and a defined name written more often than it is
    defined (in a string annotation such as ``x: "Cart"``, which a server resolves, or in a
    comment: asked, harmless)."""
    files = list(entries)
    used: set[str] = set()
    defined: dict[str, int] = {}
    for data in files:
        for o in data.occurrences:
            if o.role == "definition":
                defined[o.name] = defined.get(o.name, 0) + 1
            else:
                used.add(o.name)
    unused = defined.keys() - used
    if unused:
        written: dict[str, int] = {}
        for data in files:
            for word in _WORD.findall("\n".join(data.lines)):
                if word in unused:
                    written[word] = written.get(word, 0) + 1
        used.update(name for name, count in written.items() if count > defined[name])
    return frozenset(used)


def calling_keys(entries: Iterable[FileIndex]) -> frozenset[str]:
    """The keys of the symbols that may call something, as tree-sitter saw: the callers of its
    call sites, and decorated symbols (a decorator is a call the server may attribute to them)."""
    keys: set[str] = set()
    for data in entries:
        keys.update(c.caller_key for c in data.calls if c.caller_key)
        keys.update(s.key for s in data.symbols if s.attributes)
    return frozenset(keys)


def apply_run(
    run: ServerRun,
    entries: dict[str, tuple[FileMeta, FileIndex]],
    stats: ServerStats,
    on_file: Callable[[str], None] | None = None,
) -> None:
    """Merge a server's answers into the tree-sitter entries of its group, in place."""
    stats.version = run.server_version
    for kind, count in run.counts.items():
        stats.requests[kind] = stats.requests.get(kind, 0) + count
    adapter = ADAPTERS[stats.server]  # the stats of a group are named by its adapter
    docs: dict[str, str] = {}
    renamed: dict[str, str] = {}
    if adapter.needs_group:  # (a server answered file by file keeps its keys: live updates)
        renamed = numbered_as_written({p: d for p, (_, d) in entries.items()}, run.files)
    held = (  # a member read is a call for tsgo's reads alone (``merge._reads``)
        held_functions(s for _, d in entries.values() for s in d.symbols)
        if adapter.reads_call == "members"
        else frozenset()
    )
    for path, (meta, data) in list(entries.items()):
        answered = run.files.get(path)
        if answered is None:
            continue
        if renamed:
            answered = rekeyed(answered, renamed)
        docs.update(_declared_docs(data, answered))
        status = run.status.get(path)
        merged = merge(
            data,
            answered,
            shared=adapter.needs_group,
            reads_call=adapter.reads_call,
            read_everywhere=held,
        )
        partial = status is not None and status.status != "complete"
        entries[path] = (
            replace(
                meta,
                backend=LSP,
                backend_version=f"{run.server} {run.server_version or ''}".strip(),
                status="partial" if partial else "complete",
                error=status.reason if partial and status else None,
            ),
            merged,
        )
        stats.files += 1
        stats.references += sum(1 for o in answered.occurrences if o.role == "reference")
        stats.calls += sum(1 for c in merged.calls if c.callee_key is not None)  # as stored:
        # clangd answers no calls; its edges come from the call sites its references resolve
        stats.diagnostics += len(answered.diagnostics)
        if on_file is not None:
            on_file(path)
    if docs:
        _carry_docs(entries, docs)
    contain(entries)


def _declared_docs(ts: FileIndex, lsp: FileIndex) -> dict[str, str]:
    """The documentation of tree-sitter's symbols that are declarations of another (a C
    function documented in its header): that one's key -> the text."""
    if not any(o.role == "declaration" for o in lsp.occurrences):  # (no such symbol)
        return {}
    sites = {(o.span.start_line, o.span.start_col): o for o in lsp.occurrences if o.symbol_key}
    folded = declared_elsewhere(ts.symbols, sites)
    return {folded[s.key]: s.doc for s in ts.symbols if s.key in folded and s.doc}


def _carry_docs(entries: dict[str, tuple[FileMeta, FileIndex]], docs: Mapping[str, str]) -> None:
    """Give the undocumented symbols of ``docs`` the documentation of their declaration."""
    for path, (meta, data) in entries.items():
        if any(s.key in docs and not s.doc for s in data.symbols):
            symbols = [
                replace(s, doc=docs[s.key]) if s.key in docs and not s.doc else s
                for s in data.symbols
            ]
            entries[path] = (meta, replace(data, symbols=symbols))
