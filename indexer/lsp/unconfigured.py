"""Files a server loads with no project configuration, and what they cost it.

tsgo puts each open TypeScript/JavaScript file that no ``tsconfig.json`` or ``jsconfig.json``
(in its folder or a folder above) claims into one inferred project, and rebuilds that project's
program at every ``didOpen``: the load grows with the square of such files. Measured (November
2026, 2 cores): @mui/material 5.16.7's published tree, 2,769 files and no config, 150-185 s to
the first answer, against 8.4 s with an empty ``jsconfig.json`` at its root; 1,085 of its files
23 s; 300, 4.7-8.7 s. lsai writes nothing into the user's tree, so it waits that long
(``waiting_seconds``) and says how to avoid it (``note``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path, PurePosixPath

MEASURED_PER_PAIR = 2e-5
"""Seconds of tsgo's load per pair of unconfigured files, measured as above."""
SECONDS_PER_PAIR = 2 * MEASURED_PER_PAIR
"""The wait allowed per pair, for a busy machine: 2,769 files, 307 s."""
NOTE_FROM = 300
"""Unconfigured files from which the run says how to avoid their cost (~5 s and more)."""


def unconfigured(root: Path, paths: Iterable[str], names: Sequence[str]) -> list[str]:
    """The ``paths`` (workspace-relative) with no file of ``names`` in their folder or a folder
    above it."""
    if not names:
        return []
    claimed: dict[PurePosixPath, bool] = {}

    def has_config(folder: PurePosixPath) -> bool:
        found = claimed.get(folder)
        if found is None:
            here = any((root / folder / name).is_file() for name in names)
            if folder == folder.parent:  # the workspace root: a config above it claims it too
                above = any((up / name).is_file() for up in root.parents for name in names)
            else:
                above = has_config(folder.parent)
            found = claimed[folder] = here or above
        return found

    return [p for p in paths if not has_config(PurePosixPath(p).parent)]


def waiting_seconds(count: int) -> float:
    """How long a server may take to load ``count`` unconfigured files."""
    return SECONDS_PER_PAIR * count * count


def note(server: str, names: Sequence[str], files: Sequence[str]) -> str | None:
    """What the unconfigured ``files`` cost ``server`` and how to avoid it; None below
    ``NOTE_FROM`` files."""
    if len(files) < NOTE_FROM:
        return None
    folders = [PurePosixPath(p).parent.parts for p in files]
    common = PurePosixPath(*_common_prefix(folders)) if folders else PurePosixPath()
    where = "the workspace root" if common == PurePosixPath() else f"{common}/"
    return (
        f"{len(files):,} TypeScript/JavaScript files have no {' or '.join(names)} in their "
        f"folder or above (e.g. {files[0]}): {server} loads them as one inferred project, rebuilt "
        f"as each file opens (~{MEASURED_PER_PAIR * len(files) ** 2:.0f} s here, growing with "
        f"the square of the files); a jsconfig.json at {where} (`{{}}` is enough) loads them at "
        f"once"
    )


def _common_prefix(parts: Sequence[tuple[str, ...]]) -> tuple[str, ...]:
    first = min(parts)
    last = max(parts)
    shared = 0
    while shared < min(len(first), len(last)) and first[shared] == last[shared]:
        shared += 1
    return first[:shared]
