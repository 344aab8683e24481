"""Per-workspace configuration: `lsai.toml`, or `[tool.lsai]` in the root pyproject.toml.

```toml
[servers]            # which language server answers a language; "none" = tree-sitter only
python = "basedpyright"
typescript = "tsgo"

[language-server.tsgo]   # how a server runs (Helix's names): all optional
command = "/opt/ts7/node_modules/.bin/tsc"   # instead of the one lsai finds
args = ["--lsp", "--stdio"]                  # with `command`: its arguments
environment = { GOMAXPROCS = "2" }
config = { logVerbosity = 4 }                # initializationOptions, over lsai's own
timeout = 120                                # seconds a request may take

[index]
exclude = ["docs/", "tests/fixtures/"]   # gitignore patterns, besides every .gitignore
max-file-size = "4 MiB"                  # larger files are skipped (default 2 MiB)
```
A server named in ``[servers]`` is used even if lsai does not drive it by default yet; an
unknown name, key or value is an error that says what is allowed.
"""

from __future__ import annotations

import re
import shutil
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.languages import BY_ID
from lsai.indexer.lsp.adapters import ADAPTERS, DEFAULT_FOR_LANGUAGE, ServerAdapter

NONE = "none"
MAX_FILE_BYTES = 2 * 1024 * 1024
"""Files larger than this are skipped unless ``[index] max-file-size`` says otherwise: a
generated table or an amalgamation, not code a person navigates."""
_SERVER_KEYS = ("command", "args", "environment", "config", "timeout")
_INDEX_KEYS = ("exclude", "max-file-size")
_SIZE = re.compile(r"(?i)\s*(\d+(?:\.\d+)?)\s*(b|kib|kb|k|mib|mb|m|gib|gb|g)?\s*")
_UNITS = {"b": 1, "k": 1024, "m": 1024**2, "g": 1024**3}


class ConfigError(LsaiError):
    code = ErrorCode.INVALID_ARGUMENT


@dataclass(frozen=True)
class ServerOptions:
    """How the user wants one server run (``[language-server.<id>]``)."""

    command: tuple[str, ...] = ()
    """The program and its arguments, instead of the adapter's; a path relative to the
    workspace made absolute, a bare name looked up on PATH."""
    environment: dict[str, str] = field(default_factory=dict)
    config: dict[str, object] = field(default_factory=dict)
    timeout: float | None = None

    def applied(self, adapter: ServerAdapter, source: str | None) -> ServerAdapter:
        """``adapter`` run this way."""
        if not (self.command or self.environment or self.config or self.timeout):
            return adapter
        return replace(
            adapter,
            command=self.command or adapter.command,
            install=(
                f"install {self.command[0]}, or fix [language-server.{adapter.id}] command in "
                f"{source}"
                if self.command
                else adapter.install
            ),
            init_options={**adapter.init_options, **self.config},
            environment={**adapter.environment, **self.environment},
            request_timeout=self.timeout or adapter.request_timeout,
        )


@dataclass(frozen=True)
class Config:
    servers: dict[str, str] = field(default_factory=dict)  # language id -> adapter id or "none"
    source: str | None = None  # the file it came from
    options: dict[str, ServerOptions] = field(default_factory=dict)  # adapter id -> options
    exclude: tuple[str, ...] = ()
    """Gitignore patterns of what not to index, besides every ``.gitignore``."""
    max_file_bytes: int = MAX_FILE_BYTES

    def adapter(self, adapter: ServerAdapter) -> ServerAdapter:
        """``adapter`` as this configuration runs it."""
        found = self.options.get(adapter.id)
        return found.applied(adapter, self.source) if found else adapter


def load_config(root: Path) -> Config:
    """The workspace's configuration; defaults when it has none."""
    for name, table in (("lsai.toml", ()), ("pyproject.toml", ("tool", "lsai"))):
        path = root / name
        if not path.is_file():
            continue
        data = _read(path)
        for key in table:
            data = data.get(key, {})
        if data or name == "lsai.toml":
            return _parse(data, name, root)
    return Config()


def configured(adapter: ServerAdapter | str, root: Path) -> ServerAdapter:
    """The adapter (or the adapter of that id) as the configuration of workspace ``root`` runs
    it (``[language-server.<id>]``)."""
    found = ADAPTERS[adapter] if isinstance(adapter, str) else adapter
    return load_config(root).adapter(found)


def _read(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(
            f"cannot read {path.name}: {exc}", resolution=f"fix the TOML syntax of {path}"
        ) from exc


def _parse(data: dict[str, Any], source: str, root: Path) -> Config:
    chosen = _servers(data.get("servers", {}), source)
    options = {
        str(k): _server_options(k, v, source, root)
        for k, v in _table(data, "language-server", source).items()
    }
    index = _table(data, "index", source)
    _known_keys(index, _INDEX_KEYS, "[index]", source)
    exclude = index.get("exclude", [])
    if not isinstance(exclude, list) or not all(isinstance(p, str) for p in exclude):
        raise ConfigError(
            f"[index] exclude in {source} must be a list of patterns",
            resolution='e.g. exclude = ["docs/", "tests/fixtures/"] (gitignore patterns)',
        )
    size = _size(index.get("max-file-size", MAX_FILE_BYTES), source)
    return Config(chosen, source, options, tuple(exclude), size)


def _table(data: dict[str, Any], name: str, source: str) -> dict[str, Any]:
    found = data.get(name, {})
    if not isinstance(found, dict):
        raise ConfigError(f"[{name}] in {source} must be a table", resolution=f"write [{name}]")
    return found


def _known_keys(table: dict[str, Any], known: tuple[str, ...], where: str, source: str) -> None:
    for key in table:
        if key not in known:
            raise ConfigError(
                f"unknown key {key!r} in {where} of {source}",
                resolution=f"use one of: {', '.join(known)}",
            )


def _server_options(server: str, table: Any, source: str, root: Path) -> ServerOptions:
    where = f"[language-server.{server}]"
    if server not in ADAPTERS:
        raise ConfigError(
            f"{source}: {where} names no server lsai knows",
            resolution=f"use one of: {', '.join(sorted(ADAPTERS))}",
        )
    if not isinstance(table, dict):
        raise ConfigError(f"{where} in {source} must be a table", resolution=f"write {where}")
    _known_keys(table, _SERVER_KEYS, where, source)
    command, args = table.get("command"), table.get("args", [])
    if command is not None and not (isinstance(command, str) and command):
        raise ConfigError(
            f"{where} command in {source} must be a program's name or path",
            resolution='e.g. command = "/opt/bin/tsc", args = ["--lsp", "--stdio"]',
        )
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        raise ConfigError(
            f"{where} args in {source} must be a list of strings",
            resolution='e.g. args = ["--lsp", "--stdio"]',
        )
    if args and command is None:
        raise ConfigError(
            f"{where} args in {source} need a command",
            resolution=f"add command = {ADAPTERS[server].command[0]!r}",
        )
    environment = table.get("environment", {})
    if not isinstance(environment, dict) or not all(
        isinstance(v, str) for v in environment.values()
    ):
        raise ConfigError(
            f"{where} environment in {source} must be a table of strings",
            resolution='e.g. environment = { GOMAXPROCS = "2" }',
        )
    config = table.get("config", {})
    if not isinstance(config, dict):
        raise ConfigError(
            f"{where} config in {source} must be a table (the server's initializationOptions)",
            resolution="e.g. config = { logVerbosity = 4 }",
        )
    timeout = table.get("timeout")
    if timeout is not None and (
        isinstance(timeout, bool) or not isinstance(timeout, int | float) or timeout <= 0
    ):
        raise ConfigError(
            f"{where} timeout in {source} must be a number of seconds",
            resolution="e.g. timeout = 120",
        )
    program = (_program(command, root),) if command else ()
    return ServerOptions(
        (*program, *args) if program else (),
        {str(k): str(v) for k, v in environment.items()},
        dict(config),
        float(timeout) if timeout is not None else None,
    )


def _program(command: str, root: Path) -> str:
    """A configured program as it is run: a path relative to the workspace made absolute, a
    bare name found on PATH (else left as it is: the server is then reported missing)."""
    if "/" in command or command.startswith("~"):
        path = Path(command).expanduser()
        return str(path if path.is_absolute() else (root / path).resolve())
    return shutil.which(command) or command


def _size(value: Any, source: str) -> int:
    """Bytes of ``max-file-size``: a number of bytes, or a string with a unit ("4 MiB")."""
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    found = _SIZE.fullmatch(value) if isinstance(value, str) else None
    if found is None or float(found[1]) <= 0:
        raise ConfigError(
            f"[index] max-file-size in {source} must be a size",
            resolution='e.g. max-file-size = "4 MiB" (or a number of bytes)',
        )
    unit = (found[2] or "b").lower()[0]
    return int(float(found[1]) * _UNITS[unit])


def _servers(servers: Any, source: str) -> dict[str, str]:
    if not isinstance(servers, dict):
        raise ConfigError(
            f"[servers] in {source} must be a table", resolution='e.g. [servers] python = "ty"'
        )
    chosen: dict[str, str] = {}
    for language, server in servers.items():
        if language not in BY_ID:
            raise ConfigError(
                f"unknown language {language!r} in [servers] of {source}",
                resolution=f"use one of: {', '.join(sorted(BY_ID))}",
            )
        if server != NONE and (
            server not in ADAPTERS or language not in ADAPTERS[server].languages
        ):
            known = [a.id for a in ADAPTERS.values() if language in a.languages]
            raise ConfigError(
                f"{source}: {server!r} is not a known server for {language}",
                resolution=f"use one of: {', '.join([*known, NONE])}",
            )
        chosen[language] = str(server)
    return chosen


def choose_server(language: str, config: Config) -> tuple[ServerAdapter | None, str]:
    """The server that answers a language, and why: the configured one, else the default once
    lsai verified it; ``None`` keeps the language on tree-sitter."""
    configured = config.servers.get(language)
    if configured == NONE:
        return None, f"tree-sitter only, as {config.source} asks"
    if configured is not None:
        return config.adapter(ADAPTERS[configured]), f"chosen in {config.source}"
    default = DEFAULT_FOR_LANGUAGE.get(language)
    if default is None:
        return None, "no language server known for it yet"
    adapter = config.adapter(ADAPTERS[default])
    if not adapter.verified:
        return None, (
            f"{default} is not driven by default yet; choose it with "
            f'[servers] {language} = "{default}" in lsai.toml'
        )
    return adapter, "default"
