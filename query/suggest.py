"""What to suggest when a name or a path is not in the index: the symbols and files an agent
most likely meant, best first.

A symbol's name: the symbols of that name in another container (``z.object`` for zod's
``object``), then those of a name a typo away (``sesion``: ``session``, ``Session``), ranked by how
close their qualified name is to the one asked (``Sesion.send``: ``Session.send`` first), then
those whose name contains it. A name that only occurs unresolved (a local, a parameter, a
library's function: ``isinstance``) says so. A path: the indexed files of that file name, else
the files of its folder a typo away.
"""

from __future__ import annotations

from difflib import SequenceMatcher, get_close_matches

from lsai.storage import navigation, queries
from lsai.storage.engine import Reader, Row

LIMIT = 5
_CUTOFF = 0.7  # ``sned`` for ``send``, ``rout`` for ``route``; not ``self`` for ``elf``
_POOL = 50


def similar_symbols(conn: Reader, dotted: str) -> list[Row]:
    """Up to ``LIMIT`` symbols an agent asking for ``dotted`` (``Type.member`` or a name) may
    have meant, best first."""
    parts = [p for p in dotted.split(".") if p.strip("*?")]
    last = parts[-1].strip("*?") if parts else dotted
    if not last:
        return []
    pool: dict[str, tuple[int, Row]] = {}
    names = [last.casefold(), *_names_near(conn, last)]
    for tier, name in enumerate(names[:4]):
        rows, _ = queries.search_symbols(conn, name, limit=_POOL)
        for row in rows:
            pool.setdefault(str(row["key"]), (min(tier, 1), row))
    wanted = ".".join(parts).casefold()
    ranked = sorted(pool.values(), key=lambda t: (t[0], -_closeness(wanted, t[1])))
    found = list({(r["qualified_name"], r["file"]): r for _, r in reversed(ranked)}.values())
    found = found[::-1][:LIMIT]  # overloads of a stub file once
    if not found:
        found, _ = queries.search_symbols(conn, last, limit=LIMIT, mode="contains")
    return found


def _names_near(conn: Reader, name: str) -> list[str]:
    """The workspace's names a typo away from ``name`` (casefolded), closest first."""
    folded = name.casefold()
    spread = 1 if len(folded) <= 4 else 2
    names = queries.names_of_length(conn, max(1, len(folded) - spread), len(folded) + spread)
    close = get_close_matches(folded, names, n=3, cutoff=_CUTOFF)
    swapped = sorted(folded)  # ``gte`` for ``get``: letters swapped, which ratios rank low
    close += [n for n in names if len(n) == len(folded) and sorted(n) == swapped]
    return [n for n in dict.fromkeys(close) if n != folded]


def _closeness(wanted: str, row: Row) -> float:
    """How like ``wanted`` the row's name is, spelt as much as ``wanted`` spells: qualified by
    its namespace when ``wanted`` names a module (``requests.sesions.Session``)."""
    qualified = str(row["qualified_name"])
    if wanted.count(".") > qualified.count("."):
        qualified = f"{row['namespace'] or ''}.{qualified}"
    return SequenceMatcher(None, wanted, qualified.casefold()).ratio()


def describe(rows: list[Row]) -> str:
    """``Session.send (method, requests/sessions.py:673), ...``: each with where it is."""
    return ", ".join(f"{r['qualified_name']} ({r['kind']}, {r['file']}:{r['line']})" for r in rows)


def unresolved_note(conn: Reader, name: str) -> str:
    """For a name no symbol has: where it occurs unresolved, and what that means ("" if it
    never does, or a symbol has the name)."""
    if not name.isidentifier() or navigation.symbols_named(conn, name, fold=True):
        return ""
    count, first = queries.unresolved_uses(conn, name)
    if not count:
        return ""
    times = "once" if count == 1 else f"{count} times"
    return (
        f"; {name!r} occurs {times} (first {first}) as a name the index holds no definition of: "
        "a local, a parameter, or a name from outside the workspace (a library, a builtin)"
    )


def similar_paths(conn: Reader, path: str) -> list[str]:
    """The indexed files of ``path``'s file name, else those of its folder a typo away."""
    found = queries.similar_paths(conn, path, limit=LIMIT)
    if found:  # that file name in other folders (or spelt in another case): the likest first
        return sorted(found, key=lambda p: -SequenceMatcher(None, path, p).ratio())
    folder, _, name = path.rpartition("/")
    siblings = {p.rpartition("/")[2]: p for p in queries.files_in(conn, folder)}
    close = get_close_matches(name, list(siblings), n=LIMIT, cutoff=_CUTOFF)
    return [siblings[n] for n in close]
