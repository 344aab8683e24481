"""Names whose binding changed: where they resolve now, in changed and unchanged files alike.

An edit can change what a name resolves to while every symbol key stays: ``from x import f``
becomes ``from y import f``, a new ``def f`` shadows an imported ``f``, a method moves to another
class. No key appeared or disappeared, yet references in files that did not change (``from a
import f`` elsewhere) now name another symbol.

**The rule.** A name is *rebound* when the bindings a changed file gives it differ: the sequence of
its definitions and imports, each with the key it resolves to, before (the index) and after (the
server's answers for the new text). Every binding of a deleted file counts as changed. For each
rebound name, the references of every symbol of the group with that name are asked, in the order
a full run asks them; each place they reach names the last symbol whose answer reached it (as a
full run merges them), and every other place that named one of those symbols names nothing now.
A body edit rebinds nothing and costs nothing here; an edit of bindings costs one references
request per symbol of the same name.

**Bounded.** A name defined by more than ``MAX_SYMBOLS`` symbols (``get``, ``run``) is not asked
by references: the ``definition`` at each of its places in unchanged files is asked instead
(its places on the kept lines of a changed file, ``carry``, keep what they named).

**Not covered.** Resolution that flows through types rather than names: ``make().run()`` in an
unchanged file after ``make``'s return type changed still names the old ``run`` until that file
changes or the group is indexed again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, replace

from lsprotocol import types as lsp

from lsai.indexer.lsp import passes
from lsai.indexer.lsp.documents import locations
from lsai.storage.keys import declared_name, is_term
from lsai.storage.records import OccurrenceRecord, Span

MAX_SYMBOLS = 48  # symbols of the rebound names asked by references; more: definitions instead
BINDING_ROLES = frozenset({"definition", "import"})
Binding = tuple[str, str, str | None]  # name, role, key
Position = tuple[str, int, int]  # path, line, column


def choose(
    keys: Sequence[str], heres: Sequence[Span | None], line: int, col: int, importing: bool
) -> int:
    """Which of the symbols a server answers for one site (``try: from fast import helper`` /
    ``except ImportError: def helper()``: a later use of ``helper`` is a reference of each) the
    site at ``line``, ``col`` names, by index; ``heres``: the name of each when it is defined
    in the site's own file. At an import, another file's (the imported one: the definition of
    an import answers only that one). Elsewhere, the file's own; but not the binding a
    statement is making from its own value when another file's is there (``helper =
    wrap(helper)`` after ``from fast import helper``: the argument is the import, the name is
    not bound yet). Of other files' alone, a function or a type before a variable of another
    name (``slow = deprecated(slow)`` in another module: ty's references of that variable are
    all of ``slow``'s; the bindings of one name in one module are answered as one,
    ``query.resolve.sharing_references``), and of several such (``try: from fast import helper``
    / ``except ImportError: from slow import helper``; a method called through a union of
    types) the first by key, whatever order the answers came in (a full run's references, a
    live update's definition). Of equals, the last."""

    def making(here: Span | None) -> bool:
        return here is not None and here.start_line == line and here.start_col < col

    order = list(range(len(heres)))
    if not importing and any(here is None for here in heres):
        order = [i for i in order if not making(heres[i])]
    pool = [i for i in order if (heres[i] is not None) != importing] or order
    several = len({declared_name(keys[i]) for i in pool}) > 1  # not one name bound again
    if several and all(heres[i] is None for i in pool):
        pool = [i for i in pool if not is_term(keys[i])] or pool
        return min(pool, key=keys.__getitem__)
    return pool[-1]


@dataclass(frozen=True)
class Candidate:
    """A symbol of the group with a rebound name, where its name is."""

    path: str
    key: str
    name: str
    name_span: Span


@dataclass(frozen=True)
class Place:
    """An occurrence of an unchanged file (the index's row)."""

    path: str
    span: Span
    name: str
    key: str | None
    role: str | None = None


def bindings(occurrences: Iterable[tuple[str, str, str | None]]) -> dict[str, list[Binding]]:
    """Each name's bindings (name, role, key), in reading order, from occurrences given in
    reading order as (name, role, key)."""
    out: dict[str, list[Binding]] = {}
    for name, role, key in occurrences:
        if role in BINDING_ROLES:
            out.setdefault(name, []).append((name, role, key))
    return out


def rebound(old: dict[str, list[Binding]], new: dict[str, list[Binding]]) -> set[str]:
    """The names whose bindings differ between ``old`` and ``new`` (of one file). A binding that
    now names another overload or declaration of the same name (``parse(+1).`` for ``parse().``:
    a definition request and a references answer may key one site to different overloads) is
    not a rebinding."""
    return {
        name
        for name in old.keys() | new.keys()
        if _declared(old.get(name, [])) != _declared(new.get(name, []))
    }


def shared(old: dict[str, list[Binding]], symbols: Iterable[tuple[str, str]]) -> set[str]:
    """The names a file defines (``symbols``: its symbols' names and keys) and imports, the
    import keyed to another symbol (``try: import pwd`` / ``except ImportError: pwd = None``:
    ty's references of each module's fallback reach every file's ``pwd`` sites, and a full run
    keys the import to another module's; ``old``: the file's bindings as indexed). A full run
    decides their sites from several symbols' answers whatever changed, so an update decides
    them again, as rebound. The caller keeps those a module import binds: ``from fast import
    slow`` then ``slow = deprecated(slow)`` is no such name (tests/test_python_accuracy.py)."""
    own: dict[str, set[str]] = {}
    for name, key in symbols:
        own.setdefault(name, set()).add(key)
    return {
        name
        for name, found in old.items()
        if name in own
        and any(role == "import" and key and key not in own[name] for _, role, key in found)
    }


def _declared(bindings: list[Binding]) -> list[tuple[str, str, str | None]]:
    return [(name, role, declared_name(key) if key else None) for name, role, key in bindings]


class Resolution:
    """Where the candidates' references reach: each place names the last candidate reaching it,
    or of several, as a full run merges them (``merge.merge``), its own file's (an import's:
    another file's)."""

    def __init__(self, candidates: Sequence[Candidate]) -> None:
        self.candidates = list(candidates)
        self.keys = frozenset(c.key for c in candidates)
        self.named: dict[Position, str] = {}
        self.spans: dict[Position, Span] = {}
        self._reached: dict[Position, list[Candidate]] = {}

    async def ask(self, context: passes.Context) -> None:
        """One references request per candidate, all in flight, recorded in candidate order."""
        documents = context.documents

        async def one(c: Candidate) -> object:
            position = documents.position(c.path, c.name_span.start_line, c.name_span.start_col)
            params = passes.reference_params(documents, c.path, position)
            return await context.client.request(lsp.TEXT_DOCUMENT_REFERENCES, params)

        answers = await asyncio.gather(*(one(c) for c in self.candidates))
        # a definition names its own symbol, whatever else reaches it (another overload's answer)
        defined = {(c.path, c.name_span.start_line, c.name_span.start_col) for c in self.candidates}
        for candidate, answer in zip(self.candidates, answers, strict=True):
            found = [(candidate.path, candidate.name_span)]  # its definition, as a full run
            for uri, range_ in locations(answer):
                path = documents.path_of(uri)
                if path is not None:
                    found.append((path, documents.span(path, range_)))
            for path, span in found:
                at = (path, span.start_line, span.start_col)
                own = (path, span) == (candidate.path, candidate.name_span)
                if at in defined and at in self.named and not own:
                    continue
                self.named[at] = candidate.key
                self.spans[at] = span
                self._reached.setdefault(at, []).append(candidate)

    def key_at(self, path: str, span: Span, role: str | None = None) -> str | None:
        at = (path, span.start_line, span.start_col)
        reached = self._reached.get(at, [])
        if len(reached) > 1:
            heres = [c.name_span if c.path == path else None for c in reached]
            keys = [c.key for c in reached]
            return reached[choose(keys, heres, *at[1:], role == "import")].key
        return self.named.get(at)

    def callees_at(self, path: str, span: Span) -> tuple[str, ...]:
        """The other symbols reaching a place than ``key_at``'s, each of another name or
        container (not an overload of it): where the place is a call, the call's other callees
        (a method called through a union of types), as a full run's outgoing calls list them."""
        chosen = self.key_at(path, span)
        if chosen is None:
            return ()
        names = {declared_name(chosen)}
        out: list[str] = []
        for c in self._reached.get((path, span.start_line, span.start_col), []):
            if declared_name(c.key) not in names:
                names.add(declared_name(c.key))
                out.append(c.key)
        return tuple(out)

    def claims(self, key: str | None) -> bool:
        """Whether a place that named ``key`` is decided here (reached or not)."""
        return key is not None and key in self.keys

    def rewrite(
        self,
        path: str,
        occurrences: list[OccurrenceRecord],
        enclosing: Callable[[str, Span], str | None],
        text_at: Callable[[str, Span], str],
        imports: Collection[tuple[int, int]] = (),
    ) -> list[OccurrenceRecord]:
        """A changed file's server occurrences with the candidates' places decided here
        (``imports``: where tree-sitter sees the file import a name; the server answers an
        import as a reference). A definition another candidate's references reach is a
        reference of that one too, as in a full run's answers (``merge``: tree-sitter's use
        there stays one: ``grp = pwd = None`` after ``import grp, pwd``, where ty's
        references of another module's ``pwd`` fallback reach this one's)."""
        out: list[OccurrenceRecord] = []
        seen: set[tuple[int, int]] = set()
        for o in occurrences:
            at = (o.span.start_line, o.span.start_col)
            role = "import" if at in imports else o.role
            key = self.key_at(path, o.span, role)
            if key is not None:
                o = replace(o, symbol_key=key)
            elif self.claims(o.symbol_key) and o.role != "definition":
                continue
            seen.add(at)
            out.append(o)
            if o.role == "definition":
                out.extend(self._also_reached(path, o))
        for (where, line, col), key in self.named.items():
            if where == path and (line, col) not in seen:
                span = self.spans[(where, line, col)]
                name = text_at(path, span)
                importing = "import" if (line, col) in imports else None
                key = self.key_at(path, span, importing) or key
                out.append(OccurrenceRecord(name, "reference", span, key, enclosing(path, span)))
        return out

    def _also_reached(self, path: str, o: OccurrenceRecord) -> list[OccurrenceRecord]:
        """The definition ``o`` as a reference of each other candidate of another declared
        name whose references reach it."""
        mine = declared_name(o.symbol_key) if o.symbol_key else None
        reached = self._reached.get((path, o.span.start_line, o.span.start_col), [])
        others = dict.fromkeys(c.key for c in reached if declared_name(c.key) != mine)
        return [replace(o, role="reference", symbol_key=key) for key in others]
