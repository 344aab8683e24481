"""Usages of names that are no symbol of the index: a parameter or a local variable (its scope's
names, by tree-sitter's scopes: ``local_rename``), and a name the language server tied to no
symbol of the workspace, a library's or the language's own (``bytes``, ``pytest.raises``),
listed by name."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import PurePosixPath
from typing import NamedTuple

from lsai.query import library_calls, local_rename
from lsai.query.contracts import Provenance, SymbolRef
from lsai.query.libraries import external_ref, file_lines, line_of, name_from, the_external
from lsai.query.library_calls import code_of, is_member
from lsai.query.provenance import provenance
from lsai.query.reach import TSGO_LANGUAGES
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
        f"{local_rename.described(target)}: its uses are the names tree-sitter's scopes read "
        "as that binding" + (keywords if target.kind == "parameter" else ""),
    ]
    backends = ["tree-sitter"]
    paths = list(sites)
    read = _destructured(conn, ws, local, params.include_definition, answer)
    if read is not None:  # `{ size } = box` at its binding: the property's uses too
        seen = {(r[0], r[1], r[2]) for r in rows}
        rows += [
            (f.file, u.line, u.col, u.role, u.context or "")
            for f in read.files
            for u in f.usages
            if (f.file, u.line, u.col) not in seen
            and (params.include_definition or (f.file, u.line, u.col) != (local.path, *binding))
        ]
        order: dict[str, int] = {}
        for r in rows:
            order.setdefault(r[0], len(order))
        rows.sort(key=lambda r: (r[0] != local.path, order[r[0]], r[1], r[2]))
        backends += read.provenance.backends
        paths += [f.file for f in read.files]
        where = "its binding" if local.asked == binding else "a shorthand property"
        notes.append(
            f"asked at {where}, it lists the uses of {read.symbol.qualified_name}, the "
            "property it names, too, as TypeScript's server does"
        )
    prov = provenance(conn, backends, paths)
    ref = local_rename.symbol_ref(target)
    return _page(rows, params, ref, "scope", prov.model_copy(update={"notes": notes + prov.notes}))


def _destructured(
    conn: Reader,
    ws: Workspace,
    local: local_rename.Local,
    include_definition: bool,
    answer: Answer,
) -> UsagesResult | None:
    """The usages of the property a shorthand destructuring binds (``const { size } = box``),
    when asked at that binding: tsgo's references there are the property's and the local's (at
    a use of the local, the local's alone)."""
    if local.destructured is None:
        return None
    rows = navigation.symbols_by_keys(conn, [local.destructured])
    if not rows:
        return None
    at = rows[0]
    return answer(
        ws,
        UsagesInput(
            file=str(at["file"]), line=int(at["line"]), col=int(at["col"]), limit=1000,
            include_definition=include_definition,
        ),
    )  # fmt: skip


_MODULE = re.compile(r"(?:^\s*|[;:]\s*)from\s+[\w.]*$")
"""A Python module a ``from`` statement imports from (``from ._abnf import``, ``from
tomlkit.api import``): what precedes its name. ty lists no uses of a relative one there, and
of a package's (``tomlkit`` in its own ``from tomlkit.api``) not every spelling of its name;
it does list those of ``import os``, every file's."""
_KEYWORD = re.compile(r"=(?!=)")
_ARGUMENT = re.compile(r"(?:[(,]|^)\s*$")


_KEY = re.compile(r"\??\s*:(?!:)")


def _key(language: str, line: str, col: int, name: str) -> bool:
    """Whether the ``name`` at ``col`` of a JavaScript or TypeScript ``line`` is an object's key
    or a type literal's member (``onChange: () => {}``, ``smooth?: boolean``): its contextual
    type's, which the server knows, not a library's name."""
    return language in TSGO_LANGUAGES and _KEY.match(line, col - 1 + len(name)) is not None


def _no_library_name(language: str, line: str, col: int, name: str) -> bool:
    """Whether the ``name`` at ``col`` of ``line`` names no library's name: the module a Python
    ``from`` statement imports from, an object's key, or a reserved word tree-sitter read as a
    name (``API void f(...)``: an unknown macro before it; C++'s ``static_cast<int>(d)``), not
    a member spelled as one (``set.delete(x)``, ``promise.catch(f)``: a library's method)."""
    module = language == "python" and _MODULE.search(line[: col - 1]) is not None
    word = reserved(language, name) and not is_member([line], 1, col)
    return module or _key(language, line, col, name) or word


def _from_library(conn: Reader, language: str, line: str, col: int, name: str) -> bool:
    """Whether the ``name`` at ``col`` of a Python ``line`` is the library module a ``from``
    statement imports from, named whole (``from warnings import warn``, no file of the
    workspace): ty's references there are those of ``import warnings`` and its members, in
    every file, not the ``from`` statements' (a dotted or relative module, or the workspace's
    own package, is refused: ty lists no uses of them there, or not every spelling)."""
    return (
        language == "python"
        and _FROM.search(line[: col - 1]) is not None
        and _THEN_IMPORT.match(line, col - 1 + len(name)) is not None
        and not tool_queries.module_files(conn, name)
    )


def _module_bound(
    conn: Reader, ws: Workspace, lines: dict[str, list[str]], asked: tuple[str, int, int, str]
) -> tuple[str, int, int, str] | None:
    """Where an import binds the workspace's module a part of a dotted ``from`` module names
    (``filters`` of ``from sqlparse.filters.tokens import X``: ``from sqlparse import
    filters``), whose uses ty's references list there; None: ``asked`` is no such part, or
    no import binds that module."""
    path, line, col, name = asked
    dotted = _DOTTED_FROM.search(line_of(lines[path], line)[: col - 1])
    if dotted is None or ws.scopes is None or not tool_queries.module_files(conn, dotted[2]):
        return None
    module = dotted[1] + name
    spellings = _Spellings(ws.scopes(), lines, name)
    for site in navigation.untied_sites(conn, name, language_family("python"), UNTIED_LISTED):
        file, at, start = str(site["file"]), int(site["line"]), int(site["col"])
        if file not in lines:
            lines[file] = file_lines(ws, file)
        code = line_of(lines[file], at)
        if site["role"] != "import" or _MODULE.search(code[: start - 1]) is not None:
            continue
        found = spellings.dotted(file, at, start, name)
        if found is not None and _one_module_name(found, module):
            return file, at, start, name
    return None


_DOTTED_FROM = re.compile(r"(?:^\s*|[;:]\s*)from\s+((\w+)\.(?:\w+\.)*)$")


_FROM = re.compile(r"(?:^\s*|[;:]\s*)from\s+$")
_THEN_IMPORT = re.compile(r"\s+import\b")


def _keyword(language: str, line: str, col: int, name: str) -> bool:
    """Whether the ``name`` at ``col`` of a Python ``line`` is a keyword argument (``f(a, key=1)``,
    written without spaces around ``=``, as keywords are and assignments are not)."""
    return (
        language == "python"
        and _KEYWORD.match(line, col - 1 + len(name)) is not None
        and _ARGUMENT.search(line[: col - 1]) is not None
    )


PER_FILE_IMPORTS = frozenset({*TSGO_LANGUAGES, "go"})
"""Languages whose import of a library binds a name in its file alone, whose uses the servers
list at it (``const http = require('http')``, Go's ``import "strings"``); Python's ``import
os`` is the module's, whose uses ty lists in every file."""
UNTIED_LISTED = 2000
"""Uses of an untied name read at most (``bytes``, ``pytest``: a few hundred in a project)."""


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
    if _keyword(served, line_of(lines, line), col, name):  # `pytest.raises(E, match=...)`
        return untied_keywords(conn, ws, params, asked, lines)
    found = untied_sites(conn, ws, asked)
    if found is None:
        return None
    return _page(found.rows, params, found.ref, "name-based", found.provenance, by_name=True)


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
    return _page(found.rows, params, ref, "name-based", prov, by_name=True)


class Untied(NamedTuple):
    """The uses of an untied name (``untied_sites``), as the asked one (``ref``) and what the
    answer says of them."""

    rows: list[Site]
    ref: SymbolRef
    provenance: Provenance


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
    if _keyword(language, text, col, name):
        return None
    module = _from_library(conn, language, text, col, name)
    binding = _module_bound(conn, ws, lines, asked) if language == "python" else None
    if binding is not None:  # `filters` of `from sqlparse.filters.tokens import`
        found = untied_sites(conn, ws, binding)
        place = {"file": path, "line": line, "col": col}
        return found._replace(ref=found.ref.model_copy(update=place)) if found else None
    if _no_library_name(language, text, col, name) and not module:
        return None  # a `from` module of the workspace, a key: no library's name
    spellings = _Spellings.of(conn, ws, lines, language, (path, line, col, name))
    like = _Like(conn, ws, language, (path, line, col, name), lines[path], spellings)
    lead = library_calls.lead(conn, ws, like, (path, line, col, name), lines)
    if lead is None:
        return None  # a member of an untyped value, as most are in JavaScript: tsgo lists none
    rows: list[Site] = []
    languages: dict[str, str] = {}
    for site in _candidates(conn, language, (path, name), lines[path], like.member):
        file, at, start = str(site["file"]), int(site["line"]), int(site["col"])
        if file not in lines:
            lines[file] = file_lines(ws, file)
        if like.alike((file, at, start, name), lines[file], str(site["language"])):
            languages[file] = str(site["language"])
            rows.append((file, at, start, str(site["role"]), code_of(lines[file], at)))
    bound = _locals(scopes(), languages, lines)
    rows = [r for r in rows if (r[0], r[1], r[2]) not in bound]
    if like.package:  # not `url.String()` where a local `url` shadows the package
        rows = [r for r in rows if (r[0], r[1], _qualifier(lines[r[0]], r[1], r[2])) not in bound]
    narrowed = (  # a member (`sb.WriteString`) is no name an import binds
        rows
        if like.package or like.member
        else _in_its_file(language, path, name, rows, lines[path])
    )
    if narrowed is None:
        return None
    rows = narrowed
    if not module and not any((r[0], r[1], r[2]) == (path, line, col) for r in rows):
        return None  # a local after all, or a site the index read otherwise
    rows = library_calls.same_definition(conn, ws, lines, (path, name, *lead), rows)
    prov = provenance(conn, ["lsp", "tree-sitter"], sorted({r[0] for r in rows}))
    spelled = f".{name}" if like.member else name
    ref = SymbolRef(
        name=name, kind="external", qualified_name=spelled, file=path, line=line, col=col,
        backend="lsp",
    )  # fmt: skip
    described = library_calls.LED_ONLY if lead[1] else like.described()
    notes = [*_untied_notes(conn, rows, spelled, described, module), *prov.notes]
    return Untied(rows, ref, prov.model_copy(update={"notes": notes}))


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


class _Like:
    """What an untied site shares with the name asked when it is a use of the same: a member
    where that is one (``this.x`` in the same class where that is ``owner``'s; in Go, of the
    same imported ``package``), a bare name where that is, in TypeScript a type where that is
    one (``Promise<T>``, not ``Promise.resolve``); where ``spellings`` says (a Python module's
    member), one its file's imports spell as the one asked, in either spelling; not a keyword
    argument (a parameter's), nor an object's key or a type's member (its type's), nor the
    module a Python ``from`` statement imports from (``from typing import Any``, ``from
    .serializer import``, read as a member), which ty's references of the module leave out."""

    def __init__(
        self,
        conn: Reader,
        ws: Workspace,
        language: str,
        site: tuple[str, int, int, str],
        lines: Sequence[str],
        spellings: _Spellings | None = None,
    ) -> None:
        path, line, col, _ = site
        self.language = language
        self.spellings = spellings
        self.scopes = ws.scopes() if ws.scopes is not None else None
        self.classes = _Classes(conn)
        self.imports: dict[str, dict[str, _GoImport]] = {}
        self.types: dict[str, set[tuple[int, int]]] = {}
        self.member = is_member(lines, line, col)
        self.owner = self.classes.of_this(lines, path, line, col) if self.member else None
        self.owners = {self.owner} if self.owner is not None else set()
        """The classes whose ``this.x`` is the asked one: ``owner``'s, and those whose calls of
        ``this.x`` the server led to the library's method the asked one is (``_lead``)."""
        self.inherited = False
        """Whether ``owner``'s ``this.x`` is a library's method it inherits (``_lead``)."""
        self.package = (
            _go_package(self.imports, path, lines, line, col) if language == "go" else None
        )
        self.typed = self._typed(path, lines, line, col, language)
        self.global_object = _global_object(language, lines, line, col) if self.member else None

    def alike(self, site: tuple[str, int, int, str], lines: Sequence[str], language: str) -> bool:
        """Whether ``site`` (file, line, column, name) of a file in ``language`` is alike."""
        file, line, col, name = site
        code = line_of(lines, line)
        same = self.spellings.same(file, line, col) if self.spellings is not None else None
        alike = is_member(lines, line, col) == self.member if same is None else same
        if not alike or _keyword(self.language, code, col, name):
            return False
        if self.language == "python" and _MODULE.search(code[: col - 1]) is not None:
            return False  # a `from` module (`from typing import Any`): ty lists none of those
        if _key(self.language, code, col, name):
            return False
        if self.package is not None:  # `c.Millisecond` of a value, another package's `Sleep`
            return _go_package(self.imports, file, lines, line, col) == self.package
        if self.global_object is not None:  # `Object.keys`, not `.keys` of a value
            return _global_object(language, lines, line, col) == self.global_object
        if self._typed(file, lines, line, col, language) != self.typed:
            return False
        return self.owner is None or self.classes.of_this(lines, file, line, col) in (
            None,
            *self.owners,
        )

    def _typed(self, path: str, lines: Sequence[str], line: int, col: int, language: str) -> bool:
        """Whether the bare TypeScript name at ``line:col`` names a type (``type_names``)."""
        if language not in TSGO_LANGUAGES or self.scopes is None:
            return False
        if is_member(lines, line, col):
            return False
        if path not in self.types:
            source = "\n".join(lines).encode("utf-8")
            self.types[path] = self.scopes.type_names(language, source)
        return (line, col) in self.types[path]

    def described(self) -> str:
        if self.inherited:
            return "a library's method its class inherits, where the server led its calls"
        if self.owner is not None:
            return "a property its class's methods assign, which the index holds no symbol for"
        if self.package:
            return f'a member of the package "{self.package}", in each file importing it'
        if self.global_object:
            return f"a member of the built-in {self.global_object}"
        if self.member:
            return "a library type's, or of a value the server could not type"
        return "a library's or a built-in"


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
        imported = name in _go_imports(lines) if language == "go" else None
        if imported or (imported is None and any(s["role"] == "import" for s in own)):
            return own
    return navigation.untied_sites(conn, name, family, UNTIED_LISTED)


def _called(spellings: _Spellings, path: str, lines: list[str], line: int, col: int) -> bool:
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
    spelled as a module's member or a name imported from it (``_Spellings``), or a built-in's
    (``open(..., encoding=...)``); of a method of a value the server typed
    (``group.add_argument(..., action=...)``), that keyword in the calls it led to the same
    library method, whose signature names it. None: no such call passes it, or it calls a
    method of a value the server led nowhere (``signer.unsign(s, max_age=1)``), one whose
    ``**kwargs`` alone takes it (``"{n}".format(n=1)``) or a local (a parameter, a
    ``partial``), which ty answers nothing for."""
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
    spellings = _Spellings.of(conn, ws, texts, "python", (path, *call))
    callee = call[2]
    led = None  # a method of a value: the calls the server led to its library's definition
    if spellings is None or not _called(spellings, path, lines, call[0], call[1]):
        led = library_calls.led_with_keyword(conn, path, call, lines, name)
        if led is None:
            return None  # led nowhere (an untyped value), or `**kwargs` takes the keyword
    called = (
        tool_queries.untied_call_sites(conn, callee, "python")
        if led is None
        else _by_file(tool_queries.calls_of_external(conn, led, callee))
    )
    for file in called:
        texts.setdefault(file, file_lines(ws, file))
    bound = _locals(scopes, dict.fromkeys(called, "python"), texts)  # `factory = partial(...)`
    if (path, call[0], call[1]) in bound:
        return None  # a local holding a function: ty answers nothing there
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
    return _page(rows, params, ref, "name-based", by_name, by_name=True)


def _by_file(sites: Sequence[tuple[str, int, int]]) -> dict[str, list[tuple[int, int]]]:
    out: dict[str, list[tuple[int, int]]] = {}
    for path, line, col in sites:
        out.setdefault(path, []).append((line, col))
    return out


def _in_its_file(
    language: str, path: str, name: str, rows: list[Site], lines: Sequence[str]
) -> list[Site] | None:
    """``rows`` narrowed to the asked file where the name is bound by its import there
    (``PER_FILE_IMPORTS``: a Go package, with its import's path; ``const x = require(...)``);
    None for a Go name no import binds (a built-in: ``string``, ``error``, which gopls lists no
    uses of)."""
    if language == "go":
        imported = _go_imports(lines).get(name)
        if imported is None:
            return None
        at = (imported.line, imported.col)
        return [(path, *at, "import", code_of(lines, imported.line))] + [
            r for r in rows if r[0] == path
        ]
    if language in PER_FILE_IMPORTS and any(r[0] == path and r[3] == "import" for r in rows):
        return [r for r in rows if r[0] == path]
    return rows


_GO_SPEC = re.compile(r'^\s*(?:import\s+)?(?:([\w.]+)\s+)?"([^"]+)"\s*(?://.*)?$')
_QUALIFIER = re.compile(r"(\w+)\s*\.\s*$")


class _GoImport(NamedTuple):
    line: int
    col: int
    """The alias (``str "strings"``), else the import path's opening quote, as gopls lists it."""
    path: str


def _go_imports(lines: Sequence[str]) -> dict[str, _GoImport]:
    """The packages a Go file imports, by the name it calls each (its alias, else the import
    path's last element)."""
    found: dict[str, _GoImport] = {}
    block = False
    for number, text in enumerate(lines, 1):
        stripped = text.strip()
        if stripped.startswith("import ("):
            block = True
            continue
        if block and stripped.startswith(")"):
            block = False
        spec = _GO_SPEC.match(text) if block or stripped.startswith("import ") else None
        if spec is None:
            continue
        alias, package = spec[1], spec[2]
        if alias is not None:
            found.setdefault(alias, _GoImport(number, spec.start(1) + 1, package))
        else:
            found.setdefault(package.rsplit("/", 1)[-1], _GoImport(number, spec.start(2), package))
    return found


def _go_package(
    imports: dict[str, dict[str, _GoImport]], path: str, lines: Sequence[str], line: int, col: int
) -> str | None:
    """The import path of the package whose member the Go name at ``line:col`` is
    (``time.Sleep``, ``t.Sleep`` with ``import t "time"``: ``time``), whose uses gopls lists in
    every file importing it; None for a member of a value (``c.Millisecond``) or a bare name.
    ``imports`` caches each file's (``_go_imports``)."""
    qualifier = _QUALIFIER.search(line_of(lines, line)[: col - 1])
    if qualifier is None:
        return None
    if path not in imports:
        imports[path] = _go_imports(lines)
    imported = imports[path].get(qualifier[1])
    return imported.path if imported is not None else None


def _qualifier(lines: Sequence[str], line: int, col: int) -> int:
    """The column of the name before the ``.`` that the name at ``line:col`` follows (0: none)."""
    qualifier = _QUALIFIER.search(line_of(lines, line)[: col - 1])
    return qualifier.start(1) + 1 if qualifier is not None else 0


_RECEIVER = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*\.\s*$")
"""The name before a member's ``.`` (``t.`` of ``t.Any``), not itself a member (``a.t.``)."""


GLOBAL_OBJECTS = frozenset(
    {"Object", "JSON", "Math", "Reflect", "Array", "Number", "String", "Promise", "Symbol",
     "Date", "BigInt", "Atomics", "Intl", "Proxy", "Error", "RegExp", "Map", "Set",
     "ArrayBuffer", "console"}
)  # fmt: skip
"""JavaScript's built-in objects, whose members tsgo types in any file from its own library
(``Object.keys``: its references list every ``Object.keys`` of the workspace)."""


def _global_object(language: str, lines: Sequence[str], line: int, col: int) -> str | None:
    """The built-in object (``GLOBAL_OBJECTS``) whose member the JavaScript or TypeScript name
    at ``line:col`` is, written as its receiver (``Object.keys``; not ``a.Object.keys``)."""
    if language not in TSGO_LANGUAGES:
        return None
    receiver = _RECEIVER.search(line_of(lines, line)[: col - 1])
    name = receiver[1] if receiver is not None else None
    return name if name in GLOBAL_OBJECTS else None


class _Spellings:
    """A Python library name as its file's imports spell it (``scopes.imported_names``): the
    member of a module (``t.Any`` after ``import typing as t``) or a name a ``from`` import binds
    (``Any`` after ``from typing import Any``, and that import's own ``Any``) is one name,
    ``typing.Any``, whose uses ty's references list in both spellings. Spelled through two
    modules (attrs' ``define`` as ``attr.define`` and ``from attrs import define``), it is one
    name where the server led the calls of both spellings to one definition (``joined``), as
    ty's references list them."""

    def __init__(self, scopes: Scopes, lines: dict[str, list[str]], name: str) -> None:
        self.scopes = scopes
        self.lines = lines
        self.name = name
        self.asked: str | None = None
        self.joined: set[str] = set()
        """The dotted names of the asked one's other spellings (``_join``)."""
        self.names: dict[str, dict[str, str]] = {}

    @classmethod
    def of(
        cls,
        conn: Reader,
        ws: Workspace,
        lines: dict[str, list[str]],
        language: str,
        site: tuple[str, int, int, str],
    ) -> _Spellings | None:
        """The spellings of the name at ``site`` (file, line, column, name) of a Python file of
        ``ws``; None in another language."""
        path, line, col, name = site
        if language != "python" or ws.scopes is None:
            return None
        spellings = cls(ws.scopes(), lines, name)
        spellings.asked = spellings.dotted(path, line, col, name)
        if spellings.asked is not None:
            spellings._join(conn, ws, spellings.asked)
        return spellings

    def _join(self, conn: Reader, ws: Workspace, asked: str) -> None:
        """The spellings of the calls the server led to a definition a call spelled as
        ``asked`` was led to (``attrs.define`` beside ``attr.define``), as ``joined``."""
        by_key: dict[str, set[str]] = {}
        for file, line, col, key in tool_queries.external_calls_named(conn, self.name):
            if file not in self.lines:
                self.lines[file] = file_lines(ws, file)
            at = name_from(self.lines[file], line, col, self.name)
            dotted = self.dotted(file, line, at, self.name)
            if dotted is not None:
                by_key.setdefault(key, set()).add(dotted)
        for spelled in by_key.values():
            if any(_one_module_name(s, asked) for s in spelled):
                self.joined |= spelled

    def same(self, path: str, line: int, col: int) -> bool | None:
        """Whether the name at ``line:col`` of ``path`` is the module's member asked; where no
        module's member is asked, False for one (``pytest.param`` is not ``e.param``), None
        (undecided) for another."""
        dotted = self.dotted(path, line, col, self.name)
        if self.asked is None:
            return False if dotted is not None else None
        return dotted is not None and (
            _one_module_name(dotted, self.asked) or dotted in self.joined
        )

    def dotted(self, path: str, line: int, col: int, name: str) -> str | None:
        """The dotted name of a module's member the ``name`` at ``line:col`` of ``path`` is
        (a relative import's from the file's folders: ``src.pkg.fields``); None for another (a
        module's own name, a member of a value, a name no import binds)."""
        if path not in self.names:
            source = "\n".join(self.lines[path]).encode("utf-8")
            self.names[path] = self.scopes.imported_names(source)
        names = self.names[path]
        text = line_of(self.lines[path], line)
        before = text[: col - 1]
        receiver = _RECEIVER.search(before)
        if receiver is not None:
            module = names.get(receiver[1])
            found = f"{module}.{name}" if module is not None else None
        elif before.rstrip().endswith("."):
            return None
        else:  # the name an import binds, or its `as` alias
            alias = _AS.match(text, col - 1 + len(name))
            found = names.get(alias[1] if alias else name)
        found = _absolute(path, found) if found is not None else None
        return found if found is not None and "." in found else None


_AS = re.compile(r"\s+as\s+(\w+)")


def _absolute(path: str, dotted: str) -> str:
    """A relative import's dotted name from the folders of the file it is in (``.fields`` in
    ``src/pkg/__init__.py``: ``src.pkg.fields``); another as it is."""
    name = dotted.lstrip(".")
    up = len(dotted) - len(name)
    if not up:
        return dotted
    folders = PurePosixPath(path).parent.parts
    return ".".join([*folders[: max(0, len(folders) - up + 1)], name])


def _one_module_name(a: str, b: str) -> bool:
    """Whether two dotted names are one, the one a relative import's (``src.pkg.fields``, read
    from folders that may start above the package) and the other an absolute import's
    (``pkg.fields``)."""
    return a == b or a.endswith("." + b) or b.endswith("." + a)


_THIS = re.compile(r"\b(?:this|self)\s*\.\s*$")


class _Classes:
    """Which class a ``this.x`` (``self.x``) is in, from the spans of each file's classes (one
    query a file)."""

    def __init__(self, conn: Reader) -> None:
        self.conn = conn
        self.spans: dict[str, list[tuple[str, int, int]]] = {}

    def of_this(self, lines: Sequence[str], path: str, line: int, col: int) -> str | None:
        """The class whose ``this.x`` the member at ``line:col`` is: a property its methods
        assign (``this._name = name`` in a constructor), which the server types though the
        index holds no symbol for it; None for another receiver."""
        if _THIS.search(line_of(lines, line)[: col - 1]) is None:
            return None
        if path not in self.spans:
            self.spans[path] = tool_queries.spans(self.conn, path, ("class",))
        around = [key for key, first, last in self.spans[path] if first <= line <= last]
        return around[-1] if around else None  # the innermost: the last to start


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


def _page(
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
