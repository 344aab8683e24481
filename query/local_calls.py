"""Callees that are locals: a call of a variable or a parameter holding a function (``f :=
strings.ToUpper; f(x)``, ``fn := func() {...}; fn()``, ``op(x)`` of a parameter ``op func()``).
The index holds no locals, so such a callee has no definition there; gopls's outgoing calls name
the local at its declaration, which the file's scopes (``Workspace.scopes``) find.
"""

from __future__ import annotations

from collections.abc import Iterable

from lsai.query.workspace import Position, Workspace
from lsai.sourcetext import decode

LOCAL_CALLEES = frozenset({"go"})
"""Languages whose server names a called local as the callee (gopls); ty and tsgo name what it
holds, or nothing."""


def local_callees(
    ws: Workspace, language: str | None, sites: Iterable[tuple[str, str, int, int]]
) -> dict[str, Position]:
    """Of ``sites`` (a callee's identity, and the file, line and column of a call of it that
    resolved to no symbol), the callees that are locals of ``language``: identity -> where the
    local is declared, in the call's file."""
    if language not in LOCAL_CALLEES or ws.scopes is None:
        return {}
    by_file: dict[str, list[tuple[str, Position]]] = {}
    for identity, path, line, col in sites:
        by_file.setdefault(path, []).append((identity, (line, col)))
    found: dict[str, Position] = {}
    scopes = None
    for path, calls in by_file.items():
        try:
            text = decode((ws.root / path).read_bytes(), path)
        except OSError:
            continue
        scopes = scopes or ws.scopes()  # the parser: only when a call resolved to nothing
        bindings = scopes.renamable(language, text.encode("utf-8"))
        for identity, at in calls:
            binding = bindings.get(at)
            if binding is not None:
                found.setdefault(identity, binding)
    return found
