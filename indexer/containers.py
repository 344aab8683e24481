"""Members declared in another file than their type, given the type as their container.

**Go.** A Go package is a directory, and a method may be declared in any of its files
(text/template's ``Template`` in template.go, its methods in exec.go and helper.go). Both
tree-sitter and gopls key such a method under its receiver's type
(``Template#DefinedTemplates().``), but a file's rows know only the file's own types, so its
container stayed empty: the type's members left it out, and renaming it missed the interface
methods it implements (``type_walks.related_members`` walks containers). The whole package is
indexed at once, so the type is found there.

**C++.** A member defined out of line (``double Circle::area() const {...}`` in shape.cpp) is
one symbol with its declaration in the class (``declarations``), stored where it is defined,
whose rows do not hold the class: its container is the type around its declaration. Without
it a class counted none of those members, and renaming it left its constructors.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import replace
from posixpath import dirname
from typing import TypeVar

from lsai.storage.records import FileIndex, SymbolRecord

_GO = "lsai go "
_TYPES = frozenset({"class", "struct", "interface", "enum", "union"})
T = TypeVar("T")
Entries = MutableMapping[str, tuple[T, FileIndex]]


def _descriptors(key: str) -> str:
    """The descriptors of a Go key (Go names hold no space): ``Template#Execute().``."""
    return key.rsplit(" ", 1)[-1]


def contain(entries: Entries[T]) -> int:
    """Give the members of ``entries`` (path -> (anything, rows), changed in place) that have
    no container the type they belong to in another file; how many were given one."""
    return _receivers(entries) + _declared(entries)


def _receivers(entries: Entries[T]) -> int:
    """Give each Go method without a container the type of its package its key names (one
    directory)."""
    types: dict[tuple[str, str], str] = {}
    for path, (_, data) in entries.items():
        for s in data.symbols:
            if s.key.startswith(_GO) and s.container_key is None and s.key.endswith("#"):
                types.setdefault((dirname(path), _descriptors(s.key)), s.key)
    given = 0
    for path, (_, data) in list(entries.items()):
        homed: dict[str, str] = {}
        for s in data.symbols:
            tail = _descriptors(s.key)
            if s.kind != "method" or s.container_key is not None or not s.key.startswith(_GO):
                continue
            found = types.get((dirname(path), tail[: tail.find("#") + 1]))
            if found is not None:
                homed[s.key] = found
        given += _home(entries, path, homed)
    return given


def _declared(entries: Entries[T]) -> int:
    """Give each symbol without a container that is declared in a type of another file (a C++
    member defined out of line) the innermost such type."""
    orphans = {
        s.key: path
        for path, (_, data) in entries.items()
        for s in data.symbols
        if s.container_key is None and s.kind not in _TYPES
    }
    found: dict[str, dict[str, str]] = {}  # path -> key -> container
    for path, (_, data) in entries.items():
        types = [s for s in data.symbols if s.kind in _TYPES]
        for o in data.occurrences:
            if o.role != "declaration":  # (the common case, before the lookup)
                continue
            home = orphans.get(o.symbol_key or "")
            if home is None or home == path:
                continue
            around = _innermost([t for t in types if t.span.holds(o.span)])
            if around is not None:
                found.setdefault(home, {})[str(o.symbol_key)] = around.key
    return sum(_home(entries, path, homed) for path, homed in found.items())


def _innermost(types: list[SymbolRecord]) -> SymbolRecord | None:
    return max(types, key=lambda t: (t.span.start_line, t.span.start_col), default=None)


def _home(entries: Entries[T], path: str, homed: dict[str, str]) -> int:
    """Give the symbols of ``path`` the containers ``homed`` names (key -> container key)."""
    if not homed:
        return 0
    meta, data = entries[path]
    symbols = [
        replace(s, container_key=homed[s.key]) if s.key in homed else s for s in data.symbols
    ]
    entries[path] = (meta, replace(data, symbols=symbols))
    return len(homed)
