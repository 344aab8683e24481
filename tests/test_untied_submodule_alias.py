"""The usages at a workspace submodule's name in an aliased ``import`` (``lex`` of ``import
ply.lex as lex``), beside the live ty's references there: the alias's uses in every file."""

from __future__ import annotations

from pathlib import Path

from tests.renames import usages_beside_server

FILES = {
    "pyproject.toml": "[project]\nname = 'pk'\nversion = '0'\n",
    "pk/__init__.py": "",
    "pk/lex.py": "def lex() -> int:\n    return 1\n",
    "a.py": "import pk.lex as lex\n\nlex.lex()\n",  # 1, 3
    "b.py": "import pk.lex as lx\n\nprint(lx.lex())\n",  # 1, 3
    "c.py": "from pk import lex\n\nprint(lex.lex())\n",  # 1, 3
}


def test_a_submodule_named_in_an_aliased_import_is_the_module_its_alias_binds(
    tmp_path: Path,
) -> None:
    """ty's references at ``lex`` of ``import pk.lex as lex`` are those at the alias: the
    module's uses spelled ``lex`` in every file, however bound; lsai listed the imports'
    ``lex`` parts by name, as an untied member ``.lex`` (ply's tests: 154 missing, 64
    extra)."""
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "ty", ("a.py", 1, 11))
    assert {("a.py", 3, 1), ("c.py", 3, 7)} <= theirs  # spelled `lex`: not `lx.lex()`
    bindings = {("a.py", 1, 18), ("c.py", 1, 16)}  # ty's declarations
    assert mine == theirs | bindings
