"""Position fuzzing: which identifier a (possibly slightly wrong) line and column point at.

Agents pass positions from many sources: 1-based editor positions, 0-based LSP positions, a
column on the space before a name, a line one off. The reading is tried in this order, and every
reading but the first is reported back so the agent knows its position was corrected:

1. the identifier containing ``line:col``;
2. the column read as 0-based (``col + 1``);
3. the nearest identifier on the line, at most ``NEAR`` columns away (whitespace, a dot);
4. the same three on the next line, then on the previous one (a 0-based or off-by-one line).

Every reading is returned in that order; the caller takes the first that names a symbol, except
that an exact hit is final (a position exactly on a local variable is not moved elsewhere).

Without a column, the line's only definition (or only resolved identifier) is taken.
"""

from __future__ import annotations

from collections.abc import Sequence

from lsai.storage.engine import Row

NEAR = 2


def _distance(occ: Row, line: int, col: int) -> int | None:
    """Columns between ``col`` and the identifier on ``line`` (0 inside it), None off the line."""
    if occ["line"] != line:
        return None
    start = int(occ["col"])
    end = int(occ["end_col"]) if occ["end_line"] == line else 1 << 30
    if start <= col < end:
        return 0
    return start - col if col < start else col - end + 1


def _exact(occurrences: Sequence[Row], line: int, col: int) -> Row | None:
    """The identifier holding ``line:col``; inside a computed name (``[Signal.subtle.unwatched]:
    2``, itself an occurrence of the member it declares), the innermost: the name the column is
    on, as the server reads it (tsgo's references at ``unwatched`` are the const's)."""
    holding = [occ for occ in occurrences if _distance(occ, line, col) == 0]
    return min(holding, key=_width, default=None)


def _width(occ: Row) -> tuple[int, int]:
    return int(occ["end_line"]) - int(occ["line"]), int(occ["end_col"]) - int(occ["col"])


def _nearest(occurrences: Sequence[Row], line: int, col: int) -> Row | None:
    """The closest identifier within ``NEAR`` columns; on a tie, the one to the right."""
    best: tuple[tuple[int, int], Row] | None = None
    for occ in occurrences:
        d = _distance(occ, line, col)
        if d is None or d > NEAR:
            continue
        rank = (d, 0 if int(occ["col"]) >= col else 1)
        if best is None or rank < best[0]:
            best = (rank, occ)
    return best[1] if best else None


def _on_line(occurrences: Sequence[Row], line: int, col: int) -> list[tuple[Row, str | None]]:
    out: list[tuple[Row, str | None]] = []
    hit = _exact(occurrences, line, col)
    if hit is not None:
        out.append((hit, None))
    hit = _exact(occurrences, line, col + 1)
    if hit is not None:
        out.append((hit, f"column read as 0-based: used {hit['name']} at {line}:{hit['col']}"))
    hit = _nearest(occurrences, line, col)
    if hit is not None:
        where = f"{hit['name']} at {line}:{hit['col']}"
        out.append((hit, f"no identifier at the column: used the nearest, {where}"))
    return out


def _without_column(occurrences: Sequence[Row], line: int) -> list[tuple[Row, str | None]]:
    on_line = [o for o in occurrences if o["line"] == line]
    for group in (
        [o for o in on_line if o["role"] == "definition"],
        [o for o in on_line if o["symbol_key"] is not None],
    ):
        if len({o["symbol_key"] for o in group}) == 1:
            hit = group[0]
            return [(hit, f"no column given: used {hit['name']} at {line}:{hit['col']}")]
    return []


def readings(
    occurrences: Sequence[Row], line: int, col: int | None
) -> list[tuple[Row, str | None]]:
    """Every plausible reading of ``line:col`` among ``occurrences`` (those on ``line - 1`` ..
    ``line + 1``), most likely first, each with how the position was corrected (None: exact).

    Without a column, a line holding identifiers is never traded for a neighbour."""
    out: list[tuple[Row, str | None]] = []
    seen: set[tuple[int, int]] = set()
    for candidate in (line, line + 1, line - 1):
        if col is None:
            found = _without_column(occurrences, candidate)
            if not found and any(o["line"] == candidate for o in occurrences):
                break
        else:
            found = _on_line(occurrences, candidate, col)
        for hit, note in found:
            if (hit["line"], hit["col"]) in seen:
                continue
            seen.add((hit["line"], hit["col"]))
            if candidate != line:
                where = f"{hit['name']} at {candidate}:{hit['col']}"
                note = f"nothing at line {line}: used the {side(candidate, line)} line, {where}"
            out.append((hit, note))
        if col is None and out:
            break
    return out


def side(candidate: int, line: int) -> str:
    return "next" if candidate > line else "previous"
