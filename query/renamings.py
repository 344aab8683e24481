"""Names an export gives a symbol of another name (``export { internalName as publicName }``,
``export { parse as parseIt } from``): no symbol of their own (a use of one is a usage of the
symbol), but a name an agent reads in an importer and asks about."""

from __future__ import annotations

import re

from lsai.storage import queries
from lsai.storage.engine import Reader, Row


def renamings(conn: Reader, name: str) -> list[Row]:
    """The sites giving ``name`` to a symbol of another name (``queries.renaming_sites``, the
    symbol's columns as ``sym_*``): a site whose line spells ``other as name``, not a use."""
    spelled = re.compile(r"[\w$]\s+as\s+" + re.escape(name) + r"(?![\w$])")
    return [
        r for r in queries.renaming_sites(conn, name) if spelled.search(str(r["context"] or ""))
    ]


def describe(row: Row) -> str:
    """``publicName is another name of internalName (impl.ts:7), given at impl.ts:16``."""
    return (
        f"{row['name']} is another name of {row['sym_qualified_name']} "
        f"({row['sym_file']}:{row['sym_line']}), given at {row['file']}:{row['line']}"
    )
