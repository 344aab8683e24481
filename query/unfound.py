"""The note of an answer about a symbol that some files import from a module their language
server could not find (``storage.unresolved``): the server tied nothing those imports bind, so
the uses there are missing from the answer, however complete the index says it is."""

from __future__ import annotations

from pathlib import PurePosixPath

from lsai.storage import unresolved
from lsai.storage.engine import Reader
from lsai.words import plural


def unfound_note(conn: Reader, name: str, file: str) -> str | None:
    """A note for an answer about the module-level symbol ``name`` of ``file``: the imports of
    that name whose module the server could not find, where the module may be ``file``'s (its
    last part is the file's stem or one of its folders: ``lsai.query.views.snippet``,
    ``../utils``, ``@acme/greet``). The server tied nothing there, so those files' uses of the
    name are missing from the answer; None when there are none."""
    parts = set(PurePosixPath(file).parent.parts) | {PurePosixPath(file).stem}
    missed = [
        f
        for f in unresolved.imports_of(conn, name)
        if f.path != file and unresolved.last_part(f.module) in parts
    ]
    if not missed:
        return None
    first = missed[0]
    server = unresolved.server_named(first.source)
    files = len({f.path for f in missed})
    where = f"{first.path}:{first.line} from {first.module!r}"
    more = f" and {len(missed) - 1} more" if len(missed) > 1 else ""
    return (
        f"{files} {plural('file', files)} {'imports' if files == 1 else 'import'} {name!r} from a "
        f"module {server} could not find "
        f"({where}{more}), which may be this symbol's: uses there are not in this answer; "
        "`lsai index` lists the modules not found and how to make them found"
    )
