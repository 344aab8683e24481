"""Usages at ``module`` or ``exports`` of a CommonJS statement exporting a symbol of its file
(semver's ``module.exports = lte``, ``exports = module.exports = cmp``).

tsgo's references there are the export's: the statement itself and the requirers' bindings
(``const lte = require('./lte')``) with their uses, not the symbol's uses in its own file,
which its references at ``lte`` list with them. The index keys the requirers' sites to the
symbol, so they are its usages outside its file; ``module`` and ``exports`` are no symbol (lsai
refused ``exports`` and listed every file's ``module`` by name: semver 38 and 7 references).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lsai.query.errors import QueryError
from lsai.query.libraries import file_lines, line_of
from lsai.query.reach import TSGO_LANGUAGES
from lsai.query.resolve import asked_position
from lsai.query.usage_contracts import Usage, UsageFile, UsagesInput, UsagesResult
from lsai.query.workspace import Workspace
from lsai.storage import queries
from lsai.storage.engine import Reader

Answer = Callable[[Workspace, UsagesInput], UsagesResult]

_EXPORT = re.compile(
    r"\s*(?:exports\s*=\s*)?(?P<module>module)\s*\.\s*(?P<exports>exports)\s*=\s*"
    r"(?P<name>[A-Za-z_$][\w$]*)\s*;?\s*(?://.*)?"
)
"""A statement exporting one name: ``module.exports = X``, ``exports = module.exports = X``
(tsgo's references at the first ``exports`` of the latter are itself alone: not matched)."""
_PAGE = 1000


def export_usages(
    conn: Reader, ws: Workspace, params: UsagesInput, answer: Answer
) -> UsagesResult | None:
    """The usages at ``module`` or ``exports`` of such a statement: the statement, then the
    usages of the symbol it exports outside that symbol's file (``answer`` asked at the
    exported name), paged as ``params`` asks; None: no such position, or the name exported is
    no symbol of the index."""
    at = asked_position(params)
    if at is None or at[2] is None:
        return None
    path, line, col = ws.relative(at[0]), at[1], at[2]
    row = queries.file_row(conn, path)
    if row is None or row["language"] not in TSGO_LANGUAGES:
        return None
    text = line_of(file_lines(ws, path), line)
    found = _EXPORT.fullmatch(text)
    word = next(
        (w for w in ("module", "exports") if found and found.start(w) < col <= found.end(w)),
        None,
    )
    if found is None or word is None:
        return None
    try:
        exported = every_page(ws, params, (path, line, found.start("name") + 1), answer)
    except QueryError:
        return None
    first = exported[0] if exported else None
    if first is None:
        return None
    here = Usage(line=line, col=found.start(word) + 1, role="reference", context=text.strip())
    own = {path, first.symbol.file}
    sites = [(path, here)] + [
        (f.file, u) for page in exported for f in page.files if f.file not in own for u in f.usages
    ]
    chosen = sites[params.offset : params.offset + params.limit]
    files: dict[str, list[Usage]] = {}
    for file, usage in chosen:
        files.setdefault(file, []).append(usage)
    end = params.offset + len(chosen)
    note = (
        f"asked at `{word}` of a CommonJS export of {first.symbol.name}: the requirers' uses of "
        f"{first.symbol.name} and the export statement, as TypeScript's server lists them (not "
        "its uses in its own file)"
    )
    prov = first.provenance.model_copy(update={"notes": [note, *first.provenance.notes]})
    return UsagesResult(
        symbol=first.symbol,
        mode=first.mode,
        files=[UsageFile(file=f, usages=u) for f, u in files.items()],
        total=len(sites),
        file_count=len({f for f, _ in sites}),
        truncated=end < len(sites),
        next_offset=end if end < len(sites) else None,
        provenance=prov,
    )


def every_page(
    ws: Workspace, params: UsagesInput, at: tuple[str, int, int], answer: Answer
) -> list[UsagesResult]:
    """Every page of the usages ``answer`` gives at ``at``, the definition included."""
    pages: list[UsagesResult] = []
    offset: int | None = 0
    while offset is not None:
        asked = UsagesInput(
            file=at[0], line=at[1], col=at[2], limit=_PAGE, offset=offset, include_definition=True
        )
        pages.append(answer(ws, asked))
        offset = pages[-1].next_offset
    return pages
