"""Answers that are never silently stale.

After a tool answers, the files in the answer's scope (the files it lists: each usage's file, the
target symbol's file, the outlined file) are compared with what the index recorded: one ``stat``
per file, for at most ``MAX_CHECKED`` files (the answer says when it checked fewer); a file of the
same size with another modification time (a fresh checkout next to a copied index) is hashed.
A changed file is re-indexed before answering when the workspace has a freshener (the MCP
server's watcher) and few files changed; otherwise the answer's provenance lists it in ``stale``
with a note. An answer read while the freshener's update wrote the index is computed again: its
rows may be older than the sizes and times it was checked against.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, get_args

from pydantic import BaseModel

from lsai.gitinfo import head_commit
from lsai.query.contracts import Provenance
from lsai.query.workspace import Workspace
from lsai.storage.fingerprint import content_hash
from lsai.storage.freshness import Recorded, all_stats, last_commit, recorded_stats

MAX_CHECKED = 50  # files stat'ed per answer
MAX_REFRESH = 20  # more stale files than this are flagged, not re-indexed before answering
MAX_ATTEMPTS = 3  # answers computed per question at most (after a refresh, or a write meanwhile)
MAX_PENDING_SCAN = 5_000  # files the server tool stats when no watcher knows what is pending
_SCOPE_FIELDS = ("file", "path")

Run = Callable[[Workspace, Any], BaseModel]


def scope_files(result: BaseModel) -> list[str]:
    """The workspace files an answer lists, in order, once each."""
    found: list[str] = []
    _walk(result, found)
    return list(dict.fromkeys(found))


def _walk(value: object, found: list[str]) -> None:
    if isinstance(value, BaseModel):
        for name in _fields_to_walk(type(value)):
            item = getattr(value, name)
            if name in _SCOPE_FIELDS and isinstance(item, str):
                found.append(item)
            else:
                _walk(item, found)
    elif isinstance(value, list | tuple):
        for item in value:
            _walk(item, found)


@cache
def _fields_to_walk(model: type[BaseModel]) -> tuple[str, ...]:
    """The fields of ``model`` that can hold a scope file (``provenance`` aside), in order: the
    walk skips the others, such as the hundreds of usages of a usages answer, without a look."""
    _WALKING.add(model)
    try:
        return tuple(
            name
            for name, field in model.model_fields.items()
            if name != "provenance" and (name in _SCOPE_FIELDS or _may_hold(field.annotation))
        )
    finally:
        _WALKING.discard(model)


_WALKING: set[type[BaseModel]] = set()  # models being planned (a recursive model holds itself)


def _may_hold(annotation: object) -> bool:
    """Whether a value of this type can hold a model with scope files."""
    if annotation is Any or annotation is object:
        return True
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation in _WALKING or bool(_fields_to_walk(annotation))
    return any(_may_hold(arg) for arg in get_args(annotation))


def stale_files(ws: Workspace, paths: list[str]) -> list[str]:
    """Those of ``paths`` whose size or modification time on disk differ from the index's (or
    that are gone). Paths the index does not hold are not files of the workspace: skipped."""
    if not paths:
        return []
    with ws.index.connect() as conn:
        recorded = recorded_stats(conn, paths)
    return [p for p in paths if p in recorded and _changed(ws, p, recorded[p])]


def _changed(ws: Workspace, path: str, recorded: Recorded) -> bool:
    """Whether ``path`` differs from what the index recorded: same size and time is the same
    file; same size at another time (a fresh checkout, a copied index) is compared by hash."""
    size, mtime_ns, digest = recorded
    file = ws.root / path
    try:
        st = file.stat()
        if st.st_size != size:
            return True
        if st.st_mtime_ns == mtime_ns:
            return False
        return digest is None or content_hash(file.read_bytes()) != digest
    except OSError:
        return True


def answer(ws: Workspace, run: Run, params: Any, *, read_only: bool = True) -> BaseModel:
    """``run(ws, params)``, re-run after a refresh when files in its scope changed (read-only
    tools, with a freshener, few files), else with the stale files flagged."""
    fresh = ws.freshener if read_only else None
    if fresh is not None:
        pending = fresh.pending()
        if pending and len(pending) <= MAX_REFRESH:  # a batch seen, not indexed yet: wait for it
            fresh.refresh(pending)
    refreshed = False
    for attempt in range(MAX_ATTEMPTS):
        seen = fresh.generation() if fresh is not None else 0
        result = run(ws, params)
        if not isinstance(getattr(result, "provenance", None), Provenance):
            return result
        files = scope_files(result)
        stale = stale_files(ws, files[:MAX_CHECKED])
        if fresh is None or attempt == MAX_ATTEMPTS - 1:
            break
        if stale and len(stale) <= MAX_REFRESH and not refreshed:
            fresh.refresh(stale)
            refreshed = True
        elif fresh.generation() == seen:  # no update began or ended meanwhile: one state
            break
    notes: list[str] = []
    if stale:
        notes.append(stale_note(stale))
    if len(files) > MAX_CHECKED:
        notes.append(f"freshness checked for the first {MAX_CHECKED} of {len(files)} files")
    return with_notes(result, notes, stale) if notes else result


def stale_note(stale: list[str]) -> str:
    shown = ", ".join(stale[:3]) + (f" (+{len(stale) - 3} more)" if len(stale) > 3 else "")
    verb = "changed since it was indexed" if len(stale) == 1 else "changed since indexing"
    return f"{shown} {verb}; run `lsai index`"


def with_notes(result: BaseModel, notes: list[str], stale: list[str] | None = None) -> BaseModel:
    """``result`` with ``notes`` (and ``stale`` files) added to its provenance."""
    prov = getattr(result, "provenance", None)
    if not isinstance(prov, Provenance):
        return result
    update: dict[str, object] = {"notes": [*prov.notes, *notes]}
    if stale:
        update["stale"] = sorted({*(prov.stale or ()), *stale})
    return result.model_copy(update={"provenance": prov.model_copy(update=update)})


def commit_note(ws: Workspace) -> str | None:
    """A note when the index was built from another commit than the checkout's HEAD."""
    head = head_commit(ws.root)
    if head is None:
        return None
    with ws.index.connect() as conn:
        ran, indexed = last_commit(conn)
    if not ran or indexed is None or indexed == head:
        return None
    return (
        f"the index was built from commit {indexed[:12]}, the checkout is at {head[:12]}: "
        "run `lsai index` to refresh it"
    )


def pending_files(ws: Workspace, limit: int = 50) -> tuple[list[str], bool]:
    """Files changed on disk but not indexed yet (from the freshener when there is one, else by
    comparing every indexed file, up to ``MAX_PENDING_SCAN``); and whether the scan was capped."""
    if ws.freshener is not None:
        return ws.freshener.pending()[:limit], False
    with ws.index.connect() as conn:
        rows = all_stats(conn, MAX_PENDING_SCAN + 1)
    capped = len(rows) > MAX_PENDING_SCAN
    found = [p for p, recorded in rows[:MAX_PENDING_SCAN] if _changed(ws, p, recorded)]
    return found[:limit], capped
