"""Files tsgo loads with no project configuration: which they are, and what lsai says of them.

tsgo rebuilds its inferred project at every ``didOpen`` of such a file, so loading them grows
with their square (``indexer.lsp.unconfigured``): a run waits longer for them, and doctor and
``lsai index`` say how to avoid it."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsai.indexer.doctor import examine
from lsai.indexer.lsp.adapters import ADAPTERS, resolve_command
from lsai.indexer.lsp.unconfigured import NOTE_FROM, unconfigured

CONFIGS = ADAPTERS["tsgo"].project_configs


def test_a_config_claims_its_folder_and_those_below(tmp_path: Path) -> None:
    (tmp_path / "app" / "src").mkdir(parents=True)
    (tmp_path / "app" / "tsconfig.json").write_text("{}")
    (tmp_path / "scripts").mkdir()
    paths = ["app/src/a.ts", "app/b.ts", "scripts/c.js", "d.js"]
    assert unconfigured(tmp_path, paths, CONFIGS) == ["scripts/c.js", "d.js"]
    (tmp_path / "jsconfig.json").write_text("{}")
    assert unconfigured(tmp_path, paths, CONFIGS) == []


def test_a_config_above_the_workspace_claims_it(tmp_path: Path) -> None:
    (tmp_path / "tsconfig.json").write_text("{}")
    root = tmp_path / "packages" / "one"
    root.mkdir(parents=True)
    assert unconfigured(root, ["a.ts"], CONFIGS) == []


@pytest.mark.skipif(resolve_command(ADAPTERS["tsgo"]) is None, reason="npm install -g typescript@7")
def test_doctor_says_how_to_load_many_unconfigured_files_at_once(tmp_path: Path) -> None:
    lib = tmp_path / "lib"
    lib.mkdir()
    for i in range(NOTE_FROM):
        (lib / f"m{i}.js").write_text(f"exports.f{i} = function () {{ return {i}; }};\n")
    _, notes = examine(tmp_path)
    [note] = [n for n in notes if "jsconfig.json" in n]
    assert note.startswith(f"{NOTE_FROM} TypeScript/JavaScript files have no tsconfig.json")
    assert "a jsconfig.json at lib/ (`{}` is enough)" in note
    (lib / "jsconfig.json").write_text("{}")
    _, notes = examine(tmp_path)
    assert not [n for n in notes if "jsconfig.json" in n]
    # a few such files cost little: no note
    (lib / "jsconfig.json").unlink()
    for path in list(lib.iterdir())[10:]:
        path.unlink()
    _, notes = examine(tmp_path)
    assert not [n for n in notes if "jsconfig.json" in n]
