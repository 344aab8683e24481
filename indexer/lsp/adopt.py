"""Tree-sitter's definitions in a served file, made symbols of the session where the server's
outline does not list them, so that their references are resolved as the server's are.

TypeScript's outline leaves out what JavaScript defines by other means than a declaration
(tree-sitter's ``var now = function () {}`` is a function, tsgo's a variable when its call
hierarchy does not prepare it; a function declared in a function after a function expression of
the same name is numbered differently), and the members of a type literal. The index stores
tree-sitter's symbols whatever the server lists, so without them their uses stay unresolved:

- a tree-sitter symbol whose name the server lists under another key (the same name at the same
  place) is that server symbol: it takes tree-sitter's key (its members theirs under it), so
  that one symbol is stored, not two; a server symbol that held that key (the server numbered
  another definition of the name first: ``res.f = wrap(function f() {})`` before
  ``function f() {}``) takes the other's, unless that would give two symbols one key;
- any other tree-sitter symbol whose key the server does not list joins the session: asked at
  its name (a definition that lands there, or inside it with its name, resolves to it).

clangd 14 lists no macro in its outline, and answers references for one asked at its
``#define``: tree-sitter's macros join its session (``ServerAdapter.adopted_kinds``). Nor does it
list a type declared in a function's body (``struct local {...} p;``, a local ``typedef`` or
``enum``), whose references it answers too: those join it with their members
(``adopted_in_functions``).

What no symbol can fix: tsgo 7.0.2 answers no definition and no references for the members of
JavaScript written the pre-class way, which TypeScript 5 understood and 7 dropped:
``Foo.prototype.bar = function () {}`` (express, lodash), ``this.bar = function () {}`` in a
constructor function, and properties added to an object declared in a chained assignment
(express's ``var app = exports = module.exports = {}; app.init = function init() {}``); it
answers for ``const o = {}; o.f = function`` and for ``this.f = function`` in a class
constructor. Their uses stay unresolved, as the live server leaves them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from lsai.indexer.lsp.adapters import ServerAdapter
from lsai.indexer.lsp.aliases import Refiner
from lsai.indexer.lsp.documents import Documents
from lsai.indexer.lsp.symbols import FileSymbols, computed_string, name_value, quoted
from lsai.storage.records import SymbolRecord

Outline = Mapping[str, Sequence[SymbolRecord]]
"""Tree-sitter's symbols of each file of the session."""


def joining(outline: Outline, adapter: ServerAdapter) -> dict[str, list[SymbolRecord]]:
    """Which of tree-sitter's symbols (``outline``) may join a session of ``adapter``, in a full
    run and in a live update alike: those of its ``adopted_kinds`` (or ``adopted_in_functions``)
    when it names some, else every one for an adapter that resolves names by definition,
    refines its outline or adopts what it leaves out; none for another."""
    if adapter.adopted_kinds or adapter.adopted_in_functions:
        return of_kinds(outline, adapter.adopted_kinds, adapter.adopted_in_functions)
    if adapter.references_cost is not None or Refiner.needed(adapter) or adapter.adopt_outline:
        return {path: list(symbols) for path, symbols in outline.items()}
    return {}


def hints(symbols: Sequence[SymbolRecord]) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Where tree-sitter's top-level symbols of a file start their names (no imports), and where
    its functions and methods do: what the server's outline is checked against
    (``passes.document_symbols``)."""
    declared = {
        (s.name_span.start_line, s.name_span.start_col) for s in symbols if s.container_key is None
    }
    callables = {
        (s.name_span.start_line, s.name_span.start_col)
        for s in symbols
        if s.kind in ("function", "method")
    }
    return declared, callables


def of_kinds(
    outline: Outline, kinds: frozenset[str], in_functions: frozenset[str] = frozenset()
) -> dict[str, list[SymbolRecord]]:
    """The symbols of ``outline`` of one of ``kinds``, or of ``in_functions`` when declared in a
    function's body (``ServerAdapter.adopted_kinds``, ``adopted_in_functions``)."""
    return {
        path: [
            s
            for s in symbols
            if s.kind in kinds or (s.kind in in_functions and _IN_FUNCTION.search(s.key))
        ]
        for path, symbols in outline.items()
    }


_IN_FUNCTION = re.compile(r"\((?:\+\d+)?\)\.(?=.)")
"""A function's descriptor (``run().``, ``f(+1).``) with more of the key after it."""


def adopt(files: Mapping[str, FileSymbols], outline: Outline, documents: Documents) -> int:
    """Add (or re-key) the symbols of ``outline`` that ``files`` (the server's, changed in place)
    miss; how many."""
    changed = 0
    for path, found in files.items():
        theirs = outline.get(path)
        if theirs:
            changed += _adopt(found, theirs, documents)
    return changed


def _adopt(found: FileSymbols, theirs: Sequence[SymbolRecord], documents: Documents) -> int:
    at = {_start(s): s for s in found.symbols}
    renamed: dict[str, str] = {}
    for symbol in theirs:
        listed = at.get(_name_start(symbol))
        same = listed is not None and name_value(listed.name) == name_value(symbol.name)
        if listed is not None and same and listed.key != symbol.key:
            renamed[listed.key] = symbol.key
    keys = {s.key for s in found.symbols}
    for old, new in list(renamed.items()):
        if new in keys and new not in renamed and old not in renamed.values():
            renamed[new] = old  # the server numbered another definition of the name first: swap
    if len(set(renamed.values())) < len(renamed) or set(renamed.values()) & (keys - set(renamed)):
        renamed = {}  # no key may name two symbols: as the server keys them
    if renamed:
        _rekey(found, renamed)
    keys = {s.key for s in found.symbols}
    added = 0
    for symbol in theirs:
        if symbol.key not in keys and _name_start(symbol) not in at:
            found.symbols.append(symbol)
            line, col = symbol.name_span.start_line, symbol.name_span.start_col
            found.positions[symbol.key] = documents.position(found.path, line, col)
            keys.add(symbol.key)
            added += 1
    return added + len(renamed)


def _rekey(found: FileSymbols, renamed: dict[str, str]) -> None:
    """Rename the keys of ``renamed`` and of the members under them (whose keys begin with
    their container's)."""
    longest = sorted(renamed, key=len, reverse=True)

    def new(key: str) -> str:
        for old in longest:
            if key.startswith(old):
                return renamed[old] + key[len(old) :]
        return key

    for i, s in enumerate(found.symbols):
        if new(s.key) != s.key:
            container = new(s.container_key) if s.container_key is not None else None
            found.symbols[i] = replace(s, key=new(s.key), container_key=container)
    for where in (found.positions, found.selections):
        moved = {new(k): v for k, v in where.items()}
        where.clear()
        where.update(moved)


def _start(symbol: SymbolRecord) -> tuple[int, int]:
    return (symbol.name_span.start_line, symbol.name_span.start_col)


def _name_start(symbol: SymbolRecord) -> tuple[int, int]:
    """Where a tree-sitter symbol's name starts as the server's would: inside its quotes for a
    quoted one (tree-sitter's ``declare module './a'`` takes them in, tsgo's ``"./a"`` starts
    inside), so for a computed string (tree-sitter's ``get ['~standard']()``, tsgo's
    ``"~standard"``)."""
    computed = computed_string(symbol.name)
    inside = computed[0] if computed is not None else 1 if quoted(symbol.name) else 0
    return (symbol.name_span.start_line, symbol.name_span.start_col + inside)
