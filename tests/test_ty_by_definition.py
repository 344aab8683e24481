"""ty's references of a name many symbols share, resolved by definition (each site asked once)
instead of by a references request per symbol: the same usages as ty's own references; a name
in a string annotation is asked too, and a pytest fixture keeps its references request."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from lsai.indexer.live import LiveIndex
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
