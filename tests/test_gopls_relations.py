"""Go's relations that no clause names, as gopls answers them and lsai keeps them: an embedded
field is a use of its type, a type implements an interface by its methods alone, and a type
declared in a function has members like any other. Every expected site below is what gopls's
``textDocument/references`` (with the declaration) or its incoming calls answer there."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lsai.query.calls import CallsInput, callers
from lsai.query.hierarchy import HierarchyInput, hierarchy
from lsai.query.usages import UsagesInput, usages
from lsai.query.workspace import Workspace
from tests.trees import served_workspace

FILES = {
    "go.mod": "module example.com/relations\n\ngo 1.18\n",
    "steps.go": (
        "package relations\n"
        "\n"
        'import "fmt"\n'
        "\n"
        "// Step is one step of a path.\n"
        "type Step interface {\n"  # 6
        "\tType() string\n"  # 7
        "}\n"
        "\n"
        "type MapIndex struct{ key string }\n"  # 10
        "\n"
        'func (m MapIndex) Type() string { return "map:" + m.key }\n'  # 12
        "\n"
        "type SliceIndex struct{ i int }\n"  # 14
        "\n"
        'func (s *SliceIndex) Type() string { return fmt.Sprint("slice:", s.i) }\n'  # 16
        "\n"
        "type Unrelated struct{}\n"  # 18: its Type returns an int: no Step
        "\n"
        "func (Unrelated) Type() int { return 0 }\n"  # 20
        "\n"
        "func describe(p Step) string { return p.Type() }\n"  # 22
        "\n"
        "func direct() string {\n"
        '\treturn MapIndex{"a"}.Type() + (&SliceIndex{1}).Type() + fmt.Sprint(Unrelated{}.Type())\n'
        "}\n"
    ),
    "wrap.go": (
        "package relations\n"
        "\n"
        "type stack []uintptr\n"  # 3
        "\n"
        "func (s *stack) depth() int { return len(*s) }\n"  # 5
        "\n"
        "type withStack struct {\n"  # 7
        "\t*stack\n"  # 8
        "}\n"
        "\n"
        "func (w withStack) Depth() int { return w.stack.depth() }\n"  # 11
        "\n"
        "func newStack() *stack { return &stack{} }\n"  # 13
    ),
    "locals.go": (
        "package relations\n"
        "\n"
        "func count() int {\n"
        "\ttype counter struct {\n"  # 4
        "\t\tstack int\n"  # 5
        "\t}\n"
        "\ttype sizer interface {\n"  # 7
        "\t\tSize() int\n"  # 8
        "\t}\n"
        "\ttotal := 0\n"
        "\tfor _, c := range []counter{{1}, {2}} {\n"  # 11
        "\t\ttotal += c.stack\n"  # 12
        "\t}\n"
        "\tvar s sizer\n"  # 14
        "\tif s != nil {\n"
        "\t\ttotal += s.Size()\n"  # 16
        "\t}\n"
        "\treturn total\n"
        "}\n"
    ),
}
Site = tuple[str, int, int]


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    opened = served_workspace(tmp_path_factory.mktemp("relations"), FILES, "gopls")
    yield opened
    opened.close()


def sites(ws: Workspace, at: Site) -> set[Site]:
    """The usages of the symbol named at ``at``, its definition included (as gopls's
    references with the declaration)."""
    path, line, col = at
    result = usages(ws, UsagesInput(file=path, line=line, col=col, include_definition=True))
    found = [(f.file, u.line, u.col) for f in result.files for u in f.usages]
    assert len(found) == len(set(found)) == result.total, "a site listed twice"
    return set(found)


def test_an_embedded_field_is_a_usage_of_its_type_and_stays_the_fields_definition(
    ws: Workspace,
) -> None:
    assert sites(ws, ("wrap.go", 3, 6)) == {
        ("wrap.go", 3, 6), ("wrap.go", 5, 10), ("wrap.go", 8, 3),
        ("wrap.go", 13, 18), ("wrap.go", 13, 34),
    }  # fmt: skip
    assert sites(ws, ("wrap.go", 8, 3)) == {("wrap.go", 8, 3), ("wrap.go", 11, 43)}
