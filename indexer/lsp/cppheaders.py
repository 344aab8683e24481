"""The compile commands of C++ ``.h`` headers that clangd would otherwise read as C.

A compilation database lists sources, not headers: clangd gives a header the command of the
source whose path is likest its own, as that source's language. In a database with C and C++
sources, a C++ header (``indexer.headers`` decides it is one) whose likest source is a ``.c``
file is read as C: its namespaces and classes are errors, its members no symbols, and its
declarations keyed apart from the ``.cpp`` files defining them. With ``compile_flags.txt`` every
``.h`` is C (clangd's reading of the flags file), whatever the flags say.

Such a header gets the command of the C++ source nearest to it in the folder tree, with
``-x c++-header``, through clangd's ``compilationDatabaseChanges`` setting (sent before the
header is opened, nothing written anywhere). clangd's own mending of a command (dropping
``-c``, ``-o``, dependency-file flags) applies to it as to any.
"""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Sequence
from pathlib import Path

from lsai.indexer.headers import HEADER
from lsai.indexer.languages import BY_ID
from lsai.indexer.lsp.launch import ProjectContext, compile_database

_CPP_SOURCES = frozenset(e for e in BY_ID["cpp"].extensions if not e.startswith((".h", ".i", ".t")))
_C_SOURCES = frozenset({".c"})


def clangd_header_settings(
    context: ProjectContext, scratch: Path, files: Sequence[tuple[str, str]]
) -> dict[str, object] | None:
    """clangd's ``compilationDatabaseChanges`` for the C++ ``.h`` headers among ``files``
    (workspace-relative path, lsai language) that its database would have it read as C;
    ``None`` when there are none."""
    headers = [path for path, language in files if language == "cpp" and path.endswith(HEADER)]
    if not headers:
        return None
    found = compile_database(context.workspace_root, context.project_root)
    if found is None:
        return None
    root = context.workspace_root
    if found.name == "compile_flags.txt":
        commands = _from_flags(found, [root / h for h in headers])
    else:
        commands = _from_sources(_entries(scratch, found), [root / h for h in headers])
    return {"compilationDatabaseChanges": commands} if commands else None


def _from_flags(found: Path, headers: list[Path]) -> dict[str, object]:
    try:
        flags = [line.strip() for line in found.read_text(encoding="utf-8").splitlines()]
    except (OSError, UnicodeDecodeError):
        return {}
    flags = [flag for flag in flags if flag]
    return {
        str(header): {
            "workingDirectory": str(found.parent),
            "compilationCommand": ["clang++", "-x", "c++-header", *flags, str(header)],
        }
        for header in headers
    }


def _entries(scratch: Path, found: Path) -> list[dict[str, object]]:
    """The database's entries (lsai's copy with absolute folders where ``launch`` made one)."""
    copy = scratch / "compile_commands.json"
    try:
        entries = json.loads((copy if copy.is_file() else found).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(entries, list):
        return []
    for entry in entries:
        if isinstance(entry, dict) and isinstance(entry.get("directory"), str):
            entry["directory"] = os.path.normpath(found.parent / entry["directory"])
    return [entry for entry in entries if isinstance(entry, dict)]


def _from_sources(entries: list[dict[str, object]], headers: list[Path]) -> dict[str, object]:
    """Each header without an entry of its own, when the database has C sources: the command of
    the C++ source sharing the longest folder path with it."""
    sources: list[tuple[Path, dict[str, object]]] = []
    for entry in entries:
        folder, file = entry.get("directory"), entry.get("file")
        if isinstance(folder, str) and isinstance(file, str):
            sources.append((Path(os.path.normpath(Path(folder) / file)), entry))
    cpp = [(path, entry) for path, entry in sources if path.suffix.lower() in _CPP_SOURCES]
    if not cpp or not any(path.suffix in _C_SOURCES for path, _ in sources):
        return {}  # clangd picks a C++ source for every header (or none is C++ at all)
    listed = {path for path, _ in sources}
    commands: dict[str, object] = {}
    for header in headers:
        if header in listed:
            continue
        source, entry = max(cpp, key=lambda item: _shared_parts(item[0], header))
        arguments = _arguments(entry)
        if not arguments:
            continue
        rest = _without_file_and_language(arguments[1:], source, str(entry["directory"]))
        commands[str(header)] = {
            "workingDirectory": str(entry["directory"]),
            "compilationCommand": [arguments[0], "-x", "c++-header", *rest, str(header)],
        }
    return commands


def _shared_parts(a: Path, b: Path) -> int:
    shared = 0
    for x, y in zip(a.parent.parts, b.parent.parts, strict=False):
        if x != y:
            break
        shared += 1
    return shared


def _arguments(entry: dict[str, object]) -> list[str]:
    arguments = entry.get("arguments")
    if isinstance(arguments, list) and all(isinstance(a, str) for a in arguments):
        return [str(a) for a in arguments]
    command = entry.get("command")
    if isinstance(command, str):
        try:
            return shlex.split(command)
        except ValueError:
            return []
    return []


def _without_file_and_language(arguments: list[str], source: Path, folder: str) -> list[str]:
    """The source's flags: without its file name and any ``-x LANGUAGE`` it gives."""
    kept: list[str] = []
    skip = False
    for argument in arguments:
        if skip:
            skip = False
        elif argument == "-x":
            skip = True
        elif not _language_or_file(argument, source, folder):
            kept.append(argument)
    return kept


def _language_or_file(argument: str, source: Path, folder: str) -> bool:
    if argument.startswith("-x"):  # -xc++, joined
        return True
    if argument.startswith("-"):
        return False
    return Path(os.path.normpath(Path(folder) / argument)) == source
