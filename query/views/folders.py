"""Files listed by folder: the folder that several of an answer's files share is named once.

Consecutive files under the same top folder form a run; a run of two or more files prints its
longest common folder once, ending with ``/``, and each file under it by the rest of its path,
indented by one space. ``src/shop/carts.py`` and ``src/shop/services.py`` print as ``src/shop/``,
`` carts.py`` and `` services.py``. A file alone in its run keeps its whole path. Every path
stays workspace-relative: a file's path is its folder line followed by its own line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")
INDENT = " "  # a file under its folder line
Entry = Callable[[T, str, str], list[str]]


def _top(path: str) -> str | None:
    """The first folder of ``path``; None for a file at the workspace root."""
    head, slash, _ = path.partition("/")
    return head if slash else None


def common_folder(paths: Sequence[str]) -> str:
    """The longest folder holding every one of ``paths`` ("" when they share none)."""
    folders = [p.split("/")[:-1] for p in paths]
    shared: list[str] = []
    for parts in zip(*folders, strict=False):
        if any(part != parts[0] for part in parts):
            break
        shared.append(parts[0])
    return "/".join(shared)


def runs(items: Iterable[T], path: Callable[[T], str]) -> list[list[T]]:
    """``items`` in order, cut into runs of consecutive items under the same top folder (each
    file at the workspace root a run of its own)."""
    out: list[list[T]] = []
    last: str | None = None
    for item in items:
        top = _top(path(item))
        if out and top is not None and top == last:
            out[-1].append(item)
        else:
            out.append([item])
        last = top
    return out


def placed(items: Iterable[T], path: Callable[[T], str]) -> list[tuple[str, list[tuple[T, str]]]]:
    """``items`` by folder: per run, the folder printed once ("" for none) and each item with
    the name to print for its file (the rest of its path under that folder, else the whole)."""
    out: list[tuple[str, list[tuple[T, str]]]] = []
    for run in runs(items, path):
        folder = common_folder([path(item) for item in run]) if len(run) > 1 else ""
        cut = len(folder) + 1 if folder else 0
        out.append((folder, [(item, path(item)[cut:]) for item in run]))
    return out


def listing(items: Iterable[T], path: Callable[[T], str], entry: Entry[T]) -> list[str]:
    """The lines of ``items`` by folder. ``entry(item, name, indent)`` gives an item's lines:
    ``name`` is what to print for its file (the whole path, or the rest of it under its folder
    line) and ``indent`` the indentation of that name."""
    lines: list[str] = []
    for folder, named in placed(items, path):
        if folder:
            lines.append(folder + "/")
        for item, name in named:
            lines.extend(entry(item, name, INDENT if folder else ""))
    return lines
