"""A head start for a run's first server: started, its files open and its project loading while
the tree-sitter pass reads the workspace.

The tree-sitter pass runs in lsai's process, on one core (``pipeline``: a pool is slower on two
cores), and the server phase used to start only after it. A server loads its project on its own
threads, from the files on disk, so it can load on the other core meanwhile. ``HeadStart`` starts
the server of the first group the run will ask about, on an event loop in a thread of its own,
and opens the group's files as they are on disk; the group's pass then runs on that session, and
sends the server only the files whose text differs from what it opened (``LspSession.open``).
A restart after a crash, and every other group, start a fresh server as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Coroutine, Mapping
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

from lsai.indexer import semantic
from lsai.indexer.lsp.client import DEFAULT_TIMEOUT
from lsai.indexer.lsp.documents import SourceText
from lsai.indexer.lsp.outcome import ServerRun
from lsai.indexer.lsp.session import LspSession
from lsai.indexer.lsp.sweep import Options
from lsai.storage.writer import KnownFile

T = TypeVar("T")

LOADING_WAIT = 5.0
"""Seconds the run waits for its head start to be loading before the tree-sitter pass."""


class HeadStart:
    """The server of ``group``, starting now; ``take`` hands it to the group's pass, ``close``
    stops what is left (a run interrupted, or a group the run found nothing to ask about)."""

    def __init__(self, root: Path, group: semantic.Group, timeout: float = DEFAULT_TIMEOUT):
        self.root, self.group, self.timeout = root, group, timeout
        self._session: LspSession | None = None  # started, not yet stopped
        self._indexing: asyncio.Task[ServerRun] | None = None
        self._taken = False
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name="lsai-head-start", daemon=True
        )
        self._thread.start()
        # read here: the loop's thread would wait for the interpreter lock at every file, the
        # tree-sitter pass holding it (measured: 0.8 s for 492 files, against 0.02 s here)
        texts = group.texts_on_disk(root)
        self._starting = self._call(self._spawn(self._start(texts)))
        with contextlib.suppress(Exception):  # a failure is the run's to report, in ``_index``
            asyncio.run_coroutine_threadsafe(_settled(self._starting), self._loop).result(
                timeout=LOADING_WAIT
            )

    async def _spawn(self, work: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
        return asyncio.ensure_future(work)

    def _call(self, work: Coroutine[Any, Any, T]) -> T:
        future: Future[T] = asyncio.run_coroutine_threadsafe(work, self._loop)
        return future.result()

    async def _start(self, texts: list[SourceText]) -> LspSession:
        group = self.group
        session = LspSession(
            group.server(self.root),
            self.root,
            group.project_root,
            timeout=self.timeout,
            projects=group.served_projects(),
        )
        await session.__aenter__()
        self._session = session
        await session.load(texts)
        return session

    def take(self, group: semantic.Group, root: Path) -> semantic.Attempt | None:
        """The first attempt at this head start's group, on the server started for it
        (``semantic.serve_group``'s ``started``); ``None`` for another group, or once taken."""
        if group != self.group or root != self.root or self._taken:
            return None
        self._taken = True
        return self._index

    def _index(self, texts: list[SourceText], options: Callable[[], Options]) -> ServerRun:
        task = self._call(self._spawn(self._index_and_stop(texts, options)))
        self._indexing = task
        return self._call(_result(task))

    async def _index_and_stop(
        self, texts: list[SourceText], options: Callable[[], Options]
    ) -> ServerRun:
        try:
            session = await self._starting  # raises what kept the server from starting
            return await session.index(texts, options)
        finally:
            await self._stop_session()

    async def _stop_session(self) -> None:
        session, self._session = self._session, None
        if session is not None:
            await session.__aexit__(None, None, None)

    def close(self) -> None:
        """Stop the server unless the group's pass did, and the thread (idempotent)."""
        if self._loop.is_closed():
            return
        with contextlib.suppress(Exception):
            self._call(self._stop())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()

    async def _stop(self) -> None:
        for task in (self._starting, self._indexing):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
            elif task is not None and not task.cancelled():
                task.exception()  # retrieved: it was reported where it was awaited, if anywhere
        await self._stop_session()

    def __enter__(self) -> HeadStart:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


async def _result(task: asyncio.Task[T]) -> T:
    return await task


async def _settled(task: asyncio.Task[T]) -> None:
    with contextlib.suppress(Exception):
        await asyncio.shield(task)


def first_group(
    plan: semantic.ServerPlan,
    reading: set[str],
    known: Mapping[str, KnownFile],
    skip: Callable[[semantic.Group], bool] = lambda group: False,
) -> semantic.Group | None:
    """The first group the run's server phase may ask about as a whole (``pipeline.serve_groups``
    decides after the tree-sitter pass): one with a file no server answered for, or with a file
    to be read unless ``skip`` says its changed files are answered alone; None when none has (a
    run that only removed files starts its server when it needs it)."""
    for group in plan.groups:
        if any(semantic.unserved(known.get(p)) for p in group.paths):
            return group
        if any(p in reading for p in group.paths) and not skip(group):
            return group
    return None
