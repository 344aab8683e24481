"""Addressing: which symbol a tool is about, from a name or from a position. Every symbol tool
(info, usages, callers, callees, hierarchy, impact, rename) resolves its target here.

By name: ``get``, ``Cart.get`` (qualified), ``shop.models.Cart`` or ``flask.Flask`` (namespace and
qualified name; a package prefix of the namespace is enough), ``Cart.*`` (wildcards). ``file`` and
``line`` given with a name pick among several symbols of that name. The declarations TypeScript
merges into one symbol (``interface X`` and ``const X``, ``class C`` and ``namespace C``) are
answered together (``merged``). Several other matches raise ``AmbiguousSymbol`` listing the
candidates, each with a form this module resolves to it alone
(module-qualified name, else name, file and line, else the position); none raises
``SymbolNotFound`` with similar names.

By position (``file`` + ``line`` + ``col``, 1-based): the identifier there, tolerating a 0-based
column, a line off by one, and a column on whitespace or punctuation next to the identifier; the
answer's provenance says how the position was corrected. A reference resolves to the symbol it
refers to: by its resolved key (language server), or by name in a tree-sitter file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import Any

from lsai.query import suggest
from lsai.query.contracts import Declaration, SymbolRef, SymbolTarget
from lsai.query.errors import (
    AmbiguousSymbol,
    FileNotIndexed,
    InvalidPosition,
    NoSymbolAtPosition,
    QueryError,
    SymbolNotFound,
)
from lsai.query.merged import (
    MERGING_LANGUAGES,
    also_declared,
    meant_together,
    merged_declarations,
    merged_note,
    symbols_of,
)
from lsai.query.position import readings, side
from lsai.query.renamings import describe, renamings
from lsai.query.scopes import (
    SCOPED_BY_TEXT,
    in_scope_of,
    one_overload_set,
    overloads_apart,
    same_place,
)
from lsai.query.workspace import Workspace
from lsai.storage import navigation, queries, type_walks
from lsai.storage.engine import Reader, Row
from lsai.testfiles import is_test_file

_FAMILIES = (("typescript", "tsx", "javascript"), ("c", "cpp"))
_KIND_ORDER = {k: i for i, k in enumerate(("class", "interface", "struct", "enum", "function"))}
MAX_CANDIDATES = 20


@dataclass(frozen=True)
class Resolved:
    """The symbol a tool answers about, with what the tools need beyond its public ``ref``."""

    ref: SymbolRef
    key: str
    language: str | None
    container_key: str | None
    accessibility: str | None
    modifiers: tuple[str, ...]
    corrected: str | None = None
    notes: tuple[str, ...] = ()
    merged: tuple[str, ...] = ()  # the other declarations of a merged symbol (``merged``)

    @property
    def name(self) -> str:
        return self.ref.name

    @property
    def keys(self) -> tuple[str, ...]:
        """The key of every declaration the answer covers: its own, then ``merged``."""
        return (self.key, *self.merged)

    @property
    def family(self) -> tuple[str, ...]:
        return language_family(self.language)


@dataclass(frozen=True)
class Precision:
    """How exact the answers about one symbol are: which files match it by key, which by name."""

    mode: str  # "semantic", "name-based" or "mixed"
    by_name: bool  # some files of the language family are matched by name (tree-sitter)
    notes: tuple[str, ...] = field(default=())
    backends: tuple[str, ...] = ()  # the backends that produced the answer, when known
    namesakes: int = 0  # other symbols with the target's name (what name matching may mix in)
    everywhere: bool = False
    """Its name is matched in every file, not only tree-sitter's
    (``navigation.UsageScope.name_everywhere``): its own file is tree-sitter's, so no server
    could tie a use of it to it (not for a type's member: ``reach.precision``)."""


def language_family(language: str | None) -> tuple[str, ...]:
    """Languages whose files can refer to each other's symbols (TypeScript and JavaScript ...)."""
    if language is None:
        return ()
    for family in _FAMILIES:
        if language in family:
            return family
    return (language,)


def symbol_ref(row: Row) -> SymbolRef:
    return SymbolRef.from_row(row)


def sharing_references(
    conn: Reader, target: Resolved, *, calls: bool = False, root: Path | None = None
) -> Resolved:
    """The overload that carries the references (``calls``: the incoming calls) of ``target``'s
    overload set.

    Overloads (``@overload`` stubs and their implementation, TypeScript overload signatures) and
    redefinitions of one name in one scope are separate symbols, but a server answers the same
    references for all of them and the index keys each site to one (a call edge may end at
    another: ``def f`` whose sites are keyed to ``f = wrap(f)``, whose calls end at the ``def``).
    Asked about an overload whose key holds none, the usages and callers tools answer for the
    one that does, and say so; ``target`` itself when it has some, or when no sibling has any.
    With the workspace ``root``, a TypeScript/JavaScript sibling must be declared next to it
    (``one_scope``): ``function Page()`` in each of two test callbacks are two functions."""
    if target.merged:
        return target  # the declarations of one symbol, answered together
    if calls:
        if navigation.calls_into(conn, target.key):
            return target
    elif navigation.has_usage(conn, target.key):
        return target  # the common case: one row looked up, nothing counted
    ref = target.ref
    siblings = overload_siblings(conn, target, root)
    counted = [
        (
            navigation.calls_into(conn, str(r["key"]))
            if calls
            else navigation.usages_count(conn, navigation.UsageScope(str(r["key"]), target.name))[
                0
            ],
            r,
        )
        for r in siblings
    ]
    carrying = [(n, r) for n, r in counted if n]
    if not carrying:
        return target
    _, row = max(carrying, key=lambda item: item[0])
    what = "calls" if calls else "references"
    other = "declaration" if row["kind"] == ref.kind else row["kind"]  # not all are overloads
    note = (
        f"{target.ref.qualified_name} at line {target.ref.line} shares its {what} with the "
        f"{other} of that name at line {row['line']}: answered for that one"
    )
    return _resolved(row, target.corrected, (*target.notes, note))


def overload_siblings(conn: Reader, target: Resolved, root: Path | None = None) -> list[Row]:
    """The other symbols of ``target``'s overload set (``sharing_references``): the overload
    signatures and implementation of one function, the redefinitions of one name in one scope.
    With the workspace ``root``, a TypeScript/JavaScript sibling must be declared next to it."""
    ref = target.ref
    named = navigation.symbols_named_in(conn, target.name, ref.file)
    mine = [r for r in named if r["key"] == target.key]
    siblings = [
        r
        for r in named
        if r["key"] != target.key
        and same_place(r, ref.file, ref.qualified_name, ref.kind, target.modifiers)
        and not any(overloads_apart(m, r) for m in mine)
    ]
    if siblings and root is not None and target.language in SCOPED_BY_TEXT:
        own = navigation.symbols_by_keys(conn, [target.key])
        siblings = in_scope_of(root, own[0], siblings) if own else []
    return siblings


def implementation(conn: Reader, target: Resolved, root: Path | None = None) -> Resolved:
    """Of ``target``'s overload set, the member with the longest body (TypeScript's
    implementation after its signatures, Python's ``def`` after its ``@overload`` stubs): the
    calls the set makes are there, while its references are keyed to the first (``resolve``
    answers that one); ``target`` itself when it is no overload or is that member."""
    siblings = overload_siblings(conn, target, root)
    if not siblings:
        return target
    own = navigation.symbols_by_keys(conn, [target.key])
    rows = [*own, *siblings]
    body = max(rows, key=lambda r: (int(r["end_line"]) - int(r["start_line"]), int(r["line"])))
    if body["key"] == target.key:
        return target
    note = (
        f"{target.ref.qualified_name} is defined {len(rows)} times: answered for line "
        f"{body['line']}, its implementation, whose body makes the calls"
    )
    kept = tuple(n for n in target.notes if "which holds its references" not in n)
    return _resolved(body, target.corrected, (*kept, note))


def _resolved(row: Row, corrected: str | None = None, notes: Iterable[str] = ()) -> Resolved:
    return Resolved(
        ref=symbol_ref(row),
        key=row["key"],
        language=row["language"],
        container_key=row["container_key"],
        accessibility=row["accessibility"],
        modifiers=tuple(str(row["modifiers"] or "").split()),
        corrected=corrected,
        notes=tuple(notes),
    )


def resolve(
    conn: Reader, ws: Workspace, target: SymbolTarget, *, kinds: Sequence[str] = ()
) -> Resolved:
    """The one symbol ``target`` names; ``kinds`` are preferred when several match. A symbol
    written as a position, ``src/app.py:12:5`` (as compilers and grep print them), is read as
    that position."""
    at = POSITION.fullmatch(target.symbol.strip()) if target.symbol and not target.file else None
    if at is not None:
        line, col = int(at["line"]), int(at["col"]) if at["col"] else None
        if line < 0 or (col or 0) < 0:
            raise InvalidPosition(
                f"{at.group(0)}: a line or column is negative",
                resolution="give the 1-based line and column of the symbol's name",
            )
        return resolve_position(conn, ws, at["file"], line, col, kinds=kinds)
    if target.symbol is not None:
        return resolve_name(
            conn, ws, target.symbol, file=target.file, line=target.line, kinds=kinds
        )
    assert target.file is not None and target.line is not None  # SymbolTarget validates this
    return resolve_position(conn, ws, target.file, target.line, target.col, kinds=kinds)


def asked_position(target: SymbolTarget) -> tuple[str, int, int | None] | None:
    """The file, line and column ``target`` gives (``file``/``line``/``col``, or a ``symbol``
    written as a position); None: it names a symbol."""
    at = POSITION.fullmatch(target.symbol.strip()) if target.symbol and not target.file else None
    if at is not None:
        return at["file"], int(at["line"]), int(at["col"]) if at["col"] else None
    if target.symbol is not None or target.file is None or target.line is None:
        return None
    return target.file, target.line, target.col


POSITION = re.compile(r"(?P<file>.+\.\w+):(?P<line>-?\d+)(?::(?P<col>-?\d+))?")
"""``symbol`` written as a position, as compilers print it: ``file:line`` or ``file:line:col``
(the file's name may hold spaces and colons: ``c:d.py:1:5``, ``my app.py:3``)."""


# -- by name -------------------------------------------------------------------------------------
_MEMBER_HASH = re.compile(r"(?<=[\w$])#")


def dotted_name(text: str) -> str:
    """``text`` with its member separators as dots: ``Cart::get`` and ``Cart#get`` (Java's,
    Ruby's) read ``Cart.get``; a ``#`` that starts a name stays (``Query.#setup``, a private
    member of JavaScript or TypeScript)."""
    return _MEMBER_HASH.sub(".", text.strip().replace("::", "."))


_NAME_PART = re.compile(r"(?:\[[^\]]*\]|[^.\[])+")


def name_parts(text: str) -> list[str]:
    """The dotted parts of a qualified name, a computed member name whole: JavaScript's
    ``DLL.[Symbol.iterator]`` is ``DLL`` and ``[Symbol.iterator]`` (the name tsgo's outline
    gives the generator ``*[Symbol.iterator]() {...}``)."""
    return _NAME_PART.findall(text)


def _qualified_match(row: Mapping[Any, Any], parts: list[str], exact: bool = False) -> bool:
    """``a.b.C.m`` matches qualified name ``C.m`` in a namespace containing ``a.b``, and so on;
    a qualified name ending with the rest too (``Line.render`` matches ``Cart.Line.render``),
    unless ``exact``. A symbol of a language without namespaces (TypeScript, JavaScript) is in
    its file's path, any of its folders in order (``packages/store/src/cart.ts``: ``store.Cart``,
    ``store.cart.Cart``, ``cart.Cart``)."""
    qualified = str(row["qualified_name"])
    namespace = "." + str(row["namespace"] or "") + "."
    folders = _path_parts(row) if not row["namespace"] else None
    for split in range(len(parts)):
        space, name = ".".join(parts[:split]), ".".join(parts[split:])
        if qualified != name and (exact or not qualified.endswith("." + name)):
            continue
        if not space:
            return True
        if _in_order(parts[:split], folders) if folders else "." + space + "." in namespace:
            return True
    return False


def _path_parts(row: Mapping[Any, Any]) -> list[str]:
    """A file's folders and its name without the extension (``src/cart.ts``: src, cart)."""
    path = str(row.get("file") or "")
    return list(PurePosixPath(path).with_suffix("").parts) if path else []


def _in_order(wanted: list[str], parts: list[str]) -> bool:
    """Whether ``wanted`` are among ``parts``, in that order."""
    found = iter(parts)
    return all(any(w == p for p in found) for w in wanted)


def _exact_first(rows: list[Row], parts: list[str]) -> list[Row]:
    """The rows ``parts`` names in full, when some are among those it matches: the function
    ``asyncio.events.get_event_loop``, not also the methods ``get_event_loop`` of the classes
    of that module (their qualified names end with the name, the module is their namespace)."""
    if len(parts) < 2:  # a bare name: every symbol of that name is a candidate
        return rows
    exact = [r for r in rows if _qualified_match(r, parts, exact=True)]
    return exact or rows


def _by_name(conn: Reader, text: str) -> tuple[list[Row], list[str]]:
    if "*" in text or "?" in text:
        hits, _ = queries.search_symbols(conn, text, limit=MAX_CANDIDATES * 5)
        return navigation.symbols_by_keys(conn, [str(h["key"]) for h in hits]), []
    parts = name_parts(text)
    if not parts:
        return [], []
    rows = [r for r in navigation.symbols_named(conn, parts[-1]) if _qualified_match(r, parts)]
    if rows:
        return _exact_first(rows, parts), []
    for quote in "\"'":  # a quoted key: ``{ "OPEN": 1 }``, ``defineProperty(S, 'OPEN', ...)``
        quoted = [*parts[:-1], f"{quote}{parts[-1]}{quote}"]
        named = navigation.symbols_named(conn, quoted[-1])
        rows = [r for r in named if _qualified_match(r, quoted)]
        if rows:
            return rows, []
    folded = [p.casefold() for p in parts]
    rows = [
        r
        for r in navigation.symbols_named(conn, parts[-1], fold=True)
        if _qualified_match(_folded_row(r), folded)
    ]
    note = [f"no symbol is named exactly {text!r}; matched ignoring case"] if rows else []
    if rows:
        return rows, note
    if len(parts) < 2:  # a name an export gives a symbol: that symbol
        given = renamings(conn, parts[0])
        keys = list(dict.fromkeys(str(r["sym_key"]) for r in given))
        return navigation.symbols_by_keys(conn, keys), [describe(r) for r in given[:1]]
    return _inherited(conn, parts)


def _inherited(conn: Reader, parts: list[str]) -> tuple[list[Row], list[str]]:
    """``Type.member`` where ``Type`` declares no such member but a base of it does, the
    nearest base first (``ClauseElement.compile`` is ``CompilerElement.compile``)."""
    types = [
        r
        for r in navigation.symbols_named(conn, parts[-2])
        if r["kind"] in type_walks.TYPE_KINDS and _qualified_match(r, parts[:-1])
    ]
    members = navigation.symbols_named(conn, parts[-1]) if types else []
    for owner in types[:MAX_CANDIDATES]:
        bases = type_walks.bases_walk(
            conn, str(owner["key"]), depth=10, languages=[owner["language"]]
        )
        by_depth: dict[int, list[str]] = {}
        for b in bases:
            if b["key"] is not None:
                by_depth.setdefault(int(b["depth"]), []).append(str(b["key"]))
        for depth in sorted(by_depth):
            found = [r for r in members if r["container_key"] in by_depth[depth]]
            if found:
                note = (
                    f"{owner['qualified_name']} declares no {parts[-1]}; it inherits "
                    f"{found[0]['qualified_name']}"
                )
                return found, [note]
    return [], []


def _folded_row(row: Row) -> dict[str, str]:
    return {
        "qualified_name": str(row["qualified_name"]).casefold(),
        "namespace": str(row["namespace"] or "").casefold(),
        "file": str(row["file"] or "").casefold(),
    }


def _near_line(rows: list[Row], line: int) -> list[Row]:
    """The rows named on ``line``, else a line away, else defined around it: the line picks
    one of namesakes defined on adjacent lines (C++ overloads, a constructor of each)."""
    exact = [r for r in rows if r["line"] == line] or [
        r for r in rows if line in (r["line"] - 1, r["line"] + 1)
    ]
    if exact:
        return exact
    return [r for r in rows if r["start_line"] <= line <= r["end_line"]]


def resolve_name(
    conn: Reader,
    ws: Workspace,
    text: str,
    *,
    file: str | None = None,
    line: int | None = None,
    kinds: Sequence[str] = (),
) -> Resolved:
    """The symbol called ``text``; ``file`` and ``line`` narrow several down to one."""
    normalised = dotted_name(text)
    rows, notes = _by_name(conn, normalised)
    if not rows:
        raise _not_found(conn, text)
    where = ""
    if file is not None:
        path = ws.relative(file)
        where = f" in {path}"
        rows = [r for r in rows if r["file"] == path]
    if line is not None and rows:
        where += f" near line {line}"
        rows = _near_line(rows, line)
    if not rows:
        raise SymbolNotFound(
            f"no symbol {text!r}{where}",
            resolution=f"drop file/line to see every {text!r}, or check them with `lsai search`",
        )
    passed: list[Row] = []
    if len(rows) > 1 and kinds:
        preferred = [r for r in rows if r["kind"] in kinds]
        passed = [r for r in rows if r not in preferred] if preferred else []
        rows = preferred or rows
    if len(rows) > 1:
        rows = _types_over_their_constructors(rows)
    if passed and len(rows) == 1:
        notes = [*notes, _passed_over(text, rows[0], passed)]
    if len(rows) > 1 and one_overload_set(rows, ws.root):
        first = min(rows, key=lambda r: r["line"])
        chosen = sharing_references(conn, _resolved(first), root=ws.root)
        lines = ", ".join(str(r["line"]) for r in sorted(rows, key=lambda r: r["line"]))
        note = (
            f"{first['qualified_name']} is defined {len(rows)} times (lines {lines}): "
            f"answered for line {chosen.ref.line}, which holds its references"
        )
        return replace(chosen, notes=(*notes, note))
    merged = merged_declarations(conn, rows, ws.root) if len(rows) > 1 else []
    if merged:
        return _as_merged(merged[0], merged[1:], notes)
    if len(rows) > 1:
        raise ambiguous(conn, ws, text, rows)
    return _resolved(rows[0], notes=notes)


def _passed_over(text: str, chosen: Row, passed: Sequence[Row]) -> str:
    """The note of a name that several symbols have, answered for the one of the kinds the tool
    answers about (the function, not a field of that name, for callers): the others named."""
    shown = suggest.describe(list(passed[:3])) + (", ..." if len(passed) > 3 else "")
    return (
        f"{text!r} also names {shown}; answered for the {chosen['kind']} "
        f"{chosen['qualified_name']}, the kind this tool answers about; ask for another by "
        "its qualified name"
    )


def _as_merged(row: Row, others: Sequence[Row], notes: Iterable[str] = ()) -> Resolved:
    """The symbol of ``row`` answered with the ``others`` TypeScript merges it with
    (``merged_declarations``), and a note saying so."""
    found = _resolved(row, None, (*notes, merged_note([row, *others])))
    declared = [Declaration(kind=r["kind"], file=r["file"], line=r["line"]) for r in others]
    ref = found.ref.model_copy(update={"merged": declared})
    return replace(found, ref=ref, merged=tuple(str(r["key"]) for r in others))


def with_meanings_met(
    conn: Reader, ws: Workspace, asked: Resolved, file: str, line: int, col: int | None
) -> Resolved:
    """``asked`` (the symbol at ``file:line:col``) with the declarations merged with it that
    the name there means as well (``meant_together``): an import's, an export's, a JSDoc
    link's, an importer's use of the binding; anywhere, those of a class and the interfaces
    merged with it, whose meanings always meet (``_types_together``)."""
    if col is None or asked.merged or asked.language not in MERGING_LANGUAGES:
        return asked
    together = _types_together(conn, ws, asked)
    if together is not None:
        return together
    row = indexed_file(conn, ws.relative(file))
    own = navigation.symbols_by_keys(conn, [asked.key])
    others = meant_together(conn, own[0], int(row["id"]), line, col, ws.root) if own else []
    return _as_merged(own[0], others, asked.notes) if others else asked


_TYPES_TOGETHER = frozenset(("class", "interface"))


def _types_together(conn: Reader, ws: Workspace, asked: Resolved) -> Resolved | None:
    """``asked`` with the declarations merged with it when they are classes and interfaces
    alone (lexical's ``interface ElementNode`` and ``class ElementNode``; an interface declared
    again in a ``declare module`` augmentation): a type position means each, a value one the
    class, a type too, so tsgo's references anywhere, at a declaration too, are all of theirs
    (lexical ElementNode asked at a type's use: 45 "missing", the importers' and value uses).
    The workspace's namesakes first, else the declarations of its own file."""
    if asked.ref.kind not in _TYPES_TOGETHER:
        return None
    named = navigation.symbols_named(conn, asked.name)
    rows = [r for r in named if r["kind"] in _TYPES_TOGETHER and r["language"] == asked.language]
    merged = merged_declarations(conn, rows, ws.root) if len(rows) > 1 else []
    own = [r for r in merged if r["key"] == asked.key]
    if own:
        return _as_merged(own[0], [r for r in merged if r["key"] != asked.key], asked.notes)
    every = with_every_declaration(conn, ws, asked)
    kinds = {every.ref.kind, *(d.kind for d in every.ref.merged or ())}
    return every if every.merged and kinds <= _TYPES_TOGETHER else None


def with_every_declaration(conn: Reader, ws: Workspace, asked: Resolved) -> Resolved:
    """``asked`` with the declarations TypeScript merges it with in its scope, whatever their
    meanings: a rename renames the symbol (tsgo's rename at ``const Maybe`` edits ``type
    Maybe`` and its uses too), not one declaration. Overloads stay the rename's own concern."""
    if asked.merged or asked.language not in MERGING_LANGUAGES:
        return asked
    named = navigation.symbols_named_in(conn, asked.name, asked.ref.file)
    rows = [r for r in named if r["container_key"] == asked.container_key]
    merged = merged_declarations(conn, rows, ws.root) if len(rows) > 1 else []
    own = [r for r in merged if r["key"] == asked.key]
    if not own or all(r["kind"] == "function" for r in merged):
        return asked
    return _as_merged(own[0], [r for r in merged if r["key"] != asked.key], asked.notes)


def _types_over_their_constructors(rows: list[Row]) -> list[Row]:
    """A class and the constructors named after it (C++, Java, C#: ``Circle``, defined out of
    line in another file): the class, whose usages include its constructors' (a note says so);
    a constructor is picked by its file and line."""
    types = {r["key"] for r in rows if r["kind"] in type_walks.TYPE_KINDS}
    kept = [r for r in rows if not (r["kind"] == "constructor" and r["container_key"] in types)]
    return kept or rows


def _candidate(symbol: Sequence[Row], form: str | None) -> str:
    """One line of an ambiguous answer: a symbol (its declarations, the one shown first)."""
    row = symbol[0]
    listed = f"{row['kind']} {row['qualified_name']}  {row['file']}:{row['line']}"
    if len(symbol) > 1:
        listed += also_declared(row, symbol[1:])
    return f"{listed}  {form}" if form else listed


def _form(conn: Reader, ws: Workspace, row: Row, namesakes: Sequence[Row]) -> str | None:
    """How to address ``row`` alone, in a form ``resolve`` takes back: its module-qualified name
    (``symbol=shop.models.Cart.get``) when no namesake shares it, else its name with the file and
    line of its definition, else the position of its name (``file=... line=... col=...``)."""
    namespace, qualified = str(row["namespace"] or ""), str(row["qualified_name"])
    inside = not namespace or qualified.startswith(namespace + ".")
    dotted = qualified if inside else f"{namespace}.{qualified}"
    parts = name_parts(dotted_name(dotted))
    plain = "*" not in dotted and "?" not in dotted and parts and parts[-1] == row["name"]
    if plain and [r["key"] for r in namesakes if _qualified_match(r, parts)] == [row["key"]]:
        return f"symbol={dotted}"
    name, path, line = row["name"], row["file"], int(row["line"])
    if "*" not in name and "?" not in name and "." not in name:
        here = [r for r in namesakes if r["file"] == path and _qualified_match(r, [name])]
        if [r["key"] for r in _near_line(here, line)] == [row["key"]]:
            return f"symbol={name} file={path} line={line}"
    try:
        found = resolve_position(conn, ws, path, line, int(row["col"]), forms=False)
    except QueryError:
        return None
    return f"file={path} line={line} col={row['col']}" if found.key == row["key"] else None


def ambiguous(
    conn: Reader, ws: Workspace, text: str, rows: Sequence[Row], *, forms: bool = True
) -> AmbiguousSymbol:
    """The error listing every candidate, each with a form that addresses it alone; the
    declarations TypeScript merges into one symbol are one candidate (``merged``)."""
    symbols = symbols_of(conn, rows, ws.root)
    ordered = sorted(  # the code's before its tests'
        symbols,
        key=lambda s: (
            is_test_file(str(s[0]["file"])),
            _KIND_ORDER.get(s[0]["kind"], 9),
            *_place(s[0]),
        ),
    )
    namesakes: dict[str, list[Row]] = {}
    listed: list[str] = []
    for symbol in ordered[:MAX_CANDIDATES]:
        form = None
        row, name = symbol[0], str(symbol[0]["name"])
        if forms and len(symbol) > 1:
            form = f"symbol={name} file={row['file']}"  # its file's declarations of the name
        elif forms:
            if name not in namesakes:
                namesakes[name] = navigation.symbols_named(conn, name)
            form = _form(conn, ws, row, namesakes[name])
        listed.append(_candidate(symbol, form))
    candidates = (*listed, *(_candidate(s, None) for s in ordered[MAX_CANDIDATES:]))
    shown = list(listed)
    if len(candidates) > MAX_CANDIDATES:
        more = len(candidates) - MAX_CANDIDATES
        shown.append(f"... and {more} more: `lsai search {text}` lists every one")
    first, example = ordered[0][0], listed[0].rpartition("  ")[2]
    how = (
        f"the form listed after it, e.g. {example}"
        if forms and "=" in example
        else f"the file and line of its definition (file={first['file']} line={first['line']})"
    )
    return AmbiguousSymbol(
        f"{text!r} matches {len(ordered)} symbols:\n" + "\n".join(f"  {c}" for c in shown),
        resolution=f"pick one: pass {how}",
        candidates=candidates,
    )


def _place(row: Row) -> tuple[str, int]:
    return str(row["file"]), int(row["line"])


def _not_found(conn: Reader, text: str) -> SymbolNotFound:
    dotted = dotted_name(text)
    similar = suggest.similar_symbols(conn, dotted)
    unresolved = suggest.unresolved_note(conn, dotted.split(".")[-1])
    return SymbolNotFound(
        f"no symbol named {text!r} in the index{unresolved}"
        + (f"; similar: {suggest.describe(similar)}" if similar else ""),
        resolution="check the name with `lsai search` (wildcards: *), or address the symbol by "
        "file, line and col; run `lsai index` if the code is new",
    )


# -- by position ---------------------------------------------------------------------------------
def indexed_file(conn: Reader, path: str) -> Row:
    """The file row of ``path``, or FILE_NOT_INDEXED naming the indexed paths most like it."""
    if not path:  # ``.``: the workspace's folder
        raise QueryError(
            "a file is needed, and '.' names the workspace's folder",
            resolution="give a workspace-relative path of an indexed source file",
        )
    row = queries.file_row(conn, path)
    if row is None:
        similar = suggest.similar_paths(conn, path)
        hint = f"; did you mean {', '.join(similar)}?" if similar else ""
        raise FileNotIndexed(
            f"{path} is not in the index{hint}",
            resolution="give a workspace-relative path of an indexed source file "
            "(run `lsai index` if the file is new)",
        )
    if row["status"] in ("skipped", "failed"):
        raise FileNotIndexed(
            f"{path} was not indexed: {row['error']}",
            resolution="address the symbol by name, or fix the file and run `lsai index`",
        )
    return row


def resolve_position(
    conn: Reader,
    ws: Workspace,
    file: str,
    line: int,
    col: int | None,
    *,
    kinds: Sequence[str] = (),
    forms: bool = True,
) -> Resolved:
    """The symbol of the identifier at ``file:line:col`` (1-based, tolerantly read: ``readings``;
    a column on a definition's header with no identifier near it on the line, such as ``def``,
    is that definition); ``forms``: whether an ambiguous answer works out how to address each
    candidate. An error at a corrected position says how it was corrected."""
    path = ws.relative(file)
    row = indexed_file(conn, path)
    line_count = int(row["line_count"])
    if line > line_count + 1:
        raise InvalidPosition(
            f"line {line} is past the end of {path} ({line_count} lines)",
            resolution="give a 1-based line within the file",
        )
    occurrences = navigation.occurrences_on_lines(conn, int(row["id"]), line - 1, line + 1)
    found = [
        (_constructed_class(conn, _assigned_again(ws, path, h, occurrences), occurrences), n)
        for h, n in readings(occurrences, line, col)
    ]
    near = bool(found) and found[0][0]["line"] == line  # same-line readings come first
    header, header_line = None, line
    if not near and col is not None:  # on ``def``, ``class``: the definition it starts
        blank = not any(o["line"] == line for o in occurrences)  # on it a line off
        for header_line in (line, line + 1, line - 1) if blank and not found else (line,):
            # a column 0 is 0-based (no 1-based column is 0): the line's first character
            header = navigation.symbol_headed_at(conn, row["id"], header_line, max(col, 1))
            if header is not None:
                break
    if header is not None:
        named_at = f"{header['line']}:{header['col']}"
        moved = (
            f"nothing at line {line}: used the {side(header_line, line)} line, "
            if header_line != line
            else ""
        )
        return _resolved(
            header, f"{path}:{line}:{col}: {moved}in the header of {header['name']} ({named_at})"
        )
    if not found:
        what = (
            f"no identifier at {path}:{line}:{col}"
            if col is not None
            else f"no column given and {path}:{line} does not hold exactly one symbol"
        )
        raise NoSymbolAtPosition(
            f"{what} ({_identifiers_around(occurrences, line)})",
            resolution="give the 1-based line and column of the symbol's name, or its name",
        )
    first_error: NoSymbolAtPosition | None = None
    for hit, note in found:
        at = f"{path}:{line}" + (f":{col}" if col is not None else "")
        corrected = f"{at}: {note}" if note else None
        try:
            return _symbol_at(conn, ws, hit, path, str(row["backend"]), corrected, kinds, forms)
        except NoSymbolAtPosition as error:
            if note is None:
                raise
            if first_error is None:
                first_error = NoSymbolAtPosition(
                    f"{corrected}; {error.message}", resolution=error.resolution
                )
                first_error.site = error.site
    assert first_error is not None  # found is not empty
    raise first_error


def _constructed_class(conn: Reader, hit: Row, occurrences: Sequence[Row]) -> Row:
    """At ``new B(...)`` of a class without a constructor of its own, the site holds the class
    and the constructor it inherits (``A``'s, tsgo's definition there leads to both): the
    class's occurrence, whose references tsgo's are there (yjs ``new GC(...)``, GC extending
    AbstractStruct: lsai answered the base's constructions, 59 missing, 8 extra). The order of
    the two was the server's, the class's first where both are in one file."""
    if hit["symbol_key"] is None or hit["role"] != "call":
        return hit
    keyed = navigation.symbols_by_keys(conn, [str(hit["symbol_key"])])
    if not keyed or keyed[0]["kind"] != "constructor":
        return hit
    if str(keyed[0]["qualified_name"]).split(".")[0] == hit["name"]:
        return hit  # its own class's constructor
    here = [
        o
        for o in occurrences
        if (o["line"], o["col"]) == (hit["line"], hit["col"]) and o["symbol_key"] is not None
    ]
    classes = navigation.symbols_by_keys(conn, [str(o["symbol_key"]) for o in here])
    spelled = {str(r["key"]) for r in classes if r["name"] == hit["name"] and r["kind"] == "class"}
    return next((o for o in here if o["symbol_key"] in spelled), hit)


def _assigned_again(ws: Workspace, path: str, hit: Row, occurrences: Sequence[Row]) -> Row:
    """The reference of another symbol the server answered at ``hit``, where ``hit`` defines a
    property assigned again (``scale.invert = function`` in d3-scale's calendar, on a value
    whose type ``make`` gave its own ``scale.invert = function``): tsgo's references there are
    the first assignment's, one property; tree-sitter's outline holds a symbol for each, whose
    uses are none. Else ``hit``."""
    if hit["role"] != "definition" or hit["symbol_key"] is None:
        return hit
    at = (int(hit["line"]), int(hit["col"]))
    others = [
        o
        for o in occurrences
        if (int(o["line"]), int(o["col"])) == at
        and o["role"] == "reference"
        and o["symbol_key"] not in (None, hit["symbol_key"])
    ]
    if len(others) != 1:
        return hit
    lines = ws.lines(path) or []
    if not 0 < at[0] <= len(lines):
        return hit
    text = lines[at[0] - 1]
    before, after = text[: at[1] - 1], text[at[1] - 1 + len(str(hit["name"])) :]
    assigned = _MEMBER_END.search(before) and _ASSIGNED.match(after)
    return others[0] if assigned else hit


_MEMBER_END = re.compile(r"[\w$)\]]\s*\.\s*$")
_ASSIGNED = re.compile(r"\s*=(?![=>])")


def _identifiers_around(occurrences: Sequence[Row], line: int) -> str:
    """The identifiers on ``line``, else where those of the lines around it are, to pick from."""
    on_line = sorted({str(o["name"]) for o in occurrences if o["line"] == line})
    if on_line:
        return f"identifiers on that line: {', '.join(on_line)}"
    near = sorted({(int(o["line"]), int(o["col"]), str(o["name"])) for o in occurrences})
    if not near:
        return f"lines {line - 1} to {line + 1} hold no identifier"
    listed = ", ".join(f"{name} at {at}:{col}" for at, col, name in near[:6])
    return f"line {line} holds none; the lines around it: {listed}"


def _symbol_at(
    conn: Reader,
    ws: Workspace,
    hit: Row,
    path: str,
    backend: str,
    corrected: str | None,
    kinds: Sequence[str],
    forms: bool,
) -> Resolved:
    where = f"{path}:{hit['line']}:{hit['col']}"
    name = str(hit["name"])
    if hit["symbol_key"] is not None:
        rows = navigation.symbols_by_keys(conn, [str(hit["symbol_key"])])
        if rows:
            return _resolved(rows[0], corrected)
    named = navigation.symbols_named(conn, name)
    if backend == "tree-sitter" and named:
        if len(named) > 1 and kinds:
            named = [r for r in named if r["kind"] in kinds] or named
        if len(named) > 1:
            raise ambiguous(conn, ws, name, named, forms=forms)
        note = f"{name} at {where} matched by name (tree-sitter)"
        return _resolved(named[0], corrected, [note])
    others = ", ".join(f"{r['qualified_name']} ({r['file']}:{r['line']})" for r in named[:5])
    why = (
        "refers to a symbol outside the index (a library)"
        if hit["symbol_key"] is not None
        else "is not a symbol of the index (a local, a parameter or a library name)"
    )
    refused = NoSymbolAtPosition(
        f"{name} at {where} {why}" + (f"; symbols named {name}: {others}" if others else ""),
        resolution="address the definition: pass its qualified name as symbol, or its position",
    )
    refused.site = (path, int(hit["line"]), int(hit["col"]), name)
    raise refused
