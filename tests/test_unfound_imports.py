"""Imports whose module the language server could not find, where the module may be the
workspace's own: the index run's summary names them with the remedy, and an answer about a
symbol they may import says its uses there are missing (the server tied nothing they bind: the
answer is otherwise empty, with no file partial). Live ty and tsgo."""

from __future__ import annotations

from pathlib import Path

from lsai.indexer.pipeline import run_index
from lsai.query.calls import CallsInput, callers
from lsai.query.server import ServerInput, server
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.trees import served_tree, usage_lines

PYPROJECT = "[project]\nname = 'p'\nversion = '0'\n"
PYTHON = {
    "pyproject.toml": PYPROJECT,
    "tools/helperlib/__init__.py": "",
    "tools/helperlib/core.py": "def greet(x):\n    return x\n",
    "other/misc.py": "def greet(x):\n    return x\n\n\nprint(greet(0))\n",
    "scripts/run.py": (
        "import sys\n"
        "sys.path.insert(0, 'tools')\n"
        "from helperlib.core import greet\n"  # 3: ty cannot find helperlib
        "import numpy\n"  # 4: a library not installed, named nowhere in the workspace
        "\n"
        "greet(numpy.ones(1))\n"  # 6
        "from somelib.core import other\n"  # 7: a library's module named as a workspace file
    ),
}


def _notes(root: Path, tool: object, params: object) -> list[str]:
    ws = open_workspace(root)
    try:
        return list(tool(ws, params).provenance.notes)  # type: ignore[operator]
    finally:
        ws.close()


def _notes_of_server(root: Path) -> list[str]:
    ws = open_workspace(root)
    try:
        return list(server(ws, ServerInput()).freshness.notes)
    finally:
        ws.close()


def test_a_python_module_ty_cannot_find_is_named_with_the_remedy(tmp_path: Path) -> None:
    summary = served_tree(tmp_path, PYTHON, "ty")
    unfound = [n for n in summary.notes if "could not find the modules" in n]
    assert len(unfound) == 1 and "helperlib (1)" in unfound[0], summary.notes
    assert "numpy" not in unfound[0] and "somelib" not in unfound[0]
    assert "[tool.ty.environment]" in unfound[0]

    asked = UsagesInput(symbol="helperlib.core.greet")
    ws = open_workspace(tmp_path)
    try:
        found = usages(ws, asked)
    finally:
        ws.close()
    assert found.total == 0
    note = next(n for n in found.provenance.notes if "could not find" in n)
    assert "scripts/run.py:3 from 'helperlib.core'" in note and note.startswith("1 file imports")
    called = _notes(tmp_path, callers, CallsInput(symbol="helperlib.core.greet"))
    assert any("scripts/run.py:3" in n for n in called)
    # the server tool shows an agent what the run noted
    shown = _notes_of_server(tmp_path)
    assert any("helperlib (1)" in n for n in shown), shown
    # a namesake in a module the import cannot be: no note
    other = _notes(tmp_path, usages, UsagesInput(symbol="other.misc.greet"))
    assert not any("could not find" in n for n in other)

    # the remedy the note gives: the folder made one of ty's roots
    (tmp_path / "pyproject.toml").write_text(
        PYPROJECT + "[tool.ty.environment]\nroot = ['tools', '.']\n", encoding="utf-8"
    )
    again = run_index(tmp_path)
    assert not [n for n in again.notes if "could not find the modules" in n], again.notes
    ws = open_workspace(tmp_path)
    try:
        found = usages(ws, asked)
    finally:
        ws.close()
    assert {(f.file, u.line) for f in found.files for u in f.usages} == {
        ("scripts/run.py", 3),
        ("scripts/run.py", 6),
    }
    assert not any("could not find" in n for n in found.provenance.notes)
    assert not any("could not find" in n for n in _notes_of_server(tmp_path))


TSCONFIG = (
    '{"compilerOptions": {"strict": true, "noEmit": true, "module": "esnext",'
    ' "moduleResolution": "bundler"PATHS}, "include": ["src", "lib"]}\n'
)
TYPESCRIPT = {
    "package.json": '{"name": "p", "version": "0.0.0", "type": "module"}\n',
    "tsconfig.json": TSCONFIG.replace("PATHS", ""),
    "lib/greet.ts": "export function greet(x: number): number {\n  return x;\n}\n",
    "src/app.ts": "import { greet } from '@lib/greet';\n\nexport const y = greet(1);\n",
}


def test_a_path_alias_typescript_cannot_resolve_is_named_with_the_remedy(tmp_path: Path) -> None:
    summary = served_tree(tmp_path, TYPESCRIPT, "tsgo")
    unfound = [n for n in summary.notes if "could not find the modules" in n]
    assert len(unfound) == 1 and unfound[0].startswith("TypeScript"), summary.notes
    assert "@lib/greet (1)" in unfound[0] and "compilerOptions.paths" in unfound[0]
    notes = _notes(tmp_path, usages, UsagesInput(symbol="greet"))
    assert any("src/app.ts:1 from '@lib/greet'" in n for n in notes), notes

    paths = ', "baseUrl": ".", "paths": {"@lib/*": ["lib/*"]}'
    (tmp_path / "tsconfig.json").write_text(TSCONFIG.replace("PATHS", paths), encoding="utf-8")
    again = run_index(tmp_path)
    assert not [n for n in again.notes if "could not find the modules" in n], again.notes
    assert usage_lines(tmp_path, "greet") == {("src/app.ts", 1), ("src/app.ts", 3)}
