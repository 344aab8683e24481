"""What a changed file's unchanged lines already resolved: carried over, not asked again.

A one-function edit of a 1,000-line file leaves almost every identifier where it was, on a line
whose text did not change. Asking ``definition`` at each of them again (hundreds of requests) is
most of a live update's time. Instead, the lines of the old text (the one the index holds rows
for) are matched to the new text, and the index's resolved occurrences on matched lines are kept,
moved to their new line.

**Dirty lines** are asked as before: every new line without an equal old line, the lines next
to a deletion, and the whole body of the outermost function or method containing one (a changed
assignment changes what later lines of the same function resolve to, through types), and every
method of a class whose header changed (another base: ``super()`` names another method). So is
every function or method that names a symbol defined on a dirty line (``f().run`` where ``f``'s
return type changed), one level deep. Carried occurrences that named a symbol whose key
disappeared are asked too, and names whose binding changed are decided again by ``rebind``.
Resolution that flows through types further (``g`` returns ``f()``, ``h`` uses ``g().run``) is
not followed until those lines change: the same limit as for unchanged files.

The outgoing calls of a function on kept lines are kept the same way (from the server's last
answers for the file, which the live index holds), unless a call names a rebound name or a
symbol whose key disappeared.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from lsai.indexer.lsp.symbols import CALLABLE_KINDS
from lsai.storage.records import CallRecord, Span, SymbolRecord

Row = tuple[str, str, str | None, Span]  # name, role, key, span: an indexed occurrence


@dataclass(frozen=True)
class Carried:
    """A changed file split into what is asked and what is kept."""

    dirty: frozenset[int]
    """New line numbers (1-based) whose identifiers are asked."""
    kept: list[tuple[Span, str, str]]
    """(new span, name, key) of each resolved occurrence kept from the old rows."""
    moved: dict[int, int]
    """Old line -> new line, for the lines kept."""

    def touches(self, symbol: SymbolRecord) -> bool:
        """Whether a line of ``symbol`` is dirty."""
        span = symbol.span
        return any(line in self.dirty for line in range(span.start_line, span.end_line + 1))

    def calls(
        self, symbol: SymbolRecord, old: Sequence[CallRecord], rebound: set[str], gone: set[str]
    ) -> list[CallRecord] | None:
        """The outgoing calls of a callable on kept lines, moved to their new lines (``old``:
        the file's call records as last answered); ``None`` when it must be asked: it is on a
        dirty line, or a call names a rebound name or a symbol whose key disappeared."""
        if self.touches(symbol):
            return None
        out: list[CallRecord] = []
        for c in old:
            if c.caller_key != symbol.key:
                continue
            line = self.moved.get(c.line)
            if line is None or c.callee_name in rebound or c.callee_key in gone:
                return None
            out.append(replace(c, line=line))
        return out


def line_map(old: Sequence[str], new: Sequence[str]) -> tuple[dict[int, int], set[int]]:
    """New line -> old line for the lines that did not change (1-based), and the new lines next
    to a deletion."""
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    mapping: dict[int, int] = {}
    near: set[int] = set()
    for tag, i1, i2, j1, _ in matcher.get_opcodes():
        if tag == "equal":
            mapping.update({j1 + k + 1: i1 + k + 1 for k in range(i2 - i1)})
        elif tag == "delete":
            near.update({j1, j1 + 1})
    return mapping, near


def _callables(symbols: Iterable[SymbolRecord]) -> list[SymbolRecord]:
    """The outermost functions and methods (a nested function is part of its parent)."""
    found = sorted(
        (s for s in symbols if s.kind in CALLABLE_KINDS),
        key=lambda s: (s.span.start_line, -s.span.end_line),
    )
    out: list[SymbolRecord] = []
    for s in found:
        if not out or s.span.start_line > out[-1].span.end_line:
            out.append(s)
    return out


def _lines(symbol: SymbolRecord) -> set[int]:
    return set(range(symbol.span.start_line, symbol.span.end_line + 1))


def split(
    old_text: str,
    new_text: str,
    rows: Sequence[Row],
    symbols: Sequence[SymbolRecord],
    identifiers: Sequence[tuple[Span, str, str]],
) -> Carried:
    """Which lines of the new text are asked, and the old rows kept for the others (module doc);
    ``identifiers`` are tree-sitter's in the new text, ``symbols`` the server's."""
    new_lines = new_text.split("\n")
    mapping, near = line_map(old_text.split("\n"), new_lines)
    dirty = {n for n in range(1, len(new_lines) + 1) if n not in mapping} | near
    units = _callables(symbols)
    dirty = _widen(dirty | _rebased(dirty, symbols, units, new_lines), units)
    defined = {s.name for s in symbols if s.name_span.start_line in dirty}
    users = {
        span.start_line
        for span, name, role in identifiers
        if name in defined and role != "definition"
    }
    dirty = _widen(dirty | {line for line in users if _inside(line, units)}, units)
    kept: list[tuple[Span, str, str]] = []
    starts = {(s.name_span.start_line, s.name_span.start_col) for s in symbols}
    reverse = {old: new for new, old in mapping.items() if new not in dirty}
    for name, role, key, span in rows:
        line = reverse.get(span.start_line)
        if line is None or key is None or span.start_line != span.end_line:
            continue
        moved = Span(line, span.start_col, line, span.end_col)
        if role == "definition" and (line, span.start_col) in starts:
            continue  # the symbol's own definition: recorded from its symbol
        kept.append((moved, name, key))
    return Carried(frozenset(dirty), kept, reverse)


def _rebased(
    dirty: set[int],
    symbols: Sequence[SymbolRecord],
    units: Sequence[SymbolRecord],
    lines: list[str],
) -> set[int]:
    """The first line of each method of a class whose header (decorators, ``class`` line, bases
    to the colon) is dirty: another base changes what ``super()`` and ``self.x`` name there."""
    out: set[int] = set()
    for c in symbols:
        if c.kind != "class":
            continue
        end = c.name_span.start_line
        while end < len(lines) and not lines[end - 1].rstrip().endswith(":"):
            end += 1
        if any(line in dirty for line in range(c.span.start_line, end + 1)):
            out |= {
                u.span.start_line
                for u in units
                if c.span.start_line < u.span.start_line <= c.span.end_line
            }
    return out


def _inside(line: int, units: Sequence[SymbolRecord]) -> bool:
    return any(u.span.start_line <= line <= u.span.end_line for u in units)


def _widen(lines: set[int], units: Sequence[SymbolRecord]) -> set[int]:
    """``lines`` and the whole of every outermost callable containing one of them."""
    out = set(lines)
    for unit in units:
        if any(unit.span.start_line <= line <= unit.span.end_line for line in lines):
            out |= _lines(unit)
    return out
