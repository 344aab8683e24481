"""``impact``'s public API entry points: the public symbols on the caller chain that no code of
the project's own calls. Public is what a module exports: a JavaScript or TypeScript top-level
name its module exports (ESM or CommonJS), a member of an exported class that is not private, a
Python name not starting with ``_`` that the module's ``__all__``, when it has one, lists. Docs
and examples call the API as users do (fastapi's ``Depends``, called from docs_src alone)."""

from __future__ import annotations

from pathlib import Path

from lsai.query.impact import ImpactInput, impact
from lsai.query.info import InfoInput, info
from tests.test_tsgo_unseen import JSCONFIG, TSCONFIG
from tests.trees import served_workspace

PROTO = {
    "jsconfig.json": JSCONFIG,
    "proto.js": (
        "'use strict'\n"  # 1
        "const prototype = {\n"  # 2
        "  level: 1,\n"  # 3
        "}\n"  # 4
        "function child () {\n"  # 5
        "  return Object.create(prototype)\n"  # 6
        "}\n"  # 7
        "function make () {\n"  # 8
        "  return Object.create(prototype)\n"  # 9
        "}\n"  # 10
        "function flush () {\n"  # 11
        "  return child()\n"  # 12
        "}\n"  # 13
        "module.exports = { make }\n"  # 14
        "module.exports.flush = flush\n"  # 15
        "exports.kind = function kind () { return child() }\n"  # 16
    ),
}


def test_a_javascript_name_its_module_does_not_export_is_no_public_api(tmp_path: Path) -> None:
    """pino's ``const prototype`` in lib/proto.js, which ``module.exports`` does not export, was
    "1 public API entry point" and risk HIGH for two usages in one file: a top-level name was
    public whether exported or not."""
    ws = served_workspace(tmp_path, PROTO, "tsgo")
    try:
        found = impact(ws, ImpactInput(symbol="prototype"))
        assert found.direct_usages == 2
        assert found.public_api == []
        assert found.risk == "LOW"
        assert info(ws, InfoInput(symbol="prototype")).accessibility == "private"
    finally:
        ws.close()


def test_commonjs_exports_make_a_javascript_function_public_api(tmp_path: Path) -> None:
    """``module.exports.flush = flush`` and ``exports.kind = function kind () {}`` export what
    they name: the two callers of ``child`` no code calls are the API's entry points."""
    ws = served_workspace(tmp_path, PROTO, "tsgo")
    try:
        found = impact(ws, ImpactInput(symbol="child"))
        assert sorted(a.name for a in found.public_api) == ["flush", "kind"]
        assert "export" in info(ws, InfoInput(symbol="flush")).modifiers
    finally:
        ws.close()


SHAPES = {
    "tsconfig.json": TSCONFIG,
    "shapes.ts": (
        "function area(side: number): number {\n"  # 1
        "  return side * side;\n"  # 2
        "}\n"  # 3
        "class Hidden {\n"  # 4
        "  size(): number { return area(2); }\n"  # 5
        "}\n"  # 6
        "export class Square {\n"  # 7
        "  grow(): number { return area(3); }\n"  # 8
        "  private shrink(): number { return area(1); }\n"  # 9
        "}\n"  # 10
        "function scaled(): number {\n"  # 11
        "  return area(4);\n"  # 12
        "}\n"  # 13
        "function unused(): number {\n"  # 14
        "  return area(5);\n"  # 15
        "}\n"  # 16
        "function spare(): number {\n"  # 17
        "  return area(6);\n"  # 18
        "}\n"  # 19
        "export { scaled as scale };\n"  # 20
        "export default unused;\n"  # 21
    ),
}


def test_typescript_entry_points_are_what_the_module_exports(tmp_path: Path) -> None:
    """``export { scaled as scale }`` and ``export default unused`` export the names they read;
    a public method of an exported class is API, a private one or one of a class the module
    does not export is not (``Hidden.size``), nor a function it does not export (``spare``)."""
    ws = served_workspace(tmp_path, SHAPES, "tsgo")
    try:
        found = impact(ws, ImpactInput(symbol="area"))
        assert sorted(a.name for a in found.public_api) == ["Square.grow", "scaled", "unused"]
        assert {"Hidden.size", "spare"} <= set(found.caller_chain[0].callers)
    finally:
        ws.close()


PACKAGE = {
    "pyproject.toml": '[project]\nname = "web"\nversion = "0"\n',
    "web/__init__.py": "from .params import Depends as Depends\n",
    "web/params.py": (
        '__all__ = ["Depends"]\n'  # 1
        "\n"  # 2
        "\n"  # 3
        "def resolve(name: str) -> str:\n"  # 4
        "    return name\n"  # 5
        "\n"  # 6
        "\n"  # 7
        "def Depends(name: str) -> str:\n"  # 8
        "    return resolve(name)\n"  # 9
        "\n"  # 10
        "\n"  # 11
        "def helper(name: str) -> str:\n"  # 12
        "    return resolve(name)\n"  # 13
        "\n"  # 14
        "\n"  # 15
        "def _private(name: str) -> str:\n"  # 16
        "    return resolve(name)\n"  # 17
    ),
    "docs_src/app.py": (
        "from web import Depends\n"  # 1
        "\n"  # 2
        "\n"  # 3
        "def main() -> str:\n"  # 4
        '    return Depends("db")\n'  # 5
    ),
}


def test_a_python_api_called_only_from_docs_is_an_entry_point(tmp_path: Path) -> None:
    """fastapi's ``Depends``, re-exported by ``fastapi/__init__.py`` and called from docs_src
    alone, read "public API paths: 0"; a name the module's ``__all__`` leaves out or one
    starting with ``_`` is no API, and a docs example is none either."""
    ws = served_workspace(tmp_path, PACKAGE, "ty")
    try:
        found = impact(ws, ImpactInput(symbol="resolve"))
        assert [a.name for a in found.public_api] == ["Depends"]
        assert info(ws, InfoInput(symbol="helper")).accessibility == "internal"
    finally:
        ws.close()


def test_an_object_a_declaration_assigns_module_exports_is_exported(tmp_path: Path) -> None:
    """koa's ``const proto = module.exports = {...}`` (lib/context.js) exports ``proto``: its
    methods are API, not members of a private constant."""
    files = {
        "jsconfig.json": JSCONFIG,
        "context.js": (
            "function log (x) { return x }\n"  # 1
            "const proto = module.exports = {\n"  # 2
            "  onerror (err) { return log(err) }\n"  # 3
            "}\n"  # 4
            "module.exports.version = '1'\n"  # 5
        ),
    }
    ws = served_workspace(tmp_path, files, "tsgo")
    try:
        found = impact(ws, ImpactInput(symbol="log"))
        assert [a.name for a in found.public_api] == ["proto.onerror"]
    finally:
        ws.close()
