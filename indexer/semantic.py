"""The language-server pass of an index run, and its merge with tree-sitter.

Files are grouped by (server, project root), or by (server, workspace) for a server whose adapter
has ``scope="workspace"``. TypeScript's server is one: a solution-style tsconfig.json names its
sub-projects in ``references``, a monorepo has one package.json per package, and a server opened on
one of them searches only that project, so references from the others vanish. One server over every
TS/JS file of the workspace opens them all; it finds each file's own tsconfig/jsconfig (or puts the
files that have none in one inferred project, where ``require`` resolves across files) and searches
every project it loaded. Symbol keys still name each file's innermost project, as tree-sitter's do.
The cost: a change in one package re-asks the server about every TS/JS file. When any file of a
group changed (or was removed),
the server is asked again about the whole group, because references into a changed file live in
unchanged ones. The server is authoritative where it answered: its references resolve the
tree-sitter occurrences at the same positions (keeping tree-sitter's finer roles: call, import),
its call hierarchy resolves callees, its diagnostics are stored. Tree-sitter keeps what servers
lack: signatures, documentation, decorators, and every file or language no server served.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.config import Config, choose_server
from lsai.indexer.languages import language_for
from lsai.indexer.lsp import aliases, rebind, resolve
from lsai.indexer.lsp.adapters import ADAPTERS, ServerAdapter, resolve_command
from lsai.indexer.lsp.documents import SourceText
from lsai.indexer.lsp.outcome import Report, no_report
from lsai.indexer.lsp.session import ServerRun, index_files
from lsai.indexer.lsp.sweep import Options
from lsai.indexer.treesitter import scopes
from lsai.indexer.treesitter.extract import extract
from lsai.indexer.treesitter.rules import CALLER_KINDS
from lsai.storage.keys import declared_name
from lsai.storage.records import (
    CallRecord,
    FileIndex,
    FileMeta,
    OccurrenceRecord,
    Span,
    SymbolRecord,
    TypeEdgeRecord,
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

    def project(self, path: str) -> str:
        if not self.projects:
            return self.project_root
        return self.projects[self.paths.index(path)]

    def covers(self, project: str) -> bool:
        """Whether files of ``project`` are served by this group."""
        return project == self.project_root or project in self.projects

    def served_projects(self) -> tuple[str, ...]:
        """The project roots of the group's files, once each."""
        return tuple(sorted(set(self.projects))) or (self.project_root,)

    def texts_on_disk(self, root: Path) -> list[SourceText]:
        """The group's files as they are on disk now (those that read as UTF-8 text)."""
        texts: list[SourceText] = []
        for path in self.paths:
            language = language_for(path)
            try:
                content = (root / path).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if language is not None:
                texts.append(SourceText(path, language.id, content, self.project(path)))
        return texts


@dataclass
class ServerPlan:
    groups: list[Group] = field(default_factory=list)
    missing: dict[str, str] = field(default_factory=dict)  # language -> why it falls back


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
        served_root = "." if adapter.scope == "workspace" else project
        grouped.setdefault((adapter.id, served_root), []).append((path, project))
    for (adapter_id, served_root), members in grouped.items():
        members.sort()
        for part in _partition(ADAPTERS[adapter_id], workspace, members):
            paths = tuple(path for path, _ in part)
            result.groups.append(Group(adapter_id, served_root, paths, tuple(p for _, p in part)))
    return result


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
    started: Starter | None = None,
) -> tuple[ServerRun | None, str | None]:
    """Run the group's server over its files, restarting it after a crash or a hang while the
    budget allows; (run, None) or (None, why it failed). ``names``: the names tree-sitter saw
    used in the group (``used_names``): symbols named otherwise are not asked for references;
    ``callers`` (``calling_keys``): the only callables asked for outgoing calls. For an adapter
    with ``references_cost``, the identifiers of each file (``identifiers``) are handed to the
    references pass (``resolve``); for one whose outline is refined (``aliases``), tree-sitter's
    symbols (``adopt``): from ``trees``, the tree-sitter rows of the files when the caller holds
    them, else parsed again. ``started``: the first attempt, on a server started ahead of the
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
        return session_options(adapter, texts, trees, names=names, report=report, callers=callers)

    def fresh(texts: list[SourceText], options: Callable[[], Options]) -> ServerRun:
        return index_files(
            group.adapter,
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
) -> Options:
    """What a session asks about a group's files (``serve_group``, and ``live`` on its kept
    sessions): with tree-sitter's identifiers for an adapter that resolves names by definition,
    and tree-sitter's symbols where the server's outline is refined or adopts them (not all a
    file declares), or leaves out kinds it answers references for (``adopted_kinds``: clangd's
    macros)."""
    texts = list(texts)
    by_definition = adapter.references_cost is not None
    asked = by_definition or aliases.Refiner.needed(adapter) or adapter.adopt_outline
    sites, outline = identifiers(texts, trees, sites=by_definition) if asked else ({}, {})
    if adapter.adopted_kinds:
        outline = {
            path: [s for s in symbols if s.kind in adapter.adopted_kinds]
            for path, symbols in (outline or _symbols(texts, trees)).items()
        }
    spelled = resolve.spellings(t.content for t in texts) if adapter.references_cost else None
    return Options(
        names=names,
        report=report,
        callers=callers,
        sites=sites or None,
        outline=outline or None,
        spelled=spelled,
    )


def _symbols(
    texts: Iterable[SourceText], trees: Mapping[str, FileIndex] | None
) -> dict[str, list[SymbolRecord]]:
    """Tree-sitter's symbols of each file: from ``trees`` where it holds the file, else parsed."""
    found: dict[str, list[SymbolRecord]] = {}
    for t in texts:
        held = trees.get(t.path) if trees is not None else None
        try:
            held = held or extract(t.language, t.path, t.project, t.content.encode("utf-8"))
        except (UnicodeError, ValueError):
            continue
        found[t.path] = held.symbols
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
            local, module, roots = scopes.scopes(t.language, source)
            found_sites.update(
                resolve.sites_of([(t.path, found.occurrences)], local, module, roots)
            )
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


def merge(ts: FileIndex, lsp: FileIndex, *, shared: bool = False) -> FileIndex:
    """One file's rows: tree-sitter's, resolved and completed by the server's (a symbol's name
    is its definition where tree-sitter saw a use, unless the server also names another symbol
    there: ``export { double }`` is listed as a symbol and is a use of ``double``).

    A symbol the server made a declaration of another (``declarations``: a C function declared
    in a header, defined in a source file) is not stored: its name is a ``declaration`` of the
    other, and what named it names the other.

    A server "symbol" where tree-sitter sees an import is that import (tsgo lists imports it
    cannot resolve, such as a package that is not installed, as variables): not kept."""
    symbols = {s.key: s for s in ts.symbols}
    imports = {(o.span.start_line, o.span.start_col) for o in ts.occurrences if o.role == "import"}
    dropped = {
        s.key
        for s in lsp.symbols
        if s.key not in symbols and (s.name_span.start_line, s.name_span.start_col) in imports
    }
    names = {s.key: s.name_span for s in (*lsp.symbols, *ts.symbols)}
    resolved = _one_key_a_site(lsp.occurrences, dropped, imports, names)
    folded = declared_elsewhere(ts.symbols, resolved)
    if folded:
        ts = _fold(ts, folded)
    # a server whose changes re-ask the whole group: the sites it answered for several
    # symbols hold each (a server answered file by file keeps one key a site, as its live
    # updates, which patch a file's sites, do)
    sites, merged = _other_keys(lsp.occurrences, resolved, dropped)
    if not shared:
        sites = {}
    used = {
        (o.span.start_line, o.span.start_col) for o in lsp.occurrences if o.role != "definition"
    }
    defined = {at: o for at, o in resolved.items() if o.role == "definition" and at not in used}
    occurrences: list[OccurrenceRecord] = []
    seen: set[tuple[int, int]] = set()
    own = {*symbols, *(s.key for s in lsp.symbols)}
    last = {
        (o.span.start_line, o.span.start_col): o
        for o in lsp.occurrences
        if o.symbol_key and o.symbol_key not in dropped
    }
    for o in ts.occurrences:
        at = (o.span.start_line, o.span.start_col)
        server = resolved.get(at)
        o = _resolved(o, server, merged.get(at, ()), defined.get(at))
        occurrences.append(o)
        if at in sites and o.role != "definition":
            occurrences.extend(_also(o, sites[at]))
        # the server's last answer there, before ``rebind.choose``; of a server whose changes
        # re-ask the whole group (a live update of ty patches a file's own sites alone)
        answer = last.get(at) if shared else None
        if o.role == "definition" and answer is not None and answer.role == "reference":
            occurrences.extend(_declares(o, [answer.symbol_key, *merged.get(at, ())], own))
        seen.add(at)
    for at, o in resolved.items():
        if at not in seen:
            o = replace(o, symbol_key=_class_of_construction(o.symbol_key, o.name))
            occurrences.append(o)
            if at in sites and o.role != "definition":
                occurrences.extend(_also(o, sites[at]))
    dropped.update(declared_elsewhere(lsp.symbols, resolved))
    extra = [s for s in lsp.symbols if s.key not in symbols and s.key not in dropped]
    fields = {s.key for s in (*ts.symbols, *extra) if s.kind == "field"}
    occurrences.extend(_embedded_types(lsp.occurrences, fields, occurrences))
    return FileIndex(
        symbols=[*ts.symbols, *extra],
        occurrences=occurrences,
        calls=_merge_calls(ts.calls, lsp.calls, resolved, {s.key: s for s in ts.symbols}),
        type_edges=_resolve_bases(ts.type_edges, occurrences) + lsp.type_edges,
        diagnostics=lsp.diagnostics,
        lines=ts.lines,
    )


_NUMBERED = re.compile(r"\[\+\d+\]|(?<=\()\+\d+(?=\))")
"""The numbers of a key's descriptors (``OPEN[+1].``, ``f(+1).``)."""


def _resolved(
    o: OccurrenceRecord,
    server: OccurrenceRecord | None,
    merged: Sequence[str],
    defined: OccurrenceRecord | None,
) -> OccurrenceRecord:
    """Tree-sitter's occurrence ``o`` as the server's occurrence at its site says (``merge``):
    ``merged``, the other declarations of the name there; ``defined``, the server's definition
    there when no symbol is used there."""
    if server is not None and server.role == "declaration" and o.role == "definition":
        o = replace(o, role="declaration")
    if server is not None and o.symbol_key is None:
        o = replace(o, symbol_key=_meaning(server.symbol_key, merged, o.role))
    if o.symbol_key and (made := _class_of_construction(o.symbol_key, o.name)) != o.symbol_key:
        o = replace(o, symbol_key=made)
    if o.role == "reference" and defined is not None:
        # a name tree-sitter does not see defined: ``{ run: function () {} }``
        o = replace(o, role="definition", enclosing_key=defined.enclosing_key)
    return o


def _one_key_a_site(
    found: Iterable[OccurrenceRecord],
    dropped: set[str],
    imports: set[tuple[int, int]],
    own: Mapping[str, Span],
) -> dict[tuple[int, int], OccurrenceRecord]:
    """The server's occurrence kept at each site it answered for several symbols, some of this
    file and some of another (``try: from fast import helper`` / ``except ImportError: def
    helper()``: both are references of each), as ``rebind.choose`` says (as a live update's
    ``incremental.definitions`` and ``rebind`` choose), of equals the last. A reference of
    another declaration of the name and kind a definition there declares is left out: tsgo
    answers the references of ``Object.defineProperty(Sock.prototype, 'OPEN', ...)`` with the
    name of ``Object.defineProperty(Sock, 'OPEN', ...)``, whose definition it stays."""
    answered: dict[tuple[int, int], list[OccurrenceRecord]] = {}
    for o in found:
        if o.symbol_key and o.symbol_key not in dropped:
            at = (o.span.start_line, o.span.start_col)
            held = answered.setdefault(at, [])
            if not (o.role == "reference" and _defines_namesake(held, o.symbol_key)):
                held.append(o)
    resolved: dict[tuple[int, int], OccurrenceRecord] = {}
    for at, those in answered.items():
        last = {o.symbol_key or "": o for o in those}
        keys = list(dict.fromkeys(o.symbol_key or "" for o in reversed(those)))[::-1]  # by last
        heres = [own.get(key) for key in keys]
        resolved[at] = last[keys[rebind.choose(keys, heres, *at, at in imports)]]
    return resolved


def _defines_namesake(held: Sequence[OccurrenceRecord], key: str) -> bool:
    """Whether ``held`` has a definition of ``key``'s name and kind, by another number."""
    plain = _NUMBERED.sub("", key)
    return any(
        h.role == "definition" and h.symbol_key and _NUMBERED.sub("", h.symbol_key) == plain
        for h in held
    )


def _embedded_types(
    found: Iterable[OccurrenceRecord], fields: set[str], kept: Iterable[OccurrenceRecord]
) -> list[OccurrenceRecord]:
    """The server's references of a type at the definition of a field among ``fields``: a
    field declared by its type alone (Go's embedded ``struct { error; *stack }``, named after
    its type) is a use of that type too, beside its own definition (one key a site would keep
    the field's alone, and the type's usages would miss it)."""
    found = list(found)
    defined = {
        (o.span.start_line, o.span.start_col)
        for o in found
        if o.role == "definition" and o.symbol_key in fields
    }
    have = {(o.span.start_line, o.span.start_col, o.symbol_key) for o in kept}
    out: list[OccurrenceRecord] = []
    for o in found:
        site = (o.span.start_line, o.span.start_col, o.symbol_key)
        typed = o.symbol_key is not None and o.symbol_key.endswith("#")
        if o.role == "reference" and typed and site[:2] in defined and site not in have:
            have.add(site)
            out.append(o)
    return out


def declared_elsewhere(
    symbols: Iterable[SymbolRecord], resolved: Mapping[tuple[int, int], OccurrenceRecord]
) -> dict[str, str]:
    """Tree-sitter's symbols the server made declarations of another (``declarations``: a
    function declared in a header and defined in a source file is one entity, keyed to its
    definition): their key -> that entity's key."""
    found: dict[str, str] = {}
    for s in symbols:
        server = resolved.get((s.name_span.start_line, s.name_span.start_col))
        key = server.symbol_key if server is not None and server.role == "declaration" else None
        if key is not None and key != s.key:
            found[s.key] = key
    return found


def _fold(ts: FileIndex, folded: Mapping[str, str]) -> FileIndex:
    """``ts`` without the symbols of ``folded``, and every key of them renamed as it says (an
    occurrence, a call, a member: the declaration's name itself is rekeyed by ``merge``)."""

    def key(k: str | None) -> str | None:
        return folded.get(k, k) if k is not None else None

    return replace(
        ts,
        symbols=[
            replace(s, container_key=key(s.container_key)) if s.container_key in folded else s
            for s in ts.symbols
            if s.key not in folded
        ],
        occurrences=[
            replace(o, symbol_key=key(o.symbol_key), enclosing_key=key(o.enclosing_key))
            for o in ts.occurrences
        ],
        calls=[
            replace(c, caller_key=key(c.caller_key), callee_key=key(c.callee_key)) for c in ts.calls
        ],
        type_edges=[
            replace(e, source_key=key(e.source_key) or e.source_key) for e in ts.type_edges
        ],
    )


_CONSTRUCTOR_KEY = re.compile(r"(?P<type>.*?(?P<cls>[\w$]+)#)(?P<name>\w+)\((?:\+\d+)?\)\.")


def _other_keys(
    found: Iterable[OccurrenceRecord],
    resolved: Mapping[tuple[int, int], OccurrenceRecord],
    dropped: set[str],
) -> tuple[dict[tuple[int, int], list[str]], dict[tuple[int, int], list[str]]]:
    """The keys of each reference site the server answered for several symbols, beyond the one
    ``resolved`` keeps, in two kinds (by ``declared_name``):

    - shared: other symbols, each holding the site as in its references in the server: a
      property reached through a union of types (``state.base_`` with ``state: MapState |
      SetState``), a shorthand property (``{ canStart }`` is the local ``canStart`` and the
      property of the object's type);
    - merged: other declarations of the kept one's name, of which the site means one
      (``_meaning``): a definition of ``Mode`` names both ``interface Mode`` and ``const
      Mode``. Overloads are merged too, and keep the kept key (``first_overload``)."""
    shared: dict[tuple[int, int], list[str]] = {}
    merged: dict[tuple[int, int], list[str]] = {}
    for o in found:
        if o.role != "reference" or not o.symbol_key or o.symbol_key in dropped:
            continue
        at = (o.span.start_line, o.span.start_col)
        kept = resolved.get(at)
        if kept is None or not kept.symbol_key or o.symbol_key == kept.symbol_key:
            continue
        same = declared_name(o.symbol_key) == declared_name(kept.symbol_key)
        others = (merged if same else shared).setdefault(at, [])
        if o.symbol_key not in others:
            others.append(o.symbol_key)
    return shared, merged


def _meaning(kept: str | None, others: Sequence[str], role: str) -> str | None:
    """Of merged declarations, the one a site means: a type (its key ends with ``#``) where
    tree-sitter saw a type position (role ``type``: ``m: Mode``), else a value (``Mode.a``)."""
    if not others or kept is None:
        return kept
    for key in (kept, *others):
        if key.endswith("#") == (role == "type"):
            return key
    return kept


def _also(o: OccurrenceRecord, keys: list[str]) -> list[OccurrenceRecord]:
    """``o`` again for each other key of its site (``_other_keys``), constructions keyed to
    their class as ``o`` is."""
    out: list[OccurrenceRecord] = []
    have: set[str | None] = {o.symbol_key}
    for key in keys:
        made = _class_of_construction(key, o.name)
        if made not in have:
            have.add(made)
            out.append(replace(o, symbol_key=made))
    return out


def _declares(
    o: OccurrenceRecord, others: Sequence[str | None], own: set[str]
) -> list[OccurrenceRecord]:
    """A definition the server also answered as a reference of a declaration of the same name in
    another file is a declaration of that one too: an interface that a module augmentation
    merges into (``declare module './a' { interface Options {} }``), a namespace merged with a
    function. The file's own declarations of the name (overloads) are left as they are."""
    return [
        replace(o, symbol_key=k, role="declaration")
        for k in dict.fromkeys(others)
        if k is not None and k not in own and _names(k, o.name)
    ]


def _names(key: str, name: str) -> bool:
    """Whether ``key`` is of a symbol named ``name``."""
    declared = declared_name(key)
    return declared.endswith(name) and declared[: -len(name)][-1:] in ("#", ".", "/", " ")


def _class_of_construction(key: str | None, name: str) -> str | None:
    """The class, for a site that names it and resolves to one of its constructors (tsgo
    defines ``new Query(...)`` at ``constructor``): the identifier is the class's name, and the
    server answers it among the class's references (a rename renames it). The call edge keeps
    the constructor. A constructor named like its class (C++) keeps the site, and so does
    ``super(...)`` (tsgo's class references leave it out)."""
    found = _CONSTRUCTOR_KEY.fullmatch(key or "")
    if found is None or found["name"] not in ("constructor", "__init__") or name != found["cls"]:
        return key
    return found["type"]


def _resolve_bases(
    edges: list[TypeEdgeRecord], occurrences: list[OccurrenceRecord]
) -> list[TypeEdgeRecord]:
    """Each base of a class header, resolved to the symbol the server says its name refers to
    (two classes named ``Base`` in two modules stay apart); a base the server did not resolve
    keeps its name only, and the hierarchy matches it by name."""
    keys: dict[tuple[int, str], set[str]] = {}
    for o in occurrences:
        if o.symbol_key and o.role != "definition":
            keys.setdefault((o.span.start_line, o.name), set()).add(o.symbol_key)
    out: list[TypeEdgeRecord] = []
    for e in edges:
        found = keys.get((e.line, e.target_name), set())
        out.append(replace(e, target_key=next(iter(found))) if len(found) == 1 else e)
    return out


def _merge_calls(
    ts: list[CallRecord],
    lsp: list[CallRecord],
    resolved: dict[tuple[int, int], OccurrenceRecord],
    symbols: Mapping[str, SymbolRecord],
) -> list[CallRecord]:
    """Tree-sitter's call sites with the server's callees, then the calls only the server saw.
    The server's site of a member call may be where its object starts (tsgo: ``obj.go()`` from
    ``obj``): a server call at no site of tree-sitter's is the first call of its name after it
    on its line that no server call matched (else two edges would stand for one call).

    The caller of a site is tree-sitter's unless it is in a function only the server sees: a
    server that credits the calls of a ``def``'s header (decorators, default values) to the
    function itself (ty's outgoing calls) is not followed, they run in the enclosing scope."""
    by_site, more = _server_sites(ts, lsp)
    out: list[CallRecord] = []
    for c in ts:
        server = by_site.pop((c.line, c.col), None)
        key = server.callee_key if server is not None else None
        if key is None and (c.line, c.col) in resolved:
            key = resolved[(c.line, c.col)].symbol_key
        if key:
            c = replace(c, callee_key=key)
        if c.caller_key is None and server is not None and server.caller_key not in symbols:
            c = replace(c, caller_key=server.caller_key)  # in a function tree-sitter does not see
        out.append(c)
        out.extend(replace(m, caller_key=c.caller_key) for m in more.pop((c.line, c.col), ()))
    for at, alone in by_site.items():
        out.append(call := _outside_header(alone, symbols))
        out.extend(replace(m, caller_key=call.caller_key) for m in more.pop(at, ()))
    return out


Site = tuple[int, int]


def _server_sites(
    ts: list[CallRecord], lsp: list[CallRecord]
) -> tuple[dict[Site, CallRecord], dict[Site, list[CallRecord]]]:
    """The server's calls by site: one at each, and the callees of other names at that site
    (ty: ``self.__class__(v)`` calls ``__class__`` and ``__init__``); a call sited where its
    object starts moved to tree-sitter's site of it."""
    by_site = {(c.line, c.col): c for c in lsp}  # the last: two callers may answer one site
    more: dict[Site, list[CallRecord]] = {}
    for c in lsp:
        last, others = by_site[(c.line, c.col)], more.setdefault((c.line, c.col), [])
        if all(c.callee_name != o.callee_name for o in (last, *others)):
            others.append(c)  # another name: not one of two declarations of the callee
    sites = {(c.line, c.col) for c in ts}
    loose = sorted(
        (c for at, c in by_site.items() if at not in sites), key=lambda c: (c.line, c.col)
    )
    for c in sorted(ts, key=lambda c: (c.line, c.col)):
        if (c.line, c.col) in by_site:
            continue
        for early in loose:
            if (early.line, early.callee_name) == (c.line, c.callee_name) and early.col < c.col:
                loose.remove(early)
                by_site[(c.line, c.col)] = by_site.pop((early.line, early.col))
                if (early.line, early.col) in more:
                    more[(c.line, c.col)] = more.pop((early.line, early.col))
                break
    return by_site, more


def _outside_header(call: CallRecord, symbols: Mapping[str, SymbolRecord]) -> CallRecord:
    """A call only the server saw, sited before its caller's name (a decorator without
    arguments, ``@app.route``): the caller is the scope around the definition."""
    caller = symbols.get(call.caller_key) if call.caller_key else None
    if caller is None or (call.line, call.col) >= (
        caller.name_span.start_line,
        caller.name_span.start_col,
    ):
        return call
    outer = symbols.get(caller.container_key) if caller.container_key else None
    while outer is not None and outer.kind not in CALLER_KINDS:
        outer = symbols.get(outer.container_key) if outer.container_key else None
    return replace(call, caller_key=outer.key if outer is not None else None)


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
    for path, (meta, data) in list(entries.items()):
        answered = run.files.get(path)
        if answered is None:
            continue
        docs.update(_declared_docs(data, answered))
        status = run.status.get(path)
        merged = merge(data, answered, shared=adapter.needs_group)
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
        stats.calls += len(answered.calls)
        stats.diagnostics += len(answered.diagnostics)
        if on_file is not None:
            on_file(path)
    if docs:
        _carry_docs(entries, docs)


def _declared_docs(ts: FileIndex, lsp: FileIndex) -> dict[str, str]:
    """The documentation of tree-sitter's symbols that are declarations of another (a C
    function documented in its header): that one's key -> the text."""
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
