"""How a server is launched for one project: extra arguments and environment, and whether it can
serve the project at all.

Each function gets the project and a scratch folder that lsai owns for the session (removed when
the session ends), so nothing is ever written into the user's tree.

clangd needs a compilation database: without one it guesses flags per file, cannot find the
project's include folders, and answers with silently wrong references. lsai does not synthesize
one (it cannot know the project's defines, standard and include folders); it says how to generate
it, and the files keep their tree-sitter index. A database in a build folder other than ``build/``
(``cmake-build-debug/``, ``out/build/<preset>/``) is found too (``built_database``). A database
that lists relative ``directory`` entries (allowed by CMake's and by hand-written ones, but not
read by clangd 14) is copied into the scratch folder with absolute directories and handed to
clangd with ``--compile-commands-dir``.

gopls runs offline: ``GOPROXY=off`` and ``GOSUMDB=off`` (nothing is downloaded),
``GOTOOLCHAIN=local`` (a ``go`` line newer than the local toolchain does not fetch one), and
``GOCACHE`` in the scratch folder (measured: a cold cache costs ~0.1 s of ``go list``).
``GOPATH`` is kept, so modules already in the user's module cache resolve; ``GOFLAGS`` is left
alone (``-mod=mod`` could rewrite go.mod, ``-mod=readonly`` would break vendored projects). The
modules a ``go.work`` uses, or that local ``replace`` directives tie together, are served by one
gopls (``gomodules``): a gopls per module lists no reference from another module's files (its
session holds only its own).

jdtls writes its workspace state wherever ``-data`` says, by default into a folder of the user's
home or tree: it gets a folder in the scratch folder.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lsai.indexer.lsp.gomodules import linked_go_work

CLANGD_DATABASES = ("compile_commands.json", "build/compile_commands.json", "compile_flags.txt")
CLANGD_MISSING = (
    "clangd needs compile_commands.json: generate it with "
    "`cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON` or `bear -- make`"
)


@dataclass(frozen=True)
class Launch:
    """What to add to an adapter's command and environment for one project."""

    args: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ProjectContext:
    """What an adapter may use to configure its server for one session."""

    workspace_root: Path
    project_root: Path
    projects: tuple[Path, ...] = ()
    """The project folders the session serves, when it serves several (``scope="workspace"``)."""


SessionRoot = Callable[[Path, Sequence[str]], dict[str, str]]
"""(workspace root, the projects the server serves in the workspace) -> the folder each project
is served from (workspace-relative)."""
LaunchFactory = Callable[[ProjectContext, Path], Launch]
"""(the session's workspace, root folder and projects; scratch folder) -> Launch."""
Requirement = Callable[[Path, Path], str | None]
"""(workspace root, project folder) -> why the server cannot serve the project, or None."""
OpenSettings = Callable[[ProjectContext, Path, Sequence[tuple[str, str]]], dict[str, object] | None]
"""(the session's context, its scratch folder, the files about to be opened: workspace-relative
path and lsai language) -> settings to send the server first (``workspace/didChangeConfiguration``),
or None."""
Partition = Callable[[Path, list[str], Mapping[str, Sequence[str]]], list[list[str]]]
"""(workspace root, project roots, each project's files) -> the projects of each session of a
``workspace`` server."""


def plain_launch(context: ProjectContext, scratch: Path) -> Launch:
    return Launch()


GO_GC_PERCENT = "200"
"""``GOGC`` for a server written in Go whose garbage collector costs a large share of its CPU
(tsgo): the heap may grow to 3x the live data between collections instead of 2x. Measured on
the TypeScript benchmark: tsgo CPU 14.9-15.6 -> 11.7-12.5 s, peak RSS of lsai and tsgo 862 ->
1,089-1,159 MiB (GOGC=400: 10.9 s, 1,495 MiB)."""


GO_MEMORY_SHARE = 4
"""``GOMEMLIMIT`` is the machine's memory divided by this: with ``GO_GC_PERCENT`` the heap of a
large repository's server could grow to 3x its live data; near the limit Go collects as often
as it must (a soft limit: a live heap above it is not refused, and never more than half of the
CPU goes to collecting). The benchmark trees stay far below it (tsgo: about 1 GiB)."""


def go_gc_launch(context: ProjectContext, scratch: Path) -> Launch:
    """A Go server with ``GO_GC_PERCENT`` and ``GO_MEMORY_SHARE``, unless the user set
    ``GOGC`` or ``GOMEMLIMIT``."""
    if "GOGC" in os.environ or "GOMEMLIMIT" in os.environ:
        return Launch()
    env = {"GOGC": GO_GC_PERCENT}
    memory = _physical_memory()
    if memory is not None:
        env["GOMEMLIMIT"] = f"{memory // GO_MEMORY_SHARE // 2**20}MiB"
    return Launch(env=env)


def _physical_memory() -> int | None:
    """The machine's memory in bytes, where the system says."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # not POSIX, or not known
        return None


def always(workspace_root: Path, project: Path) -> str | None:
    return None


def compile_database(workspace_root: Path, project: Path) -> Path | None:
    """The compilation database clangd would use for the project: in its folder or a parent up
    to the workspace root, as ``compile_commands.json``, ``build/compile_commands.json``, a build
    folder's (``built_database``) or ``compile_flags.txt``."""
    root = workspace_root.resolve()
    folder = project.resolve()
    while True:
        for name in CLANGD_DATABASES[:2]:
            if (folder / name).is_file():
                return folder / name
        built = built_database(folder)
        if built is not None:
            return built
        if (folder / CLANGD_DATABASES[2]).is_file():
            return folder / CLANGD_DATABASES[2]
        if folder == root or not folder.is_relative_to(root):
            return None
        folder = folder.parent


BUILT_DATABASES = ("*/compile_commands.json", "out/build/*/compile_commands.json")
"""Where a build folder other than ``build/`` holds its database: CLion's
``cmake-build-debug/``, Meson's ``builddir/``, a CMake preset's ``out/build/<preset>/``."""
BUILD_TREES = ("CMakeCache.txt", "meson-info")
"""What a CMake or Meson build folder holds, whatever its name."""


def built_database(folder: Path) -> Path | None:
    """The database of a build folder of ``folder`` (``BUILT_DATABASES``: one that holds one of
    ``BUILD_TREES``, not a subproject's folder), the most recently written first. clangd looks
    only in ``build/`` by itself; lsai hands it the one found (``clangd_launch``)."""
    found = [
        path
        for pattern in BUILT_DATABASES
        for path in folder.glob(pattern)
        if not path.parent.name.startswith(".")
        and any((path.parent / marker).exists() for marker in BUILD_TREES)
        and path.is_file()
    ]
    found.sort(key=lambda path: (-_mtime(path), path.as_posix()))
    return found[0] if found else None


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def clangd_requirement(workspace_root: Path, project: Path) -> str | None:
    if compile_database(workspace_root, project) is not None:
        return None
    where = project.relative_to(workspace_root).as_posix() if project != workspace_root else "."
    return f"{CLANGD_MISSING} (none in {where})"


def clangd_launch(context: ProjectContext, scratch: Path) -> Launch:
    """``--compile-commands-dir`` to a copy of the project's database with absolute folders."""
    found = compile_database(context.workspace_root, context.project_root)
    if found is None or found.name != "compile_commands.json":
        return Launch()  # compile_flags.txt: clangd finds it and reads it relative to its folder
    try:
        entries = json.loads(found.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Launch()  # clangd reports the broken database itself, in its diagnostics
    if not isinstance(entries, list):
        return Launch()
    for entry in entries:
        if isinstance(entry, dict) and isinstance(entry.get("directory"), str):
            entry["directory"] = os.path.normpath(found.parent / entry["directory"])
    (scratch / "compile_commands.json").write_text(json.dumps(entries), encoding="utf-8")
    return Launch(args=(f"--compile-commands-dir={scratch}",))


def jdtls_launch(context: ProjectContext, scratch: Path) -> Launch:
    """jdtls keeps its workspace state (``-data``) in lsai's scratch folder, not the project."""
    return Launch(args=("-data", str(scratch / "jdtls-data")))


def gopls_launch(context: ProjectContext, scratch: Path) -> Launch:
    env = {"GOPROXY": "off", "GOSUMDB": "off", "GOTOOLCHAIN": "local"}
    env["GOCACHE"] = str(scratch / "go-build")
    work = linked_go_work(context.workspace_root, context.project_root, context.projects)
    if work is not None:  # modules tied by local replaces (``gomodules``)
        (scratch / "go.work").write_text(work, encoding="utf-8")
        env["GOWORK"] = str(scratch / "go.work")
    return Launch(env=env)


def own_roots(workspace_root: Path, projects: Sequence[str]) -> dict[str, str]:
    """Each project is served from its own folder."""
    return {project: project for project in projects}
