"""A live index: language servers kept running between updates of one workspace's index.

``LiveIndex.update()`` is an incremental ``run_index`` whose server phase reuses one running
session per group (server, project) instead of starting a fresh server. When a few files of a
group changed and the session already has the group open, only what those files can have changed
is asked (``lsp.incremental``): their symbols, the symbols their identifiers name, the references
of symbols whose keys appeared, and what places that named vanished keys name now; their rows
are replaced and the other files' rows patched in one transaction. Otherwise (first update,
many files, a server that needs whole-group passes) the whole group is asked again, on the live
session. The sessions run on one event loop in a thread of their own; ``close`` shuts every
server down and joins the thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable, Coroutine, Iterable
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Any, TypeVar

from lsai.errors import LsaiError
from lsai.indexer import pipeline, semantic
from lsai.indexer.crawler import Workspace
from lsai.indexer.languages import language_for
from lsai.indexer.lsp import carry, incremental, rebind
from lsai.indexer.lsp.adapters import ADAPTERS
from lsai.indexer.lsp.documents import Documents, SourceText
from lsai.indexer.lsp.outcome import Report, ServerRun, no_report
from lsai.indexer.lsp.session import LspSession
from lsai.indexer.lsp.sweep import Options
from lsai.indexer.treesitter.extract import extract
from lsai.storage import keys, navigation, patches, queries, tool_queries
from lsai.storage.engine import Index, Reader, open_index
from lsai.storage.records import CallRecord, FileIndex, FileMeta, Span
from lsai.storage.writer import KnownFile

T = TypeVar("T")
_LAST_LINE = 1 << 31
MAX_TARGETED = 20  # more changed files than this in one group: ask the whole group again
GroupKey = tuple[str, str, tuple[str, ...]]
Held = dict[str, tuple[FileMeta, FileIndex]]


def group_key(group: semantic.Group) -> GroupKey:
    return (group.adapter, group.project_root, tuple(sorted(set(group.projects))))


def targetable(group: semantic.Group) -> bool:
    """Whether a few changed files can be answered alone: not for servers whose passes need
    every file of the group (outline refinement of aliases, settled sites, merged declarations).

    Measured with targeting forced, on the fixtures (November 2026): gopls answered a body edit
    like a rebuild (86 ms, against 414 ms for its group), but after a renamed function the files
    using it kept stale diagnostics: gopls pushes them (no pull) and nothing says when the
    dependents' arrive. tsgo differed from a rebuild on both edits tried (re-exports and
    ``const f = () =>`` callables are refined with the whole group). clangd matched on one edit,
    but a declaration and its definition are merged from every references answer."""
    adapter = ADAPTERS[group.adapter]
    needs_group = adapter.alias_kinds or adapter.callable_hint or adapter.synthetic_names
    return not (needs_group or adapter.settle_sites or adapter.merge_declarations)


def _unserved(known: KnownFile | None) -> bool:
    """A file the server never answered for (a skipped binary file needs no answer)."""
    return known is None or (known.backend != semantic.LSP and known.status != "skipped")


class LiveIndex:
    """Keeps the index of ``root`` current with live language-server sessions."""

    def __init__(self, root: Path, database: str | None = None, backend: str = "auto") -> None:
        self.root = pipeline.check_workspace(root)
        self.database = database or str(pipeline.default_database(self.root))
        self.backend = backend
        self.last_updated: float | None = None  # time.time() of the last completed update
        self.last_summary: pipeline.IndexSummary | None = None
        self._sessions: dict[GroupKey, LspSession] = {}
        self._plan = semantic.ServerPlan()
        self._names: dict[GroupKey, set[str]] = {}  # each group's symbol names (a superset)
        self._texts: dict[str, str] = {}  # the text each served file's rows were indexed from
        self._calls: dict[str, list[CallRecord]] = {}  # and the server's call records for it
        self._lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever,
            name="lsai-live",
            daemon=True,  # close() joins it
        )
        self._thread.start()
        self._index: Index | None = None
        self._closed = False

    # -- the public face -------------------------------------------------------------------
    def update(self) -> pipeline.IndexSummary:
        """Bring the index up to date with the files on disk (one update at a time)."""
        summary = self.try_update(None)
        assert summary is not None  # waited as long as it took
        return summary

    def try_update(self, wait: float | None) -> pipeline.IndexSummary | None:
        """``update``, or None when another update still runs after ``wait`` seconds."""
        if not self._lock.acquire(timeout=-1 if wait is None else wait):
            return None
        try:
            if self._closed:
                raise LsaiError("the live index is closed", resolution="open a new one")
            summary = pipeline.run_index(
                self.root, database=self.database, backend=self.backend, serve=self._serve
            )
            self.last_summary = summary
            self.last_updated = time.time()
            return summary
        finally:
            self._lock.release()

    def warm(self) -> None:
        """Start a session for every group that has none, with its files open, so that the
        first change is answered without starting a server."""
        with self._lock:
            for group in self._plan.groups:
                if group_key(group) not in self._sessions and not self._closed:
                    try:
                        self._call(self._open_group(group))
                    except Exception:  # the next update of the group starts it again
                        self._drop(group)

    def close(self) -> None:
        """Shut every server down and stop the loop thread (idempotent)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            for session in list(self._sessions.values()):
                self._stop(session)
            self._sessions.clear()
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join()
            self._loop.close()
            if self._index is not None:
                self._index.dispose()

    def __enter__(self) -> LiveIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the server phase ------------------------------------------------------------------
    def _call(self, work: Coroutine[Any, Any, T]) -> T:
        future: Future[T] = asyncio.run_coroutine_threadsafe(work, self._loop)
        return future.result()

    def _serve(
        self,
        workspace: Workspace,
        plan: semantic.ServerPlan,
        held: Held,
        known: dict[str, KnownFile],
        summary: pipeline.IndexSummary,
        write: pipeline.Write,
    ) -> None:
        self._plan = plan
        self._retire({group_key(g) for g in plan.groups})
        removed, reread = set(summary.removed), set(summary.reindexed)
        full: list[semantic.Group] = []
        for group in plan.groups:
            changed = [p for p in group.paths if p in held]
            gone = sorted(p for p in removed if group.covers(workspace.project_of(p)))
            # a file never answered for, or re-read and now failed (not UTF-8): the whole group
            fresh = any(
                _unserved(known.get(p)) or p in reread for p in group.paths if p not in held
            )
            if not changed and not gone and not fresh:
                continue
            session = self._sessions.get(group_key(group))
            small = len(changed) + len(gone) <= MAX_TARGETED
            if session is None or fresh or not small or not targetable(group):
                if session is not None:  # the server reads these from disk again
                    session.close_files([*gone, *(p for p in group.paths if p in reread)])
                full.append(group)
                continue
            self._targeted(session, group, workspace, held, changed, gone, summary, write)
        for group in full:
            self._names.pop(group_key(group), None)  # rewritten: reloaded on next use
        pipeline.serve_groups(
            workspace, replace(plan, groups=full), held, known, summary, write, self._full
        )

    def _retire(self, wanted: set[GroupKey]) -> None:
        for key in [k for k in self._sessions if k not in wanted]:
            self._stop(self._sessions.pop(key))

    def _full(
        self,
        group: semantic.Group,
        root: Path,
        sources: dict[str, tuple[str, str]],
        budget: semantic.RestartBudget,
        *,
        names: frozenset[str] | None = None,
        report: Report = no_report,
        callers: frozenset[str] | None = None,
    ) -> tuple[ServerRun | None, str | None]:
        """The whole group, asked again on its live session (started when it has none)."""
        del budget
        texts = [SourceText(p, lang, text, group.project(p)) for p, (lang, text) in sources.items()]
        if not texts:
            return None, None
        self._forget(t.path for t in texts)
        try:
            index = self._index_group(group, root, texts, names, report, callers)
            run = self._call(index)
        except LsaiError as exc:
            self._drop(group)
            return None, f"{exc.code}: {exc.message}"
        self._remember(run, texts)
        return run, None

    async def _index_group(
        self,
        group: semantic.Group,
        root: Path,
        texts: list[SourceText],
        names: frozenset[str] | None,
        report: Report,
        callers: frozenset[str] | None = None,
    ) -> ServerRun:
        session = await self._session(group, root)
        if not session.adapter.merge_declarations:
            session.options = replace(session.options, names=names, report=report, callers=callers)
        if session.adapter.readiness == "diagnostics":
            # readiness waits for diagnostics of every file: a server publishes them when it
            # opens a file, not for a change to the same text (clangd: 60 s, its ready_timeout)
            session.close_files([t.path for t in texts])
        return await session.index(texts)

    async def _session(self, group: semantic.Group, root: Path) -> LspSession:
        key = group_key(group)
        session = self._sessions.get(key)
        if session is not None and session.client is not None and session.client.alive:
            return session
        if session is not None:
            await session.__aexit__(None, None, None)
        session = LspSession(
            group.adapter,
            root,
            group.project_root,
            projects=group.served_projects(),
            options=Options(),
        )
        await session.__aenter__()
        self._sessions[key] = session
        return session

    async def _open_group(self, group: semantic.Group) -> None:
        """A session with every file of the group open, past the readiness gate."""
        session = await self._session(group, self.root)
        texts: list[SourceText] = []
        for path in group.paths:
            language = language_for(path)
            try:
                content = (self.root / path).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if language is not None:
                texts.append(SourceText(path, language.id, content, group.project(path)))
        documents = Documents(self.root, texts, session.lsp.encoding)
        session.open(texts, documents)
        await session.wait_ready(documents, [])

    def _drop(self, group: semantic.Group) -> None:
        session = self._sessions.pop(group_key(group), None)
        if session is not None:
            self._stop(session)

    def _stop(self, session: LspSession) -> None:
        """Shut one server down; its close kills a server that does not exit."""
        with contextlib.suppress(Exception):
            self._call(session.__aexit__(None, None, None))

    # -- a few files of a group ------------------------------------------------------------
    def _targeted(
        self,
        session: LspSession,
        group: semantic.Group,
        workspace: Workspace,
        held: Held,
        changed: list[str],
        gone: list[str],
        summary: pipeline.IndexSummary,
        write: pipeline.Write,
    ) -> None:
        entries = {p: held.pop(p) for p in changed}
        texts = [
            SourceText(p, str(meta.language), "\n".join(data.lines), group.project(p))
            for p, (meta, data) in entries.items()
        ]
        identifiers = {
            p: [(o.span, o.name, o.role) for o in data.occurrences]
            for p, (_, data) in entries.items()
        }
        prior = self._prior(workspace, group, changed, gone)
        self._forget([*changed, *gone])
        stats = summary.servers.setdefault(group.adapter, semantic.ServerStats(group.adapter))
        clock = time.perf_counter()
        try:
            delta = self._call(incremental.update(session, texts, gone, identifiers, prior))
        except LsaiError as exc:
            self._drop(group)
            stats.problem = f"{exc.code}: {exc.message}"
            for path, (meta, data) in entries.items():
                entries[path] = (replace(meta, status="partial", error=stats.problem), data)
                summary.failed.append((path, stats.problem))
            write(list(entries.values()))
            return
        semantic.apply_run(delta.run, entries, stats)
        self._remember(delta.run, texts)
        self._names.get(group_key(group), set()).update(
            incremental.new_names_of(delta.run.files.values())
        )
        for meta, _ in entries.values():
            if meta.status == "partial":
                summary.failed.append((meta.path, meta.error or "partial"))
        write(list(entries.values()), delta.patch)
        self._forget_calls(delta.patch)
        stats.seconds += time.perf_counter() - clock
        self._dependents(session, prior, delta, changed, gone, write)

    def _dependents(
        self,
        session: LspSession,
        prior: incremental.Prior,
        delta: incremental.Delta,
        changed: list[str],
        gone: list[str],
        write: pipeline.Write,
    ) -> None:
        """The diagnostics of unchanged files that name a symbol of the changed files."""
        named = prior.old_keys | {s.key for d in delta.run.files.values() for s in d.symbols}
        with self._db().connect() as conn:
            paths = patches.files_naming(conn, named, [*changed, *gone])
        paths |= {site.path for site in delta.patch.sites}
        if not paths:
            return
        found = self._call(incremental.diagnostics(session, sorted(paths)))
        write([], patches.Patch(diagnostics=found))

    def _prior(
        self, workspace: Workspace, group: semantic.Group, changed: list[str], gone: list[str]
    ) -> incremental.Prior:
        with self._db().connect() as conn:
            names = self._names.get(group_key(group))
            if names is None:
                names = self._names[group_key(group)] = patches.symbol_names(conn, group.paths)
            old = patches.symbol_keys(conn, changed)
            old_keys = set().union(*old.values()) if old else set()
            prefixes = []
            for path in gone:
                language = language_for(path)
                if language is not None:
                    project = workspace.project_of(path)
                    prefixes.append(keys.key_prefix(language.id, project, path) + " ")
            old_keys |= patches.keys_under(conn, prefixes)
            rows = {path: _rows(conn, path) for path in changed}
            bindings = {
                path: rebind.bindings((name, role, key) for name, role, key, _ in found)
                for path, found in rows.items()
            }
            gone_names = _imported_from(conn, gone, set(group.paths))
        members = frozenset(group.paths)
        return incremental.Prior(
            old_keys,
            lambda keys: self._sites(keys, [*changed, *gone]),
            self._stored_symbols,
            self._ts_sites(workspace),
            group=members,
            names=frozenset(names),
            bindings=bindings,
            gone_names=gone_names,
            symbols_named=lambda wanted: self._symbols_named(wanted, members),
            places=lambda wanted, keys: self._places(wanted, keys, members),
            order={path: i for i, path in enumerate(group.paths)},
            texts={p: self._texts[p] for p in changed if p in self._texts},
            rows=rows,
            calls={p: self._calls[p] for p in changed if p in self._calls},
        )

    def _sites(self, keys: set[str], outside: list[str]) -> list[tuple[str, Span, str, str]]:
        with self._db().connect() as conn:
            return patches.sites_of(conn, keys, outside)

    def _symbols_named(self, names: set[str], group: frozenset[str]) -> list[rebind.Candidate]:
        out: list[rebind.Candidate] = []
        with self._db().connect() as conn:
            for name in sorted(names):
                for r in navigation.symbols_named(conn, name):
                    if r["file"] in group:
                        span = Span(r["line"], r["col"], r["line"], r["col"] + len(name))
                        out.append(rebind.Candidate(str(r["file"]), str(r["key"]), name, span))
        return out

    def _places(self, names: set[str], keys: set[str], group: frozenset[str]) -> list[rebind.Place]:
        found: dict[tuple[str, int, int], rebind.Place] = {}
        with self._db().connect() as conn:
            for name in sorted(names):
                for r in tool_queries.occurrences_named(conn, name, []):
                    span = Span(r["line"], r["col"], r["line"], r["end_col"])
                    place = rebind.Place(str(r["file"]), span, name, r["symbol_key"])
                    found[(place.path, span.start_line, span.start_col)] = place
            for path, span, name, key in patches.sites_of(conn, keys, []):
                found[(path, span.start_line, span.start_col)] = rebind.Place(path, span, name, key)
        return [p for p in found.values() if p.path in group]

    def _remember(self, run: ServerRun, texts: Iterable[SourceText]) -> None:
        """The text and call records of each file the server answered completely: what the
        next targeted update of the file keeps from its unchanged lines (``carry``)."""
        for text in texts:
            status = run.status.get(text.path)
            if status is not None and status.status == "complete" and text.path in run.files:
                self._texts[text.path] = text.content
                self._calls[text.path] = list(run.files[text.path].calls)

    def _forget(self, paths: Iterable[str]) -> None:
        for path in paths:
            self._texts.pop(path, None)
            self._calls.pop(path, None)

    def _forget_calls(self, patch: patches.Patch) -> None:
        """Drop the remembered calls a patch changed in the index (re-pointed call sites,
        cleared keys): the next update of those files asks them again."""
        for site in patch.sites:
            self._calls.pop(site.path, None)
        if patch.cleared:
            stale = [
                path
                for path, calls in self._calls.items()
                if any(c.callee_key in patch.cleared for c in calls)
            ]
            for path in stale:
                del self._calls[path]

    def _stored_symbols(self, path: str) -> list[incremental.StoredSymbol]:
        with self._db().connect() as conn:
            return patches.symbols_of(conn, path)

    def _ts_sites(self, workspace: Workspace) -> Callable[[str], set[tuple[int, int]]]:
        def sites(path: str) -> set[tuple[int, int]]:
            language = language_for(path)
            try:
                source = (self.root / path).read_bytes()
            except OSError:
                return set()
            if language is None:
                return set()
            data = extract(language.id, path, workspace.project_of(path), source)
            return {(o.span.start_line, o.span.start_col) for o in data.occurrences}

        return sites

    def _db(self) -> Index:
        if self._index is None:
            self._index = open_index(self.database)
        return self._index


def _rows(conn: Reader, path: str) -> list[carry.Row]:
    """The occurrences of ``path`` as indexed, in reading order (none for a new file)."""
    row = queries.file_row(conn, path)
    if row is None:
        return []
    rows = navigation.occurrences_on_lines(conn, int(row["id"]), 1, _LAST_LINE)
    return [
        (
            str(r["name"]),
            str(r["role"]),
            r["symbol_key"],
            Span(r["line"], r["col"], r["end_line"], r["end_col"]),
        )
        for r in rows
    ]


def _imported_from(conn: Reader, gone: list[str], group: set[str]) -> set[str]:
    """The names unchanged files of ``group`` import from the deleted files ``gone``: those
    imported on a line that names a deleted module (``from shop.gone import f``)."""
    names: set[str] = set()
    for path in gone:
        module = PurePosixPath(path)
        stem = module.parent.name if module.stem == "__init__" else module.stem
        lines = {
            (str(r["file"]), int(r["line"]))
            for r in tool_queries.occurrences_named(conn, stem, [])
            if r["file"] in group
        }
        ids: dict[str, int | None] = {}
        for file, line in sorted(lines):
            if file not in ids:
                row = queries.file_row(conn, file)
                ids[file] = int(row["id"]) if row is not None else None
            file_id = ids[file]
            if file_id is not None:
                rows = navigation.occurrences_on_lines(conn, file_id, line, line)
                names.update(str(r["name"]) for r in rows if r["role"] == "import")
    return names
