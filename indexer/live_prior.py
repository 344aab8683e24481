"""What a live update of a few files needs to know about the index before it changes them.

``read`` gathers the ``incremental.Prior`` of one group's changed and deleted files: their
symbol keys and indexed occurrences (bindings, kept lines), and lazy reads for what only some
updates need (the places naming vanished keys, the symbols and places of rebound names, another
file's symbols, tree-sitter's identifiers of an unchanged file). ``Memory`` is what the live
index keeps between updates: each group's symbol names, and the text and the server's call
records each served file's rows were indexed from (``carry`` keeps its unchanged lines).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import TypeVar

from lsai.indexer import semantic
from lsai.indexer.crawler import Workspace
from lsai.indexer.headers import is_header
from lsai.indexer.languages import language_for
from lsai.indexer.lsp import carry, incremental, rebind
from lsai.indexer.lsp.documents import SourceText
from lsai.indexer.lsp.outcome import ServerRun
from lsai.indexer.treesitter.extract import extract
from lsai.sourcetext import utf8
from lsai.storage import keys, navigation, patches, queries, tool_queries
from lsai.storage.engine import Index, Reader
from lsai.storage.records import CallRecord, Span

GroupKey = tuple[str, str, tuple[str, ...]]


def group_key(group: semantic.Group) -> GroupKey:
    return (group.adapter, group.project_root, tuple(sorted(set(group.projects))))


@dataclass
class Memory:
    """What the live index remembers between updates."""

    names: dict[GroupKey, set[str]] = field(default_factory=dict)
    """Each group's symbol names (a superset)."""
    texts: dict[str, str] = field(default_factory=dict)
    """The text each served file's rows were indexed from."""
    calls: dict[str, list[CallRecord]] = field(default_factory=dict)
    """The server's call records for that text."""

    def remember(self, run: ServerRun, texts: Iterable[SourceText]) -> None:
        """The text and call records of each file the server answered completely."""
        for text in texts:
            status = run.status.get(text.path)
            if status is not None and status.status == "complete" and text.path in run.files:
                self.texts[text.path] = text.content
                self.calls[text.path] = list(run.files[text.path].calls)

    def forget(self, paths: Iterable[str]) -> None:
        for path in paths:
            self.texts.pop(path, None)
            self.calls.pop(path, None)

    def forget_calls(self, patch: patches.Patch) -> None:
        """Drop the remembered calls a patch changed in the index (re-pointed call sites,
        cleared keys): the next update of those files asks them again."""
        for site in patch.sites:
            self.calls.pop(site.path, None)
        if patch.cleared:
            stale = [
                path
                for path, calls in self.calls.items()
                if any(c.callee_key in patch.cleared for c in calls)
            ]
            for path in stale:
                del self.calls[path]


def read(
    index: Index,
    workspace: Workspace,
    group: semantic.Group,
    changed: list[str],
    gone: list[str],
    memory: Memory,
) -> incremental.Prior:
    """The ``Prior`` of ``changed`` and deleted (``gone``) files of ``group``."""
    with index.connect() as conn:
        names = memory.names.get(group_key(group))
        if names is None:
            names = memory.names[group_key(group)] = patches.symbol_names(conn, group.paths)
        old = patches.symbol_keys(conn, changed)
        old_keys = set().union(*old.values()) if old else set()
        prefixes = []
        for path in gone:
            project = workspace.project_of(path)
            for language in _key_languages(path):
                prefixes.append(keys.key_prefix(language, project, path) + " ")
        old_keys |= patches.keys_under(conn, prefixes)
        rows = {path: _rows(conn, path) for path in changed}
        gone_names = _imported_from(conn, gone, set(group.paths))
    members = frozenset(group.paths)
    return incremental.Prior(
        old_keys,
        _once(lambda wanted: _sites(index, wanted, [*changed, *gone])),
        lambda path: _symbols_of(index, path),
        _ts_sites(workspace),
        group=members,
        names=frozenset(names),
        bindings={
            path: rebind.bindings((name, role, key) for name, role, key, _ in found)
            for path, found in rows.items()
        },
        gone_names=gone_names,
        gone_imported=lambda: _named_as_module(workspace, gone, members - set(changed)),
        symbols_named=lambda wanted: _symbols_named(index, wanted, members),
        places=lambda wanted, keys: _places(index, wanted, keys, members),
        order={path: i for i, path in enumerate(group.paths)},
        texts={p: memory.texts[p] for p in changed if p in memory.texts},
        rows=rows,
        calls={p: memory.calls[p] for p in changed if p in memory.calls},
        carrying=lambda keys: _most_used(index, keys),
    )


def _rows(conn: Reader, path: str) -> list[carry.Row]:
    """The occurrences of ``path`` as indexed, in reading order (none for a new file)."""
    return [
        (name, role, key, Span(line, col, end_line, end_col))
        for name, role, key, line, col, end_line, end_col in patches.occurrences_of(conn, path)
    ]


_T = TypeVar("_T")
_SPECIFIER = r"""['"`][^'"`\n]*/{}(?:\.[cm]?[jt]sx?)?['"`]"""
"""A module specifier with a path (``./x``, ``../a/x.js``, ``@/lib/x``) ending in a name: a
bare ``'x'`` is a package's, or a string."""


def _named_as_module(workspace: Workspace, gone: list[str], others: Iterable[str]) -> bool:
    """Whether a file of ``others`` (unchanged: as on disk) holds a path naming a deleted file
    of ``gone`` as a module, by its last part (``'./extra'``, ``"../core/extra.js"``,
    ``'./widgets'`` for ``widgets/index.ts``): an import of it for its effects alone names none
    of its symbols, yet a rebuild reports it missing there. A file that cannot be read counts
    as naming it."""
    stems = set()
    for path in gone:
        module = PurePosixPath(path)
        stem = module.name.split(".", 1)[0]
        stems.add(module.parent.name if stem == "index" else stem)
    if not stems:
        return False
    found = re.compile("|".join(_SPECIFIER.format(re.escape(s)) for s in sorted(stems)))
    for path in others:
        try:
            text = (workspace.root / path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return True
        if found.search(text):
            return True
    return False


def _once(read: Callable[[set[str]], _T]) -> Callable[[set[str]], _T]:
    """``read``, its answer kept per set of keys: an update asks the sites of the symbols gone
    when it decides whether to ask the group (``incremental._named_elsewhere``) and again when
    it patches the other files."""
    kept: dict[frozenset[str], _T] = {}

    def once(keys: set[str]) -> _T:
        wanted = frozenset(keys)
        if wanted not in kept:
            kept[wanted] = read(keys)
        return kept[wanted]

    return once


def _imported_from(conn: Reader, gone: list[str], group: set[str]) -> set[str]:
    """The names unchanged files of ``group`` import from the deleted files ``gone``: those
    imported on a line that names a deleted module (``from shop.gone import f``)."""
    names: set[str] = set()
    for path in gone:
        module = PurePosixPath(path)
        stem = module.parent.name if module.stem == "__init__" else module.stem
        lines = {
            (str(r["file"]), int(r["line"]))
            for r in tool_queries.occurrences_named(conn, stem, [])
            if r["file"] in group
        }
        ids: dict[str, int | None] = {}
        for file, line in sorted(lines):
            if file not in ids:
                row = queries.file_row(conn, file)
                ids[file] = int(row["id"]) if row is not None else None
            file_id = ids[file]
            if file_id is not None:
                rows = navigation.occurrences_on_lines(conn, file_id, line, line)
                names.update(str(r["name"]) for r in rows if r["role"] == "import")
    return names


def _sites(index: Index, wanted: set[str], outside: list[str]) -> list[tuple[str, Span, str, str]]:
    with index.connect() as conn:
        return patches.sites_of(conn, wanted, outside)


def _most_used(index: Index, keys: list[str]) -> str | None:
    with index.connect() as conn:
        return patches.most_used(conn, keys)


def _symbols_of(index: Index, path: str) -> list[incremental.StoredSymbol]:
    with index.connect() as conn:
        return patches.symbols_of(conn, path)


def _symbols_named(index: Index, names: set[str], group: frozenset[str]) -> list[rebind.Candidate]:
    out: list[rebind.Candidate] = []
    with index.connect() as conn:
        for name in sorted(names):
            for r in navigation.symbols_named(conn, name):
                if r["file"] in group:
                    span = Span(r["line"], r["col"], r["line"], r["col"] + len(name))
                    out.append(rebind.Candidate(str(r["file"]), str(r["key"]), name, span))
    return out


def _places(
    index: Index, names: set[str], wanted: set[str], group: frozenset[str]
) -> list[rebind.Place]:
    found: dict[tuple[str, int, int], rebind.Place] = {}
    with index.connect() as conn:
        for name in sorted(names):
            for r in tool_queries.occurrences_named(conn, name, []):
                span = Span(r["line"], r["col"], r["line"], r["end_col"])
                place = rebind.Place(str(r["file"]), span, name, r["symbol_key"], r["role"])
                found[(place.path, span.start_line, span.start_col)] = place
        for path, span, name, key in patches.sites_of(conn, wanted, []):
            at = (path, span.start_line, span.start_col)
            role = found[at].role if at in found else None
            found[at] = rebind.Place(path, span, name, key, role)
    return [p for p in found.values() if p.path in group]


def _key_languages(path: str) -> list[str]:
    """The languages a deleted file's keys may name: a ``.h`` file's are C's or C++'s."""
    if is_header(path):
        return ["c", "cpp"]
    language = language_for(path)
    return [language.id] if language is not None else []


def _ts_sites(workspace: Workspace) -> Callable[[str], set[tuple[int, int]]]:
    def sites(path: str) -> set[tuple[int, int]]:
        language = workspace.language_of(path)
        try:
            source = utf8((workspace.root / path).read_bytes(), path)
        except OSError:
            return set()
        if language is None:
            return set()
        data = extract(language.id, path, workspace.project_of(path), source)
        return {(o.span.start_line, o.span.start_col) for o in data.occurrences}

    return sites
