"""Keep an index fresh while files change (`lsai watch`, and the MCP server's freshness).

watchfiles reports batches of changes; each batch that touches something lsai indexes (a source
file of a known language, an ignore file, a project marker, the lsai config) triggers one
incremental run, so a storm of changes (a branch switch, a formatter) is one run, not thousands.
The index's own folder is never watched, so lsai's writes do not wake it up.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import watchfiles

from lsai.indexer.crawler import ALWAYS_IGNORED, PROJECT_MARKERS, PROJECT_SUFFIXES
from lsai.indexer.languages import language_for
from lsai.indexer.pipeline import IndexSummary, run_index

DEBOUNCE_MS = 200  # the longest a batch is held back while changes keep coming
STEP_MS = 20  # the quiet time that closes a batch
_SHAPE_FILES = frozenset({".gitignore", "lsai.toml", *PROJECT_MARKERS})


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
    if any(part in ALWAYS_IGNORED or part.endswith(".egg-info") for part in rel.parts[:-1]):
        return None
    name = rel.name
    shaped = name in _SHAPE_FILES or name.endswith(PROJECT_SUFFIXES)
    if shaped or language_for(rel.as_posix()) is not None:
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
) -> None:
    """Index ``root`` now, then after every relevant batch of changes until ``stop`` is set."""
    root = root.resolve()
    on_update(Update((), run_index(root, database=database, backend=backend)))
    changes = watchfiles.watch(
        root,
        watch_filter=lambda _change, path: relevant(root, path) is not None,
        debounce=DEBOUNCE_MS,
        step=STEP_MS,
        stop_event=stop,
        raise_interrupt=False,
    )
    for batch in changes:
        paths = sorted({p for _, path in batch if (p := relevant(root, path)) is not None})
        try:
            summary = run_index(root, database=database, backend=backend)
        except Exception as exc:  # keep watching: one bad batch must not end the watch
            if on_error is None:
                raise
            on_error(exc)
            continue
        on_update(Update(tuple(paths), summary))
