"""The parameters of pytest's tests and fixtures that name a library's fixture (``def
test_x(tmp_path, capsys)``), keyed to where ty's definition there leads (``_pytest/tmpdir.py``).

ty reads such a parameter as the fixture: its references there are every parameter of that
name pytest fills (of a ``test*`` function, of a ``test*`` method of a ``Test*`` class, of a
fixture, in ``test_*.py``, ``*_test.py`` and ``conftest.py``) and their uses, its definition
leads into the library. No symbol of the workspace is asked there, so the index held each as a
local of its test (structlog: 35 such parameters over 6 names, usages as ty's at none). After
the references pass, one definition request per distinct name (at its first parameter the
references left unkeyed: a workspace fixture's are keyed to it) says whether it names a
library's fixture; for one that does, one references request there lists its sites, each keyed
to the fixture as an external symbol (``OccurrenceRecord.external``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence

from lsprotocol import types as lsp

from lsai.indexer.lsp import passes, resolve
from lsai.indexer.lsp.bases import python_module
from lsai.indexer.lsp.documents import Range, locations
from lsai.storage.records import ExternalSymbol, OccurrenceRecord, Span

_ASK = lsp.TEXT_DOCUMENT_DEFINITION
"""ty's declaration at such a parameter is the parameter; its definition, the fixture."""
Parameters = Mapping[str, Sequence[tuple[Span, str]]]
"""The parameters pytest fills in each test file, each its name's span and the name."""


async def library_fixtures(
    context: passes.Context, parameters: Parameters, sites: resolve.Sites | None = None
) -> int:
    """Key the sites of the library fixtures the session's ``parameters`` name to them; how
    many names were asked. With the session's ``sites`` (a full run), a fixture's sites are its
    parameters and the identifiers bound to them (``_key_bound``), which is what ty's references
    list: a references request of a name as common as ``request`` reads every spelling of it
    (the Python benchmark tree: ~0.5 s of ty's CPU); without, ty's references are asked."""
    first: dict[str, tuple[str, Span]] = {}
    for path in sorted(p for p in parameters if p in context.run.files):
        tied = passes.keyed_positions(context, path)
        for span, name in parameters[path]:
            if (span.start_line, span.start_col) not in tied:
                first.setdefault(name, (path, span))
    if not first:
        return 0
    answers = await asyncio.gather(
        *(
            resolve.ask_definition(context, path, {"uri": context.documents.uri(path)}, span, _ASK)
            for path, span in first.values()
        )
    )
    found = [
        (name, *at, fixture)
        for (name, at), answer in zip(first.items(), answers, strict=True)
        if (fixture := _library(context, name, answer)) is not None
    ]
    if sites is not None:
        for name, _, _, fixture in found:
            _key_bound(context, name, fixture, parameters, sites)
    else:
        await asyncio.gather(*(_key_sites(context, *one) for one in found))
    return len(first)


def _key_bound(
    context: passes.Context,
    name: str,
    fixture: ExternalSymbol,
    parameters: Parameters,
    sites: resolve.Sites,
) -> None:
    """Key to ``fixture`` every parameter ``name`` of ``parameters`` and the identifiers of
    that name in its function, where the references pass keyed nothing."""
    for path in sorted(p for p in parameters if p in context.run.files):
        functions = [
            context.index.enclosing(path, span.start_line, span.start_col)
            for span, n in parameters[path]
            if n == name
        ]
        spans = [f.span for f in functions if f is not None]
        if not spans:
            continue
        tied = passes.keyed_positions(context, path)
        for site in sites.get(path, ()):
            at = (site.span.start_line, site.span.start_col)
            if site.name == name and at not in tied and any(_inside(at, f) for f in spans):
                _record(context, path, name, site.span, fixture)


def _inside(at: tuple[int, int], span: Span) -> bool:
    return (span.start_line, span.start_col) <= at <= (span.end_line, span.end_col)


def _library(
    context: passes.Context, name: str, answer: list[tuple[str, Range]]
) -> ExternalSymbol | None:
    """The library's fixture a definition ``answer`` at a parameter ``name`` leads to; None:
    none, or the workspace's own (a local: a parameter pytest does not fill)."""
    uri, range_ = answer[0] if answer else ("", None)
    if range_ is None or not uri.startswith("file:") or context.documents.path_of(uri):
        return None
    start = range_.start
    return ExternalSymbol.at(
        uri, name, "function", python_module(uri), start.line + 1, start.character + 1
    )


async def _key_sites(
    context: passes.Context, name: str, path: str, span: Span, fixture: ExternalSymbol
) -> None:
    """The sites ty's references at the parameter ``span`` of ``path`` list, keyed to
    ``fixture`` where the references pass keyed nothing."""
    documents = context.documents
    character = documents.character(path, span.start_line, span.start_col)
    params = passes.reference_params(
        documents, path, lsp.Position(line=span.start_line - 1, character=character)
    )
    answer = await context.client.request(lsp.TEXT_DOCUMENT_REFERENCES, params)
    tied: dict[str, set[tuple[int, int]]] = {}
    for uri, range_ in locations(answer):
        where = documents.path_of(uri)
        if where is None or where not in context.run.files:
            continue  # a file of another batch (a live update's unchanged files: keyed already)
        site = documents.span(where, range_)
        keyed = tied.get(where)
        if keyed is None:  # once a file, not at every site
            keyed = tied[where] = passes.keyed_positions(context, where)
        if (site.start_line, site.start_col) in keyed:
            continue
        keyed.add((site.start_line, site.start_col))
        _record(context, where, name, site, fixture)


def _record(
    context: passes.Context, path: str, name: str, site: Span, fixture: ExternalSymbol
) -> None:
    around = context.index.enclosing(path, site.start_line, site.start_col)
    context.file(path).occurrences.append(
        OccurrenceRecord(
            name=name,
            role="reference",
            span=site,
            symbol_key=fixture.key,
            enclosing_key=around.key if around is not None else None,
            external=fixture,
        )
    )
