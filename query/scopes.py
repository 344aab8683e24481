"""Which declarations of a name are one to a reader: the overloads and redefinitions of a name in
one scope (``one_overload_set``), kept apart from namesakes in different scopes of one container
that the index does not record (TypeScript callbacks: ``one_scope``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from itertools import pairwise
from pathlib import Path

from lsai.sourcetext import decode
from lsai.storage.engine import Row
from lsai.storage.records import adjacent

REDEFINABLE = frozenset(
    ("function", "method", "constructor", "property", "variable", "constant", "field", "class")
)
REBINDINGS = (  # a module's or a function's names, a class body's
    frozenset(("function", "variable", "constant")),
    frozenset(("class", "variable", "constant")),
    frozenset(("method", "property", "field", "constant")),
)
"""Kinds one name may have in one scope, bound again: ``def f`` then ``f = wrap(f)``, ``class T``
then ``T = decorate(T)``, a constant rebound in ``except`` that tree-sitter calls a variable."""


def rebinding(kind: str, other: str) -> bool:
    """Whether a name of ``kind`` bound again in its scope may be of kind ``other``."""
    return kind == other or any(kind in family and other in family for family in REBINDINGS)


SCOPED_BY_TEXT = frozenset({"typescript", "tsx", "javascript"})
"""Languages whose namesakes in one container may lie in different scopes the index does not
record (callbacks), and whose overloads are declared one after the other."""


def one_scope(root: Path, rows: Sequence[Row]) -> bool:
    """Whether declarations of one file follow each other with nothing but comments, blank
    lines and decorators between them (``records.adjacent``): overloads, not namesakes."""
    return len(runs(root, rows)) == 1


def in_scope_of(root: Path, own: Row, siblings: Sequence[Row]) -> list[Row]:
    """The ``siblings`` declared in one run with ``own`` (``one_scope``)."""
    for run in runs(root, [own, *siblings]):
        if any(r["key"] == own["key"] for r in run):
            return [r for r in run if r["key"] != own["key"]]
    return []


def runs(root: Path, rows: Sequence[Row]) -> list[list[Row]]:
    """``rows`` (declarations of one file) in runs that follow each other; overlapping ranges
    (tsgo's of overload signatures) are one run; one run when the file cannot be read."""
    ordered = sorted(rows, key=lambda r: (r["start_line"], r["end_line"]))
    try:
        path = str(ordered[0]["file"])
        lines = decode((root / path).read_bytes(), path).splitlines()
    except OSError:
        return [ordered]  # cannot tell: as the index numbered them
    runs = [[ordered[0]]]
    for before, after in pairwise(ordered):
        end, start = int(before["end_line"]), int(after["start_line"])
        if start <= end or adjacent(lines, end, start) or one_binding(lines, before, after):
            runs[-1].append(after)
        else:
            runs.append([after])
    return runs


_DECLARED = re.compile(
    r"(?:\b(?:const|function|class|type|interface|enum|namespace|module)|[*.])\s*$"
)
"""What precedes a name declared anew (``const f``, ``function f``) or a property's (``o.f``):
not an assignment to a binding declared before. ``let`` and ``var`` without a value declare
the binding the later assignments share."""
_ASSIGNMENT = re.compile(r"\s*=(?![=>])")


def one_binding(lines: Sequence[str], before: Row, after: Row) -> bool:
    """Whether two JavaScript/TypeScript declarations of a name are functions assigned to one
    binding, in turn (commander's ``let write; if (...) { write = (str) => ... } else { write =
    (str) => ... }``): ``after``'s name is assigned, not declared, and no declaration of the
    name stands between the two (``let queryFn`` in each of two test callbacks declares two).
    tsgo's references and rename of either are the binding's: every assignment, every use."""
    if before["language"] not in SCOPED_BY_TEXT:
        return False
    name = str(after["name"])
    first, last = int(before["line"]), int(after["line"])
    if not (0 < first <= last <= len(lines)) or not all(
        _assigned(lines[int(r["line"]) - 1], int(r["col"]), name) for r in (before, after)
    ):
        return False
    again = re.compile(rf"\b(?:let|var|const|function|class)\s+{re.escape(name)}(?![\w$])")
    between = "\n".join(lines[first - 1 : last])
    return again.search(between) is None


def _assigned(line: str, col: int, name: str) -> bool:
    """Whether the ``name`` at 1-based ``col`` of ``line`` is the target of an assignment."""
    return (
        line[col - 1 : col - 1 + len(name)] == name
        and _DECLARED.search(line[: col - 1]) is None
        and _ASSIGNMENT.match(line, col - 1 + len(name)) is not None
    )


DISTINCT_OVERLOADS = frozenset({"cpp"})
"""Languages whose server tells overloads apart: clangd answers the references and incoming
calls of ``int conv(int)`` without those of ``double conv(double)``. Declarations of one name
with other signatures are other functions there, no overload set; with the same signature (a
function defined in each branch of an ``#if``) they stay one."""
_SPACES = re.compile(r"\s+")


def overloads_apart(row: Row, other: Row) -> bool:
    """Whether ``row`` and ``other``, declarations of one name in one place, are overloads
    their server tells apart (``DISTINCT_OVERLOADS``)."""
    if row["language"] not in DISTINCT_OVERLOADS:
        return False
    return _SPACES.sub("", str(row["signature"] or "")) != _SPACES.sub(
        "", str(other["signature"] or "")
    )


def one_overload_set(rows: Sequence[Row], root: Path | None = None) -> bool:
    """Whether ``rows`` are the overloads or redefinitions of one name: one file, one qualified
    name, kinds it may be bound again as. A Python ``@overload`` stack, a TypeScript overload
    list, a property's getter and setter, a variable bound in ``try`` and again in ``except``,
    ``def f`` and ``f = wrap(f)``: one name to the reader, answered as one."""
    first = rows[0]
    place = (first["file"], first["qualified_name"], first["kind"])
    modifiers = str(first["modifiers"] or "").split()
    if first["kind"] not in REDEFINABLE or not all(same_place(r, *place, modifiers) for r in rows):
        return False
    if any(overloads_apart(first, r) for r in rows):
        return False
    return root is None or first["language"] not in SCOPED_BY_TEXT or one_scope(root, rows)


def same_place(
    row: Row, file: str, qualified_name: str, kind: str, modifiers: Iterable[str] = ()
) -> bool:
    """Whether the symbol ``row`` is defined in ``file`` as ``qualified_name`` of ``kind`` (or of
    a kind it may be bound again as: ``rebinding``), and static as the one of ``modifiers`` is or
    is not: one of the overloads or redefinitions of that name (``static tick()`` and ``tick()``
    of one class are two members)."""
    return bool(
        row["file"] == file
        and row["qualified_name"] == qualified_name
        and rebinding(str(row["kind"]), kind)
        and ("static" in str(row.get("modifiers") or "").split()) == ("static" in modifiers)
    )
