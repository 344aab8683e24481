"""What a rename would change, and what it deliberately leaves alone.

Semantic (the defining file was served by a language server): the changes are exactly the
occurrences that carry the symbol's key. Name-based (tree-sitter only): every occurrence of the name
that is not another symbol's definition or resolved reference; the plan says so, and the rename
tool refuses to apply it.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from lsai.query.reach import assigned_members, assigned_sites, related_members
from lsai.query.scopes import REDEFINABLE
from lsai.storage import tool_queries, type_walks
from lsai.storage.engine import Reader, Row

LSP = "lsp"
MEMBER_KINDS = frozenset({"method", "property", "field", "constructor", "enumMember", "event"})
_C = "auto break case char const continue default do double else enum extern float for goto if int "
_C += "long register return short signed sizeof static struct switch typedef union unsigned void "
_C += "volatile while inline restrict"
_CPP = _C + " bool catch class delete false friend namespace new nullptr operator private "
_CPP += "protected public template this throw true try typename using virtual static_cast "
_CPP += "dynamic_cast const_cast reinterpret_cast decltype constexpr noexcept static_assert "
_CPP += "alignof alignas explicit mutable thread_local"
_JS = "await break case catch class const continue debugger default delete do else enum export "
_JS += "extends false finally for function if import in instanceof let new null return super "
_JS += "switch this throw true try typeof var void while with yield"
_JAVA = "abstract assert boolean break byte case catch char class const continue default do "
_JAVA += "double else enum extends false final finally float for goto if implements import "
_JAVA += "instanceof int interface long native new null package private protected public return "
_JAVA += "short static super switch synchronized this throw throws transient true try void while"
_RESERVED: dict[str, frozenset[str]] = {
    lang: frozenset(words.split())
    for lang, words in {
        "c": _C,
        "cpp": _CPP,
        "javascript": _JS,
        "typescript": _JS + " implements interface package private protected public static",
        "tsx": _JS + " implements interface package private protected public static",
        "java": _JAVA,
        "csharp": _JAVA.replace("extends", "").replace("implements", "")
        + " base bool decimal event explicit implicit namespace object operator out override "
        "params readonly ref sbyte sealed sizeof string struct uint ulong ushort using virtual",
        "go": "break case chan const continue default defer else fallthrough for func go goto if "
        "import interface map package range return select struct switch type var",
        "rust": "as async await break const continue crate dyn else enum extern false fn for if "
        "impl in let loop match mod move mut pub ref return self Self static struct super trait "
        "true type unsafe use where while",
    }.items()
}
_DOLLAR_LANGUAGES = frozenset({"javascript", "typescript", "tsx", "java", "kotlin", "php"})


@dataclass(frozen=True)
class Target:
    key: str
    name: str
    qualified_name: str
    kind: str
    container_key: str | None
    language: str | None
    family: tuple[str, ...]  # languages whose files may refer to it
    file: str
    line: int
    col: int
    backend: str
    modifiers: tuple[str, ...] = ()
    merged: tuple[str, ...] = ()  # the other declarations of its merged symbol, renamed with it
    overloads: tuple[str, ...] = ()  # its overload set's others (``resolve.overload_siblings``)


@dataclass(frozen=True)
class Miss:
    """A near-miss left untouched."""

    reason: str  # different symbol, unresolved reference, alias, comment, string, comment or string
    name: str
    file: str
    line: int
    col: int | None = None
    detail: str | None = None


@dataclass
class Plan:
    target: Target
    semantic: bool
    edits: dict[str, list[tuple[int, int]]] = field(default_factory=dict)  # file -> positions
    misses: list[Miss] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    code_positions: set[tuple[str, int, int]] = field(default_factory=set)  # every occurrence
    related: list[str] = field(default_factory=list)  # members renamed with it (hierarchy)
    blind: int = 0  # name matches in tree-sitter files: maybe this symbol, no server could tell
    imports: set[tuple[str, int, int]] = field(default_factory=set)  # edits that import it
    property_sites: dict[tuple[str, int, int], str] = field(default_factory=dict)  # -> member
    definitions: set[tuple[str, int, int]] = field(default_factory=set)  # the names it declares


def reserved(language: str | None, name: str) -> bool:
    """Whether ``name`` is a reserved word of ``language`` (not Python's: ``keyword``)."""
    return name in _RESERVED.get(language or "", frozenset())


def identifier_problem(language: str | None, name: str) -> str | None:
    """Why ``name`` is not a valid identifier in ``language`` (None when it is)."""
    plain = name.replace("$", "_") if language in _DOLLAR_LANGUAGES else name
    if not plain.isidentifier():
        return f"{name!r} is not a valid identifier"
    if language == "python":
        if keyword.iskeyword(name):
            return f"{name!r} is a Python keyword"
        return None
    if reserved(language, name):
        return f"{name!r} is a reserved word in {language}"
    return None


def build_plan(conn: Reader, target: Target, new_name: str) -> Plan:
    semantic = target.backend == LSP
    plan = Plan(target=target, semantic=semantic)
    named = tool_queries.occurrences_named(conn, target.name, target.family)
    plan.code_positions = {(str(o["file"]), int(o["line"]), int(o["col"])) for o in named}
    namesakes = tool_queries.symbols_named(conn, target.name)
    overloads = [s for s in namesakes if _same_callable(s, target) or _constructs(s, target)]
    plan.related = related_members(
        conn, target.key, target.language, target.container_key, renaming=True
    )
    merged = [s for s in namesakes if s["key"] in target.merged]
    embedded, embedding = _embedded_fields(target, named, namesakes)
    keys = {target.key, *(str(s["key"]) for s in (*overloads, *merged)), *plan.related, *embedded}
    others = [s for s in namesakes if s["key"] not in keys]
    if semantic:
        chosen = [o for key in sorted(keys) for o in _semantic_edits(conn, target, key, plan)]
        if target.kind not in MEMBER_KINDS:
            plan.property_sites = _property_sites(chosen, named, others)
    else:
        chosen = [o for o in named if o["symbol_key"] is None or o["symbol_key"] in keys]
    plan.imports = {(str(o["file"]), int(o["line"]), int(o["col"])) for o in chosen
                    if o["role"] == "import"}  # fmt: skip
    sites = [(str(o["file"]), int(o["line"]), int(o["col"])) for o in chosen]
    for path, line, col in [*sites, *_assigned_calls(conn, target)]:
        at = plan.edits.setdefault(path, [])  # a site keyed to several of ``keys`` is one edit
        if (line, col) not in at:
            at.append((line, col))
    definitions = {
        (target.file, target.line, target.col),
        *((str(s["file"]), int(s["line"]), int(s["col"])) for s in (*overloads, *merged)),
    }
    plan.definitions = definitions | {
        (str(o["file"]), int(o["line"]), int(o["col"])) for o in chosen if o["role"] == "definition"
    }
    for path, line, col in sorted(definitions):  # renamed even if no occurrence records them
        if (line, col) not in plan.edits.setdefault(path, []):
            plan.edits[path].append((line, col))
    if semantic:
        plan.misses.extend(_unresolved(named, plan))
    # a namesake whose name is one of the edits (an object's key the server declares the
    # target at) is renamed, not untouched
    untouched = [s for s in others if (s["line"], s["col"]) not in plan.edits.get(s["file"], ())]
    plan.misses[:0] = _different_symbols(conn, untouched)
    declared = {(target.container_key, target.file)}
    declared.update((s["container_key"], str(s["file"])) for s in merged)
    plan.conflicts = _conflicts(conn, target, new_name, chosen, declared)
    if embedding is not None:
        plan.conflicts.insert(
            0,
            f"{target.qualified_name} is an embedded field: its name is "
            f"the type's, {embedding}; rename the type, or name the field",
        )
    return plan


def _property_sites(
    chosen: Sequence[Row], named: Sequence[Row], others: Sequence[Row]
) -> dict[tuple[str, int, int], str]:
    """The sites of ``chosen`` that are also another symbol's, a member's: a shorthand
    property (``{ start }``) or a read of the property a shorthand defines (``o.start``,
    keyed to the variable too: the server answers both there), by the member's name."""
    members = {str(s["key"]): str(s["qualified_name"]) for s in others
               if s["kind"] in MEMBER_KINDS}  # fmt: skip
    sites = {
        (str(o["file"]), int(o["line"]), int(o["col"])): members[str(o["symbol_key"])]
        for o in named
        if str(o["symbol_key"]) in members and o["role"] != "definition"
    }
    chosen_at = {(str(o["file"]), int(o["line"]), int(o["col"])) for o in chosen}
    return {at: member for at, member in sites.items() if at in chosen_at}


def property_reads(plan: Plan, reads: Iterable[tuple[str, int, int]]) -> None:
    """Take ``reads`` (of ``plan.property_sites``: ``o.start``, not ``{ start }``) out of the
    edits. Renaming the variable spells a shorthand out (``{ start: begin }``, ``shorthand``):
    the property keeps its name, so its reads do (as tsgo's rename leaves them)."""
    for path, line, col in reads:
        if (line, col) in plan.edits.get(path, []):
            plan.edits[path].remove((line, col))
            member = plan.property_sites[path, line, col]
            plan.misses.append(
                Miss("different symbol", plan.target.name, path, line, col,
                     f"a read of the property {member}, which keeps its name")
            )  # fmt: skip


def _embedded_fields(
    target: Target, named: Sequence[Row], namesakes: Sequence[Row]
) -> tuple[set[str], str | None]:
    """Go's embedded fields: a field declared by naming a type (``struct { Base }``) is named
    by it, so ``x.Base`` is renamed with the type ``Base`` (as gopls does). Returns the keys of
    the fields ``target`` (a type) embeds as, and, when ``target`` is itself such a field, the
    type that names it (gopls refuses that rename: the field's name cannot change alone)."""
    if target.language != "go":
        return set(), None
    kinds = {str(s["key"]): str(s["kind"]) for s in namesakes}
    names = {str(s["key"]): f"{s['kind']} {s['qualified_name']}" for s in namesakes}
    at = {(str(o["file"]), int(o["line"]), int(o["col"])) for o in named
          if o["symbol_key"] == target.key}  # fmt: skip
    if target.kind in type_walks.TYPE_KINDS:
        return {
            str(o["symbol_key"]) for o in named
            if o["role"] == "definition" and kinds.get(str(o["symbol_key"])) == "field"
            and (str(o["file"]), int(o["line"]), int(o["col"])) in at
        }, None  # fmt: skip
    if target.kind != "field":
        return set(), None
    named_by = (
        names[str(o["symbol_key"])] for o in named
        if o["role"] != "definition" and o["symbol_key"] != target.key
        and kinds.get(str(o["symbol_key"])) in type_walks.TYPE_KINDS
        and (target.file, target.line, target.col) == (o["file"], o["line"], o["col"])
    )  # fmt: skip
    return set(), next(named_by, None)


def _same_callable(row: Row, target: Target) -> bool:
    """Whether ``row`` is another overload (or redefinition) of ``target``: renamed with it.
    Not a namesake in another callback of the same function (``function unknownFn`` in each
    test of minimist's test/unknown.js): ``overload_siblings`` keeps the declarations that
    follow each other."""
    return target.kind in REDEFINABLE and row["key"] in target.overloads


def _constructs(row: Row, target: Target) -> bool:
    """Whether ``row`` is a constructor named after the type ``target`` (C++, Java, C#): a
    class renamed alone would be left with constructors of the old name, which no longer
    construct it (clangd renames them with the class)."""
    return bool(row["kind"] == "constructor" and row["container_key"] == target.key)


def _assigned_calls(conn: Reader, target: Target) -> list[tuple[str, int, int]]:
    """An importer's calls of a module variable holding a method of its name
    (``column2field = default_converter.column2field``, ``from m import column2field``,
    ``column2field(...)``), keyed to the method: ty's rename at the variable renames them."""
    if target.container_key or target.backend != LSP:
        return []
    place = (target.file, target.line, target.col)
    members = assigned_members(conn, target.key, target.language, target.kind, place)
    return assigned_sites(conn, target.key, target.name, members)


def _semantic_edits(conn: Reader, target: Target, key: str, plan: Plan) -> list[Row]:
    """Occurrences with ``key``; aliases (another name bound to it) stay untouched."""
    chosen: list[Row] = []
    for o in tool_queries.occurrences_of_key(conn, key):
        if o["name"] == target.name:
            chosen.append(o)
        else:
            plan.misses.append(
                Miss("alias", str(o["name"]), str(o["file"]), int(o["line"]), int(o["col"]),
                     f"another name for {target.qualified_name}")
            )  # fmt: skip
    return chosen


def _unresolved(named: Iterable[Row], plan: Plan) -> list[Miss]:
    """Occurrences of the name no server resolved: maybe the symbol, maybe not; not renamed."""
    misses: list[Miss] = []
    for o in named:
        if o["symbol_key"] is not None or o["role"] == "definition":
            continue
        blind = o["file_backend"] != LSP
        plan.blind += blind
        detail = "tree-sitter file: may refer to this symbol" if blind else f"{o['role']}"
        misses.append(Miss("unresolved reference", str(o["name"]), str(o["file"]),
                           int(o["line"]), int(o["col"]), detail))  # fmt: skip
    return misses


def _different_symbols(conn: Reader, others: Sequence[Row]) -> list[Miss]:
    refs = tool_queries.reference_counts(conn, [str(s["key"]) for s in others])
    out: list[Miss] = []
    for s in others:
        n = refs.get(str(s["key"]), 0)
        detail = f"{s['kind']}, {n} reference{'s' if n != 1 else ''}"
        out.append(Miss("different symbol", str(s["qualified_name"]), str(s["file"]),
                        int(s["line"]), int(s["col"]), detail))  # fmt: skip
    return out


def _conflicts(
    conn: Reader,
    target: Target,
    new_name: str,
    chosen: Sequence[Row],
    declared: set[tuple[str | None, str]],
) -> list[str]:
    """Definitions of ``new_name`` that the renamed symbol would collide with or be shadowed by;
    ``declared``: the (container, file) of each of its declarations."""
    scopes = {o["enclosing_key"] for o in chosen if o["enclosing_key"]}
    shadowing = target.kind not in MEMBER_KINDS  # members are reached through their object
    out: list[str] = []
    for s in tool_queries.symbols_named(conn, new_name):
        same_scope = any(
            s["container_key"] == container and (container is not None or s["file"] == path)
            for container, path in declared
        )
        shadows = shadowing and s["container_key"] in scopes
        if same_scope or shadows:
            how = "already defined in the same scope" if same_scope else "would shadow a use"
            out.append(f"{s['kind']} {s['qualified_name']} at {s['file']}:{s['line']} ({how})")
    return out


def whole_word(name: str) -> re.Pattern[str]:
    """``name`` as a whole identifier (``$`` is a letter of JavaScript's)."""
    return re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")


def scan_text(
    path: str, lines: Sequence[str], name: str, code: set[tuple[str, int, int]]
) -> list[Miss]:
    """The name as a whole word where no occurrence is indexed: in comments or strings (judged
    from the line alone, so a line inside a multi-line string or comment says "comment or
    string")."""
    word = whole_word(name)
    misses: list[Miss] = []
    for number, line in enumerate(lines, start=1):
        for match in word.finditer(line):
            col = match.start() + 1
            if (path, number, col) not in code:
                reason = _where(line[: match.start()])
                misses.append(Miss(reason, name, path, number, col, line.strip()[:120]))
    return misses


def doc_comment(lines: Sequence[str], line: int, name: str) -> list[tuple[int, int]]:
    """Go: where ``name`` is a whole word in the doc comment of the declaration on ``line``
    (the ``//`` lines and ``/* ... */`` blocks right above it), renamed with it as gopls does
    (``// URL builds a URL for the route.``; go-spew's ``/* Dump displays ... */`` block)."""
    word = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
    found: list[tuple[int, int]] = []
    number = line - 1
    while 0 < number <= len(lines):
        text = lines[number - 1]
        if text.lstrip().startswith("//"):
            found += [(number, m.start() + 1) for m in word.finditer(text)]
            number -= 1
            continue
        top = _block_comment_top(lines, number)
        if top is None:
            break
        for at in range(top, number + 1):
            start = lines[at - 1].find("/*") + 2 if at == top else 0
            end = text.rfind("*/") if at == number else len(lines[at - 1])
            found += [
                (at, m.start() + 1)
                for m in word.finditer(lines[at - 1])
                if start <= m.start() and m.end() <= end
            ]
        number = top - 1
    return found


def _block_comment_top(lines: Sequence[str], bottom: int) -> int | None:
    """The line opening the ``/* ... */`` comment that ends ``bottom`` and starts its first
    line, or None (``bottom`` ends no such comment)."""
    if not lines[bottom - 1].rstrip().endswith("*/"):
        return None
    top = bottom
    while top > 0 and "/*" not in lines[top - 1]:
        top -= 1
    if top == 0 or not lines[top - 1].lstrip().startswith("/*"):
        return None
    return top


def _where(before: str) -> str:
    """Comment, string or either, judged from what precedes the word on its line."""
    quote: str | None = None  # the delimiter of the string we are in: ", ', `, """ or '''
    i = 0
    while i < len(before):
        if quote is not None:
            if before.startswith(quote, i):
                i, quote = i + len(quote), None
                continue
            i += 2 if before[i] == "\\" else 1
            continue
        triple = before[i : i + 3]
        if triple in ('"""', "'''"):
            i, quote = i + 3, triple
            continue
        if before[i] in "\"'`":
            i, quote = i + 1, before[i]
            continue
        if before[i] == "#" or before.startswith(("//", "/*"), i):
            return "comment"
        i += 1
    if quote is not None:
        return "string"
    return "comment" if before.lstrip().startswith(("*", "#", "//")) else "comment or string"
