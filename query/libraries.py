"""Where a library's definition is, as the index's external symbols record it: a language
server's outgoing calls located it outside the workspace (``storage.tool_queries``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from lsai.library_modules import uri_path
from lsai.query.contracts import SymbolRef
from lsai.query.errors import AmbiguousSymbol
from lsai.query.resolve import MAX_CANDIDATES
from lsai.query.workspace import Workspace
from lsai.storage import graph, tool_queries
from lsai.storage.engine import Reader, Row

_PACKAGE_FOLDERS = (
    "/site-packages/", "/dist-packages/", "/node_modules/", "/stdlib/", "/stubs/", "/pkg/mod/",
    "/src/",
)  # fmt: skip
"""The folders a library's file is named from, the first found first (Go's ``GOROOT/src/``
last: ``/src/`` is in many paths)."""


def library_location(uri: str, line: int) -> str:
    """A library's file and line, from the folder of its packages (``json/__init__.pyi:109``,
    ``@types/node/fs.d.ts:12``, ``fmt/print.go:293``), else its file name."""
    path = uri_path(uri)
    folder = next((f for f in _PACKAGE_FOLDERS if f in path), None)
    cut = path.rfind(folder) + len(folder) if folder is not None else path.rfind("/") + 1
    return f"{path[cut:]}:{line}"


def module_file(module: str, uris: Sequence[str]) -> str | None:
    """The file of the Python module ``module`` (dotted) among ``uris`` (its external symbols'
    files): the one Python's import system would load for that name (``json/__init__.pyi``,
    ``os/path.pyi``, ``six.py``), an absolute path; None: none of them is."""
    parts = module.split(".")
    ends = ["/".join([*parts, "__init__"]) + suffix for suffix in (".pyi", ".py")] + [
        "/".join(parts) + suffix for suffix in (".pyi", ".py")
    ]
    for uri in uris:
        path = uri_path(uri)
        if any(path.endswith("/" + end) for end in ends):
            return path
    return None


def external_ref(row: Row) -> tuple[SymbolRef, str]:
    """An external symbol's row (``tool_queries.external_symbol``) as a symbol, its file the
    library file's absolute path, and where it is as ``library_location`` says it."""
    name, module, line = str(row["name"]), row["namespace"], int(row["name_line"])
    uri = str(row["external_location"])
    ref = SymbolRef(
        name=name, kind=str(row["kind"]), qualified_name=f"{module}.{name}" if module else name,
        file=uri_path(uri), line=line, col=int(row["name_col"]), namespace=module,
        backend="lsp",
    )  # fmt: skip
    return ref, library_location(uri, line)


def named_external(conn: Reader, text: str) -> list[Row]:
    """The external symbols ``text`` names (``dumps``, ``json.dumps``, ``pathlib.Path.read_text``):
    of its last name, in the module its qualifier names or starts with, any module's for a bare
    name (a library's function the workspace calls: ``callers json.dumps``)."""
    parts = [p for p in text.strip().split(".") if p]
    if not parts:
        return []
    qualifier = ".".join(parts[:-1])
    rows = tool_queries.externals_named(conn, parts[-1])
    if not qualifier:
        return rows
    return [r for r in rows if in_module(qualifier, str(r["namespace"] or ""))]


def the_external(conn: Reader, text: str) -> Row | None:
    """The one external symbol ``text`` names (``named_external``); None: none. Several
    libraries' of one name are ambiguous: each candidate with its module and place."""
    rows = named_external(conn, text)
    if len(rows) > 1:
        listed = [f"{external_ref(r)[0].qualified_name}  ({external_ref(r)[1]})" for r in rows]
        raise AmbiguousSymbol(
            f"{text!r} matches {len(rows)} library functions:\n"
            + "\n".join(f"  {c}" for c in listed[:MAX_CANDIDATES]),
            resolution="pick one: qualify the name with its module (json.dumps)",
            candidates=tuple(listed),
        )
    return rows[0] if rows else None


def in_module(qualifier: str, module: str) -> bool:
    """Whether ``qualifier`` (what a name was qualified with) names ``module`` or a name in it."""
    if not module:
        return False
    return (
        qualifier == module
        or qualifier.startswith(module + ".")
        or module.endswith("." + qualifier)
    )


def led_to(conn: Reader, asked: tuple[str, int, int, str], lines: Sequence[str]) -> str | None:
    """The external symbol the server led the call at ``asked`` (file, line, column, name) to:
    a library's definition its outgoing calls located; None: no such call there."""
    found = led_call(conn, asked, lines)
    return found[0] if found is not None else None


def led_call(
    conn: Reader, asked: tuple[str, int, int, str], lines: Sequence[str]
) -> tuple[str, str, int] | None:
    """The external symbol the server led the call at ``asked`` (file, line, column, name) to,
    with its file's URI and the line of its name there; None: no such call there."""
    path, line, col, name = asked
    if not graph.external_callees_stored(conn):
        return None
    called = tool_queries.external_callees(conn, name, [path])
    return next(
        (
            (key, uri, there)
            for _, ln, c, key, uri, there in called
            if ln == line and name_from(lines, ln, c, name) == col
        ),
        None,
    )


def name_from(lines: Sequence[str], line: int, col: int, name: str) -> int:
    """The column of ``name`` at or after ``col`` of ``line``: where a call site names it, which
    the server's site may start before (tsgo's ``[].forEach`` read as a value: at ``[``)."""
    found = named_at(lines, line, col, name)
    return col if found is None else found


def named_at(lines: Sequence[str], line: int, col: int, name: str) -> int | None:
    """``name_from``; None: ``line`` spells no ``name`` there (a call through another name the
    server led to the same definition: ``unichr(x)`` of ``unichr = chr``)."""
    found = re.compile(rf"\b{re.escape(name)}\b").search(line_of(lines, line), col - 1)
    return found.start() + 1 if found is not None else None


def line_of(lines: Sequence[str], line: int) -> str:
    return lines[line - 1] if 0 < line <= len(lines) else ""


def file_lines(ws: Workspace, path: str) -> list[str]:
    """A workspace file's lines, decoded as the indexer reads it; none: unreadable."""
    return ws.lines(path) or []


_SIGNATURE_LINES = 60
_SIGNATURE_END = re.compile(r"\)\s*(?:->[^:]*)?:")


def declares_parameter(uri: str, line: int, name: str) -> bool:
    """Whether the Python ``def`` at ``line`` of the library file ``uri`` (where a server's
    outgoing calls located a callee: an external symbol), or one of the ``@overload`` stubs it
    is the first of (the server leads a call of any to the first: optparse's ``add_option``,
    whose second names ``dest``), names a parameter ``name`` in its signature (``action`` of
    argparse's ``add_argument``), not one ``**kwargs`` alone takes (``str.format(n=1)``); False
    where the file cannot be read."""
    lines = _library_lines(uri)
    return any(_names(_signature(lines, at), name) for at in _overloads(lines, line))


def kwargs_alone(uri: str, line: int, name: str) -> bool:
    """Whether ``**kwargs`` alone takes the keyword argument ``name`` of a call the server led
    to the Python ``def`` at ``line`` of the library file ``uri``, or to the class there
    through its own ``__init__`` (argparse's ``Namespace(**kwargs)``: ``Namespace(c=1)``): no
    signature of it or of its other overloads names the parameter, one has ``**``. ty lists no
    references of such a keyword. False where the file cannot be read, or the class declares
    no ``__init__`` of its own (an inherited one: not read)."""
    lines = _library_lines(uri)
    at = _constructor(lines, line) if _CLASS.match(line_of(lines, line)) else line
    if at is None:
        return False
    signatures = [_signature(lines, each) for each in _overloads(lines, at)]
    return "**" in "".join(signatures) and not any(_names(s, name) for s in signatures)


def _library_lines(uri: str) -> list[str]:
    """The lines of the library file ``uri``; none where it cannot be read."""
    return library_lines(uri_path(uri))


def library_lines(path: str) -> list[str]:
    """The lines of the file at the absolute ``path`` outside the workspace (a library's, where
    its language server located a definition), as LSP counts them; none where it cannot be
    read."""
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return [line.removesuffix("\r") for line in text.split("\n")]


def _signature(lines: Sequence[str], line: int) -> str:
    """The signature of the ``def`` at ``line``, without comments, up to its closing ``):``."""
    signature = "\n".join(
        re.sub(r"#.*", "", x) for x in lines[max(0, line - 1) : line - 1 + _SIGNATURE_LINES]
    )
    end = _SIGNATURE_END.search(signature)
    return signature[: end.start()] if end is not None else signature


def _names(signature: str, name: str) -> bool:
    """Whether ``signature`` names the parameter ``name``."""
    return re.search(rf"[(,]\s*{re.escape(name)}\s*[:=,)]", signature) is not None


_CLASS = re.compile(r"(\s*)class\s+\w+")


def _constructor(lines: Sequence[str], line: int) -> int | None:
    """The line of the ``__init__`` the class at ``line`` declares in its body; None: none."""
    head = _CLASS.match(line_of(lines, line))
    indent = len(head.group(1)) if head is not None else 0
    body = None  # the indentation of the body's statements
    for at in range(line + 1, len(lines) + 1):
        text = lines[at - 1]
        here = len(text) - len(text.lstrip())
        if not text.strip() or (body is not None and here > body):
            continue  # a blank line, a nested block's
        if here <= indent:
            return None  # the class's body ended
        body = here
        found = _DEF.match(text)
        if found is not None and found.group(2) == "__init__":
            return at
    return None


_DEF = re.compile(r"(\s*)(?:async\s+)?def\s+(\w+)")


def overloaded_together(uri: str, a: int, b: int) -> bool:
    """Whether the ``def``s at lines ``a`` and ``b`` of the library file ``uri`` are stubs of one
    function's ``@overload``s (typeshed's ``Pattern.search`` for ``Pattern[str]`` and for
    ``Pattern[bytes]``): ty leads a call to the overload it picks, its references at any call
    list every overload's calls. False where the file cannot be read."""
    first, last = sorted((a, b))
    return last in _overloads(_library_lines(uri), first)


def _overloads(lines: Sequence[str], line: int) -> list[int]:
    """The line of the ``def`` at ``line``, and of the defs of its name that follow it in the
    same block (its other ``@overload`` stubs, the implementation), past their decorators,
    bodies and blank lines; another statement at their indentation, or a dedent, ends them."""
    first = _DEF.match(lines[line - 1]) if 0 < line <= len(lines) else None
    if first is None:
        return [line]
    indent, name = first.groups()
    found = [line]
    for at in range(line + 1, len(lines) + 1):
        text = lines[at - 1]
        here = len(text) - len(text.lstrip())
        if not text.strip() or here > len(indent):
            continue  # a blank line, a body's
        same = _DEF.match(text)
        if here < len(indent) or not (text.lstrip().startswith("@") or same):
            break
        if same is not None and same.groups() == (indent, name):
            found.append(at)
        elif same is not None:
            break
    return found
