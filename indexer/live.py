"""A live index: language servers kept running between updates of one workspace's index.

``LiveIndex.update()`` is an incremental ``run_index`` whose server phase reuses one running
session per group (server, project) instead of starting a fresh server. When a few files of a
group changed and the session already has the group open, only what those files can have changed
is asked (``lsp.incremental``): their symbols, the symbols their identifiers name (on the lines
that changed: the others keep what they named, ``lsp.carry``), the references of symbols whose
keys appeared, what places that named vanished keys name now, and where names whose binding
changed resolve now (``lsp.rebind``); their rows are replaced and the other files' rows patched
in one transaction. Otherwise (first update, many files, a server that needs whole-group
passes) the whole group is asked again, on the live session. What an update needs from the
index before it changes it is ``live_prior``'s. The sessions run on one event loop in a thread
of their own; ``close`` shuts every server down and joins the thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Coroutine, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from lsai.errors import LsaiError
from lsai.indexer import live_prior, pipeline, semantic
from lsai.indexer.crawler import Workspace
from lsai.indexer.live_prior import GroupKey, group_key
from lsai.indexer.lsp import incremental
from lsai.indexer.lsp.adapters import ADAPTERS
from lsai.indexer.lsp.documents import Documents, SourceText
from lsai.indexer.lsp.outcome import Report, ServerRun, no_report
from lsai.indexer.lsp.session import LspSession
from lsai.indexer.lsp.sweep import Options
from lsai.storage import patches
from lsai.storage.engine import Index, open_index
from lsai.storage.records import FileIndex, FileMeta
from lsai.storage.writer import KnownFile

T = TypeVar("T")
MAX_TARGETED = 20  # more changed files than this in one group: ask the whole group again
Held = dict[str, tuple[FileMeta, FileIndex]]


def targetable(group: semantic.Group) -> bool:
    """Whether a few changed files can be answered alone: as its adapter says
    (``ServerAdapter.targeted``: tsgo), else not for servers whose passes need every file of the
    group (settled sites, merged declarations).

    Measured with targeting forced, on the fixtures (November 2026): gopls answered a body edit
    like a rebuild (86 ms, against 414 ms for its group), but after a renamed function the files
    using it kept stale diagnostics: gopls pushes them (no pull) and nothing says when the
    dependents' arrive. clangd matched on one edit, but a declaration and its definition are
    merged from every references answer."""
    adapter = ADAPTERS[group.adapter]
    return adapter.targeted if adapter.targeted is not None else not adapter.needs_group


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
        self._memory = live_prior.Memory()  # what updates remember between them
        self._lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever,
            name="lsai-live",
            daemon=True,  # close() joins it
        )
        self._thread.start()
        self._index: Index | None = None
        self._layout: pipeline.Layout | None = None  # what the last run found (files, plan)
        self._inode: int | None = None  # of the index file ``_index`` opened
        self._closed = False
        self._generation = 0  # odd while an update runs (``generation``)

    # -- the public face -------------------------------------------------------------------
    def update(self, modified: Sequence[str] | None = None) -> pipeline.IndexSummary:
        """Bring the index up to date with the files on disk (one update at a time).
        ``modified``: the paths a watcher's batch reported since the last update; when they are
        only known source files, changed in place, the update does not walk the workspace nor
        plan its servers again (``pipeline.Since``)."""
        summary = self.try_update(None, modified)
        assert summary is not None  # waited as long as it took
        return summary

    def try_update(
        self, wait: float | None, modified: Sequence[str] | None = None
    ) -> pipeline.IndexSummary | None:
        """``update``, or None when another update still runs after ``wait`` seconds."""
        if not self._lock.acquire(timeout=-1 if wait is None else wait):
            return None
        self._generation += 1
        try:
            if self._closed:
                raise LsaiError("the live index is closed", resolution="open a new one")
            try:
                summary = pipeline.run_index(
                    self.root,
                    database=self.database,
                    backend=self.backend,
                    serve=self._serve,
                    since=self._since(modified),
                )
            except BaseException:
                self._memory.forget(list(self._memory.texts))  # it may not be what was written
                self._layout = None
                raise
            self._layout = summary.layout
            self.last_summary = summary
            self.last_updated = time.time()
            return summary
        finally:
            self._generation += 1
            self._lock.release()

    def _since(self, modified: Sequence[str] | None) -> pipeline.Since | None:
        """What the next run may reuse: the last run's layout, while the index is the file this
        live index opened (deleted or replaced: the run opens it again, or builds it)."""
        if not modified or self._layout is None:
            return None
        if self._index is not None and self._inode != _inode(self.database):
            self._index.dispose()
            self._index = None
        if self._index is None and _inode(self.database) is None:
            return None
        tally = self.last_summary.tally if self.last_summary is not None else None
        return pipeline.Since(self._layout, tuple(modified), self._db(), tally)

    @property
    def generation(self) -> int:
        """Moves when an update starts and when it ends: odd while one runs."""
        return self._generation

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

    # -- one run of ``lsai index`` (``pipeline.Targets``) -------------------------------------
    def takes(self, group: semantic.Group, changed: Sequence[str], gone: Sequence[str]) -> bool:
        """Whether a run answers these files of ``group`` alone: a few, of a server that can."""
        return bool(changed or gone) and self._alone(group, changed, gone)

    def serve(
        self,
        group: semantic.Group,
        workspace: Workspace,
        held: Held,
        changed: list[str],
        gone: list[str],
        summary: pipeline.IndexSummary,
        write: pipeline.Write,
    ) -> bool:
        """Start a session with every file of ``group`` open, then answer for the changed and
        deleted files alone; False (nothing written) when the server could not be made ready, or
        the change is one its adapter asks the whole group about (``group_after_removals``)."""
        with self._lock:
            clock = time.perf_counter()
            try:
                self._call(self._open_group(group))
            except LsaiError:
                self._drop(group)
                return False
            opening = time.perf_counter() - clock  # the update counts its own time
            session = self._sessions[group_key(group)]
            if not self._targeted(session, group, workspace, held, changed, gone, summary, write):
                return False  # the run asks the whole group
            summary.servers[group.adapter].seconds += opening
            return True

    @staticmethod
    def _alone(group: semantic.Group, changed: Sequence[str], gone: Sequence[str]) -> bool:
        return len(changed) + len(gone) <= MAX_TARGETED and targetable(group)

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
            fresh = summary.anew or pipeline.whole_group(group, held, known, reread)
            if summary.inputs and summary.inputs.changed_for(group):  # config, packages: restart
                self._drop(group)
                fresh = True
            if not changed and not gone and not fresh:
                continue
            session = self._sessions.get(group_key(group))
            if session is None or fresh or not self._alone(group, changed, gone):
                if session is not None:  # the server reads these from disk again
                    session.close_files([*gone, *(p for p in group.paths if p in reread)])
                full.append(group)
                continue
            if not self._targeted(session, group, workspace, held, changed, gone, summary, write):
                full.append(group)  # a change its adapter asks the whole group about
        for group in full:
            self._memory.names.pop(group_key(group), None)  # rewritten: reloaded on next use
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
        trees: Mapping[str, FileIndex] | None = None,
        aliased: frozenset[str] = frozenset(),
    ) -> tuple[ServerRun | None, str | None]:
        """The whole group, asked again on its live session (started when it has none), with
        the tree-sitter rows a cold run hands the references pass (``semantic.identifiers``)."""
        del budget
        texts = [SourceText(p, lang, text, group.project(p)) for p, (lang, text) in sources.items()]
        if not texts:
            return None, None
        self._memory.forget(t.path for t in texts)
        try:
            options = semantic.session_options(
                ADAPTERS[group.adapter],
                texts,
                trees,
                names=names,
                report=report,
                callers=callers,
                aliased=aliased,
            )
            index = self._index_group(group, root, texts, options)
            run = self._call(index)
        except LsaiError as exc:
            self._drop(group)
            return None, f"{exc.code}: {exc.message}"
        self._memory.remember(run, texts)
        return run, None

    async def _index_group(
        self,
        group: semantic.Group,
        root: Path,
        texts: list[SourceText],
        options: Options,
    ) -> ServerRun:
        session = await self._session(group, root)
        session.configure(options)
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
            group.server(root),
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
        texts = group.texts_on_disk(self.root)
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
    ) -> bool:
        """Answer for the changed and deleted files alone and write their rows; False, nothing
        written and the files held again, when the server's adapter asks the whole group about
        such a change (``ServerAdapter.group_after_removals``)."""
        entries = {p: held.pop(p) for p in changed}
        texts = [
            SourceText(p, str(meta.language), "\n".join(data.lines), group.project(p))
            for p, (meta, data) in entries.items()
        ]
        identifiers = {  # with the names of JSDoc comments, which tsgo binds
            t.path: [
                (o.span, o.name, o.role)
                for o in semantic.with_annotations(t, entries[t.path][1].occurrences)
            ]
            for t in texts
        }
        prior = self._prior(workspace, group, changed, gone)
        self._memory.forget([*changed, *gone])
        stats = summary.servers.setdefault(group.adapter, semantic.ServerStats(group.adapter))
        clock = time.perf_counter()
        try:
            trees = {p: data for p, (_, data) in entries.items()}
            outline = {p: data.symbols for p, data in trees.items()}
            headers = semantic.class_headers(texts, trees)
            parameters = semantic.fixture_parameters(texts)
            sites = (  # with their bindings, where library calls are asked at sites (tsgo)
                semantic.identifiers(texts, trees)[0]
                if session.adapter.prepares_library_calls
                else None
            )
            delta = self._call(
                incremental.update(
                    session, texts, gone, identifiers, prior, outline, headers, parameters, sites
                )
            )
        except LsaiError as exc:
            self._drop(group)
            pipeline.answered(None, f"{exc.code}: {exc.message}", entries, stats, summary)
            write(list(entries.values()))
            return True
        if delta.declined:
            held.update(entries)
            return False
        pipeline.answered(delta.run, None, entries, stats, summary)
        self._memory.names.get(group_key(group), set()).update(
            incremental.new_names_of(delta.run.files.values())
        )
        # the server checks the dependent files while the rows are written
        paths = self._dependents(prior, delta, [*changed, *gone])
        dependents = asyncio.run_coroutine_threadsafe(
            incremental.diagnostics(session, paths), self._loop
        )
        try:
            write(list(entries.values()), delta.patch)
        except BaseException:
            dependents.cancel()
            raise
        self._memory.remember(delta.run, texts)
        self._memory.forget_calls(delta.patch)
        stats.seconds += time.perf_counter() - clock
        found = dependents.result()
        if found:
            write([], patches.Patch(diagnostics=found))
        return True

    def _dependents(
        self, prior: incremental.Prior, delta: incremental.Delta, outside: list[str]
    ) -> list[str]:
        """The unchanged files that name a symbol of the changed files, or whose rows the patch
        changes: their diagnostics may have changed (read before the patch is written)."""
        named = prior.old_keys | {s.key for d in delta.run.files.values() for s in d.symbols}
        with self._db().connect() as conn:
            paths = patches.files_naming(conn, named, outside)
        return sorted(paths | {site.path for site in delta.patch.sites})

    def _prior(
        self, workspace: Workspace, group: semantic.Group, changed: list[str], gone: list[str]
    ) -> incremental.Prior:
        return live_prior.read(self._db(), workspace, group, changed, gone, self._memory)

    def _db(self) -> Index:
        if self._index is None:
            self._inode = _inode(self.database)
            self._index = open_index(self.database)
        return self._index


def _inode(database: str) -> int | None:
    """The inode of a SQLite index file (None when there is none; 0 for a server database)."""
    if "://" in database:
        return 0
    try:
        return Path(database).stat().st_ino
    except OSError:
        return None
