"""A pytest test's parameter naming a library's fixture (``def test_x(tmp_path, capsys)``):
ty's references there are every parameter of that name pytest fills (a ``test*`` function's,
a ``test*`` method's of a ``Test*`` class, a fixture's, in test files) and their uses, its
definition leads into ``_pytest``. lsai's usages and info there beside the live server's."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsai.indexer.live import LiveIndex
from lsai.indexer.pipeline import run_index
from lsai.query.info import InfoInput, info
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.renames import (
    Location,
    library_info_beside_server,
    renamed_beside_server,
    usages_beside_server,
)
from tests.trees import index_rows, served_tree

FILES = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/helpers.py": (
        "def helper(tmp_path):\n"  # 1: not a test file: a local
        "    return tmp_path\n"
    ),
    "m/conftest.py": (
        "import pytest\n"  # 1
        "\n"
        "\n"
        "@pytest.fixture\n"  # 4
        "def where(tmp_path):\n"  # 5
        "    return tmp_path / 'x'\n"  # 6
    ),
    "m/test_a.py": (
        "import pytest\n"  # 1
        "\n"
        "\n"
        "def build(tmp_path):\n"  # 4: a helper of a test file: a local
        "    return tmp_path\n"  # 5
        "\n"
        "\n"
        "def test_x(where, tmp_path, capsys):\n"  # 8
        "    tmp_path.mkdir()\n"  # 9
        "    print(capsys.readouterr())\n"  # 10
        "\n"
        "\n"
        "class TestC:\n"  # 13
        "    def test_m(self, capsys, tmp_path):\n"  # 14
        "        assert capsys and tmp_path\n"  # 15
    ),
    "m/test_b.py": "def test_z(tmp_path, capsys):\n    assert tmp_path, capsys\n",
}
FIXTURES = [
    ("m/test_a.py", 8, 19),  # tmp_path, after a workspace fixture
    ("m/test_a.py", 8, 29),  # capsys
    ("m/test_a.py", 14, 22),  # capsys, a test method's, after self
    ("m/test_b.py", 1, 12),  # tmp_path, another test file's first
    ("m/test_b.py", 1, 22),  # capsys there
    ("m/conftest.py", 5, 11),  # tmp_path, a fixture's
]
USES = [("m/test_a.py", 9, 5), ("m/test_b.py", 2, 22)]  # tmp_path, capsys in their tests
LOCALS = [("m/helpers.py", 1, 12), ("m/test_a.py", 4, 11)]  # helpers: no test, no fixture


@pytest.mark.parametrize("at", [*FIXTURES, *USES])
def test_a_parameter_naming_a_library_fixture_has_tys_references_as_its_usages(
    tmp_path: Path, at: Location
) -> None:
    """ty's references at a ``tmp_path`` parameter, or at a use of it, are every ``tmp_path``
    parameter pytest fills and their uses; lsai answered the parameter as a local of its test
    (its uses in that test alone). Now the library's fixture ty's definition leads to."""
    found, sites, live = usages_beside_server(tmp_path, FILES, "ty", at)
    assert len({f for f, _, _ in live}) >= 2 and sites == live
    assert found.mode == "semantic" and found.symbol.name == _name(at)
    assert Path(found.symbol.file).is_file()


@pytest.mark.parametrize("at", FIXTURES)
def test_info_at_a_parameter_naming_a_library_fixture_is_where_tys_definition_leads(
    tmp_path: Path, at: Location
) -> None:
    """lsai's info at a ``tmp_path`` or ``capsys`` parameter said a parameter, no symbol of
    the index; ty's definition there leads into pytest (``_pytest/tmpdir.py``)."""
    found, place, live = library_info_beside_server(tmp_path, FILES, "ty", at)
    assert live and place == live
    assert found.name == _name(at)
    ws = open_workspace(tmp_path)  # asked as compilers print a position (`lsai info F:L:C`)
    try:
        printed = info(ws, InfoInput(symbol=f"{at[0]}:{at[1]}:{at[2]}")).symbol
    finally:
        ws.close()
    assert (printed.file, printed.line) == (found.file, found.line)


@pytest.mark.parametrize("at", LOCALS)
def test_a_helpers_parameter_named_like_a_library_fixture_stays_a_local(
    tmp_path: Path, at: Location
) -> None:
    """A ``tmp_path`` parameter of a function pytest does not fill (a helper, in a test file or
    not) is a local to ty, its references its uses there; lsai's too. Passed before: guards
    the keying from reaching it."""
    found, sites, live = usages_beside_server(tmp_path, FILES, "ty", at)
    assert live and sites == live
    assert found.symbol.kind == "parameter"


@pytest.mark.parametrize("at", [FIXTURES[0], FIXTURES[2], USES[0]])
def test_a_parameter_naming_a_library_fixture_renames_as_ty_renames_it(
    tmp_path: Path, at: Location
) -> None:
    """ty's rename at such a parameter, or at a use, renames the test's parameter and its uses
    alone. Passed before (a local); guards the new keys from leaking into rename."""
    stored, live = renamed_beside_server(tmp_path, FILES, "ty", at, "zz")
    assert live and stored == live


def test_a_library_fixture_is_stored_once_and_dropped_with_its_last_parameter(
    tmp_path: Path,
) -> None:
    """The fixture is one external symbol, whatever the files naming it; a file indexed alone
    again (``incremental``) keys its parameters to it as a full run does; it is dropped once no
    parameter names it any more."""
    served_tree(tmp_path, FILES, "ty")

    def named() -> dict[str, set[str]]:
        rows = index_rows(
            tmp_path,
            "SELECT s.name, f.path FROM symbols s "
            "JOIN occurrences o ON o.symbol_key = s.key JOIN files f ON f.id = o.file_id "
            "WHERE s.is_external = 1 AND s.name IN ('tmp_path', 'capsys')",
        )
        stored = index_rows(
            tmp_path,
            "SELECT name FROM symbols WHERE is_external = 1 AND name IN ('tmp_path', 'capsys')",
        )
        out: dict[str, set[str]] = {}
        for name, path in rows:
            out.setdefault(name, set()).add(path)
        assert sorted(n for (n,) in stored) == sorted(out)  # one symbol a name, none alone
        return out

    assert named() == {
        "tmp_path": {"m/conftest.py", "m/test_a.py", "m/test_b.py"},
        "capsys": {"m/test_a.py", "m/test_b.py"},
    }
    (tmp_path / "m/test_b.py").write_text("# moved\ndef test_z(capsys):\n    assert capsys\n")
    with LiveIndex(tmp_path) as targets:  # as `lsai index` runs: a file asked alone
        summary = run_index(tmp_path, targets=targets)
    assert summary.complete and summary.reindexed == ["m/test_b.py"]
    assert named() == {
        "tmp_path": {"m/conftest.py", "m/test_a.py"},
        "capsys": {"m/test_a.py", "m/test_b.py"},
    }
    (tmp_path / "m/test_a.py").unlink()
    (tmp_path / "m/test_b.py").unlink()
    assert run_index(tmp_path).complete
    assert named() == {"tmp_path": {"m/conftest.py"}}
    (tmp_path / "m/conftest.py").write_text("def where(tmp_path):\n    return tmp_path\n")
    assert run_index(tmp_path).complete
    assert named() == {}


def _name(at: Location) -> str:
    line = FILES[at[0]].splitlines()[at[1] - 1]
    return line[at[2] - 1 :].split(",")[0].split(")")[0].split(".")[0].strip()


def test_a_library_fixture_asked_by_name_has_the_usages_of_its_parameters(
    tmp_path: Path,
) -> None:
    """``usages tmp_path`` (or ``_pytest.tmpdir.tmp_path``) was SYMBOL_NOT_FOUND though the
    index holds the fixture: by name it answers as at one of its parameters, which is ty's
    references there."""
    at = FIXTURES[0]
    _, sites, server = usages_beside_server(tmp_path, FILES, "ty", at)
    ws = open_workspace(tmp_path)
    try:
        for name in ("tmp_path", "_pytest.tmpdir.tmp_path"):
            found = usages(ws, UsagesInput(symbol=name))
            assert {(f.file, u.line, u.col) for f in found.files for u in f.usages} == sites
    finally:
        ws.close()
    assert sites == server
