"""Python imports with an imported fallback, against ty: ``try: from fast import helper`` /
``except ImportError: from slow import helper`` binds ``helper`` to either, and ty's
references of each function include a later use of the name in that file (its definition
there answers both), while the index keys the site to one of them. The import of the other is
not a reference of either; nor is a use of ``slow.helper`` in a file importing it alone. A
standard library module with a workspace fallback (``from json import loads`` / ``from ujson2
import loads``, or ``import ujson2 as json`` / ``import json``) leaves one workspace symbol."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from lsai.query.calls import CallsInput, callers
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace
from tests.renames import usages_beside_server
from tests.test_live import assert_live_edit_equals_rebuild
from tests.trees import served_workspace

FILES = {
    "pyproject.toml": '[project]\nname = "fallbacks"\nversion = "0"\n',
    "fast.py": "def helper():\n    return 1\n",
    "slow.py": "def helper():\n    return 2\n",
    "ujson2.py": "def loads(s):\n    return s\n",
    "both.py": "try:\n    from fast import helper\nexcept ImportError:\n"
    "    from slow import helper\n\n\ndef run():\n    return helper()\n",
    "alone.py": "from slow import helper\n\n\ndef go():\n    return helper()\n",
    "stdlib.py": "try:\n    from json import loads\nexcept ImportError:\n"
    "    from ujson2 import loads\n\n\ndef parse():\n    return loads('1')\n",
    "module.py": "try:\n    import ujson2 as json\nexcept ImportError:\n    import json\n\n\n"
    "def parse():\n    return json.loads('1')\n",
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    opened = served_workspace(tmp_path_factory.mktemp("fallbacks"), FILES, "ty")
    yield opened
    opened.close()


def _usages(ws: Workspace, path: str, line: int) -> list[tuple[str, int, int]]:
    found = usages(ws, UsagesInput(file=path, line=line, col=5))
    return [(f.file, u.line, u.col) for f in found.files for u in f.usages]


def _callers(ws: Workspace, path: str, line: int) -> list[tuple[str, str | None]]:
    found = callers(ws, CallsInput(file=path, line=line, col=5))
    return sorted((h.method, h.file) for level in found.levels for h in level.calls)


def test_a_use_of_a_name_imported_with_an_imported_fallback_is_a_usage_of_both(
    ws: Workspace,
) -> None:
    assert ("both.py", 8, 12) in _usages(ws, "fast.py", 1)
    assert ("both.py", 8, 12) in _usages(ws, "slow.py", 1)
    assert _callers(ws, "fast.py", 1) == [("run", "both.py")]
    assert _callers(ws, "slow.py", 1) == [("go", "alone.py"), ("run", "both.py")]


def test_the_import_of_the_fallback_is_a_usage_of_its_own_symbol_alone(ws: Workspace) -> None:
    """ty's references of ``fast.helper``: its import and the use (not ``slow``'s import, nor
    ``alone.py``, which imports ``slow.helper`` only)."""
    assert _usages(ws, "fast.py", 1) == [("both.py", 2, 22), ("both.py", 8, 12)]
    assert _usages(ws, "slow.py", 1) == [
        ("alone.py", 1, 18), ("alone.py", 5, 12), ("both.py", 4, 22), ("both.py", 8, 12)
    ]  # fmt: skip


def test_a_standard_library_import_with_a_workspace_fallback_is_a_usage_of_the_workspace_one(
    ws: Workspace,
) -> None:
    assert _usages(ws, "ujson2.py", 1) == [
        ("module.py", 8, 17), ("stdlib.py", 4, 24), ("stdlib.py", 8, 12)
    ]  # fmt: skip
    assert _callers(ws, "ujson2.py", 1) == [("parse", "module.py"), ("parse", "stdlib.py")]


@pytest.mark.parametrize(
    ("path", "old", "new"),
    [
        ("fast.py", "return 1", "return 10"),
        ("slow.py", "return 2", "return 20"),
        ("fast.py", "def helper(", "def helper2("),
        ("both.py", "return helper()", "return helper() + 1"),
        ("alone.py", "return helper()", "return helper() or 1"),
    ],
)
def test_a_live_update_of_an_imported_fallback_equals_a_rebuild(
    tmp_path: Path, path: str, old: str, new: str
) -> None:
    assert_live_edit_equals_rebuild(tmp_path, FILES, path, old, new)


REEXPORTED = {
    "pyproject.toml": '[project]\nname = "p"\nversion = "0"\n',
    "p/__init__.py": (
        "from .std import tqdm\n"  # 1
        "\n"
        "\n"
        "def nb():\n"  # 4
        "    from .notebook import tqdm as _nb\n"  # 5
        "    return _nb()\n"
    ),
    "p/std.py": "class tqdm:\n    pass\n",
    "p/notebook.py": (
        "from .std import tqdm as std_tqdm\n\n\nclass tqdm_notebook(std_tqdm):\n    pass\n\n\n"
        "tqdm = tqdm_notebook\n"
    ),
    "p/auto.py": (
        "try:\n"
        "    from .notebook import tqdm\n"  # 2
        "except ImportError:\n"
        "    from .std import tqdm\n"  # 4
        "\n"
        "\n"
        "def run():\n"
        "    return tqdm()\n"  # 8
    ),
}


def test_a_fallbacks_use_in_a_file_importing_it_in_a_function_alone_is_its_own(
    tmp_path: Path,
) -> None:
    """tqdm: auto.py imports ``tqdm`` from notebook.py or std.py, so ty's references of
    std.py's class include auto.py's use; not ``from .notebook import tqdm as _nb`` in a
    function of ``__init__.py``, which imports std's at module scope too: notebook's ``tqdm``
    is imported there in a function alone, under another name (tqdm/__init__.py:24: 1
    "extra" among 221)."""
    _, sites, server = usages_beside_server(
        tmp_path, REEXPORTED, "ty", ("p/std.py", 1, 7), declarations=True
    )
    assert ("p/auto.py", 8, 12) in server
    assert ("p/__init__.py", 5, 27) not in server
    assert sites == server
