"""Which Go modules one gopls serves together, and the ``go.work`` that makes it see them.

A gopls session holds the packages of the module (or ``go.work``) it is started in, and lists
references from those alone. Two kinds of multi-module repository need one session:

- a ``go.work`` that uses several modules: they are served from its folder (``go_work_root``);
- modules tied by a local ``replace`` (``replace example.com/liba => ../liba``), the usual
  monorepo layout without a go.work: ``app`` builds with ``liba``'s files, yet a session per
  module listed no reference of ``liba.Add`` from ``app``. Such a group is served from the
  folder holding its modules, with a ``go.work`` lsai writes into the session's scratch folder
  (``GOWORK``), never into the user's tree (``linked_go_work``). The go command builds each
  module of the group with the others' files already (the replace says so), so the go.work
  changes nothing in what they build against.

Modules whose ``module`` paths collide (two copies of one module) are never joined: a go.work
that uses both is refused by the go command.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from lsai.indexer.lsp.joined import Joined

_REPLACE = re.compile(r"^(?:replace\s+)?\S+(?:\s+\S+)?\s+=>\s+(\S+)\s*$")
_GO_LINE = re.compile(r"^go\s+(\d+)\.(\d+)")
MIN_GO_WORK = (1, 18)  # the first go with go.work


@dataclass(frozen=True)
class GoMod:
    """What lsai reads of a ``go.mod``: the module path, its ``go`` version and the folders its
    replace directives name (relative to the go.mod's folder, as written)."""

    module: str | None
    go: tuple[int, int] | None
    local_replaces: tuple[str, ...]


def read_go_mod(path: Path) -> GoMod | None:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    module: str | None = None
    go: tuple[int, int] | None = None
    replaces: list[str] = []
    block = False
    for raw in text.splitlines():
        line = raw.split("//", 1)[0].strip()
        if block and line.startswith(")"):
            block = False
            continue
        if line.startswith("module "):
            module = line.split(None, 1)[1].strip('"')
        elif (found := _GO_LINE.match(line)) is not None:
            go = (int(found.group(1)), int(found.group(2)))
        elif line.startswith("replace") and line.rstrip().endswith("("):
            block = True
        elif (block or line.startswith("replace ")) and (found := _REPLACE.match(line)):
            target = found.group(1).strip('"')
            if target.startswith(("./", "../", "/")) or target in (".", ".."):
                replaces.append(target)
    return GoMod(module, go, tuple(replaces))


def go_session_roots(workspace_root: Path, projects: Sequence[str]) -> dict[str, str]:
    """The folder each Go module of ``projects`` (the workspace's) is served from: its
    go.work's, else the folder holding the modules it is tied to by local replaces, else its
    own (every go.mod read once)."""
    groups = _replace_groups(workspace_root, projects)
    roots: dict[str, str] = {}
    for project in projects:
        used = go_work_root(workspace_root, project)
        group = groups.get(project, frozenset())
        if used != project or len(group) < 2:
            roots[project] = used
        elif "." in group:
            roots[project] = "."
        else:
            roots[project] = Path(
                os.path.commonpath([Path(p).as_posix() for p in group])
            ).as_posix()
    return roots


def linked_go_work(workspace_root: Path, root: Path, projects: Sequence[Path]) -> str | None:
    """The text of the go.work for a session at ``root`` serving several modules that no
    go.work of the user's ties together (``go_session_roots``), else None."""
    modules = [p for p in projects if (p / "go.mod").is_file()]
    if len(modules) < 2 or (root / "go.work").is_file():
        return None
    versions = [m.go for p in modules if (m := read_go_mod(p / "go.mod")) and m.go is not None]
    major, minor = max([MIN_GO_WORK, *versions])
    uses = "".join(f"\t{p.resolve().as_posix()}\n" for p in sorted(modules))
    return f"go {major}.{minor}\n\nuse (\n{uses})\n"


def _replace_groups(workspace_root: Path, projects: Sequence[str]) -> dict[str, frozenset[str]]:
    """Each Go module of ``projects`` (a folder with a go.mod no go.work uses) -> the modules
    it is tied to by local replaces, either way round, itself included."""
    top = workspace_root.resolve()
    mods: dict[str, GoMod] = {}
    for project in projects:
        if go_work_root(workspace_root, project) == project:
            found = read_go_mod(workspace_root / project / "go.mod")
            if found is not None:
                mods[project] = found
    paths = [m.module for m in mods.values() if m.module]
    clashing = {path for path in paths if paths.count(path) > 1}
    by_folder = {(workspace_root / p).resolve(): p for p in mods}
    joined = Joined(mods)
    for project, mod in mods.items():
        if mod.module in clashing:
            continue
        for target in mod.local_replaces:
            folder = (workspace_root / project / target).resolve()
            other = by_folder.get(folder)
            if other is None or not folder.is_relative_to(top) or mods[other].module in clashing:
                continue
            joined.join(project, other)
    groups = joined.groups()
    return {p: frozenset(groups[joined.find(p)]) for p in mods}


def go_work_root(workspace_root: Path, project: str) -> str:
    """The folder of the ``go.work`` that uses the Go module at ``project`` (its ``use``
    directives name the module's folder), else ``project``. As the go command does, the
    nearest ``go.work`` at or above the module decides (within the workspace)."""
    folder = (workspace_root / project).resolve()
    top = workspace_root.resolve()
    for above in (folder, *folder.parents):
        if not above.is_relative_to(top):
            break
        work = above / "go.work"
        if work.is_file():
            if folder in _go_work_uses(work):
                return above.relative_to(top).as_posix()
            return project
    return project


def _go_work_uses(work: Path) -> set[Path]:
    """The module folders a go.work's ``use`` directives name (``use ./a``, ``use ( ./a ./b )``)."""
    try:
        text = work.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return set()
    found: set[Path] = set()
    block = False
    for raw in text.splitlines():
        line = raw.split("//", 1)[0].strip()
        if block and line.startswith(")"):
            block = False
        elif block and line:
            found.add((work.parent / line.strip('"')).resolve())
        elif (use := re.fullmatch(r"use(?:\s*(\()|\s+(\S+))", line)) is not None:
            block = use.group(1) is not None
            if not block:
                found.add((work.parent / use.group(2).strip('"')).resolve())
    return found
