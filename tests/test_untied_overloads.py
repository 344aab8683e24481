"""The usages at a call of a library function the server led to one of its ``@overload``
stubs (typeshed's ``Pattern.search`` for ``Pattern[str]`` and for ``Pattern[bytes]``), beside
the live ty's references there: the calls led to its other overloads are its uses too."""

from __future__ import annotations

from pathlib import Path

from tests.renames import usages_beside_server

FILES = {
    "pyproject.toml": "[project]\nname = 'm'\nversion = '0'\n",
    "m/__init__.py": "",
    "m/texts.py": (
        "import re\n"  # 1
        "\n"
        "WORDS = re.compile(r'\\w+')\n"  # 3
        "\n"
        "\n"
        "def worded(s: str) -> bool:\n"  # 6
        "    return WORDS.search(s) is not None\n"  # 7
    ),
    "m/data.py": (
        "import re\n"  # 1
        "\n"
        "SKIP = re.compile(rb'Skip: (.*)')\n"  # 3
        "\n"
        "\n"
        "def skipped(b: bytes) -> bool:\n"  # 6
        "    return SKIP.search(b) is not None\n"  # 7
    ),
}


def test_the_calls_led_to_another_overload_are_uses_of_the_function(tmp_path: Path) -> None:
    """ty's references at ``WORDS.search(s)`` (led to the ``Pattern[str]`` overload) list
    ``SKIP.search(b)`` (led to the ``Pattern[bytes]`` one); lsai left out the calls led to
    another definition than the asked one's (feedparser's tests' ``skip_re.search(data)``: 2
    "missing")."""
    _, mine, theirs = usages_beside_server(tmp_path, FILES, "ty", ("m/texts.py", 7, 18))
    assert ("m/data.py", 7, 17) in theirs
    assert mine == theirs
