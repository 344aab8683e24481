"""The registry of language-server adapters: what to run for a language and how to talk to it.

Each adapter is data: its command, the languages it serves, its initialization options and
workspace settings, what it supports, and how lsai knows it is ready. Adding a server is adding an
entry to ``ADAPTERS``, never a branch in the code that drives servers.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Readiness = Literal["progress", "stable-references"]
"""``progress``: wait until every ``$/progress`` the server began has ended (it reports its
loading); ``stable-references``: ask a cross-file references request until two answers agree."""


@dataclass(frozen=True)
class ProjectContext:
    """What an adapter may use to configure its server for one project."""

    workspace_root: Path
    project_root: Path


SettingsFactory = Callable[[ProjectContext, str | None], object]
"""The answer to ``workspace/configuration`` for one section (``None``: every section)."""


def _no_settings(context: ProjectContext, section: str | None) -> object:
    return None


@dataclass(frozen=True)
class ServerAdapter:
    """One language server, as data."""

    id: str
    languages: tuple[str, ...]
    command: tuple[str, ...]
    install: str
    init_options: dict[str, object] = field(default_factory=dict)
    settings: SettingsFactory = _no_settings
    call_hierarchy: bool = True
    type_hierarchy: bool = False
    pull_diagnostics: bool = False
    readiness: Readiness = "stable-references"
    ready_timeout: float = 60.0
    language_ids: dict[str, str] = field(default_factory=dict)
    version_args: tuple[str, ...] = ("--version",)
    npm_package: str | None = None
    """Installable by ``lsai doctor --install`` into lsai's npm cache."""
    verified: bool = False
    """Driven by ``lsai index`` by default: only once tested against the fixture workspaces."""
    clear_env: tuple[str, ...] = ()
    """Variables removed from the server's environment (lsai's virtualenv is not the project's)."""

    def language_id(self, language: str) -> str:
        """The LSP ``languageId`` of an lsai language (they differ for tsx and jsx)."""
        return self.language_ids.get(language, language)


def _python_environment(project: Path) -> dict[str, object]:
    """ty's ``environment`` for a project: its own virtual environment when it has one.

    Without one, ty 0.0.105 resolves no third-party imports (measured: it does not fall back to the
    machine's python), which is right for an index: references never land in site-packages. The
    server's environment loses ``VIRTUAL_ENV`` (``clear_env``) so lsai's own virtualenv is never
    taken for the project's. ``root`` is left to ty, which finds ``src/`` layouts itself and reads
    the project's own ``[tool.ty.environment]``; inline settings would override that.
    """
    for name in (".venv", "venv", ".env", "env"):
        candidate = project / name
        if (candidate / "pyvenv.cfg").is_file():
            return {"python": str(candidate)}
    return {}


def _ty_settings(context: ProjectContext, section: str | None) -> object:
    """ty reads the ``ty`` section: diagnostics for the open files (lsai opens every file it
    indexes), and inline configuration only where lsai knows better than ty's defaults."""
    settings: dict[str, object] = {"diagnosticMode": "openFilesOnly"}
    environment = _python_environment(context.project_root)
    if environment:
        settings["configuration"] = {"environment": environment}
    return {"ty": settings} if section is None else settings if section == "ty" else None


_PYTHON_ENV = ("VIRTUAL_ENV", "CONDA_PREFIX", "PYTHONPATH", "PYTHONHOME")

ADAPTERS: dict[str, ServerAdapter] = {
    "ty": ServerAdapter(
        id="ty",
        languages=("python",),
        command=("ty", "server"),
        install="pip install ty",
        init_options={"logLevel": "warn"},
        settings=_ty_settings,
        clear_env=_PYTHON_ENV,
        type_hierarchy=True,
        pull_diagnostics=True,
        readiness="stable-references",
        verified=True,
    ),
    "basedpyright": ServerAdapter(
        id="basedpyright",
        languages=("python",),
        command=("basedpyright-langserver", "--stdio"),
        install="pip install basedpyright",
        clear_env=_PYTHON_ENV,
        readiness="progress",
    ),
    "tsgo": ServerAdapter(
        id="tsgo",
        languages=("typescript", "tsx", "javascript"),
        command=("tsc", "--lsp", "--stdio"),
        install="npm install -g typescript@7 (or: lsai doctor --install)",
        npm_package="typescript@7",
        pull_diagnostics=True,
        readiness="progress",
        language_ids={"tsx": "typescriptreact", "jsx": "javascriptreact"},
    ),
    "clangd": ServerAdapter(
        id="clangd",
        languages=("c", "cpp"),
        command=("clangd", "--background-index=false"),
        install="apt-get install clangd (and generate compile_commands.json)",
        call_hierarchy=False,  # clangd 14-19 answer outgoingCalls with -32601
        readiness="stable-references",
    ),
    "gopls": ServerAdapter(
        id="gopls",
        languages=("go",),
        command=("gopls",),
        install="go install golang.org/x/tools/gopls@latest (offline: GOPROXY=off)",
        version_args=("version",),
        readiness="progress",
    ),
}

DEFAULT_FOR_LANGUAGE: dict[str, str] = {
    "python": "ty",
    "typescript": "tsgo",
    "tsx": "tsgo",
    "javascript": "tsgo",
    "c": "clangd",
    "cpp": "clangd",
    "go": "gopls",
}


def cache_dir() -> Path:
    """lsai's own cache: where ``lsai doctor --install`` puts servers from npm."""
    explicit = os.environ.get("LSAI_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "lsai"


def npm_bin() -> Path:
    return cache_dir() / "npm" / "node_modules" / ".bin"


def resolve_command(adapter: ServerAdapter) -> list[str] | None:
    """The command line to run, with the executable found next to ``sys.executable`` first
    (a server installed in lsai's own environment, such as ty), then in lsai's npm cache, then
    on PATH; ``None`` if absent.
    """
    name, *args = adapter.command
    for folder in (Path(sys.executable).parent, npm_bin()):
        candidate = folder / name
        if candidate.is_file():
            return [str(candidate), *args]
    found = shutil.which(name)
    return [found, *args] if found else None
