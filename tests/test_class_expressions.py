"""A named class expression assigned to ``module.exports`` (koa's ``Application``) is a class:
its methods nest under it in the outline, as tsgo's document symbols nest them."""

from __future__ import annotations

from pathlib import Path

from lsai.query.contracts import OutlineInput
from lsai.query.outline import outline
from lsai.query.workspace import open_workspace
from tests.trees import served_tree

FILES = {
    "jsconfig.json": '{"compilerOptions": {"allowJs": true, "checkJs": false}}\n',
    "lib/application.js": (
        "const Emitter = require('events');\n\n"
        "module.exports = class Application extends Emitter {\n"
        "  constructor() {\n    super();\n    this.middleware = [];\n  }\n\n"
        "  callback() {\n    return this.middleware;\n  }\n};\n"
    ),
}


def test_methods_of_an_exported_class_expression_nest_under_it(tmp_path: Path) -> None:
    served_tree(tmp_path, FILES, "tsgo")
    ws = open_workspace(tmp_path)
    try:
        found = outline(ws, OutlineInput(file="lib/application.js"))
    finally:
        ws.close()
    top = {m.name: m for m in found.sections[0].members}
    assert "callback" not in top
    assert {"constructor", "callback"} <= {m.name for m in top["Application"].members}
    assert top["Application"].kind == "class" and top["Application"].line == 3
