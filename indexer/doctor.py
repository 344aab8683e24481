"""`lsai doctor`: which backend each language of a workspace gets, and what to install.

For every language found in the workspace: the server lsai would drive (configured or default),
whether it is installed, its version, the exact command to install what is missing, and whether
a tree-sitter grammar is there for the fallback. ``install_missing`` installs what comes from npm
into lsai's own cache; lsai never downloads anything on its own at run time.
"""

from __future__ import annotations

import subprocess
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from lsai.indexer.config import Config, choose_server, load_config
from lsai.indexer.crawler import discover
from lsai.indexer.deps import declared, unlinked_packages
from lsai.indexer.languages import BY_ID
from lsai.indexer.lsp.adapters import (
    ADAPTERS,
    ServerAdapter,
    cache_dir,
    resolve_command,
)
from lsai.indexer.semantic import workspace_plan
from lsai.indexer.treesitter import grammars

VERSION_TIMEOUT = 15.0


@dataclass(frozen=True)
class LanguageReport:
    language: str
    name: str
    files: int
    server: str | None  # the adapter lsai drives for it, None: tree-sitter only
    why: str  # how the server was chosen, or why there is none
    installed: bool
    command: str | None
    version: str | None
    install: str | None  # what to run when the server is missing
    grammar: bool
    broken: str | None = None  # found, but its version probe failed: what it printed

    @property
    def backend(self) -> str:
        if self.server and self.installed:
            return f"language server {self.server}"
        return "tree-sitter" if self.grammar else "none (no grammar)"


def diagnose(root: Path) -> list[LanguageReport]:
    return examine(root)[0]


def examine(root: Path) -> tuple[list[LanguageReport], list[str]]:
    """The report of each language in ``root``, and notes on the workspace as a whole (what may
    keep references short, with the remedy)."""
    config = load_config(root)
    workspace = discover(root, config)
    counts = Counter(f.language.id for f in workspace.files)
    found = {p.root: declared(root, p, []) for p in workspace.projects}
    unlinked = unlinked_packages(root, found)
    reports = [_report(lang, n, config) for lang, n in sorted(counts.items())]
    slow = workspace_plan(workspace, config).notes(workspace.root)
    return reports, ([unlinked] if unlinked else []) + slow


def _report(language: str, files: int, config: Config) -> LanguageReport:
    adapter, why = choose_server(language, config)
    command = resolve_command(adapter) if adapter else None
    version, broken = _version(adapter, command) if adapter and command else (None, None)
    if broken is not None:
        command = None  # a rustup proxy without its component, a launcher without its runtime
    return LanguageReport(
        language=language,
        name=BY_ID[language].name,
        files=files,
        server=adapter.id if adapter else None,
        why=why,
        installed=command is not None,
        command=" ".join(command) if command else None,
        version=version,
        install=adapter.install if adapter and command is None else None,
        grammar=grammars.available(language),
        broken=broken,
    )


def _version(adapter: ServerAdapter, command: list[str]) -> tuple[str | None, str | None]:
    """(version, None) from the server's version command, or (None, why) when it does not run."""
    try:
        done = subprocess.run(
            [command[0], *adapter.version_args],
            capture_output=True,
            text=True,
            timeout=VERSION_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return None, None  # slow to answer is not broken
    except OSError as exc:
        return None, f"{command[0]} does not start: {exc}"
    lines = (done.stdout or done.stderr).strip().splitlines()
    first = lines[0].strip() if lines else None
    if done.returncode != 0:
        return None, f"{command[0]} exits with {done.returncode}: {first or 'no output'}"
    return first, None


def install_missing(reports: list[LanguageReport]) -> list[tuple[str, bool, str]]:
    """Install the missing servers that come from npm into lsai's cache: (server, ok, detail)."""
    done: list[tuple[str, bool, str]] = []
    wanted = {r.server for r in reports if r.server and not r.installed}
    for server in sorted(s for s in wanted if s is not None):
        package = ADAPTERS[server].npm_package
        if package is None:
            done.append((server, False, f"not from npm; run: {ADAPTERS[server].install}"))
            continue
        prefix = cache_dir() / "npm"
        prefix.mkdir(parents=True, exist_ok=True)
        try:
            result = subprocess.run(
                ["npm", "install", "--prefix", str(prefix), "--no-audit", "--no-fund", package],
                capture_output=True,
                text=True,
                check=False,
            )
        except OSError as exc:
            done.append((server, False, f"npm is not available ({exc}); install Node.js and npm"))
            continue
        detail = result.stderr.strip().splitlines()[-1:] if result.returncode else [str(prefix)]
        done.append((server, result.returncode == 0, " ".join(detail)))
    return done
