"""What a server's answers depend on besides the source files: its inputs.

lsai's own code is an input of every row too: an index built by other extraction code (an
upgrade of lsai) is read again in full once (``code_stamp``), rather than keeping the old rows of
every file whose text did not change.

A server reads more than the files lsai opens: the project's configuration (``tsconfig.json``,
``pyproject.toml``, ``go.mod``, ``compile_commands.json``), the packages installed for it
(``node_modules``, a virtual environment) and its own program. When one of them changes, every
answer of the group may change although no source file did: ``npm install`` links a monorepo's
packages, so imports between them resolve; a ``paths`` entry added to ``tsconfig.json`` does the
same. So each group's inputs are recorded with its answers (in the index's ``meta`` table), and a
run asks the server again about a group whose inputs changed since.

An input is a glob pattern of the adapter (``ServerAdapter.inputs``), looked for in the folder of
each project the group serves and in every folder above it up to the workspace root (a
``tsconfig.base.json`` or ``node_modules`` at the root counts for every package). What is recorded
for each match is a stamp that a fresh checkout of the same tree keeps (``_stamp``): CI restores an
index and checks the tree out again, and must not ask every server again for it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from lsai.indexer.lsp.adapters import ADAPTERS, ServerAdapter, resolve_command
from lsai.indexer.semantic import Group

Inputs = dict[str, str]
"""Input path (relative to the workspace root; the server's program: absolute) -> its stamp."""

NO_RECORD = "(no record of what it read for these projects)"
BIG_FILE = 1 << 20
"""Bytes above which an input is stamped by size and time instead of content (a lock file)."""

CODE_STAMP = "indexer code"
"""The ``meta`` key of the stamp of the code that built the index's rows (``code_stamp``)."""
META_PREFIX = "server inputs "
"""The ``meta`` keys of the groups' recorded inputs: the prefix, then the group's key."""


@dataclass
class Review:
    """The inputs of a run's groups now, and those that changed since they were recorded."""

    now: dict[str, Inputs] = field(default_factory=dict)  # group key -> its inputs
    moved: dict[str, list[str]] = field(default_factory=dict)  # group key -> changed inputs

    def changed_for(self, group: Group) -> list[str]:
        return self.moved.get(key_of(group), [])

    def meta(self) -> dict[str, str]:
        """The ``meta`` rows that record them."""
        return {META_PREFIX + key: encode(found) for key, found in self.now.items()}


def review(workspace: Path, groups: Sequence[Group], recorded: Mapping[str, str]) -> Review:
    """Each group's inputs, against ``recorded`` (the ``meta`` rows under ``META_PREFIX``). A
    group with no record is asked again: its projects were served in other groups (a project
    added, or lsai groups them otherwise now), or an older lsai built the index."""
    out = Review()
    for group in groups:
        key = key_of(group)
        found = inputs(workspace, group.server(workspace), group.served_projects())
        out.now[key] = found
        before = recorded.get(META_PREFIX + key)
        moved = changed(decode(before) if before is not None else None, found)
        if moved:
            out.moved[key] = moved
    return out


@cache
def code_stamp() -> str:
    """A hash of the code that makes the index's rows: lsai's indexer (its Python, its
    tree-sitter queries) and the storage code that keys and writes them."""
    digest = hashlib.sha1()
    package = Path(__file__).resolve().parent
    for folder in (package, package.parent / "storage"):
        for path in sorted(p for p in folder.rglob("*") if p.suffix in (".py", ".scm")):
            digest.update(path.relative_to(folder.parent).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def key_of(group: Group) -> str:
    """A short, stable name of a group (its projects may be hundreds)."""
    served = "\n".join(group.served_projects())
    digest = hashlib.sha1(f"{group.adapter}\n{group.project_root}\n{served}".encode())
    return f"{group.adapter} {group.project_root} {digest.hexdigest()[:16]}"


def inputs(workspace: Path, adapter: ServerAdapter, projects: Iterable[str]) -> Inputs:
    """The stamps of ``adapter``'s inputs for a group serving ``projects`` of ``workspace``."""
    found: Inputs = {}
    program = resolve_command(adapter)
    if program is not None:
        found[program[0]] = _stamp(Path(program[0]))
    if adapter != ADAPTERS[adapter.id]:  # run as the configuration says: how is an input too
        how = (adapter.command, adapter.init_options, adapter.environment, adapter.request_timeout)
        found[f"[language-server.{adapter.id}]"] = hashlib.sha256(repr(how).encode()).hexdigest()
    top = workspace.resolve()
    for folder in _folders(top, projects):
        for pattern in adapter.inputs:
            for match in sorted(folder.glob(pattern)):
                found[match.relative_to(top).as_posix()] = _stamp(match)
    return found


def changed(before: Mapping[str, str] | None, now: Mapping[str, str]) -> list[str]:
    """The inputs that differ between two records, sorted (``before`` None: no record, or an
    unreadable one)."""
    if before is None:
        return [NO_RECORD]
    return sorted(k for k in set(before) | set(now) if before.get(k) != now.get(k))


def encode(found: Mapping[str, str]) -> str:
    return json.dumps(dict(sorted(found.items())), separators=(",", ":"))


def decode(text: str) -> Inputs | None:
    """A recorded value, or None when it cannot be read (the group is then asked again)."""
    try:
        value = json.loads(text)
    except ValueError:
        return None
    if not isinstance(value, dict):
        return None
    return {str(k): str(v) for k, v in value.items()}


def _folders(top: Path, projects: Iterable[str]) -> list[Path]:
    """Each project's folder and the folders above it up to ``top``, once each."""
    seen: dict[Path, None] = {}
    for project in projects:
        folder = (top / project).resolve()
        while folder.is_relative_to(top):
            if folder in seen:
                break
            seen[folder] = None
            if folder == top:
                break
            folder = folder.parent
    return list(seen)


def _stamp(path: Path) -> str:
    """What says whether ``path`` changed, and stays the same in a fresh checkout of the same
    tree (modification times do not): a small file's content hash; a folder's entry names (an
    install adds or removes them); a big file's size and modification time."""
    try:
        if path.is_dir():
            names = "\n".join(sorted(e.name for e in path.iterdir()))
            return "folder " + hashlib.sha1(names.encode()).hexdigest()[:16]
        st = path.stat()
        if st.st_size > BIG_FILE:
            return f"{st.st_size} {st.st_mtime_ns}"
        return hashlib.sha1(path.read_bytes()).hexdigest()[:16]
    except OSError:
        return "unreadable"
