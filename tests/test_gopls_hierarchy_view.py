"""A base reached through an interface the type implements is drawn through it: pflag's
``boolValue`` implements ``goBoolFlag``, which embeds the standard library's ``flag.Value``; the
compact answer drew ``Value (external) -> boolValue``, as if the type extended it itself."""

from __future__ import annotations

from pathlib import Path

from lsai.query.hierarchy import HierarchyInput, hierarchy
from lsai.query.render import render
from tests.trees import served_workspace

FILES = {
    "go.mod": "module example.com/flags\n\ngo 1.18\n",
    "flags.go": (
        "package flags\n"  # 1
        "\n"  # 2
        'import "flag"\n'  # 3
        "\n"  # 4
        "type goBoolFlag interface {\n"  # 5
        "\tflag.Value\n"  # 6
        "\tIsBoolFlag() bool\n"  # 7
        "}\n"  # 8
        "\n"  # 9
        "type boolValue bool\n"  # 10
        "\n"  # 11
        'func (b *boolValue) Set(s string) error { *b = s == "true"; return nil }\n'  # 12
        'func (b *boolValue) String() string    { return "" }\n'  # 13
        "func (b *boolValue) IsBoolFlag() bool  { return true }\n"  # 14
        "\n"  # 15
        "var _ goBoolFlag = new(boolValue)\n"  # 16
    ),
}


def test_a_base_reached_through_an_implemented_interface_is_drawn_through_it(
    tmp_path: Path,
) -> None:
    ws = served_workspace(tmp_path, FILES, "gopls")
    try:
        found = hierarchy(ws, HierarchyInput(symbol="boolValue", direction="up"))
        assert [(t.name, t.via) for t in found.base_types] == [("Value", "goBoolFlag")]
        assert [t.name for t in found.interfaces] == ["goBoolFlag"]
        text = render(found, "compact").splitlines()
        assert text[1] == "up:"
        assert text[2].startswith("  Value  (external: flag/flag.go:"), text  # where gopls put it
        assert text[3] == "    -> goBoolFlag  flags.go:5"
        assert text[4] == "      -> boolValue  flags.go:10"
    finally:
        ws.close()
