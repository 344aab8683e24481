from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def workspace(tmp_path: Path) -> Callable[[str], Path]:
    """Copy a committed fixture workspace to a temporary folder, so indexing writes there."""

    def copy(name: str) -> Path:
        target = tmp_path / name
        shutil.copytree(FIXTURES / name, target, ignore=shutil.ignore_patterns(".lsai"))
        return target

    return copy
