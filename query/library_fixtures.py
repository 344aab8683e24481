"""A pytest test's parameter naming a library's fixture (``def test_x(tmp_path, capsys)``), as
ty answers it: the fixture outside the workspace its definition leads to (``_pytest/tmpdir.py``),
whose usages are every parameter pytest fills with it and their uses, which the index keys to
that external symbol (``indexer.lsp.library_fixtures``). ``rename`` there renames the test's
parameter alone, as ty's does (``local_rename.find``)."""

from __future__ import annotations

from lsai.query.contracts import SymbolTarget
from lsai.query.libraries import external_ref, the_external
from lsai.query.provenance import provenance
from lsai.query.resolve import asked_position
from lsai.query.unindexed import page
from lsai.query.usage_contracts import UsagesInput, UsagesResult
from lsai.query.workspace import Workspace
from lsai.storage import navigation, queries, tool_queries
from lsai.storage.engine import Reader, Row

ALL = 1_000_000
"""Every site of a fixture on one page (a library fixture's sites are a test suite's)."""


def fixture_at(conn: Reader, ws: Workspace, target: SymbolTarget) -> str | None:
    """The key of the library's fixture the index keys the name at ``target``'s position to;
    None: no position, or a name keyed to no external symbol."""
    at = asked_position(target)
    if at is None or at[2] is None:
        return None
    path, line, col = ws.relative(at[0]), at[1], at[2]
    row = queries.file_row(conn, path)
    if row is None:
        return None
    here = navigation.occurrences_on_lines(conn, int(row["id"]), line, line)
    key = next(
        (str(o["symbol_key"]) for o in here if o["col"] <= col <= o["end_col"] and o["symbol_key"]),
        None,
    )
    if key is None or tool_queries.external_symbol(conn, key) is None:
        return None
    return key


def fixture_usages(conn: Reader, ws: Workspace, params: UsagesInput) -> UsagesResult | None:
    """The usages of the library fixture the parameter (or the use of one) at ``params``'s
    position names: the sites the index keys to it, as ty's references there list them; None:
    the position names none."""
    key = fixture_at(conn, ws, params)
    row = tool_queries.external_symbol(conn, key) if key is not None else None
    if key is None or row is None:
        return None
    return _usages(conn, key, row, params)


def fixture_usages_by_name(conn: Reader, ws: Workspace, params: UsagesInput) -> UsagesResult | None:
    """The usages of the library fixture ``params`` names (``tmp_path``,
    ``_pytest.tmpdir.tmp_path``), as at one of its parameters; None: it names no library
    fixture the index keys a site to."""
    library = the_external(conn, params.symbol) if params.symbol is not None else None
    if library is None:
        return None
    key = str(library["key"])
    if not navigation.usages_page(conn, navigation.UsageScope(key, str(library["name"])), limit=1):
        return None  # a library's function the workspace calls: its calls answer (`unindexed`)
    return _usages(conn, key, library, params)


def _usages(conn: Reader, key: str, row: Row, params: UsagesInput) -> UsagesResult:
    """The sites the index keys to the library fixture ``key`` (``row``: its symbol)."""
    ref, where = external_ref(row)
    scope = navigation.UsageScope(key, ref.name)
    rows = [
        (str(r["file"]), int(r["line"]), int(r["col"]), str(r["role"]), str(r["context"] or ""))
        for r in navigation.usages_page(conn, scope, limit=ALL)
    ]
    prov = provenance(conn, ["lsp"], sorted({r[0] for r in rows}))
    note = (
        f"{ref.name} is a library's pytest fixture ({where}), where the server's definition at "
        "the parameter leads: its usages are the parameters naming it and their uses"
    )
    return page(
        rows, params, ref, "semantic", prov.model_copy(update={"notes": [note, *prov.notes]})
    )
