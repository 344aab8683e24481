"""A Python name bound again in its scope (pint's numpy_func.py: ``for ufunc_str in ...:`` eight
times at module scope; ``if``/``else`` assignments; two loops of a function): ty answers the same
references at every binding and every use, and with the declarations they list each binding,
while the index keys a use to one binding (the last before it, or the last of all) and the usages
with the definition listed the bindings holding uses alone (``usages._bound_again``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.renames import Location, usages_beside_server

FILES = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/loops.py": (
        "import sys\n"
        "\n"
        "A = [1, 2]\n"
        "B = [3]\n"
        "\n"
        "\n"
        "def use(x: int) -> None:\n"
        "    print(x)\n"
        "\n"
        "\n"
        "for item in A:\n"
        "    use(item)\n"
        "\n"
        "for item in B:\n"
        "    use(item)\n"
        "\n"
        "if sys.platform == 'win32':\n"
        "    FLAG = 1\n"
        "else:\n"
        "    FLAG = 2\n"
        "\n"
        "print(FLAG)\n"
        "\n"
        "\n"
        "def solo() -> None:\n"
        "    for v in A:\n"
        "        use(v)\n"
        "    for v in B:\n"
        "        use(v)\n"
    ),
}


@pytest.mark.parametrize(
    "at",
    [
        ("m/loops.py", 11, 5),
        ("m/loops.py", 12, 9),
        ("m/loops.py", 15, 9),
        ("m/loops.py", 18, 5),
        ("m/loops.py", 22, 7),
        ("m/loops.py", 26, 9),
        ("m/loops.py", 29, 13),
    ],
    ids=["a-loops-target", "its-use", "a-later-use", "if", "after-else", "in-a-def", "its-use"],
)
def test_the_usages_with_the_definition_of_a_name_bound_again_list_every_binding(
    tmp_path: Path, at: Location
) -> None:
    """Before: pint ``ufunc_str`` 6 missing (the loops' targets but the last's)."""
    found, sites, server = usages_beside_server(tmp_path, FILES, "ty", at, declarations=True)
    assert len({line for _, line, _ in server}) >= 3
    assert sites == server, found.provenance.notes
