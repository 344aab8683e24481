"""One index run: discover -> changed set -> extract -> write.

A re-run reads only files whose size or modification time changed, re-parses only those whose
content hash changed, and removes files that disappeared. Every batch is one transaction, so an
interrupted run leaves a consistent index that the next run completes. The first run builds the
index in a scratch file renamed into place at the end (``storage.coldbuild``). A live index's
run after a batch of changes that only modified known source files (``Since``) reuses the last
run's walk, projects and server plan (``Layout``) instead of finding them again.
"""

from __future__ import annotations

import gc
import json
import multiprocessing
import os
import time
from collections.abc import Iterator, Mapping, Sequence, Set
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Protocol

from lsai import __version__
from lsai.errors import ErrorCode, LsaiError
from lsai.gitinfo import head_commit
from lsai.indexer import environment, semantic, unfound
from lsai.indexer.backends import BACKEND_MODES, TREE_SITTER
from lsai.indexer.config import load_config
from lsai.indexer.crawler import SourceFile, Workspace, discover, read_source, refreshed
from lsai.indexer.deps import record_deps
from lsai.indexer.headstart import HeadStart, first_group
from lsai.indexer.lsp.outcome import Report, ServerRun, no_report
from lsai.indexer.treesitter import grammars
from lsai.indexer.treesitter.extract import extract
from lsai.storage import queries
from lsai.storage.coldbuild import end_bulk_load, open_for_run
from lsai.storage.engine import Index
from lsai.storage.patches import Patch
from lsai.storage.records import FileIndex, FileMeta
from lsai.storage.writer import IndexWriter, KnownFile, Tally

BATCH_FILES = 200
PARALLEL_THRESHOLD = 400


class WorkspaceError(LsaiError):
    code = ErrorCode.WORKSPACE_NOT_FOUND


class Progress(Protocol):
    def start(self, total: int) -> None: ...
    def advance(self, path: str) -> None: ...
    def done(self) -> None: ...
    def phase(self, description: str, total: int) -> None:
        """A new phase of ``total`` steps (a server's references, ...), advanced by ``advance``."""


Batch = list[tuple[FileMeta, FileIndex | None]]


class Write(Protocol):
    """Writes a batch of files (and a patch of other files' rows) in one transaction."""

    def __call__(self, batch: Batch, patch: Patch | None = None) -> None: ...


class ServeGroup(Protocol):
    """``semantic.serve_group``: one group's server pass."""

    def __call__(
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
    ) -> tuple[ServerRun | None, str | None]: ...


class Serve(Protocol):
    """The server phase of a run (``serve_groups``; ``indexer.live`` keeps servers alive)."""

    def __call__(
        self,
        workspace: Workspace,
        plan: semantic.ServerPlan,
        held: dict[str, tuple[FileMeta, FileIndex]],
        known: dict[str, KnownFile],
        summary: IndexSummary,
        write: Write,
    ) -> None: ...


class Targets(Protocol):
    """Answers a group's few changed files alone, on a server that opens the group, instead of
    asking the server about the whole group again (``indexer.live.LiveIndex``)."""

    def takes(self, group: semantic.Group, changed: Sequence[str], gone: Sequence[str]) -> bool:
        """Whether it answers for these changed and deleted files of ``group`` alone."""
        ...

    def serve(
        self,
        group: semantic.Group,
        workspace: Workspace,
        held: dict[str, tuple[FileMeta, FileIndex]],
        changed: list[str],
        gone: list[str],
        summary: IndexSummary,
        write: Write,
    ) -> bool:
        """Answer for them and write their rows (popped from ``held``); False when no server
        could be made ready for it (nothing written: the run asks about the whole group)."""
        ...


class _Silent:
    def start(self, total: int) -> None:
        pass

    def advance(self, path: str) -> None:
        pass

    def done(self) -> None:
        pass

    def phase(self, description: str, total: int) -> None:
        pass


class Phases:
    """A server's progress reports (phase, done, total) as ``Progress`` phases and steps: a
    report of another phase, or of another total (a pass resumed, or a second pass of the same
    name), starts a new one."""

    def __init__(self, progress: Progress, server: str) -> None:
        self.progress, self.server = progress, server
        self.current: tuple[str, int] | None = None
        self.done = 0

    def __call__(self, phase: str, done: int, total: int) -> None:
        if (phase, total) != self.current:
            self.current, self.done = (phase, total), 0
            self.progress.phase(f"{self.server}: {phase}", total)
        for _ in range(done - self.done):
            self.progress.advance("")
        self.done = max(self.done, done)


@dataclass
class LanguageStats:
    files: int = 0
    symbols: int = 0
    backends: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class Layout:
    """What a run found before reading any file: the workspace's source files and projects, the
    projects' ids in the index and the servers' plan."""

    workspace: Workspace
    project_ids: dict[str, int]
    plan: semantic.ServerPlan
    run_id: int  # the run that found it
    notes: tuple[str, ...] = ()  # what may keep answers short, with the remedy


@dataclass(frozen=True)
class Since:
    """A live index's next run: ``modified`` are the paths a watcher's batch reported since the
    run of ``layout``, which the run reuses when the index saw no other run in between and each
    path is a known source file, still there (``crawler.refreshed``); else it walks again."""

    layout: Layout
    modified: tuple[str, ...]
    index: Index  # the live index's own, kept open between runs (a warm page cache)
    tally: Tally | None = None  # what the index held at the end of that run


@dataclass
class IndexSummary:
    root: Path
    database: str
    status: str = "complete"
    files_seen: int = 0
    reindexed: list[str] = field(default_factory=list)
    unchanged: int = 0
    removed: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    """The folders the walk could not look into, and why (``Workspace.unreadable``)."""
    failed: list[tuple[str, str]] = field(default_factory=list)
    symbols: int = 0
    languages: dict[str, LanguageStats] = field(default_factory=dict)
    projects: int = 0
    servers: dict[str, semantic.ServerStats] = field(default_factory=dict)
    fallbacks: dict[str, str] = field(default_factory=dict)  # language -> why tree-sitter only
    notes: list[str] = field(default_factory=list)  # what may keep answers short, and the remedy
    encodings: list[tuple[str, str]] = field(default_factory=list)
    """The files read that are not UTF-8, and what each was read as (``sourcetext``)."""
    seconds: float = 0.0
    lines: int = 0
    layout: Layout | None = field(default=None, repr=False)  # for the next run of a live index
    inputs: environment.Review | None = field(default=None, repr=False)
    """The servers' inputs (``environment``): reviewed when the run walked the workspace."""
    tally: Tally | None = field(default=None, repr=False)  # what the index holds after the run
    anew: bool = False
    """Other indexer code made the index's rows (``_known``): every file is read and every
    group asked whole again, its few changed files not answered alone (``Targets``), whose
    answers build on the rows the index holds."""

    @property
    def complete(self) -> bool:
        return self.status == "complete"


def reindex(root: Path, database: str) -> IndexSummary:
    """Bring an existing index up to date (what the faces hand to tools that write files)."""
    return run_index(root, database=database)


def default_database(root: Path) -> Path:
    return root / ".lsai" / "index.db"


def check_workspace(root: Path) -> Path:
    if not root.exists():
        raise WorkspaceError(
            f"{root} does not exist", resolution="pass the path of a directory to index"
        )
    if not root.is_dir():
        raise WorkspaceError(
            f"{root} is a file, not a workspace directory",
            resolution=f"pass its directory instead: lsai index {root.parent}",
        )
    resolved = root.resolve()
    if resolved == Path(resolved.anchor):
        raise LsaiError(
            f"{resolved} is the whole filesystem, not a workspace: lsai would index every "
            "file of the machine and write its index there",
            code=ErrorCode.INVALID_ARGUMENT,
            resolution="pass the directory of a project: lsai index PATH",
        )
    return resolved


def run_index(
    root: Path,
    *,
    database: str | None = None,
    backend: str = "auto",
    progress: Progress | None = None,
    serve: Serve | None = None,
    since: Since | None = None,
    targets: Targets | None = None,
) -> IndexSummary:
    """Build or update the index of ``root``; the summary says whether it is complete.
    ``serve`` replaces the server phase (default: ``serve_groups``, a fresh server per group);
    ``since`` is a live index's run after a batch of changes (module doc); ``targets`` answers
    a group's few changed files alone (``serve_groups``)."""
    if backend not in BACKEND_MODES:
        raise LsaiError(
            f"unknown backend {backend!r}",
            code=ErrorCode.INVALID_ARGUMENT,
            resolution=f"use one of: {', '.join(BACKEND_MODES)}",
        )
    root = check_workspace(root)
    started = time.perf_counter()
    target = database or str(default_database(root))
    progress = progress or _Silent()
    with gc_paused():
        if since is not None:
            return _run(since.index, root, target, backend, progress, started, serve, since)
        with open_for_run(target) as (index, cold):
            return _run(
                index, root, target, backend, progress, started, serve, cold=cold, targets=targets
            )


def _run(
    index: Index,
    root: Path,
    target: str,
    backend: str,
    progress: Progress,
    started: float,
    serve: Serve | None = None,
    since: Since | None = None,
    *,
    cold: bool = False,
    targets: Targets | None = None,
) -> IndexSummary:
    writer = IndexWriter(index)
    summary = IndexSummary(root=root, database=target)
    run_id = writer.begin_run(backend, __version__, head_commit(root))
    ahead: HeadStart | None = None
    try:
        reused = _reused(since, run_id)
        if reused is not None and since is not None and since.tally is not None:
            writer.tally = since.tally.copy()  # kept current by the writes: no count at the end
        layout = reused or _lay_out(writer, index, root, backend, run_id)
        workspace, project_ids, plan = layout.workspace, layout.project_ids, layout.plan
        summary.files_seen = len(workspace.files)
        summary.unreadable = list(workspace.unreadable)
        summary.projects = len(workspace.projects)
        known, notes = _known(writer, index, workspace, reused is None, summary)
        if summary.anew:  # every group is asked whole, as a fresh build asks it
            targets = None
        maybe = workspace.files if reused is None else _candidates(workspace, known, since)
        todo = [f for f in maybe if _needs_read(f, known.get(f.path), backend, workspace)]
        summary.unchanged = len(workspace.files) - len(todo)
        summary.fallbacks = dict(plan.missing)
        if reused is None:  # a reused layout: only known source files changed
            with index.connect() as conn:
                recorded = queries.meta_values(conn, environment.META_PREFIX)
            summary.inputs = environment.review(root, plan.groups, recorded)
        summary.notes = [*layout.notes, *notes]
        served = {path for group in plan.groups for path in group.paths}
        scoped = {path for group in plan.groups if group.resolves_names for path in group.paths}
        held: dict[str, tuple[FileMeta, FileIndex]] = {}
        ahead = None if serve else _head_start(workspace, plan, todo, known, summary, targets)
        progress.start(len(todo))
        batch: list[tuple[FileMeta, FileIndex | None]] = []
        for meta, data in _extract_all(workspace, todo, known, backend, scoped):
            progress.advance(meta.path)
            _account(summary, meta)
            if meta.status == "unchanged":
                continue
            if meta.path in served and data is not None:
                held[meta.path] = (meta, data)
                continue
            batch.append((meta, data))
            if len(batch) >= BATCH_FILES:
                writer.write_files(batch, project_ids, run_id)
                batch = []
        writer.write_files(batch, project_ids, run_id)
        # the servers' files of a cold run are new: inserted before the secondary indexes are
        # made, unless a live update's patches look rows up by key and name
        bulk_to_the_end = cold and serve is None
        if cold and not bulk_to_the_end:
            end_bulk_load(index)
        _touch_unchanged(writer, todo, summary)
        progress.done()
        serve_group = (
            partial(semantic.serve_group, started=ahead.take) if ahead is not None else None
        )
        default = partial(serve_groups, progress=progress, serve_group=serve_group, targets=targets)
        (serve or default)(
            workspace,
            plan,
            held,
            known,
            summary,
            lambda b, patch=None: writer.write_files(b, project_ids, run_id, patch),
        )
        if bulk_to_the_end:
            end_bulk_load(index)
    except BaseException as exc:
        writer.finish_run(run_id, "interrupted", error=f"{type(exc).__name__}: {exc}")
        raise
    finally:
        if ahead is not None:
            ahead.close()
    _finish(writer, index, run_id, summary, started)
    summary.layout = layout
    return summary


def _head_start(
    workspace: Workspace,
    plan: semantic.ServerPlan,
    todo: list[SourceFile],
    known: dict[str, KnownFile],
    summary: IndexSummary,
    targets: Targets | None,
) -> HeadStart | None:
    """The server of the first group the serve phase may ask about the whole of, started now:
    it loads its project on the other core while the tree-sitter pass runs on this one
    (``headstart``). A group whose changed files ``targets`` answers alone is not one."""
    reading = {f.path for f in todo}

    def alone(group: semantic.Group) -> bool:
        if targets is None:
            return False
        changed = [p for p in group.paths if p in reading]
        gone = [p for p in summary.removed if group.covers(workspace.project_of(p))]
        return targets.takes(group, changed, gone)

    group = first_group(plan, reading, known, skip=alone)
    return HeadStart(workspace.root, group) if group is not None else None


def _reused(since: Since | None, run_id: int) -> Layout | None:
    """The last run's layout, when ``since`` allows it and no other run wrote the index since."""
    if since is None or run_id != since.layout.run_id + 1:
        return None
    workspace = refreshed(since.layout.workspace, since.modified)
    if workspace is None:
        return None
    return replace(since.layout, workspace=workspace, run_id=run_id)


def _candidates(
    workspace: Workspace, known: dict[str, KnownFile], since: Since | None
) -> list[SourceFile]:
    """The files a reused layout's run may need to read: the modified ones, and those the last
    run could not complete (read again by every run); the others are as it recorded them."""
    modified = set(since.modified) if since is not None else set()
    return [
        f
        for f in workspace.files
        if f.path in modified
        or (k := known.get(f.path)) is None
        or k.status in ("failed", "partial")
    ]


def _lay_out(writer: IndexWriter, index: Index, root: Path, backend: str, run_id: int) -> Layout:
    """Walk the workspace, store its projects and their dependencies, plan the servers."""
    workspace = discover(root)
    project_ids = writer.sync_projects(
        (p.name, p.root, " ".join(p.markers), None) for p in workspace.projects
    )
    unlinked = record_deps(index, root, workspace.projects, project_ids)
    plan = _plan(workspace, backend)
    notes = ((unlinked,) if unlinked else ()) + tuple(plan.notes(workspace.root))
    return Layout(workspace, project_ids, plan, run_id, notes)


@contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while the block runs (a whole index run).

    A run allocates millions of small acyclic objects (nodes, records, the servers' answers, row
    tuples) that live until the merge and frees them by reference counting; the collector only
    rescans them, each full collection the whole heap again. Measured: the tree-sitter pass of
    the 224k-line bench corpus ~1.2 CPU s of 6.8, with under 2,000 objects of cyclic garbage
    left at the end; the TypeScript semantic bench (75k lines, tsgo) 1.9 to 2.5 of 10.7 to 12.7
    Python CPU s (8 full collections: 1.5 to 1.8 s), 328 objects of cyclic garbage in all.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _plan(workspace: Workspace, backend: str) -> semantic.ServerPlan:
    if backend != "auto":
        return semantic.ServerPlan()
    return semantic.workspace_plan(workspace, load_config(workspace.root))


def serve_groups(
    workspace: Workspace,
    plan: semantic.ServerPlan,
    held: dict[str, tuple[FileMeta, FileIndex]],
    known: dict[str, KnownFile],
    summary: IndexSummary,
    write: Write,
    serve_group: ServeGroup | None = None,
    progress: Progress | None = None,
    targets: Targets | None = None,
) -> None:
    """Ask each server whose group changed (or was never served) about the whole group, or
    ``targets`` about its changed files alone when it takes them; the names tree-sitter saw
    used spare requests for symbols nobody uses (``semantic.used_names``)."""
    serve_group = serve_group or semantic.serve_group
    progress = progress or _Silent()
    removed = set(summary.removed)
    reread = set(summary.reindexed)  # held, or now failed/skipped: no longer what the server saw
    by_path = {f.path: f for f in workspace.files}
    budget = semantic.RestartBudget()
    for group in plan.groups:
        stale = any(
            p in held or p in reread or semantic.unserved(known.get(p)) for p in group.paths
        )
        gone = removed and removed & {p for p in known if group.covers(workspace.project_of(p))}
        moved = summary.inputs.changed_for(group) if summary.inputs else []
        if not stale and not gone and not moved:
            continue
        if targets is not None and not moved and not whole_group(group, held, known, reread):
            went = sorted(gone) if gone else []
            if _alone(targets, group, workspace, held, went, summary, write):
                continue
        refresh = [by_path[p] for p in group.paths if p not in held]
        for meta, data in _extract_all(workspace, refresh, {}, TREE_SITTER):
            if data is not None and meta.status == "complete":
                held[meta.path] = (meta, data)
        entries = {p: held.pop(p) for p in group.paths if p in held}
        sources = {p: (by_path[p].language.id, "\n".join(d.lines)) for p, (_, d) in entries.items()}
        stats = summary.servers.setdefault(group.adapter, semantic.ServerStats(group.adapter))
        if not stale and not gone:  # asked again for that reason alone
            stats.inputs_changed.extend(i for i in moved if i not in stats.inputs_changed)
        clock = time.perf_counter()
        trees = [data for _, data in entries.values()]
        run, problem = serve_group(
            group,
            workspace.root,
            sources,
            budget,
            names=semantic.used_names(trees),
            report=Phases(progress, group.adapter),
            callers=semantic.calling_keys(trees),
            trees={p: data for p, (_, data) in entries.items()},
            aliased=frozenset(p for p in entries if workspace.aliased(p)),
        )
        progress.done()
        stats.seconds += time.perf_counter() - clock
        answered(run, problem, entries, stats, summary)
        write(list(entries.values()))
    for meta, data in held.values():  # served languages whose group needed no server pass
        write([(meta, data)])


def answered(
    run: ServerRun | None,
    problem: str | None,
    entries: dict[str, tuple[FileMeta, FileIndex]],
    stats: semantic.ServerStats,
    summary: IndexSummary,
) -> None:
    """A group's server answer into its files' ``entries``; a failed server marks them partial."""
    if run is not None:
        semantic.apply_run(run, entries, stats)
    elif problem is not None:
        stats.problem = problem
        for path, (meta, data) in entries.items():
            entries[path] = (replace(meta, status="partial", error=problem), data)
    for meta, _ in entries.values():
        if meta.status == "partial":
            summary.failed.append((meta.path, meta.error or "partial"))


def _alone(
    targets: Targets,
    group: semantic.Group,
    workspace: Workspace,
    held: dict[str, tuple[FileMeta, FileIndex]],
    gone: list[str],
    summary: IndexSummary,
    write: Write,
) -> bool:
    """Whether ``targets`` answered for the changed (``held``) and ``gone`` files of ``group``."""
    changed = [p for p in group.paths if p in held]
    return targets.takes(group, changed, gone) and targets.serve(
        group, workspace, held, changed, gone, summary, write
    )


def whole_group(
    group: semantic.Group,
    held: Mapping[str, object],
    known: Mapping[str, KnownFile],
    reread: set[str],
) -> bool:
    """Whether a server must be asked about every file of ``group``, whatever changed: it has a
    file no server answered for, or one re-read and now failed or skipped (not what the server
    saw), or a changed file that failed before (readable again: no server had it)."""
    for path in group.paths:
        state = known.get(path)
        if path in held:
            if state is not None and state.status == "failed":
                return True
        elif semantic.unserved(state) or path in reread:
            return True
    return False


def _needs_read(
    file: SourceFile, known: KnownFile | None, backend: str, workspace: Workspace
) -> bool:
    if known is None or known.status in ("failed", "partial"):
        return True
    if _outdated(file, known, backend, workspace):
        return True
    return (known.size, known.mtime_ns) != (file.size, file.mtime_ns)


def _outdated(file: SourceFile, known: KnownFile, backend: str, workspace: Workspace) -> bool:
    """The rows of a file are out of date whatever its content says: the user asked for the
    fallback (drop the server's answers), the file now belongs to another project (a project
    marker was added or removed), whose name is part of every symbol key, or ``[index]
    max-file-size`` moved past its size (a file skipped as too large has no hash)."""
    if backend == TREE_SITTER and known.backend not in (TREE_SITTER, "none"):
        return True
    too_large = file.size > workspace.max_file_bytes
    if too_large != (known.status == "skipped" and known.content_hash is None):
        return True
    return known.project_root != workspace.project_of(file.path)


def _account(summary: IndexSummary, meta: FileMeta) -> None:
    if meta.status == "unchanged":
        summary.unchanged += 1
        return
    summary.reindexed.append(meta.path)
    if meta.status == "skipped":
        summary.skipped.append((meta.path, meta.error or ""))
    elif meta.status == "failed":
        summary.failed.append((meta.path, meta.error or ""))
    if meta.encoding is not None and meta.status == "complete":
        summary.encodings.append((meta.path, meta.encoding))
    summary.lines += meta.line_count


def _known(
    writer: IndexWriter, index: Index, workspace: Workspace, walked: bool, summary: IndexSummary
) -> tuple[dict[str, KnownFile], list[str]]:
    """The files the index holds, those the walk no longer found removed; none (every file is
    read and asked again: ``summary.anew``) when other indexer code made its rows, with a note
    saying so."""
    known = writer.known_files()
    seen = {f.path for f in workspace.files}
    summary.removed = sorted(set(known) - seen)
    writer.remove_files(summary.removed)
    if walked and known and _built_by_other_code(index):
        summary.anew = True
        return {}, [REBUILT]
    return known, []


REBUILT = (
    "the index was built by another version of lsai's indexer: every file was read and asked "
    "again (once)"
)
"""The note of a run that rebuilt the index whole: of that run alone, not kept for ``server``."""


def _built_by_other_code(index: Index) -> bool:
    """Whether the index's rows were made by other indexer code than this lsai's (an older
    index records none: other code too)."""
    with index.connect() as conn:
        recorded = queries.meta_values(conn, environment.CODE_STAMP)
    return recorded.get(environment.CODE_STAMP) != environment.code_stamp()


def _touch_unchanged(writer: IndexWriter, todo: list[SourceFile], summary: IndexSummary) -> None:
    reindexed = set(summary.reindexed)
    writer.touch_files([(f.path, f.size, f.mtime_ns) for f in todo if f.path not in reindexed])


def _finish(
    writer: IndexWriter, index: Index, run_id: int, summary: IndexSummary, started: float
) -> None:
    summary.tally = writer.tally if writer.tally is not None else writer.count()
    for language, (files, symbols, backends) in summary.tally.languages().items():
        summary.languages[language] = LanguageStats(files, symbols, set(backends))
        summary.symbols += symbols
    summary.status = "partial" if summary.failed else "complete"
    summary.notes += unfound.note(index)
    summary.seconds = time.perf_counter() - started
    meta = {
        "lsai_version": __version__,
        "last_run_id": str(run_id),
        environment.CODE_STAMP: environment.code_stamp(),
        queries.RUN_NOTES: json.dumps([n for n in summary.notes if n != REBUILT]),
    }
    if summary.inputs is not None:
        meta.update(summary.inputs.meta())
    writer.finish_run(
        run_id,
        summary.status,
        meta,
        replaces=environment.META_PREFIX if summary.inputs is not None else None,
        files_seen=summary.files_seen,
        files_indexed=len(summary.reindexed) - len(summary.skipped) - len(summary.failed),
        files_unchanged=summary.unchanged,
        files_removed=len(summary.removed),
        files_skipped=len(summary.skipped),
        files_failed=len(summary.failed),
        symbols=summary.symbols,
        seconds=round(summary.seconds, 3),
    )
    writer.vacuum_if_sqlite()


# -- extraction, in this process or a pool --------------------------------------------------------
Job = tuple[SourceFile, str, str | None, str | None, bool, int]
"""A file, its project's root, its known hash and status, whether its scopes are read, the size
above which it is skipped."""


def _extract_all(
    workspace: Workspace,
    todo: list[SourceFile],
    known: dict[str, KnownFile],
    backend: str,
    scoped: Set[str] = frozenset(),
) -> Iterator[tuple[FileMeta, FileIndex | None]]:
    """Each file's tree-sitter rows; for the ``scoped`` paths, with what their identifiers name
    (``extract``'s ``scoped``: a server resolves them)."""
    jobs: list[Job] = []
    for f in todo:
        k = known.get(f.path)
        if k is not None and _outdated(f, k, backend, workspace):
            k = None
        project = workspace.project_of(f.path)
        hashed, status = (k.content_hash, k.status) if k else (None, None)
        jobs.append((f, project, hashed, status, f.path in scoped, workspace.max_file_bytes))
    # Measured: on 2 cores a pool is slower than one process (results cross a pipe and the main
    # process is busy writing), so it is used only from 4 cores, leaving one to the writer.
    workers = min((os.cpu_count() or 1) - 1, 8)
    if len(jobs) < PARALLEL_THRESHOLD or workers < 3:
        yield from map(_extract_job, jobs)
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        yield from pool.map(_extract_job, jobs, chunksize=16)


def _extract_job(job: Job) -> tuple[FileMeta, FileIndex | None]:
    file, project_root, known_hash, known_status, scoped, max_bytes = job
    read = read_source(file, max_bytes)

    def meta(
        status: str, error: str | None = None, lines: int = 0, version: str | None = None
    ) -> FileMeta:
        return FileMeta(
            path=file.path,
            language=file.language.id,
            size=file.size,
            mtime_ns=file.mtime_ns,
            content_hash=read.content_hash,
            project_root=project_root,
            line_count=lines,
            status=status,
            error=error,
            backend=TREE_SITTER if status in ("complete", "partial") else "none",
            backend_version=version,
            encoding=read.encoding,
        )

    same = read.content_hash is not None and read.content_hash == known_hash
    if same and known_status in ("complete", "skipped"):
        return meta("unchanged"), None
    if read.error is not None:
        return meta("failed", read.error), None
    if read.skip_reason is not None or read.content is None:
        return meta("skipped", read.skip_reason), None
    if not grammars.available(file.language.id):
        return meta("skipped", "no tree-sitter grammar: pip install 'lsai[languages]'"), None
    try:
        data = extract(file.language.id, file.path, project_root, read.content, scoped=scoped)
    except UnicodeDecodeError as exc:
        return meta(
            "failed",
            f"not UTF-8 (byte {exc.start}: {exc.reason}); re-encode the file as UTF-8",
        ), None
    return meta("complete", None, len(data.lines), grammars.version(file.language.id)), data
