"""Per-workspace configuration: `lsai.toml`, or `[tool.lsai]` in the root pyproject.toml.

```toml
[servers]            # which language server answers a language; "none" = tree-sitter only
python = "basedpyright"
typescript = "tsgo"
```
A server named here is used even if lsai does not drive it by default yet; an unknown name is an
error with the list of known servers.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lsai.errors import ErrorCode, LsaiError
from lsai.indexer.languages import BY_ID
from lsai.indexer.lsp.adapters import ADAPTERS, DEFAULT_FOR_LANGUAGE, ServerAdapter

NONE = "none"


class ConfigError(LsaiError):
    code = ErrorCode.INVALID_ARGUMENT


@dataclass(frozen=True)
class Config:
    servers: dict[str, str] = field(default_factory=dict)  # language id -> adapter id or "none"
    source: str | None = None  # the file it came from


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
            return _parse(data, name)
    return Config()


def _read(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(
            f"cannot read {path.name}: {exc}", resolution=f"fix the TOML syntax of {path}"
        ) from exc


def _parse(data: dict[str, Any], source: str) -> Config:
    servers = data.get("servers", {})
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
    return Config(servers=chosen, source=source)


def choose_server(language: str, config: Config) -> tuple[ServerAdapter | None, str]:
    """The server that answers a language, and why: the configured one, else the default once
    lsai verified it; ``None`` keeps the language on tree-sitter."""
    configured = config.servers.get(language)
    if configured == NONE:
        return None, f"tree-sitter only, as {config.source} asks"
    if configured is not None:
        return ADAPTERS[configured], f"chosen in {config.source}"
    default = DEFAULT_FOR_LANGUAGE.get(language)
    if default is None:
        return None, "no language server known for it yet"
    adapter = ADAPTERS[default]
    if not adapter.verified:
        return None, (
            f"{default} is not driven by default yet; choose it with "
            f'[servers] {language} = "{default}" in lsai.toml'
        )
    return adapter, "default"
