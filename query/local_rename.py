"""Renaming a parameter or a local variable: a name that is no symbol of the index.

The identifier at the position names a binding local to a function (tree-sitter's scopes,
``Workspace.scopes``); the rename changes every name of its file that names
that binding, the binding included, and nothing else (a namesake in another function, an
attribute, a keyword of a call to another function). A Python parameter that a call can pass by
keyword is renamed at the keyword arguments of its function's calls too (``f(timeout=3)``, the
index's call edges), as ty does; a JavaScript or TypeScript parameter is local only, as tsgo's
rename is (a shorthand property reading it is spelled out: ``{ a }`` -> ``{ a: b }``), and so
is the ``@param`` tag naming it in its function's JSDoc comment (``Scopes.binding_docs``). A
Go parameter or local is local only too, as gopls's rename is, and so is its name where it is a
word in the doc comment of a ``:=``, ``var``, ``const`` or ``type`` declaring it (not a
parameter's: gopls renames a function's doc comment with the function only).

Conflicts are found by renaming in memory and reading the scopes again: every renamed name must
still name the binding, and nothing else must come to name it (the new name is bound already in
that scope, the renamed local would shadow a use of an outer name or be shadowed by an inner
binding), and a call must not pass the new name already.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from typing import cast

from lsai.query import edits
from lsai.query.calls import constructed_classes
from lsai.query.class_aliases import held_class
from lsai.query.contracts import SymbolRef, SymbolTarget
from lsai.query.decorated import passes_keywords
from lsai.query.position import readings
from lsai.query.reach import TSGO_LANGUAGES
from lsai.query.rename_plan import Miss, Plan, Target, whole_word
from lsai.query.resolve import asked_position
from lsai.query.workspace import Scopes, Workspace
from lsai.sourcetext import decode
from lsai.storage import navigation, queries, tool_queries, type_walks
from lsai.storage.engine import Reader, Row
from lsai.storage.records import FIXTURE

Position = tuple[int, int]
_NAME = re.compile(r"[^\W\d][\w$]*|\$[\w$]*")
_KEYWORD = re.compile(r"\s*=(?!=)")


class Local:
    """The binding a position names in one file, with every name of the file naming it."""

    def __init__(
        self,
        path: str,
        language: str,
        lines: list[str],
        names: Mapping[Position, Position],
        scopes: Scopes,
    ) -> None:
        self.path, self.language, self.lines, self.names = path, language, lines, names
        self.scopes = scopes
        self.asked: Position = (0, 0)  # the name the position read
        self.destructured: tuple[str, ...] = ()
        """The property a binding ``{ a } = o`` reads (each member's of a union ``o``), or a
        shorthand property ``{ a }`` names where asked (``find``'s ``shorthands``)."""

    def name_at(self, at: Position) -> str:
        line, col = at
        found = _NAME.match(self.lines[line - 1], col - 1) if 0 < line <= len(self.lines) else None
        return found.group(0) if found else ""

    def name_before(self, line: int, col: int) -> str:
        """The text of ``line`` before the 1-based ``col``."""
        return self.lines[line - 1][: col - 1] if 0 < line <= len(self.lines) else ""

    def sites(self, binding: Position) -> list[Position]:
        return sorted(at for at, bound in self.names.items() if bound == binding)


def find(
    conn: Reader,
    ws: Workspace,
    target: SymbolTarget,
    *,
    shorthands: bool = False,
    fixtures: bool = True,
) -> tuple[Local, Position, str] | None:
    """The local binding ``target``'s position names (the binding, how the position was read),
    or None: no position, a file no local scopes are known for, an identifier that is no local,
    or one the index holds a symbol for (a function declared in a function: its references).
    With ``shorthands``, a JavaScript or TypeScript shorthand property of an object literal
    (``{ op, path }``, keyed to the property its object's type declares) names the local it
    reads too: tsgo's references there are both's. With ``fixtures`` (usages, info), a Python
    test's parameter the index keys to a pytest fixture, and each use of it in the test, names
    the fixture: ty's references there are the fixture's, its definition leads there; without
    (rename), the parameter: ty's rename there renames the test's parameter and its uses."""
    at = asked_position(target)
    if at is None or at[2] is None or ws.scopes is None:
        return None
    file, line, col = at[0], at[1], at[2]
    path = ws.relative(file)
    row = queries.file_row(conn, path)
    if row is None or row["status"] in ("skipped", "failed"):
        return None
    lines = ws.lines(path)
    if lines is None:
        return None
    local = Local(path, str(row["language"]), lines, {}, ws.scopes())
    rows = [  # every word near the position, as occurrences are read: the local's only if
        # the position reads it (``cart.get``'s ``get`` is no reading of ``cart``)
        {"line": number, "col": word.start() + 1, "end_line": number, "end_col": word.end() + 1,
         "name": word.group(), "symbol_key": None, "role": "reference"}
        for number in range(max(1, line - 1), min(len(local.lines), line + 1) + 1)
        for word in _NAME.finditer(local.lines[number - 1])
    ]  # fmt: skip
    read = readings(cast("list[Row]", rows), line, col)
    found = [(hit, note) for hit, note in read if hit["line"] == line]
    if not found:
        return None
    hit, note = found[0]
    at_hit = (int(hit["line"]), int(hit["col"]))
    if _plainly_indexed(conn, int(row["id"]), local.lines, at_hit, fixtures):
        return None  # a symbol's name: no scopes to read (the parse costs ~20 ms a big file)
    local.names = local.scopes.renamable(local.language, _source(local))
    corrected = f"{path}:{line}:{col}: {note}" if note else ""
    binding = local.names.get(at_hit)
    keyword = _KEYWORD.match(local.lines[at_hit[0] - 1], int(hit["end_col"]) - 1)
    if binding is None and local.language == "python" and keyword:  # `f(timeout=3)`
        passed = _keyword_parameter(conn, ws, local, at_hit)
        return (*passed, corrected) if passed is not None else None
    if binding is None:
        return None
    file_id = int(row["id"])
    shorthand = shorthands and _shorthand(conn, local, at_hit, binding)
    if _indexed(conn, local, file_id, at_hit, binding, fixtures) and not shorthand:
        return None
    local.asked = at_hit
    if at_hit == binding or shorthand:
        local.destructured = _keys_at(conn, file_id, at_hit)
    return local, binding, corrected


KEYWORD_REACH = 40
"""Lines above a keyword argument where its call may start."""


def _keyword_parameter(
    conn: Reader, ws: Workspace, local: Local, at: Position
) -> tuple[Local, Position] | None:
    """The parameter a Python keyword argument at ``at`` passes (``fetch(url, timeout=3)``),
    as ty reads it, in the file of the function called (a class's call: its ``__init__``, else
    its ``__new__``)."""
    first = max(1, at[0] - KEYWORD_REACH)
    calls = tool_queries.calls_on_lines(conn, local.path, first, at[0])
    calls += [
        (line, col, key)
        for line, col, end, key in tool_queries.class_reads_on_lines(conn, local.path, first, at[0])
        if _subscripted(local.lines, line, end)
    ]
    passed = local.scopes.keyword_arguments(_source(local), [(c[0], c[1]) for c in calls])
    for line, col, key in calls:
        name = next((n for n, site in passed.get((line, col), {}).items() if site == at), None)
        if name is None:
            continue
        rows = navigation.symbols_by_keys(conn, [key])
        held = held_class(conn, key) if rows and rows[0]["kind"] == "variable" else None
        if held is not None:  # `EncodedURL(scheme=...)` of `EncodedURL = URL`
            rows = _constructor(conn, held)
        elif rows and rows[0]["kind"] == "class":
            rows = _constructor(conn, key)
        if not rows:
            return None
        function = rows[0]
        if not passes_keywords(conn, str(function["key"])):
            return None  # `@program.command` of an unresolved module: ty passes no keyword
        defined = _local_of(ws, str(function["file"]), "python", local.scopes)
        if defined is None:
            return None
        source = _source(defined)
        where = (int(function["line"]), int(function["col"]))
        for binding in sorted(set(defined.names.values())):
            if defined.name_at(binding) == name and (
                defined.scopes.keyword_parameter(source, binding) == where
            ):
                return defined, binding
        return None
    return None


def _constructor(conn: Reader, key: str) -> list[Row]:
    """The ``__init__`` a Python class's construction runs: its own, else its nearest base's;
    with none in the workspace, the ``__new__`` (a ``namedtuple`` subclass validating its
    fields in ``__new__``: soupsieve's ``Version(1, 2, 3, pre=1)``, where ty's references
    list the ``__new__``'s parameter)."""
    walked = type_walks.bases_walk(conn, key, depth=5, languages=("python",))
    classes = [
        key,
        *(str(b["key"]) for b in sorted(walked, key=lambda b: b["depth"]) if b["key"]),
    ]
    members = [navigation.direct_members(conn, each) for each in classes]
    for name in ("__init__", "__new__"):
        for each in members:
            found = [m for m in each if m["name"] == name]
            if found:
                return navigation.symbols_by_keys(conn, [str(found[0]["key"])])
    return []


def _local_of(ws: Workspace, path: str, language: str, scopes: Scopes) -> Local | None:
    """A file's local scopes, read from its text."""
    lines = ws.lines(path)
    if lines is None:
        return None
    local = Local(path, language, lines, {}, scopes)
    local.names = scopes.renamable(language, _source(local))
    return local


def _plainly_indexed(
    conn: Reader, file_id: int, lines: list[str], at: Position, fixtures: bool
) -> bool:
    """Whether the name at ``at`` is one the index keys to a symbol, where no local can be
    asked for: not after ``{`` or ``,`` (on its line or, starting one, on the line before),
    where a shorthand destructuring's binding is keyed to the property it reads (``{ target
    }: Input``) and asked there names the local; a pytest fixture's name where ``fixtures`` is
    off (``find``)."""
    here = navigation.occurrences_on_lines(conn, file_id, at[0], at[0])
    if not any(o["col"] == at[1] and _names(conn, o, fixtures) for o in here):
        return False
    before, line = lines[at[0] - 1][: at[1] - 1].rstrip(), at[0]
    while not before and line > 1:  # the name starts its line: what ends the one before
        line -= 1
        before = _TRAILING_COMMENT.sub("", lines[line - 1]).rstrip()
    return not before.endswith(("{", ","))


_TRAILING_COMMENT = re.compile(r"\s*(?:/\*(?:(?!\*/).)*\*/|//.*)\s*$")
"""A comment ending a line (picomatch's ``CHAR_ASTERISK,  /* * */`` in a destructuring)."""


def _shorthand(conn: Reader, local: Local, at: Position, binding: Position) -> bool:
    """Whether the JavaScript or TypeScript name at ``at`` may be a shorthand property ``{ op
    }`` reading the local ``binding`` (no symbol of the index): keyed to a property, after a
    ``{`` or ``,`` (``_plainly_indexed``), and naming no symbol itself but the property
    (commander's ``} else { write = (arg) => ...``: a function of the index, whose usages are its
    own; lib0's ``return { middleAs, commonPrefix }``, a property of the function's value tsgo's
    outline lists: its references there list the local's uses too, 8 missing)."""
    named = tool_queries.symbol_named_at(conn, local.path, *at)
    return (
        local.language in TSGO_LANGUAGES
        and at != binding
        and tool_queries.symbol_named_at(conn, local.path, *binding) is None
        and (named is None or named["kind"] == "property")
    )


def _keys_at(conn: Reader, file_id: int, at: Position) -> tuple[str, ...]:
    """The symbols the index keys the name at ``at`` to: several where it reads a property of
    a union's members (``const { type } = m as Get | Set``: ``Get.type`` and ``Set.type``)."""
    here = navigation.occurrences_on_lines(conn, file_id, at[0], at[0])
    keys = (str(o["symbol_key"]) for o in here if o["col"] == at[1] and _tied(conn, o))
    return tuple(dict.fromkeys(keys))


def _indexed(
    conn: Reader, local: Local, file_id: int, at: Position, binding: Position, fixtures: bool
) -> bool:
    """Whether the index holds a symbol for the binding, or a key for the name at ``at`` when
    it is a use. At a JavaScript or TypeScript binding, a key is the property a destructuring
    reads (``{ target }: Input``, keyed to ``Input.target``): asked there, tsgo renames the
    local. At a Python one, it is the pytest fixture a test's parameter names (``def
    test_x(tmp, converter)``, keyed to the fixture ``converter``: ty's references of the
    fixture list it), whose references and definition ty answers there, unless ``fixtures`` is
    off (``find``)."""
    if tool_queries.symbol_named_at(conn, local.path, *binding) is not None:
        return True
    here = navigation.occurrences_on_lines(conn, file_id, at[0], at[0])
    keyed = any(o["col"] == at[1] and _names(conn, o, fixtures) for o in here)
    return keyed and (at != binding or local.language == "python")


def _names(conn: Reader, occurrence: Row, fixtures: bool) -> bool:
    """Whether the name ``occurrence`` spells names the symbol the index keys it to
    (``_tied``), a pytest fixture only with ``fixtures`` (``find``)."""
    if not _tied(conn, occurrence):
        return False
    if fixtures or occurrence["symbol_key"] is None:
        return True
    row = navigation.symbol_details(conn, str(occurrence["symbol_key"]))
    if row is None and tool_queries.external_symbol(conn, str(occurrence["symbol_key"])):
        return False  # a library's fixture (``library_fixtures``)
    attributes = str(row["attributes"] or "").split("\n") if row else []
    return not any(FIXTURE.match(a) for a in attributes)


def _tied(conn: Reader, occurrence: Row) -> bool:
    """Whether the index keys the name ``occurrence`` spells to a symbol: not to a C++
    constructor of another name, called where a variable is declared (``BigInteger
    bS(bInt);``: clangd keys ``bS`` to ``BigInteger``'s constructor, its references there are
    the variable's)."""
    key = occurrence["symbol_key"]
    if not key:
        return False
    symbol = tool_queries.symbol_by_key(conn, str(key))
    return (
        symbol is None
        or symbol["kind"] != "constructor"
        or symbol["language"] != "cpp"
        or symbol["name"] == occurrence["name"]
    )


def target(conn: Reader, local: Local, binding: Position) -> tuple[Target, Row | None]:
    """The binding as a rename or usages target, with the function whose parameter it is when a
    Python call can pass it by keyword."""
    name = local.name_at(binding)
    path = local.path
    python = local.language == "python"
    owner = local.scopes.keyword_parameter(_source(local), binding) if python else None
    function = tool_queries.symbol_named_at(conn, path, *owner) if owner is not None else None
    kind = "parameter" if owner is not None else "local"
    around = function or tool_queries.enclosing_callable(conn, path, binding[0])
    qualified = f"{around['qualified_name']}.{name}" if around is not None else name
    found = Target(
        key=f"local:{path}:{binding[0]}:{binding[1]}", name=name, qualified_name=qualified,
        kind=kind, container_key=None, language=local.language, family=(local.language,),
        file=path, line=binding[0], col=binding[1], backend="tree-sitter",
    )  # fmt: skip
    return found, function


_EXPRESSION_NAME = re.compile(r"(?:\bfunction\s*\*?|\bclass)\s+$")
"""What precedes the name of a function or class expression (``function render (...)``)."""


def described(found: Target, local: Local | None = None) -> str:
    """What the binding is, said in each answer about it (``local``: the file it is in)."""
    what = "a parameter" if found.kind == "parameter" else "a function-local name"
    if found.qualified_name == found.name:  # in no function: `const { a } = require('./m')`
        what = "a name a module-level destructuring binds"
    before = local.name_before(found.line, found.col) if local is not None else ""
    if found.kind == "local" and _EXPRESSION_NAME.search(before):
        what = "the name of a function or class expression, bound inside it"
    return f"{found.name} is {what}, no symbol of the index"


def symbol_ref(found: Target, signature: str | None = None) -> SymbolRef:
    return SymbolRef(
        name=found.name,
        kind=found.kind,
        qualified_name=found.qualified_name,
        file=found.file,
        line=found.line,
        col=found.col,
        signature=signature,
        backend="tree-sitter",
    )


def uses(conn: Reader, ws: Workspace, local: Local, binding: Position) -> dict[str, list[Position]]:
    """Every site naming the binding, by file, as the servers' references list them: the names
    of its file reading it, the ``@param`` tag of a JavaScript or TypeScript parameter (tsgo),
    and a Python parameter's keyword arguments at its function's calls (ty); not the words of a
    Go doc comment, which gopls renames but does not list."""
    found, function = target(conn, local, binding)
    out: dict[str, list[Position]] = {local.path: local.sites(binding)}
    if local.language != "go":
        out[local.path] += local.scopes.binding_docs(local.language, _source(local)).get(
            binding, []
        )
    if function is not None:
        for path, _, _, keywords in keyword_calls(conn, ws, local.scopes, function):
            at = keywords.get(found.name)
            if at is not None and at not in out.setdefault(path, []):
                out[path].append(at)
    return {path: sorted(sites) for path, sites in out.items() if sites}


def plan(conn: Reader, ws: Workspace, local: Local, binding: Position, new_name: str) -> Plan:
    """The rename of the local bound at ``binding`` to ``new_name`` (module doc)."""
    found, function = target(conn, local, binding)
    name, path = found.name, local.path
    sites = local.sites(binding)
    documented = local.scopes.binding_docs(local.language, _source(local)).get(binding, [])
    out = Plan(target=found, semantic=True, edits={path: [*sites, *documented]})
    out.conflicts = _conflicts(local, binding, sites, name, new_name)
    others = [at for at in local.names if at not in sites and local.name_at(at) == name]
    out.code_positions = {(path, *at) for at in (*sites, *others, *documented)}
    out.misses = [
        Miss("different symbol", name, path, *at, f"another local bound at {bound[0]}:{bound[1]}")
        for at in others
        for bound in [local.names[at]]
        if bound == at
    ]
    if function is not None:
        _keywords(conn, ws, local.scopes, out, function, name, new_name)
    edited = set(out.edits)
    for o in tool_queries.occurrences_named(conn, name, (local.language,)):
        if str(o["file"]) in edited:  # another symbol's (``self.justify``): code, not text
            out.code_positions.add((str(o["file"]), int(o["line"]), int(o["col"])))
    return out


def label_locals(conn: Reader, ws: Workspace, plan: Plan) -> None:
    """The near-misses of a symbol's rename that no server resolved (``unresolved reference``)
    but that name a parameter or a local of a function in a file a server served (tree-sitter's
    scopes): another symbol, labelled so (a parameter ``x`` in another file than the module
    variable ``x`` renamed), as a local's rename labels another local of its name."""
    asked = sorted({m.file for m in plan.misses if m.reason == "unresolved reference"})
    if not asked or ws.scopes is None:
        return
    scopes = ws.scopes()
    bound: dict[str, Mapping[Position, Position]] = {}
    for path in asked:
        row = queries.file_row(conn, path)
        if row is None or row["backend"] != "lsp":  # tree-sitter's: may be the symbol (blind)
            continue
        local = _local_of(ws, path, str(row["language"]), scopes)
        if local is not None:
            bound[path] = local.names
    plan.misses = [_labelled(m, bound.get(m.file, {})) for m in plan.misses]


def _labelled(miss: Miss, names: Mapping[Position, Position]) -> Miss:
    binding = names.get((miss.line, miss.col)) if miss.col is not None else None
    if miss.reason != "unresolved reference" or binding is None:
        return miss
    detail = f"a parameter or local of a function, bound at {binding[0]}:{binding[1]}"
    return replace(miss, reason="different symbol", detail=detail)


def _source(local: Local) -> bytes:
    return "\n".join(local.lines).encode("utf-8")


def keyword_calls(
    conn: Reader, ws: Workspace, scopes: Scopes, function: Row
) -> Iterator[tuple[str, str, Position, dict[str, Position]]]:
    """Each call of a Python ``function`` as (file, its text, the call, its keyword arguments),
    and, for a constructor, of the classes it builds (their calls construct:
    ``calls.constructed_classes``; subscripted too: ``_generic_constructions``); none where
    its decorators keep ty from passing keywords to its parameters (``decorated``)."""
    built = constructed_classes(
        conn, str(function["kind"]), function["container_key"], str(function["name"]),
        "python",
    )  # fmt: skip
    keys = [str(function["key"]), *(key for key, _ in built)]
    if not passes_keywords(conn, str(function["key"])):
        return
    sites = tool_queries.call_sites(conn, keys)
    for path, calls in _generic_constructions(conn, ws, [k for k, _ in built]).items():
        sites.setdefault(path, []).extend(c for c in calls if c not in sites[path])
    for path, calls in sites.items():
        try:
            text = decode((ws.root / path).read_bytes(), path)
        except (OSError, UnicodeError):
            continue
        for call, keywords in scopes.keyword_arguments(text.encode("utf-8"), calls).items():
            yield path, text, call, keywords


def _generic_constructions(
    conn: Reader, ws: Workspace, classes: list[str]
) -> dict[str, list[Position]]:
    """Where the ``classes`` are built subscripted (``Box[int](...)``), which ty's call
    hierarchy leaves out and its references of a parameter list the keywords of, by file."""
    out: dict[str, list[Position]] = {}
    texts: dict[str, list[str]] = {}
    for path, line, col, end in tool_queries.reads_of_keys(conn, classes) if classes else []:
        if path not in texts:
            texts[path] = ws.lines(path) or []
        if _subscripted(texts[path], line, end):
            out.setdefault(path, []).append((line, col))
    return out


def _subscripted(lines: list[str], line: int, end: int) -> bool:
    """Whether the name ending at column ``end`` of ``line`` is subscripted (``Box[``)."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return text[end - 1 :].lstrip().startswith("[")


def _keywords(
    conn: Reader,
    ws: Workspace,
    scopes: Scopes,
    out: Plan,
    function: Row,
    name: str,
    new_name: str,
) -> None:
    """A Python parameter's keyword arguments at its function's calls (module doc)."""
    texts: dict[str, str] = {}
    for path, text, call, keywords in keyword_calls(conn, ws, scopes, function):
        at = keywords.get(name)
        if at is None:
            continue
        texts[path] = text
        positions = out.edits.setdefault(path, [])
        if at not in positions:
            positions.append(at)
        out.code_positions.add((path, *at))
        if new_name in keywords:
            out.conflicts.append(f"the call at {path}:{call[0]} passes {new_name}= already")
    words = whole_word(name)
    for path, text in texts.items():
        if path != out.target.file:  # a file of keyword arguments only: the rest of it is no
            # part of the rename (the preview lists nothing else there)
            for number, line in enumerate(text.split("\n"), 1):
                out.code_positions.update(
                    (path, number, m.start() + 1) for m in words.finditer(line)
                )


def _conflicts(
    local: Local, binding: Position, sites: list[Position], old: str, new: str
) -> list[str]:
    """What renaming ``sites`` to ``new`` would rebind (module doc), read again from the text
    as renamed."""
    renamed = edits.replace_names("\n".join(local.lines), sites, old, new)
    if renamed is None:
        return [f"{local.path} does not hold {old} at every site: re-index"]
    after = local.scopes.renamable(local.language, renamed.encode("utf-8"))
    shift = _shifts(sites, len(new) - len(old))
    home = shift(binding)
    out: list[str] = []
    for at in sites:
        now = after.get(shift(at))
        if now != home:
            what = f"the local bound at line {now[0]}" if now else "a name outside the function"
            out.append(
                f"{new} at {local.path}:{at[0]}:{at[1]} would name {what} (already bound there)"
            )
    moved = set(map(shift, sites))
    for at, bound in after.items():
        if bound == home and at not in moved:
            out.append(
                f"{new} at {local.path}:{at[0]}:{at[1]} names another binding, which the "
                f"renamed {old} would take over"
            )
    return out


def _shifts(sites: list[Position], delta: int) -> Callable[[Position], Position]:
    """Where a position of the text lands once ``sites`` are renamed (``delta``: the new name's
    length less the old one's)."""
    by_line: dict[int, list[int]] = {}
    for line, col in sites:
        by_line.setdefault(line, []).append(col)

    def shift(at: Position) -> Position:
        line, col = at
        return line, col + delta * sum(1 for c in by_line.get(line, ()) if c < col)

    return shift
