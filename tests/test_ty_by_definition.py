"""ty's references of a name many symbols share, resolved by definition (each site asked once)
instead of by a references request per symbol: the same usages as ty's own references; a name
in a string annotation is asked too, and a pytest fixture keeps its references request."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

import pytest
from tree_sitter import Tree

from lsai.indexer.live import LiveIndex
from lsai.indexer.treesitter import pyscopes, scopes
from lsai.indexer.treesitter.annotations import string_annotation_names
from tests.test_live import assert_equals_rebuild
from tests.test_references_match_server import Location, live
from tests.trees import served_tree

CLASSES = "".join(
    f"class {c}:\n    class Meta:\n        ordering = 1\n\n    def save(self):\n"
    f"        return self.Meta.ordering\n\n\n"
    for c in "ABCD"
)
FILES = {
    "pyproject.toml": '[project]\nname = "shared"\nversion = "0"\n',
    "models.py": CLASSES
    + 'def keep(item: "A", more: "list[B]") -> "C":\n    item.save()\n    return C()\n',
    "views.py": 'from models import A, B, D\n\n\ndef run(a: A, b: "B") -> None:\n'
    "    a.save()\n    b.save()\n    D().save()\n    print(A.Meta.ordering)\n",
    "tests/test_views.py": "import pytest\n\nfrom models import A\n\n\n@pytest.fixture\n"
    "def save():\n    return A()\n\n\ndef test_save(save):\n    save.save()\n",
}


def _stored(root: Path, names: set[str]) -> tuple[dict[str, Location], dict[str, set[Location]]]:
    """The symbols of ``names`` (key -> the location of its name) and each one's stored
    usages."""
    with sqlite3.connect(root / ".lsai" / "index.db") as conn:
        symbols = {
            str(key): (str(path), int(line), int(col))
            for key, name, path, line, col in conn.execute(
                "SELECT s.key, s.name, f.path, s.name_line, s.name_col FROM symbols s "
                "JOIN files f ON f.id = s.file_id WHERE f.language = 'python'"
            )
            if name in names
        }
        used: dict[str, set[Location]] = {key: set() for key in symbols}
        for key, path, line, col in conn.execute(
            "SELECT o.symbol_key, f.path, o.start_line, o.start_col FROM occurrences o "
            "JOIN files f ON f.id = o.file_id WHERE o.role <> 'definition' "
            "AND o.symbol_key IS NOT NULL"
        ):
            if key in used:
                used[str(key)].add((str(path), int(line), int(col)))
    return symbols, used


def test_a_shared_name_resolved_by_definition_has_tys_references(tmp_path: Path) -> None:
    summary = served_tree(tmp_path, FILES, "ty")
    requests = summary.servers["ty"].requests
    assert requests.get("references by definition", 0) >= 4  # the four `save`s at least
    symbols, used = _stored(tmp_path, {"save", "Meta", "ordering", "A", "B", "C", "D"})
    assert len(symbols) == 4 * 4 + 1  # each class, its Meta, ordering and save; the fixture
    server = asyncio.run(live(tmp_path, symbols, "ty"))
    differ = {key: (used[key], server[key]) for key in symbols if used[key] != server[key]}
    assert not differ
    fixture = next(k for k in symbols if k.startswith("lsai python . tests/test_views.py"))
    assert ("tests/test_views.py", 12, 5) in used[fixture]  # the parameter's use: ty's answer
    string_a = ("models.py", 33, 17)  # `"A"` in keep's annotation
    assert string_a in used[next(k for k in symbols if k.endswith("models.py A#"))]


def test_the_names_of_string_annotations_are_found() -> None:
    source = (
        b'import typing as t\ndef f(a: "Console", b: t.Optional["Row"]) -> "t.List[V]":\n'
        b'    x: "Literal[\'a\']" = 1\n    s = "NotAnAnnotation"\n'
        b'    return t.cast("Row", s), TypeVar("T", bound="Base"), f("x", bound2="No")\n'
    )
    found = [(o.name, o.span.start_line, o.span.start_col) for o in string_annotation_names(source)]
    assert found == [
        ("Console", 2, 11),
        ("Row", 2, 36),
        ("t", 2, 47),
        ("List", 2, 49),
        ("V", 2, 54),
        ("Literal", 3, 9),  # not its quoted value
        ("Row", 5, 20),  # cast's type
        ("Base", 5, 50),  # a TypeVar's bound
    ]


def test_a_live_update_of_a_string_annotation_equals_a_rebuild(tmp_path: Path) -> None:
    """The names of a changed file's string annotations are asked on a live update as a full
    run asks them: the update equals a rebuild."""
    root = tmp_path / "tree"
    served_tree(root, FILES, "ty")
    with LiveIndex(root) as index:
        assert index.update().complete
        target = root / "views.py"
        target.write_text(target.read_text().replace('b: "B"', 'b: "B", bb: "B"', 1))
        assert index.update(["views.py"]).complete
    assert_equals_rebuild(root, tmp_path)
    symbols, used = _stored(root, {"B"})
    line = 'def run(a: A, b: "B", bb: "B") -> None:'
    assert ("views.py", 4, line.rindex('"B"') + 2) in used[next(iter(symbols))]


SLOTTED = "".join(
    f'class R{c}:\n    __slots__ = ("headers", "reason")\n\n    headers: list[str]\n'
    f"    reason: bytes\n\n    def __init__(self) -> None:\n        self.headers = []\n"
    f'        self.reason = b""\n\n\n'
    for c in "ABCD"
)
SLOTS = {
    "pyproject.toml": '[project]\nname = "slots"\nversion = "0"\n',
    "events.py": SLOTTED
    + 'class One:\n    __slots__ = "headers"\n    headers: int\n\n\n'
    + 'class Many:\n    __slots__ = [\n        "reason",\n        "headers",\n    ]\n'
    + "    headers: int\n    reason: str\n",
    "use.py": "from events import Many, One, RA, RB\n\n"
    "print(RA().headers, RB().reason, One().headers, Many().reason)\n",
}
"""Classes whose members are named in their ``__slots__`` (h11's ``_ResponseBase``: a tuple;
a list over several lines; not a lone string, which ty's references leave out): ``headers``
and ``reason`` are each a member of several classes, so they are resolved by definition,
where ty answers nothing at a string."""


def test_a_name_in_slots_is_a_usage_of_the_member_it_names(tmp_path: Path) -> None:
    summary = served_tree(tmp_path, SLOTS, "ty")
    assert summary.servers["ty"].requests.get("references by definition", 0) >= 4
    symbols, used = _stored(tmp_path, {"headers", "reason"})
    assert len(symbols) == 4 * 2 + 1 + 2
    server = asyncio.run(live(tmp_path, symbols, "ty"))
    differ = {key: (used[key], server[key]) for key in symbols if used[key] != server[key]}
    assert not differ
    assert {("events.py", 2 + 11 * n, 19) for n in range(4)} <= {
        at for key, found in used.items() if key.endswith("headers.") for at in found
    }
    many = next(key for key in symbols if key.endswith("Many#reason."))
    assert ("events.py", 52, 10) in used[many]


def test_a_live_update_of_a_slotted_class_equals_a_rebuild(tmp_path: Path) -> None:
    root = tmp_path / "tree"
    served_tree(root, SLOTS, "ty")
    with LiveIndex(root) as index:
        assert index.update().complete
        target = root / "events.py"
        target.write_text(target.read_text().replace("class Many:", "class Many2:", 1))
        assert index.update(["events.py"]).complete
        target.write_text(SLOTS["events.py"])
        assert index.update(["events.py"]).complete
    assert_equals_rebuild(root, tmp_path)


LOCALS = {
    **FILES,
    "work.py": "from models import A\n\n\n"
    "def work(save, item: A, ordering=A.Meta.ordering):\n"  # 4
    "    from models import B\n"  # 5: a local import names the class: asked
    "    done = [save for save in range(ordering)]\n"  # 6
    "    ordering = item.save()\n"  # 7
    "    B().save()\n"  # 8
    "    return save, done, ordering\n",  # 9
}
"""A function whose parameters and variables are named like the symbols resolved by definition
(``save``, ``ordering``), and a local import of one of the classes."""


def test_a_functions_variables_are_not_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The uses of a function's parameters and variables name them, no symbol: no definition
    is asked there (``pyscopes.plain_locals``), and ty's references are what is stored; a name a
    function imports is still asked (its definition leads to the class)."""
    summary = served_tree(tmp_path / "plain", LOCALS, "ty")
    names = {"save", "Meta", "ordering", "A", "B"}
    symbols, used = _stored(tmp_path / "plain", names)
    server = asyncio.run(live(tmp_path / "plain", symbols, "ty"))
    assert {key: (used[key], server[key]) for key in symbols if used[key] != server[key]} == {}
    b = next(key for key in symbols if key.endswith("models.py B#"))
    assert {("work.py", 5, 24), ("work.py", 8, 5)} <= used[b]

    every = scopes.scopes

    def unscoped(language: str, source: bytes, tree: Tree | None = None) -> scopes.Scopes:
        return scopes.Scopes({}, {}, {}) if language == "python" else every(language, source, tree)

    monkeypatch.setattr(scopes, "scopes", unscoped)
    each = served_tree(tmp_path / "each", LOCALS, "ty")
    assert _stored(tmp_path / "each", names)[1] == used
    asked, before = (s.servers["ty"].requests["definitions"] for s in (summary, each))
    assert asked == before - 6  # the four sites of work's variable ordering (6 requests)


def test_plain_locals_are_a_functions_variables_only() -> None:
    """A parameter, an assignment's target, a comprehension's variable and their uses map to
    their binding; a name the function binds with an import, a ``def`` or a ``class`` (even once
    among other bindings), a ``global`` and a module's names do not."""
    source = (
        b"import os\n"
        b"def f(a, b=os.sep):\n"  # 2
        b"    from m import C\n"  # 3
        b"    global g\n"  # 4
        b"    x = [a for a in b]\n"  # 5
        b"    def h(): return x\n"  # 6
        b"    b = C(); g = 1\n"  # 7
        b"    class b: pass\n"  # 8
        b"    return a, h, g, os\n"  # 9
    )
    found = pyscopes.plain_locals(pyscopes.walk(source))
    assert found == {
        (2, 7): (2, 7),  # the parameter a
        (9, 12): (2, 7),  # its use
        (5, 5): (5, 5),  # x
        (6, 21): (5, 5),  # x in the nested def
        (5, 10): (5, 16),  # the comprehension's a
        (5, 16): (5, 16),
    }  # not b (a class too), C (imported), h (a def), g (global), os (the module's)


SHARED = {
    **FILES,
    "names.py": "def ordering():\n    return 1\n\n\n"
    "print(ordering(), ordering(), len([ordering() for _ in range(2)]))\n\n\n"
    "class K:\n    value = ordering()\n\n    def read(self):\n        return ordering()\n",
}
"""A module-level function named like the classes' attribute ``ordering`` (resolved by
definition), called at module level, in a comprehension, a class body and a method."""


def test_a_name_the_module_binds_once_is_asked_once_per_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every use of what the module binds once names the same binding: one definition request
    answers them all (``pyscopes.module_names``), and ty's references are what is stored."""
    summary = served_tree(tmp_path / "shared", SHARED, "ty")
    symbols, used = _stored(tmp_path / "shared", {"ordering"})
    server = asyncio.run(live(tmp_path / "shared", symbols, "ty"))
    assert {key: (used[key], server[key]) for key in symbols if used[key] != server[key]} == {}
    function = next(key for key in symbols if key.startswith("lsai python . names.py"))
    assert len(used[function]) == 5

    monkeypatch.setattr(pyscopes, "module_names", lambda walked: {})
    each = served_tree(tmp_path / "each", SHARED, "ty")
    assert _stored(tmp_path / "each", {"ordering"})[1] == used
    asked, before = (s.servers["ty"].requests["definitions"] for s in (summary, each))
    assert asked == before - 4  # five calls of ordering, one request


def test_module_names_are_those_bound_once_or_builtins() -> None:
    source = (
        "import os\n"  # 1
        "x = 1\nx += 1\n"  # 2, 3
        "def f(a):\n    global g\n    g = a\n    return os, len(a), x, g, f\n"  # 4-7
        "class C:\n    os = 1\n    y = os, len\n"  # 8-10
    )

    def shared(source: str) -> set[tuple[int, str]]:
        lines = source.splitlines()
        return {
            (line, re.split(r"\W", lines[line - 1][col - 1 :])[0])
            for line, col in pyscopes.module_names(pyscopes.walk(source.encode()))
        }

    # os and f (bound once), len (a builtin); not x (bound twice), g (global), C's own os
    assert shared(source) == {(7, "os"), (7, "len"), (7, "f"), (10, "len")}
    starred = "from m import *\n" + source  # len may be m's
    assert shared(starred) == {(8, "os"), (8, "f")}
    generic = "T = 1\nprint(T, os)\ndef g[T](x: T) -> T:\n    return x\nimport os\n"
    # the module's T at line 2; each PEP 695 T is its declaration's, a method's reading its
    # class's, and a class body's X is seen from its method's [T] scope
    assert shared(generic) == {(2, "print"), (2, "os"), (2, "T")}
    classes = (
        "T = 1\nclass A:\n    X = int\n"  # 1-3
        "    def f[T](self, x: X, y: T = T) -> T: ...\n"  # 4: the default's T is the module's
        "class B[T](list[T]):\n    def m(self) -> T: ...\n"  # 5, 6
        "type P[K] = list[K]\n"  # 7
    )
    assert shared(classes) == {(3, "int"), (4, "T"), (5, "list"), (7, "list")}
    at_line_4 = [
        c for line, c in pyscopes.module_names(pyscopes.walk(classes.encode())) if line == 4
    ]
    assert at_line_4 == [classes.splitlines()[3].index("= T)") + 3]  # the default's T alone
