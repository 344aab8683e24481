"""Usages of a library's member decided by the calls a language server led to its definition
(an external symbol, ``call_edges.external_key``): every call it led there is one of them, a
call it led to another definition or nowhere is not (``unindexed.untied_usages``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from lsai.query.libraries import (
    declares_parameter,
    file_lines,
    kwargs_alone,
    led_call,
    led_to,
    library_location,
    line_of,
    name_from,
    named_at,
    overloaded_together,
)
from lsai.query.workspace import Workspace
from lsai.storage import graph, tool_queries, type_walks
from lsai.storage.engine import Reader

Site = tuple[str, int, int, str, str]  # file, line, column, role, code line
UNTYPED = frozenset(("javascript", "jsx", "go"))
"""Languages whose member of a value the server could not type it lists no uses of (tsgo's
JavaScript; gopls)."""
ASKED_ALL = ("python",)
"""Languages whose server's outgoing calls lsai asks of every callable with a call site (ty:
``ServerAdapter.calls_from_sites``), so that a caller's call the server led into the workspace
says it answered them (``tool_queries.calls_led_nowhere``)."""


class Classes(Protocol):
    def of_this(self, lines: Sequence[str], path: str, line: int, col: int) -> str | None: ...


class Receiver(Protocol):
    """What the asked name shares with its uses (``alike.Like``)."""

    language: str
    member: bool
    owner: str | None
    owners: set[str]
    inherited: bool
    package: str | None
    global_object: str | None
    go_type: tuple[str, str] | None

    @property
    def classes(self) -> Classes: ...


def led_with_keyword(
    conn: Reader, path: str, call: tuple[int, int, str], lines: Sequence[str], keyword: str
) -> str | None:
    """The external symbol the server led the call at ``call`` (line, column, callee) of
    ``path`` to, where its definition takes the keyword argument ``keyword`` as a parameter of
    its own (``group.add_argument(..., action=...)``: argparse's ``add_argument``); None: a call
    led nowhere, or to a definition whose ``**kwargs`` alone takes it."""
    line, col, callee = call
    found = led_call(conn, (path, line, col, callee), lines)
    if found is None:
        return None
    key, uri, there = found
    return key if declares_parameter(uri, there, keyword) else None


def led_to_kwargs(
    conn: Reader,
    path: str,
    call: tuple[int, int, str],
    lines: Sequence[str],
    keyword: str,
    unled: Callable[[], tuple[str, int] | None],
) -> bool:
    """Whether the server led the call at ``call`` (line, column, callee) of ``path`` to a
    library's definition whose ``**kwargs`` alone takes the keyword argument ``keyword``
    (``Namespace(c=1)`` of ``from argparse import Namespace``: ``kwargs_alone``); where it
    led none there (a call at module level: no caller's, whose outgoing calls are asked), the
    definition ``unled`` finds (file URI, line) read so (setup.py's ``setup(author=...)``)."""
    line, col, callee = call
    found = led_call(conn, (path, line, col, callee), lines)
    at = (found[1], found[2]) if found is not None else unled()
    return at is not None and kwargs_alone(*at, keyword)


def lead(
    conn: Reader,
    ws: Workspace,
    like: Receiver,
    asked: tuple[str, int, int, str],
    lines: dict[str, list[str]],
) -> tuple[str | None, bool] | None:
    """The external symbol the call at ``asked`` was led to (``led_to``; at a ``self.x`` not
    called, the one its class's calls of ``self.x`` were: ``class_led``), and whether its calls
    alone are listed: a member of a value no receiver types (``UNTYPED``: tsgo's JavaScript),
    whose uses the server lists only where it typed the value, the calls it led there; not a Go
    member read on a receiver declared with a library type (``b.N``: ``alike.Like.go_type``),
    whose reads on values declared so are listed. None: such a member the server led nowhere,
    or none read so, whose uses it lists none of. Where the classes of other
    ``self.x`` calls were led to it too, ``like`` takes them as the asked one's (``owners``);
    at a ``self.x`` led nowhere, the classes deriving from a library class its class derives
    from (``type_walks.library_kin``)."""
    path, _, _, name = asked
    led = led_to(conn, asked, lines[path])
    if like.owner is not None:
        led = led or class_led(conn, like, asked, lines[path])
        if led is not None:  # unittest's `self.assertEqual`, read in any TestCase subclass
            like.owners |= classes_led(conn, ws, like, (led, name), lines)
            like.inherited = True
        else:  # `self.encoding` no class assigns: a library base's, read in each class of it
            like.owners |= type_walks.library_kin(conn, like.owner)
    typed = like.owner or like.package or like.global_object
    alone = like.member and typed is None and like.language in UNTYPED
    if led is None and like.member and typed is None and led_nowhere(conn, asked):
        return None  # `x.decode()` of an `Any`: the server lists no uses of it
    if alone and led is None and like.go_type is not None:
        return None, False  # `b.N` of a `b *testing.B`: its reads on values of that type
    return None if alone and led is None else (led, alone)


def led_nowhere(conn: Reader, asked: tuple[str, int, int, str]) -> bool:
    """Whether the name at ``asked`` is a call the server's outgoing calls led nowhere
    (``tool_queries.calls_led_nowhere``)."""
    path, line, col, name = asked
    if not graph.external_callees_stored(conn):
        return False
    return (path, line, col) in tool_queries.calls_led_nowhere(conn, name, [path], ASKED_ALL)


def class_led(
    conn: Reader, like: Receiver, asked: tuple[str, int, int, str], lines: Sequence[str]
) -> str | None:
    """The one external symbol the calls of ``self.x`` in the class of the ``self.x`` at
    ``asked`` were led to (``check = self.assertEqual`` beside ``self.assertEqual(a, b)``: a
    library's method the class inherits); None: none, or more than one."""
    path, _, _, name = asked
    if not graph.external_callees_stored(conn):
        return None
    keys = {
        k
        for _, ln, c, k, _, _ in tool_queries.external_callees(conn, name, [path])
        if like.classes.of_this(lines, path, ln, name_from(lines, ln, c, name)) == like.owner
    }
    return next(iter(keys)) if len(keys) == 1 else None


def classes_led(
    conn: Reader, ws: Workspace, like: Receiver, led: tuple[str, str], lines: dict[str, list[str]]
) -> set[str]:
    """The classes whose ``self.x`` calls the server led to the external symbol ``led`` (its
    key, and the name ``x``)."""
    key, name = led
    out: set[str] = set()
    for file, at, start in tool_queries.calls_of_external(conn, key, name):
        if file not in lines:
            lines[file] = file_lines(ws, file)
        text = lines[file]
        found = like.classes.of_this(text, file, at, name_from(text, at, start, name))
        if found is not None:
            out.add(found)
    return out


LED_ONLY = "a library's member, read on values the server could not type"


def same_definition(
    conn: Reader,
    ws: Workspace,
    lines: dict[str, list[str]],
    asked: tuple[str, str, str | None, bool],
    rows: list[Site],
    module_member: Callable[[str, int, int], bool | None] | None = None,
) -> list[Site]:
    """``rows`` where the asked name (file, name, the external symbol its call was led to, and
    whether to list those calls alone) is a call the server led to a library's definition:
    every call it led there, in any file, listed (ty's references of ``self.assertEqual`` are
    those of unittest's, in every ``TestCase`` subclass), and the calls it led to another
    definition left out; ``alone``, the other names too (a JavaScript member of a value tsgo
    could not type, whose uses it does not list: ``list.forEach`` beside ``[1].forEach``). A
    member's call the server led nowhere (``x.get()`` of an untyped ``x``) is left out wherever
    asked: the server lists no uses of a member it could not type; not a module's
    (``module_member``: kombu's ``socket.timeout()``, typeshed's ``from builtins import
    TimeoutError as timeout``, which ty's outgoing calls leave out and its references list)."""
    path, name, key, alone = asked
    files = sorted({r[0] for r in rows})
    nowhere = tool_queries.calls_led_nowhere(conn, name, files, ASKED_ALL) if rows else set()
    rows = [
        r
        for r in rows
        if r[:3] not in nowhere
        or not is_member(lines[r[0]], r[1], r[2])
        or (module_member is not None and module_member(*r[:3]))
    ]
    if key is None:
        return rows
    called = tool_queries.external_callees(conn, name, files)
    keys = _led_together(called, key)
    other = {(p, ln, c) for p, ln, c, k, _, _ in called if k not in keys}
    out = [] if alone else [r for r in rows if (r[0], r[1], r[2]) not in other]
    listed = {(r[0], r[1], r[2]) for r in out}
    sites = {s for k in sorted(keys) for s in tool_queries.calls_of_external(conn, k, name)}
    for file, at, start in sorted(sites):
        if file not in lines:
            lines[file] = file_lines(ws, file)
        spelled = named_at(lines[file], at, start, name)
        if spelled is None:
            continue  # `unichr(x)` of `unichr = chr`: ty's references of `chr` leave it out
        site = (file, at, spelled)
        if site not in listed:
            listed.add(site)
            out.append((*site, "call", code_of(lines[file], at)))
    return sorted(out, key=lambda r: (r[0] != path, r[0], r[1], r[2]))


def _led_together(called: Sequence[tuple[str, int, int, str, str, int]], key: str) -> set[str]:
    """``key`` and the definitions of its file the server led a call to beside it (a class and
    its ``__init__``: tqdm's ``StringIO()`` of a name imported from ``io`` or, failing that,
    an unresolved module is led to both, io's alone to the class; ty's references of either
    join them), or to another ``@overload`` of its function (``overloaded_together``)."""
    stub = key.partition("#")[0] + "#"
    at = {(p, ln, c) for p, ln, c, k, _, _ in called if k == key}
    together = {key} | {
        k for p, ln, c, k, _, _ in called if (p, ln, c) in at and k.startswith(stub)
    }
    own = {line for _, _, _, k, _, line in called if k == key}
    others = {(k, uri, line) for _, _, _, k, uri, line in called if k.startswith(stub)}
    return together | {
        k
        for k, uri, line in others
        if k not in together and any(overloaded_together(uri, line, o) for o in own)
    }


def defined_at(conn: Reader, name: str, rows: Sequence[Site]) -> str | None:
    """Where the listed calls' server located the library's definition they call (an external
    symbol: ``json/__init__.pyi:109``), the first three; None: it located none."""
    if not rows or not graph.external_callees_stored(conn):
        return None
    listed = {(r[0], r[1], r[2]) for r in rows}
    found = tool_queries.external_callees(conn, name, sorted({r[0] for r in rows}))
    places = list(
        dict.fromkeys(
            library_location(uri, at) for p, ln, c, _, uri, at in found if (p, ln, c) in listed
        )
    )
    if not places:
        return None
    more = f" and {len(places) - 3} more" if len(places) > 3 else ""
    return ", ".join(places[:3]) + more


def calls_led(conn: Reader, name: str, rows: Sequence[Site]) -> dict[tuple[str, int, int], str]:
    """The listed uses of ``name`` that are calls the server led outside the workspace: their
    place (file, line, column) -> the external symbol's key."""
    if not rows or not graph.external_callees_stored(conn):
        return {}
    listed = {(r[0], r[1], r[2]) for r in rows}
    found = tool_queries.external_callees(conn, name, sorted({r[0] for r in rows}))
    return {(p, ln, c): k for p, ln, c, k, _, _ in found if (p, ln, c) in listed}


def is_member(lines: Sequence[str], line: int, col: int) -> bool:
    """Whether the name at ``line:col`` follows a ``.`` (``pytest.raises``), not a spread's
    ``...`` (``[...z.list]``) nor ``globalThis.`` (``globalThis.Map``: the global)."""
    before = line_of(lines, line)[: col - 1].rstrip()
    return before.endswith(".") and not before.endswith(("...", "globalThis."))


def code_of(lines: Sequence[str], line: int) -> str:
    return line_of(lines, line).strip()
