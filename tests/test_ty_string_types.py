"""Names inside strings ty reads as types outside annotations: the value of an explicit type
alias (``Rows: TypeAlias = "list[Node]"``) and the string indexes of a generic's subscript
(``dict["Node", int]``, ``Optional["Node"]``, ``class Holder(List["Node"])``, a subscript
passed to a call). ty's references list them; a name many symbols share is resolved by a
definition request at each site (``lsp.resolve``), so those strings are asked too: the stored
usages equal ty's references."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsai.indexer.treesitter.annotations import string_annotation_names
from lsai.indexer.treesitter.renaming import SCOPES
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import open_workspace
from tests.renames import live_references
from tests.test_references_match_server import live
from tests.test_ty_by_definition import _stored
from tests.trees import served_tree

NODE = "class Node:\n    name = 1\n\n\ndef make() -> Node:\n    return Node()\n"
USE = """from typing import Callable, Dict, List, Optional, TypeAlias, Union

from m1 import Node

Rows: TypeAlias = "list[Node]"
Mapping = dict["Node", int]
Maybe = Optional["Node"]
Either = Union["Node", int]
Nested = Dict[str, List["Node"]]
text = "Node is no name here"


class Holder(List["Node"]):
    pass


def title(m: dict[str, int]) -> object:
    return m["Node"], keep(dict["Node", int])


def keep(v: object) -> object:
    return v


Handler = Callable[["Node", int], "Node"]
"""
FILES = {
    "pyproject.toml": '[project]\nname = "strings"\nversion = "0"\n',
    **{f"m{i}.py": NODE for i in range(1, 5)},
    "use.py": USE,
}


def test_names_in_type_alias_strings_and_subscript_strings_are_found() -> None:
    found = [
        (o.name, o.span.start_line, o.span.start_col) for o in string_annotation_names(USE.encode())
    ]
    assert found == [
        ("list", 5, 20),
        ("Node", 5, 25),
        ("Node", 6, 17),
        ("Node", 7, 19),
        ("Node", 8, 17),
        ("Node", 9, 26),
        ("Node", 13, 20),
        ("Node", 18, 34),
        ("Node", 25, 22),
        ("Node", 25, 36),
    ]


def test_the_usages_of_a_shared_name_in_type_strings_are_tys_references(tmp_path: Path) -> None:
    summary = served_tree(tmp_path, FILES, "ty")
    assert summary.servers["ty"].requests.get("references by definition", 0) > 0
    symbols, used = _stored(tmp_path, {"Node", "name"})
    assert len(symbols) == 4 * 2  # each module's Node and Node.name
    server = asyncio.run(live(tmp_path, symbols, "ty"))
    differ = {key: (used[key], server[key]) for key in symbols if used[key] != server[key]}
    assert not differ
    node = next(k for k in symbols if k.endswith("m1.py Node#"))
    strings = {("use.py", 5, 25), ("use.py", 6, 17), ("use.py", 13, 20), ("use.py", 18, 34)}
    strings |= {("use.py", 25, 22), ("use.py", 25, 36)}  # Callable's parameter list too
    assert strings <= used[node]


SENTINEL = """import enum
from typing import Any, Literal, Union


class _Nothing(enum.Enum):
    NOTHING = enum.auto()


NOTHING = _Nothing.NOTHING


def first(v: Union[int, str]) -> "Union[Any, Literal[NOTHING]]":
    return v


def second(v: "Literal['a', 'Union']") -> "Union[int, Literal['Any']]":
    return 1
"""


def test_the_names_around_a_literal_in_a_string_annotation_are_usages(tmp_path: Path) -> None:
    """ty reads the names of ``"Union[Any, Literal[NOTHING]]"`` (the quoted values of a
    ``Literal`` are none): the usages of ``Union`` and ``NOTHING`` list them, declarations
    included on both sides (an import of a library's name is lsai's usage, ty's declaration)."""
    files = {"pyproject.toml": FILES["pyproject.toml"], "sentinel.py": SENTINEL}
    served_tree(tmp_path, files, "ty")
    ws = open_workspace(tmp_path, scopes=lambda: SCOPES)
    for at in [("sentinel.py", 12, 14), ("sentinel.py", 9, 1)]:
        asked = UsagesInput(file=at[0], line=at[1], col=at[2], include_definition=True)
        found = usages(ws, asked)
        stored = {(f.file, u.line, u.col) for f in found.files for u in f.usages}
        assert stored == asyncio.run(live_references(tmp_path, "ty", at, declarations=True))
        assert ("sentinel.py", 12, 35 if at[1] == 12 else 54) in stored  # inside the string
    ws.close()
