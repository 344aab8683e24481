"""Work-done progress the server reports, tracked for the readiness gate.

A server that loads a project in the background says so with ``$/progress`` begin ... end. lsai
waits until every progress it has seen has ended before trusting cross-file answers, instead of
sleeping a guessed time. A progress that shows a failure instead (gopls keeps "Error loading
workspace" open until the failure is fixed: a dependency missing from the module cache) is not
waited for: the session reports it (``failures``).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class ProgressTracker:
    """Which progress tokens have begun and which have ended; ``changed`` is set on every event."""

    titles: dict[str, str] = field(default_factory=dict)
    messages: dict[str, str] = field(default_factory=dict)
    active: set[str] = field(default_factory=set)
    ended: set[str] = field(default_factory=set)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def create(self, token: str) -> None:
        """``window/workDoneProgress/create``: a progress is announced; it counts as begun."""
        self.active.add(token)
        self.changed.set()

    def update(self, token: str, value: object) -> None:
        """One ``$/progress`` notification."""
        kind = value.get("kind") if isinstance(value, dict) else None
        if kind == "begin":
            self.active.add(token)
            title = value.get("title") if isinstance(value, dict) else None
            self.titles[token] = str(title or "")
            message = value.get("message") if isinstance(value, dict) else None
            self.messages[token] = str(message or "")
        elif kind == "end":
            self.active.discard(token)
            self.ended.add(token)
        self.changed.set()

    @property
    def seen(self) -> bool:
        return bool(self.active or self.ended)

    def failures(self, failing: str | None) -> list[str]:
        """The active progresses whose title matches ``failing`` (a regex), as "title: message"."""
        if failing is None:
            return []
        return [
            f"{self.titles[t]}: {self.messages.get(t, '')}".rstrip(": ")
            for t in sorted(self.active)
            if re.search(failing, self.titles.get(t, ""))
        ]

    async def wait_idle(
        self, stopped: Callable[[], bool] = lambda: False, failing: str | None = None
    ) -> None:
        """Return once no progress is active (at once if none is) but those whose title matches
        ``failing``, or once ``stopped()`` says the server is gone (the next request then reports
        the crash); the caller bounds the wait."""
        while len(self.active) > len(self.failures(failing)) and not stopped():
            self.changed.clear()
            await self.changed.wait()
