"""What the names a Python file's imports bind stand for: ``import typing as t`` binds ``t`` to
``typing``, ``import os.path`` binds ``os`` to ``os``, ``from typing import Any`` binds ``Any``
to ``typing.Any`` (``from .sub import x as y``: ``y`` to ``.sub.x``). The query layer reads a
library's name spelled either way as one (``t.Any`` and ``Any``: ty's references of either list
both, ``query.unindexed``)."""

from __future__ import annotations

from functools import cache

from tree_sitter import Node, Query, QueryCursor

from lsai.indexer.treesitter import grammars
from lsai.indexer.treesitter.source import Text

_IMPORTS = "[(import_statement) (import_from_statement)] @import"


@cache
def _query() -> Query:
    return Query(grammars.grammar("python"), _IMPORTS)


def imported_names(source: bytes) -> dict[str, str]:
    """Each name an import of the Python ``source`` binds -> the dotted name it stands for (the
    last import of a name wins)."""
    text = Text(source)
    root = grammars.parser("python").parse(source).root_node
    out: dict[str, str] = {}
    statements = QueryCursor(_query()).captures(root).get("import", ())
    for statement in sorted(statements, key=lambda n: n.start_byte):
        module = statement.child_by_field_name("module_name")
        prefix = text.of(module) if module is not None else ""
        prefix += "" if prefix.endswith(".") or module is None else "."  # `from . import x`
        for name in statement.children_by_field_name("name"):
            written: Node | None = name
            alias: Node | None = None
            if name.type == "aliased_import":
                written, alias = name.child_by_field_name("name"), name.child_by_field_name("alias")
            if written is None:
                continue
            dotted = text.of(written)
            if alias is not None:
                out[text.of(alias)] = prefix + dotted
            elif module is not None:
                out[dotted] = prefix + dotted
            else:  # `import os.path` binds `os`
                out[dotted.split(".", 1)[0]] = dotted.split(".", 1)[0]
    return out
