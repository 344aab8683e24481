"""What an index holds, per language: the figures behind ``workspace_list`` and ``server``."""

from __future__ import annotations

from dataclasses import dataclass

from lsai.query.workspace import Workspace
from lsai.storage import queries


@dataclass(frozen=True)
class LanguageCount:
    language: str
    files: int  # files indexed completely or partially
    symbols: int
    backends: tuple[str, ...]


def language_counts(ws: Workspace) -> list[LanguageCount]:
    """The indexed files, symbols and backends of each language, most files first."""
    with ws.index.connect() as conn:
        counts = queries.symbol_counts_by_language(conn)
    rows = [
        LanguageCount(lang, files, symbols, tuple(backends))
        for lang, (files, symbols, backends) in counts.items()
    ]
    return sorted(rows, key=lambda r: (-r.files, r.language))
