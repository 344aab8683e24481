"""Where a pytest fixture declared under another name is named: ``@pytest.fixture(name="cl")``
over ``def _cl()`` (structlog declares most of its fixtures so).

A test asks for such a fixture by the string's name (``def test_x(cl)``), never by the
function's. ty's references at the function's name list the function alone; at the string
(inside the quotes) they list every test parameter of that name and its uses, and its
definition at such a parameter leads to the function. The semantic pass asks the references
there and keys them to the function (``lsai.indexer.lsp.sweep``).
"""

from __future__ import annotations

from functools import cache

from tree_sitter import Query, QueryCursor

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
