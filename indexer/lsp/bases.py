"""Where a class's library base is defined, asked of the server: the base classes and the
implemented interfaces a class header names (``class E(Exception)``, ``class T(unittest.
TestCase)``, ``class S extends EventEmitter implements Iterable<T>``) that no symbol of the
workspace resolves are stored as external symbols where the server's definition locates them
(a typeshed stub, a ``.d.ts`` of ``node_modules`` or of TypeScript's lib), as a library's
callees are (``passes._external``), never walked.

One request per distinct base name of a file, at its first unresolved site (tree-sitter's:
``Options.bases``); a base the references pass resolved to a workspace symbol asks nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import replace
from pathlib import PurePosixPath
from urllib.parse import unquote, urlsplit

from lsai.indexer.lsp import passes, resolve
from lsai.storage.records import ExternalSymbol, Span, TypeEdgeRecord

Base = tuple[TypeEdgeRecord, str]
"""A base a class header names, with the kind its external symbol takes (``class``,
``interface``)."""

_PYTHON_ROOTS = ("/site-packages/", "/dist-packages/", "/stdlib/", "/stubs/")


async def library_bases(context: passes.Context, path: str, bases: Sequence[Base]) -> None:
    """The edges of ``path``'s class headers whose base the server locates outside the
    workspace, with that base as an external symbol (``merge`` hands it to tree-sitter's
    edge)."""
    resolved = passes.keyed_positions(context, path)
    asked: dict[str, Base] = {}
    for edge, kind in bases:
        if edge.col and (edge.line, edge.col) not in resolved:
            asked.setdefault(edge.target_name, (edge, kind))
    if not asked:
        return
    document = {"uri": context.documents.uri(path)}
    answers = await asyncio.gather(
        *(
            resolve.ask_definition(
                context, path, document, Span(e.line, e.col, e.line, e.col + len(e.target_name))
            )
            for e, _ in asked.values()
        )
    )
    found: dict[str, ExternalSymbol] = {}
    for (edge, kind), answer in zip(asked.values(), answers, strict=True):
        uri, range_ = answer[0] if answer else ("", None)
        if range_ is None or not uri.startswith("file:") or context.documents.path_of(uri):
            continue  # none, or the workspace's own (resolved by its references)
        start = range_.start
        module = python_module(uri) if path.endswith((".py", ".pyi")) else None
        name = edge.target_name
        found[name] = ExternalSymbol.at(
            uri, name, kind, module, start.line + 1, start.character + 1
        )
    edges = context.file(path).type_edges
    for edge, _ in bases:
        external = found.get(edge.target_name)
        if external is not None and (edge.line, edge.col) not in resolved:
            edges.append(replace(edge, external=external))


def python_module(uri: str) -> str | None:
    """The module a Python library's file is (``.../stdlib/unittest/case.pyi``:
    ``unittest.case``; ``.../site-packages/attr/__init__.pyi``: ``attr``), from the folder of
    its packages; None elsewhere."""
    path = unquote(urlsplit(uri).path)
    folder = next((f for f in _PYTHON_ROOTS if f in path), None)
    if folder is None:
        return None
    parts = PurePosixPath(path[path.rfind(folder) + len(folder) :]).with_suffix("").parts
    if parts and parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts) or None
