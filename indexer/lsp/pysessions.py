"""Which Python projects of a workspace share a ty session (``partition``).

Search paths are one namespace: when two projects both have a top-level ``utils.py`` (or
``common`` package), the first root would shadow the other's. So projects are packed into
sessions whose top-level names are disjoint; projects with different virtual environments never
share one either, nor (unless small) projects that do not import each other, whose sessions would
only search more files. A project in a session of its own sees none of the others: imports
between them do not resolve. So what shadows nothing does not count: scripts nobody imports
(``setup.py``, ``conftest.py``), folders without an ``__init__`` (Python merges them into one
namespace), namespace packages and test packages.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from lsai.indexer.lsp.joined import Joined
from lsai.indexer.lsp.pyenv import (
    SCRIPTS,
    SOURCE_SUFFIXES,
    VENV_NAMES,
    python_environment,
    search_roots,
)

NOT_SHADOWING = frozenset({"src", "python", "tests", "test"})
"""Folders that are no top-level name of the project: source roots, and test packages, which no
other project imports; ty 0.0.105 resolves ``from tests.util import x`` in each project's tests
when both have a ``tests/__init__.py`` in one session (measured)."""


Namespaces = dict[str, set[str]]
"""A project's namespace packages: name -> the names of what it holds in each (``acme`` ->
``{"a"}`` for ``acme/a/``)."""


def _top_level(
    workspace_root: Path, project: str, projects: set[str]
) -> tuple[set[str], Namespaces]:
    """A project's top-level names on the search path: those that shadow another project's
    (modules, regular packages), and its namespaces, which Python merges across the search
    paths (folders of sources without an ``__init__``, PEP 420; packages whose ``__init__``
    extends their ``__path__``, pkgutil and pkg_resources style)."""
    names: set[str] = set()
    namespaces: Namespaces = {}
    nested = {workspace_root / p for p in projects}
    for root in search_roots(workspace_root / project):
        try:
            entries = list(root.iterdir())
        except OSError:
            continue
        for entry in entries:
            if entry.name.startswith(".") or entry in nested or entry.name in VENV_NAMES:
                continue
            if entry.suffix in SOURCE_SUFFIXES and entry.is_file():
                if entry.stem not in SCRIPTS:
                    names.add(entry.stem)
            elif not entry.is_dir() or entry.name in NOT_SHADOWING:
                continue
            elif _is_package(entry):
                names.add(entry.name)
            else:
                held = _held(entry)
                if held:
                    namespaces.setdefault(entry.name, set()).update(held)
    return names, namespaces


def _is_package(folder: Path) -> bool:
    """Whether ``folder`` is a regular package: it has an ``__init__`` that does not extend its
    ``__path__``. A folder without one (``tests/`` as pytest lays it out, ``docs/``, a PEP 420
    namespace package) or a namespace package's shadows nothing: Python merges the folders of
    that name on every search path into one namespace."""
    for suffix in SOURCE_SUFFIXES:
        init = folder / f"__init__{suffix}"
        if init.is_file():
            try:
                head = init.read_text(encoding="utf-8", errors="replace")[:4096]
            except OSError:
                return True
            return "extend_path" not in head and "declare_namespace" not in head
    return False


def _held(folder: Path) -> set[str]:
    """The modules and folders of a folder that may be a namespace package."""
    try:
        entries = list(folder.iterdir())
    except OSError:
        return set()
    return {
        e.stem if e.suffix in SOURCE_SUFFIXES else e.name
        for e in entries
        if not e.name.startswith((".", "__"))
        and (e.suffix in SOURCE_SUFFIXES or (e.is_dir() and e.name.isidentifier()))
    }


SMALL_SESSION = 60
"""Files up to which sessions of projects that do not import each other are packed into one: a
server start (~0.3-0.8 s) costs more than searching a few dozen more files per request."""
IMPORTS_HEAD = 16384
"""Bytes of a file looked at for its imports."""
_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+([A-Za-z_][\w.]*)|import[ \t]+([A-Za-z_][\w \t,.]*))", re.M
)


def partition(
    workspace_root: Path, projects: list[str], files: Mapping[str, Sequence[str]]
) -> list[list[str]]:
    """Projects packed into sessions. Projects that import each other (one imports a top-level
    name the other puts on the search path) share one, first fit where top-level names are
    disjoint and the virtual environment is the same; projects that do not are kept apart: a
    references request searches every file of its session, so one session over unrelated
    projects made each search longer (measured on the Python bench's seven libraries and their
    examples: ty's references 17 -> 24 s), unless they are small (``SMALL_SESSION``).
    ``files``: the Python files of each project (workspace-relative)."""
    if len(projects) <= 1:
        return [projects]
    known = set(projects)
    found = {p: _top_level(workspace_root, p, known - {p}) for p in projects}
    names = {p: found[p][0] for p in projects}
    namespaces = {p: found[p][1] for p in projects}
    venvs = {
        p: str(python_environment(workspace_root / p, workspace_root).get("python", ""))
        for p in projects
    }
    sizes = {p: len(files.get(p, ())) for p in projects}
    bins: list[tuple[set[str], str, list[str], int]] = []  # names, venv, projects, files
    small: list[int] = []  # the bins that take small components
    for component in _components(workspace_root, projects, names, namespaces, files):
        fit = small if sum(sizes[p] for p in component) <= SMALL_SESSION else []
        own: list[int] = []  # the component's bins
        for project in component:
            for i in [*own, *fit]:
                taken, env, members, count = bins[i]
                if env == venvs[project] and not taken & names[project]:
                    if i not in own and count + sizes[project] > SMALL_SESSION:
                        continue
                    taken |= names[project]
                    members.append(project)
                    bins[i] = (taken, env, members, count + sizes[project])
                    break
            else:
                bins.append((set(names[project]), venvs[project], [project], sizes[project]))
                own.append(len(bins) - 1)
                if fit is small:
                    small.append(len(bins) - 1)
    return [members for _, _, members, _ in bins]


def _components(
    root: Path,
    projects: list[str],
    names: Mapping[str, set[str]],
    namespaces: Mapping[str, Namespaces],
    files: Mapping[str, Sequence[str]],
) -> list[list[str]]:
    """The projects grouped by imports: a project that imports another's top-level name (one it
    does not have itself), or what the other holds in a namespace package (``acme.a``), is in
    its group, and so on; each group sorted, the groups by their first project."""
    provider: dict[str, list[str]] = {}
    for project in sorted(projects):
        for name in names[project]:
            provider.setdefault(name, []).append(project)
        for name, held in namespaces[project].items():
            provider.setdefault(name, []).append(project)
            for part in held:
                provider.setdefault(f"{name}.{part}", []).append(project)
    joined = Joined(sorted(projects))
    for project in projects:
        for dotted in _imported(root, files.get(project, ())):
            top, _, rest = dotted.partition(".")
            if top in names[project]:
                continue  # its own module or package: shadows any other
            part = f"{top}.{rest.split('.')[0]}" if rest else top
            for other in provider.get(part if part in provider else top, ()):
                joined.join(other, project)
    return sorted(joined.groups().values())


def _imported(root: Path, paths: Sequence[str]) -> set[str]:
    """The modules the files import (absolute imports only, dotted), in the head of each file
    (``IMPORTS_HEAD``): every run plans its sessions, and reads no whole tree for it."""
    found: set[str] = set()
    for path in paths:
        try:
            with (root / path).open("rb") as f:
                text = f.read(IMPORTS_HEAD).decode("utf-8", errors="replace")
        except OSError:
            continue
        for match in _IMPORT.finditer(text):
            if match.group(1):
                found.add(match.group(1))
            else:
                found.update(part.split()[0] for part in match.group(2).split(",") if part.strip())
    return found
