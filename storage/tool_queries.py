"""Named queries of the diagnostics, rename and server tools.

Like ``storage/queries.py``: every function takes an open connection and returns plain rows or
simple values, so the query layer never writes SQL.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import ColumnElement, Connection, RowMapping, and_, case, false, func, or_, select
from sqlalchemy.orm import aliased

from lsai.storage.memo import remembered
from lsai.storage.models import CallEdge, Diagnostic, File, Occurrence, Project, Symbol

_SEVERITY_RANK = case(
    (Diagnostic.severity == "error", 0),
    (Diagnostic.severity == "warning", 1),
    (Diagnostic.severity == "info", 2),
    else_=3,
)


def _escape_like(value: str) -> str:
    return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _under(prefixes: Sequence[str] | None) -> ColumnElement[bool]:
    """Files at or under one of ``prefixes`` (``.`` is the whole workspace; None: everything)."""
    if prefixes is None or "." in prefixes:
        return and_(True)
    if not prefixes:
        return false()
    return or_(
        *(
            or_(File.path == p, File.path.like(_escape_like(p) + "/%", escape="\\"))
            for p in prefixes
        )
    )


def _not_generated(dirs: Sequence[str]) -> ColumnElement[bool]:
    """Files in none of the folders named ``dirs`` at any depth (``obj/``, ``node_modules/``)."""
    conditions: list[ColumnElement[bool]] = []
    for d in dirs:
        escaped = _escape_like(d)
        conditions.append(File.path.like(escaped + "/%", escape="\\"))
        conditions.append(File.path.like("%/" + escaped + "/%", escape="\\"))
    return ~or_(*conditions) if conditions else and_(True)


# -- diagnostics ---------------------------------------------------------------------------------
def unindexed_files(
    conn: Connection, prefixes: Sequence[str] | None, exclude_dirs: Sequence[str], limit: int
) -> list[RowMapping]:
    """The first ``limit`` files in scope that were not indexed (skipped: binary, minified, too
    large; failed: unreadable), each with its path and why (``error``)."""
    rows = conn.execute(
        select(File.path, File.error)
        .where(
            _under(prefixes), _not_generated(exclude_dirs), File.status.in_(("skipped", "failed"))
        )
        .order_by(File.path)
        .limit(limit)
    )
    return list(rows.mappings())


def project_roots_named(conn: Connection, name: str) -> list[str]:
    """Roots of the projects whose name or root is ``name``."""
    rows = conn.execute(
        select(Project.root).where(or_(Project.name == name, Project.root == name.rstrip("/")))
    )
    return sorted(str(r[0]) for r in rows)


def files_by_backend(
    conn: Connection, prefixes: Sequence[str] | None, exclude_dirs: Sequence[str]
) -> dict[str, int]:
    """Files in scope per backend that produced them (``lsp``, ``tree-sitter``, ``none``)."""
    rows = conn.execute(
        select(File.backend, func.count())
        .where(_under(prefixes), _not_generated(exclude_dirs))
        .group_by(File.backend)
    )
    return {str(backend): int(n) for backend, n in rows}


def diagnostic_counts(
    conn: Connection, prefixes: Sequence[str] | None, exclude_dirs: Sequence[str]
) -> dict[str, int]:
    """The diagnostics in scope per severity, every severity in one count (remembered per state
    of the index: Django's 21,000 diagnostics cost ~10 ms a count)."""

    def count() -> tuple[tuple[str, int], ...]:
        rows = conn.execute(
            select(Diagnostic.severity, func.count())
            .join(File, File.id == Diagnostic.file_id)
            .where(_under(prefixes), _not_generated(exclude_dirs))
            .group_by(Diagnostic.severity)
        )
        return tuple((str(sev), int(n)) for sev, n in rows)

    scope = tuple(prefixes) if prefixes is not None else None
    return dict(remembered(conn, ("diagnostic_counts", scope, tuple(exclude_dirs)), count))


def diagnostics_page(
    conn: Connection,
    prefixes: Sequence[str] | None,
    severities: Sequence[str],
    exclude_dirs: Sequence[str],
    *,
    limit: int,
    offset: int,
) -> list[RowMapping]:
    """One page of diagnostics in scope (by file, line, column)."""
    rows = conn.execute(
        select(
            File.path.label("file"), File.language, Diagnostic.severity, Diagnostic.code,
            Diagnostic.message, Diagnostic.source, Diagnostic.start_line, Diagnostic.start_col,
            Diagnostic.end_line, Diagnostic.end_col,
        )
        .join(File, File.id == Diagnostic.file_id)
        .where(
            _under(prefixes),
            _not_generated(exclude_dirs),
            Diagnostic.severity.in_(list(severities)),
        )
        .order_by(File.path, Diagnostic.start_line, Diagnostic.start_col, _SEVERITY_RANK)
        .limit(limit)
        .offset(offset)
    ).mappings()  # fmt: skip
    return list(rows)


def error_counts(conn: Connection, paths: Sequence[str]) -> dict[str, int]:
    """path -> number of error diagnostics, for the given files."""
    rows = conn.execute(
        select(File.path, func.count())
        .join(Diagnostic, Diagnostic.file_id == File.id)
        .where(File.path.in_(list(paths)), Diagnostic.severity == "error")
        .group_by(File.path)
    )
    return {str(path): int(n) for path, n in rows}


# -- rename --------------------------------------------------------------------------------------
_SYMBOL_COLUMNS = (
    Symbol.key, Symbol.name, Symbol.qualified_name, Symbol.kind, Symbol.container_key,
    Symbol.modifiers, Symbol.language, Symbol.name_line.label("line"),
    Symbol.name_col.label("col"), File.path.label("file"), File.backend,
)  # fmt: skip


def symbol_by_key(conn: Connection, key: str) -> RowMapping | None:
    return (
        conn.execute(
            select(*_SYMBOL_COLUMNS).join(File, File.id == Symbol.file_id).where(Symbol.key == key)
        )
        .mappings()
        .first()
    )


def symbols_named(conn: Connection, name: str) -> list[RowMapping]:
    """Every symbol defined in the workspace with exactly this name."""
    rows = conn.execute(
        select(*_SYMBOL_COLUMNS)
        .join(File, File.id == Symbol.file_id)
        .where(Symbol.name == name, Symbol.is_external == 0)
        .order_by(File.path, Symbol.name_line)
    ).mappings()
    return list(rows)


_OCCURRENCE_COLUMNS = (
    File.path.label("file"), File.backend.label("file_backend"), File.language,
    Occurrence.symbol_key, Occurrence.name, Occurrence.role, Occurrence.start_line.label("line"),
    Occurrence.start_col.label("col"), Occurrence.end_col, Occurrence.enclosing_key,
)  # fmt: skip


def occurrences_of_key(conn: Connection, key: str) -> list[RowMapping]:
    rows = conn.execute(
        select(*_OCCURRENCE_COLUMNS)
        .join(File, File.id == Occurrence.file_id)
        .where(Occurrence.symbol_key == key)
        .order_by(File.path, Occurrence.start_line, Occurrence.start_col)
    ).mappings()
    return list(rows)


def occurrences_named(conn: Connection, name: str, languages: Sequence[str]) -> list[RowMapping]:
    """Every occurrence of the identifier ``name`` (in files of ``languages`` when given)."""
    condition = Occurrence.name == name
    if languages:
        condition = and_(condition, File.language.in_(list(languages)))
    rows = conn.execute(
        select(*_OCCURRENCE_COLUMNS)
        .join(File, File.id == Occurrence.file_id)
        .where(condition)
        .order_by(File.path, Occurrence.start_line, Occurrence.start_col)
    ).mappings()
    return list(rows)


def reference_counts(conn: Connection, keys: Sequence[str]) -> dict[str, int]:
    """key -> occurrences that are not its definition."""
    rows = conn.execute(
        select(Occurrence.symbol_key, func.count())
        .where(Occurrence.symbol_key.in_(list(keys)), Occurrence.role != "definition")
        .group_by(Occurrence.symbol_key)
    )
    return {str(key): int(n) for key, n in rows}


def symbol_named_at(conn: Connection, path: str, line: int, col: int) -> RowMapping | None:
    """The symbol whose name starts at ``path:line:col`` (a local rename's function)."""
    return (
        conn.execute(
            select(*_SYMBOL_COLUMNS)
            .join(File, File.id == Symbol.file_id)
            .where(File.path == path, Symbol.name_line == line, Symbol.name_col == col)
        )
        .mappings()
        .first()
    )


CALLABLE_KINDS = ("function", "method", "constructor")


def enclosing_callable(
    conn: Connection, path: str, line: int, kinds: Sequence[str] = CALLABLE_KINDS
) -> RowMapping | None:
    """The innermost function, method or constructor (or symbol of ``kinds``) of ``path``
    whose definition spans ``line`` (a local's function)."""
    return (
        conn.execute(
            select(*_SYMBOL_COLUMNS)
            .join(File, File.id == Symbol.file_id)
            .where(
                File.path == path,
                Symbol.kind.in_(list(kinds)),
                Symbol.start_line <= line,
                Symbol.end_line >= line,
            )
            .order_by(Symbol.start_line.desc(), Symbol.end_line)
        )
        .mappings()
        .first()
    )


def spans(conn: Connection, path: str, kinds: Sequence[str]) -> list[tuple[str, int, int]]:
    """The symbols of ``kinds`` in ``path``: key, first and last line of each definition, in
    the order they start."""
    rows = conn.execute(
        select(Symbol.key, Symbol.start_line, Symbol.end_line)
        .join(File, File.id == Symbol.file_id)
        .where(File.path == path, Symbol.kind.in_(list(kinds)))
        .order_by(Symbol.start_line, Symbol.end_line.desc())
    )
    return [(str(key), int(first), int(last)) for key, first, last in rows]


def call_sites(conn: Connection, keys: Sequence[str]) -> dict[str, list[tuple[int, int]]]:
    """Where each call of the symbols ``keys`` names its callee, by file."""
    rows = conn.execute(
        select(File.path, CallEdge.line, CallEdge.col)
        .join(File, File.id == CallEdge.file_id)
        .where(CallEdge.callee_key.in_(list(keys)))
        .order_by(File.path, CallEdge.line, CallEdge.col)
    )
    out: dict[str, list[tuple[int, int]]] = {}
    for path, line, col in rows:
        out.setdefault(str(path), []).append((int(line), int(col)))
    return out


def reads_of_keys(conn: Connection, keys: Sequence[str]) -> list[tuple[str, int, int, int]]:
    """Where the symbols ``keys`` are read (no definition nor import): file, line, column and
    end column."""
    rows = conn.execute(
        select(File.path, Occurrence.start_line, Occurrence.start_col, Occurrence.end_col)
        .join(File, File.id == Occurrence.file_id)
        .where(
            Occurrence.symbol_key.in_(list(keys)),
            Occurrence.role.not_in(("definition", "import")),
        )
        .order_by(File.path, Occurrence.start_line, Occurrence.start_col)
    )
    return [(str(path), int(line), int(col), int(end)) for path, line, col, end in rows]


def class_reads_on_lines(
    conn: Connection, path: str, first: int, last: int
) -> list[tuple[int, int, int, str]]:
    """The reads of classes of ``path`` on lines ``first``..``last``: line, column, end column
    and the class's key."""
    rows = conn.execute(
        select(
            Occurrence.start_line, Occurrence.start_col, Occurrence.end_col, Occurrence.symbol_key
        )
        .join(File, File.id == Occurrence.file_id)
        .join(Symbol, Symbol.key == Occurrence.symbol_key)
        .where(
            File.path == path,
            Occurrence.start_line.between(first, last),
            Occurrence.role.not_in(("definition", "import")),
            Symbol.kind == "class",
        )
    )
    return [(int(line), int(col), int(end), str(key)) for line, col, end, key in rows]


def calls_on_lines(
    conn: Connection, path: str, first: int, last: int
) -> list[tuple[int, int, str]]:
    """The calls of ``path`` naming their callee on lines ``first``..``last``: line, column and
    the callee's key."""
    rows = conn.execute(
        select(CallEdge.line, CallEdge.col, CallEdge.callee_key)
        .join(File, File.id == CallEdge.file_id)
        .where(File.path == path, CallEdge.line.between(first, last))
        .order_by(CallEdge.line.desc(), CallEdge.col.desc())
    )
    return [(int(line), int(col), str(key)) for line, col, key in rows if key is not None]


def calls_led_on_lines(
    conn: Connection, path: str, first: int, last: int
) -> list[tuple[int, str, str | None, str | None]]:
    """The calls of ``path`` on lines ``first``..``last``, the last first: line, callee name,
    and where the server led each, its workspace symbol's key or its external symbol's (None
    both: nowhere)."""
    rows = conn.execute(
        select(CallEdge.line, CallEdge.callee_name, CallEdge.callee_key, CallEdge.external_key)
        .join(File, File.id == CallEdge.file_id)
        .where(File.path == path, CallEdge.line.between(first, last))
        .order_by(CallEdge.line.desc(), CallEdge.col.desc())
    )
    return [(int(line), str(name), key, external) for line, name, key, external in rows]


def untied_calls_on_lines(
    conn: Connection, path: str, first: int, last: int
) -> list[tuple[int, int, str]]:
    """The calls of ``path`` on lines ``first``..``last`` a server tied to no symbol of the
    workspace (a library's function: ``pytest.raises(...)``): line, column and callee name,
    the last first."""
    rows = conn.execute(
        select(CallEdge.line, CallEdge.col, CallEdge.callee_name)
        .join(File, File.id == CallEdge.file_id)
        .where(File.path == path, CallEdge.line.between(first, last), CallEdge.callee_key.is_(None))
        .order_by(CallEdge.line.desc(), CallEdge.col.desc())
    )
    return [(int(line), int(col), str(name)) for line, col, name in rows]


def untied_call_sites(
    conn: Connection, name: str, language: str
) -> dict[str, list[tuple[int, int]]]:
    """Where each call of a callee named ``name`` a server tied to no symbol names it, in files
    of ``language``, by file."""
    rows = conn.execute(
        select(File.path, CallEdge.line, CallEdge.col)
        .join(File, File.id == CallEdge.file_id)
        .where(
            CallEdge.callee_name == name,
            CallEdge.callee_key.is_(None),
            File.language == language,
            File.backend == "lsp",
        )
        .order_by(File.path, CallEdge.line, CallEdge.col)
    )
    out: dict[str, list[tuple[int, int]]] = {}
    for path, line, col in rows:
        out.setdefault(str(path), []).append((int(line), int(col)))
    return out


def external_callees(
    conn: Connection, name: str, paths: Sequence[str]
) -> list[tuple[str, int, int, str, str, int]]:
    """(path, line, col, external key, URI, line there) of each call of a callee named ``name``
    in ``paths`` whose server located it outside the workspace (``call_edges.external_key``)."""
    rows = conn.execute(
        select(
            File.path,
            CallEdge.line,
            CallEdge.col,
            Symbol.key,
            Symbol.external_location,
            Symbol.name_line,
        )
        .join(File, File.id == CallEdge.file_id)
        .join(Symbol, Symbol.key == CallEdge.external_key)
        .where(CallEdge.callee_name == name, File.path.in_(list(paths)))
    )
    return [(str(r[0]), int(r[1]), int(r[2]), str(r[3]), str(r[4]), int(r[5])) for r in rows]


def external_calls_named(conn: Connection, name: str) -> list[tuple[str, int, int, str]]:
    """(path, line, col, external key) of every call of a callee named ``name`` its server led
    outside the workspace, in any file."""
    rows = conn.execute(
        select(File.path, CallEdge.line, CallEdge.col, CallEdge.external_key)
        .join(File, File.id == CallEdge.file_id)
        .where(CallEdge.callee_name == name, CallEdge.external_key.is_not(None))
        .order_by(File.path, CallEdge.line, CallEdge.col)
    )
    return [(str(p), int(ln), int(c), str(k)) for p, ln, c, k in rows]


def calls_of_external(conn: Connection, key: str, name: str | None) -> list[tuple[str, int, int]]:
    """(path, line, col) of every call of ``name`` its server led to the external symbol
    ``key`` (not through another name: ``w`` of ``from warnings import warn as w``); ``name``
    None: through any (a keyword argument is the parameter's whatever names the callee)."""
    named = () if name is None else (CallEdge.callee_name == name,)
    rows = conn.execute(
        select(File.path, CallEdge.line, CallEdge.col)
        .join(File, File.id == CallEdge.file_id)
        .where(CallEdge.external_key == key, *named)
        .order_by(File.path, CallEdge.line, CallEdge.col)
    )
    return [(str(p), int(ln), int(c)) for p, ln, c in rows]


def calls_led_nowhere(
    conn: Connection, name: str, paths: Sequence[str], asked_all: Sequence[str] = ()
) -> set[tuple[str, int, int]]:
    """(path, line, col) of each call of ``name`` in ``paths`` from a function or method that
    its server's outgoing calls led nowhere, neither to a symbol of the workspace nor outside
    it (a member of a value it could not type: ``x.decode()`` of an ``Any``), from a caller
    they led some other call of outside (so that its outgoing calls were answered: not
    clangd's, nor tsgo's for ``res.format = function`` whose item is the module's). In the
    languages ``asked_all`` (a server asked the outgoing calls of every callable with a call
    site), a caller some other call of which is the workspace's will do (dill ``parent``:
    ``parents(obj)`` beside ``chain.pop()``), and any caller of a file the server indexed
    whole, whose outgoing calls were answered though they led nowhere at all (croniter's test
    methods calling ``self.assertRaises`` of an unresolved base alone)."""
    caller = aliased(Symbol)
    other = aliased(CallEdge)
    asked = caller.language.in_(list(asked_all))
    located = select(other.id).where(
        other.caller_key == CallEdge.caller_key,
        or_(other.external_key.is_not(None), and_(other.callee_key.is_not(None), asked)),
    )
    answered = and_(asked, File.backend == "lsp", File.status == "complete")
    rows = conn.execute(
        select(File.path, CallEdge.line, CallEdge.col)
        .join(File, File.id == CallEdge.file_id)
        .join(caller, caller.key == CallEdge.caller_key)
        .where(
            CallEdge.callee_name == name,
            File.path.in_(list(paths)),
            CallEdge.callee_key.is_(None),
            CallEdge.external_key.is_(None),
            caller.kind.in_(CALLABLE_KINDS),
            or_(answered, located.exists()),
        )
    )
    return {(str(p), int(ln), int(c)) for p, ln, c in rows}


def external_locations(conn: Connection, keys: Sequence[str]) -> dict[str, tuple[str, int]]:
    """key -> (URI of its file, line) of each external symbol among ``keys``."""
    if not keys:
        return {}
    rows = conn.execute(
        select(Symbol.key, Symbol.external_location, Symbol.name_line).where(
            Symbol.key.in_(list(keys)), Symbol.is_external == 1
        )
    )
    return {str(r.key): (str(r.external_location), int(r.name_line)) for r in rows}


def external_symbol(conn: Connection, key: str) -> RowMapping | None:
    """The external symbol ``key``: its key, name, kind, namespace, file URI, name's place."""
    return (
        conn.execute(
            select(
                Symbol.key, Symbol.name, Symbol.kind, Symbol.namespace, Symbol.external_location,
                Symbol.name_line, Symbol.name_col,
            ).where(Symbol.key == key, Symbol.is_external == 1)
        )
        .mappings()
        .first()
    )  # fmt: skip


def externals_named(conn: Connection, name: str) -> list[RowMapping]:
    """The external symbols named ``name``: key, name, kind, namespace, file URI, name's place."""
    return list(
        conn.execute(
            select(
                Symbol.key, Symbol.name, Symbol.kind, Symbol.namespace, Symbol.external_location,
                Symbol.name_line, Symbol.name_col,
            )
            .where(Symbol.name == name, Symbol.is_external == 1)
            .order_by(Symbol.namespace, Symbol.key)
        ).mappings()
    )  # fmt: skip


def external_files(conn: Connection, namespace: str) -> list[str]:
    """The file URIs of the external symbols whose module is ``namespace`` (``json``: where
    ``json.dumps`` and ``json.loads`` were located)."""
    rows = conn.execute(
        select(Symbol.external_location)
        .where(Symbol.is_external == 1, Symbol.namespace == namespace)
        .distinct()
    )
    return sorted(str(r[0]) for r in rows if r[0])


def external_file_uris(conn: Connection) -> list[str]:
    """The file URIs of every external symbol (where the server located library symbols)."""
    rows = conn.execute(select(Symbol.external_location).where(Symbol.is_external == 1).distinct())
    return sorted(str(r[0]) for r in rows if r[0])


def module_files(conn: Connection, name: str) -> list[str]:
    """The Python files a top-level module ``name`` may be (``name.py``, ``name/__init__.py``,
    a namespace package's ``name/...``), at any source root."""
    escaped = _escape_like(name)
    rows = conn.execute(
        select(File.path)
        .where(
            File.language == "python",
            or_(
                *(
                    File.path.like(pattern, escape="\\")
                    for pattern in (
                        f"{escaped}.py",
                        f"%/{escaped}.py",
                        f"{escaped}/%",
                        f"%/{escaped}/%",
                    )
                )
            ),
        )
        .limit(1)
    )
    return [str(r[0]) for r in rows]


def python_module_paths(conn: Connection, dotted: str) -> list[str]:
    """The Python files the module ``dotted`` (``pkg.mod``) may be at any source root
    (``pkg/mod.py``, ``src/pkg/mod/__init__.py``), by path."""
    tail = _escape_like(dotted.replace(".", "/"))
    patterns = (f"{tail}.py", f"%/{tail}.py", f"{tail}/__init__.py", f"%/{tail}/__init__.py")
    rows = conn.execute(
        select(File.path)
        .where(
            File.language == "python",
            or_(*(File.path.like(pattern, escape="\\") for pattern in patterns)),
        )
        .order_by(File.path)
    )
    return [str(r[0]) for r in rows]


def content_hashes(conn: Connection, paths: Sequence[str]) -> dict[str, str | None]:
    rows = conn.execute(select(File.path, File.content_hash).where(File.path.in_(list(paths))))
    return {str(path): (str(h) if h is not None else None) for path, h in rows}


# -- server --------------------------------------------------------------------------------------
def language_backends(conn: Connection) -> list[RowMapping]:
    """(language, backend, backend_version, files) for every indexed file group."""
    rows = conn.execute(
        select(File.language, File.backend, File.backend_version, func.count().label("files"))
        .where(File.status.in_(("complete", "partial")), File.language.is_not(None))
        .group_by(File.language, File.backend, File.backend_version)
        .order_by(File.language, File.backend)
    ).mappings()
    return list(rows)


def file_status_counts(conn: Connection) -> dict[str, int]:
    return {
        str(status): int(n)
        for status, n in conn.execute(select(File.status, func.count()).group_by(File.status))
    }


def project_count(conn: Connection) -> int:
    return int(conn.execute(select(func.count()).select_from(Project)).scalar_one())


def diagnosed_at(conn: Connection, path: str, at: tuple[int, int], code: str) -> bool:
    """Whether the server reported the diagnostic ``code`` starting at ``at`` (line, column) of
    ``path``."""
    return _diagnosed(
        conn, path, code, Diagnostic.start_line == at[0], Diagnostic.start_col == at[1]
    )


def diagnosed_on(
    conn: Connection, path: str, line: int, code: str, cols: tuple[int, int] | None = None
) -> bool:
    """Whether the server reported the diagnostic ``code`` starting on ``line`` of ``path``;
    with ``cols``, one whose range on that line meets those columns (``[start, end)``)."""
    if cols is None:
        return _diagnosed(conn, path, code, Diagnostic.start_line == line)
    start, end = cols
    return _diagnosed(
        conn,
        path,
        code,
        Diagnostic.start_line == line,
        Diagnostic.start_col < end,
        (Diagnostic.end_line > line) | (Diagnostic.end_col > start),
    )


def _diagnosed(conn: Connection, path: str, code: str, *where: ColumnElement[bool]) -> bool:
    row = conn.execute(
        select(Diagnostic.id)
        .join(File, File.id == Diagnostic.file_id)
        .where(File.path == path, Diagnostic.code == code, *where)
        .limit(1)
    ).first()
    return row is not None
