"""A Go method promoted through an embedded struct implements an interface: ``Circle`` embeds
``Base``, whose ``Name`` completes ``Shape`` for it. gopls's references (and incoming calls) of
``Shape.Name`` take in the calls of ``Base.Name``; lsai looked for a ``Name`` declared by
``Circle`` itself, found none, and listed the calls through the interface alone. Compared with
the live gopls."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from lsai.query.workspace import open_workspace
from tests.test_clangd_cpp_members import stored_usages
from tests.test_references_match_server import live
from tests.test_ty_union_calls import live_callers, stored_callers
from tests.trees import served_tree

FILES = {
    "go.mod": "module example.com/shapes\n\ngo 1.18\n",
    "shapes/shapes.go": (
        "package shapes\n"
        "\n"
        "type Shape interface {\n"  # 3
        "\tArea() float64\n"
        "\tName() string\n"  # 5
        "}\n"
        "\n"
        "type Named interface{ Name() string }\n"  # 8
        "\n"
        "type Base struct{ label string }\n"  # 10
        "\n"
        "func (b Base) Name() string { return b.label }\n"  # 12
        "\n"
        "type Circle struct {\n"
        "\tBase\n"
        "\tR float64\n"
        "}\n"
        "\n"
        "func (c Circle) Area() float64 { return c.R }\n"
        "\n"
        "type Square struct{ *Deep }\n"  # 21: Name promoted two levels down
        "\n"
        "type Deep struct{ Base }\n"  # 23
        "\n"
        "func (Square) Area() float64 { return 1 }\n"
        "\n"
        "func Describe(s Shape) string { return s.Name() }\n"  # 27
    ),
    "cmd/app/main.go": (
        "package main\n"
        "\n"
        'import "example.com/shapes/shapes"\n'
        "\n"
        "func main() {\n"
        "\tc := shapes.Circle{R: 1}\n"
        "\tsq := shapes.Square{Deep: &shapes.Deep{}}\n"
        "\tprintln(c.Name(), sq.Name(), shapes.Describe(c))\n"  # 8
        "}\n"
    ),
}
SHAPE_NAME, NAMED_NAME, BASE_NAME = (
    ("shapes/shapes.go", 5, 2),
    ("shapes/shapes.go", 8, 23),
    ("shapes/shapes.go", 12, 15),
)


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("promoted")
    served_tree(root, FILES, "gopls")
    return root


def test_an_interface_methods_usages_take_in_the_method_promoted_to_its_implementations(
    tree: Path,
) -> None:
    asked = {"Shape.Name": SHAPE_NAME, "Named.Name": NAMED_NAME, "Base.Name": BASE_NAME}
    server = asyncio.run(live(tree, asked, "gopls"))
    ws = open_workspace(tree)
    try:
        stored = {name: stored_usages(ws, at) for name, at in asked.items()}
    finally:
        ws.close()
    assert stored == server
    assert {("cmd/app/main.go", 8, 12), ("cmd/app/main.go", 8, 23)} <= stored["Shape.Name"]


def test_an_interface_methods_callers_take_in_the_callers_of_the_promoted_method(
    tree: Path,
) -> None:
    asked = [SHAPE_NAME, BASE_NAME]
    live = asyncio.run(live_callers(tree, asked, server="gopls"))
    ws = open_workspace(tree)
    try:
        stored = {at: stored_callers(ws, at) for at in asked}
    finally:
        ws.close()
    assert stored == live
    assert stored[SHAPE_NAME] == {("Describe", "shapes/shapes.go"), ("main", "cmd/app/main.go")}
