"""The properties a destructuring assignment reads, asked of the server.

A destructuring assignment (rxjs ``({ count = Infinity, delay } = countOrConfig)``, no
declaration) names in its pattern both the variable each shorthand writes and the property of
the assigned value's type it reads (``RepeatConfig.delay``): tsgo's references of the property
list the shorthand (and a key, ``with: _with``), but its definition there answers the variable
(at a key, the key itself), so the references pass, which asks definitions, keys the site to
nothing. Such patterns are rare (3 in rxjs's 100 operators): each of their names asks its
references, and each member of the session they list by its name is read there.
"""

from __future__ import annotations

import re

from lsprotocol import types as lsp

from lsai.indexer.lsp import passes
from lsai.indexer.lsp.documents import locations
from lsai.indexer.treesitter.scopes import assigned_keys
from lsai.storage import keys

_LAST = re.compile(r"(?P<name>`(?:[^`]|``)*`|[A-Za-z0-9_$]+)(?:\((?:\+\d+)?\)|\[\+\d+\])?[.#]$")
"""A key's last descriptor, its name apart."""


async def assigned_properties(context: passes.Context, path: str) -> None:
    """The property each name of one file's destructuring assignments reads, as its reference
    (``assigned_keys``: tree-sitter finds the names)."""
    source = context.documents.files.get(path)
    if source is None:
        return
    documents = context.documents
    for span in assigned_keys(source.language, source.content.encode()):
        at = documents.position(path, span.start_line, span.start_col)
        result = await context.client.request(
            lsp.TEXT_DOCUMENT_REFERENCES, passes.reference_params(documents, path, at)
        )
        name = documents.text_at(path, span)
        for uri, range_ in locations(result):
            where = documents.path_of(uri)
            symbol = None if where is None else context.named_at(where, range_)
            if symbol is not None and _member(symbol.key, name, symbol.kind):
                passes.record_reference(context, path, span, symbol)


def _member(key: str, name: str, kind: str) -> bool:
    """Whether ``key`` is of a member named ``name`` (of a type, ``T#name.``, or of an object,
    ``o.name.``), not of a variable the shorthand writes (``name.``, ``f().name.``), which its
    definition there keys; by the key, as a live update knows other files' symbols (kind
    ``symbol``: ``incremental.LiveSymbols``). A property keyed under a function is a member of
    a type literal it spells (prosemirror-view's ``caretFromPoint(...): {node: Node, offset:
    number}``, read by ``({node, offset} = caret)``), no variable."""
    last = _LAST.search(key)
    if last is None or last.group("name") != keys.escape_name(name):
        return False
    container = key[: last.start()]
    if container.endswith(")."):
        return kind == "property"
    return container.endswith(("#", "."))
