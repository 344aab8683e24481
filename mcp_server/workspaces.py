"""The workspaces one server answers for: the ``--root`` default plus those ``workspace_open`` adds.

A workspace id is derived from the workspace's absolute path (``ws-`` and 8 hex digits), so
opening the same folder twice gives the same id, and an id stays valid across server restarts.
Every method is thread-safe: tool calls run on worker threads.
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass
from pathlib import Path

from lsai.indexer.pipeline import IndexSummary, default_database, reindex, run_index
from lsai.query.errors import WorkspaceNotFound
from lsai.query.stats import LanguageCount, language_counts
from lsai.query.workspace import Workspace, open_workspace


def workspace_id(root: Path) -> str:
    return "ws-" + hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:8]


@dataclass(frozen=True)
class Entry:
    id: str
    workspace: Workspace
    default: bool
    language: str | None = None  # the language the opener named, if any

    @property
    def root(self) -> Path:
        return self.workspace.root

    def counts(self) -> list[LanguageCount]:
        return language_counts(self.workspace)


class Workspaces:
    """Open workspaces by id; the default one (``--root``, ``--db``) opens on first use."""

    def __init__(
        self, root: Path | None = None, database: str | None = None, *, backend: str = "auto"
    ) -> None:
        self.root = root
        self.database = database
        self.backend = backend  # how workspace_open builds a missing index
        self._open: dict[str, Entry] = {}
        self._default_id: str | None = None
        self._lock = threading.Lock()

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
            ws = open_workspace(self.root, self.database, reindex=reindex)
            entry = self._add(Entry(workspace_id(ws.root), ws, default=True))
            self._default_id = entry.id
            return entry

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
        opened = open_workspace(root, reindex=reindex)
        entry = Entry(workspace_id(root), opened, default=False, language=language)
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
        entry.workspace.close()
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
            entry.workspace.close()

    def _add(self, entry: Entry) -> Entry:
        """Register ``entry`` unless another thread did first (then close it); lock held."""
        existing = self._open.setdefault(entry.id, entry)
        if existing is not entry:
            entry.workspace.close()
        return existing

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
