"""Python usages and callers as ty answers them, on patterns real projects use: an import with a
fallback defined in its place (``try: from fast import helper`` / ``except ImportError: def
helper()``), where a later use of the name is either; the targets of a chained assignment
(``__version__ = version = "1.0"``); a name bound by an unpacking tree-sitter does not see, then
again (``(depth,) = argv`` / ``depth = int(depth)``); the variables of a class defined in a
function, which ty's outline leaves out."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from lsai.query.calls import CallsInput, callers
from lsai.query.contracts import SearchInput
from lsai.query.search import search
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace
from tests.test_live import assert_live_edit_equals_rebuild
from tests.trees import served_workspace

FILES = {
    "pyproject.toml": '[project]\nname = "accuracy"\nversion = "0"\n',
    "fast.py": "class FastList(list):\n    pass\n\n\nBList = FastList\n\n\ndef helper():\n"
    "    return 1\n\n\ndef slow():\n    return 2\n",
    "user.py": "try:\n    from fast import BList\nexcept ImportError:\n    BList = list\n\n\n"
    "def make():\n    return BList()\n",
    "chain.py": "version: str\n__version__ = version = '1.0'\na = b = c = 1\n\n\n"
    "class K:\n    x = y = 2\n\n\nprint(version, b, c, K.y)\n",
    "use.py": "from chain import b, K\n\nprint(b, K.y)\n",
    "wrap.py": "from fast import slow\n\n\ndef deprecated(f):\n    return f\n\n\n"
    "slow = deprecated(slow)\n",
    "user3.py": "from fast import slow\n\n\ndef go():\n    return slow()\n",
    "unpack.py": "import sys\n\n(depth,) = sys.argv[1:]\ndepth = int(depth)\nprint(depth)\n"
    "a, b = 1, 2\na = 3\nprint(a, b)\n",
    "local.py": "def test_attributes():\n    class Job:\n        DONE = 'done'\n\n"
    "        class Meta:\n            queue = 'q'\n\n"
    "    return Job.DONE, Job.Meta.queue\n",
    "user2.py": "try:\n    from fast import helper\nexcept ImportError:\n    def helper():\n"
    "        return 0\n\n\ndef run():\n    return helper()\n",
}


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    opened = served_workspace(tmp_path_factory.mktemp("accuracy"), FILES, "ty")
    yield opened
    opened.close()


def _usages(ws: Workspace, symbol: str) -> list[tuple[str, int]]:
    found = usages(ws, UsagesInput(symbol=symbol))
    return [(f.file, u.line) for f in found.files for u in f.usages]


def _callers(ws: Workspace, symbol: str) -> list[tuple[str, str | None]]:
    found = callers(ws, CallsInput(symbol=symbol))
    return sorted((h.method, h.file) for level in found.levels for h in level.calls)


def test_a_use_of_an_import_with_a_fallback_is_a_usage_of_the_imported_symbol(
    ws: Workspace,
) -> None:
    assert _usages(ws, "fast.helper") == [("user2.py", 2), ("user2.py", 9)]
    assert _callers(ws, "fast.helper") == [("run", "user2.py")]
    assert _usages(ws, "fast.BList") == [("user.py", 2), ("user.py", 8)]


def test_a_use_of_an_import_with_a_fallback_is_a_usage_of_the_fallback_too(
    ws: Workspace,
) -> None:
    assert _usages(ws, "user2.helper") == [("user2.py", 9)]
    assert _callers(ws, "user2.helper") == [("run", "user2.py")]
    assert _usages(ws, "user.BList") == [("user.py", 8)]


def test_each_target_of_a_chained_assignment_is_defined_there(ws: Workspace) -> None:
    assert _usages(ws, "chain.b") == [("chain.py", 10), ("use.py", 1), ("use.py", 3)]
    assert _usages(ws, "chain.c") == [("chain.py", 10)]
    assert _usages(ws, "K.y") == [("chain.py", 10), ("use.py", 3)]
    found = usages(ws, UsagesInput(symbol="version", file="chain.py", line=2))
    assert [(f.file, u.line) for f in found.files for u in f.usages] == [("chain.py", 10)]


def test_the_value_of_a_rebinding_of_an_import_is_a_usage_of_the_import(ws: Workspace) -> None:
    """``slow = deprecated(slow)``: the argument is the imported function, not yet the name
    being bound (ty's definition there answers both)."""
    assert _usages(ws, "fast.slow")[-2:] == [("wrap.py", 1), ("wrap.py", 8)]
    assert _usages(ws, "wrap.slow") == []


def test_a_rebinding_of_an_import_elsewhere_leaves_the_imported_symbol_its_usages(
    ws: Workspace,
) -> None:
    """ty's references of ``slow`` in ``wrap.py`` (``slow = deprecated(slow)``) are all of
    ``fast.slow``'s, ``user3.py``'s too: they stay ``fast.slow``'s."""
    assert _usages(ws, "fast.slow") == [
        ("user3.py", 1), ("user3.py", 5), ("wrap.py", 1), ("wrap.py", 8)
    ]  # fmt: skip
    assert _callers(ws, "fast.slow") == [("go", "user3.py")]


def _usages_at(ws: Workspace, path: str, line: int, col: int) -> list[tuple[int, int]]:
    found = usages(ws, UsagesInput(file=path, line=line, col=col))
    return [(u.line, u.col) for f in found.files for u in f.usages]


def test_a_name_bound_by_an_unpacking_then_again_is_two_symbols_with_the_uses(
    ws: Workspace,
) -> None:
    """ty numbers the unpacking ``depth.`` and the assignment ``depth[+1].``; tree-sitter sees
    the assignment alone. Each is a symbol where it is, whose name is a definition, not a
    usage; ty's references of either are the uses of the name (but the assignment's own
    value, for the assignment: as ``f = wrap(f)``, the index answers it for both)."""
    found = search(ws, SearchInput(query="depth", limit=10))
    assert sorted((h.file, h.line) for h in found.symbols) == [("unpack.py", 3), ("unpack.py", 4)]
    assert _usages_at(ws, "unpack.py", 3, 2) == [(4, 13), (5, 7)]
    assert (5, 7) in _usages_at(ws, "unpack.py", 4, 1)
    assert _usages_at(ws, "unpack.py", 6, 1) == [(8, 7)]
    assert _usages_at(ws, "unpack.py", 7, 1) == [(8, 7)]


def test_a_variable_of_a_class_defined_in_a_function_has_its_uses(ws: Workspace) -> None:
    assert _usages(ws, "test_attributes.Job.DONE") == [("local.py", 8)]
    assert _usages(ws, "test_attributes.Job.Meta.queue") == [("local.py", 8)]


def test_an_unconditional_redefinition_is_not_a_fallback(tmp_path: Path) -> None:
    files = {
        **FILES,
        "user2.py": "from fast import helper\n\n\ndef helper():\n    return 0\n\n\n"
        "def run():\n    return helper()\n",
    }
    ws = served_workspace(tmp_path, files, "ty")
    try:
        assert _usages(ws, "fast.helper") == [("user2.py", 1)]
    finally:
        ws.close()


@pytest.mark.parametrize(
    ("path", "old", "new"),
    [
        ("user2.py", "return helper()", "return helper() + 1"),
        ("user2.py", "import helper\n", "import helper as helper\n"),
        ("user.py", "return BList()", "return BList() or []"),
        ("fast.py", "def helper(", "def helper2("),
        ("wrap.py", "slow = deprecated(slow)", "slow = deprecated(slow)  # again"),
        ("wrap.py", "slow = deprecated(slow)", "slow = deprecated(deprecated(slow))"),
        ("user3.py", "return slow()", "return slow() or 1"),
        ("unpack.py", "print(depth)", "print(depth, depth)"),
        ("unpack.py", "(depth,) =", "(depth, ) ="),
        ("local.py", "return Job.DONE", "return Job.DONE or Job.DONE"),
    ],
)
def test_a_live_update_of_a_fallback_equals_a_rebuild(
    tmp_path: Path, path: str, old: str, new: str
) -> None:
    assert_live_edit_equals_rebuild(tmp_path, FILES, path, old, new)
