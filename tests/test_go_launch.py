"""A Go server (tsgo) starts with lsai's garbage collector settings, in its real environment:
``GOGC`` for speed and a ``GOMEMLIMIT`` of a quarter of the machine's memory, so that a large
repository's heap does not grow to three times its live data; a user's own setting wins."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.lsp.launch import GO_GC_PERCENT, GO_MEMORY_SHARE
from lsai.indexer.lsp.session import LspSession


def _environment(root: Path) -> dict[str, str]:
    """The environment of a tsgo process lsai started, read from ``/proc``."""

    async def read() -> dict[str, str]:
        async with LspSession("tsgo", root, ".") as session:
            raw = Path(f"/proc/{session.lsp.pid}/environ").read_bytes()
        pairs = (item.split(b"=", 1) for item in raw.split(b"\0") if b"=" in item)
        return {k.decode(): v.decode() for k, v in pairs}

    return asyncio.run(read())


@pytest.fixture
def root(tmp_path: Path) -> Path:
    if resolve_command(ADAPTERS["tsgo"]) is None:
        pytest.skip(f"tsgo is not installed: {ADAPTERS['tsgo'].install}")
    if not Path("/proc/self/environ").exists():
        pytest.skip("no /proc to read a process's environment from")
    (tmp_path / "a.ts").write_text("export const a = 1\n")
    return tmp_path


def test_tsgo_runs_with_lsai_gc_settings(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GOGC", raising=False)
    monkeypatch.delenv("GOMEMLIMIT", raising=False)
    env = _environment(root)
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    assert env["GOGC"] == GO_GC_PERCENT
    assert env["GOMEMLIMIT"] == f"{memory // GO_MEMORY_SHARE // 2**20}MiB"


def test_a_users_go_setting_wins(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOMEMLIMIT", "3GiB")
    monkeypatch.delenv("GOGC", raising=False)
    env = _environment(root)
    assert env["GOMEMLIMIT"] == "3GiB" and "GOGC" not in env
