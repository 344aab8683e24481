"""Keep an index fresh while files change (`lsai watch`, and the MCP server's freshness).

watchfiles reports batches of changes; each batch that touches something lsai indexes (a source
file of a known language, an ignore file, a project marker, the lsai config) triggers one
incremental run, so a storm of changes (a branch switch, a formatter) is one run, not thousands.
The index's own folder is never watched, so lsai's writes do not wake it up. Updates go through
a ``LiveIndex``: language servers stay running between batches and are told about the changed
files instead of being restarted. ``Watcher`` runs all of it in a thread (the MCP server's
freshness): what is pending, when the index was last updated, and a clean stop.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import watchfiles

from lsai.indexer.crawler import shapes_workspace, skipped_folder
from lsai.indexer.languages import language_for
from lsai.indexer.live import LiveIndex
from lsai.indexer.pipeline import IndexSummary

DEBOUNCE_MS = 200  # the longest a batch is held back while changes keep coming
CATCH_UP_MS = 200  # quiet time after which the watcher catches up with changes made at its start
REFRESH_WAIT = 10.0  # seconds a query waits for a running update before answering flagged stale
STEP_MS = 10  # the quiet time that closes a batch (FACTS: ~11 ms from a write to its batch)


@dataclass(frozen=True)
class Update:
    """One incremental run caused by a batch of changes."""

    changed: tuple[str, ...]  # workspace-relative paths that changed
    summary: IndexSummary


def relevant(root: Path, path: str) -> str | None:
    """The workspace-relative path when a change to ``path`` can change the index, else None."""
    try:
        rel = PurePosixPath(Path(path).relative_to(root).as_posix())
    except ValueError:
        return None
    folders = [root.joinpath(*rel.parts[: i + 1]) for i in range(len(rel.parts) - 1)]
    if any(skipped_folder(folder) for folder in folders):
        return None
    if shapes_workspace(rel.as_posix()) or language_for(rel.as_posix()) is not None:
        return rel.as_posix()
    return None


def watch(
    root: Path,
    on_update: Callable[[Update], None],
    *,
    database: str | None = None,
    backend: str = "auto",
    stop: threading.Event | None = None,
    on_error: Callable[[Exception], None] | None = None,
    on_batch: Callable[[tuple[str, ...]], None] | None = None,
    live: LiveIndex | None = None,
) -> None:
    """Index ``root`` now, then after every relevant batch of changes until ``stop`` is set.
    ``on_batch`` hears of a batch before it is indexed; ``live`` (default: one of its own,
    closed at the end) keeps the language servers running between batches."""
    root = root.resolve()
    owned = live is None
    index = live or LiveIndex(root, database, backend)
    try:
        on_update(Update((), index.update()))
        index.warm()
        changes = watchfiles.watch(
            root,
            watch_filter=lambda _change, path: relevant(root, path) is not None,
            debounce=DEBOUNCE_MS,
            step=STEP_MS,
            stop_event=stop,
            raise_interrupt=False,
            yield_on_timeout=True,
            rust_timeout=CATCH_UP_MS,
        )
        caught_up = False
        for batch in changes:
            if not batch and caught_up:
                continue
            paths = tuple(sorted({p for _, path in batch if (p := relevant(root, path))}))
            if on_batch is not None:
                on_batch(paths)
            try:
                # the first quiet moment: the watcher runs now, so index what changed before it
                # did (every file is looked at); later, the batch says what changed
                summary = index.update(paths if caught_up else None)
            except Exception as exc:  # keep watching: one bad batch must not end the watch
                if on_error is None:
                    raise
                on_error(exc)
                continue
            finally:
                caught_up = True
            if batch or summary.reindexed or summary.removed:  # a fruitless catch-up: quiet
                on_update(Update(paths, summary))
    finally:
        if owned:
            index.close()


class Watcher:
    """``watch`` in a thread of its own: pending files, last update, refresh on demand, stop.

    ``start`` returns once the first update is done (the index is current then)."""

    def __init__(
        self,
        root: Path,
        *,
        database: str | None = None,
        backend: str = "auto",
        on_update: Callable[[Update], None] | None = None,
    ) -> None:
        self.root = root.resolve()
        self.live = LiveIndex(self.root, database, backend)
        self.errors: list[Exception] = []
        self._listener = on_update
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._pending: set[str] = set()
        self._indexed: set[str] = set()  # every path an update of this watcher indexed
        self._lock = threading.Condition()
        self._thread = threading.Thread(target=self._run, name=f"lsai-watch {root.name}")

    def start(self, timeout: float | None = None) -> Watcher:
        self._thread.start()
        self._ready.wait(timeout)
        return self

    def pending(self) -> list[str]:
        """Files changed on disk whose batch is not indexed yet."""
        with self._lock:
            return sorted(self._pending)

    def wait_indexed(self, path: str, timeout: float | None = None) -> bool:
        """Wait until an update indexed a change of ``path`` (workspace-relative)."""
        with self._lock:
            return self._lock.wait_for(lambda: path in self._indexed, timeout)

    def last_updated(self) -> float | None:
        return self.live.last_updated

    def refresh(self, paths: list[str]) -> None:
        """Bring the index up to date now (a query found ``paths`` changed since indexing)."""
        del paths  # an update finds every changed file; the paths say why it runs
        self.live.try_update(REFRESH_WAIT)  # still busy (a first full index): flagged stale

    def generation(self) -> int:
        return self.live.generation

    def close(self) -> None:
        """Stop watching, shut the language servers down, join the thread."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        self.live.close()

    def _run(self) -> None:
        try:
            watch(
                self.root,
                self._updated,
                stop=self._stop,
                on_error=self.errors.append,
                on_batch=self._batch,
                live=self.live,
            )
        except Exception as exc:  # the first update failed: queries say the index is stale
            self.errors.append(exc)
        finally:
            self._ready.set()

    def _batch(self, paths: tuple[str, ...]) -> None:
        with self._lock:
            self._pending.update(paths)

    def _updated(self, update: Update) -> None:
        with self._lock:
            done = {*update.changed, *update.summary.reindexed, *update.summary.removed}
            self._pending.difference_update(done)
            self._indexed.update(done)
            self._lock.notify_all()
        self._ready.set()
        if self._listener is not None:
            self._listener(update)
