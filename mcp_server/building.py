"""The index of a workspace ``lsai mcp`` serves without one, built in the background.

An agent pointed at ``lsai mcp --root PROJECT`` before anyone ran ``lsai index`` there got
INDEX_MISSING from every tool, with a remedy (run ``lsai index``) the agent may not be able to
follow. The server now builds that index itself as soon as it starts, when the folder is a
repository or a project (not a home folder it was started in by mistake): a tool call waits for it a
few seconds (a small project is indexed by then), and past that answers INDEX_BUILDING with how
far the build is, to ask again shortly. A build that fails answers with its error.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.crawler import PROJECT_MARKERS, PROJECT_SUFFIXES
from lsai.indexer.pipeline import IndexSummary, run_index

WAIT = 10.0
"""Seconds a tool call waits for the build before answering INDEX_BUILDING."""


def looks_like_a_project(root: Path) -> bool:
    """Whether ``root`` is a repository or a project (``.git``, a project marker, ``lsai.toml``):
    a folder worth indexing unasked, unlike a home folder a server was started in."""
    try:
        names = {entry.name for entry in root.iterdir()}
    except OSError:
        return False
    if names & {".git", ".hg", "lsai.toml", *PROJECT_MARKERS}:
        return True
    return any(name.endswith(PROJECT_SUFFIXES) for name in names)


class IndexBuilding(LsaiError):
    code = ErrorCode.INDEX_BUILDING


class Build:
    """``run_index`` of ``root`` on a thread of its own, with its progress (``Progress``)."""

    def __init__(self, root: Path, backend: str = "auto") -> None:
        self.root, self.backend = root, backend
        self.summary: IndexSummary | None = None
        self.error: LsaiError | None = None
        self.stage, self.steps, self.total = "reading the files", 0, 0
        self.started = time.monotonic()
        self._finished = threading.Event()
        self._thread = threading.Thread(target=self._run, name="lsai-build", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.summary = run_index(self.root, backend=self.backend, progress=self)
        except LsaiError as exc:
            self.error = exc
        except Exception as exc:  # reported to every caller, not lost in the thread
            self.error = LsaiError(
                f"building the index of {self.root} failed: {type(exc).__name__}: {exc}",
                resolution=f"run `lsai index {self.root}` to see the failure",
            )
        finally:
            self._finished.set()

    def wait(self, seconds: float = WAIT) -> None:
        """Return once the index is built; raise its error if the build failed, INDEX_BUILDING
        if it still runs after ``seconds``."""
        if not self._finished.wait(seconds):
            raise IndexBuilding(
                f"the index of {self.root} is being built ({self.progress()}, "
                f"{time.monotonic() - self.started:.0f} s so far)",
                resolution="ask again in a few seconds; or run `lsai index` in the workspace "
                "to watch it",
            )
        if self.error is not None:
            raise self.error

    def progress(self) -> str:
        counted = f": {self.steps:,} of {self.total:,}" if self.total else ""
        return f"{self.stage}{counted}"

    # -- Progress (pipeline.run_index) -----------------------------------------------------------
    def start(self, total: int) -> None:
        self.stage, self.steps, self.total = "reading the files", 0, total

    def advance(self, path: str) -> None:
        self.steps += 1

    def done(self) -> None:
        pass

    def phase(self, description: str, total: int) -> None:
        self.stage, self.steps, self.total = description, 0, total
