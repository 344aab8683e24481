"""The index run's note on the imports whose module a server could not find, where the module
may be the workspace's own (``storage.unresolved``): the server ties nothing they import, so
every answer about those names misses the uses there, and the remedy is in the user's hands
(a source root the server was not told of, a path alias, a dependency not installed or
linked). Modules named nowhere in the workspace (a library not installed) are left out: their
names are answered by name anyway."""

from __future__ import annotations

from collections import Counter

from lsai.storage import unresolved
from lsai.storage.engine import Index
from lsai.words import plural

SHOWN = 4  # modules named in the note, the most imported first
_REMEDY = {
    "ts": "map path aliases in tsconfig.json (compilerOptions.paths), install or link the "
    "packages (npm install at the workspace root)",
    "ty": "make the folder holding them one of ty's roots ([tool.ty.environment] root = [...] "
    "in pyproject.toml), or install the project into its virtual environment (.venv)",
}
_PYRIGHT_REMEDY = (
    "add the folder holding them to the server's extraPaths ([tool.basedpyright] or "
    "[tool.pyright] in pyproject.toml, or pyrightconfig.json), or install the project into "
    "its virtual environment (.venv)"
)


def note(index: Index) -> list[str]:
    """One note per server that could not find modules the workspace may hold, with the remedy;
    none when every such module is found."""
    with index.connect() as conn:
        found = unresolved.not_found(conn)
        if not found:
            return []
        parts = unresolved.workspace_parts(conn)
    notes = []
    for source in sorted({f.source for f in found}):
        own = [
            f for f in found if f.source == source and unresolved.package_part(f.module) in parts
        ]
        if not own:
            continue
        modules = Counter(unresolved.first_part(f.module) for f in own)
        shown = ", ".join(f"{m} ({n})" for m, n in modules.most_common(SHOWN))
        more = f", {len(modules) - SHOWN} more" if len(modules) > SHOWN else ""
        files = len({f.path for f in own})
        notes.append(
            f"{unresolved.server_named(source)} could not find the modules of {len(own):,} "
            f"{plural('import', len(own))} in {files} {plural('file', files)} that may be the "
            f"workspace's own: {shown}{more}; it ties nothing they import, so answers miss the "
            f"uses there; {_REMEDY.get(source, _PYRIGHT_REMEDY)}, then `lsai index` again "
            "(`lsai diagnostics` lists them)"
        )
    return notes
