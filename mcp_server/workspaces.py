"""The workspaces one server answers for: the ``--root`` default plus those ``workspace_open`` adds.

A workspace id is derived from the workspace's absolute path (``ws-`` and 8 hex digits), so
opening the same folder twice gives the same id, and an id stays valid across server restarts.
Every method is thread-safe: tool calls run on worker threads.

With ``watch`` (the default of ``lsai mcp``), every open workspace has a file watcher that keeps
its index current (language servers kept running); closing the workspace stops it. Answers are
checked for files changed since indexing (``query.freshness``), and say once per workspace when
the index was built from another commit than the checkout's.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from lsai.errors import LsaiError
from lsai.indexer.pipeline import IndexSummary, default_database, reindex, run_index
from lsai.indexer.treesitter.renaming import SCOPES
from lsai.indexer.watch import Watcher
from lsai.mcp_server.building import Build, looks_like_a_project
from lsai.query import freshness
from lsai.query.errors import WorkspaceNotFound
from lsai.query.stats import LanguageCount, language_counts
from lsai.query.tools import ToolSpec
from lsai.query.workspace import Scopes, Workspace, find_root, open_workspace

log = logging.getLogger("lsai.mcp")


def _scopes() -> Scopes:
    return SCOPES


def workspace_id(root: Path) -> str:
    return "ws-" + hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:8]


@dataclass(frozen=True)
class Entry:
    id: str
    workspace: Workspace
    default: bool
    language: str | None = None  # the language the opener named, if any
    watcher: Watcher | None = None

    @property
    def root(self) -> Path:
        return self.workspace.root

    def counts(self) -> list[LanguageCount]:
        return language_counts(self.workspace)


class Workspaces:
    """Open workspaces by id; the default one (``--root``, ``--db``) opens on first use."""

    def __init__(
        self,
        root: Path | None = None,
        database: str | None = None,
        *,
        backend: str = "auto",
        watch: bool = False,
    ) -> None:
        self.root = root
        self.database = database
        self.backend = backend  # how workspace_open builds a missing index
        self.watch = watch
        self._open: dict[str, Entry] = {}
        self._default_id: str | None = None
        self._noted: set[str] = set()  # workspaces whose answers said the commit differs
        self._build: Build | None = None  # the default workspace's missing index, building
        self._lock = threading.Lock()

    def start(self) -> None:
        """Open the default workspace now (and start its watcher), or start building its
        index when it has none (``building``): the first tool call may find it built."""
        with self._lock:
            build = self._build_if_missing()
        if build is not None:
            log.info("building the index of %s in the background", build.root)
            return
        try:
            self.default()
        except LsaiError as exc:
            log.info("no default workspace yet: %s", exc)

    def answer(self, spec: ToolSpec, params: Any, ws_id: str | None) -> BaseModel:
        """A tool's answer, checked for files changed since indexing, with the commit note
        once per workspace."""
        ws = self.get(ws_id)
        result = freshness.answer(ws, spec.run, params, read_only=spec.read_only)
        if ws.id in self._noted or not hasattr(result, "provenance"):
            return result
        self._noted.add(ws.id)
        note = freshness.commit_note(ws)
        return freshness.with_notes(result, [note]) if note else result

    def answer_compat(
        self, run: Callable[[Workspace, Any], BaseModel], path: str | None, params: Any
    ) -> BaseModel:
        """Another bridge's tool answered in the workspace ``path`` names (a workspace root,
        or a file in one: ``for_path``), else in the default one."""
        ws = self.default().workspace if path is None else self.for_path(path).workspace
        return run(ws, params)

    def for_path(self, path: str) -> Entry:
        """The open workspace holding ``path`` (the default one first), else the indexed
        project holding it (its nearest ``.lsai/``), opened now; a directory names a
        workspace's root, opened (and indexed first when it has no index) as
        ``workspace_open`` does."""
        given = self._resolve_any(path)
        holders = [e for e in self._candidates() if given == e.root or e.root in given.parents]
        if holders:
            return max(holders, key=lambda e: len(e.root.parts))
        root = given if given.is_dir() else find_root(given.parent)
        if root is None:
            raise WorkspaceNotFound(
                f"{path} is in no workspace lsai serves or has indexed",
                resolution="give a file of the workspace (--root), index its project first "
                "(`lsai index PATH`), or open it with workspace_open",
            )
        return self.open(str(root))[0]

    def _candidates(self) -> list[Entry]:
        """The open workspaces, the default one among them when it can be opened."""
        with contextlib.suppress(LsaiError):
            self.default()
        return self.entries()

    def _resolve_any(self, path: str) -> Path:
        given = Path(path).expanduser()
        resolved = (given if given.is_absolute() else (self.root or Path.cwd()) / given).resolve()
        if not resolved.exists():
            raise WorkspaceNotFound(
                f"{path} does not exist (resolved to {resolved})",
                resolution="verify the workspace path exists and is accessible",
            )
        return resolved

    def get(self, ws_id: str | None = None) -> Workspace:
        """The workspace named ``ws_id``, or the default one; raises ``WorkspaceNotFound``."""
        if ws_id is None:
            return self.default().workspace
        with self._lock:
            entry = self._open.get(ws_id)
            if entry is None:
                raise WorkspaceNotFound(
                    f"no open workspace {ws_id!r}",
                    resolution=self._known_ids_hint(),
                )
            return entry.workspace

    def default(self) -> Entry:
        with self._lock:
            if self._default_id is not None and self._default_id in self._open:
                return self._open[self._default_id]
            build = self._build_if_missing()
        if build is not None:
            build.wait()  # outside the lock: other workspaces answer meanwhile
        with self._lock:
            if self._default_id is not None and self._default_id in self._open:
                return self._open[self._default_id]
            ws = open_workspace(self.root, self.database, reindex=reindex, scopes=_scopes)
            entry = self._add(self._watched(Entry(workspace_id(ws.root), ws, default=True)))
            self._default_id = entry.id
            return entry

    def _build_if_missing(self) -> Build | None:
        """The build of the default workspace's index, started now if it has none (a given
        ``--db`` is the user's to build); lock held."""
        if self.database is not None:
            return None
        root = (self.root or find_root(Path.cwd()) or Path.cwd()).resolve()
        if self._build is None or self._build.root != root:
            if default_database(root).is_file() or not looks_like_a_project(root):
                return None  # a project's index: not a home folder's, walked by mistake
            self._build = Build(root, self.backend)
        return self._build

    def open(self, path: str, language: str | None = None) -> tuple[Entry, IndexSummary | None]:
        """Open the workspace at ``path``, indexing it first when it has no index."""
        root = self._resolve(path)
        with self._lock:
            known = self._open.get(workspace_id(root))
        if known is not None:
            return known, None
        summary = None
        if not default_database(root).is_file():
            summary = run_index(root, backend=self.backend)
        opened = open_workspace(root, reindex=reindex, scopes=_scopes)
        entry = self._watched(Entry(workspace_id(root), opened, default=False, language=language))
        with self._lock:
            entry = self._add(entry)
        return entry, summary

    def close(self, ws_id: str) -> Entry:
        with self._lock:
            entry = self._open.pop(ws_id, None)
            if entry is None:
                raise WorkspaceNotFound(
                    f"no open workspace {ws_id!r}", resolution=self._known_ids_hint()
                )
            if ws_id == self._default_id:
                self._default_id = None
        _close(entry)
        return entry

    def entries(self) -> list[Entry]:
        with self._lock:
            return sorted(self._open.values(), key=lambda e: (not e.default, str(e.root)))

    def close_all(self) -> None:
        with self._lock:
            entries = list(self._open.values())
            self._open.clear()
            self._default_id = None
        for entry in entries:
            _close(entry)

    def _add(self, entry: Entry) -> Entry:
        """Register ``entry`` unless another thread did first (then close it); lock held."""
        existing = self._open.setdefault(entry.id, entry)
        if existing is not entry:
            _close(entry)
        return existing

    def _watched(self, entry: Entry) -> Entry:
        """``entry`` with a running watcher as its workspace's freshener, when watching."""
        if not self.watch:
            return entry
        database = self.database if entry.default else None
        watcher = Watcher(entry.root, database=database, backend=self.backend).start(timeout=0)
        ws = replace(entry.workspace, freshener=watcher)
        return replace(entry, workspace=ws, watcher=watcher)

    def _resolve(self, path: str) -> Path:
        given = Path(path).expanduser()
        base = self.root or Path.cwd()
        root = (given if given.is_absolute() else base / given).resolve()
        if not root.is_dir():
            raise WorkspaceNotFound(
                f"{path} is not a directory (resolved to {root})",
                resolution="give workspace_open the path of a project directory",
            )
        return root

    def _known_ids_hint(self) -> str:
        ids = ", ".join(sorted(self._open)) or "none"
        return f"call workspace_list for the open workspaces (open now: {ids}), or workspace_open"


def _close(entry: Entry) -> None:
    if entry.watcher is not None:
        entry.watcher.close()
    entry.workspace.close()
