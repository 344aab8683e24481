"""TypeScript's declaration merging: the declarations of one name that TypeScript binds to one
symbol, which the index keeps as one symbol each.

``interface Schema`` and ``const Schema`` (zod declares every schema so), ``class Files`` and
``declare namespace Files`` (every resource of the OpenAI SDK), ``function f`` and ``namespace
f``, ``enum E`` and ``namespace E``, an interface declared twice in a file, or again in another
file's ``declare module`` augmentation or global scope: one entity to TypeScript. Addressed by
name, a symbol tool answers for all of them together (``merged_declarations``) and says so.

tsgo's references at one of the declarations answer all of them where their meanings meet (a
function and a namespace holding values are both values, a class and an interface both types)
and the declaration's own meaning where they do not (an interface's uses as a type and a
const's as a value; a class's and those of a namespace declaring only types): addressed by
position, a tool answers for the declaration there alone, but usages at a site meaning all of
them (an import's binding and its uses, an export, a JSDoc link: ``meant_together``) answer
for all, and usages anywhere of a class merged with interfaces, whose meanings always meet.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from pathlib import Path

from lsai.query.scopes import one_scope, same_place
from lsai.storage import navigation
from lsai.storage.engine import Reader, Row

MERGING_LANGUAGES = frozenset({"typescript", "tsx"})
_MERGES = frozenset(
    frozenset(pair)
    for pair in (
        ("interface", "interface"), ("interface", "class"), ("interface", "namespace"),
        ("interface", "function"), ("interface", "variable"), ("interface", "constant"),
        ("type", "namespace"), ("type", "function"), ("type", "variable"), ("type", "constant"),
        ("class", "namespace"), ("enum", "enum"), ("enum", "namespace"),
        ("function", "namespace"), ("namespace", "namespace"), ("namespace", "variable"),
        ("namespace", "constant"),
    )
)  # fmt: skip
"""Kinds of two declarations of one name in one scope that TypeScript merges, or keeps in its
separate spaces of types and of values: one symbol either way. Any other pair is a duplicate
(a compile error) or two scopes the index does not tell apart (two callbacks' ``const x``)."""
_ORDER = ("class", "interface", "enum", "function", "type", "variable", "constant", "namespace")


def _kind(row: Row) -> str:
    kind = str(row["kind"])
    return "namespace" if kind == "module" else kind


def _scope_level(row: Row) -> bool:
    """Whether ``row`` is declared in a module, a namespace or ``declare module``/``global``
    (where declarations merge), not in a class or a function."""
    container = row["container_key"]
    return container is None or str(container).endswith("/")


def _exported_and_local(rows: Sequence[Row]) -> bool:
    """Whether ``rows`` declare a name at the top of a module, some with ``export`` and some
    without: TypeScript binds the first in the module's exports and the others in its locals,
    two symbols (effect's ``export type Action`` and ``const Action = Data.taggedEnum()``:
    tsgo's rename of either leaves the other's uses; declarations of one meaning are an error,
    TS2395). A declaration file's top is exported as a whole (ambient), so it merges."""
    if any(r["container_key"] is not None or str(r["file"]).endswith(_DECLARATIONS) for r in rows):
        return False
    exported = {"export" in str(r["modifiers"] or "").split() for r in rows}
    return len(exported) > 1


_DECLARATIONS = (".d.ts", ".d.mts", ".d.cts")


def _merge(a: Row, b: Row, root: Path) -> bool:
    """Whether ``a`` and ``b``, in one scope, are declarations of one symbol: kinds TypeScript
    merges, or overloads of one function (declared one after the other)."""
    if frozenset((_kind(a), _kind(b))) in _MERGES:
        return True
    overloads = a["kind"] == "function" and same_place(
        a, str(b["file"]), str(b["qualified_name"]), str(b["kind"])
    )
    return overloads and one_scope(root, [a, b])


def _linked(conn: Reader, rows: Sequence[Row]) -> bool:
    """Whether declarations in several files (or scopes of one) are one symbol: each scope's
    declarations are linked to the others' through sites the server answered for both (an
    augmentation's name is a reference of the interface it augments; a use of a global
    interface declared in two files is a reference of each)."""
    place = {str(r["key"]): (str(r["file"]), str(r["container_key"])) for r in rows}
    parent = {p: p for p in place.values()}

    def root_of(p: tuple[str, str]) -> tuple[str, str]:
        while parent[p] != p:
            p = parent[p]
        return p

    if len(parent) == 1:
        return True
    for a, b in navigation.sites_shared(conn, list(place)):
        parent[root_of(place[a])] = root_of(place[b])
    return len({root_of(p) for p in parent}) == 1


def merged_declarations(conn: Reader, rows: Sequence[Row], root: Path) -> list[Row]:
    """``rows`` (the symbols a name matched), first the one to show, when they are the
    declarations of one TypeScript symbol; none when they are different symbols."""
    if len(rows) < 2 or len({r["name"] for r in rows}) > 1:
        return []
    if any(r["language"] not in MERGING_LANGUAGES or not _scope_level(r) for r in rows):
        return []
    if _exported_and_local(rows):
        return []
    pairs = combinations(rows, 2)
    if not all(_merge(a, b, root) for a, b in pairs) or not _linked(conn, rows):
        return []
    return sorted(rows, key=lambda r: (_ORDER.index(_kind(r)), r["file"], r["line"]))


def meant_together(
    conn: Reader, asked: Row, file_id: int, line: int, col: int, root: Path
) -> list[Row]:
    """The declarations merged with ``asked`` that its name at ``line:col`` of a file means as
    well, as tsgo's references there list them: at a site keyed to several of them (an import,
    an export, a JSDoc link: ``indexer.merge``), or where an import binds the name to several
    (an importer's ``Maybe<T>`` of ``const Maybe`` and ``type Maybe``: the binding means both).
    None at a declaration, nor at a use in the declarations' own file, where a type position
    means the type alone."""
    key, name = str(asked["key"]), str(asked["name"])
    on_line = navigation.occurrences_on_lines(conn, file_id, line, line)
    here = [o for o in on_line if o["name"] == name and o["col"] <= col <= o["end_col"]]
    keys = {str(o["symbol_key"]) for o in here if o["symbol_key"]}
    if key not in keys or any(o["role"] in ("definition", "declaration") for o in here):
        return []  # a declaration answers for itself (an augmentation names the interface too)
    if len(keys) < 2:
        bound: dict[tuple[int, int], set[str]] = {}
        for o in navigation.imports_named(conn, file_id, name):
            bound.setdefault((int(o["line"]), int(o["col"])), set()).add(str(o["symbol_key"]))
        keys = max((k for k in bound.values() if key in k), key=len, default=keys)
    if len(keys) < 2:
        return []
    merged = merged_declarations(conn, navigation.symbols_by_keys(conn, sorted(keys)), root)
    return [r for r in merged if r["key"] != key] if any(r["key"] == key for r in merged) else []


def merged_note(rows: Sequence[Row]) -> str:
    """What an answer about ``rows`` (``merged_declarations``) covers."""
    listed = ", ".join(f"{r['kind']} at {r['file']}:{r['line']}" for r in rows)
    return (
        f"covers the {len(rows)} declarations of {rows[0]['name']} that TypeScript merges into "
        f"one symbol ({listed}); address one by file and line to answer for it alone"
    )


def symbols_of(conn: Reader, rows: Sequence[Row], root: Path) -> list[list[Row]]:
    """``rows`` as symbols: the declarations of one file that are one symbol together
    (``merged_declarations``, the one to show first), every other row alone."""
    by_file: dict[str, list[Row]] = {}
    for row in rows:
        by_file.setdefault(str(row["file"]), []).append(row)
    out: list[list[Row]] = []
    for declared in by_file.values():
        merged = merged_declarations(conn, declared, root)
        out.extend([merged] if merged else [[row] for row in declared])
    return out


def also_declared(primary: Row, others: Sequence[Row]) -> str:
    """``others`` merged with ``primary``, for a list of candidates: ``(merged with namespace
    at line 265)``."""
    where = [
        f"{o['kind']} at "
        + ("line " if o["file"] == primary["file"] else f"{o['file']}:")
        + str(o["line"])
        for o in others
    ]
    return f" (merged with {', '.join(where)})"
