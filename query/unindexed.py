"""Usages of names that are no symbol of the index: a parameter or a local variable (its scope's
names, by tree-sitter's scopes: ``local_rename``), and a name the language server tied to no
symbol of the workspace, a library's or the language's own (``bytes``, ``pytest.raises``),
listed by name."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import PurePosixPath

from lsai.query import local_rename
from lsai.query.contracts import Provenance, SymbolRef
from lsai.query.errors import NoSymbolAtPosition
from lsai.query.provenance import provenance
from lsai.query.reach import TSGO_LANGUAGES
from lsai.query.resolve import language_family
from lsai.query.usage_contracts import Usage, UsageFile, UsagesInput, UsagesResult
from lsai.query.workspace import Scopes, Workspace
from lsai.storage import navigation, queries, tool_queries
from lsai.storage.engine import Reader

Answer = Callable[[Workspace, UsagesInput], UsagesResult]
"""The usages tool (``query.usages.usages``), for the symbol a local leads to."""
Site = tuple[str, int, int, str, str]  # file, line, column, role, code line


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
        lines = local.lines if path == local.path else _lines(ws, path)
        for line, col in sites[path]:
            role = "definition" if (path, line, col) == (local.path, *binding) else "reference"
            if role == "reference" or params.include_definition:
                rows.append((path, line, col, role, _code(lines, line)))
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
        notes.append(
            f"asked at its binding, it lists the uses of {read.symbol.qualified_name}, the "
            "property it reads, too, as TypeScript's server does"
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
    ``from`` statement imports from, or an object's key."""
    module = language == "python" and _MODULE.search(line[: col - 1]) is not None
    return module or _key(language, line, col, name)


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


def untied_usages(
    conn: Reader, ws: Workspace, params: UsagesInput, refused: NoSymbolAtPosition
) -> UsagesResult | None:
    """The uses of a name the language server tied to no symbol of the workspace (``refused``'s
    site: a library's class or function, a built-in, a member of an untyped value), by name:
    the names of the same spelling it tied to nothing either, in files of its language, as a
    member (``x.raises``) where the site is one, else bare (``bytes``); not a local of that name
    (tree-sitter's scopes). None: the site is no such name."""
    if refused.site is None or ws.scopes is None:
        return None
    path, line, col, name = refused.site
    row = queries.file_row(conn, path)
    if row is None or row["backend"] != "lsp":
        return None
    language = str(row["language"])
    family = language_family(language)
    lines = {path: _lines(ws, path)}
    text = _line(lines[path], line)
    if _keyword(language, text, col, name):  # `pytest.raises(E, match=...)`
        return untied_keywords(conn, ws, params, (path, line, col, name), lines[path])
    if _no_library_name(language, text, col, name):
        return None
    member = _member(lines[path], line, col)
    classes = _Classes(conn)
    owner = classes.of_this(lines[path], path, line, col) if member else None
    if member and owner is None and language in ("javascript", "jsx", "go"):
        return None  # a member of an untyped value, as most are in JavaScript: tsgo lists none
    rows: list[Site] = []
    languages: dict[str, str] = {}
    spellings = _Spellings.of(ws.scopes(), lines, language, (path, line, col, name))
    for site in navigation.untied_sites(conn, name, family, UNTIED_LISTED):
        file, at, start = str(site["file"]), int(site["line"]), int(site["col"])
        if file not in lines:
            lines[file] = _lines(ws, file)
        same = spellings.same(file, at, start) if spellings is not None else None
        if not _alike(classes, language, (file, at, start, name), lines[file], member, owner, same):
            continue
        languages[file] = str(site["language"])
        rows.append((file, at, start, str(site["role"]), _code(lines[file], at)))
    bound = _locals(ws.scopes(), languages, lines)
    rows = [r for r in rows if (r[0], r[1], r[2]) not in bound]
    narrowed = _in_its_file(language, path, name, rows, lines[path])
    if narrowed is None:
        return None
    rows = narrowed
    if not any((r[0], r[1], r[2]) == (path, line, col) for r in rows):
        return None  # a local after all, or a site the index read otherwise
    spelled = f".{name}" if member else name
    note = (
        f"{spelled} is no symbol of the workspace ({_what(member, owner)}): the uses of "
        f"{spelled} the server "
        "tied to no symbol, listed by name; some may be another's"
    )
    prov = provenance(conn, [str(row["backend"]), "tree-sitter"], sorted({r[0] for r in rows}))
    ref = SymbolRef(
        name=name, kind="external", qualified_name=spelled, file=path, line=line, col=col,
        backend=str(row["backend"]),
    )  # fmt: skip
    by_name = prov.model_copy(update={"notes": [note, *prov.notes]})
    return _page(rows, params, ref, "name-based", by_name, by_name=True)


def _called(spellings: _Spellings, path: str, lines: list[str], line: int, col: int) -> bool:
    """Whether the callee named at ``line:col`` is the function asked (``spellings``): the
    same module's member, or a bare name no import binds (a built-in) where that is one."""
    same = spellings.same(path, line, col)
    if same is None:
        return spellings.asked is None and not _member(lines, line, col)
    return same


def _what(member: bool, owner: str | None) -> str:
    """What an untied name may be, as its usages' note says."""
    if owner is not None:
        return "a property its class's methods assign, which the index holds no symbol for"
    if member:
        return "a library type's, or of a value the server could not type"
    return "a library's or a built-in"


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
    (``open(..., encoding=...)``). None: no such call passes it, or it calls a method of a
    value (``signer.unsign(s, max_age=1)``, ``"{n}".format(n=1)``) or a local (a parameter, a
    ``partial``), which ty answers nothing for where it cannot type the value or the method
    takes ``**kwargs``."""
    path, line, col, name = site
    assert ws.scopes is not None
    scopes = ws.scopes()
    calls = tool_queries.untied_calls_on_lines(
        conn, path, max(1, line - local_rename.KEYWORD_REACH), line
    )
    source = "\n".join(lines).encode("utf-8")
    passed = scopes.keyword_arguments(source, [(c[0], c[1]) for c in calls])
    call = next((c for c in calls if passed.get((c[0], c[1]), {}).get(name) == (line, col)), None)
    texts = {path: lines}
    spellings = _Spellings.of(scopes, texts, "python", (path, *call)) if call else None
    if call is None or spellings is None:
        return None
    callee = call[2]
    if not _called(spellings, path, lines, call[0], call[1]):
        return None  # a method of a value
    called = tool_queries.untied_call_sites(conn, callee, "python")
    for file in called:
        texts.setdefault(file, _lines(ws, file))
    bound = _locals(scopes, dict.fromkeys(called, "python"), texts)  # `factory = partial(...)`
    if (path, call[0], call[1]) in bound:
        return None  # a local holding a function: ty answers nothing there
    rows: list[Site] = []
    for file, sites in called.items():
        text = texts[file]
        alike = [
            (at, start)
            for at, start in sites
            if (file, at, start) not in bound and _called(spellings, file, text, at, start)
        ]
        found = scopes.keyword_arguments("\n".join(text).encode("utf-8"), alike)
        for keywords in found.values():
            if name in keywords:
                at, start = keywords[name]
                rows.append((file, at, start, "reference", _code(text, at)))
    rows.sort(key=lambda r: (r[0] != path, r[0], r[1], r[2]))
    spelled = f"{callee}({name}=)"
    note = (
        f"{spelled} is no symbol of the workspace (a keyword argument of a library's function):"
        f" its uses are the {name}= of the calls of {callee} the server tied to no symbol, "
        "listed by name; some may be another's"
    )
    prov = provenance(conn, ["lsp", "tree-sitter"], sorted({r[0] for r in rows}))
    ref = SymbolRef(
        name=name, kind="external", qualified_name=spelled, file=path, line=line, col=col,
        backend="lsp",
    )  # fmt: skip
    by_name = prov.model_copy(update={"notes": [note, *prov.notes]})
    return _page(rows, params, ref, "name-based", by_name, by_name=True)


def _alike(
    classes: _Classes,
    language: str,
    site: tuple[str, int, int, str],
    lines: Sequence[str],
    member: bool,
    owner: str | None,
    same: bool | None = None,
) -> bool:
    """Whether an untied ``site`` (file, line, column, name) is a use of the name asked: a
    member where that is one (``this.x`` in the same class where that is ``owner``'s), a bare
    name where that is; where ``same`` says (a Python module's member: ``_Spellings``), one
    its file's imports spell as the one asked, in either spelling; not a keyword argument (a
    parameter's), nor an object's key or a type's member (its type's), nor the module a Python
    ``from`` statement imports from (``from typing import Any``, ``from .serializer import``,
    read as a member), which ty's references of the module leave out."""
    file, line, col, name = site
    code = _line(lines, line)
    alike = _member(lines, line, col) == member if same is None else same
    if not alike or _keyword(language, code, col, name):
        return False
    if language == "python" and _MODULE.search(code[: col - 1]) is not None:
        return False  # a `from` module (`from typing import Any`): ty lists none of those
    if _key(language, code, col, name):
        return False
    return owner is None or classes.of_this(lines, file, line, col) in (None, owner)


def _in_its_file(
    language: str, path: str, name: str, rows: list[Site], lines: Sequence[str]
) -> list[Site] | None:
    """``rows`` narrowed to the asked file where the name is bound by its import there
    (``PER_FILE_IMPORTS``: a Go package, with its import's path; ``const x = require(...)``);
    None for a Go name no import binds (a built-in: ``string``, ``error``, which gopls lists no
    uses of)."""
    if language == "go":
        imported = _go_import(lines, name)
        if imported is None:
            return None
        return [(path, *imported, "import", _code(lines, imported[0]))] + [
            r for r in rows if r[0] == path
        ]
    if language in PER_FILE_IMPORTS and any(r[0] == path and r[3] == "import" for r in rows):
        return [r for r in rows if r[0] == path]
    return rows


_GO_SPEC = re.compile(r'^\s*(?:import\s+)?(?:([\w.]+)\s+)?"([^"]+)"\s*(?://.*)?$')


def _go_import(lines: Sequence[str], name: str) -> tuple[int, int] | None:
    """Where a Go file imports the package it calls ``name``: the alias (``str "strings"``),
    else the import path's opening quote, as gopls lists it."""
    block = False
    for number, text in enumerate(lines, 1):
        stripped = text.strip()
        if stripped.startswith("import ("):
            block = True
            continue
        if block and stripped.startswith(")"):
            block = False
        found = _GO_SPEC.match(text) if block or stripped.startswith("import ") else None
        if found is None:
            continue
        alias, package = found[1], found[2].rsplit("/", 1)[-1]
        if alias == name:
            return number, found.start(1) + 1
        if alias is None and package == name:
            return number, found.start(2)  # the quote before it
    return None


_RECEIVER = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*\.\s*$")
"""The name before a member's ``.`` (``t.`` of ``t.Any``), not itself a member (``a.t.``)."""


class _Spellings:
    """A Python library name as its file's imports spell it (``scopes.imported_names``): the
    member of a module (``t.Any`` after ``import typing as t``) or a name a ``from`` import binds
    (``Any`` after ``from typing import Any``, and that import's own ``Any``) is one name,
    ``typing.Any``, whose uses ty's references list in both spellings."""

    def __init__(self, scopes: Scopes, lines: dict[str, list[str]], name: str) -> None:
        self.scopes = scopes
        self.lines = lines
        self.name = name
        self.asked: str | None = None
        self.names: dict[str, dict[str, str]] = {}

    @classmethod
    def of(
        cls,
        scopes: Scopes,
        lines: dict[str, list[str]],
        language: str,
        site: tuple[str, int, int, str],
    ) -> _Spellings | None:
        """The spellings of the name at ``site`` (file, line, column, name) of a Python file;
        None in another language."""
        path, line, col, name = site
        if language != "python":
            return None
        spellings = cls(scopes, lines, name)
        spellings.asked = spellings.dotted(path, line, col, name)
        return spellings

    def same(self, path: str, line: int, col: int) -> bool | None:
        """Whether the name at ``line:col`` of ``path`` is the module's member asked; where no
        module's member is asked, False for one (``pytest.param`` is not ``e.param``), None
        (undecided) for another."""
        dotted = self.dotted(path, line, col, self.name)
        if self.asked is None:
            return False if dotted is not None else None
        return dotted is not None and _one_module_name(dotted, self.asked)

    def dotted(self, path: str, line: int, col: int, name: str) -> str | None:
        """The dotted name of a module's member the ``name`` at ``line:col`` of ``path`` is
        (a relative import's from the file's folders: ``src.pkg.fields``); None for another (a
        module's own name, a member of a value, a name no import binds)."""
        if path not in self.names:
            source = "\n".join(self.lines[path]).encode("utf-8")
            self.names[path] = self.scopes.imported_names(source)
        names = self.names[path]
        text = _line(self.lines[path], line)
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
        if _THIS.search(_line(lines, line)[: col - 1]) is None:
            return None
        if path not in self.spans:
            self.spans[path] = tool_queries.spans(self.conn, path, ("class",))
        around = [key for key, first, last in self.spans[path] if first <= line <= last]
        return around[-1] if around else None  # the innermost: the last to start


def _member(lines: Sequence[str], line: int, col: int) -> bool:
    """Whether the name at ``line:col`` follows a ``.`` (``pytest.raises``)."""
    return _line(lines, line)[: col - 1].rstrip().endswith(".")


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
            imported = _IMPORT.match(_line(lines[path], binding[0])) is not None
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


def _line(lines: Sequence[str], line: int) -> str:
    return lines[line - 1] if 0 < line <= len(lines) else ""


def _code(lines: Sequence[str], line: int) -> str:
    return _line(lines, line).strip()


def _lines(ws: Workspace, path: str) -> list[str]:
    return local_rename.lines_of(ws, path) or []
