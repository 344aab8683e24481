"""Usages of names that are no symbol of the index: a parameter or a local variable (its scope's
names, by tree-sitter's scopes: ``local_rename``), and a name the language server tied to no
symbol of the workspace, a library's or the language's own (``bytes``, ``pytest.raises``),
listed by name."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from lsai.library_modules import absolute_module
from lsai.query import (
    commonjs_required,
    library_calls,
    literal_keys,
    local_rename,
    require_calls,
    unresolved_docs,
    unresolved_imports,
)
from lsai.query.alike import (
    AS_ALIAS,
    FROM_MODULE,
    IMPORT_LIST,
    Like,
    Spellings,
    go_imports,
    is_key,
    is_keyword,
    library_key,
    one_module_name,
    qualifier_col,
)
from lsai.query.contracts import Provenance, SymbolRef
from lsai.query.libraries import external_ref, file_lines, line_of, name_from, the_external
from lsai.query.library_calls import code_of, is_member
from lsai.query.provenance import provenance
from lsai.query.reach import TSGO_LANGUAGES
from lsai.query.reexport_shim import shim_files
from lsai.query.rename_plan import reserved
from lsai.query.resolve import language_family
from lsai.query.usage_contracts import Usage, UsageFile, UsagesInput, UsagesResult
from lsai.query.workspace import Scopes, Workspace
from lsai.storage import navigation, queries, tool_queries
from lsai.storage.engine import Reader, Row

Answer = Callable[[Workspace, UsagesInput], UsagesResult]
"""The usages tool (``query.usages.usages``), for the symbol a local leads to."""
Site = tuple[str, int, int, str, str]  # file, line, column, role, code line
Position = tuple[int, int]


def local_usages(
    conn: Reader,
    ws: Workspace,
    params: UsagesInput,
    found: tuple[local_rename.Local, tuple[int, int], str],
    answer: Answer,
) -> UsagesResult:
    """The uses of the parameter or local variable a position names, which is no symbol of the
    index: the names its scope binds to it, by tree-sitter's scopes (``local_rename.uses``), as
    the servers' references list them."""
    local, binding, corrected = found
    target, _ = local_rename.target(conn, local, binding)
    sites = local_rename.uses(conn, ws, local, binding)
    rows: list[Site] = []
    for path in sorted(sites, key=lambda p: (p != local.path, p)):
        lines = local.lines if path == local.path else file_lines(ws, path)
        for line, col in sites[path]:
            role = "definition" if (path, line, col) == (local.path, *binding) else "reference"
            if role == "reference" or params.include_definition:
                rows.append((path, line, col, role, code_of(lines, line)))
    keywords = ", and the keyword arguments of its function's calls"
    notes = [
        *([corrected] if corrected else []),
        f"{local_rename.described(target, local)}: its uses are the names tree-sitter's scopes "
        "read as that binding" + (keywords if target.kind == "parameter" else ""),
    ]
    backends = ["tree-sitter"]
    paths = list(sites)
    read = _destructured(conn, ws, (local, binding), params.include_definition, answer)
    if read:  # `{ size } = box` at its binding: the property's uses too
        seen = {(r[0], r[1], r[2]) for r in rows}
        for each in read:
            for f in each.files:
                for u in f.usages:
                    at = (f.file, u.line, u.col)
                    if at in seen or (
                        not params.include_definition and at == (local.path, *binding)
                    ):
                        continue
                    seen.add(at)
                    rows.append((f.file, u.line, u.col, u.role, u.context or ""))
            backends += each.provenance.backends
            paths += [f.file for f in each.files]
        order: dict[str, int] = {}
        for r in rows:
            order.setdefault(r[0], len(order))
        rows.sort(key=lambda r: (r[0] != local.path, order[r[0]], r[1], r[2]))
        where = "its binding" if local.asked == binding else "a shorthand property"
        named = ", ".join(each.symbol.qualified_name for each in read)
        properties = "the property it names" if len(read) == 1 else "the union members' property"
        notes.append(
            f"asked at {where}, it lists the uses of {named}, {properties}, too, as "
            "TypeScript's server does"
            if local.destructured
            else f"it lists the sites of {named} in the module it requires, the property it "
            "names, too, as TypeScript's server does"
        )
    literal = literal_keys.local_also(ws, local)
    if literal is not None:  # `{ text }`, `const { text } = data` of `data = { text: ... }`
        seen = {(r[0], r[1], r[2]) for r in rows}
        rows += [
            r
            for r in literal_keys.usage_rows(literal, params.include_definition)
            if (r[0], r[1], r[2]) not in seen
        ]
        rows.sort(key=lambda r: (r[0] != local.path, r[0], r[1], r[2]))
        notes.append(
            f"asked at a key of the object literal a function's variable holds, it lists the "
            f"uses of its property {literal.name} too, as TypeScript's server does"
        )
    prov = provenance(conn, backends, paths)
    ref = local_rename.symbol_ref(target)
    return page(rows, params, ref, "scope", prov.model_copy(update={"notes": notes + prov.notes}))


def literal_usages(conn: Reader, params: UsagesInput, found: literal_keys.Property) -> UsagesResult:
    """The uses of a key of the object literal a function's variable holds (``literal_keys``):
    the key's and each member name's reading it through the variable, as tsgo's references."""
    rows = literal_keys.usage_rows(found, params.include_definition)
    note = (
        f"{literal_keys.described(found)}: its uses are the member names tree-sitter reads "
        "through that variable"
    )
    left = literal_keys.handed_on(found)
    notes = [note, *([left] if left else [])]
    prov = provenance(conn, ["tree-sitter"], [found.path])
    ref = literal_keys.symbol_ref(found, conn)
    return page(rows, params, ref, "scope", prov.model_copy(update={"notes": notes + prov.notes}))


def _destructured(
    conn: Reader,
    ws: Workspace,
    found: tuple[local_rename.Local, Position],
    include_definition: bool,
    answer: Answer,
) -> list[UsagesResult]:
    """The usages of the property a shorthand destructuring binds (``const { size } = box``),
    when asked at that binding: tsgo's references there are the property's and the local's (at
    a use of the local, the local's alone), each member's property where ``box`` is a union
    (``const { type } = m as Get | Set``); at any of a module-level ``const { X } =
    require('./m')``'s, the sites of ``m``'s ``exports.X`` (``commonjs_required``)."""
    local, binding = found
    at: list[tuple[str, int, int, str | None]] = []
    if local.destructured:
        rows = navigation.symbols_by_keys(conn, list(local.destructured))
        at = [(str(r["file"]), int(r["line"]), int(r["col"]), str(r["name"])) for r in rows]
    else:
        required = commonjs_required.required_export(
            conn, ws, (local.path, *binding), local.language
        )
        at = [(*required, None)] if required is not None else []
    return [
        answer(ws, _property_asked(local, (file, line, col), name, include_definition))
        for file, line, col, name in at
    ]


def _property_asked(
    local: local_rename.Local, at: tuple[str, int, int], name: str | None, definition: bool
) -> UsagesInput:
    """How the property at ``at`` is asked for: by its name on its line where it is declared
    at the shorthand asked (``return { middleAs, commonPrefix }``, a property of the function's
    value), as asked there by position the local would answer again; else by position."""
    file, line, col = at
    if name is not None and at == (local.path, *local.asked):
        return UsagesInput(
            symbol=name, file=file, line=line, limit=1000, include_definition=definition
        )
    return UsagesInput(file=file, line=line, col=col, limit=1000, include_definition=definition)


def _no_library_name(language: str, line: str, col: int, name: str) -> bool:
    """Whether the ``name`` at ``col`` of ``line`` names no library's name: the module a Python
    ``from`` statement imports from, a Python subscript's string key the server tied to no
    TypedDict (``POWER['not']`` of a plain dict: ty lists no references there), an object's
    key, a reserved word tree-sitter read as a name (``API void f(...)``: an unknown macro
    before it; C++'s ``static_cast<int>(d)``), not a member spelled as one
    (``set.delete(x)``, ``promise.catch(f)``: a library's method), or a module's own
    attribute read bare (``__name__``: ``_MODULE_OWN``)."""
    module = language == "python" and FROM_MODULE.search(line[: col - 1]) is not None
    string_key = _string_key(language, line, col, name)
    word = reserved(language, name) and not is_member([line], 1, col)
    own = language == "python" and name in _MODULE_OWN and not is_member([line], 1, col)
    return module or string_key or is_key(language, line, col, name) or word or own


_MODULE_OWN = frozenset(
    {"__name__", "__file__", "__doc__", "__package__", "__spec__", "__loader__", "__path__"}
    | {"__builtins__", "__debug__", "__annotations__", "__dict__", "__cached__"}
    | {"__module__", "__qualname__"}
)
"""Names a Python module (a class body: ``__module__``, ``__qualname__``) holds as its own,
declared in no file: read bare, each module's ``__name__`` is another value, and ty ties them
to nothing and lists no references (``if __name__ == "__main__":`` in every script; docopt's
examples: "the server answers none; lsai 16"), so they are no name to list by name."""


def _undefined(conn: Reader, language: str, asked: tuple[str, int, int, str], text: str) -> bool:
    """Whether the bare Python name at ``asked`` (``text`` its line) is one no scope defines,
    where ty reported ``unresolved-reference`` (Python 2's ``unicode`` in Python 3 code): ty
    ties it to nothing and lists no references there."""
    path, line, col, _ = asked
    if language != "python" or is_member([text], 1, col):
        return False
    return tool_queries.diagnosed_at(conn, path, (line, col), "unresolved-reference")


def _unlisted(
    conn: Reader, language: str, asked: tuple[str, int, int, str], lines: Sequence[str]
) -> bool:
    """Whether ty lists no references at the Python name at ``asked``: a name no scope defines
    (``_undefined``), a part of a module it could not resolve (``models`` of ``import
    models.models as models``: ``unresolved_imports.unresolved_part``)."""
    if language != "python":
        return False
    text = line_of(lines, asked[1])
    return _undefined(conn, language, asked, text) or unresolved_imports.unresolved_part(
        conn, asked[:3], lines
    )


def _string_key(language: str, line: str, col: int, name: str) -> bool:
    """Whether the ``name`` at ``col`` of ``line`` is a Python subscript's string key
    (``ARGS['functools']``), which the index may store as a site tied to no symbol."""
    if language != "python" or _STRING_KEY.search(line[: col - 1]) is None:
        return False
    return _KEY_END.match(line, col - 1 + len(name)) is not None


_STRING_KEY = re.compile(r"\[\s*['\"]$")
_KEY_END = re.compile(r"['\"]\s*\]")
"""A Python subscript's string key: ``[`` and a quote before the name, a quote and ``]`` after."""


def _from_library(conn: Reader, language: str, line: str, col: int, name: str) -> bool:
    """Whether the ``name`` at ``col`` of a Python ``line`` is the library module a ``from``
    statement imports from, named whole (``from warnings import warn``, no file of the
    workspace): ty's references there are those of ``import warnings`` and its members, in
    every file, not the ``from`` statements' (a dotted or relative module, or the workspace's
    own package, is refused: ty lists no uses of them there, or not every spelling)."""
    return (
        language == "python"
        and from_module(line, col, name)
        and not tool_queries.module_files(conn, name)
    )


def from_module(line: str, col: int, name: str) -> bool:
    """Whether the ``name`` at ``col`` of a Python ``line`` is the module a ``from`` statement
    imports from, named whole (``from json import dumps``; not ``from os.path import``)."""
    return (
        _FROM.search(line[: col - 1]) is not None
        and _THEN_IMPORT.match(line, col - 1 + len(name)) is not None
    )


def _module_bound(
    conn: Reader, ws: Workspace, lines: dict[str, list[str]], asked: tuple[str, int, int, str]
) -> tuple[str, int, int, str] | None:
    """Where an import binds, under its own name, the workspace's module a part of a ``from``
    module names (``filters`` of ``from sqlparse.filters.tokens import X``: ``from sqlparse
    import filters``; ``sqlparse`` there: ``import sqlparse``; ``dev`` of a relative ``from .dev
    import x``: ``from . import dev``), whose uses ty's references list there; None: ``asked``
    is no such part, or no import binds that module. The first part of a library's dotted
    module (``sqlalchemy`` of ``from sqlalchemy.sql import column``) is bound by an ``import``
    under any name (``import sqlalchemy as sa``, not ``sqlalchemy`` of ``import
    sqlalchemy.orm``): ty's references there are those at that import (alembic: 7)."""
    path, line, col, name = asked
    text = line_of(lines[path], line)
    written = _FROM_PART.search(text[: col - 1])
    if written is None or ws.scopes is None:
        return None
    module = written[1] + name
    top = module.split(".", 1)[0]
    library = bool(top) and not tool_queries.module_files(conn, top)
    if library and (written[1] or not _DOTTED.match(text, col - 1 + len(name))):
        return None  # a library's later part, or its whole module (`_from_library`)
    module = absolute_module(path, module)
    spellings = Spellings(ws.scopes(), lines, name)
    for site in navigation.untied_sites(conn, name, language_family("python"), UNTIED_LISTED):
        file, at, start = str(site["file"]), int(site["line"]), int(site["col"])
        if file not in lines:
            lines[file] = file_lines(ws, file)
        code = line_of(lines[file], at)
        if library:  # its imports' role may be a reference's (alembic's `import sqlalchemy`)
            if _IMPORTED.search(code[: start - 1]) is None or _DOTTED.match(
                code, start - 1 + len(name)
            ):
                continue  # `os` of `import os.path`: ty lists none there
        elif site["role"] != "import" or FROM_MODULE.search(code[: start - 1]) is not None:
            continue
        bound = spellings.spelled if library else spellings.bound_itself
        found = bound(file, at, start, name)
        if found is not None and _one_module(conn, found, module):
            return file, at, start, name
    return None


def _submodule_alias(
    conn: Reader, text: str, asked: tuple[str, int, int, str]
) -> tuple[str, int, int, str] | None:
    """The alias an ``import`` of the workspace's submodule binds where ``asked`` is that
    submodule's name (``lex`` of ``import ply.lex as lex``): ty's references there are the
    alias's, its uses in every file (ply: 154); None for another name. A library's there has
    none (``path`` of ``import os.path as osp``: the ``import os.path`` rule)."""
    path, line, col, name = asked
    before = _SUBMODULE.search(text[: col - 1])
    alias = AS_ALIAS.match(text, col - 1 + len(name))
    if before is None or alias is None:
        return None
    if not tool_queries.python_module_paths(conn, re.sub(r"\s+", "", before[1]) + name):
        return None
    return path, line, alias.start(1) + 1, alias[1]


_SUBMODULE = re.compile(IMPORT_LIST + r"((?:\w+\s*\.\s*)+)$")
"""What precedes a later part of the module an ``import`` statement names: the parts before
it (``ply.`` of ``import ply.lex``)."""


def _one_module(conn: Reader, a: str, b: str) -> bool:
    """``one_module_name``, where what the longer name has more (folders a relative import's
    name was read from) is above a source root, no package: ``ws.typing``, ``from .typing`` in
    the package ``ws``, is not the ``typing`` an absolute import there names (the standard
    library's; websockets), nor is a src layout's ``pk.pk`` (``from pk import pk``) its package
    ``pk`` (termcolor), while ``src.pk.dev`` is ``pk.dev``."""
    if not one_module_name(a, b):
        return False
    longer, shorter = (a, b) if len(a) >= len(b) else (b, a)
    above = longer[: len(longer) - len(shorter)].rstrip(".")
    package = above.replace(".", "/") + "/__init__.py"
    paths = tool_queries.python_module_paths(conn, above) if above else []
    return not any(p == package or p.endswith("/" + package) for p in paths)


def _aliased_package(lines: Sequence[str], line: int, col: int, name: str) -> bool:
    """Whether the ``name`` at ``line:col`` is a package an ``import`` of its submodule under
    an alias names (``radon`` of ``import radon.cli as cli``), which binds the alias alone:
    ty's references of the package leave it out, asked at it too (its ``import radon``'s)."""
    text = line_of(lines, line)
    return (
        _IMPORTED.search(text[: col - 1]) is not None
        and _ALIASED_PART.match(text, col - 1 + len(name)) is not None
    )


_ALIASED_PART = re.compile(r"(?:\s*\.\s*\w+)+\s+as\s+\w+")
_IMPORTED = re.compile(r"(?:^|[;:])\s*import\s+(?:[\w.]+(?:\s+as\s+\w+)?\s*,\s*)*$")
"""What precedes a module's name an ``import`` statement names (``import sqlalchemy as sa``)."""
_DOTTED = re.compile(r"\s*\.")
"""What follows a module's name that a dotted name continues (``sqlalchemy.sql``)."""
_FROM_PART = re.compile(r"(?:^\s*|[;:]\s*)from\s+((?:\w+\.|\.)*)$")
"""What precedes a part of the module a Python ``from`` statement imports from: the parts
before it (``sqlparse.`` of ``from sqlparse.filters``, ``.`` of ``from .dev``), none for the
first (``sqlparse``)."""


_FROM = re.compile(r"(?:^\s*|[;:]\s*)from\s+((\w+)\.(?:\w+\.)*)$")


_FROM = re.compile(r"(?:^\s*|[;:]\s*)from\s+$")
_THEN_IMPORT = re.compile(r"\s+import\b")


PER_FILE_IMPORTS = frozenset({*TSGO_LANGUAGES, "go"})
"""Languages whose import of a library binds a name in its file alone, whose uses the servers
list at it (``const http = require('http')``, Go's ``import "strings"``); Python's ``import
os`` is the module's, whose uses ty lists in every file."""
UNTIED_LISTED = 20_000
"""Uses of an untied name read at most (``bytes``, ``pytest``: a few hundred in a project; a
library class a project's tests build everywhere, dateutil's ``datetime``, 2,194 in 19 files, all
in ty's references: the 2,000 read before cut the last files', which refused their own)."""


def imported_local(
    conn: Reader,
    ws: Workspace,
    params: UsagesInput,
    found: tuple[local_rename.Local, Position, str],
) -> UsagesResult | None:
    """The uses of a library's name a Python import in a function binds as it is named
    (``from warnings import warn``, ``import os`` in a def), which ty's references list in
    every file, as at a module's import (``untied_usages``); None: no such import (an alias is
    the function's local)."""
    local, binding, _ = found
    if local.language != "python":
        return None
    text = line_of(local.lines, binding[0])
    if _IMPORT.match(text) is None or _ALIAS.search(text[: binding[1] - 1]) is not None:
        return None
    return untied_usages(conn, ws, params, (local.path, *local.asked, local.name_at(local.asked)))


_ALIAS = re.compile(r"\bas\s+$")


def untied_usages(
    conn: Reader, ws: Workspace, params: UsagesInput, asked: tuple[str, int, int, str] | None
) -> UsagesResult | None:
    """The uses of a name the language server tied to no symbol of the workspace (``site``: a
    library's class or function, a built-in, a member of an untyped value, the library module
    a Python ``from`` statement imports from), by name (``untied_sites``); at a Python keyword
    argument, the keywords of the calls it is passed to (``untied_keywords``). None: ``asked``
    is no such name."""
    served = _served(conn, ws, asked)
    if served is None or asked is None:
        return None
    path, line, col, name = asked
    lines = file_lines(ws, path)
    if is_keyword(served, lines, line, col, name):  # `pytest.raises(E, match=...)`
        return untied_keywords(conn, ws, params, asked, lines)
    found = untied_sites(conn, ws, asked)
    if found is None:
        return None
    return page(found.rows, params, found.ref, "name-based", found.provenance, by_name=True)


def library_usages(conn: Reader, ws: Workspace, params: UsagesInput) -> UsagesResult | None:
    """The usages of a library's function or method asked by a name no workspace symbol has
    (``usages json.dumps``): those ``untied_sites`` lists at the first call the server led to
    its external symbol; None: no such symbol, or no call of it."""
    library = the_external(conn, params.symbol) if params.symbol is not None else None
    if library is None:
        return None
    name = str(library["name"])
    calls = tool_queries.calls_of_external(conn, str(library["key"]), name)
    if not calls:
        return None
    path, line, col = calls[0]
    at = name_from(file_lines(ws, path), line, col, name)
    found = untied_sites(conn, ws, (path, line, at, name))
    if found is None:
        return None
    ref, where = external_ref(library)
    note = f"{name} is a library's ({where}): its uses as at its call at {path}:{line}"
    prov = found.provenance.model_copy(update={"notes": [note, *found.provenance.notes]})
    return page(found.rows, params, ref, "name-based", prov, by_name=True)


class Untied(NamedTuple):
    """The uses of an untied name (``untied_sites``), as the asked one (``ref``) and what the
    answer says of them."""

    rows: list[Site]
    ref: SymbolRef
    provenance: Provenance


def tsgo_family(conn: Reader, path: str) -> tuple[str, ...] | None:
    """The languages whose untied sites a name of the file ``path`` shares (JavaScript and
    TypeScript); None: tsgo indexes no file of its language."""
    row = queries.file_row(conn, path)
    if row is None or row["language"] not in TSGO_LANGUAGES:
        return None
    return language_family(str(row["language"]))


def _served(conn: Reader, ws: Workspace, asked: tuple[str, int, int, str] | None) -> str | None:
    """The language of the file of ``asked`` where a language server indexed it; None: it
    did not (tree-sitter's names tie nothing), or the workspace has no scopes."""
    if asked is None or ws.scopes is None:
        return None
    row = queries.file_row(conn, asked[0])
    return str(row["language"]) if row is not None and row["backend"] == "lsp" else None


def untied_sites(
    conn: Reader, ws: Workspace, asked: tuple[str, int, int, str] | None
) -> Untied | None:
    """The uses of a name the language server tied to no symbol of the workspace, by name: the
    names of the same spelling it tied to nothing either, in files of its language, as a
    member (``x.raises``) where ``asked`` is one, else bare (``bytes``); not a local of that
    name (tree-sitter's scopes); of a library member, only those the server led to the same
    definition where it led any (``library_calls.same_definition``). None: ``asked`` is no
    such name (a keyword argument is not one)."""
    language, scopes = _served(conn, ws, asked), ws.scopes
    if language is None or asked is None or scopes is None:
        return None
    path, line, col, name = asked
    lines = {path: file_lines(ws, path)}
    text = line_of(lines[path], line)
    if is_keyword(language, lines[path], line, col, name) or _unlisted(
        conn, language, asked, lines[path]
    ):
        return None
    module = _from_library(conn, language, text, col, name)
    binding = (
        _module_bound(conn, ws, lines, asked) or _submodule_alias(conn, text, asked)
        if language == "python"
        else None
    )
    if binding is not None:  # `filters` of `from sqlparse.filters.tokens import`
        found = untied_sites(conn, ws, binding)
        place = {"file": path, "line": line, "col": col}
        return found._replace(ref=found.ref.model_copy(update=place)) if found else None
    keyed = library_key(conn, language, path, lines[path], (line, col))
    if _no_library_name(language, text, col, name) and not module and keyed is None:
        return None  # a `from` module of the workspace, a key: no library's name
    spellings = Spellings.of(conn, ws, lines, language, (path, line, col, name))
    like = Like(conn, ws, language, (path, line, col, name), lines[path], spellings)
    lead = library_calls.lead(conn, ws, like, (path, line, col, name), lines)
    if lead is None:
        return None  # a member of an untyped value, as most are in JavaScript: tsgo lists none
    rows, languages = _alike_sites(conn, ws, like, (language, *asked), lines)
    bound = _locals(scopes(), languages, lines)
    rows = [r for r in rows if (r[0], r[1], r[2]) not in bound]
    if like.package:  # not `url.String()` where a local `url` shadows the package
        rows = [
            r for r in rows if (r[0], r[1], qualifier_col(lines[r[0]], r[1], r[2])) not in bound
        ]
    narrowed = (  # a member (`sb.WriteString`) is no name an import binds
        rows
        if like.package or like.member
        else _in_its_file(conn, language, (path, line, col, name), rows, lines[path], module)
    )
    if narrowed is None:
        return None
    rows = narrowed
    if not module and not any((r[0], r[1], r[2]) == (path, line, col) for r in rows):
        return None  # a local after all, or a site the index read otherwise
    required = require_calls.undeclared(conn, language, name, like.member)
    if required:  # `require('./m')`, not `require.main`: TypeScript's own `require` symbol
        rows = require_calls.calls((path, line, col), rows, lines, languages) or []
    rows = unresolved_docs.narrowed(conn, language, asked, rows, lines)
    rows = library_calls.same_definition(
        conn, ws, lines, (path, name, *lead), rows, spellings.same if spellings else None
    )
    if language == "python":
        if not module and not any((r[0], r[1], r[2]) == (path, line, col) for r in rows):
            return None  # a member's call ty led nowhere (`self.assertRaises` of an Any)
        # `radon` of `import radon.cli as cli`: ty lists none there
        rows = [r for r in rows if not _aliased_package(lines[r[0]], r[1], r[2], name)]
    prov = provenance(conn, ["lsp", "tree-sitter"], sorted({r[0] for r in rows}))
    spelled = f".{name}" if like.member else name
    ref = SymbolRef(
        name=name, kind="external", qualified_name=spelled, file=path, line=line, col=col,
        backend="lsp",
    )  # fmt: skip
    described = library_calls.LED_ONLY if lead[1] else like.described()
    described = require_calls.DESCRIBED if required else described
    notes = [*_untied_notes(conn, rows, spelled, described, module), *prov.notes]
    return Untied(rows, ref, prov.model_copy(update={"notes": notes}))


def _alike_sites(
    conn: Reader,
    ws: Workspace,
    like: Like,
    asked: tuple[str, str, int, int, str],
    lines: dict[str, list[str]],
) -> tuple[list[Site], dict[str, str]]:
    """The untied sites of the name ``asked`` (language, file, line, column, name) that are
    ``like`` it, and the language of each of their files."""
    language, path, line, col, name = asked
    rows: list[Site] = []
    languages: dict[str, str] = {}
    candidates = _candidates(conn, language, (path, name), lines[path], like.member)
    if language in TSGO_LANGUAGES and not like.member:
        candidates = _through_a_shim(conn, ws, (language, path, name), lines, candidates)
    if any(_at(site) == (path, line, col) and site["role"] == "import" for site in candidates):
        like.typed = None  # `import type { X }` binds a type and a value of that name alike
    for site in candidates:
        file, at, start = _at(site)
        if file not in lines:
            lines[file] = file_lines(ws, file)
        imported = site["role"] == "import"
        if _string_key(str(site["language"]), line_of(lines[file], at), start, name):
            continue  # `ARGS['functools']` of a plain dict: no use of the module `functools`
        if like.alike((file, at, start, name), lines[file], str(site["language"]), imported):
            languages[file] = str(site["language"])
            rows.append((file, at, start, str(site["role"]), code_of(lines[file], at)))
    return rows, languages


def _at(site: Row) -> tuple[str, int, int]:
    """Where an untied site of the index is (file, line, column)."""
    return str(site["file"]), int(site["line"]), int(site["col"])


def _untied_notes(
    conn: Reader, rows: Sequence[Site], spelled: str, described: str, module: bool
) -> list[str]:
    """What an untied name's listing is (``module``: asked at a ``from`` statement's), and
    where its calls lead."""
    name = spelled.lstrip(".")
    note = (
        f"{spelled} is no symbol of the workspace ({described}): the uses of {spelled} "
        "the server tied to no symbol, listed by name; some may be another's"
    )
    if described == library_calls.LED_ONLY:  # not by name: the calls led where the asked one leads
        note = (
            f"{spelled} is no symbol of the workspace ({described}): the uses listed are the "
            "calls the server led to the definition the asked one leads to, as its references "
            "list them; the others of that name are left out"
        )
    if module:
        note += (
            f"; asked at the module a `from` statement imports from, they are the module's: "
            f"`import {name}` and its members, as ty lists them"
        )
    defined = library_calls.defined_at(conn, name, rows)
    return [
        note,
        *([f"its calls lead to {defined}, as the server located them"] if defined else []),
    ]


def _candidates(
    conn: Reader, language: str, site: tuple[str, str], lines: Sequence[str], member: bool
) -> list[Row]:
    """The untied sites of the name ``site`` (file, name) asks about: its file's where an import
    there binds it (``PER_FILE_IMPORTS``: ``import * as z`` from a module the server does not
    resolve, Go's ``import "strings"``), whatever other files call by that name (zod's tests:
    6,293 untied ``z`` in 140 files, past ``UNTIED_LISTED``); else every file's."""
    path, name = site
    family = language_family(language)
    if language in PER_FILE_IMPORTS and not member:
        own = navigation.untied_sites(conn, name, family, UNTIED_LISTED, path)
        imported = name in go_imports(lines) if language == "go" else None
        if imported or (imported is None and any(s["role"] == "import" for s in own)):
            return own
    return navigation.untied_sites(conn, name, family, UNTIED_LISTED)


def _through_a_shim(
    conn: Reader,
    ws: Workspace,
    asked: tuple[str, str, str],
    lines: dict[str, list[str]],
    own: list[Row],
) -> list[Row]:
    """``own`` (the asked file's untied sites of the name, where its import binds it), or the
    sites of the re-exporting module it imports the name from and of that module's importers
    (``reexport_shim``: tsgo joins them)."""
    language, path, name = asked
    if any(str(s["file"]) != path for s in own) or all(s["role"] != "import" for s in own):
        return own
    every = navigation.untied_sites(conn, name, language_family(language), UNTIED_LISTED)

    def read(file: str) -> list[str]:
        if file not in lines:
            lines[file] = file_lines(ws, file)
        return lines[file]

    sites = [(str(s["file"]), int(s["line"]), str(s["role"])) for s in every]
    files = shim_files(path, sites, read)
    return own if files is None else [s for s in every if str(s["file"]) in files]


def _called(spellings: Spellings, path: str, lines: list[str], line: int, col: int) -> bool:
    """Whether the callee named at ``line:col`` is the function asked (``spellings``): the
    same module's member, or a bare name no import binds (a built-in) where that is one."""
    same = spellings.same(path, line, col)
    if same is None:
        return spellings.asked is None and not is_member(lines, line, col)
    return same


def untied_keywords(
    conn: Reader,
    ws: Workspace,
    params: UsagesInput,
    site: tuple[str, int, int, str],
    lines: list[str],
) -> UsagesResult | None:
    """The uses of a Python keyword argument of a call the server tied to no symbol (a
    library's function: ``match`` of ``pytest.raises(E, match="x")``): as ty's references of
    the parameter list them, the keyword arguments of that name in the calls of that function,
    spelled as a module's member or a name imported from it (``Spellings``), or a built-in's
    (``open(..., encoding=...)``); of a method of a value the server typed
    (``group.add_argument(..., action=...)``), that keyword in the calls it led to the same
    library method, whose signature (or another overload's) names it, through a local holding
    the method too (``ao = parser.add_option``). None: no such call passes it, or it calls a
    method of a value the server led nowhere (``signer.unsign(s, max_age=1)``), a function or
    class whose ``**kwargs`` alone takes it (``"{n}".format(n=1)``, ``Namespace(c=1)``) or a
    local the server led nowhere (a parameter, a ``partial``), which ty answers nothing for."""
    path, line, col, name = site
    assert ws.scopes is not None
    scopes = ws.scopes()
    calls = tool_queries.untied_calls_on_lines(
        conn, path, max(1, line - local_rename.KEYWORD_REACH), line
    )
    source = "\n".join(lines).encode("utf-8")
    passed = scopes.keyword_arguments(source, [(c[0], c[1]) for c in calls])
    call = next((c for c in calls if passed.get((c[0], c[1]), {}).get(name) == (line, col)), None)
    if call is None:
        return None
    texts = {path: lines}
    spellings = Spellings.of(conn, ws, texts, "python", (path, *call))
    callee = call[2]
    led = None  # a method of a value: the calls the server led to its library's definition
    local = (path, call[0], call[1]) in _locals(scopes, {path: "python"}, texts)
    if local or spellings is None or not _called(spellings, path, lines, call[0], call[1]):
        led = library_calls.led_with_keyword(conn, path, call, lines, name)
        if led is None:  # led nowhere (an untyped value, a `partial`), or `**kwargs` takes it
            return None
    elif library_calls.led_to_kwargs(
        conn, path, call, lines, name, lambda: _spelled_definition(spellings, lines, call)
    ):
        return None  # `Namespace(c=1)`: argparse's `**kwargs` takes it, ty answers nothing
    called = (
        tool_queries.untied_call_sites(conn, callee, "python")
        if led is None
        else _by_file(tool_queries.calls_of_external(conn, led, None))  # `ao = p.add_option`
    )
    for file in called:
        texts.setdefault(file, file_lines(ws, file))
    bound = (  # a local holding a function (`factory = partial(...)`), which ty answers
        _locals(scopes, dict.fromkeys(called, "python"), texts)  # nothing for, unless it led
        if led is None  # its calls (`ao = parser.add_option`: the method's)
        else set()
    )
    rows: list[Site] = []
    for file, sites in called.items():
        text = texts[file]
        alike = [
            (at, start)
            for at, start in sites
            if (file, at, start) not in bound
            and (
                led is not None
                or (spellings is not None and _called(spellings, file, text, at, start))
            )
        ]
        found = scopes.keyword_arguments("\n".join(text).encode("utf-8"), alike)
        for keywords in found.values():
            if name in keywords:
                at, start = keywords[name]
                rows.append((file, at, start, "reference", code_of(text, at)))
    rows.sort(key=lambda r: (r[0] != path, r[0], r[1], r[2]))
    spelled = f"{callee}({name}=)"
    whose = "the server led to its definition" if led else "the server tied to no symbol"
    note = (
        f"{spelled} is no symbol of the workspace (a keyword argument of a library's function):"
        f" its uses are the {name}= of the calls of {callee} {whose}, listed by name; some may"
        " be another's"
    )
    prov = provenance(conn, ["lsp", "tree-sitter"], sorted({r[0] for r in rows}))
    ref = SymbolRef(
        name=name, kind="external", qualified_name=spelled, file=path, line=line, col=col,
        backend="lsp",
    )  # fmt: skip
    by_name = prov.model_copy(update={"notes": [note, *prov.notes]})
    return page(rows, params, ref, "name-based", by_name, by_name=True)


def _spelled_definition(
    spellings: Spellings, lines: Sequence[str], call: tuple[int, int, str]
) -> tuple[str, int] | None:
    """The library's definition (file URI, line) the callee of ``call`` (line, column,
    callee) is spelled as: the module's member asked (``setuptools.setup``), or the built-in
    of a bare name no import binds (``dict``); None: not found (``LibraryModules.definition``)."""
    line, col, callee = call
    if spellings.library is None:
        return None
    bare = None if is_member(lines, line, col) else f"builtins.{callee}"
    dotted = spellings.asked or bare
    return None if dotted is None else spellings.library.definition(dotted)


def _by_file(sites: Sequence[tuple[str, int, int]]) -> dict[str, list[tuple[int, int]]]:
    out: dict[str, list[tuple[int, int]]] = {}
    for path, line, col in sites:
        out.setdefault(path, []).append((line, col))
    return out


def _in_its_file(
    conn: Reader,
    language: str,
    asked: tuple[str, int, int, str],
    rows: list[Site],
    lines: Sequence[str],
    module: bool,
) -> list[Site] | None:
    """``rows`` narrowed to the asked file where the name is bound by its import there
    (``PER_FILE_IMPORTS``: a Go package, with its import's path; ``const x = require(...)``;
    a Python import of a module ty cannot resolve, not the ``module`` a ``from`` names:
    ``unresolved_imports``); None for a Go name no import binds (a built-in: ``string``,
    ``error``, which gopls lists no uses of), at a Python unaliased import ty cannot resolve."""
    path, line, col, name = asked
    if language == "python" and not module:
        return unresolved_imports.in_its_file(conn, (path, line, col), rows, lines)
    if language == "go":
        imported = go_imports(lines).get(name)
        if imported is None:
            return None
        at = (imported.line, imported.col)
        return [(path, *at, "import", code_of(lines, imported.line))] + [
            r for r in rows if r[0] == path
        ]
    if language in PER_FILE_IMPORTS and any(r[0] == path and r[3] == "import" for r in rows):
        shared = language in TSGO_LANGUAGES and any(r[0] != path for r in rows)
        return rows if shared else [r for r in rows if r[0] == path]  # (a re-export's importers
        # are other files' sites only where `_through_a_shim` joined them)
    return rows


def _locals(
    scopes: Scopes, languages: dict[str, str], lines: dict[str, list[str]]
) -> set[tuple[str, int, int]]:
    """The sites of the files ``languages`` names that name a function-local binding, not a
    Python import's in a function (``import attr`` in a def: ty's references of the module list
    its uses there)."""
    out: set[tuple[str, int, int]] = set()
    for path, language in languages.items():
        source = "\n".join(lines[path]).encode("utf-8")
        for at, binding in scopes.renamable(language, source).items():
            imported = _IMPORT.match(line_of(lines[path], binding[0])) is not None
            if not imported or language != "python":
                out.add((path, *at))
    return out


_IMPORT = re.compile(r"\s*(?:from\s+[\w.]+\s+)?import\s")
"""A Python import statement's line (``import attr``, ``from typing import TypeVar``)."""


def page(
    rows: Sequence[Site],
    params: UsagesInput,
    symbol: SymbolRef,
    mode: str,
    prov: Provenance,
    *,
    by_name: bool = False,
) -> UsagesResult:
    page = rows[params.offset : params.offset + params.limit]
    files: dict[str, list[Usage]] = {}
    for path, line, col, role, code in page:
        usage = Usage(line=line, col=col, role=role, context=code, by_name=by_name)
        files.setdefault(path, []).append(usage)
    end = params.offset + len(page)
    return UsagesResult(
        symbol=symbol,
        mode=mode,
        files=[UsageFile(file=f, usages=u) for f, u in files.items()],
        total=len(rows),
        file_count=len({r[0] for r in rows}),
        truncated=end < len(rows),
        next_offset=end if end < len(rows) else None,
        provenance=prov,
    )
