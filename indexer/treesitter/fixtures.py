"""Where a pytest fixture declared under another name is named: ``@pytest.fixture(name="cl")``
over ``def _cl()`` (structlog declares most of its fixtures so).

A test asks for such a fixture by the string's name (``def test_x(cl)``), never by the
function's. ty's references at the function's name list the function alone; at the string
(inside the quotes) they list every test parameter of that name and its uses, and its
definition at such a parameter leads to the function. The semantic pass asks the references
there and keys them to the function (``lsai.indexer.lsp.sweep``).
"""

from __future__ import annotations

import re
from functools import cache

from tree_sitter import Node, Query, QueryCursor

from lsai.indexer.treesitter import grammars
from lsai.storage.records import Span

_NAMED = """
(decorated_definition
  (decorator
    (call function: [(identifier) (attribute)] @decorator
      arguments: (argument_list
        (keyword_argument name: (identifier) @keyword value: (string) @named))))
  definition: (function_definition name: (identifier) @function)
  (#match? @decorator "^(pytest[.])?fixture$")
  (#eq? @keyword "name"))
"""


@cache
def _query() -> Query:
    return Query(grammars.grammar("python"), _NAMED)


def named_fixtures(source: bytes) -> dict[tuple[int, int], Span]:
    """The fixtures of the Python ``source`` declared under another name: the position of each
    decorated function's name (1-based line and column, in code points) and the span of the
    name inside the decorator's quotes."""
    root = grammars.parser("python").parse(source).root_node
    found: dict[tuple[int, int], Span] = {}
    for _, captures in QueryCursor(_query()).matches(root):
        function, named = captures["function"][0], captures["named"][0]
        content = next((c for c in named.named_children if c.type == "string_content"), None)
        if content is None or content.start_point[0] != content.end_point[0]:
            continue
        start = _point(source, content.start_byte, content.start_point)
        end = _point(source, content.end_byte, content.end_point)
        found[_point(source, function.start_byte, function.start_point)] = Span(*start, *end)
    return found


def _point(source: bytes, byte: int, point: tuple[int, int]) -> tuple[int, int]:
    """A tree-sitter point (0-based row, byte column) as lsai's 1-based line and code-point
    column."""
    row_start = byte - point[1]
    return point[0] + 1, len(source[row_start:byte].decode("utf-8", "replace")) + 1


_TEST_FILE = re.compile(r"(?:^|/)(?:test_[^/]*|[^/]*_test|conftest)\.py$")
"""A file pytest collects tests or fixtures from (``test_*.py``, ``*_test.py``,
``conftest.py``): where ty reads a parameter as a fixture."""
_FIXTURE = re.compile(r"^@(?:pytest\.)?fixture\b")


def is_test_file(path: str) -> bool:
    return _TEST_FILE.search(path) is not None


@cache
def _functions() -> Query:
    return Query(grammars.grammar("python"), "(function_definition) @function")


def test_parameters(source: bytes) -> list[tuple[Span, str]]:
    """The parameters of the Python test file ``source`` that pytest fills with fixtures, as
    ty reads them: those of a ``test*`` function, of a ``test*`` method of a ``Test*`` class,
    and of a fixture (a function decorated ``@pytest.fixture``); each its name's span and the
    name. ty's references at one that names a library's fixture (``tmp_path``) list every such
    parameter of its name and their uses, its definition leads into the library."""
    root = grammars.parser("python").parse(source).root_node
    found: list[tuple[Span, str]] = []
    for _, captures in QueryCursor(_functions()).matches(root):
        function = captures["function"][0]
        name, parameters = (function.child_by_field_name(f) for f in ("name", "parameters"))
        if name is None or parameters is None or not _fills(function, _text(name)):
            continue
        for parameter in parameters.named_children:
            identifier = (
                parameter
                if parameter.type == "identifier"
                else parameter.child_by_field_name("name")
                if parameter.type in ("default_parameter", "typed_default_parameter")
                else parameter.named_children[0]
                if parameter.type == "typed_parameter" and parameter.named_children
                else None
            )
            if identifier is None or identifier.type != "identifier":
                continue
            start = _point(source, identifier.start_byte, identifier.start_point)
            end = _point(source, identifier.end_byte, identifier.end_point)
            found.append((Span(*start, *end), _text(identifier)))
    return found


def _fills(function: Node, name: str) -> bool:
    """Whether pytest fills ``function``'s parameters with fixtures (``test_parameters``)."""
    held = function.parent
    decorators: list[str] = []
    if held is not None and held.type == "decorated_definition":
        decorators = [_text(d) for d in held.children if d.type == "decorator"]
        held = held.parent
    if any(_FIXTURE.match(d) for d in decorators):
        return True
    if held is None or not name.startswith("test"):
        return False
    if held.type == "module":
        return True
    owner = held.parent if held.type == "block" else None
    if owner is None or owner.type != "class_definition":
        return False
    class_name = owner.child_by_field_name("name")
    return class_name is not None and _text(class_name).startswith("Test")


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", "replace")
