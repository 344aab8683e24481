"""What a rename of a parameter or a local reads from a file's syntax: tree-sitter's scopes,
handed to the query layer as ``query.workspace.Scopes`` by the faces that open a workspace (the
query layer never imports the indexer)."""

from __future__ import annotations

import functools
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from lsai.indexer.treesitter import goscopes
from lsai.indexer.treesitter.literals import literal_members
from lsai.indexer.treesitter.pyimports import imported_names
from lsai.indexer.treesitter.pyscopes import keyword_arguments, keyword_parameter
from lsai.indexer.treesitter.scopes import parameter_docs, renamable, type_names

Position = tuple[int, int]

_P = ParamSpec("_P")
_R = TypeVar("_R")

DEPTH = 200_000
"""The Python frames a scope analysis may nest: one or a few a level of the syntax tree, which a
long expression nests as deep as it has terms (a 5,000-term sum; Python's default of 1,000
frames failed at ~330 in a Go or C function). Since CPython 3.11 a call from Python code to
Python code takes no C stack, so the limit is only memory: ~100 bytes a frame."""


def deep(analysis: Callable[_P, _R]) -> Callable[_P, _R]:
    """``analysis``, free to recurse ``DEPTH`` frames deep (the limit is raised once, for the
    process, and never lowered: another thread may be deep in a walk)."""

    @functools.wraps(analysis)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if sys.getrecursionlimit() < DEPTH:
            sys.setrecursionlimit(DEPTH)
        return analysis(*args, **kwargs)

    return run


def binding_docs(language_id: str, source: bytes) -> dict[Position, list[Position]]:
    """Each local binding -> the words of a doc comment its rename changes too: a JavaScript or
    TypeScript parameter's ``@param`` tag (``scopes.parameter_docs``), a Go local's name in its
    declaration's doc comment (``goscopes.doc_words``)."""
    if language_id == "go":
        return goscopes.doc_words(source)
    return parameter_docs(language_id, source)


CACHED_BYTES = 8 << 20
"""The source text whose analyses each of ``TreeSitterScopes``'s cached analyses keeps (its
answers take ~9 times their text: ~70 MiB at most each): a query server answers about the same
files again and again (the uses of ``str`` by name read 267 files' scopes: ~1.5 s of parsing
for each page of its usages)."""


def cached(analysis: Callable[..., _R]) -> Callable[..., _R]:
    """``analysis`` (a pure function of its arguments, the last a file's text as bytes), its
    most recent answers kept while their texts add up to ``CACHED_BYTES`` at most; callers only
    read them. Thread-safe: tool calls run on worker threads."""
    kept: OrderedDict[tuple[object, ...], tuple[int, _R]] = OrderedDict()
    size = 0
    lock = threading.Lock()

    @functools.wraps(analysis)
    def run(*args: object) -> _R:
        nonlocal size
        with lock:
            hit = kept.get(args)
            if hit is not None:
                kept.move_to_end(args)
                return hit[1]
        answer = analysis(*args)
        weight = len(args[-1]) if isinstance(args[-1], bytes) else 0
        with lock:
            if args not in kept and weight <= CACHED_BYTES:
                kept[args] = (weight, answer)
                size += weight
                while size > CACHED_BYTES:
                    _, (dropped, _) = kept.popitem(last=False)
                    size -= dropped
        return answer

    return run


_renamable = cached(deep(renamable))


def _literal_members(
    language_id: str, source: bytes
) -> dict[Position, tuple[Position, bool, Position | None]]:
    """``literals.literal_members``, reading the file's locals from the cached analysis."""
    return literal_members(language_id, source, _renamable)


class TreeSitterScopes:
    """``query.workspace.Scopes`` from ``scopes`` (JavaScript, TypeScript), ``literals``,
    ``pyscopes``, ``pyimports``, ``goscopes`` and ``cscopes``; the whole-file analyses are
    cached by text."""

    renamable = staticmethod(_renamable)
    binding_docs = staticmethod(cached(deep(binding_docs)))
    literal_members = staticmethod(cached(deep(_literal_members)))
    keyword_parameter = staticmethod(deep(keyword_parameter))
    keyword_arguments = staticmethod(deep(keyword_arguments))
    type_names = staticmethod(cached(deep(type_names)))
    imported_names = staticmethod(cached(deep(imported_names)))


SCOPES = TreeSitterScopes()
