"""The standard library's stubs that lsai reads to follow a name's imports, written by ty.

ty writes a stub of its vendored typeshed to its cache folder only when an answer leads into it
(``written``), so after ty is installed or upgraded the folder holds few: ``collections/abc.pyi``
and ``_collections_abc.pyi`` (whose ``from typing import Callable as Callable`` makes
``collections.abc.Callable`` typing's) stay unwritten, as no definition of a workspace name ends
there. The query layer follows a library name through those files (``LibraryModules.origin``)
to tell two spellings of one name apart from two names; without them it read
``from collections.abc import Callable`` and ``t.Callable`` of ``import typing as t`` as two,
where ty's references list both (quart: 1 missing at 2 positions; the suite's own test of it
failed on a fresh cache).

After the passes, the names the batch's files import from standard library modules are
followed as the query layer follows them; each module the walk looked for and found no stub of
is asked for in a document of lsai's own (``import collections.abc``, never saved: an
``untitled:`` URI), at its name: ty's definition there writes its stub. A few rounds reach the
end of every chain (a star import, then a named one). Nothing is asked where the stubs are
there already.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterable

from lsprotocol import types as lsp

from lsai.indexer.lsp.documents import locations
from lsai.indexer.lsp.errors import ServerRequestFailed, ServerTimeout
from lsai.indexer.lsp.passes import Context
from lsai.indexer.treesitter.pyimports import imported_names
from lsai.library_modules import LibraryModules

ROUNDS = 6
"""At most this many rounds of writes (each reaches one more import along a chain)."""
PROBE = "untitled:lsai-library-stubs"
"""The document the modules are asked in: ty resolves its imports as a workspace file's."""
_STANDARD = frozenset(sys.stdlib_module_names) | {"builtins"}
_LAST = len("import ") + 1
"""Where the last part of ``import M``'s module starts, less the index of its dot."""


async def write_stubs(context: Context, paths: Iterable[str]) -> int:
    """Have ty write the standard library stubs that the imports of the Python files ``paths``
    (of ``context``'s documents) lead through; how many modules were asked."""
    wanted = sorted({name for path in paths for name in _standard_names(context, path)})
    if not wanted:
        return 0
    uris = {  # the stubs the calls pass led to: where the others are, if written
        call.external.location
        for found in context.run.files.values()
        for call in found.calls
        if call.external is not None
    }
    asked: set[str] = set()
    for _ in range(ROUNDS):
        modules = sorted(m for m in _missing(sorted(uris), wanted) - asked)
        if not modules:
            break
        asked |= set(modules)
        try:
            uris |= await _lead(context, modules)
        except (ServerRequestFailed, ServerTimeout):
            break  # the stubs only help the query layer follow names: the index is whole
    return len(asked)


def _missing(uris: list[str], wanted: list[str]) -> set[str]:
    """The standard library modules that following ``wanted`` looked for and found no stub of
    under the roots of ``uris`` (``LibraryModules.origin``)."""
    library = LibraryModules(lambda: uris, imported_names)
    for name in wanted:
        library.origin(name)
    return {m for m in library.missing if m.split(".", 1)[0] in _STANDARD}


def _standard_names(context: Context, path: str) -> list[str]:
    """The dotted names the imports of ``path`` bind from a standard library module
    (``collections.abc.Callable``); not a relative import's."""
    if not path.endswith((".py", ".pyi")):
        return []
    source = "\n".join(context.documents.lines(path)).encode("utf-8")
    return [
        dotted
        for dotted in imported_names(source).values()
        if "." in dotted and dotted.split(".", 1)[0] in _STANDARD
    ]


async def _lead(context: Context, modules: list[str]) -> set[str]:
    """The files ty's definitions at ``import M`` lead to, for each of ``modules`` (writing
    each stub it had not), asked in a document opened for it and closed after."""
    text = "".join(f"import {module}\n" for module in modules)
    item = lsp.TextDocumentItem(uri=PROBE, language_id="python", version=1, text=text)
    context.client.notify(
        lsp.TEXT_DOCUMENT_DID_OPEN, lsp.DidOpenTextDocumentParams(text_document=item)
    )
    try:
        answers = await asyncio.gather(
            *(
                context.client.request(
                    lsp.TEXT_DOCUMENT_DEFINITION,
                    {
                        "textDocument": {"uri": PROBE},
                        "position": {"line": number, "character": _LAST + module.rfind(".")},
                    },
                )
                for number, module in enumerate(modules)
            )
        )
    finally:
        closed = lsp.DidCloseTextDocumentParams(text_document=lsp.TextDocumentIdentifier(uri=PROBE))
        context.client.notify(lsp.TEXT_DOCUMENT_DID_CLOSE, closed)
    return {uri for answer in answers for uri, _ in locations(answer) if uri.startswith("file:")}
