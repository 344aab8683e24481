"""Python projects for ty: one server over several projects, and its settings.

ty serves a whole workspace in one session (starting a server per project root cost ~0.8 s each,
measured: 20 sessions on the benchmark tree). Its first-party search paths are given explicitly
(``environment.root``: each project's ``src/`` and ``python/`` folders, then the project folder,
deepest project first), so each project's imports resolve as they do with a server of its own,
and packages of a monorepo that import each other resolve across projects. ``src.include`` names
the session's projects: without it ty's project is the whole workspace, and every references
request searched the files of every other session too (measured: 10x slower).

Which projects share a session is ``pysessions``' choice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lsai.indexer.lsp.launch import ProjectContext
from lsai.indexer.lsp.pyroots import packaging_roots, read_toml, table

VENV_NAMES = (".venv", "venv", ".env", "env")
SCRIPTS = frozenset({"setup", "conftest", "noxfile", "fabfile", "__main__", "manage"})
SOURCE_SUFFIXES = (".py", ".pyi")


def python_environment(project: Path, top: Path | None = None) -> dict[str, object]:
    """ty's ``environment`` for a project: its own virtual environment when it has one, else the
    nearest one in a folder above it up to ``top`` (the workspace root), as ty run at the root
    takes that one for every file: the members of a uv workspace share the root's ``.venv``,
    where ``uv sync`` installs them (editable) for each other.

    Without one, ty 0.0.105 resolves no third-party imports (measured: it does not fall back to the
    machine's python), which is right for an index: references never land in site-packages. The
    server's environment loses ``VIRTUAL_ENV`` (``clear_env``) so lsai's own virtualenv is never
    taken for the project's. When the session serves its own folder only, ``root`` is left to ty,
    which finds ``src/`` layouts itself and reads the project's own ``[tool.ty.environment]``;
    inline settings would override that.
    """
    folder = project
    while True:
        for name in VENV_NAMES:
            candidate = folder / name
            if (candidate / "pyvenv.cfg").is_file():
                return {"python": str(candidate)}
        if top is None or folder == top or not folder.is_relative_to(top):
            return {}
        folder = folder.parent


def virtualenvs(root: Path) -> list[str]:
    """Virtual environments directly inside ``root`` (folders holding ``pyvenv.cfg``), whatever
    they are called (``.venv2``, ``env311`` ...)."""
    try:
        entries = sorted(root.iterdir())
    except OSError:
        return []
    return [e.name for e in entries if e.name not in _TY_SKIPS and (e / "pyvenv.cfg").is_file()]


_TY_SKIPS = frozenset({".venv", "venv"})  # ty leaves these out by default


def search_roots(project: Path) -> list[Path]:
    """The first-party roots of one project: the folders its packaging configuration names
    (``pyroots``), then ty's defaults: ``src/``, ``python/`` (not a package), then the project
    folder."""
    roots = [r for r in packaging_roots(project) if r.name not in ("src", "python")]
    if (project / "src").is_dir():
        roots.append(project / "src")
    python = project / "python"
    if python.is_dir() and not any((python / f"__init__{s}").is_file() for s in SOURCE_SUFFIXES):
        roots.append(python)
    return [*roots, project]


def ty_settings(context: ProjectContext, section: str | None) -> object:
    """ty reads the ``ty`` section: diagnostics for the open files (lsai opens every file it
    indexes), and inline configuration only where lsai knows better than ty's defaults."""
    settings: dict[str, object] = {"diagnosticMode": "openFilesOnly"}
    projects = context.projects or (context.project_root,)
    environment = _session_environment(context)
    configuration: dict[str, object] = {}
    source: dict[str, object] = {}
    # ty would analyse a virtualenv lsai does not index (measured: 7 s -> 102 s)
    exclude = [f"{name}/" for name in virtualenvs(context.project_root)]
    if nested_in_repository(context.workspace_root):
        # ty may take an outer pyproject.toml for its project and apply the outer repository's
        # ignore files, which leave out the whole workspace when that repository ignores it
        # (references then found nothing in other files: tests/test_nested_workspace.py);
        # lsai's crawler has chosen the files, with the workspace's own ignore files
        source["respect-ignore-files"] = False
        exclude += IGNORED_BY_LSAI
    if exclude:
        source["exclude"] = exclude
    if list(projects) == [context.project_root]:
        if packaging_roots(context.project_root) and not _own_roots(context.project_root):
            environment["root"] = [str(root) for root in search_roots(context.project_root)]
    else:
        deepest = sorted(projects, key=lambda p: (-len(p.parts), str(p)))
        environment["root"] = [str(root) for p in deepest for root in search_roots(p)]
        # the session's own files: a references search never walks the other sessions' trees
        inside = all(p.is_relative_to(context.project_root) for p in projects)
        include = [p.relative_to(context.project_root).as_posix() for p in projects if inside]
        if inside and "." not in include:
            source["include"] = include
    if source:
        configuration["src"] = source
    if environment:
        configuration["environment"] = environment
    if configuration:
        settings["configuration"] = configuration
    return {"ty": settings} if section is None else settings if section == "ty" else None


def pyright_settings(context: ProjectContext, section: str | None) -> object:
    """basedpyright's and pyright's ``workspace/configuration``: the project's interpreter (its
    virtual environment's, as ``python_environment`` finds it for ty) and, as extra search
    paths, the first-party roots ty would be given (``search_roots`` less the project folder,
    which pyright searches itself). A project's own pyrightconfig.json or ``[tool.pyright]``
    (``[tool.basedpyright]``) takes precedence over these in the server, as it should."""
    projects = context.projects or (context.project_root,)
    venv = _session_environment(context).get("python")
    python = {"pythonPath": str(Path(str(venv)) / "bin" / "python")} if venv else {}
    extra = [str(r) for p in projects for r in search_roots(p) if r != p]
    analysis: dict[str, object] = {"extraPaths": extra} if extra else {}
    whole: dict[str, Any] = {"python": {**python, "analysis": analysis}}
    whole["basedpyright"] = {"analysis": analysis}
    return whole if section is None else table(whole, *section.split("."))


def _session_environment(context: ProjectContext) -> dict[str, object]:
    """The virtual environment of the first of the session's projects that has one (or one
    above it in the workspace: ``python_environment``), as ty's ``environment``; {} if none."""
    for project in context.projects or (context.project_root,):
        environment = python_environment(project, context.workspace_root)
        if environment:
            return environment
    return {}


def _own_roots(project: Path) -> bool:
    """Whether the project tells ty its roots itself (``root`` or ``extra-paths`` of ty's
    ``environment``, in pyproject.toml or ty.toml): lsai's inline roots would override them."""
    for name, keys in (
        ("pyproject.toml", ("tool", "ty", "environment")),
        ("ty.toml", ("environment",)),
    ):
        found = table(read_toml(project / name), *keys)
        if isinstance(found, dict) and ("root" in found or "extra-paths" in found):
            return True
    return False


IGNORED_BY_LSAI = ("build/", "target/", "obj/", "bin/")
"""Folders lsai never indexes that ty does not leave out by default (``node_modules``, ``dist``,
``.venv`` and ``venv`` it does), excluded when ty does not read ignore files."""


def nested_in_repository(root: Path) -> bool:
    """Whether ``root`` lies inside a git work tree without being its top: ty would then apply
    the outer repository's ignore files to the workspace."""
    top = root.resolve()
    if (top / ".git").exists():
        return False
    return any((parent / ".git").exists() for parent in top.parents)
