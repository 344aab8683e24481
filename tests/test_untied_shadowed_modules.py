"""The usages at a library module's name where the workspace has a module of that name inside
a package (pendulum's ``pendulum/datetime.py`` beside ``import datetime``), beside the live
ty's references there: an absolute import names the library's module, not the package's."""

from __future__ import annotations

from pathlib import Path

from tests.renames import usages_beside_server

FILES = {
    "pyproject.toml": "[project]\nname = 'pk'\nversion = '0'\n",
    "pk/__init__.py": "",
    "pk/datetime.py": (
        "import datetime\n"  # 1
        "\n"
        "\n"
        "class DateTime(datetime.datetime):\n"  # 4
        "    pass\n"
    ),
    "pk/helpers.py": (
        "import datetime\n"  # 1
        "\n"
        "\n"
        "def dated(d: object) -> bool:\n"  # 4
        "    return isinstance(d, datetime.datetime)\n"  # 5
    ),
    "pk/period.py": (
        "from datetime import datetime, timedelta\n"  # 1
        "\n"
        "\n"
        "def later(d: datetime) -> datetime:\n"  # 4
        "    return d + timedelta(1)\n"  # 5
    ),
}


def test_a_library_module_is_not_a_package_s_module_of_its_name(tmp_path: Path) -> None:
    """ty's references at ``datetime`` of ``from datetime import timedelta`` are the uses of
    ``import datetime`` (``datetime.`` of ``datetime.datetime``); lsai read ``datetime`` there
    as ``pk/datetime.py``, whose ``import datetime`` made ``datetime.datetime`` the module and
    every class ``datetime`` one of its uses (pendulum: 58 "extra")."""
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "ty", ("pk/period.py", 1, 6))
    assert {("pk/helpers.py", 5, 26), ("pk/datetime.py", 4, 16)} <= theirs
    imports = {("pk/helpers.py", 1, 8), ("pk/datetime.py", 1, 8)}
    assert mine == theirs | imports  # the bindings, which ty answers as declarations
