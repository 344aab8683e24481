"""What a use of a name the language server tied to no symbol of the workspace shares with the
name asked (``Like``): a member or a bare name, the same class's ``this.x``, the same Go package's
member, the same built-in object's, the same module's member however its file's imports spell it
(``Spellings``); and what no such use is: a keyword argument, an object's key, a ``from``
statement's module (``unindexed.untied_sites`` lists the uses alike)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import PurePosixPath
from typing import NamedTuple

from lsai.library_modules import LibraryModules, absolute_module
from lsai.query.libraries import file_lines, line_of, name_from
from lsai.query.library_calls import is_member
from lsai.query.reach import TSGO_LANGUAGES
from lsai.query.resolve import language_family
from lsai.query.workspace import Scopes, Workspace
from lsai.storage import navigation, tool_queries
from lsai.storage.engine import Reader

FROM_MODULE = re.compile(r"(?:^\s*|[;:]\s*)from\s+[\w.]*$")
"""A Python module a ``from`` statement imports from (``from ._abnf import``, ``from
tomlkit.api import``): what precedes its name. A site there is no use of a module: ty's
references at one list the uses of the module as an import binds it under its own name
(``import os``, ``from . import dev``, every file's; ``unindexed._module_bound``), none where
no import does."""
_KEYWORD = re.compile(r"(\s*)=(?!=)")
_ARGUMENT = re.compile(r"(?:[(,]|^)\s*$")
_OPEN = re.compile(r"[(,]\s*$")
"""The end of a line a call's arguments go on after (``Response(``, ``body = 1,``)."""


_KEY = re.compile(r"\??\s*:(?!:)")
_NO_KEY = re.compile(r"(?:\?|\bcase)\s*$")
"""What precedes a name followed by ``:`` that is no key: a conditional's ``?`` (``c ? window
: global``) or a ``case`` label."""


def is_key(language: str, line: str, col: int, name: str) -> bool:
    """Whether the ``name`` at ``col`` of a JavaScript or TypeScript ``line`` is an object's key
    or a type literal's member (``onChange: () => {}``, ``smooth?: boolean``): its contextual
    type's, which the server knows, not a library's name."""
    return (
        language in TSGO_LANGUAGES
        and _KEY.match(line, col - 1 + len(name)) is not None
        and _NO_KEY.search(line, 0, col - 1) is None
    )


def library_key(
    conn: Reader, language: str, path: str, lines: Sequence[str], at: tuple[int, int]
) -> str | None:
    """The library type whose member the key at ``at`` (line, column) of a TypeScript file is:
    the one a variable is declared with, whose object literal has the key (``const init:
    RequestInit = { headers: h }``), the type a name the server tied to no symbol of the
    workspace; tsgo's references of ``init.headers`` and ``i.headers`` list the key. None:
    another key (an untyped literal's, a nested one's), or no key."""
    if language not in TSGO_LANGUAGES:
        return None
    opened = _literal_opened(lines, *at)
    annotated = _ANNOTATED.search(line_of(lines, opened[0])[: opened[1] - 1]) if opened else None
    if opened is None or annotated is None:
        return None
    typed = (opened[0], annotated.start(1) + 1)
    family = language_family(language)
    untied = navigation.untied_sites(conn, annotated[1], family, _ON_A_FILE, path)
    return annotated[1] if any((int(s["line"]), int(s["col"])) == typed for s in untied) else None


_ANNOTATED = re.compile(r"\b(?:const|let|var)\s+[\w$]+\s*:\s*([A-Za-z_$][\w$]*)\s*=\s*$")
"""A variable declared a type it names bare, up to the ``{`` of its object literal."""
_ON_A_FILE = 10_000
_CLOSERS, _OPENERS = "}])", "{[("
_LITERAL_LINES = 200


def _literal_opened(lines: Sequence[str], line: int, col: int) -> tuple[int, int] | None:
    """Where the ``{`` of the object literal whose own key is at ``line:col`` is (line, column),
    read back over brackets; None: the key is no object literal's own (inside a call's or an
    array's brackets), or that is further than ``_LITERAL_LINES`` above."""
    depth = 0
    for number in range(line, max(0, line - _LITERAL_LINES), -1):
        text = line_of(lines, number)
        end = col - 1 if number == line else len(text)
        for index in range(end - 1, -1, -1):
            char = text[index]
            if char in _CLOSERS:
                depth += 1
            elif char in _OPENERS and depth:
                depth -= 1
            elif char == "{":
                return number, index + 1
            elif char in _OPENERS:
                return None
    return None


def doc_name(lines: Sequence[str], line: int, col: int) -> str | None:
    """What the name at ``line:col`` is in a JSDoc comment (on a line the comment starts or
    continues with ``*``, or after its ``/**`` in code: a cast's, which unresolved_docs kept out
    of the tag types tsgo lists: yjs's ``const pc = /** @type {Array<any>} */ (x)``, 17 missing):
    "either" the name of a ``@see`` or a link (``@see ReadableStream``,
    ``{@link Foo}``), which tsgo binds to a type and a value of its name alike, or "type" one of a
    tag's type (``@param {Foo} x``); None: no such comment's."""
    text = line_of(lines, line)[: col - 1]
    opened = text.rfind("/**")
    text = text[opened:] if opened >= 0 else text
    if _DOC_LINE.match(text) is None or "*/" in text:
        return None
    return "either" if _SEE_OR_LINK.search(text) else "type"


_QUALIFYING = re.compile(r"[\w$]+\s*\.(?!\.)")


def qualifies(lines: Sequence[str], line: int, col: int) -> bool:
    """Whether the name at ``line:col`` qualifies another, a dot following it (``m`` of a JSDoc
    ``{m.Foo}``: a namespace, no type), not a spread's (``...``)."""
    return _QUALIFYING.match(line_of(lines, line), col - 1) is not None


_DOC_LINE = re.compile(r"\s*(?:/\*\*|\*(?!/))")
_SEE_OR_LINK = re.compile(r"(?:@see\s+|\{@link(?:code|plain)?\s+)[\w$.#]*$")


def is_keyword(language: str, lines: Sequence[str], line: int, col: int, name: str) -> bool:
    """Whether the ``name`` at ``line`` and ``col`` of a Python file's ``lines`` is a keyword
    argument: ``f(a, key=1)``, written without spaces around ``=`` as keywords mostly are and
    assignments are not; with spaces (webob's ``last_modified = stat.st_mtime``, ``json.dumps(x,
    indent = 2)``), after ``(`` or ``,`` on its line, or starting a line after a line ending in
    one (the arguments going on), where no statement starts."""
    code = line_of(lines, line)
    keyword = _KEYWORD.match(code, col - 1 + len(name))
    if language != "python" or keyword is None or _ARGUMENT.search(code[: col - 1]) is None:
        return False
    if not keyword.group(1) or code[: col - 1].strip():
        return True
    above = next((t for t in reversed(lines[: max(0, line - 1)]) if t.strip()), "")
    return not above.lstrip().startswith("#") and _OPEN.search(above.split("#")[0]) is not None


OBJECT_ATTRIBUTES = frozenset({"__class__", "__dict__", "__module__", "__doc__"})
"""The attributes Python's ``object`` declares and classes seldom do: ``self.__class__`` is
``object.__class__`` in any class, whose uses ty's references list in every class (markdown-it's
``self.__class__.__name__`` in three classes), not a property one class's methods assign
(``ThisClasses``)."""


class Like:
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
        spellings: Spellings | None = None,
    ) -> None:
        path, line, col, name = site
        self.language = language
        self.spellings = spellings
        self.scopes = ws.scopes() if ws.scopes is not None else None
        self.classes = ThisClasses(conn)
        self.imports: dict[str, dict[str, GoImport]] = {}
        self.types: dict[str, set[tuple[int, int]]] = {}
        self.conn = conn
        read = is_member(lines, line, col)
        self.keyed = library_key(conn, language, path, lines, (line, col))
        """The library type whose member the key asked is (``library_key``); None: no key."""
        self.member = read or self.keyed is not None
        """A member read (``x.raises``), or a key of a literal typed a library's."""
        every_objects = language == "python" and name in OBJECT_ATTRIBUTES
        self.owner = (
            self.classes.of_this(lines, path, line, col) if read and not every_objects else None
        )
        self.owners = {self.owner} if self.owner is not None else set()
        """The classes whose ``this.x`` is the asked one: ``owner``'s, and those whose calls of
        ``this.x`` the server led to the library's method the asked one is (``_lead``)."""
        self.inherited = False
        """Whether ``owner``'s ``this.x`` is a library's method it inherits (``_lead``)."""
        self.package = (
            _go_package(self.imports, path, lines, line, col) if language == "go" else None
        )
        self.typed: bool | None = self._meaning(path, lines, line, col, language)
        """Whether the name asked is a TypeScript type (``Promise<T>``, not ``Promise.resolve``);
        None where either is (asked at an import's binding, at a JSDoc ``@see`` or link)."""
        self.global_object = _global_object(language, lines, line, col) if self.member else None
        self.bindings: dict[str, dict[tuple[int, int], tuple[int, int]]] = {}
        self.go_type = (
            self._go_typed(path, lines, line, col)
            if language == "go" and self.member and self.package is None
            else None
        )
        """The library type (import path, name) a Go member's receiver is declared with
        (``b.N`` of ``b *testing.B``: ``("testing", "B")``), whose members gopls lists on any
        value of that type; None: another receiver."""

    def alike(
        self,
        site: tuple[str, int, int, str],
        lines: Sequence[str],
        language: str,
        imported: bool = False,
    ) -> bool:
        """Whether ``site`` (file, line, column, name) of a file in ``language`` is alike; an
        import's binding (``imported``) is whether the name asked is a type or not."""
        file, line, col, name = site
        code = line_of(lines, line)
        same = self.spellings.same(file, line, col) if self.spellings is not None else None
        keyed = is_key(self.language, code, col, name)
        if keyed and not self._keyed(file, lines, line, col):
            return False  # its contextual type's, the server's; a library type's is a member
        member = keyed or is_member(lines, line, col)
        alike = member == self.member if same is None else same
        if not alike or is_keyword(self.language, lines, line, col, name):
            return False
        if self.language == "python" and FROM_MODULE.search(code[: col - 1]) is not None:
            return False  # a `from` module (`from typing import Any`): ty lists none of those
        if self.package is not None:  # `c.Millisecond` of a value, another package's `Sleep`
            return _go_package(self.imports, file, lines, line, col) == self.package
        if self.go_type is not None:  # `b.N` of a `*testing.B`, not `p.N` of another type
            return self._go_typed(file, lines, line, col) == self.go_type
        if self.keyed is not None and not keyed:  # `i.headers` of an `i: RequestInit`
            return self._declared(file, lines, (line, col), language) == self.keyed
        if self.global_object is not None:  # `Object.keys`, not `.keys` of a value
            return _global_object(language, lines, line, col) == self.global_object
        typed = self.typed is not None and not imported
        if typed and self._meaning(file, lines, line, col, language) in (not self.typed,):
            return False
        return self.owner is None or self.classes.of_this(lines, file, line, col) in (
            None,
            *self.owners,
        )

    def _keyed(self, path: str, lines: Sequence[str], line: int, col: int) -> bool:
        """Whether the key at ``line:col`` is a member of the library type the key asked is one
        of (of any library type, asked at a member read: by name, as the reads are)."""
        if not self.member:
            return False
        keyed = library_key(self.conn, self.language, path, lines, (line, col))
        return keyed is not None and self.keyed in (None, keyed)

    def _declared(
        self, path: str, lines: Sequence[str], at: tuple[int, int], language: str
    ) -> str | None:
        """The type the receiver of the TypeScript member at ``line:col`` is declared with, where
        it is a parameter or a local declared with a type it names bare (``i: RequestInit``,
        ``const init: RequestInit = ...``), as the file's scopes bind it; None: another."""
        line, col = at
        receiver = _RECEIVER.search(line_of(lines, line)[: col - 1])
        if receiver is None or self.scopes is None:
            return None
        if path not in self.bindings:
            source = "\n".join(lines).encode("utf-8")
            self.bindings[path] = self.scopes.renamable(language, source)
        binding = self.bindings[path].get((line, receiver.start(1) + 1))
        if binding is None:
            return None
        declared = _TS_DECLARED.match(line_of(lines, binding[0]), binding[1] - 1)
        return declared[1] if declared is not None else None

    def _meaning(
        self, path: str, lines: Sequence[str], line: int, col: int, language: str
    ) -> bool | None:
        """Whether the TypeScript name at ``line:col`` names a type (``_typed``), in a JSDoc
        comment a tag's type (``@param {Foo} x``); None: either, a dotted type's qualifier
        (``{m.Foo}`` of ``import * as m``, which tsgo's references at ``m.Foo()`` list: yjs
        ``decoding``, 3 missing; lib0 ``delta``, 10), a ``@see`` or link's name, and any name
        of another language, which tells no types from values here (a Python line starting
        ``*args: str`` is no JSDoc comment's: typeguard's ``str`` "missing" there)."""
        if language not in TSGO_LANGUAGES:
            return None
        named = doc_name(lines, line, col)
        if named is None:
            return self._typed(path, lines, line, col, language)
        return True if named == "type" and not qualifies(lines, line, col) else None

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

    def _go_typed(
        self, path: str, lines: Sequence[str], line: int, col: int
    ) -> tuple[str, str] | None:
        """The library type (import path, name) that the Go member at ``line:col`` reads a
        value of, where its receiver is a parameter or a ``var`` declared with it (``b
        *testing.B``, ``var r http.Request``), as the file's scopes bind it; None: another
        receiver (a value ``:=`` assigns, an expression), whose type the index does not know."""
        receiver = _RECEIVER.search(line_of(lines, line)[: col - 1])
        if receiver is None or self.scopes is None:
            return None
        if path not in self.bindings:
            source = "\n".join(lines).encode("utf-8")
            self.bindings[path] = self.scopes.renamable("go", source)
        binding = self.bindings[path].get((line, receiver.start(1) + 1))
        if binding is None:
            return None
        declared = _GO_DECLARED.match(line_of(lines, binding[0]), binding[1] - 1)
        if declared is None:
            return None
        if path not in self.imports:
            self.imports[path] = go_imports(lines)
        imported = self.imports[path].get(declared[1])
        return (imported.path, declared[2]) if imported is not None else None

    def described(self) -> str:
        if self.inherited:
            return "a library's method its class inherits, where the server led its calls"
        if self.owner is not None:
            return "a property its class's methods assign, which the index holds no symbol for"
        if self.package:
            return f'a member of the package "{self.package}", in each file importing it'
        if self.global_object:
            return f"a member of the built-in {self.global_object}"
        if self.go_type:
            package, name = self.go_type
            return f'a member of "{package}".{name}, read where a value is declared that type'
        if self.member:
            return "a library type's, or of a value the server could not type"
        return "a library's or a built-in"


_GO_SPEC = re.compile(r'^\s*(?:import\s+)?(?:([\w.]+)\s+)?"([^"]+)"\s*(?://.*)?$')
_QUALIFIER = re.compile(r"(\w+)\s*\.\s*$")


class GoImport(NamedTuple):
    line: int
    col: int
    """The alias (``str "strings"``), else the import path's opening quote, as gopls lists it."""
    path: str


def go_imports(lines: Sequence[str]) -> dict[str, GoImport]:
    """The packages a Go file imports, by the name it calls each (its alias, else the import
    path's last element)."""
    found: dict[str, GoImport] = {}
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
            found.setdefault(alias, GoImport(number, spec.start(1) + 1, package))
        else:
            found.setdefault(package.rsplit("/", 1)[-1], GoImport(number, spec.start(2), package))
    return found


def _go_package(
    imports: dict[str, dict[str, GoImport]], path: str, lines: Sequence[str], line: int, col: int
) -> str | None:
    """The import path of the package whose member the Go name at ``line:col`` is
    (``time.Sleep``, ``t.Sleep`` with ``import t "time"``: ``time``), whose uses gopls lists in
    every file importing it; None for a member of a value (``c.Millisecond``) or a bare name.
    ``imports`` caches each file's (``go_imports``)."""
    qualifier = _QUALIFIER.search(line_of(lines, line)[: col - 1])
    if qualifier is None:
        return None
    if path not in imports:
        imports[path] = go_imports(lines)
    imported = imports[path].get(qualifier[1])
    return imported.path if imported is not None else None


def qualifier_col(lines: Sequence[str], line: int, col: int) -> int:
    """The column of the name before the ``.`` that the name at ``line:col`` follows (0: none)."""
    qualifier = _QUALIFIER.search(line_of(lines, line)[: col - 1])
    return qualifier.start(1) + 1 if qualifier is not None else 0


_GO_DECLARED = re.compile(r"\w+(?:\s*,\s*\w+)*\s+\*?([A-Za-z_]\w*)\.([A-Za-z_]\w*)\b")
"""A Go parameter or ``var`` declared with a package's type, from its name (``b *testing.B``,
``a, b *testing.B``, ``var r http.Request``): the package's name and the type's."""
_TS_DECLARED = re.compile(r"[\w$]+\s*\??\s*:\s*([A-Za-z_$][\w$]*)\s*(?:[,)=;]|$)")
"""A TypeScript parameter or variable declared with a type it names bare, from its name (``i:
RequestInit``, ``init?: RequestInit``): the type's name."""
_RECEIVER = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*\.\s*$")
"""The name before a member's ``.`` (``t.`` of ``t.Any``), not itself a member (``a.t.``)."""
_CHAIN = re.compile(r"(?<![\w.])([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)+)\s*\.\s*$")
"""The names before a member's ``.`` where they are a chain (``os.path.`` of ``os.path.join``)."""


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


class Spellings:
    """A Python library name as its file's imports spell it (``scopes.imported_names``): the
    member of a module (``t.Any`` after ``import typing as t``) or a name a ``from`` import binds
    (``Any`` after ``from typing import Any``, and that import's own ``Any``) is one name,
    ``typing.Any``, whose uses ty's references list in both spellings. Spelled through two
    modules (attrs' ``define`` as ``attr.define`` and ``from attrs import define``), it is one
    name where the server led the calls of both spellings to one definition (``joined``), as
    ty's references list them. Imported from a workspace module that imports it in turn
    (tabulate's tests' ``from common import skip``, common.py's ``from pytest import skip``), it
    is the name that module imports (``pytest.skip``): ty's references at any of them list the
    re-export and every importer's binding and uses (``reexported``). A member of a workspace
    class or variable an import binds (``SchemaError.__name__``, ``Validator.__name__`` of
    ``Validator = factory(...)``) is no module's member: a library attribute of its value
    (``type.__name__``), whose uses ty lists on any value of that type."""

    def __init__(
        self,
        scopes: Scopes,
        lines: dict[str, list[str]],
        name: str,
        modules: Callable[[str], Sequence[str]] | None = None,
        read: Callable[[str], list[str]] | None = None,
        library: LibraryModules | None = None,
        conn: Reader | None = None,
    ) -> None:
        self.scopes = scopes
        self.lines = lines
        self.name = name
        self.modules = modules
        """The workspace's files a dotted module name may be (None: followed no further)."""
        self.read = read
        self.library = library
        """The library modules whose imports a name is followed through (None: not)."""
        self.module_files: dict[str, list[str]] = {}
        self.asked: str | None = None
        self.joined: set[str] = set()
        """The dotted names of the asked one's other spellings (``_join``)."""
        self.names: dict[str, dict[str, str]] = {}
        self.conn = conn
        """The index, where a dotted name is checked for a workspace's value (``_value``)."""
        self.values: dict[str, bool] = {}
        """Whether each dotted name an import binds is a value of the workspace (``_value``)."""
        self.module: str | None = None
        """The module asked where it is a top-level one (``os``), bare or reached as a member
        of a workspace module importing it (``helpers.os``; ``of``)."""

    @classmethod
    def of(
        cls,
        conn: Reader,
        ws: Workspace,
        lines: dict[str, list[str]],
        language: str,
        site: tuple[str, int, int, str],
    ) -> Spellings | None:
        """The spellings of the name at ``site`` (file, line, column, name) of a Python file of
        ``ws``; None in another language."""
        path, line, col, name = site
        if language != "python" or ws.scopes is None:
            return None
        spellings = cls(
            ws.scopes(),
            lines,
            name,
            modules=lambda module: tool_queries.python_module_paths(conn, module),
            read=lambda file: file_lines(ws, file),
            library=LibraryModules(
                lambda: tool_queries.external_file_uris(conn), ws.scopes().imported_names
            ),
            conn=conn,
        )
        spellings.asked = spellings.dotted(path, line, col, name)
        if spellings.asked is not None:
            spellings._join(conn, ws, spellings.asked)
        spellings.module = spellings.asked or spellings.spelled(path, line, col, name)
        if spellings.module is not None and "." in spellings.module:
            spellings.module = None
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
            if any(one_module_name(s, asked) for s in spelled):
                self.joined |= spelled

    def same(self, path: str, line: int, col: int) -> bool | None:
        """Whether the name at ``line:col`` of ``path`` is the module's member asked; where no
        module's member is asked, False for one (``pytest.param`` is not ``e.param``), None
        (undecided) for another."""
        dotted = self.dotted(path, line, col, self.name)
        if self.module is not None and self.module in (
            dotted,
            self.spelled(path, line, col, self.name),
        ):
            return True  # `os` of `import os`, and `helpers.os` of a module importing it
        if self.asked is None:
            return False if dotted is not None else None
        return dotted is not None and (one_module_name(dotted, self.asked) or dotted in self.joined)

    def dotted(self, path: str, line: int, col: int, name: str) -> str | None:
        """The dotted name of a module's member the ``name`` at ``line:col`` of ``path`` is
        (a relative import's from the file's folders: ``src.pkg.fields``); None for another (a
        module's own name, a member of a value, a name no import binds, a built-in imported from
        ``builtins``: tomlkit's ``from builtins import int as _CustomInt`` is one of ty's
        references of ``int``, a bare name elsewhere)."""
        found = self.spelled(path, line, col, name)
        if found is None or "." not in found or found == f"builtins.{name}":
            return None
        return self.reexported(path, found)

    def reexported(self, path: str, dotted: str) -> str:
        """The dotted name ``dotted``, imported in ``path``, stands for through the workspace's
        modules that import it in turn (``common.skip`` -> ``pytest.skip``): the module's file in
        the importer's folder, else its only file; ``dotted`` where no such module imports it.
        Then through the library's (``collections.abc.Sequence`` -> ``typing.Sequence``:
        ``LibraryModules.origin``)."""
        seen = {dotted}
        while self.modules is not None and self.read is not None:
            module, _, member = dotted.rpartition(".")
            if module not in self.module_files:
                found = list(self.modules(module)) if module else []
                self.module_files[module] = _rooted(module, found, self.modules)
            files = self.module_files[module]
            here = [f for f in files if PurePosixPath(f).parent == PurePosixPath(path).parent]
            chosen = here or (files if len(files) == 1 else [])
            if not chosen:
                break
            path = chosen[0]
            if path not in self.names:
                self.lines.setdefault(path, self.read(path))
                source = "\n".join(self.lines[path]).encode("utf-8")
                self.names[path] = self.scopes.imported_names(source)
            bound = self.names[path].get(member)
            if bound is None or absolute_module(path, bound) in seen:
                break
            dotted = absolute_module(path, bound)
            seen.add(dotted)
        return dotted if self.library is None else self.library.origin(dotted)

    def spelled(self, path: str, line: int, col: int, name: str) -> str | None:
        """The dotted name the ``name`` at ``line:col`` of ``path`` stands for where an import
        binds it, a top-level module's own name too (``pkg`` of ``import pkg``); None for a
        member of a value or a name no import binds."""
        if path not in self.names:
            source = "\n".join(self.lines[path]).encode("utf-8")
            self.names[path] = self.scopes.imported_names(source)
        names = self.names[path]
        text = line_of(self.lines[path], line)
        before = text[: col - 1]
        receiver = _RECEIVER.search(before) or _CHAIN.search(before)
        if FROM_MODULE.search(before) is not None:  # `time` of `from time import time`
            return None  # the module, not the namesake the statement imports (`time.time`)
        if receiver is not None:  # `t.Any`; `os.path.join` after `import os`
            first, *rest = re.sub(r"\s+", "", receiver[1]).split(".")
            module = names.get(first)
            if module is not None:
                module = ".".join([module, *rest])
            if module is not None and self._value(absolute_module(path, module)):
                return None  # `SchemaError.__name__`: a member of a class, not of a module
            found = f"{module}.{name}" if module is not None else None
        elif before.rstrip().endswith("."):
            return None
        else:  # the name an import binds, or its `as` alias
            alias = AS_ALIAS.match(text, col - 1 + len(name))
            found = names.get(alias[1] if alias else name)
        return absolute_module(path, found) if found is not None else None

    def _value(self, dotted: str) -> bool:
        """Whether ``dotted`` (``pkg.errors.SchemaError``) names a top-level symbol of a
        workspace module, no module itself (with a connection to the index: ``of``), or a
        library's class (``argparse.ArgumentParser``: ``ArgumentParser.parse_args`` is the
        method read on its class, which ty's references of ``parser.parse_args`` list)."""
        if self.library is not None and self.library.is_class(dotted):
            return True
        if self.conn is None or "." not in dotted:
            return False
        if dotted not in self.values:
            module, _, name = dotted.rpartition(".")
            conn = self.conn
            self.values[dotted] = not tool_queries.python_module_paths(conn, dotted) and any(
                r["container_key"] is None
                for path in tool_queries.python_module_paths(conn, module)
                for r in navigation.symbols_named_in(conn, name, path)
            )
        return self.values[dotted]

    def bound_itself(self, path: str, line: int, col: int, name: str) -> str | None:
        """``spelled`` where the import at ``line:col`` binds the name itself (``import pkg``,
        ``from pkg import mod``; not ``import pkg as p`` nor ``mod`` of ``import pkg.mod``);
        None for another."""
        text = line_of(self.lines[path], line)
        if AS_ALIAS.match(text, col - 1 + len(name)) or text[: col - 1].rstrip().endswith("."):
            return None
        return self.spelled(path, line, col, name)


AS_ALIAS = re.compile(r"\s+as\s+(\w+)")
"""What follows a name an import binds under an alias (`` as lx``): the alias."""
IMPORT_LIST = r"(?:^|[;:])\s*import\s+(?:[\w.]+(?:\s+as\s+\w+)?\s*,\s*)*"
"""An ``import`` statement up to the module it names now (``import os, ply.``'s ``import os,
``): the start of the patterns that read a part of that module's name."""


def _rooted(
    module: str, files: Sequence[str], modules: Callable[[str], Sequence[str]]
) -> list[str]:
    """The ``files`` of the dotted ``module`` that an absolute import of it reaches: not one in
    a package's folder (pendulum's ``pendulum/datetime.py`` is ``pendulum.datetime``, so
    ``import datetime`` beside it is the standard library's, where ty's definition leads;
    read as that file, ``datetime.datetime`` was the module it imports)."""
    tail = module.replace(".", "/")
    kept = []
    for file in files:
        suffix = f"{tail}.py" if file.endswith(f"{tail}.py") else f"{tail}/__init__.py"
        folder = file[: len(file) - len(suffix)].rstrip("/")
        package = f"{folder}/__init__.py"
        if not folder or package not in modules(folder.replace("/", ".")):
            kept.append(file)
    return kept


def one_module_name(a: str, b: str) -> bool:
    """Whether two dotted names are one, the one a relative import's (``src.pkg.fields``, read
    from folders that may start above the package) and the other an absolute import's
    (``pkg.fields``)."""
    return a == b or a.endswith("." + b) or b.endswith("." + a)


_THIS = re.compile(r"\b(?:this|self)\s*\.\s*$")


class ThisClasses:
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
